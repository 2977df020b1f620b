//! `memcpy`.
use core::ffi::c_void;


/// `memcpy(dest, src, n)`—Copies `n` bytes from `src` to `dest` and returns `dest`.
///
/// The copy runs through the crate's own word loop, never `ptr::copy_nonoverlapping` or a
/// slice copy: those lower to a call to `memcpy`, which is this function.
///
/// # Safety
/// `src` must be valid for `n` bytes of reads and `dest` for `n` bytes of writes, and the
/// regions must not overlap (that is `memmove`'s job).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn memcpy(dest: *mut c_void, src: *const c_void, n: usize) -> *mut c_void {
    // SAFETY: the caller's contract is copy_forward's.
    unsafe { crate::arch::memcpy(dest.cast(), src.cast(), n).cast() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{ALIGNS, Buf, Fenced, MAX_LEN, Rng};

    #[test]
    fn every_length_and_alignment() {
        let mut rng = Rng::new(0x3e3c);
        let src = Buf::nonzero(&mut rng);
        let src_before = src.clone();
        let dst0 = Buf::nonzero(&mut rng);
        for len in 0..=MAX_LEN {
            for sa in 0..ALIGNS {
                for da in 0..ALIGNS {
                    let mut want = dst0.clone();
                    let (s, d) = (Buf::start(sa), Buf::start(da));
                    for i in 0..len {
                        want.bytes_mut()[d + i] = src.bytes()[s + i];
                    }
                    let mut dst = dst0.clone();
                    let r = unsafe { memcpy(dst.at(da).cast(), src.ptr(sa).cast(), len) };
                    assert_eq!(r, dst.at(da).cast(), "len {len} src {sa} dst {da}");
                    assert!(dst == want, "len {len} src {sa} dst {da}");
                }
            }
        }
        assert!(src == src_before);
    }

    #[test]
    fn source_against_inaccessible_pages() {
        let mut rng = Rng::new(7);
        let bytes: Vec<u8> = (0..200).map(|_| rng.byte()).collect();
        let mut fenced = Fenced::new();
        for len in 0..=bytes.len() {
            for da in 0..ALIGNS {
                let mut dst = vec![0u8; len + ALIGNS];
                let src = fenced.at_end(&bytes[..len]);
                unsafe { memcpy(dst[da..].as_mut_ptr().cast(), src.cast(), len) };
                assert_eq!(&dst[da..da + len], &bytes[..len], "end len {len} dst {da}");
                for sa in 0..ALIGNS.min(len + 1) {
                    let src = fenced.at_start(&bytes[..len]).wrapping_add(sa);
                    let n = len - sa;
                    unsafe { memcpy(dst[da..].as_mut_ptr().cast(), src.cast(), n) };
                    assert_eq!(&dst[da..da + n], &bytes[sa..len], "start len {n} src {sa} dst {da}");
                }
            }
        }
    }

    #[test]
    fn random_long_copies() {
        let mut rng = Rng::new(0xc0b1);
        for _ in 0..2000 {
            let len = rng.below(4096);
            let (sa, da) = (rng.below(64), rng.below(64));
            let src: Vec<u8> = (0..len + 64).map(|_| rng.byte()).collect();
            let mut dst: Vec<u8> = (0..len + 128).map(|_| rng.byte()).collect();
            let mut want = dst.clone();
            want[da..da + len].copy_from_slice(&src[sa..sa + len]);
            unsafe { memcpy(dst[da..].as_mut_ptr().cast(), src[sa..].as_ptr().cast(), len) };
            assert!(dst == want, "len {len} src {sa} dst {da}");
        }
    }
}
