//! `strcoll` and its `_l` forms.
use core::ffi::{c_char, c_int};

use crate::locale_t;
use crate::strcmp::strcmp;

/// `strcoll(a, b)`—Compares the strings `a` and `b` in the collation order of the current
/// locale. In the C and C.UTF-8 locales, the only ones limpet has (as in musl), that is byte
/// order: the result is `strcmp`'s.
///
/// # Safety
/// `a` and `b` must point to NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strcoll(a: *const c_char, b: *const c_char) -> c_int {
    // SAFETY: the caller's contract is strcmp's.
    unsafe { strcmp(a, b) }
}

/// `strcoll_l(a, b, loc)`—[`strcoll`] in the locale `loc`: byte order in every locale limpet
/// has.
///
/// # Safety
/// As for `strcoll`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strcoll_l(a: *const c_char, b: *const c_char, _loc: locale_t) -> c_int {
    // SAFETY: the caller's contract is strcmp's.
    unsafe { strcmp(a, b) }
}

/// `__strcoll_l(a, b, loc)`—musl's internal name for [`strcoll_l`], which it exports.
///
/// # Safety
/// As for `strcoll`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __strcoll_l(a: *const c_char, b: *const c_char, _loc: locale_t) -> c_int {
    // SAFETY: the caller's contract is strcmp's.
    unsafe { strcmp(a, b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_order() {
        let null = core::ptr::null_mut();
        unsafe {
            assert_eq!(strcoll(c"a".as_ptr(), c"c".as_ptr()), -2);
            assert_eq!(strcoll_l(c"\xff".as_ptr(), c"a".as_ptr(), null), 0xff - 0x61);
            assert_eq!(__strcoll_l(c"same".as_ptr(), c"same".as_ptr(), null), 0);
        }
    }
}
