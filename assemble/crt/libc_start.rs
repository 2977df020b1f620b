//! What every crt's `_start_c` ends with: reading `argc` and `argv` from the kernel's
//! initial stack and calling `__libc_start_main`. Included by path from `crt1.rs` and
//! `rcrt1.rs`, since each crt object is compiled on its own.

use core::ffi::{c_char, c_int};

type Main = unsafe extern "C" fn(c_int, *mut *mut c_char, *mut *mut c_char) -> c_int;
type Hook = unsafe extern "C" fn();

unsafe extern "C" {
    fn main(argc: c_int, argv: *mut *mut c_char, envp: *mut *mut c_char) -> c_int;
    fn _init();
    fn _fini();
    fn __libc_start_main(
        main: Main,
        argc: c_int,
        argv: *mut *mut c_char,
        init: Hook,
        fini: Hook,
        ldso_fini: Option<Hook>,
    ) -> c_int;
}

/// Starts the C library for the program whose initial stack is at `sp`.
///
/// # Safety
/// `sp` must be the stack pointer the kernel gave `_start`, and the program relocated.
#[inline(never)]
pub unsafe fn start(sp: *mut usize) -> c_int {
    // SAFETY: the kernel's initial stack holds argc, then argv.
    unsafe {
        let argc = *sp as c_int;
        let argv = sp.add(1) as *mut *mut c_char;
        __libc_start_main(main, argc, argv, _init, _fini, None)
    }
}
