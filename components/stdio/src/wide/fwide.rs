//! `fwide`: a stream's orientation.
use core::ffi::c_int;

use crate::file::FILE;

/// `fwide(f, mode)`—With `mode` nonzero, makes `f` wide-oriented (`mode > 0`) or
/// byte-oriented (`mode < 0`) unless it has an orientation already, and fixes the
/// encoding of its wide characters to the current locale's if it has none. Returns the
/// orientation: positive wide, negative byte, 0 none yet (only `fwide(f, 0)` can see 0
/// after any I/O, since reading or writing a fresh stream orients it to bytes).
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fwide(f: *mut FILE, mode: c_int) -> c_int {
    // SAFETY: the caller vouches for `f`.
    unsafe { &*f }.with_lock(|s| {
        if mode != 0 {
            super::orient(s, if mode > 0 { 1 } else { -1 });
        }
        c_int::from(s.orient)
    })
}
