//! GBK: ASCII and the whole two-byte GB table (GB18030's two-byte part, with its additions
//! such as the euro at A2E3, as musl reads GBK).
use super::gb::{LEAD_HI, LEAD_LO, REV, is_trail, two_byte};
use super::table::{ASCII_END, lead_trail, put, put_code};
use crate::codec::{Codec, Decode, Encode};

/// GBK, both ways.
pub static GBK: Codec = Codec {
    decode,
    encode,
    reset: None,
};

fn decode(_state: &mut u64, input: &[u8]) -> Decode {
    match lead_trail(input, |b| (LEAD_LO..=LEAD_HI).contains(&b), is_trail) {
        Ok((b0, b1)) => two_byte(b0, b1),
        Err(d) => d,
    }
}

fn encode(_state: &mut u64, c: u32, out: &mut [u8]) -> Encode {
    if c < ASCII_END {
        return put(out, &[c as u8]);
    }
    put_code(out, REV.get(c))
}
