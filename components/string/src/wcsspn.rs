//! `wcsspn`, `wcscspn` and `wcspbrk`.
use crate::wchar_t;
use crate::wcschr::wcschr;

/// The length of the longest prefix of `s` whose wide characters are all (`inside`) or all
/// not (`!inside`) among those of `set`. The terminator ends every span.
///
/// Each character is looked up in `set` by a scan: wide sets are short in practice, and a
/// table over all of Unicode would not be.
///
/// # Safety
/// `s` and `set` must be null-terminated wide strings.
unsafe fn span(s: *const wchar_t, set: *const wchar_t, inside: bool) -> usize {
    let mut i = 0;
    // SAFETY: reading `s` stops at its terminator, and wcschr reads `set` as a string.
    unsafe {
        while *s.add(i) != 0 && wcschr(set, *s.add(i)).is_null() != inside {
            i += 1;
        }
    }
    i
}

/// `wcsspn(s, accept)`—Returns the length of the longest prefix of the wide string `s` made
/// only of wide characters from the wide string `accept`.
///
/// # Safety
/// `s` and `accept` must point to null-terminated wide strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcsspn(s: *const wchar_t, accept: *const wchar_t) -> usize {
    // SAFETY: the caller's contract is span's.
    unsafe { span(s, accept, true) }
}

/// `wcscspn(s, reject)`—Returns the length of the longest prefix of the wide string `s`
/// with no wide character from the wide string `reject`.
///
/// # Safety
/// `s` and `reject` must point to null-terminated wide strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcscspn(s: *const wchar_t, reject: *const wchar_t) -> usize {
    // SAFETY: the caller's contract is span's.
    unsafe { span(s, reject, false) }
}

/// `wcspbrk(s, accept)`—Returns a pointer to the first wide character of the wide string
/// `s` that is in the wide string `accept`, or null if there is none.
///
/// # Safety
/// `s` and `accept` must point to null-terminated wide strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcspbrk(s: *const wchar_t, accept: *const wchar_t) -> *mut wchar_t {
    // SAFETY: span's result indexes a unit of `s`, terminator included.
    unsafe {
        let p = s.add(span(s, accept, false));
        if *p == 0 { core::ptr::null_mut() } else { p.cast_mut() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Rng;

    #[test]
    fn spans_match_a_reference() {
        let mut rng = Rng::new(0x3c5);
        let pool = [1, 2, 0x100, -1i32 as wchar_t];
        for _ in 0..5000 {
            let s: Vec<wchar_t> = (0..rng.below(20)).map(|_| pool[rng.below(4)]).chain([0]).collect();
            let set: Vec<wchar_t> = (0..rng.below(3)).map(|_| pool[rng.below(4)]).chain([0]).collect();
            let inset = |u: &wchar_t| set[..set.len() - 1].contains(u);
            let text = &s[..s.len() - 1];
            let accept = text.iter().position(|u| !inset(u)).unwrap_or(text.len());
            let reject = text.iter().position(inset).unwrap_or(text.len());
            unsafe {
                assert_eq!(wcsspn(s.as_ptr(), set.as_ptr()), accept);
                assert_eq!(wcscspn(s.as_ptr(), set.as_ptr()), reject);
                let p = wcspbrk(s.as_ptr(), set.as_ptr());
                let want = (reject < text.len()).then_some(reject);
                assert_eq!((!p.is_null()).then(|| (p.addr() - s.as_ptr().addr()) / 4), want);
            }
        }
    }
}
