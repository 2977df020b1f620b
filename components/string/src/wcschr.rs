//! `wcschr` and `wcsrchr`.
use crate::wchar_t;
use crate::wcslen::wcslen;

/// `wcschr(s, c)`—Returns a pointer to the first wide character of the wide string `s` that
/// equals `c`, or null if there is none. The terminator is part of the string, so
/// `wcschr(s, 0)` points at it.
///
/// # Safety
/// `s` must point to a null-terminated wide string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcschr(s: *const wchar_t, c: wchar_t) -> *mut wchar_t {
    let mut p = s;
    // SAFETY: reading stops at the match or the terminator.
    unsafe {
        while *p != c {
            if *p == 0 {
                return core::ptr::null_mut();
            }
            p = p.add(1);
        }
    }
    p.cast_mut()
}

/// `wcsrchr(s, c)`—Returns a pointer to the last wide character of the wide string `s` that
/// equals `c` (its terminator if `c` is 0), or null if there is none.
///
/// # Safety
/// `s` must point to a null-terminated wide string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcsrchr(s: *const wchar_t, c: wchar_t) -> *mut wchar_t {
    // SAFETY: the `len + 1` units of the string are readable.
    unsafe {
        let mut i = wcslen(s) + 1;
        while i != 0 {
            i -= 1;
            if *s.add(i) == c {
                return s.add(i).cast_mut();
            }
        }
    }
    core::ptr::null_mut()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_and_last() {
        let s: Vec<wchar_t> = [5, 7, 5, 9, 0].map(|x| x as wchar_t).to_vec();
        let at = |p: *mut wchar_t| (!p.is_null()).then(|| (p.addr() - s.as_ptr().addr()) / 4);
        unsafe {
            assert_eq!(at(wcschr(s.as_ptr(), 5)), Some(0));
            assert_eq!(at(wcsrchr(s.as_ptr(), 5)), Some(2));
            assert_eq!(at(wcschr(s.as_ptr(), 0)), Some(4));
            assert_eq!(at(wcsrchr(s.as_ptr(), 0)), Some(4));
            assert_eq!(at(wcschr(s.as_ptr(), 8)), None);
            assert_eq!(at(wcsrchr(s.as_ptr(), 8)), None);
        }
    }
}
