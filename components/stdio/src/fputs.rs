//! `fputs` and `puts`: a string onto a stream.
use core::ffi::{CStr, c_char, c_int};

use crate::abi::EOF;
use crate::file::{FILE, STDOUT_FILE, State};

/// Writes all of `bytes`; false if a write failed.
fn put_all(s: &mut State, bytes: &[u8]) -> bool {
    let n = if s.writable() { s.write_bytes(bytes) } else { 0 };
    n == bytes.len()
}

/// `fputs(s, f)`—Writes the string `s`, without its NUL, to `f`. Returns 0, or `EOF` with the
/// stream's error flag and errno set.
///
/// # Safety
/// `s` must be NUL-terminated and `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fputs(s: *const c_char, f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for `s`.
    let bytes = unsafe { CStr::from_ptr(s) }.to_bytes();
    // SAFETY: the caller vouches for `f`.
    if unsafe { &*f }.with_lock(|st| put_all(st, bytes)) { 0 } else { EOF }
}

/// `puts(s)`—Writes the string `s` and a newline to stdout, under one lock so that no other
/// thread's output lands between them. Returns 0, or `EOF` with errno set.
///
/// # Safety
/// `s` must be NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn puts(s: *const c_char) -> c_int {
    // SAFETY: the caller vouches for `s`.
    let bytes = unsafe { CStr::from_ptr(s) }.to_bytes();
    let ok = STDOUT_FILE.with_lock(|st| put_all(st, bytes) && st.put_byte(b'\n'));
    if ok { 0 } else { EOF }
}

/// `fputs_unlocked(s, f)`—`fputs` on a stream the caller holds.
///
/// # Safety
/// As for `fputs`; the caller holds `f` (`flockfile`) or is its only user.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fputs_unlocked(s: *const c_char, f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for `s`.
    let bytes = unsafe { CStr::from_ptr(s) }.to_bytes();
    // SAFETY: the caller vouches for `f` and holds it.
    if put_all(unsafe { (*f).unlocked() }, bytes) { 0 } else { EOF }
}
