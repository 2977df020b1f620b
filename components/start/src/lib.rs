//! Process start-up and exit: `__libc_start_main`, the init and fini arrays, `atexit`,
//! `exit`, `quick_exit`, `abort`, the stack protector's failure path, `environ` and the
//! environment functions (`getenv`, `setenv`, `unsetenv`, `putenv`, `clearenv`).
//!
//! A statically linked program reaches [`libc_start::__libc_start_main`] straight from its
//! `_start`, and this crate sets up the auxiliary vector, the environment and the main
//! thread. A dynamically linked one has already been set up by the loader (the ldso
//! component), which registers its constructor and destructor runners with
//! [`libc_start::set_dynamic`].
#![cfg_attr(not(test), no_std)]
#![allow(non_upper_case_globals, non_snake_case)]

pub mod abort;
pub mod env;
pub mod exit;
pub mod libc_start;
