//! Thread-local storage of the modules `dlopen` loads.
//!
//! Modules of start-up have static blocks in every thread's area (limpet-start's
//! `tls` module). A module loaded later gets the lowest free module ID above those, and each
//! thread's block is made on the thread's first access (`__tls_get_addr`'s slow path,
//! [`slow_path`]): allocated from the loader's heap, filled from the image, and entered in
//! the thread's dtv, which grows (into the heap) as IDs grow. A module that uses the
//! initial-exec model instead gets a place in the static surplus, where each existing
//! thread's copy is filled at load time; such a module is never unloaded (the surplus is
//! not reused).
//!
//! `dlclose` frees the module's block in every thread and its ID ([`unregister`]); a
//! thread that ends frees its own blocks and grown dtv ([`thread_exit`]).
use core::ptr;

use limpet_start::descriptor::{Pthread, current};
use limpet_start::tls::{TlsModule, area_dtv, static_block};

use crate::diag::Msg;
use crate::dso::Dso;

/// Registered late modules by ID (entries up to the start-up count stay null).
static mut MODS: *mut *mut TlsModule = ptr::null_mut();
static mut MODS_CAP: usize = 0;
/// How many modules start-up registered (constant once it is over: late modules in the
/// static surplus are numbered here, not there).
fn static_count() -> usize {
    limpet_start::tls::module_count()
}

const WORD: usize = size_of::<usize>();

/// Hooks the slow path into `__tls_get_addr`, once start-up laid out its modules.
///
/// # Safety
/// Start-up only.
pub unsafe fn install() {
    limpet_start::tls::set_slow_path(slow_path);
}

/// Gives module `d` (with `PT_TLS`) its ID: in the static surplus when `static_model`,
/// else a dynamic one.
///
/// # Safety
/// Under the dynamic linker's lock; `d` is mapped and relocation has not begun.
pub unsafe fn register(d: *mut Dso, static_model: bool) -> Result<(), Msg> {
    // SAFETY: the lock serialises the registry; `d` is live.
    unsafe {
        let m = &raw mut (*d).tls;
        if (*m).align > limpet_abi::limits::PAGESIZE {
            let mut e = Msg::new();
            e.bytes(b"Error loading shared library ").cstr((*d).name).bytes(b": TLS alignment too large");
            return Err(e);
        }
        let id = match (static_count() + 1..MODS_CAP).find(|&i| (*MODS.add(i)).is_null()) {
            Some(i) => i,
            None => {
                let cap = (MODS_CAP * 2).max(static_count() + 8);
                let grown = crate::heap::alloc(cap * WORD, WORD) as *mut *mut TlsModule;
                if grown.is_null() {
                    return Err(oom(d));
                }
                if MODS_CAP > 0 {
                    ptr::copy_nonoverlapping(MODS, grown, MODS_CAP);
                }
                crate::heap::free(MODS.cast(), MODS_CAP * WORD, WORD);
                let first = MODS_CAP.max(static_count() + 1);
                MODS = grown;
                MODS_CAP = cap;
                first
            }
        };
        if static_model {
            let threads = limpet_start::list::lock();
            if !limpet_start::tls::add_late_module(m) {
                let mut e = Msg::new();
                e.bytes(b"Error loading shared library ").cstr((*d).name);
                e.bytes(b": initial-exec TLS does not fit in the static reserve");
                return Err(e);
            }
            // Every existing thread gets its copy now; later ones get it when created.
            let me = current();
            let mut t = me;
            loop {
                fill(static_block(t, &*m), &*m);
                t = (*t).next;
                if t == me {
                    break;
                }
            }
            drop(threads);
        }
        (*m).id = id;
        *MODS.add(id) = m;
        Ok(())
    }
}

#[cold]
fn oom(d: *mut Dso) -> Msg {
    let mut e = Msg::new();
    // SAFETY: the name is NUL-terminated.
    unsafe { e.bytes(b"Error loading shared library ").cstr((*d).name).bytes(b": Out of memory") };
    e
}

/// Copies a module's image into a block and zeroes the rest.
///
/// # Safety
/// `block` holds `m.size` writable bytes.
unsafe fn fill(block: *mut u8, m: &TlsModule) {
    // SAFETY: per the contract; the image holds `m.len <= m.size` bytes.
    unsafe {
        ptr::copy_nonoverlapping(m.image, block, m.len);
        ptr::write_bytes(block.add(m.len), 0, m.size - m.len);
    }
}

/// Whether module `m`'s blocks are the heap's (not in the static surplus).
fn dynamic(m: &TlsModule) -> bool {
    m.offset == 0
}

/// Frees thread `td`'s block of module `id`, if it has one.
///
/// # Safety
/// Under the dynamic linker's lock; `td` is alive (or the caller itself), `id` registered.
unsafe fn drop_block(td: *mut Pthread, id: usize) {
    // SAFETY: the dtv's entry 0 bounds the entries read; the module is registered.
    unsafe {
        let dtv = (*td).dtv;
        if id > *dtv || *dtv.add(id) == 0 {
            return;
        }
        let m = &**MODS.add(id);
        if dynamic(m) {
            crate::heap::free(*dtv.add(id) as *mut u8, m.size.max(1), m.align.max(1));
        }
        *dtv.add(id) = 0;
    }
}

/// Forgets module `d`'s TLS: every thread's block and its ID.
///
/// # Safety
/// Under the dynamic linker's lock; `d` was registered and nothing runs its code any more.
pub unsafe fn unregister(d: *mut Dso) {
    // SAFETY: the thread list's lock keeps every listed thread alive while its dtv is read.
    unsafe {
        let id = (*d).tls.id;
        if id <= static_count() || id >= MODS_CAP || (*MODS.add(id)).is_null() {
            return;
        }
        let threads = limpet_start::list::lock();
        let me = current();
        let mut t = me;
        loop {
            drop_block(t, id);
            t = (*t).next;
            if t == me {
                break;
            }
        }
        drop(threads);
        *MODS.add(id) = ptr::null_mut();
        (*d).tls.id = 0;
    }
}

/// `__tls_get_addr`'s slow path: makes the calling thread's block of module `v[0]` and
/// returns the address of offset `v[1]` in it.
///
/// # Safety
/// `v` points at a `{module id, offset}` pair of a loaded module.
unsafe extern "C" fn slow_path(v: *const usize) -> *mut u8 {
    let _g = crate::lock::lock();
    // SAFETY: under the lock; the caller's pair names a registered module.
    unsafe {
        let (id, off) = (*v, *v.add(1));
        if id >= MODS_CAP || (*MODS.add(id)).is_null() {
            // A module ID nothing registered: the program used a module after dlclose.
            limpet_start::abort::abort();
        }
        let m = &**MODS.add(id);
        let td = current();
        if id > *(*td).dtv && !grow_dtv(td, id) {
            out_of_memory();
        }
        crate::thread::mark_tls();
        let block = if dynamic(m) {
            let b = crate::heap::alloc(m.size.max(1), m.align.max(1));
            if b.is_null() {
                out_of_memory();
            }
            fill(b, m);
            b
        } else {
            static_block(td, m)
        };
        *(*td).dtv.add(id) = block as usize;
        block.add(off)
    }
}

/// A thread-local variable with no memory behind it cannot be returned; like glibc, end
/// the process with a message rather than hand out a wild pointer.
#[cold]
fn out_of_memory() -> ! {
    Msg::new().bytes(b"limpet: out of memory for thread-local storage\n").write(2);
    limpet_start::abort::abort()
}

/// Gives thread `td` a dtv with room for module `id` (and the IDs registered so far).
///
/// # Safety
/// Under the dynamic linker's lock; `td` is the calling thread.
unsafe fn grow_dtv(td: *mut Pthread, id: usize) -> bool {
    // SAFETY: the old dtv holds `old[0] + 1` words; the new one more.
    unsafe {
        let old = (*td).dtv;
        let cap = id.max(MODS_CAP) + 4;
        let new = crate::heap::alloc((cap + 1) * WORD, WORD) as *mut usize;
        if new.is_null() {
            return false;
        }
        ptr::copy_nonoverlapping(old, new, *old + 1);
        *new = cap;
        (*td).dtv = new;
        if old != area_dtv(td) {
            crate::heap::free(old.cast(), (*old + 1) * WORD, WORD);
        }
        true
    }
}

/// Frees the ending thread's blocks of late modules and its grown dtv.
///
/// # Safety
/// Called on the ending thread, after its thread-exit destructors.
pub unsafe fn thread_exit() {
    let _g = crate::lock::lock();
    // SAFETY: under the lock; the descriptor is the calling thread's.
    unsafe {
        let td = current();
        let dtv = (*td).dtv;
        if dtv == area_dtv(td) {
            return;
        }
        for id in static_count() + 1..=(*dtv).min(MODS_CAP.saturating_sub(1)) {
            if !(*MODS.add(id)).is_null() {
                drop_block(td, id);
            }
        }
        (*td).dtv = area_dtv(td);
        crate::heap::free(dtv.cast(), (*dtv + 1) * WORD, WORD);
    }
}

/// The calling thread's block of module `d`, if it has one yet (`dlpi_tls_data`).
///
/// # Safety
/// Under the dynamic linker's lock; `d` is live.
pub unsafe fn current_block(d: &Dso) -> *mut u8 {
    if !d.has_tls || d.tls.id == 0 {
        return ptr::null_mut();
    }
    // SAFETY: the calling thread's own dtv, bounded by its entry 0.
    unsafe {
        let dtv = (*current()).dtv;
        if d.tls.id > *dtv { ptr::null_mut() } else { *dtv.add(d.tls.id) as *mut u8 }
    }
}
