//! `strcasecmp`, `strncasecmp` and their `_l` forms.
use core::ffi::{c_char, c_int};

use crate::case::fold_byte;
use crate::locale_t;

/// `strncasecmp(a, b, n)`—Compares at most `n` bytes of the strings `a` and `b`, ignoring
/// case. Returns 0 if they are equal, otherwise `tolower(a[i]) - tolower(b[i])` at the first
/// index where they differ (as unsigned chars, a terminator counting as 0), the value musl
/// returns. Case is ASCII, as in the C and C.UTF-8 locales.
///
/// # Safety
/// Each of `a` and `b` must be readable up to its terminator or its `n`th byte.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strncasecmp(a: *const c_char, b: *const c_char, n: usize) -> c_int {
    let (a, b) = (a.cast::<u8>(), b.cast::<u8>());
    for i in 0..n {
        // SAFETY: every earlier pair was equal (folded) and nonzero, so both strings reach
        // index `i < n`.
        let (x, y) = unsafe { (fold_byte(*a.add(i)), fold_byte(*b.add(i))) };
        if x != y || x == 0 {
            return x as c_int - y as c_int;
        }
    }
    0
}

/// `strcasecmp(a, b)`—Compares the strings `a` and `b` ignoring case, as [`strncasecmp`]
/// with no limit.
///
/// # Safety
/// `a` and `b` must point to NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strcasecmp(a: *const c_char, b: *const c_char) -> c_int {
    // SAFETY: no string is `usize::MAX` bytes long, so the terminators bound the reads.
    unsafe { strncasecmp(a, b, usize::MAX) }
}

/// `strcasecmp_l(a, b, loc)`—[`strcasecmp`]; every locale limpet has folds case alike.
///
/// # Safety
/// As for `strcasecmp`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strcasecmp_l(a: *const c_char, b: *const c_char, _loc: locale_t) -> c_int {
    // SAFETY: the caller's contract is strcasecmp's.
    unsafe { strcasecmp(a, b) }
}

/// `__strcasecmp_l(a, b, loc)`—musl's internal name for [`strcasecmp_l`], which it exports.
///
/// # Safety
/// As for `strcasecmp`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __strcasecmp_l(a: *const c_char, b: *const c_char, _loc: locale_t) -> c_int {
    // SAFETY: the caller's contract is strcasecmp's.
    unsafe { strcasecmp(a, b) }
}

/// `strncasecmp_l(a, b, n, loc)`—[`strncasecmp`]; every locale limpet has folds case alike.
///
/// # Safety
/// As for `strncasecmp`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strncasecmp_l(a: *const c_char, b: *const c_char, n: usize, _loc: locale_t) -> c_int {
    // SAFETY: the caller's contract is strncasecmp's.
    unsafe { strncasecmp(a, b, n) }
}

/// `__strncasecmp_l(a, b, n, loc)`—musl's internal name for [`strncasecmp_l`], which it
/// exports.
///
/// # Safety
/// As for `strncasecmp`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __strncasecmp_l(a: *const c_char, b: *const c_char, n: usize, _loc: locale_t) -> c_int {
    // SAFETY: the caller's contract is strncasecmp's.
    unsafe { strncasecmp(a, b, n) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Rng;

    fn reference(a: &[u8], b: &[u8], n: usize) -> c_int {
        for i in 0..n {
            let (x, y) = (a[i].to_ascii_lowercase(), b[i].to_ascii_lowercase());
            if x != y || x == 0 {
                return x as c_int - y as c_int;
            }
        }
        0
    }

    #[test]
    fn values_measured_on_musl() {
        let cmp = |a: &core::ffi::CStr, b: &core::ffi::CStr| unsafe { strcasecmp(a.as_ptr(), b.as_ptr()) };
        assert_eq!(cmp(c"ABC", c"abd"), -1);
        assert_eq!(cmp(c"\xc0", c"\xe0"), -32);
        assert_eq!(cmp(c"[", c"a"), -6);
        assert_eq!(unsafe { strncasecmp(c"Zz".as_ptr(), c"zZa".as_ptr(), 3) }, -97);
        assert_eq!(unsafe { strncasecmp(c"Zz".as_ptr(), c"zZa".as_ptr(), 2) }, 0);
    }

    #[test]
    fn random_mixed_case() {
        let mut rng = Rng::new(0xca5e);
        for _ in 0..20_000 {
            let len = rng.below(40);
            let a: Vec<u8> = (0..len).map(|_| [b'a', b'A', b'z', b'Z', b'@', b'[', 0xc0, 0xe0][rng.below(8)]).chain([0]).collect();
            let mut b: Vec<u8> = a.iter().map(|&x| if rng.below(2) == 0 { x.to_ascii_uppercase() } else { x }).collect();
            if len > 0 && rng.below(2) == 0 {
                b[rng.below(len)] = [0, b'b', b'`'][rng.below(3)];
            }
            let n = rng.below(len + 2);
            let want = reference(&a, &b, n);
            assert_eq!(unsafe { strncasecmp(a.as_ptr().cast(), b.as_ptr().cast(), n) }, want);
            assert_eq!(unsafe { strcasecmp(a.as_ptr().cast(), b.as_ptr().cast()) }, reference(&a, &b, len + 1));
        }
    }
}
