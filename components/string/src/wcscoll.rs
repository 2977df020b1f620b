//! `wcscoll` and its `_l` forms.
use core::ffi::c_int;

use crate::wcscmp::wcscmp;
use crate::{locale_t, wchar_t};

/// `wcscoll(a, b)`—Compares two wide strings in the collation order of the current locale:
/// code point order in the C locales, the only ones limpet has, so `wcscmp`'s result.
///
/// # Safety
/// `a` and `b` must point to null-terminated wide strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcscoll(a: *const wchar_t, b: *const wchar_t) -> c_int {
    // SAFETY: the caller's contract is wcscmp's.
    unsafe { wcscmp(a, b) }
}

/// `wcscoll_l(a, b, loc)`—[`wcscoll`] in the locale `loc`: code point order in every locale
/// limpet has.
///
/// # Safety
/// As for `wcscoll`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcscoll_l(a: *const wchar_t, b: *const wchar_t, _loc: locale_t) -> c_int {
    // SAFETY: the caller's contract is wcscmp's.
    unsafe { wcscmp(a, b) }
}

/// `__wcscoll_l(a, b, loc)`—musl's internal name for [`wcscoll_l`], which it exports.
///
/// # Safety
/// As for `wcscoll`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __wcscoll_l(a: *const wchar_t, b: *const wchar_t, _loc: locale_t) -> c_int {
    // SAFETY: the caller's contract is wcscmp's.
    unsafe { wcscmp(a, b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_point_order() {
        let (a, b) = ([1 as wchar_t, 0], [3 as wchar_t, 0]);
        let null = core::ptr::null_mut();
        unsafe {
            assert_eq!(wcscoll(a.as_ptr(), b.as_ptr()), -2);
            assert_eq!(wcscoll_l(b.as_ptr(), a.as_ptr(), null), 2);
            assert_eq!(__wcscoll_l(a.as_ptr(), a.as_ptr(), null), 0);
        }
    }
}
