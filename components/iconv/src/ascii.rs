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
    encode: |_, c, out| {
        if c >= ASCII_END {
            Encode::Unrepresentable
        } else if out.is_empty() {
            Encode::NoRoom
        } else {
            out[0] = c as u8;
            Encode::Wrote { len: 1 }
        }
    },
    reset: None,
};
