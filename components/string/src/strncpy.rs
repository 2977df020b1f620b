//! `strncpy`.
use core::ffi::c_char;

use crate::arch::{copy_forward, find_byte, set_bytes};

/// `strncpy(dest, src, n)`—Copies at most `n` bytes of the string `src` to `dest`, then
/// fills the rest of the `n` bytes with NULs, and returns `dest`.
///
/// If `src` is `n` bytes or longer, `dest` is not terminated: that is the C contract.
/// `src` is read no further than its terminator or its `n`th byte.
///
/// # Safety
/// `src` must be readable up to its NUL or for `n` bytes, whichever comes first; `dest`
/// must be valid for `n` bytes of writes; the two must not overlap.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strncpy(dest: *mut c_char, src: *const c_char, n: usize) -> *mut c_char {
    let (d, s) = (dest.cast::<u8>(), src.cast::<u8>());
    // SAFETY: find_byte reads `src` no further than its NUL or `n` bytes, as the caller
    // allows; then `len <= n` bytes are copied and `n - len` set, all inside `dest`.
    unsafe {
        let nul = find_byte(s, 0, n);
        let len = if nul.is_null() { n } else { nul.addr() - s.addr() };
        copy_forward(d, s, len);
        set_bytes(d.add(len), 0, n - len);
    }
    dest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{ALIGNS, Buf, Fenced, MAX_LEN, Rng};

    fn reference(dst: &mut [u8], src: &[u8], n: usize) {
        let mut i = 0;
        while i < n && src[i] != 0 {
            dst[i] = src[i];
            i += 1;
        }
        while i < n {
            dst[i] = 0;
            i += 1;
        }
    }

    #[test]
    fn every_length_and_alignment() {
        let mut rng = Rng::new(0x3eca);
        let src0 = Buf::nonzero(&mut rng);
        let dst0 = Buf::nonzero(&mut rng);
        for len in 0..=MAX_LEN {
            for sa in 0..ALIGNS {
                let mut src = src0.clone();
                let s = Buf::start(sa);
                src.bytes_mut()[s + len] = 0;
                for da in 0..ALIGNS {
                    let d = Buf::start(da);
                    // Limits that truncate, that copy exactly the string, and that pad.
                    for n in [rng.below(len + 1), len, len + 1, len + 1 + rng.below(MAX_LEN - len + 1)] {
                        let n = n.min(MAX_LEN);
                        let mut want = dst0.clone();
                        reference(&mut want.bytes_mut()[d..], &src.bytes()[s..], n);
                        let mut dst = dst0.clone();
                        let r = unsafe { strncpy(dst.at(da).cast(), src.ptr(sa).cast(), n) };
                        assert_eq!(r, dst.at(da).cast());
                        assert!(dst == want, "len {len} src {sa} dst {da} n {n}");
                    }
                }
            }
        }
    }

    #[test]
    fn source_against_an_inaccessible_page() {
        let mut rng = Rng::new(41);
        let mut fenced = Fenced::new();
        for len in 0..=100 {
            // An unterminated array ending on the page's last byte, copied with n == len.
            let text: Vec<u8> = (0..len).map(|_| rng.nonzero()).collect();
            let s = fenced.at_end(&text);
            let mut dst = vec![0xaau8; len + 1];
            unsafe { strncpy(dst.as_mut_ptr().cast(), s.cast(), len) };
            assert_eq!(&dst[..len], &text[..]);
            assert_eq!(dst[len], 0xaa);
        }
    }

    #[test]
    fn random_long_strings() {
        let mut rng = Rng::new(0xcaca);
        for _ in 0..2000 {
            let len = rng.below(4096);
            let n = rng.below(4200);
            let (sa, da) = (rng.below(64), rng.below(64));
            let mut src = vec![1u8; sa];
            src.extend((0..len).map(|_| rng.nonzero()));
            src.push(0);
            let mut dst: Vec<u8> = (0..n + 128).map(|_| rng.byte()).collect();
            let mut want = dst.clone();
            reference(&mut want[da..], &src[sa..], n);
            unsafe { strncpy(dst[da..].as_mut_ptr().cast(), src[sa..].as_ptr().cast(), n) };
            assert!(dst == want, "len {len} n {n} src {sa} dst {da}");
        }
    }
}
