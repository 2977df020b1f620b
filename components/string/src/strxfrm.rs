//! `strxfrm` and its `_l` forms.
use core::ffi::c_char;

use crate::arch::{c_string_length, copy_forward};
use crate::locale_t;

/// `strxfrm(dest, src, n)`—Transforms the string `src` so that `strcmp` on results orders
/// like `strcoll` on originals, storing the result in `dest` if it fits in `n` bytes with
/// its terminator. Returns the length of the transformed string.
///
/// In the C locales the transform is the identity. As in musl, nothing at all is written
/// when the result does not fit (`strlen(src) >= n`).
///
/// # Safety
/// `src` must point to a NUL-terminated string; `dest` must be valid for `n` bytes of
/// writes and must not overlap it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strxfrm(dest: *mut c_char, src: *const c_char, n: usize) -> usize {
    // SAFETY: `src` is a string; `len + 1 <= n` bytes are written only when they fit.
    unsafe {
        let len = c_string_length(src.cast());
        if len < n {
            copy_forward(dest.cast(), src.cast(), len + 1);
        }
        len
    }
}

/// `strxfrm_l(dest, src, n, loc)`—[`strxfrm`] in the locale `loc`: the identity in every
/// locale limpet has.
///
/// # Safety
/// As for `strxfrm`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strxfrm_l(dest: *mut c_char, src: *const c_char, n: usize, _loc: locale_t) -> usize {
    // SAFETY: the caller's contract is strxfrm's.
    unsafe { strxfrm(dest, src, n) }
}

/// `__strxfrm_l(dest, src, n, loc)`—musl's internal name for [`strxfrm_l`], which it exports.
///
/// # Safety
/// As for `strxfrm`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __strxfrm_l(dest: *mut c_char, src: *const c_char, n: usize, _loc: locale_t) -> usize {
    // SAFETY: the caller's contract is strxfrm's.
    unsafe { strxfrm(dest, src, n) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_only_when_it_fits() {
        for n in 0..10 {
            let mut d = [b'#'; 10];
            let r = unsafe { strxfrm(d.as_mut_ptr().cast(), c"hello".as_ptr(), n) };
            assert_eq!(r, 5);
            if n > 5 {
                assert_eq!(&d, b"hello\0####");
            } else {
                assert_eq!(&d, b"##########");
            }
        }
    }
}
