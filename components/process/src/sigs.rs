//! Raw signal-mask and signal-action helpers over the kernel's 64-bit sets.
use core::ffi::c_int;
use core::ptr;

use limpet_abi::signal::{KERNEL_SIGSET_BYTES, KSigAction, SIG_BLOCK, SIG_SETMASK};
use limpet_syscall::{nr, syscall4};

/// `rt_sigprocmask(how, set, old)`; the calls here never fail.
pub fn mask(how: c_int, set: Option<&u64>, old: Option<&mut u64>) {
    let s = set.map_or(ptr::null(), |s| s as *const u64);
    let o = old.map_or(ptr::null_mut(), |o| o as *mut u64);
    // SAFETY: both sets are null or valid 8-byte locals.
    unsafe { syscall4(nr::RT_SIGPROCMASK, how as usize, s as usize, o as usize, KERNEL_SIGSET_BYTES) };
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
    unsafe { syscall4(nr::RT_SIGACTION, sig as usize, n as usize, o as usize, KERNEL_SIGSET_BYTES) }
}
