//! `crtn.o`: the epilogues of `_init` and `_fini` (see `crti.rs`).
#![no_std]

core::arch::global_asm!(
    ".section .init, \"ax\", @progbits",
    "pop rax",
    "ret",
    ".section .fini, \"ax\", @progbits",
    "pop rax",
    "ret",
);
