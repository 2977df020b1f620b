//! `strcat`.
use core::ffi::c_char;

use crate::arch::{c_string_length, copy_forward};

/// `strcat(dest, src)`—Appends the string `src`, terminator included, to the end of the
/// string `dest` and returns `dest`.
///
/// # Safety
/// `dest` and `src` must point to NUL-terminated strings, `dest` must have room for
/// `strlen(dest) + strlen(src) + 1` bytes, and the two must not overlap.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strcat(dest: *mut c_char, src: *const c_char) -> *mut c_char {
    // SAFETY: both are strings, and `dest` has room past its own terminator for `src`.
    unsafe {
        let end = dest.cast::<u8>().add(c_string_length(dest.cast()));
        copy_forward(end, src.cast(), c_string_length(src.cast()) + 1);
    }
    dest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{ALIGNS, Buf, MAX_LEN, Rng, c_string};

    #[test]
    fn every_length_and_alignment() {
        let mut rng = Rng::new(0x3ecb);
        let src0 = Buf::nonzero(&mut rng);
        let dst0 = Buf::nonzero(&mut rng);
        for total in 0..=MAX_LEN - 1 {
            for sa in 0..ALIGNS {
                for da in 0..ALIGNS {
                    // Split the total between the two strings so every end-of-`dest`
                    // alignment meets every `src` alignment.
                    let head = rng.below(total + 1);
                    let tail = total - head;
                    let (s, d) = (Buf::start(sa), Buf::start(da));
                    let mut src = src0.clone();
                    src.bytes_mut()[s + tail] = 0;
                    let mut dst = dst0.clone();
                    dst.bytes_mut()[d + head] = 0;
                    let mut want = dst.clone();
                    for i in 0..=tail {
                        want.bytes_mut()[d + head + i] = src.bytes()[s + i];
                    }
                    let r = unsafe { strcat(dst.at(da).cast(), src.ptr(sa).cast()) };
                    assert_eq!(r, dst.at(da).cast());
                    assert!(dst == want, "head {head} tail {tail} src {sa} dst {da}");
                }
            }
        }
    }

    #[test]
    fn random_long_strings() {
        let mut rng = Rng::new(0xcbcb);
        for _ in 0..2000 {
            let (head, tail) = (rng.below(2048), rng.below(2048));
            let (sa, da) = (rng.below(64), rng.below(64));
            let mut src = vec![1u8; sa];
            src.extend(c_string(&mut rng, tail));
            let mut dst: Vec<u8> = (0..da + head + tail + 64).map(|_| rng.nonzero()).collect();
            dst[da + head] = 0;
            let mut want = dst.clone();
            want[da + head..=da + head + tail].copy_from_slice(&src[sa..]);
            unsafe { strcat(dst[da..].as_mut_ptr().cast(), src[sa..].as_ptr().cast()) };
            assert!(dst == want, "head {head} tail {tail} src {sa} dst {da}");
        }
    }
}
