//! GB2312 (EUC-CN): ASCII and the 0xA1..=0xFE x 0xA1..=0xFE square of the GB table, which
//! as in musl is GBK's (so A1A4 is U+00B7 and A1AA U+2014, where Python's gb2312 says
//! U+30FB and U+2015).
use super::gb::{REV, two_byte};
use super::table::{ASCII_END, lead_trail, put};
use crate::codec::{Codec, Decode, Encode};

/// GB2312's bytes (EUC-CN: both bytes 0xA1..=0xFE).
const EUC_LO: u8 = 0xA1;
const EUC_HI: u8 = 0xFE;

/// GB2312 (EUC-CN), both ways.
pub static GB2312: Codec = Codec {
    decode,
    encode,
    reset: None,
};

fn decode(_state: &mut u64, input: &[u8]) -> Decode {
    let is_euc = |b: u8| (EUC_LO..=EUC_HI).contains(&b);
    match lead_trail(input, is_euc, is_euc) {
        Ok((b0, b1)) => two_byte(b0, b1),
        Err(d) => d,
    }
}

fn encode(_state: &mut u64, c: u32, out: &mut [u8]) -> Encode {
    if c < ASCII_END {
        return put(out, &[c as u8]);
    }
    match REV.get(c).map(u16::to_be_bytes) {
        Some([b0 @ EUC_LO..=EUC_HI, b1 @ EUC_LO..=EUC_HI]) => put(out, &[b0, b1]),
        _ => Encode::Unrepresentable,
    }
}
