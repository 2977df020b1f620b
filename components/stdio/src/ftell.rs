//! `ftell`, `ftello`, `fgetpos` (and the LFS64 names): where a stream is.
use core::ffi::{c_int, c_long};

use crate::abi::{FposT, SEEK_CUR, SEEK_END};
use crate::file::{F_APP, FILE, State};

/// The stream's position: the backend's, less the unread input, plus the pending
/// output. An append stream with pending output is at the end of the file, where that
/// output will land. Negative with errno set when the backend cannot seek (-1 for a
/// descriptor; a cookie's seek function may return any negative value, passed on as in musl).
pub(crate) fn tell_state(s: &mut State) -> i64 {
    let whence = if s.flags & F_APP != 0 && s.len != 0 { SEEK_END } else { SEEK_CUR };
    let pos = s.seek(0, whence);
    if pos < 0 {
        return pos;
    }
    if !s.rend.is_null() { pos - (s.rend as i64 - s.rpos as i64) } else { pos + s.len as i64 }
}

/// `ftello(f)`—The current position of `f`, in bytes from the start; -1 with errno set
/// (ESPIPE on a pipe).
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ftello(f: *mut FILE) -> i64 {
    // SAFETY: the caller vouches for `f`.
    unsafe { &*f }.with_lock(tell_state)
}

/// `ftello64(f)`—The same as `ftello`.
///
/// # Safety
/// As for `ftello`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ftello64(f: *mut FILE) -> i64 {
    // SAFETY: forwarded contract.
    unsafe { ftello(f) }
}

/// `ftell(f)`—`ftello` as a `long` (the same width here).
///
/// # Safety
/// As for `ftello`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ftell(f: *mut FILE) -> c_long {
    // SAFETY: forwarded contract.
    unsafe { ftello(f) as c_long }
}

/// `fgetpos(f, pos)`—Stores `f`'s position in `*pos` for `fsetpos`. Returns 0, or -1
/// with errno set.
///
/// # Safety
/// `f` must point to a live `FILE` and `pos` to a writable `fpos_t`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fgetpos(f: *mut FILE, pos: *mut FposT) -> c_int {
    // SAFETY: the caller vouches for `f`.
    let off = unsafe { ftello(f) };
    if off < 0 {
        return -1;
    }
    // SAFETY: the caller vouches for `pos`; musl stores only the offset.
    unsafe { (*pos).offset = off };
    0
}

/// `fgetpos64(f, pos)`—The same as `fgetpos`.
///
/// # Safety
/// As for `fgetpos`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fgetpos64(f: *mut FILE, pos: *mut FposT) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { fgetpos(f, pos) }
}
