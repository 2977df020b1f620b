//! The assembly pieces, one file per architecture.
#[cfg(target_arch = "x86_64")]
mod x86_64;
#[cfg(target_arch = "x86_64")]
pub use x86_64::*;

/// Elsewhere the kernel returns from handlers through its own vDSO trampoline, so
/// `sigaction` passes no restorer and no `SA_RESTORER`.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn restorer() -> Option<usize> {
    None
}
