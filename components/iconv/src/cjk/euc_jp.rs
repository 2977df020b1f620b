//! EUC-JP: ASCII, JIS X 0208 in two bytes 0xA1..=0xFE, half-width katakana after 0x8E, and
//! JIS X 0212 in three bytes after 0x8F (which musl does not read; glibc and Python do).
use super::jis::{self, JIS0212, JIS0212_FLAG, KANA_BYTE_HI, KANA_BYTE_LO, KANA_CP_HI, KANA_CP_LO};
use super::table::{ASCII_END, found, lead_trail, put};
use crate::codec::{Codec, Decode, Encode};

/// Single shift 2: the next byte is JIS X 0201 katakana.
const SS2: u8 = 0x8E;
/// Single shift 3: the next two bytes are JIS X 0212.
const SS3: u8 = 0x8F;
/// The bytes of a 94 x 94 set are its JIS bytes with the high bit set.
const HIGH: u8 = 0x80;

/// EUC-JP, both ways.
pub static EUC_JP: Codec = Codec {
    decode,
    encode,
    reset: None,
};

/// Whether `b` is a byte of a 94 x 94 set in EUC form (0xA1..=0xFE).
fn is_gr(b: u8) -> bool {
    jis::is_jis_byte(b & !HIGH) && b & HIGH != 0
}

fn decode(_state: &mut u64, input: &[u8]) -> Decode {
    let (b0, b1) = match lead_trail(input, |b| is_gr(b) || b == SS2 || b == SS3, is_gr) {
        Ok(pair) => pair,
        Err(d) => return d,
    };
    if b0 == SS2 {
        return if b1 <= KANA_BYTE_HI {
            Decode::Char {
                c: KANA_CP_LO + (b1 - KANA_BYTE_LO) as u32,
                len: 2,
            }
        } else {
            Decode::Invalid { len: 2 }
        };
    }
    if b0 == SS3 {
        let Some(&b2) = input.get(2) else {
            return Decode::Incomplete;
        };
        if !is_gr(b2) {
            return Decode::Invalid { len: 2 };
        }
        let col = ((b2 & !HIGH) - jis::BYTE_LO) as usize;
        return found(JIS0212.get(b1 & !HIGH, col), 3);
    }
    found(jis::jis0208(b0 & !HIGH, b1 & !HIGH), 2)
}

fn encode(_state: &mut u64, c: u32, out: &mut [u8]) -> Encode {
    if c < ASCII_END {
        return put(out, &[c as u8]);
    }
    if (KANA_CP_LO..=KANA_CP_HI).contains(&c) {
        return put(out, &[SS2, KANA_BYTE_LO + (c - KANA_CP_LO) as u8]);
    }
    match jis::REV.get(c) {
        None => Encode::Unrepresentable,
        Some(code) if code & JIS0212_FLAG != 0 => {
            let [r, col] = (code & !JIS0212_FLAG).to_be_bytes();
            put(out, &[SS3, r | HIGH, col | HIGH])
        }
        Some(code) => {
            let [r, col] = code.to_be_bytes();
            put(out, &[r | HIGH, col | HIGH])
        }
    }
}
