//! `stpncpy`.
use core::ffi::c_char;

use crate::arch::{copy_forward, find_byte, set_bytes};

/// `stpncpy(dest, src, n)`—Like `strncpy`: copies at most `n` bytes of the string `src` to
/// `dest` and fills the rest of the `n` bytes with NULs. Returns a pointer to the first NUL
/// written, or `dest + n` if `src` filled all `n` bytes.
///
/// # Safety
/// `src` must be readable up to its NUL or for `n` bytes, whichever comes first; `dest`
/// must be valid for `n` bytes of writes; the two must not overlap.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn stpncpy(dest: *mut c_char, src: *const c_char, n: usize) -> *mut c_char {
    let (d, s) = (dest.cast::<u8>(), src.cast::<u8>());
    // SAFETY: find_byte reads `src` no further than its NUL or `n` bytes; then `len <= n`
    // bytes are copied and `n - len` set, all inside `dest`.
    unsafe {
        let nul = find_byte(s, 0, n);
        let len = if nul.is_null() { n } else { nul.addr() - s.addr() };
        copy_forward(d, s, len);
        set_bytes(d.add(len), 0, n - len);
        dest.add(len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{Fenced, Rng, c_string};

    #[test]
    fn copies_pads_and_returns_the_end() {
        let mut rng = Rng::new(0x5719);
        let mut fenced = Fenced::new();
        for len in 0..100 {
            let src = c_string(&mut rng, len);
            for n in [0, len / 2, len, len + 1, len + 30] {
                let s = if n <= len { fenced.at_end(&src[..n]) } else { fenced.at_end(&src) };
                let mut dst = vec![0x77u8; n + 2];
                let r = unsafe { stpncpy(dst.as_mut_ptr().cast(), s.cast(), n) };
                let k = len.min(n);
                assert_eq!(r.addr(), dst.as_ptr().addr() + k);
                assert_eq!(&dst[..k], &src[..k]);
                assert!(dst[k..n].iter().all(|&x| x == 0));
                assert_eq!(&dst[n..], &[0x77, 0x77]);
            }
        }
    }
}
