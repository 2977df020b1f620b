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
pub mod exec;
pub mod execvp;
pub mod fork;
pub mod id;
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

/// C functions of other components, reached through their symbols.
mod c {
    use core::ffi::{c_char, c_int, c_void};

    unsafe extern "C" {
        pub static environ: *const *const c_char;
        pub fn getenv(name: *const c_char) -> *mut c_char;
        pub fn malloc(n: usize) -> *mut c_void;
        pub fn free(p: *mut c_void);
        pub fn __errno_location() -> *mut c_int;
    }

    /// The calling thread's errno.
    pub fn errno() -> c_int {
        // SAFETY: `__errno_location` always returns the calling thread's errno slot.
        unsafe { *__errno_location() }
    }
}
