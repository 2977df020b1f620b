//! `<signal.h>`: signal actions, signal masks and sets, waiting for signals,
//! `sigsetjmp`/`siglongjmp`, `psignal`.
//!
//! The ABI structs (musl's `sigset_t`, `struct sigaction`, `siginfo_t`, `stack_t`, and the
//! kernel's `struct k_sigaction`) live in [`abi`]. Only the first 64 bits of a 128-byte
//! `sigset_t` mean anything (the kernel's `_NSIG` is 64), as in musl. Signals 32, 33 and 34
//! are reserved for the implementation: musl refuses to install actions for them or add them
//! to a set, and so does limpet, so a musl program sees the same results.
//!
//! The pieces that must be assembly (`__restore_rt`, the trampoline the kernel returns
//! through after a handler, and `sigsetjmp`/`siglongjmp`) are in `arch/<arch>.rs`.
//! Processes, `kill` and `raise` are in the process component.
#![cfg_attr(not(test), no_std)]

pub mod abi;
mod arch;
mod imports;
pub mod legacy;
pub mod psignal;
pub mod sigaction;
pub mod sigaltstack;
pub mod signal;
pub mod sigprocmask;
pub mod sigqueue;
pub mod sigrtmin;
pub mod sigset;
pub mod sigwait;

#[cfg(target_arch = "x86_64")]
pub use arch::*;
