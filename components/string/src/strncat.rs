//! `strncat`.
use core::ffi::c_char;

use crate::arch::{c_string_length, copy_forward, find_byte};

/// `strncat(dest, src, n)`—Appends at most `n` bytes of the string `src` to the string
/// `dest`, then a terminator, and returns `dest`.
///
/// `src` is read no further than its terminator or its `n`th byte.
///
/// # Safety
/// `dest` must be a NUL-terminated string with room for `min(strlen(src), n) + 1` more
/// bytes; `src` must be readable up to its NUL or for `n` bytes; no overlap.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strncat(dest: *mut c_char, src: *const c_char, n: usize) -> *mut c_char {
    let s = src.cast::<u8>();
    // SAFETY: per the contract: the appended bytes and terminator fit after `dest`'s end.
    unsafe {
        let end = dest.cast::<u8>().add(c_string_length(dest.cast()));
        let nul = find_byte(s, 0, n);
        let len = if nul.is_null() { n } else { nul.addr() - s.addr() };
        copy_forward(end, s, len);
        *end.add(len) = 0;
    }
    dest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{Fenced, Rng, c_string};

    #[test]
    fn appends_at_most_n() {
        let mut rng = Rng::new(0x5ca7);
        let mut fenced = Fenced::new();
        for _ in 0..2000 {
            let (dl, sl) = (rng.below(100), rng.below(100));
            let head = c_string(&mut rng, dl);
            let src = c_string(&mut rng, sl);
            let n = rng.below(120);
            let s = if n < sl { fenced.at_end(&src[..n]) } else { fenced.at_end(&src) };
            let mut dst = head.clone();
            dst.resize(dl + sl + 8, 0x99);
            unsafe { strncat(dst.as_mut_ptr().cast(), s.cast(), n) };
            let k = sl.min(n);
            let mut want = head[..dl].to_vec();
            want.extend_from_slice(&src[..k]);
            want.push(0);
            assert_eq!(&dst[..=dl + k], &want[..]);
        }
    }
}
