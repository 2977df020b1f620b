//! What debuggers read: `_r_debug` (found through the program's `DT_DEBUG` entry, or by its
//! name in the interpreter) lists the loaded modules through their `link_map` heads, and
//! `_dl_debug_state` is the function a debugger stops in to learn that the list changed.
//! Every change goes through [`changed`]: `RT_ADD` or `RT_DELETE` before the list is
//! touched, `RT_CONSISTENT` after.
use core::ffi::c_int;
use core::ptr;

use limpet_abi::dlfcn::RDebug;
use limpet_syscall::elf::{DT_DEBUG, DT_NULL};

use crate::dso::Dso;

/// `struct r_debug _r_debug`—The debugger's view of the module list (glibc's name; musl
/// keeps it unnamed behind [`_dl_debug_addr`]).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[allow(non_upper_case_globals)]
pub static mut _r_debug: RDebug = RDebug { r_version: 0, r_map: ptr::null_mut(), r_brk: 0, r_state: 0, r_ldbase: 0 };

/// `r_version`: the layout of `struct r_debug` in `<link.h>`. Stored at the first change
/// rather than in the initialiser, so that `_r_debug` is in `.bss` with the loader's other
/// start-up data instead of on a page of `.data` of its own.
const R_VERSION: c_int = 1;

/// `struct r_debug *_dl_debug_addr`—Where [`_r_debug`] is, as musl exports it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[allow(non_upper_case_globals)]
pub static mut _dl_debug_addr: *mut RDebug = &raw mut _r_debug;

/// `void _dl_debug_state(void)`—Called after each change of [`_r_debug`]; a debugger keeps
/// a breakpoint here (its address is `r_brk`).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[inline(never)]
pub extern "C" fn _dl_debug_state() {
    // An empty body the compiler must keep as a real call target.
    // SAFETY: an empty assembly block does nothing.
    unsafe { core::arch::asm!("", options(nostack, preserves_flags)) }
}

/// Points the program's `DT_DEBUG` entry at [`_r_debug`].
///
/// # Safety
/// Start-up only, before the program's RELRO range is made read-only (the dynamic section
/// may lie in it).
pub unsafe fn attach(app: *mut Dso) {
    // SAFETY: the program's dynamic section is mapped, ends with DT_NULL, and is writable
    // until its RELRO protection.
    unsafe {
        let mut d = (*app).dynv as *mut limpet_syscall::elf::Dyn;
        if d.is_null() {
            return;
        }
        while (*d).d_tag != DT_NULL {
            if (*d).d_tag == DT_DEBUG {
                (*d).d_val = (&raw mut _r_debug) as usize;
            }
            d = d.add(1);
        }
    }
}

/// Publishes the module list in state `state` (`RT_ADD`, `RT_DELETE`, `RT_CONSISTENT`) and
/// calls [`_dl_debug_state`].
///
/// # Safety
/// Start-up, or under the dynamic linker's lock.
pub unsafe fn changed(state: c_int) {
    // SAFETY: the lock (or start-up) serialises every write of _r_debug.
    unsafe {
        let st = crate::state::get();
        let r = &mut *(&raw mut _r_debug);
        r.r_version = R_VERSION;
        r.r_map = st.list.head.cast();
        r.r_brk = _dl_debug_state as extern "C" fn() as usize;
        r.r_ldbase = if st.ldso.is_null() { 0 } else { (*st.ldso).base };
        r.r_state = state;
    }
    _dl_debug_state();
}
