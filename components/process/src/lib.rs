//! Processes: creating them (`fork`, `vfork`, `_Fork`, `posix_spawn`), replacing their image
//! (the `exec` family), waiting for them (`wait*`, `system`), their identities (pids, process
//! groups, sessions, user and group ids), their limits and priority, sending signals
//! (`kill`, `killpg`, `raise`) and sleeping.
//!
//! Signal masks and actions are changed here with raw system calls, not through the signal
//! component: only `SIG_DFL`/`SIG_IGN` or actions read back from the kernel are ever
//! installed, which need no restorer of ours. Assembly (`vfork`) is in `arch/<arch>.rs`;
//! the `execl` family's variadic trampolines come from limpet-va; ABI structs and constants are in [`abi`].
#![cfg_attr(not(test), no_std)]

pub mod abi;
mod arch;
pub mod daemon;
pub mod exec;
pub mod execvp;
pub mod fork;
pub mod id;
mod imports;
pub mod kill;
pub mod priority;
pub mod rlimit;
mod sigs;
pub mod sleep;
pub mod spawn;
pub mod system;
pub mod wait;

#[cfg(target_arch = "x86_64")]
pub use arch::*;
