//! `crti.o`: the prologues of `_init` and `_fini`.
//!
//! The linker concatenates every object's `.init` (and `.fini`) section, so `_init` is this
//! prologue, then whatever other objects contribute, then `crtn.o`'s epilogue.
#![no_std]

core::arch::global_asm!(
    ".section .init, \"ax\", @progbits",
    ".globl _init",
    ".type _init, @function",
    "_init:",
    // Realign the stack to 16 bytes for the code that follows.
    "push rax",
    ".section .fini, \"ax\", @progbits",
    ".globl _fini",
    ".type _fini, @function",
    "_fini:",
    "push rax",
);
