//! `strcpy`.
use core::ffi::c_char;

use crate::arch::{c_string_length, copy_forward};

/// `strcpy(dest, src)`—Copies the string `src`, terminator included, to `dest` and returns
/// `dest`.
///
/// Measures `src` first and then copies it with the `memcpy` loop: two word-wide passes
/// beat one byte-wide pass whenever `src` and `dest` are misaligned relative to each other.
///
/// # Safety
/// `src` must point to a NUL-terminated string, `dest` must be valid for
/// `strlen(src) + 1` bytes of writes, and the two must not overlap.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strcpy(dest: *mut c_char, src: *const c_char) -> *mut c_char {
    // SAFETY: `src` is a string of `len + 1` bytes and `dest` has room for them.
    unsafe {
        let len = c_string_length(src.cast());
        copy_forward(dest.cast(), src.cast(), len + 1);
    }
    dest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{ALIGNS, Buf, Fenced, MAX_LEN, Rng, c_string};

    #[test]
    fn every_length_and_alignment() {
        let mut rng = Rng::new(0x3ec9);
        let src0 = Buf::nonzero(&mut rng);
        let dst0 = Buf::nonzero(&mut rng);
        for len in 0..=MAX_LEN {
            for sa in 0..ALIGNS {
                let mut src = src0.clone();
                let s = Buf::start(sa);
                src.bytes_mut()[s + len] = 0;
                for da in 0..ALIGNS {
                    let d = Buf::start(da);
                    let mut want = dst0.clone();
                    for i in 0..=len {
                        want.bytes_mut()[d + i] = src.bytes()[s + i];
                    }
                    let mut dst = dst0.clone();
                    let r = unsafe { strcpy(dst.at(da).cast(), src.ptr(sa).cast()) };
                    assert_eq!(r, dst.at(da).cast());
                    assert!(dst == want, "len {len} src {sa} dst {da}");
                }
            }
        }
    }

    #[test]
    fn terminator_before_an_inaccessible_page() {
        let mut rng = Rng::new(37);
        let mut fenced = Fenced::new();
        for len in 0..=100 {
            let text = c_string(&mut rng, len);
            let s = fenced.at_end(&text);
            for da in 0..ALIGNS {
                let mut dst = vec![0xaau8; len + 1 + ALIGNS + 1];
                unsafe { strcpy(dst[da..].as_mut_ptr().cast(), s.cast()) };
                assert_eq!(&dst[da..=da + len], &text[..]);
                assert_eq!(dst[da + len + 1], 0xaa);
            }
        }
    }

    #[test]
    fn random_long_strings() {
        let mut rng = Rng::new(0xc9c9);
        for _ in 0..2000 {
            let len = rng.below(4096);
            let (sa, da) = (rng.below(64), rng.below(64));
            let mut src = vec![1u8; sa];
            src.extend(c_string(&mut rng, len));
            let mut dst: Vec<u8> = (0..len + 128).map(|_| rng.byte()).collect();
            let mut want = dst.clone();
            want[da..=da + len].copy_from_slice(&src[sa..]);
            unsafe { strcpy(dst[da..].as_mut_ptr().cast(), src[sa..].as_ptr().cast()) };
            assert!(dst == want, "len {len} src {sa} dst {da}");
        }
    }
}
