//! `strnlen`.
use core::ffi::c_char;

use crate::arch::find_byte;

/// `strnlen(s, n)`—Returns the length of the string `s`, or `n` if none of its first `n`
/// bytes is the terminator.
///
/// Reads no further than the terminator or the `n`th byte (in aligned blocks that hold one
/// of those bytes).
///
/// # Safety
/// `s` must be readable up to its terminator or for `n` bytes, whichever comes first.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strnlen(s: *const c_char, n: usize) -> usize {
    // SAFETY: the caller's contract is find_byte's.
    let nul = unsafe { find_byte(s.cast(), 0, n) };
    if nul.is_null() { n } else { nul.addr() - s.addr() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{Fenced, Rng, c_string};

    #[test]
    fn bounded_length() {
        let mut rng = Rng::new(0x51e);
        let mut fenced = Fenced::new();
        for len in 0..=200 {
            let text = c_string(&mut rng, len);
            let s = fenced.at_end(&text);
            for n in [0, 1, len / 2, len, len + 1, usize::MAX] {
                assert_eq!(unsafe { strnlen(s.cast(), n) }, len.min(n), "len {len} n {n}");
            }
            // Unterminated: exactly `n` bytes before the fence.
            let s = fenced.at_end(&text[..len]);
            assert_eq!(unsafe { strnlen(s.cast(), len) }, len);
        }
    }
}
