//! GBK: ASCII and the whole two-byte GB table (GB18030's two-byte part, with its additions
//! such as the euro at A2E3, as musl reads GBK).
use super::gb::{LEAD_HI, LEAD_LO, REV, is_trail, two_byte};
use super::table::{ASCII_END, put};
use crate::codec::{Codec, Decode, Encode};

/// GBK, both ways.
pub static GBK: Codec = Codec {
    decode,
    encode,
    reset: None,
};

fn decode(_state: &mut u64, input: &[u8]) -> Decode {
    let b0 = input[0];
    if (b0 as u32) < ASCII_END {
        return Decode::Char {
            c: b0 as u32,
            len: 1,
        };
    }
    if !(LEAD_LO..=LEAD_HI).contains(&b0) {
        return Decode::Invalid { len: 1 };
    }
    let Some(&b1) = input.get(1) else {
        return Decode::Incomplete;
    };
    if !is_trail(b1) {
        return Decode::Invalid { len: 1 };
    }
    two_byte(b0, b1)
}

fn encode(_state: &mut u64, c: u32, out: &mut [u8]) -> Encode {
    if c < ASCII_END {
        return put(out, &[c as u8]);
    }
    match REV.get(c) {
        Some(code) => put(out, &code.to_be_bytes()),
        None => Encode::Unrepresentable,
    }
}
