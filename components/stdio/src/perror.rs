//! `perror`: the errno message on stderr.
use core::ffi::{CStr, c_char, c_int};

use crate::file::STDERR_FILE;

unsafe extern "C" {
    fn __errno_location() -> *mut c_int;
    fn strerror(e: c_int) -> *mut c_char;
}

/// `perror(s)`—Writes `s`, `": "` (both only if `s` is neither null nor empty), the
/// message for the current errno, and a newline to stderr, under one lock.
///
/// # Safety
/// `s` must be null or NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn perror(s: *const c_char) {
    // SAFETY: errno's slot is always valid; strerror returns a NUL-terminated string.
    let msg = unsafe { CStr::from_ptr(strerror(*__errno_location())) }.to_bytes();
    // SAFETY: the caller vouches for `s`.
    let prefix = if s.is_null() { &[][..] } else { unsafe { CStr::from_ptr(s) }.to_bytes() };
    STDERR_FILE.with_lock(|st| {
        if !st.writable() {
            return;
        }
        // Piece by piece, as musl writes them: on unbuffered stderr, each is one write.
        if !prefix.is_empty() {
            st.write_bytes(prefix);
            st.put_byte(b':');
            st.put_byte(b' ');
        }
        st.write_bytes(msg);
        st.put_byte(b'\n');
    });
}
