//! `memmove`.
use core::ffi::c_void;


/// `memmove(dest, src, n)`—Copies `n` bytes from `src` to `dest`, which may overlap in any
/// way, as if through a temporary buffer, and returns `dest`.
///
/// # Safety
/// `src` must be valid for `n` bytes of reads and `dest` for `n` bytes of writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn memmove(dest: *mut c_void, src: *const c_void, n: usize) -> *mut c_void {
    // SAFETY: the caller's contract; arch::memmove picks the direction the overlap allows.
    unsafe { crate::arch::memmove(dest.cast(), src.cast(), n).cast() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{ALIGNS, Fenced, MAX_LEN, Rng};

    /// The naive reference: byte by byte, in whichever direction reads before it writes.
    fn reference(buf: &mut [u8], dst: usize, src: usize, len: usize) {
        if dst < src {
            for i in 0..len {
                buf[dst + i] = buf[src + i];
            }
        } else {
            for i in (0..len).rev() {
                buf[dst + i] = buf[src + i];
            }
        }
    }

    #[test]
    fn every_overlap_length_and_alignment() {
        const PAD: usize = 64;
        let mut rng = Rng::new(0x3e3e);
        let mut storage: Vec<u8> = (0..3 * MAX_LEN + 2 * PAD + ALIGNS + 64).map(|_| rng.byte()).collect();
        // Start the buffer on a 64-byte boundary so `sa` is the true alignment.
        let skew = storage.as_ptr().align_offset(64);
        let pristine = storage[skew..].to_vec();
        let base = PAD + MAX_LEN;
        for len in 0..=MAX_LEN {
            for sa in 0..ALIGNS {
                let s = base + sa;
                for d in s - len..=s + len {
                    let mut want = pristine.clone();
                    reference(&mut want, d, s, len);
                    let buf = &mut storage[skew..];
                    buf.copy_from_slice(&pristine);
                    let p = buf.as_mut_ptr();
                    let r = unsafe { memmove(p.wrapping_add(d).cast(), p.wrapping_add(s).cast(), len) };
                    assert_eq!(r, p.wrapping_add(d).cast());
                    assert!(*buf == *want, "len {len} src {s} dst {d}");
                }
            }
        }
    }

    #[test]
    fn source_against_inaccessible_pages() {
        let mut fenced = Fenced::new();
        let mut rng = Rng::new(9);
        let page_len = fenced.page().len();
        for len in 0..=100 {
            for shift in 0..=2 * ALIGNS {
                fenced.page().iter_mut().for_each(|b| *b = rng.byte());
                let mut want = fenced.page().to_vec();
                // Source ends on the last byte, destination below it; then the mirror case.
                let (s, d) = (page_len - len, page_len - len - shift);
                reference(&mut want, d, s, len);
                let p = fenced.page().as_mut_ptr();
                unsafe { memmove(p.wrapping_add(d).cast(), p.wrapping_add(s).cast(), len) };
                assert!(fenced.page() == want, "end len {len} shift {shift}");
                let (s, d) = (0, shift);
                reference(&mut want, d, s, len);
                unsafe { memmove(p.wrapping_add(d).cast(), p.wrapping_add(s).cast(), len) };
                assert!(fenced.page() == want, "start len {len} shift {shift}");
            }
        }
    }

    #[test]
    fn random_long_moves() {
        let mut rng = Rng::new(0x4d0e);
        for _ in 0..2000 {
            let len = rng.below(4096);
            let buf_len = 2 * len + 128;
            let mut buf: Vec<u8> = (0..buf_len).map(|_| rng.byte()).collect();
            let (s, d) = (rng.below(buf_len - len + 1), rng.below(buf_len - len + 1));
            let mut want = buf.clone();
            reference(&mut want, d, s, len);
            let p = buf.as_mut_ptr();
            unsafe { memmove(p.wrapping_add(d).cast(), p.wrapping_add(s).cast(), len) };
            assert!(buf == want, "len {len} src {s} dst {d}");
        }
    }
}
