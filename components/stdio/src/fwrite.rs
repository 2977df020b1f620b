//! `fwrite`: an array of objects onto a stream.
use core::ffi::c_void;

use crate::file::{FILE, State};

/// The body of both entry points, with the stream held.
///
/// # Safety
/// As for `fwrite`.
unsafe fn fwrite_state(s: &mut State, ptr: *const c_void, size: usize, nmemb: usize) -> usize {
    let nmemb = if size == 0 { 0 } else { nmemb };
    // The product cannot overflow: it is the size of an object the caller has.
    let total = size * nmemb;
    // SAFETY: the caller vouches for `ptr` and `total`; an empty slice needs no valid pointer.
    let bytes = if total == 0 { &[][..] } else { unsafe { core::slice::from_raw_parts(ptr.cast::<u8>(), total) } };
    let written = if s.writable() { s.write_bytes(bytes) } else { 0 };
    if written == total { nmemb } else { written / size }
}

/// `fwrite(ptr, size, nmemb, f)`—Writes `nmemb` objects of `size` bytes from `ptr` to `f`.
/// Returns the number of whole objects written: `nmemb`, or fewer after a write error
/// (error flag and errno set). A `size` or `nmemb` of 0 writes nothing and returns 0.
///
/// # Safety
/// `ptr` must be valid for `size * nmemb` bytes of reads and `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fwrite(ptr: *const c_void, size: usize, nmemb: usize, f: *mut FILE) -> usize {
    // SAFETY: the caller vouches for `f` and `ptr`.
    unsafe { &*f }.with_lock(|s| unsafe { fwrite_state(s, ptr, size, nmemb) })
}

/// `fwrite_unlocked(ptr, size, nmemb, f)`—`fwrite` on a stream the caller holds.
///
/// # Safety
/// As for `fwrite`; the caller holds `f` (`flockfile`) or is its only user.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fwrite_unlocked(ptr: *const c_void, size: usize, nmemb: usize, f: *mut FILE) -> usize {
    // SAFETY: the caller vouches for `f` and `ptr`, and holds `f`.
    unsafe { fwrite_state((*f).unlocked(), ptr, size, nmemb) }
}
