//! UTF-8, strictly: no overlong forms, no surrogates, nothing above U+10FFFF. An invalid
//! sequence is its maximal valid prefix (so `//IGNORE` skips `E2 82` of `E2 82 41` and
//! keeps the `A`), as Unicode recommends for replacement.
use crate::codec::{Codec, Decode, Encode};

/// The largest Unicode scalar value.
pub const MAX_SCALAR: u32 = 0x10_ffff;
/// The first and last surrogate code points, which no UTF encodes as characters.
pub const SURROGATE_FIRST: u32 = 0xd800;
pub const SURROGATE_LAST: u32 = 0xdfff;

/// Continuation bytes are 10xxxxxx.
const CONT_MASK: u8 = 0xc0;
const CONT_TAG: u8 = 0x80;
/// The payload bits of a continuation byte.
const CONT_BITS: u32 = 0x3f;

/// Decodes the sequence at the front of `input` (not empty).
#[inline(always)]
pub fn decode(input: &[u8]) -> Decode {
    let b0 = input[0];
    if b0 < 0x80 {
        return Decode::Char {
            c: b0 as u32,
            len: 1,
        };
    }
    // The sequence length and the allowed range of the second byte, which is where
    // overlongs (E0, F0), surrogates (ED) and values above U+10FFFF (F4) are excluded.
    let (len, lo, hi, lead_bits) = match b0 {
        0xc2..=0xdf => (2, 0x80, 0xbf, (b0 & 0x1f) as u32),
        0xe0 => (3, 0xa0, 0xbf, 0),
        0xe1..=0xec | 0xee..=0xef => (3, 0x80, 0xbf, (b0 & 0x0f) as u32),
        0xed => (3, 0x80, 0x9f, (b0 & 0x0f) as u32),
        0xf0 => (4, 0x90, 0xbf, 0),
        0xf1..=0xf3 => (4, 0x80, 0xbf, (b0 & 0x07) as u32),
        0xf4 => (4, 0x80, 0x8f, 4),
        _ => return Decode::Invalid { len: 1 },
    };
    let mut c = lead_bits;
    for i in 1..len {
        let Some(&b) = input.get(i) else {
            return Decode::Incomplete;
        };
        let ok = if i == 1 {
            (lo..=hi).contains(&b)
        } else {
            b & CONT_MASK == CONT_TAG
        };
        if !ok {
            return Decode::Invalid { len: i };
        }
        c = (c << 6) | (b as u32 & CONT_BITS);
    }
    Decode::Char { c, len }
}

/// The number of bytes `c` (a scalar value) takes.
#[inline(always)]
pub fn len_of(c: u32) -> usize {
    match c {
        0..=0x7f => 1,
        0x80..=0x7ff => 2,
        0x800..=0xffff => 3,
        _ => 4,
    }
}

/// Writes `c` (a scalar value) at the front of `out`, which holds at least
/// [`len_of`]`(c)` bytes; returns that length.
#[inline(always)]
pub fn write(c: u32, out: &mut [u8]) -> usize {
    let len = len_of(c);
    match len {
        1 => out[0] = c as u8,
        2 => {
            out[0] = 0xc0 | (c >> 6) as u8;
            out[1] = CONT_TAG | (c & CONT_BITS) as u8;
        }
        3 => {
            out[0] = 0xe0 | (c >> 12) as u8;
            out[1] = CONT_TAG | ((c >> 6) & CONT_BITS) as u8;
            out[2] = CONT_TAG | (c & CONT_BITS) as u8;
        }
        _ => {
            out[0] = 0xf0 | (c >> 18) as u8;
            out[1] = CONT_TAG | ((c >> 12) & CONT_BITS) as u8;
            out[2] = CONT_TAG | ((c >> 6) & CONT_BITS) as u8;
            out[3] = CONT_TAG | (c & CONT_BITS) as u8;
        }
    }
    len
}

fn encode(_: &mut u64, c: u32, out: &mut [u8]) -> Encode {
    if out.len() < len_of(c) {
        return Encode::NoRoom;
    }
    Encode::Wrote { len: write(c, out) }
}

/// UTF-8 (also `""` and `"char"`, the locale's charset, which musl makes UTF-8).
pub static UTF8: Codec = Codec {
    decode: |_, input| decode(input),
    encode,
    reset: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Every scalar value round-trips and agrees with std's encoder.
    #[test]
    fn every_scalar() {
        let mut buf = [0u8; 4];
        for c in (0..=MAX_SCALAR).filter_map(char::from_u32) {
            let n = write(c as u32, &mut buf);
            assert_eq!(&buf[..n], c.encode_utf8(&mut [0; 4]).as_bytes());
            assert_eq!(
                decode(&buf[..n]),
                Decode::Char {
                    c: c as u32,
                    len: n
                }
            );
            for cut in 1..n {
                assert_eq!(decode(&buf[..cut]), Decode::Incomplete);
            }
        }
    }

    /// Every 1..3-byte string and a sample of 4-byte ones: valid exactly when std says so.
    #[test]
    fn agrees_with_std() {
        let check = |s: &[u8]| {
            let ours = decode(s);
            match core::str::from_utf8(s) {
                Ok(t) => {
                    let c = t.chars().next().unwrap();
                    assert_eq!(
                        ours,
                        Decode::Char {
                            c: c as u32,
                            len: c.len_utf8()
                        },
                        "{s:x?}"
                    )
                }
                Err(e) if e.valid_up_to() > 0 => {
                    assert!(matches!(ours, Decode::Char { .. }), "{s:x?}")
                }
                Err(e) => match e.error_len() {
                    None => assert_eq!(ours, Decode::Incomplete, "{s:x?}"),
                    Some(n) => assert_eq!(ours, Decode::Invalid { len: n }, "{s:x?}"),
                },
            }
        };
        for a in 0..=255u8 {
            check(&[a]);
            for b in 0..=255u8 {
                check(&[a, b]);
                for c in (0..=255u8).step_by(7) {
                    check(&[a, b, c]);
                    check(&[a, b, c, 0x80 | (c & 0x3f)]);
                }
            }
        }
    }
}
