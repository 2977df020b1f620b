//! `wcsncpy` and `wcpncpy`.
use crate::wchar_t;
use crate::wcslen::wcsnlen;
use crate::wmemcpy::wmemcpy;
use crate::wmemset::wmemset;

/// `wcpncpy(dest, src, n)`—Copies at most `n` wide characters of the wide string `src` to
/// `dest`, then fills the rest of the `n` with null wide characters. Returns a pointer to
/// the first null written, or `dest + n` if `src` filled all `n`.
///
/// # Safety
/// `src` must be readable up to its terminator or for `n` wide characters, whichever comes
/// first; `dest` must be valid for `n` of writes; no overlap.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcpncpy(dest: *mut wchar_t, src: *const wchar_t, n: usize) -> *mut wchar_t {
    // SAFETY: `len <= n` units are read and copied; `n - len` set; all inside `dest`.
    unsafe {
        let len = wcsnlen(src, n);
        wmemcpy(dest, src, len);
        wmemset(dest.add(len), 0, n - len);
        dest.add(len)
    }
}

/// `wcsncpy(dest, src, n)`—[`wcpncpy`], returning `dest`. If `src` has `n` or more wide
/// characters, `dest` is not terminated: that is the C contract.
///
/// # Safety
/// As for `wcpncpy`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcsncpy(dest: *mut wchar_t, src: *const wchar_t, n: usize) -> *mut wchar_t {
    // SAFETY: the caller's contract is wcpncpy's.
    unsafe { wcpncpy(dest, src, n) };
    dest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_and_pads() {
        for len in 0..20 {
            let src: Vec<wchar_t> = (1..=len as wchar_t).chain([0]).collect();
            for n in 0..len + 4 {
                let mut d = vec![-1i32 as wchar_t; n + 1];
                let r = unsafe { wcpncpy(d.as_mut_ptr(), src.as_ptr(), n) };
                let k = len.min(n);
                assert_eq!(r, d[k..].as_mut_ptr());
                assert_eq!(&d[..k], &src[..k]);
                assert!(d[k..n].iter().all(|&x| x == 0));
                assert_eq!(d[n], -1i32 as wchar_t);
                assert_eq!(unsafe { wcsncpy(d.as_mut_ptr(), src.as_ptr(), n) }, d.as_mut_ptr());
            }
        }
    }
}
