//! `wcsxfrm` and its `_l` forms.
use crate::wcslen::wcslen;
use crate::wmemcpy::wmemcpy;
use crate::{locale_t, wchar_t};

/// `wcsxfrm(dest, src, n)`—Transforms the wide string `src` for `wcscmp` to order like
/// `wcscoll` (the identity in the C locales) into the `n` wide characters at `dest`.
/// Returns the length of the transformed string.
///
/// As musl does, and unlike its `strxfrm`: when the result does not fit (`wcslen(src) >=
/// n`), the first `n - 1` wide characters and a terminator are still stored (if `n > 0`).
///
/// # Safety
/// `src` must be a null-terminated wide string; `dest` must be valid for `n` wide
/// characters of writes and must not overlap it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcsxfrm(dest: *mut wchar_t, src: *const wchar_t, n: usize) -> usize {
    // SAFETY: at most `n` units go into `dest`, all read from the string `src`.
    unsafe {
        let len = wcslen(src);
        if len < n {
            wmemcpy(dest, src, len + 1);
        } else if n > 0 {
            wmemcpy(dest, src, n - 1);
            *dest.add(n - 1) = 0;
        }
        len
    }
}

/// `wcsxfrm_l(dest, src, n, loc)`—[`wcsxfrm`] in the locale `loc`: the identity in every
/// locale limpet has.
///
/// # Safety
/// As for `wcsxfrm`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcsxfrm_l(dest: *mut wchar_t, src: *const wchar_t, n: usize, _loc: locale_t) -> usize {
    // SAFETY: the caller's contract is wcsxfrm's.
    unsafe { wcsxfrm(dest, src, n) }
}

/// `__wcsxfrm_l(dest, src, n, loc)`—musl's internal name for [`wcsxfrm_l`], which it exports.
///
/// # Safety
/// As for `wcsxfrm`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __wcsxfrm_l(dest: *mut wchar_t, src: *const wchar_t, n: usize, _loc: locale_t) -> usize {
    // SAFETY: the caller's contract is wcsxfrm's.
    unsafe { wcsxfrm(dest, src, n) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Results measured with musl's wcsxfrm on L"hello".
    #[test]
    fn truncates_like_musl() {
        let src: Vec<wchar_t> = "hello".chars().map(|c| c as wchar_t).chain([0]).collect();
        let h = |s: &str| s.bytes().map(|b| b as wchar_t).collect::<Vec<_>>();
        for (n, want) in [(0, h("#######")), (3, h("he\0####")), (5, h("hell\0##")), (6, h("hello\0#"))] {
            let mut d = h("#######");
            assert_eq!(unsafe { wcsxfrm(d.as_mut_ptr(), src.as_ptr(), n) }, 5);
            assert_eq!(d, want, "n {n}");
        }
    }
}
