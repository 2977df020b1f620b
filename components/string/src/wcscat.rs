//! `wcscat` and `wcsncat`.
use crate::wchar_t;
use crate::wcscpy::wcscpy;
use crate::wcslen::{wcslen, wcsnlen};
use crate::wmemcpy::wmemcpy;

/// `wcscat(dest, src)`—Appends the wide string `src`, terminator included, to the end of
/// the wide string `dest` and returns `dest`.
///
/// # Safety
/// Both must be null-terminated wide strings, `dest` with room for `wcslen(src) + 1` more
/// wide characters; no overlap.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcscat(dest: *mut wchar_t, src: *const wchar_t) -> *mut wchar_t {
    // SAFETY: per the contract, `src` fits after `dest`'s string.
    unsafe { wcscpy(dest.add(wcslen(dest)), src) };
    dest
}

/// `wcsncat(dest, src, n)`—Appends at most `n` wide characters of the wide string `src` to
/// the wide string `dest`, then a terminator, and returns `dest`.
///
/// # Safety
/// `dest` must be a null-terminated wide string with room for `min(wcslen(src), n) + 1`
/// more; `src` readable up to its terminator or for `n` wide characters; no overlap.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcsncat(dest: *mut wchar_t, src: *const wchar_t, n: usize) -> *mut wchar_t {
    // SAFETY: per the contract.
    unsafe {
        let end = dest.add(wcslen(dest));
        let len = wcsnlen(src, n);
        wmemcpy(end, src, len);
        *end.add(len) = 0;
    }
    dest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appends() {
        for dl in 0..6 {
            for sl in 0..6 {
                let src: Vec<wchar_t> = (100..100 + sl as wchar_t).chain([0]).collect();
                let head: Vec<wchar_t> = (1..=dl as wchar_t).collect();
                let mut d = head.clone();
                d.resize(20, 0);
                unsafe { wcscat(d.as_mut_ptr(), src.as_ptr()) };
                assert_eq!(&d[..dl], &head[..]);
                assert_eq!(&d[dl..=dl + sl], &src[..]);
                for n in 0..sl + 2 {
                    let mut d = head.clone();
                    d.resize(20, -1i32 as wchar_t);
                    d[dl] = 0;
                    unsafe { wcsncat(d.as_mut_ptr(), src.as_ptr(), n) };
                    let k = sl.min(n);
                    assert_eq!(&d[dl..dl + k], &src[..k]);
                    assert_eq!(d[dl + k], 0);
                }
            }
        }
    }
}
