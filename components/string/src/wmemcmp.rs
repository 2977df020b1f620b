//! `wmemcmp`.
use core::ffi::c_int;

use crate::wchar_t;

/// `wmemcmp(a, b, n)`—Compares `n` wide characters. Returns 0 if they are all equal,
/// otherwise the difference `a[i] - b[i]` (wrapping, as an `int`) at the first index where
/// they differ: the value musl 1.2.3 returns, whose sign can be the "wrong" one for values
/// more than `INT_MAX` apart.
///
/// # Safety
/// `a` and `b` must be valid for `n` wide characters of reads.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wmemcmp(a: *const wchar_t, b: *const wchar_t, n: usize) -> c_int {
    for i in 0..n {
        // SAFETY: i < n.
        let (x, y) = unsafe { (*a.add(i), *b.add(i)) };
        if x != y {
            return (x as c_int).wrapping_sub(y as c_int);
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_as_musl() {
        let cmp = |a: &[wchar_t], b: &[wchar_t]| unsafe { wmemcmp(a.as_ptr(), b.as_ptr(), a.len()) };
        assert_eq!(cmp(&[-5i32 as wchar_t], &[5]), -10);
        assert_eq!(cmp(&[1, 2, 3], &[1, 2, 3]), 0);
        assert_eq!(cmp(&[1, 2, 9], &[1, 2, 3]), 6);
        assert_eq!(cmp(&[0x7fff_ffff], &[0x8000_0000u32 as wchar_t]), -1);
        assert_eq!(unsafe { wmemcmp([1].as_ptr(), [2].as_ptr(), 0) }, 0);
    }
}
