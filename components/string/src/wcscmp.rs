//! `wcscmp` and `wcsncmp`.
use core::ffi::c_int;

use crate::wchar_t;

/// `wcsncmp(a, b, n)`—Compares at most `n` wide characters of the wide strings `a` and
/// `b`. Returns 0 if they are equal, otherwise `a[i] - b[i]` (wrapping, as an `int`) at the
/// first index where they differ, a terminator counting as 0: musl 1.2.3's value.
///
/// # Safety
/// Each of `a` and `b` must be readable up to its terminator or its `n`th wide character.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcsncmp(a: *const wchar_t, b: *const wchar_t, n: usize) -> c_int {
    for i in 0..n {
        // SAFETY: every earlier pair was equal and nonzero, so both strings reach `i < n`.
        let (x, y) = unsafe { (*a.add(i), *b.add(i)) };
        if x != y || x == 0 {
            return (x as c_int).wrapping_sub(y as c_int);
        }
    }
    0
}

/// `wcscmp(a, b)`—[`wcsncmp`] with no limit.
///
/// # Safety
/// `a` and `b` must point to null-terminated wide strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcscmp(a: *const wchar_t, b: *const wchar_t) -> c_int {
    // SAFETY: the terminators bound the reads.
    unsafe { wcsncmp(a, b, usize::MAX) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_as_musl() {
        let w = |v: &[i32]| v.iter().map(|&x| x as wchar_t).chain([0]).collect::<Vec<_>>();
        let cmp = |a: &[i32], b: &[i32]| unsafe { wcscmp(w(a).as_ptr(), w(b).as_ptr()) };
        assert_eq!(cmp(&[-5], &[5]), -10);
        assert_eq!(cmp(&[5], &[-5]), 10);
        assert_eq!(cmp(&[0x7fff_ffff], &[i32::MIN]), -1);
        assert_eq!(cmp(&[1, 2], &[1, 2]), 0);
        assert_eq!(cmp(&[1, 2], &[1]), 2);
        assert_eq!(cmp(&[1], &[1, 3]), -3);
        assert_eq!(unsafe { wcsncmp(w(&[1, 2]).as_ptr(), w(&[1, 3]).as_ptr(), 1) }, 0);
        assert_eq!(unsafe { wcsncmp(w(&[1, 2]).as_ptr(), w(&[1, 3]).as_ptr(), 2) }, -1);
    }
}
