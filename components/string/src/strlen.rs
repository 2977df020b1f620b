//! `strlen`.
use core::ffi::c_char;

use crate::arch::c_string_length;

/// `strlen(s)`—Returns the number of bytes in the string `s` before its terminating NUL.
///
/// Reads aligned words, each only after the previous bytes held no NUL, so it never
/// touches a page the string does not reach.
///
/// # Safety
/// `s` must point to a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strlen(s: *const c_char) -> usize {
    // SAFETY: the caller's contract is c_string_length's.
    unsafe { c_string_length(s.cast()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{ALIGNS, Buf, Fenced, MAX_LEN, Rng, c_string};

    #[test]
    fn every_length_and_alignment() {
        let mut rng = Rng::new(0x3e1e);
        let buf0 = Buf::nonzero(&mut rng);
        for len in 0..=MAX_LEN {
            for sa in 0..ALIGNS {
                let mut buf = buf0.clone();
                buf.bytes_mut()[Buf::start(sa) + len] = 0;
                // A second NUL later on must not matter.
                buf.bytes_mut()[Buf::start(sa) + len + 1 + rng.below(8)] = 0;
                assert_eq!(unsafe { strlen(buf.ptr(sa).cast()) }, len, "len {len} align {sa}");
            }
        }
    }

    #[test]
    fn terminator_before_an_inaccessible_page() {
        let mut rng = Rng::new(17);
        let mut fenced = Fenced::new();
        for len in 0..=100 {
            let s = fenced.at_end(&c_string(&mut rng, len));
            assert_eq!(unsafe { strlen(s.cast()) }, len);
        }
    }

    #[test]
    fn random_long_strings() {
        let mut rng = Rng::new(0x1e1e);
        for _ in 0..2000 {
            let len = rng.below(4096);
            let sa = rng.below(64);
            let mut v = vec![1u8; sa];
            v.extend(c_string(&mut rng, len));
            assert_eq!(unsafe { strlen(v[sa..].as_ptr().cast()) }, len);
        }
    }
}
