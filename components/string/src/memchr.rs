//! `memchr`.
use core::ffi::{c_int, c_void};

use crate::arch::find_byte;

/// `memchr(s, c, n)`—Returns a pointer to the first of the `n` bytes at `s` that equals
/// `(unsigned char)c`, or null if none does.
///
/// Stops at the first match: past it, nothing is read beyond the aligned word that holds
/// it, so `n` may be larger than the object when the object is known to contain `c`.
///
/// # Safety
/// `s` must be readable up to the first occurrence of `c` or for `n` bytes, whichever
/// comes first.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn memchr(s: *const c_void, c: c_int, n: usize) -> *mut c_void {
    // SAFETY: the caller's contract is find_byte's.
    unsafe { find_byte(s.cast(), c as u8, n) }.cast_mut().cast()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{ALIGNS, Buf, Fenced, MAX_LEN, Rng};

    fn reference(s: &[u8], c: u8) -> Option<usize> {
        for (i, &x) in s.iter().enumerate() {
            if x == c {
                return Some(i);
            }
        }
        None
    }

    /// The index `memchr` found in `s`, checking that the pointer is inside it.
    fn found(s: *const u8, len: usize, r: *mut c_void) -> Option<usize> {
        if r.is_null() {
            return None;
        }
        let i = r.addr().wrapping_sub(s.addr());
        assert!(i < len, "result outside the haystack");
        Some(i)
    }

    #[test]
    fn every_length_and_alignment() {
        let mut rng = Rng::new(0x3ec4);
        let buf0 = Buf::nonzero(&mut rng);
        for len in 0..=MAX_LEN {
            for sa in 0..ALIGNS {
                let c = [0, 1, 0x80, 0xff, rng.byte()][rng.below(5)];
                let mut buf = buf0.clone();
                let start = Buf::start(sa);
                for x in &mut buf.bytes_mut()[start..start + len] {
                    if *x == c {
                        *x = c ^ 0x40;
                    }
                }
                // Absent, then planted at a random byte, then at the last byte.
                let mut plants = vec![None];
                if len > 0 {
                    plants.extend([Some(rng.below(len)), Some(len - 1)]);
                }
                for p in plants {
                    if let Some(p) = p {
                        buf.bytes_mut()[start + p] = c;
                    }
                    let s = buf.ptr(sa);
                    let want = reference(&buf.bytes()[start..start + len], c);
                    // High bits of the int must be ignored.
                    let r = unsafe { memchr(s.cast(), c as c_int | 0x7f00, len) };
                    assert_eq!(found(s, len, r), want, "len {len} align {sa} c {c:#x} plant {p:?}");
                }
            }
        }
    }

    #[test]
    fn stops_at_the_match_before_an_inaccessible_page() {
        let mut rng = Rng::new(13);
        let mut fenced = Fenced::new();
        for len in 1..=100 {
            let c = [0, 0x80, rng.nonzero()][rng.below(3)];
            let mut hay: Vec<u8> = (0..len).map(|_| rng.byte()).filter(|&x| x != c).collect();
            hay.push(c);
            let s = fenced.at_end(&hay);
            let want = Some(hay.len() - 1);
            for n in [hay.len(), hay.len() + 1, hay.len() + 4096, usize::MAX] {
                let r = unsafe { memchr(s.cast(), c as c_int, n) };
                assert_eq!(found(s, hay.len(), r), want, "len {} n {n}", hay.len());
            }
            // Without a match, reading must stop at exactly `n` bytes too.
            let r = unsafe { memchr(s.cast(), c as c_int, hay.len() - 1) };
            assert!(r.is_null());
        }
    }

    #[test]
    fn random_long_searches() {
        let mut rng = Rng::new(0xc4c4);
        for _ in 0..2000 {
            let len = rng.below(4096);
            let sa = rng.below(64);
            let hay: Vec<u8> = (0..len + 64).map(|_| if rng.below(200) == 0 { 0 } else { rng.nonzero() }).collect();
            let c = [0, rng.byte()][rng.below(2)];
            let s = hay[sa..].as_ptr();
            let want = reference(&hay[sa..sa + len], c);
            let r = unsafe { memchr(s.cast(), c as c_int, len) };
            assert_eq!(found(s, len, r), want, "len {len} align {sa}");
        }
    }
}
