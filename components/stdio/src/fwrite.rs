//! `fwrite`: an array of objects onto a stream.
use core::ffi::c_void;

use crate::file::FILE;

/// `fwrite(ptr, size, nmemb, f)`—Writes `nmemb` objects of `size` bytes from `ptr` to `f`.
/// Returns the number of whole objects written: `nmemb`, or fewer after a write error
/// (error flag and errno set). A `size` or `nmemb` of 0 writes nothing and returns 0.
///
/// # Safety
/// `ptr` must be valid for `size * nmemb` bytes of reads and `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fwrite(ptr: *const c_void, size: usize, nmemb: usize, f: *mut FILE) -> usize {
    let nmemb = if size == 0 { 0 } else { nmemb };
    // The product cannot overflow: it is the size of an object the caller has.
    let total = size * nmemb;
    // SAFETY: the caller vouches for `ptr` and `total`; an empty slice needs no valid pointer.
    let bytes = if total == 0 { &[][..] } else { unsafe { core::slice::from_raw_parts(ptr.cast::<u8>(), total) } };
    // SAFETY: the caller vouches for `f`.
    let written = unsafe { &*f }.with_lock(|s| if s.writable() { s.write_bytes(bytes) } else { 0 });
    if written == total { nmemb } else { written / size }
}
