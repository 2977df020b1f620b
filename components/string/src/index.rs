//! `index` and `rindex`, the old BSD names of `strchr` and `strrchr`.
use core::ffi::{c_char, c_int};

use crate::strchr::strchr;
use crate::strrchr::strrchr;

/// `index(s, c)`—`strchr(s, c)`: the first `(char)c` in the string `s` (its terminator if
/// `c` is 0), or null.
///
/// # Safety
/// `s` must point to a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn index(s: *const c_char, c: c_int) -> *mut c_char {
    // SAFETY: the caller's contract is strchr's.
    unsafe { strchr(s, c) }
}

/// `rindex(s, c)`—`strrchr(s, c)`: the last `(char)c` in the string `s`, or null.
///
/// # Safety
/// `s` must point to a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn rindex(s: *const c_char, c: c_int) -> *mut c_char {
    // SAFETY: the caller's contract is strrchr's.
    unsafe { strrchr(s, c) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_and_last() {
        let s = c"abcabc";
        let base = s.as_ptr().addr();
        unsafe {
            assert_eq!(index(s.as_ptr(), b'b' as c_int).addr() - base, 1);
            assert_eq!(rindex(s.as_ptr(), b'b' as c_int).addr() - base, 4);
            assert_eq!(index(s.as_ptr(), 0).addr() - base, 6);
            assert!(index(s.as_ptr(), b'z' as c_int).is_null());
            assert!(rindex(s.as_ptr(), b'z' as c_int).is_null());
        }
    }
}
