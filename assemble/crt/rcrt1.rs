//! `rcrt1.o`: the entry point of a static PIE program.
//!
//! Such a program is loaded at an address the kernel picks and nobody relocates it, so
//! `_start_c` first applies the program's own relative relocations (the same code the
//! dynamic linker uses for itself), and only then starts the C library.
#![no_std]

use core::ffi::{c_char, c_int};

#[path = "../../components/ldso/src/relocate_self.rs"]
mod relocate_self;

core::arch::global_asm!(
    ".text",
    ".globl _start",
    ".type _start, @function",
    "_start:",
    "xor ebp, ebp",
    "mov rdi, rsp",
    "lea rsi, [rip + _DYNAMIC]",
    // A PIE is linked at address 0, so its ELF header's address is its load bias.
    "lea rdx, [rip + __ehdr_start]",
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

/// Relocates the program, then starts it.
///
/// # Safety
/// Called only by `_start`, with the kernel's stack pointer and the program's own dynamic
/// section and load bias.
#[unsafe(no_mangle)]
unsafe extern "C" fn _start_c(sp: *mut usize, dynv: *const usize, base: usize) -> c_int {
    // SAFETY: per the contract.
    unsafe {
        relocate_self::relocate_relative(base, dynv);
        start(sp)
    }
}

/// Kept out of line so that nothing it loads (such as `main`'s address from the GOT) is
/// read before the relocations above are done.
#[inline(never)]
unsafe fn start(sp: *mut usize) -> c_int {
    // SAFETY: the kernel's initial stack holds argc, then argv.
    unsafe {
        let argc = *sp as c_int;
        let argv = sp.add(1) as *mut *mut c_char;
        __libc_start_main(main, argc, argv, _init, _fini, None)
    }
}
