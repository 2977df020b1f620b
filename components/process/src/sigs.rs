//! Raw signal-mask and signal-action helpers over the kernel's 64-bit sets.
use core::ffi::c_int;
use core::ptr;

use limpet_syscall::{nr, syscall4};

pub const SIG_BLOCK: c_int = 0;
pub const SIG_SETMASK: c_int = 2;
pub const SIG_DFL: usize = 0;
pub const SIG_IGN: usize = 1;
pub const SIGINT: c_int = 2;
pub const SIGQUIT: c_int = 3;
pub const SIGCHLD: c_int = 17;
/// The number of signals the kernel knows.
pub const NSIG: c_int = 64;

/// The bit of `sig` in a kernel signal set.
pub const fn bit(sig: c_int) -> u64 {
    1 << (sig - 1)
}

/// The kernel's `struct sigaction`.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct KSigAction {
    pub handler: usize,
    pub flags: u64,
    pub restorer: usize,
    pub mask: u64,
}

/// `rt_sigprocmask(how, set, old)`; the calls here never fail.
pub fn mask(how: c_int, set: Option<&u64>, old: Option<&mut u64>) {
    let s = set.map_or(ptr::null(), |s| s as *const u64);
    let o = old.map_or(ptr::null_mut(), |o| o as *mut u64);
    // SAFETY: both sets are null or valid 8-byte locals.
    unsafe { syscall4(nr::RT_SIGPROCMASK, how as usize, s as usize, o as usize, 8) };
}

/// Blocks every signal, returning the previous mask.
pub fn block_all() -> u64 {
    let mut old = 0;
    mask(SIG_BLOCK, Some(&u64::MAX), Some(&mut old));
    old
}

/// Restores a mask saved by [`block_all`] or [`mask`].
pub fn restore(old: u64) {
    mask(SIG_SETMASK, Some(&old), None);
}

/// `rt_sigaction(sig, new, old)`; returns the raw kernel result.
pub fn action(sig: c_int, new: Option<&KSigAction>, old: Option<&mut KSigAction>) -> usize {
    let n = new.map_or(ptr::null(), |n| n as *const KSigAction);
    let o = old.map_or(ptr::null_mut(), |o| o as *mut KSigAction);
    // SAFETY: both actions are null or valid locals.
    unsafe { syscall4(nr::RT_SIGACTION, sig as usize, n as usize, o as usize, 8) }
}
