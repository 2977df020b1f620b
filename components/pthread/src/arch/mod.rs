//! Thread start and end in assembly, per architecture: the `clone` trampoline and the
//! unmap-and-exit of a detached thread. Only x86_64 so far; the thread pointer itself is
//! limpet-syscall's (`limpet_syscall::arch::{get_tp, set_tp}`).
#[cfg(target_arch = "x86_64")]
mod x86_64;
#[cfg(target_arch = "x86_64")]
pub use x86_64::*;
