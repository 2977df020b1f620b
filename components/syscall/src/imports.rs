//! The C symbols this crate takes from outside its Rust code, in one list:
//! - errno, without the `export` feature: it then belongs to the C library the program runs
//!   on (see [`crate::tp`]); with `export` this crate defines errno itself and imports nothing
//!   from another component;
//! - the labels of this crate's own assembly (`arch::syscall_cp_asm`), which Rust can only
//!   reach as symbols.

// The host C library, without `export` only: its errno.
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

// This crate's assembly: the bounds of the cancellation window and its cancel exit (see
// `crate::cancel`). Bytes: only their addresses are used.
#[cfg(target_arch = "x86_64")]
unsafe extern "C" {
    pub(crate) static limpet_syscall_cp_begin: u8;
    pub(crate) static limpet_syscall_cp_end: u8;
    pub(crate) static limpet_syscall_cp_cancel: u8;
}
