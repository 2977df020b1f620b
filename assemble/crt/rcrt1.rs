//! `rcrt1.o`: the entry point of a static PIE program.
//!
//! Such a program is loaded at an address the kernel picks and nobody relocates it, so
//! `_start_c` first applies the program's own relative relocations (the same code the
//! dynamic linker uses for itself), and only then starts the C library.
#![no_std]

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

#[path = "libc_start.rs"]
mod libc_start;

/// Relocates the program, then starts it.
///
/// # Safety
/// Called only by `_start`, with the kernel's stack pointer and the program's own dynamic
/// section and load bias.
#[unsafe(no_mangle)]
unsafe extern "C" fn _start_c(sp: *mut usize, dynv: *const usize, base: usize) -> core::ffi::c_int {
    // SAFETY: per the contract. `start` is out of line, so nothing it loads (such as
    // `main`'s address from the GOT) is read before the relocations are done.
    unsafe {
        relocate_self::relocate_relative(base, dynv);
        libc_start::start(sp)
    }
}
