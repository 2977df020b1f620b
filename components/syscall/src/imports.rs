//! The C symbols this crate takes from elsewhere. Without the `export` feature errno belongs
//! to the C library the program runs on (see [`crate::tp`]); with it, this crate defines
//! errno itself and imports nothing.
#[cfg(not(feature = "export"))]
unsafe extern "C" {
    #[link_name = "__errno_location"]
    safe fn host_errno_location() -> *mut core::ffi::c_int;
}

/// The host C library's `__errno_location`.
#[cfg(not(feature = "export"))]
#[inline(always)]
pub fn errno_location() -> *mut core::ffi::c_int {
    host_errno_location()
}
