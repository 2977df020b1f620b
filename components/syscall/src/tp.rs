//! The calling thread's errno word, found from the thread pointer.
//!
//! In the assembled library (`export`), errno lives in the thread descriptor that the
//! thread pointer addresses (limpet-start's `Pthread`), at [`ERRNO_OFFSET`]; that crate
//! checks its layout against this offset at compile time. Here it is reached without naming
//! the descriptor, so that every component can set errno without depending on the one that
//! lays out threads. Without `export` (the components' own tests, or a component embedded in
//! a program on another C library) errno is that library's: its `__errno_location`.
use core::ffi::c_int;

/// Where errno sits in a thread's descriptor, from the thread pointer: after the five words
/// of musl's layout, the canary and the 4-byte thread id.
pub const ERRNO_OFFSET: usize = 52;

/// The address of the calling thread's errno.
#[cfg(feature = "export")]
#[inline(always)]
pub fn errno_location() -> *mut c_int {
    (crate::arch::get_tp() + ERRNO_OFFSET) as *mut c_int
}

/// The address of the calling thread's errno: the host C library's.
#[cfg(not(feature = "export"))]
#[inline(always)]
pub fn errno_location() -> *mut c_int {
    crate::imports::errno_location()
}

/// `__errno_location()`—The address of the calling thread's errno; never fails.
#[cfg(feature = "export")]
#[unsafe(no_mangle)]
pub extern "C" fn __errno_location() -> *mut c_int {
    errno_location()
}
