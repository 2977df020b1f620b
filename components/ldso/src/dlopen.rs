//! `dlopen` and `dlclose`.
//!
//! `dlopen` finds the module already loaded (by the name asked for, its path, its soname,
//! or the file's device and inode), or maps it and its missing dependencies breadth first,
//! as start-up does, at the end of the module list. The new modules get their TLS, are
//! relocated dependencies first against the global modules and then the opened module's
//! own scope (itself and its dependencies, breadth first), and their constructors run,
//! dependencies first. Any failure before the constructors removes every module this call
//! added. `RTLD_GLOBAL` puts the module's scope into the global one, for later lookups.
//!
//! `dlclose` drops one `dlopen` reference and unloads what nothing holds any more (see
//! [`crate::unload`] for exactly when).
use core::ffi::{c_char, c_int, c_void};
use core::ptr;

use limpet_abi::dlfcn::{RT_ADD, RT_CONSISTENT, RTLD_GLOBAL, RTLD_NODELETE, RTLD_NOLOAD};
use limpet_syscall::elf::*;

use crate::diag::Msg;
use crate::dso::Dso;
use crate::load::{Loader, Mode, is_libc_name};
use crate::reloc::{Scope, relocate};
use crate::search::cstr;

/// `DT_FLAGS`' bit for a module that uses the initial-exec TLS model.
const DF_STATIC_TLS: usize = 0x10;
/// `DT_FLAGS_1`'s bit for a module linked `-z nodelete`.
const DF_1_NODELETE: usize = 0x8;

/// A module's own scope: itself, then its dependencies breadth first, each once. Kept in
/// the loader's heap; [`Scope::free`] gives it back.
pub struct ModScope {
    pub mods: *mut *mut Dso,
    pub len: usize,
    cap: usize,
}

impl ModScope {
    /// Builds `d`'s scope; `None` when out of memory.
    ///
    /// # Safety
    /// Under the dynamic linker's lock; `d` and its dependencies are live.
    pub unsafe fn of(d: *mut Dso) -> Option<ModScope> {
        // SAFETY: every module reached is live; the array has room for `cap` entries.
        unsafe {
            let cap = crate::state::get().list.iter().count();
            let word = size_of::<*mut Dso>();
            let mods = crate::heap::alloc(cap * word, word) as *mut *mut Dso;
            if mods.is_null() {
                return None;
            }
            *mods = d;
            let mut len = 1;
            let mut i = 0;
            while i < len {
                let x = &**mods.add(i);
                for k in 0..x.ndeps {
                    let dep = *x.deps.add(k);
                    if len < cap && !(0..len).any(|j| *mods.add(j) == dep) {
                        *mods.add(len) = dep;
                        len += 1;
                    }
                }
                i += 1;
            }
            Some(ModScope { mods, len, cap })
        }
    }

    pub fn as_slice(&self) -> &[*mut Dso] {
        // SAFETY: `mods` holds `len` entries.
        unsafe { core::slice::from_raw_parts(self.mods, self.len) }
    }

    /// # Safety
    /// Under the dynamic linker's lock.
    pub unsafe fn free(self) {
        // SAFETY: allocated in `of` with this size.
        unsafe { crate::heap::free(self.mods.cast(), self.cap * size_of::<*mut Dso>(), size_of::<*mut Dso>()) }
    }
}

#[cold]
fn fail(m: &Msg) -> *mut c_void {
    crate::dlerror::set(m);
    ptr::null_mut()
}

/// `dlopen(file, mode)`—Loads the shared library `file` (a path when it has a slash, else
/// searched for as a `DT_NEEDED` name is) and returns its handle; `dlopen(NULL, mode)`
/// returns the program's, whose lookups cover the global scope. `RTLD_NOLOAD` only finds
/// a module already loaded; `RTLD_NODELETE` keeps it for ever. Null on failure, with the
/// reason for `dlerror`.
///
/// # Safety
/// `file` is null or a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn dlopen(file: *const c_char, mode: c_int) -> *mut c_void {
    if !crate::state::is_dynamic() {
        crate::dlerror::set_parts(&[b"Dynamic loading not supported"]);
        return ptr::null_mut();
    }
    let _g = crate::lock::lock();
    // SAFETY: under the lock; `file` is NUL-terminated per the contract.
    unsafe {
        let st = crate::state::get();
        if file.is_null() {
            return st.app.cast();
        }
        let name = cstr(file.cast());
        let found = if is_libc_name(name, cstr((*st.ldso).name)) {
            Some(st.ldso)
        } else {
            // A path that is another name of a loaded file is found when it is opened (see
            // `Loader::load`); `RTLD_NOLOAD` opens nothing, so it looks here.
            let by_name = st.by_name(name);
            if by_name.is_none() && mode & RTLD_NOLOAD != 0 { find_by_file(name) } else { by_name }
        };
        if let Some(d) = found {
            return reopen(d, mode);
        }
        if mode & RTLD_NOLOAD != 0 {
            return ptr::null_mut();
        }
        load_new(file.cast(), mode)
    }
}

/// The loaded module that the file at `path` is (same device and inode), when `path` names
/// a file; for `RTLD_NOLOAD` and a path that is another name for a loaded file.
///
/// # Safety
/// Under the dynamic linker's lock.
unsafe fn find_by_file(path: &[u8]) -> Option<*mut Dso> {
    if !path.contains(&b'/') {
        return None;
    }
    let mut buf = crate::search::PathBuf::new();
    if !buf.push(path) {
        return None;
    }
    let fd = crate::search::open_path(buf.with_nul()).ok()?;
    let sb = crate::map::stat(fd);
    crate::map::close(fd);
    let sb = sb.ok()?;
    // SAFETY: under the lock.
    unsafe { crate::state::get() }.by_file(sb.st_dev, sb.st_ino)
}

/// `dlopen` of a module already loaded: one more reference, and the mode's promotions.
///
/// # Safety
/// Under the dynamic linker's lock; `d` is live.
unsafe fn reopen(d: *mut Dso, mode: c_int) -> *mut c_void {
    // SAFETY: per the contract.
    unsafe {
        if mode & RTLD_GLOBAL != 0 && !(*d).life.global {
            let Some(scope) = ModScope::of(d) else { return fail(Msg::new().bytes(b"Out of memory")) };
            for &x in scope.as_slice() {
                (*x).life.global = true;
            }
            scope.free();
        }
        if mode & RTLD_NODELETE != 0 {
            (*d).life.permanent = true;
        }
        (*d).life.opens += 1;
        d.cast()
    }
}

/// Loads `file` and its missing dependencies, and makes them ready.
///
/// # Safety
/// Under the dynamic linker's lock; `file` is NUL-terminated.
unsafe fn load_new(file: *const u8, mode: c_int) -> *mut c_void {
    // SAFETY: under the lock; the modules this call adds are its own until it returns.
    unsafe {
        let st = crate::state::get();
        let app = st.app;
        let old_tail = st.list.tail;
        crate::debug::changed(RT_ADD);
        let mut l = Loader::new(st, Mode::Dlopen);
        l.top = file;
        let d = l.load(file, app);
        if !d.is_null() && !old_tail.is_null() && (*old_tail).next.is_null() {
            // Nothing was added: another name of a loaded module.
            crate::debug::changed(RT_CONSISTENT);
            return reopen(d, mode);
        }
        if !d.is_null() {
            l.load_deps(d);
        }
        let first = (*old_tail).next;
        if l.failed || d.is_null() {
            let m = core::mem::replace(&mut l.err, Msg::new());
            if !first.is_null() {
                crate::unload::discard_from(first);
            }
            crate::debug::changed(RT_CONSISTENT);
            return fail(&m);
        }
        match prepare(d, first, mode) {
            Ok(()) => {}
            Err(m) => {
                crate::unload::discard_from(first);
                crate::debug::changed(RT_CONSISTENT);
                return fail(&m);
            }
        }
        let st = crate::state::get();
        let mut x = first;
        while !x.is_null() {
            st.adds += 1;
            x = (*x).next;
        }
        (*d).life.opens += 1;
        crate::debug::changed(RT_CONSISTENT);
        crate::init::construct(d);
        d.cast()
    }
}

/// Flags, TLS and relocation of the modules from `first` on, which `dlopen` of `d` added.
///
/// # Safety
/// Under the dynamic linker's lock; the modules are mapped and their dependencies loaded.
unsafe fn prepare(d: *mut Dso, first: *mut Dso, mode: c_int) -> Result<(), Msg> {
    // SAFETY: the new modules are this call's; the others are only read.
    unsafe {
        let Some(scope) = ModScope::of(d) else { return Err(*Msg::new().bytes(b"Out of memory")) };
        if mode & RTLD_GLOBAL != 0 {
            for &x in scope.as_slice() {
                (*x).life.global = true;
            }
        }
        if mode & RTLD_NODELETE != 0 {
            (*d).life.permanent = true;
        }
        let mut n = 0;
        let mut x = first;
        while !x.is_null() {
            n += 1;
            if (*x).flags_1 & DF_1_NODELETE != 0 {
                (*x).life.permanent = true;
            }
            if (*x).has_tls {
                let static_model = (*x).dynval(DT_FLAGS) & DF_STATIC_TLS != 0;
                if let Err(m) = crate::tls::register(x, static_model) {
                    scope.free();
                    return Err(m);
                }
                if static_model {
                    (*x).life.permanent = true;
                }
            }
            x = (*x).next;
        }
        // Dependencies first: the reverse of load order.
        let st = crate::state::get();
        let rel_scope = Scope::Local { head: st.list.head, app: st.app, local: scope.mods, nlocal: scope.len };
        let tail = st.list.tail;
        let (ok, failure) = crate::reloc::collect_errors(|| {
            let mut x = tail;
            for _ in 0..n {
                if !relocate(x, rel_scope, true) {
                    return false;
                }
                (*x).life.relocated = true;
                crate::map::protect_relro(&*x);
                x = (*x).prev;
            }
            true
        });
        scope.free();
        if !ok {
            return Err(failure.unwrap_or_else(|| *Msg::new().bytes(b"Error relocating library")));
        }
        Ok(())
    }
}

/// `dlclose(handle)`—Drops one `dlopen` reference to `handle`; the module, and what only it
/// held, is unloaded when nothing holds it any more (see [`crate::unload`]). 0 on success,
/// nonzero for an invalid handle.
///
/// # Safety
/// `handle` came from `dlopen`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn dlclose(handle: *mut c_void) -> c_int {
    if !crate::state::is_dynamic() {
        crate::dlerror::set_parts(&[b"Invalid library handle"]);
        return 1;
    }
    let _g = crate::lock::lock();
    // SAFETY: under the lock; the handle is checked against the list before use.
    unsafe {
        let st = crate::state::get();
        let d = handle as *mut Dso;
        if !st.is_handle(d) {
            crate::dlerror::set_parts(&[b"Invalid library handle"]);
            return 1;
        }
        if (*d).life.opens > 0 {
            (*d).life.opens -= 1;
        }
        crate::unload::sweep();
    }
    0
}
