//! `crt1.o` and `Scrt1.o`: the program entry point `_start`.
//!
//! The kernel starts a program at `_start` with `argc`, `argv`, `envp` and the auxiliary
//! vector on the stack. `_start` hands that stack pointer to `_start_c`, which calls
//! `__libc_start_main` in the C library. Built as position-independent code, so the same
//! object serves position-dependent (crt1) and PIE (Scrt1) programs.
#![no_std]

use core::ffi::{c_char, c_int};

core::arch::global_asm!(
    ".text",
    ".globl _start",
    ".type _start, @function",
    "_start:",
    // The outermost frame: a null frame pointer ends backtraces here.
    "xor ebp, ebp",
    "mov rdi, rsp",
    "and rsp, -16",
    "call _start_c",
    "hlt",
);

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

/// Reads `argc` and `argv` from the initial stack and starts the C library.
///
/// # Safety
/// `sp` must be the stack pointer the kernel gave `_start`.
#[unsafe(no_mangle)]
unsafe extern "C" fn _start_c(sp: *mut usize) -> c_int {
    // SAFETY: the kernel's initial stack holds argc, then argv.
    unsafe {
        let argc = *sp as c_int;
        let argv = sp.add(1) as *mut *mut c_char;
        __libc_start_main(main, argc, argv, _init, _fini, None)
    }
}
