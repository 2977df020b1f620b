//! `_init` and `_fini` of libc.so itself. Like musl's, libc.so has nothing to run there (its
//! start-up work is explicit, in `__libc_start_main`); the names exist because musl's
//! libc.so exports them. They are weak, so that in a static program the `crti.o`
//! definitions, which frame the program's own `.init` and `.fini` code, take their place.
core::arch::global_asm!(
    ".text",
    ".weak _init",
    ".type _init, %function",
    "_init:",
    "ret",
    ".size _init, . - _init",
    ".weak _fini",
    ".type _fini, %function",
    "_fini:",
    "ret",
    ".size _fini, . - _fini",
);
