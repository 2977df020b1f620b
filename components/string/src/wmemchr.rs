//! `wmemchr`.
use crate::arch::find_wide;
use crate::wchar_t;

/// `wmemchr(s, c, n)`—Returns a pointer to the first of the `n` wide characters at `s`
/// that equals `c`, or null if none does. Stops at the first match, like `memchr`.
///
/// # Safety
/// `s` must be readable up to the first `c` or for `n` wide characters, whichever comes
/// first.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wmemchr(s: *const wchar_t, c: wchar_t, n: usize) -> *mut wchar_t {
    // SAFETY: the caller's contract is find_wide's.
    unsafe { find_wide(s.cast(), c as u32, n) }.cast_mut().cast()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{Fenced, Rng};

    #[test]
    fn first_match_within_n() {
        let mut rng = Rng::new(0x3c);
        let mut fenced = Fenced::new();
        for _ in 0..3000 {
            let len = rng.below(100);
            let units: Vec<wchar_t> = (0..len).map(|_| [0, 1, 0x100, -1i32 as wchar_t][rng.below(4)]).collect();
            let c = [0, 1, 0x100, -1i32 as wchar_t, 0x101][rng.below(5)];
            let bytes: Vec<u8> = units.iter().flat_map(|u| u.to_ne_bytes()).collect();
            let s = fenced.at_end(&bytes).cast::<wchar_t>();
            let n = rng.below(len + 1);
            let want = units[..n].iter().position(|&u| u == c);
            let r = unsafe { wmemchr(s, c, n) };
            assert_eq!((!r.is_null()).then(|| (r.addr() - s.addr()) / 4), want);
            if let Some(i) = units.iter().position(|&u| u == c) {
                let r = unsafe { wmemchr(s, c, usize::MAX) };
                assert_eq!((r.addr() - s.addr()) / 4, i);
            }
        }
    }
}
