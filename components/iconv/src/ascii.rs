//! US-ASCII: the bytes 0x00..0x7F.
use crate::codec::{Codec, Decode, Encode};

/// The bytes and code points ASCII has.
pub const ASCII_END: u32 = 0x80;

/// ASCII (also ISO646 and US-ASCII).
pub static ASCII: Codec = Codec {
    decode: |_, input| {
        if (input[0] as u32) < ASCII_END {
            Decode::Char {
                c: input[0] as u32,
                len: 1,
            }
        } else {
            Decode::Invalid { len: 1 }
        }
    },
    encode: |_, c, out| encode_byte(c, ASCII_END - 1, out),
    reset: None,
};

/// Writes `c` as the byte of the same value if it is at most `max`: the encoder of ASCII and
/// of ISO-8859-1, whose bytes are their code points.
#[inline]
pub fn encode_byte(c: u32, max: u32, out: &mut [u8]) -> Encode {
    if c > max {
        Encode::Unrepresentable
    } else if let Some(byte) = out.first_mut() {
        *byte = c as u8;
        Encode::Wrote { len: 1 }
    } else {
        Encode::NoRoom
    }
}
