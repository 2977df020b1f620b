//! `strrchr`.
use core::ffi::{c_char, c_int};

use crate::arch::{c_string_length, find_last_byte};

/// `strrchr(s, c)`—Returns a pointer to the last byte of the string `s` that equals
/// `(char)c`, or null if there is none. The terminator is part of the string, so
/// `strrchr(s, 0)` points at it.
///
/// # Safety
/// `s` must point to a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strrchr(s: *const c_char, c: c_int) -> *mut c_char {
    // SAFETY: `s` is a string, so its `len + 1` bytes, terminator included, are readable.
    unsafe {
        let len = c_string_length(s.cast());
        find_last_byte(s.cast(), c as u8, len + 1).cast_mut().cast()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{ALIGNS, Buf, Fenced, MAX_LEN, Rng, c_string};

    fn reference(s: &[u8], c: u8) -> Option<usize> {
        let len = s.iter().position(|&x| x == 0).expect("unterminated test string");
        let mut last = None;
        for (i, &x) in s[..=len].iter().enumerate() {
            if x == c {
                last = Some(i);
            }
        }
        last
    }

    fn found(s: *const u8, r: *mut c_char) -> Option<usize> {
        if r.is_null() { None } else { Some(r.addr() - s.addr()) }
    }

    #[test]
    fn every_length_and_alignment() {
        let mut rng = Rng::new(0x3ec6);
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
                // A match just past the terminator, and one just before the string, must not be found.
                buf.bytes_mut()[start + len + 1] = c;
                buf.bytes_mut()[start - 1] = c;
                // Absent, then at the first byte, then at a random byte too, then the last too.
                let mut plants = vec![None];
                if len > 0 && c != 0 {
                    plants.extend([Some(0), Some(rng.below(len)), Some(len - 1)]);
                }
                for p in plants {
                    if let Some(p) = p {
                        buf.bytes_mut()[start + p] = c;
                    }
                    let s = buf.ptr(sa);
                    let want = reference(&buf.bytes()[start..], c);
                    let r = unsafe { strrchr(s.cast(), c as c_int | 0x100) };
                    assert_eq!(found(s, r), want, "len {len} align {sa} c {c:#x} plant {p:?}");
                }
            }
        }
    }

    #[test]
    fn terminator_before_an_inaccessible_page() {
        let mut rng = Rng::new(23);
        let mut fenced = Fenced::new();
        for len in 0..=100 {
            let text = c_string(&mut rng, len);
            let s = fenced.at_end(&text);
            assert_eq!(found(s, unsafe { strrchr(s.cast(), 0) }), Some(len));
            if len > 0 {
                let first = text[0];
                assert_eq!(found(s, unsafe { strrchr(s.cast(), first as c_int) }), reference(&text, first));
            }
        }
    }

    #[test]
    fn random_long_strings() {
        let mut rng = Rng::new(0xc6c6);
        for _ in 0..2000 {
            let len = rng.below(4096);
            let sa = rng.below(64);
            let mut v: Vec<u8> = (0..sa).map(|_| rng.letter()).collect();
            v.extend((0..len).map(|_| if rng.below(64) == 0 { rng.letter() } else { b'z' }));
            v.push(0);
            let c = [0, rng.letter()][rng.below(2)];
            let s = v[sa..].as_ptr();
            let r = unsafe { strrchr(s.cast(), c as c_int) };
            assert_eq!(found(s, r), reference(&v[sa..], c), "len {len} align {sa}");
        }
    }
}
