//! The real-time signal range, which `SIGRTMIN`/`SIGRTMAX` expand to calls of.
use core::ffi::c_int;

use crate::abi::{SIGRTMAX, SIGRTMIN};

/// `__libc_current_sigrtmin()`—The first real-time signal an application may use: 35, since
/// 32..=34 are the implementation's (as in musl).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __libc_current_sigrtmin() -> c_int {
    SIGRTMIN
}

/// `__libc_current_sigrtmax()`—The last real-time signal: 64.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __libc_current_sigrtmax() -> c_int {
    SIGRTMAX
}
