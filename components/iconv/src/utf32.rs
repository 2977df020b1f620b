//! UTF-32 and UCS-4 (the same thing today: UCS-4 too stops at U+10FFFF and excludes
//! surrogates, as musl's does), big-endian, little-endian or unmarked, and WCHAR_T (the
//! native `wchar_t`, a 32-bit scalar value in the machine's order). The unmarked forms read
//! a byte-order mark and otherwise assume big-endian; they write big-endian without a mark,
//! as musl does.
use crate::codec::{Codec, Decode, Encode};
use crate::utf8::{MAX_SCALAR, SURROGATE_FIRST, SURROGATE_LAST};
use crate::utf16::{ORDER_LE, read_mark};

/// The bytes of one unit.
const UNIT: usize = 4;
/// The byte-order mark read in the wrong order (a little-endian mark read big-endian).
const BOM_SWAPPED: u32 = 0xfffe_0000;

#[inline(always)]
fn unit(input: &[u8], le: bool) -> u32 {
    let b = [input[0], input[1], input[2], input[3]];
    if le {
        u32::from_le_bytes(b)
    } else {
        u32::from_be_bytes(b)
    }
}

/// Decodes one character in the order `le`.
#[inline(always)]
pub fn decode_in(input: &[u8], le: bool) -> Decode {
    if input.len() < UNIT {
        return Decode::Incomplete;
    }
    let c = unit(input, le);
    if c > MAX_SCALAR || (SURROGATE_FIRST..=SURROGATE_LAST).contains(&c) {
        return Decode::Invalid { len: UNIT };
    }
    Decode::Char { c, len: UNIT }
}

fn decode_fixed<const LE: bool>(_: &mut u64, input: &[u8]) -> Decode {
    decode_in(input, LE)
}

fn decode_marked(state: &mut u64, input: &[u8]) -> Decode {
    match read_mark(state, input, UNIT, |u| unit(u, false), BOM_SWAPPED) {
        Some(d) => d,
        None => decode_in(input, *state == ORDER_LE),
    }
}

fn encode<const LE: bool>(_: &mut u64, c: u32, out: &mut [u8]) -> Encode {
    if out.len() < UNIT {
        return Encode::NoRoom;
    }
    out[..UNIT].copy_from_slice(&if LE { c.to_le_bytes() } else { c.to_be_bytes() });
    Encode::Wrote { len: UNIT }
}

/// Whether the machine's `wchar_t` is little-endian.
const NATIVE_LE: bool = cfg!(target_endian = "little");

/// UTF-32BE and UCS-4BE.
pub static UTF32BE: Codec = Codec {
    decode: decode_fixed::<false>,
    encode: encode::<false>,
    reset: None,
};
/// UTF-32LE and UCS-4LE.
pub static UTF32LE: Codec = Codec {
    decode: decode_fixed::<true>,
    encode: encode::<true>,
    reset: None,
};
/// UTF-32 and UCS-4: read a mark, write big-endian.
pub static UTF32: Codec = Codec {
    decode: decode_marked,
    encode: encode::<false>,
    reset: None,
};
/// WCHAR_T.
pub static WCHAR_T: Codec = Codec {
    decode: decode_fixed::<NATIVE_LE>,
    encode: encode::<NATIVE_LE>,
    reset: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::utf16::ORDER_UNKNOWN;

    #[test]
    fn units() {
        let mut s = ORDER_UNKNOWN;
        assert_eq!(
            (UTF32.decode)(&mut s, &[0xff, 0xfe, 0, 0]),
            Decode::Shift { len: 4 }
        );
        assert_eq!(
            (UTF32.decode)(&mut s, &[0x41, 0, 0, 0]),
            Decode::Char { c: 0x41, len: 4 }
        );
        let mut s = ORDER_UNKNOWN;
        assert_eq!((UTF32.decode)(&mut s, &[0, 0, 0]), Decode::Incomplete);
        assert_eq!(
            (UTF32.decode)(&mut s, &[0, 0, 0, 0x41]),
            Decode::Char { c: 0x41, len: 4 }
        );
        for bad in [0x11_0000u32, 0xd800, 0xdfff, u32::MAX] {
            assert_eq!(
                decode_in(&bad.to_le_bytes(), true),
                Decode::Invalid { len: 4 }
            );
        }
        let mut out = [0u8; 4];
        assert_eq!(
            (WCHAR_T.encode)(&mut 0, 0x1f600, &mut out),
            Encode::Wrote { len: 4 }
        );
        assert_eq!(u32::from_ne_bytes(out), 0x1f600);
        assert_eq!(
            (UTF32BE.encode)(&mut 0, 0x41, &mut out[..3]),
            Encode::NoRoom
        );
    }
}
