//! Byte strings: C strings read as slices, and copies kept for the life of the process.
//! (Paths are built with limpet-locale's `pathbuf`.)
use core::ffi::{CStr, c_char};

use crate::imports::malloc;

/// The bytes of the C string `s`, without its NUL.
///
/// # Safety
/// `s` is a valid NUL-terminated string that outlives `'a`.
pub unsafe fn bytes<'a>(s: *const c_char) -> &'a [u8] {
    // SAFETY: by the caller's contract.
    unsafe { CStr::from_ptr(s).to_bytes() }
}

/// A malloc'd NUL-terminated copy of `s`, never freed; None when the allocator fails.
pub fn keep(s: &[u8]) -> Option<*mut c_char> {
    // SAFETY: a plain allocation of `s.len() + 1` bytes.
    let p = unsafe { malloc(s.len() + 1) } as *mut u8;
    if p.is_null() {
        return None;
    }
    // SAFETY: `p` has room for `s` and its NUL, and is fresh, so it overlaps nothing.
    unsafe {
        core::ptr::copy_nonoverlapping(s.as_ptr(), p, s.len());
        *p.add(s.len()) = 0;
    }
    Some(p.cast())
}
