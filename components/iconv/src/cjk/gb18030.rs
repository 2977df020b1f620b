//! GB18030: GBK's two-byte table plus four-byte sequences that reach every other Unicode
//! scalar value.
//!
//! A four-byte sequence b0 b1 b2 b3 (0x81..=0xFE, 0x30..=0x39, 0x81..=0xFE, 0x30..=0x39)
//! has a linear index counted from 81308130. Indexes below [`BMP_COUNT`] cover the BMP code
//! points the two-byte table lacks, in runs that rise with the index (`tables::GB4_*`,
//! 206 of them, found through a coarse table and a short forward scan); from 90308130 the
//! index counts the supplementary planes from U+10000 on. Nothing is tabulated per
//! character.
use super::gb::{self, LEAD_HI, LEAD_LO};
use super::table::{ASCII_END, lead_trail, put};
use super::tables::{GB4_BY_CP_CP, GB4_BY_CP_INDEX, GB4_BY_CP_LEN, GB4_COARSE, GB4_CP, GB4_INDEX};
use crate::codec::{Codec, Decode, Encode};

/// The second and fourth bytes of a four-byte sequence: a digit.
const DIGIT_LO: u8 = 0x30;
const DIGIT_HI: u8 = 0x39;
const DIGITS: u32 = 10;
/// The third byte's values (0x81..=0xFE), and so the lead's.
const BYTE_VALUES: u32 = 126;
/// Linear indexes 0..BMP_COUNT (81308130..8431A439) are the BMP's.
const BMP_COUNT: u32 = 39420;
/// The linear index of 90308130, U+10000.
const SUPPLEMENTARY_INDEX: u32 = 189_000;
const SUPPLEMENTARY_FIRST: u32 = 0x1_0000;
const MAX_SCALAR: u32 = 0x10_FFFF;
/// Linear indexes per entry of `GB4_COARSE`, as a shift.
const COARSE_SHIFT: u32 = 7;
const FOUR: usize = 4;

/// GB18030, both ways: every scalar value has a code.
pub static GB18030: Codec = Codec {
    decode,
    encode,
    reset: None,
};

fn is_digit(b: u8) -> bool {
    (DIGIT_LO..=DIGIT_HI).contains(&b)
}

fn is_byte(b: u8) -> bool {
    (LEAD_LO..=LEAD_HI).contains(&b)
}

fn decode(_state: &mut u64, input: &[u8]) -> Decode {
    // The second byte is checked below, where it says how long the sequence is.
    let (b0, b1) = match lead_trail(input, is_byte, |_| true) {
        Ok(pair) => pair,
        Err(d) => return d,
    };
    if gb::is_trail(b1) {
        return gb::two_byte(b0, b1);
    }
    if !is_digit(b1) {
        return Decode::Invalid { len: 1 };
    }
    four_byte(input)
}

/// The four-byte sequence at the front of `input` (whose first two bytes are a lead and
/// a digit).
#[inline(never)]
fn four_byte(input: &[u8]) -> Decode {
    let Some(&b2) = input.get(2) else {
        return Decode::Incomplete;
    };
    if !is_byte(b2) {
        return Decode::Invalid { len: 2 };
    }
    let Some(&b3) = input.get(3) else {
        return Decode::Incomplete;
    };
    if !is_digit(b3) {
        return Decode::Invalid { len: 3 };
    }
    let linear = (((input[0] - LEAD_LO) as u32 * DIGITS + (input[1] - DIGIT_LO) as u32)
        * BYTE_VALUES
        + (b2 - LEAD_LO) as u32)
        * DIGITS
        + (b3 - DIGIT_LO) as u32;
    let c = if linear < BMP_COUNT {
        bmp(linear)
    } else if linear >= SUPPLEMENTARY_INDEX
        && linear - SUPPLEMENTARY_INDEX <= MAX_SCALAR - SUPPLEMENTARY_FIRST
    {
        linear - SUPPLEMENTARY_INDEX + SUPPLEMENTARY_FIRST
    } else {
        return Decode::Invalid { len: FOUR };
    };
    Decode::Char { c, len: FOUR }
}

/// The BMP code point of four-byte linear index `linear` (below `BMP_COUNT`).
fn bmp(linear: u32) -> u32 {
    let mut r = GB4_COARSE[(linear >> COARSE_SHIFT) as usize] as usize;
    while r + 1 < GB4_INDEX.len() && GB4_INDEX[r + 1] as u32 <= linear {
        r += 1;
    }
    GB4_CP[r] as u32 + (linear - GB4_INDEX[r] as u32)
}

fn encode(_state: &mut u64, c: u32, out: &mut [u8]) -> Encode {
    if c < ASCII_END {
        return put(out, &[c as u8]);
    }
    if let Some(code) = gb::REV.get(c) {
        return put(out, &code.to_be_bytes());
    }
    if c > MAX_SCALAR {
        return Encode::Unrepresentable;
    }
    let linear = if c >= SUPPLEMENTARY_FIRST {
        c - SUPPLEMENTARY_FIRST + SUPPLEMENTARY_INDEX
    } else {
        match bmp_index(c) {
            Some(i) => i,
            None => return Encode::Unrepresentable,
        }
    };
    put(out, &four_bytes(linear))
}

/// The four-byte linear index of BMP code point `c`, if a run holds it.
fn bmp_index(c: u32) -> Option<u32> {
    let r = GB4_BY_CP_CP
        .partition_point(|&start| start as u32 <= c)
        .checked_sub(1)?;
    let off = c - GB4_BY_CP_CP[r] as u32;
    (off < GB4_BY_CP_LEN[r] as u32).then(|| GB4_BY_CP_INDEX[r] as u32 + off)
}

fn four_bytes(mut linear: u32) -> [u8; FOUR] {
    let b3 = DIGIT_LO + (linear % DIGITS) as u8;
    linear /= DIGITS;
    let b2 = LEAD_LO + (linear % BYTE_VALUES) as u8;
    linear /= BYTE_VALUES;
    let b1 = DIGIT_LO + (linear % DIGITS) as u8;
    let b0 = LEAD_LO + (linear / DIGITS) as u8;
    [b0, b1, b2, b3]
}
