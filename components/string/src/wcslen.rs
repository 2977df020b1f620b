//! `wcslen` and `wcsnlen`.
use crate::arch::{find_wide, wide_length};
use crate::wchar_t;

/// `wcslen(s)`—Returns the number of wide characters in the wide string `s` before its
/// terminating null wide character.
///
/// # Safety
/// `s` must point to a null-terminated wide string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcslen(s: *const wchar_t) -> usize {
    // SAFETY: the caller's contract is wide_length's.
    unsafe { wide_length(s.cast()) }
}

/// `wcsnlen(s, n)`—Returns the length of the wide string `s`, or `n` if none of its first
/// `n` wide characters is the terminator.
///
/// # Safety
/// `s` must be readable up to its terminator or for `n` wide characters, whichever comes
/// first.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcsnlen(s: *const wchar_t, n: usize) -> usize {
    // SAFETY: the caller's contract is find_wide's.
    let nul = unsafe { find_wide(s.cast(), 0, n) };
    if nul.is_null() { n } else { (nul.addr() - s.addr()) / size_of::<wchar_t>() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Fenced;

    #[test]
    fn lengths_before_a_fence() {
        let mut fenced = Fenced::new();
        for len in 0..200usize {
            let mut units: Vec<u8> = (0..len).flat_map(|i| (0x1_0000 + i as u32).to_ne_bytes()).collect();
            units.extend(0u32.to_ne_bytes());
            let s = fenced.at_end(&units).cast::<wchar_t>();
            assert_eq!(unsafe { wcslen(s) }, len);
            for n in [0, len / 2, len, len + 1, usize::MAX] {
                assert_eq!(unsafe { wcsnlen(s, n) }, len.min(n));
            }
            let s = fenced.at_end(&units[..4 * len]).cast::<wchar_t>();
            assert_eq!(unsafe { wcsnlen(s, len) }, len);
        }
    }
}
