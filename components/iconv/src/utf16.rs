//! UTF-16 and UCS-2, each big-endian, little-endian, or unmarked. The unmarked forms read a
//! byte-order mark when the input starts with one (and drop it), else big-endian, and write
//! big-endian without a mark: what musl does (measured on musl 1.2.3; glibc writes a mark
//! and native order). A mark after the first character, or in a marked form, is U+FEFF.
//! UCS-2 is UTF-16 without surrogate pairs: it cannot hold characters above U+FFFF.
use crate::codec::{Codec, Decode, Encode};
use crate::utf8::{SURROGATE_FIRST, SURROGATE_LAST};

/// The byte-order mark's code point.
pub const BOM: u32 = 0xfeff;
/// The decoder state of the unmarked forms: still looking for a mark, then the order.
pub const ORDER_UNKNOWN: u64 = 0;
pub const ORDER_BE: u64 = 1;
pub const ORDER_LE: u64 = 2;
/// The mark read in the wrong order (a little-endian mark read big-endian).
const BOM_SWAPPED: u32 = 0xfffe;
/// The bytes of one unit.
const UNIT: usize = 2;
/// The first low surrogate.
const LOW_FIRST: u32 = 0xdc00;
/// The first code point a surrogate pair encodes.
const PAIR_BASE: u32 = 0x1_0000;
/// The payload bits of each surrogate.
const SURROGATE_BITS: u32 = 0x3ff;

#[inline(always)]
fn unit(input: &[u8], le: bool) -> u32 {
    let b = [input[0], input[1]];
    (if le {
        u16::from_le_bytes(b)
    } else {
        u16::from_be_bytes(b)
    }) as u32
}

/// Decodes one character in the order `le`; `pairs`: UTF-16 (else UCS-2).
#[inline(always)]
pub fn decode_in(input: &[u8], le: bool, pairs: bool) -> Decode {
    if input.len() < 2 {
        return Decode::Incomplete;
    }
    let u = unit(input, le);
    if !(SURROGATE_FIRST..=SURROGATE_LAST).contains(&u) {
        return Decode::Char { c: u, len: 2 };
    }
    if !pairs || u >= LOW_FIRST {
        return Decode::Invalid { len: 2 };
    }
    if input.len() < 4 {
        return Decode::Incomplete;
    }
    let low = unit(&input[2..], le);
    if !(LOW_FIRST..=SURROGATE_LAST).contains(&low) {
        return Decode::Invalid { len: 2 };
    }
    let c = PAIR_BASE + (((u & SURROGATE_BITS) << 10) | (low & SURROGATE_BITS));
    Decode::Char { c, len: 4 }
}

/// The decoder of a fixed order.
fn decode_fixed<const LE: bool, const PAIRS: bool>(_: &mut u64, input: &[u8]) -> Decode {
    decode_in(input, LE, PAIRS)
}

/// The decoder of an unmarked form: the state is the order, once known.
fn decode_marked<const PAIRS: bool>(state: &mut u64, input: &[u8]) -> Decode {
    match read_mark(state, input, UNIT, |u| unit(u, false), BOM_SWAPPED) {
        Some(d) => d,
        None => decode_in(input, *state == ORDER_LE, PAIRS),
    }
}

/// The first step of an unmarked form's decoder (UTF-16's, UCS-2's, UTF-32's), whose units
/// are `len` bytes, read big-endian by `unit_be`: while the order in `state` is unknown, a
/// byte-order mark in either order sets it and is consumed, anything else sets big-endian.
/// `Some`: what the decoder returns (the mark, or too short an input); `None`: decode the
/// unit in the order `state` now holds. `swapped` is the mark read in the wrong order.
#[inline(always)]
pub fn read_mark(
    state: &mut u64,
    input: &[u8],
    len: usize,
    unit_be: impl Fn(&[u8]) -> u32,
    swapped: u32,
) -> Option<Decode> {
    if *state != ORDER_UNKNOWN {
        return None;
    }
    if input.len() < len {
        return Some(Decode::Incomplete);
    }
    let u = unit_be(input);
    *state = if u == swapped { ORDER_LE } else { ORDER_BE };
    (u == BOM || u == swapped).then_some(Decode::Shift { len })
}

/// Writes `c` in the order `le`; `pairs`: UTF-16 (else UCS-2).
#[inline(always)]
pub fn encode_in(c: u32, out: &mut [u8], le: bool, pairs: bool) -> Encode {
    let put = |u: u32, out: &mut [u8]| {
        let b = if le {
            (u as u16).to_le_bytes()
        } else {
            (u as u16).to_be_bytes()
        };
        out[..2].copy_from_slice(&b);
    };
    if c < PAIR_BASE {
        if out.len() < 2 {
            return Encode::NoRoom;
        }
        put(c, out);
        return Encode::Wrote { len: 2 };
    }
    if !pairs {
        return Encode::Unrepresentable;
    }
    if out.len() < 4 {
        return Encode::NoRoom;
    }
    let v = c - PAIR_BASE;
    put(SURROGATE_FIRST | (v >> 10), out);
    put(LOW_FIRST | (v & SURROGATE_BITS), &mut out[2..]);
    Encode::Wrote { len: 4 }
}

fn encode<const LE: bool, const PAIRS: bool>(_: &mut u64, c: u32, out: &mut [u8]) -> Encode {
    encode_in(c, out, LE, PAIRS)
}

/// UTF-16BE.
pub static UTF16BE: Codec = Codec {
    decode: decode_fixed::<false, true>,
    encode: encode::<false, true>,
    reset: None,
};
/// UTF-16LE.
pub static UTF16LE: Codec = Codec {
    decode: decode_fixed::<true, true>,
    encode: encode::<true, true>,
    reset: None,
};
/// UTF-16: reads a mark, writes big-endian.
pub static UTF16: Codec = Codec {
    decode: decode_marked::<true>,
    encode: encode::<false, true>,
    reset: None,
};
/// UCS-2BE.
pub static UCS2BE: Codec = Codec {
    decode: decode_fixed::<false, false>,
    encode: encode::<false, false>,
    reset: None,
};
/// UCS-2LE.
pub static UCS2LE: Codec = Codec {
    decode: decode_fixed::<true, false>,
    encode: encode::<true, false>,
    reset: None,
};
/// UCS-2: reads a mark, writes big-endian.
pub static UCS2: Codec = Codec {
    decode: decode_marked::<false>,
    encode: encode::<false, false>,
    reset: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Every scalar value round-trips in both orders, and agrees with std's UTF-16.
    #[test]
    fn every_scalar() {
        let mut buf = [0u8; 4];
        for ch in (0..=crate::utf8::MAX_SCALAR).filter_map(char::from_u32) {
            let c = ch as u32;
            let mut units = [0u16; 2];
            let units = ch.encode_utf16(&mut units);
            for le in [false, true] {
                let Encode::Wrote { len } = encode_in(c, &mut buf, le, true) else {
                    panic!()
                };
                let want: Vec<u8> = units
                    .iter()
                    .flat_map(|u| if le { u.to_le_bytes() } else { u.to_be_bytes() })
                    .collect();
                assert_eq!(&buf[..len], &want[..]);
                assert_eq!(decode_in(&buf[..len], le, true), Decode::Char { c, len });
                for cut in 0..len {
                    assert_eq!(decode_in(&buf[..cut], le, true), Decode::Incomplete);
                }
                let ucs2 = encode_in(c, &mut buf, le, false);
                assert_eq!(ucs2 == Encode::Unrepresentable, c > 0xffff);
            }
        }
    }

    #[test]
    fn lone_surrogates_are_invalid() {
        for u in SURROGATE_FIRST..=SURROGATE_LAST {
            let b = (u as u16).to_be_bytes();
            let want = if u < LOW_FIRST {
                Decode::Incomplete
            } else {
                Decode::Invalid { len: 2 }
            };
            assert_eq!(decode_in(&b, false, true), want);
            assert_eq!(
                decode_in(&[b[0], b[1], 0, 0x41], false, true),
                Decode::Invalid { len: 2 }
            );
            assert_eq!(decode_in(&b, false, false), Decode::Invalid { len: 2 });
        }
    }

    #[test]
    fn marks() {
        let mut s = ORDER_UNKNOWN;
        assert_eq!(
            (UTF16.decode)(&mut s, &[0xff, 0xfe, 0x41, 0]),
            Decode::Shift { len: 2 }
        );
        assert_eq!(
            (UTF16.decode)(&mut s, &[0x41, 0]),
            Decode::Char { c: 0x41, len: 2 }
        );
        assert_eq!(
            (UTF16.decode)(&mut s, &[0xff, 0xfe]),
            Decode::Char { c: BOM, len: 2 }
        );
        let mut s = ORDER_UNKNOWN;
        assert_eq!(
            (UTF16.decode)(&mut s, &[0, 0x41]),
            Decode::Char { c: 0x41, len: 2 }
        );
        assert_eq!(s, ORDER_BE);
        let mut s = ORDER_UNKNOWN;
        assert_eq!((UCS2.decode)(&mut s, &[0xfe]), Decode::Incomplete);
        assert_eq!(
            (UTF16BE.decode)(&mut s, &[0xfe, 0xff]),
            Decode::Char { c: BOM, len: 2 }
        );
    }
}
