//! `strchr`.
use core::ffi::{c_char, c_int};

use crate::arch::find_byte_or_nul;

/// `strchr(s, c)`—Returns a pointer to the first byte of the string `s` that equals
/// `(char)c`, or null if there is none. The terminator is part of the string, so
/// `strchr(s, 0)` points at it.
///
/// Never reads past the match or the terminator into a page the string does not reach.
///
/// # Safety
/// `s` must point to a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strchr(s: *const c_char, c: c_int) -> *mut c_char {
    let c = c as u8;
    // SAFETY: the caller's contract is find_byte_or_nul's.
    let p = unsafe { find_byte_or_nul(s.cast(), c) };
    // SAFETY: find_byte_or_nul returns a pointer to a byte of the string.
    if unsafe { *p } == c { p.cast_mut().cast() } else { core::ptr::null_mut() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{ALIGNS, Buf, Fenced, MAX_LEN, Rng, c_string};

    fn reference(s: &[u8], c: u8) -> Option<usize> {
        for (i, &x) in s.iter().enumerate() {
            if x == c {
                return Some(i);
            }
            if x == 0 {
                return None;
            }
        }
        unreachable!("unterminated test string")
    }

    fn found(s: *const u8, r: *mut c_char) -> Option<usize> {
        if r.is_null() { None } else { Some(r.addr() - s.addr()) }
    }

    #[test]
    fn every_length_and_alignment() {
        let mut rng = Rng::new(0x3ec5);
        let buf0 = Buf::nonzero(&mut rng);
        for len in 0..=MAX_LEN {
            for sa in 0..ALIGNS {
                let start = Buf::start(sa);
                let c = [0, 1, 0x80, 0xff, rng.nonzero()][rng.below(5)];
                let mut buf = buf0.clone();
                for x in &mut buf.bytes_mut()[start..start + len] {
                    if *x == c {
                        *x = c ^ 0x40;
                    }
                }
                buf.bytes_mut()[start + len] = 0;
                // A match just past the terminator must not be found.
                buf.bytes_mut()[start + len + 1] = c;
                let mut plants = vec![None];
                if len > 0 && c != 0 {
                    plants.extend([Some(rng.below(len)), Some(len - 1)]);
                }
                for p in plants {
                    if let Some(p) = p {
                        buf.bytes_mut()[start + p] = c;
                    }
                    let s = buf.ptr(sa);
                    let want = reference(&buf.bytes()[start..], c);
                    let r = unsafe { strchr(s.cast(), c as c_int | 0x100) };
                    assert_eq!(found(s, r), want, "len {len} align {sa} c {c:#x} plant {p:?}");
                }
            }
        }
    }

    #[test]
    fn terminator_before_an_inaccessible_page() {
        let mut rng = Rng::new(19);
        let mut fenced = Fenced::new();
        for len in 0..=100 {
            let text = c_string(&mut rng, len);
            let s = fenced.at_end(&text);
            let absent = (1..=255).find(|c| !text.contains(c)).unwrap();
            assert_eq!(found(s, unsafe { strchr(s.cast(), absent as c_int) }), None);
            assert_eq!(found(s, unsafe { strchr(s.cast(), 0) }), Some(len));
            if len > 0 {
                let last = text[len - 1];
                assert_eq!(found(s, unsafe { strchr(s.cast(), last as c_int) }), reference(&text, last));
            }
        }
    }

    #[test]
    fn random_long_strings() {
        let mut rng = Rng::new(0xc5c5);
        for _ in 0..2000 {
            let len = rng.below(4096);
            let sa = rng.below(64);
            let mut v: Vec<u8> = (0..sa).map(|_| rng.letter()).collect();
            v.extend((0..len).map(|_| if rng.below(64) == 0 { rng.letter() } else { b'z' }));
            v.push(0);
            let c = [0, rng.letter()][rng.below(2)];
            let s = v[sa..].as_ptr();
            let r = unsafe { strchr(s.cast(), c as c_int) };
            assert_eq!(found(s, r), reference(&v[sa..], c), "len {len} align {sa}");
        }
    }
}
