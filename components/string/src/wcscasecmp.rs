//! `wcscasecmp`, `wcsncasecmp` and their `_l` forms.
use core::ffi::c_int;

use crate::case::fold_wide;
use crate::{locale_t, wchar_t};

/// `wcsncasecmp(a, b, n)`—Compares at most `n` wide characters of the wide strings `a` and
/// `b`, ignoring case. Returns 0 if they are equal, otherwise `towlower(a[i]) -
/// towlower(b[i])` at the first index where they differ, as musl does. Case folding is
/// musl's `towlower`: Unicode's simple lowercase mapping, matched code point for code point
/// with musl 1.2.3 (see `case`).
///
/// # Safety
/// Each of `a` and `b` must be readable up to its terminator or its `n`th wide character.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcsncasecmp(a: *const wchar_t, b: *const wchar_t, n: usize) -> c_int {
    for i in 0..n {
        // SAFETY: every earlier pair was equal (folded) and nonzero, so both strings reach
        // `i < n`.
        let (x, y) = unsafe { (fold_wide(*a.add(i) as u32), fold_wide(*b.add(i) as u32)) };
        if x != y || x == 0 {
            return (x as c_int).wrapping_sub(y as c_int);
        }
    }
    0
}

/// `wcscasecmp(a, b)`—[`wcsncasecmp`] with no limit.
///
/// # Safety
/// `a` and `b` must point to null-terminated wide strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcscasecmp(a: *const wchar_t, b: *const wchar_t) -> c_int {
    // SAFETY: the terminators bound the reads.
    unsafe { wcsncasecmp(a, b, usize::MAX) }
}

/// `wcscasecmp_l(a, b, loc)`—[`wcscasecmp`]; every locale limpet has folds case alike.
///
/// # Safety
/// As for `wcscasecmp`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcscasecmp_l(a: *const wchar_t, b: *const wchar_t, _loc: locale_t) -> c_int {
    // SAFETY: the caller's contract is wcscasecmp's.
    unsafe { wcscasecmp(a, b) }
}

/// `wcsncasecmp_l(a, b, n, loc)`—[`wcsncasecmp`]; every locale limpet has folds case alike.
///
/// # Safety
/// As for `wcsncasecmp`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcsncasecmp_l(a: *const wchar_t, b: *const wchar_t, n: usize, _loc: locale_t) -> c_int {
    // SAFETY: the caller's contract is wcsncasecmp's.
    unsafe { wcsncasecmp(a, b, n) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(v: &[u32]) -> Vec<wchar_t> {
        v.iter().map(|&x| x as wchar_t).chain([0]).collect()
    }

    #[test]
    fn values_measured_on_musl() {
        let cmp = |a: &[u32], b: &[u32]| unsafe { wcscasecmp(w(a).as_ptr(), w(b).as_ptr()) };
        assert_eq!(cmp(&[0x41, 0x42, 0x43], &[0x61, 0x62, 0x64]), -1);
        assert_eq!(cmp(&[0x100], &[0x101]), 0);
        assert_eq!(cmp(&[0x391, 0x392], &[0x3b1, 0x3b2]), 0);
        // towlower(c) - towlower(0) is towlower(c) itself.
        assert_eq!(cmp(&[0x130], &[]), 0x69);
        assert_eq!(cmp(&[0x24b6], &[]), 0x24b6);
        let null = core::ptr::null_mut();
        assert_eq!(unsafe { wcsncasecmp_l(w(&[0x41, 1]).as_ptr(), w(&[0x61, 2]).as_ptr(), 1, null) }, 0);
        assert_eq!(unsafe { wcsncasecmp(w(&[0x41, 1]).as_ptr(), w(&[0x61, 2]).as_ptr(), 2) }, -1);
        assert_eq!(unsafe { wcscasecmp_l(w(&[0xc0]).as_ptr(), w(&[0xe0]).as_ptr(), null) }, 0);
    }
}
