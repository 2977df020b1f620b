//! `perror`: the errno message on stderr.
use core::ffi::{CStr, c_char};

use limpet_syscall::errno;

use crate::file::STDERR_FILE;
use crate::imports::strerror;

/// `perror(s)`—Writes `s`, `": "` (both only if `s` is neither null nor empty), the
/// message for the current errno, and a newline to stderr, under one lock.
///
/// # Safety
/// `s` must be null or NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn perror(s: *const c_char) {
    // SAFETY: strerror returns a NUL-terminated string for any value.
    let msg = unsafe { CStr::from_ptr(strerror(errno())) }.to_bytes();
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
