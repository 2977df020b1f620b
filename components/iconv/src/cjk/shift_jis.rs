//! Shift_JIS: ASCII (0x5C and 0x7E stay ASCII, as musl and Python read them), JIS X 0201
//! katakana in one byte, and JIS X 0208 in two bytes whose lead folds two rows into one.
use super::jis::{self, KANA_BYTE_HI, KANA_BYTE_LO, KANA_CP_HI, KANA_CP_LO};
use super::table::{ASCII_END, found, put};
use crate::codec::{Codec, Decode, Encode};

/// The lead bytes: the first block covers JIS rows 1-62, the second rows 63-84 (the
/// rows after 84 are empty, so their leads 0xEB..=0xEF are invalid as in glibc).
const LEAD1_LO: u8 = 0x81;
const LEAD1_HI: u8 = 0x9F;
const LEAD2_LO: u8 = 0xE0;
const LEAD2_HI: u8 = 0xEA;
/// Trail bytes 0x40..=0xFC without 0x7F; from 0x9F on, the trail is of the row pair's
/// second (even) row.
const TRAIL_LO: u8 = 0x40;
const TRAIL_HI: u8 = 0xFC;
const TRAIL_GAP: u8 = 0x7F;
const TRAIL_EVEN_ROW: u8 = 0x9F;
/// What a lead of the second block is offset by, so that both blocks count rows from 0.
const LEAD2_BASE: u8 = 0xC1;

/// Shift_JIS, both ways.
pub static SHIFT_JIS: Codec = Codec {
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
    if (KANA_BYTE_LO..=KANA_BYTE_HI).contains(&b0) {
        return Decode::Char {
            c: KANA_CP_LO + (b0 - KANA_BYTE_LO) as u32,
            len: 1,
        };
    }
    let lead_base = match b0 {
        LEAD1_LO..=LEAD1_HI => LEAD1_LO,
        LEAD2_LO..=LEAD2_HI => LEAD2_BASE,
        _ => return Decode::Invalid { len: 1 },
    };
    let Some(&b1) = input.get(1) else {
        return Decode::Incomplete;
    };
    if !(TRAIL_LO..=TRAIL_HI).contains(&b1) || b1 == TRAIL_GAP {
        return Decode::Invalid { len: 1 };
    }
    let pair = (b0 - lead_base) * 2;
    let (row, col) = if b1 >= TRAIL_EVEN_ROW {
        (pair + 1, b1 - TRAIL_EVEN_ROW)
    } else {
        (pair, b1 - TRAIL_LO - (b1 > TRAIL_GAP) as u8)
    };
    found(jis::jis0208(jis::BYTE_LO + row, jis::BYTE_LO + col), 2)
}

fn encode(_state: &mut u64, c: u32, out: &mut [u8]) -> Encode {
    if c < ASCII_END {
        return put(out, &[c as u8]);
    }
    if (KANA_CP_LO..=KANA_CP_HI).contains(&c) {
        return put(out, &[KANA_BYTE_LO + (c - KANA_CP_LO) as u8]);
    }
    let Some([r, col]) = jis::to_jis0208(c) else {
        return Encode::Unrepresentable;
    };
    let (row, col) = (r - jis::BYTE_LO, col - jis::BYTE_LO);
    let lead = row / 2
        + if row / 2 < LEAD1_HI - LEAD1_LO + 1 {
            LEAD1_LO
        } else {
            LEAD2_BASE
        };
    let trail = if row % 2 == 1 {
        col + TRAIL_EVEN_ROW
    } else {
        let t = col + TRAIL_LO;
        t + (t >= TRAIL_GAP) as u8
    };
    put(out, &[lead, trail])
}
