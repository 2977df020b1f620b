//! `dlsym` and `dlvsym`: a symbol's address by name, in a module's scope, in the global
//! scope (`RTLD_DEFAULT`), or in the modules after the caller's (`RTLD_NEXT`).
use core::ffi::{c_char, c_void};
use core::ptr;

use limpet_syscall::elf::*;

use crate::dlopen::ModScope;
use crate::dso::Dso;
use crate::search::cstr;
use crate::symbol::{Def, Name, lookup_chain, lookup_list, lookup_versioned};

/// `RTLD_NEXT`, `(void *)-1`.
const RTLD_NEXT: usize = usize::MAX;

/// The address a definition stands for: the calling thread's instance of a TLS symbol, the
/// resolved function of an IFUNC, else the symbol's address.
///
/// # Safety
/// `def` names a live, relocated module.
unsafe fn address(def: Def) -> *mut c_void {
    // SAFETY: per the contract; a TLS module's ID is registered.
    unsafe {
        let s = &*def.sym;
        match st_type(s.st_info) {
            STT_TLS => {
                let v = [(*def.dso).tls.id, s.st_value];
                limpet_start::tls::__tls_get_addr(v.as_ptr()).cast()
            }
            STT_GNU_IFUNC => {
                let resolver: unsafe extern "C" fn() -> usize = core::mem::transmute(def.addr());
                resolver() as *mut c_void
            }
            _ => def.addr() as *mut c_void,
        }
    }
}

#[cold]
fn not_found(name: &[u8]) -> *mut c_void {
    crate::dlerror::set_parts(&[b"Symbol not found: ", name]);
    ptr::null_mut()
}

#[cold]
fn invalid() -> *mut c_void {
    crate::dlerror::set_parts(&[b"Invalid library handle"]);
    ptr::null_mut()
}

/// Finds `name` for [`dlsym`]: `caller` is the return address, for `RTLD_NEXT`.
///
/// # Safety
/// `name` is NUL-terminated.
unsafe extern "C" fn dlsym_from(handle: *mut c_void, name: *const c_char, caller: usize) -> *mut c_void {
    // SAFETY: per the contract.
    let n = unsafe { cstr(name.cast()) };
    if !crate::state::is_dynamic() {
        return not_found(n);
    }
    let _g = crate::lock::lock();
    // SAFETY: under the lock, every linked module is live.
    unsafe {
        let st = crate::state::get();
        let mut key = Name::new(n);
        let def = match handle as usize {
            0 => lookup_chain(st.list.head, &mut key, ptr::null_mut(), false, true),
            RTLD_NEXT => {
                let Some(c) = st.module_at(caller) else { return not_found(n) };
                lookup_chain((*c).next, &mut key, ptr::null_mut(), false, true)
            }
            _ => {
                let d = handle as *mut Dso;
                if !st.is_handle(d) {
                    return invalid();
                }
                if d == st.app {
                    lookup_chain(st.list.head, &mut key, ptr::null_mut(), false, true)
                } else {
                    // The module itself first: its scope (with its dependencies) is built only
                    // when the name is not its own.
                    lookup_list(&[d], &mut key, false).or_else(|| {
                        let scope = ModScope::of(d)?;
                        let def = lookup_list(scope.as_slice(), &mut key, false);
                        scope.free();
                        def
                    })
                }
            }
        };
        match def {
            Some(def) => address(def),
            None => not_found(n),
        }
    }
}

/// `dlsym(handle, name)`—The address of symbol `name`: in `handle`'s module and its
/// dependencies (for the program's handle, and for `RTLD_DEFAULT`, in the global scope), or
/// with `RTLD_NEXT` in the global modules loaded after the caller's. For a thread-local
/// variable, the calling thread's instance. Null when there is none, with the reason for
/// `dlerror`.
///
/// # Safety
/// `name` is NUL-terminated; `handle` came from `dlopen` or is `RTLD_DEFAULT`/`RTLD_NEXT`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[unsafe(naked)]
pub unsafe extern "C" fn dlsym(handle: *mut c_void, name: *const c_char) -> *mut c_void {
    // The return address, for RTLD_NEXT, becomes the third argument.
    #[cfg(target_arch = "x86_64")]
    core::arch::naked_asm!("mov rdx, [rsp]", "jmp {f}", f = sym dlsym_from);
    #[cfg(target_arch = "aarch64")]
    core::arch::naked_asm!("mov x2, x30", "b {f}", f = sym dlsym_from);
    #[cfg(target_arch = "riscv64")]
    core::arch::naked_asm!("mv a2, ra", "tail {f}", f = sym dlsym_from);
}

/// `dlvsym(handle, name, version)`—As [`dlsym`] with a module handle or `RTLD_DEFAULT`,
/// for the definition of `name` with version `version` (default or hidden), where the
/// module has version tables.
///
/// # Safety
/// `name` and `version` are NUL-terminated; `handle` came from `dlopen` or is
/// `RTLD_DEFAULT`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn dlvsym(handle: *mut c_void, name: *const c_char, version: *const c_char) -> *mut c_void {
    // SAFETY: per the contract.
    let (n, v) = unsafe { (cstr(name.cast()), cstr(version.cast())) };
    if !crate::state::is_dynamic() {
        return not_found(n);
    }
    let _g = crate::lock::lock();
    // SAFETY: under the lock, every linked module is live.
    unsafe {
        let st = crate::state::get();
        let d = handle as *mut Dso;
        let in_global = handle.is_null() || d == st.app;
        if !in_global && !st.is_handle(d) {
            return invalid();
        }
        let scope = if in_global { None } else { ModScope::of(d) };
        let mut found = None;
        let mut try_mod = |x: *mut Dso| {
            if found.is_none() && !(*x).life.dying {
                if let Some(i) = lookup_versioned(&mut *x, n, v) {
                    found = Some(Def { dso: x, sym: (*x).syms.add(i) });
                }
            }
        };
        match &scope {
            None => st.list.iter().filter(|&x| (*x).life.global).for_each(&mut try_mod),
            Some(s) => s.as_slice().iter().for_each(|&x| try_mod(x)),
        }
        if let Some(s) = scope {
            s.free();
        }
        match found {
            Some(def) => address(def),
            None => not_found(n),
        }
    }
}
