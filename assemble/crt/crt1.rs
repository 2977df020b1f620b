//! `crt1.o` and `Scrt1.o`: the program entry point `_start`.
//!
//! The kernel starts a program at `_start` with `argc`, `argv`, `envp` and the auxiliary
//! vector on the stack. `_start` hands that stack pointer to `_start_c`, which calls
//! `__libc_start_main` in the C library. Built as position-independent code, so the same
//! object serves position-dependent (crt1) and PIE (Scrt1) programs.
#![no_std]

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

#[path = "libc_start.rs"]
mod libc_start;

/// Starts the C library.
///
/// # Safety
/// `sp` must be the stack pointer the kernel gave `_start`.
#[unsafe(no_mangle)]
unsafe extern "C" fn _start_c(sp: *mut usize) -> core::ffi::c_int {
    // SAFETY: per the contract.
    unsafe { libc_start::start(sp) }
}
