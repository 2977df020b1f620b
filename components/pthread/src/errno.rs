//! errno, one per thread, stored in the thread descriptor.
use core::ffi::c_int;

/// `__errno_location()`—The address of the calling thread's errno; never fails.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __errno_location() -> *mut c_int {
    // SAFETY: the thread pointer always points at a live descriptor once start-up has run.
    unsafe { &raw mut (*crate::current()).errno_val }
}
