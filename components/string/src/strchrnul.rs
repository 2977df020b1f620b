//! `strchrnul`.
use core::ffi::{c_char, c_int};

use crate::arch::find_byte_or_nul;

/// `strchrnul(s, c)`—Returns a pointer to the first byte of the string `s` that equals
/// `(char)c`, or to its terminator if there is none.
///
/// Never reads past the match or the terminator into a page the string does not reach.
///
/// # Safety
/// `s` must point to a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strchrnul(s: *const c_char, c: c_int) -> *mut c_char {
    // SAFETY: the caller's contract is find_byte_or_nul's.
    unsafe { find_byte_or_nul(s.cast(), c as u8) }.cast_mut().cast()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{Fenced, Rng, c_string};

    #[test]
    fn match_or_terminator() {
        let mut rng = Rng::new(0xc401);
        let mut fenced = Fenced::new();
        for len in 0..=200 {
            let text = c_string(&mut rng, len);
            let s = fenced.at_end(&text);
            for c in [0u8, text[0], text[len / 2], 0x80, rng.nonzero()] {
                let want = text.iter().position(|&x| x == c || x == 0).unwrap();
                let r = unsafe { strchrnul(s.cast(), c as c_int | 0x200) };
                assert_eq!(r.addr() - s.addr(), want, "len {len} c {c:#x}");
            }
        }
    }
}
