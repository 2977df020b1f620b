//! `wcscpy` and `wcpcpy`.
use crate::wchar_t;
use crate::wcslen::wcslen;
use crate::wmemcpy::wmemcpy;

/// `wcpcpy(dest, src)`—Copies the wide string `src`, terminator included, to `dest` and
/// returns a pointer to the copy of the terminator.
///
/// # Safety
/// `src` must be a null-terminated wide string, `dest` valid for `wcslen(src) + 1` wide
/// characters of writes, and the two must not overlap.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcpcpy(dest: *mut wchar_t, src: *const wchar_t) -> *mut wchar_t {
    // SAFETY: `src` has `len + 1` units and `dest` room for them.
    unsafe {
        let len = wcslen(src);
        wmemcpy(dest, src, len + 1);
        dest.add(len)
    }
}

/// `wcscpy(dest, src)`—Copies the wide string `src`, terminator included, to `dest` and
/// returns `dest`.
///
/// # Safety
/// As for `wcpcpy`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcscpy(dest: *mut wchar_t, src: *const wchar_t) -> *mut wchar_t {
    // SAFETY: the caller's contract is wcpcpy's.
    unsafe { wcpcpy(dest, src) };
    dest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_with_terminator() {
        for len in 0..40 {
            let src: Vec<wchar_t> = (1..=len as wchar_t).chain([0]).collect();
            let mut d = vec![-1i32 as wchar_t; len + 3];
            let r = unsafe { wcpcpy(d.as_mut_ptr(), src.as_ptr()) };
            assert_eq!(r, d[len..].as_mut_ptr());
            assert_eq!(&d[..=len], &src[..]);
            assert_eq!(d[len + 1], -1i32 as wchar_t);
            let mut d = vec![-1i32 as wchar_t; len + 3];
            assert_eq!(unsafe { wcscpy(d.as_mut_ptr(), src.as_ptr()) }, d.as_mut_ptr());
            assert_eq!(&d[..=len], &src[..]);
        }
    }
}
