//! `memcmp`.
use core::ffi::{c_int, c_void};

use crate::arch::compare_bytes;

/// `memcmp(a, b, n)`—Compares the first `n` bytes of `a` and `b` as unsigned chars.
///
/// Returns 0 if they are equal, otherwise the difference `a[i] - b[i]` at the first index
/// where they differ, the value musl returns.
///
/// # Safety
/// `a` and `b` must be valid for `n` bytes of reads.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn memcmp(a: *const c_void, b: *const c_void, n: usize) -> c_int {
    // SAFETY: the caller's contract is compare_bytes's.
    unsafe { compare_bytes(a.cast(), b.cast(), n) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{ALIGNS, Buf, Fenced, MAX_LEN, Rng};

    fn reference(a: &[u8], b: &[u8]) -> c_int {
        for (&x, &y) in a.iter().zip(b) {
            if x != y {
                return x as c_int - y as c_int;
            }
        }
        0
    }

    #[test]
    fn every_length_and_alignment() {
        let mut rng = Rng::new(0x3ec3);
        let a0 = Buf::nonzero(&mut rng);
        let b0 = Buf::nonzero(&mut rng);
        for len in 0..=MAX_LEN {
            for aa in 0..ALIGNS {
                for ba in 0..ALIGNS {
                    let a = &a0.bytes()[Buf::start(aa)..][..len];
                    let mut b = b0.clone();
                    b.bytes_mut()[Buf::start(ba)..][..len].copy_from_slice(a);
                    // Equal, then differing at a random byte, then at the last one; each
                    // difference in both directions across 0x80 so that signedness shows.
                    let mut positions = vec![None];
                    if len > 0 {
                        positions.extend([Some(rng.below(len)), Some(len - 1)]);
                    }
                    for p in positions {
                        let mut b = b.clone();
                        if let Some(p) = p {
                            b.bytes_mut()[Buf::start(ba) + p] = a[p] ^ 0x80;
                        }
                        let b_bytes = &b.bytes()[Buf::start(ba)..][..len];
                        let want = reference(a, b_bytes);
                        let got = unsafe { memcmp(a.as_ptr().cast(), b.ptr(ba).cast(), len) };
                        assert_eq!(got, want, "len {len} a {aa} b {ba} diff {p:?}");
                        let got = unsafe { memcmp(b.ptr(ba).cast(), a.as_ptr().cast(), len) };
                        assert_eq!(got, -want, "swapped: len {len} a {aa} b {ba} diff {p:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn operands_against_inaccessible_pages() {
        let mut rng = Rng::new(11);
        let bytes: Vec<u8> = (0..100).map(|_| rng.byte()).collect();
        let (mut fa, mut fb) = (Fenced::new(), Fenced::new());
        for len in 0..=bytes.len() {
            for k in 0..ALIGNS.min(len + 1) {
                // `a` ends on its page's last byte; `b` starts `k` bytes into its page.
                let n = len - k;
                let a = fa.at_end(&bytes[k..len]);
                let b = fb.at_start(&bytes[..len]).wrapping_add(k);
                assert_eq!(unsafe { memcmp(a.cast(), b.cast(), n) }, 0, "len {n} offset {k}");
                assert_eq!(unsafe { memcmp(b.cast(), a.cast(), n) }, 0, "len {n} offset {k}");
                if n > 0 {
                    let last = bytes[len - 1];
                    unsafe { *b.add(n - 1) = last ^ 0x80 };
                    let want = last as c_int - (last ^ 0x80) as c_int;
                    assert_eq!(unsafe { memcmp(a.cast(), b.cast(), n) }, want, "len {n} offset {k}");
                    assert_eq!(unsafe { memcmp(b.cast(), a.cast(), n) }, -want, "len {n} offset {k}");
                }
            }
        }
    }

    #[test]
    fn random_long_compares() {
        let mut rng = Rng::new(0xc3c3);
        for _ in 0..2000 {
            let len = rng.below(4096);
            let (aa, ba) = (rng.below(64), rng.below(64));
            let a: Vec<u8> = (0..len + 64).map(|_| rng.letter()).collect();
            let mut b: Vec<u8> = (0..len + 64).map(|_| rng.letter()).collect();
            b[ba..ba + len].copy_from_slice(&a[aa..aa + len]);
            if len > 0 && rng.below(4) != 0 {
                b[ba + rng.below(len)] = rng.letter();
            }
            let want = reference(&a[aa..aa + len], &b[ba..ba + len]);
            let got = unsafe { memcmp(a[aa..].as_ptr().cast(), b[ba..].as_ptr().cast(), len) };
            assert_eq!(got, want, "len {len} a {aa} b {ba}");
        }
    }
}
