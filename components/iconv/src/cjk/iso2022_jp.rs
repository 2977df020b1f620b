//! ISO-2022-JP (RFC 1468): seven-bit text that switches sets with escape sequences.
//!
//! The state word (decoder's and encoder's alike) is the set in use: [`ASCII`] (0, the
//! initial state), [`ROMAN`] (JIS X 0201 Roman: 0x5C is U+00A5 and 0x7E U+203E), [`KANA`]
//! (JIS X 0201 katakana, `ESC ( I`, which musl reads and writes though RFC 1468 lacks it)
//! or [`JIS0208`] (`ESC $ B`, and the 1978 form `ESC $ @` read as the same table).
//!
//! The encoder stays in a set while the characters allow, as Python's does, and writes an
//! escape only together with the character that needs it, so `NoRoom` changes nothing.
use super::jis;
use super::table::{ASCII_END, found, put};
use crate::codec::{Codec, Decode, Encode};

const ASCII: u64 = 0;
const ROMAN: u64 = 1;
const KANA: u64 = 2;
const JIS0208: u64 = 3;

const ESC: u8 = 0x1B;
/// The second byte of an escape: a one-byte set follows, or a two-byte set.
const ESC_SET94: u8 = b'(';
const ESC_MULTI: u8 = b'$';
/// The escape sequences, each three bytes.
const ESC_ASCII: [u8; 3] = [ESC, ESC_SET94, b'B'];
const ESC_ROMAN: [u8; 3] = [ESC, ESC_SET94, b'J'];
const ESC_KANA: [u8; 3] = [ESC, ESC_SET94, b'I'];
const ESC_JIS0208: [u8; 3] = [ESC, ESC_MULTI, b'B'];
const ESC_JIS0208_1978: [u8; 3] = [ESC, ESC_MULTI, b'@'];
const ESC_LEN: usize = 3;

/// JIS X 0201 Roman's two differences from ASCII.
const ROMAN_YEN: u8 = 0x5C;
const ROMAN_OVERLINE: u8 = 0x7E;
const YEN: u32 = 0xA5;
const OVERLINE: u32 = 0x203E;

/// In the katakana set, 0x21..=0x5F are U+FF61..=U+FF9F.
const KANA_LO: u8 = 0x21;
const KANA_HI: u8 = 0x5F;

/// ISO-2022-JP, both ways, with `reset` writing `ESC ( B` when another set is in use.
pub static ISO_2022_JP: Codec = Codec {
    decode,
    encode,
    reset: Some(reset),
};

fn decode(state: &mut u64, input: &[u8]) -> Decode {
    let b0 = input[0];
    if b0 == ESC {
        return escape(state, input);
    }
    if b0 as u32 >= ASCII_END {
        return Decode::Invalid { len: 1 };
    }
    match *state {
        ROMAN if b0 == ROMAN_YEN => Decode::Char { c: YEN, len: 1 },
        ROMAN if b0 == ROMAN_OVERLINE => Decode::Char {
            c: OVERLINE,
            len: 1,
        },
        KANA if (KANA_LO..=KANA_HI).contains(&b0) => Decode::Char {
            c: jis::KANA_CP_LO + (b0 - KANA_LO) as u32,
            len: 1,
        },
        KANA => Decode::Invalid { len: 1 },
        JIS0208 => {
            if !jis::is_jis_byte(b0) {
                return Decode::Invalid { len: 1 };
            }
            let Some(&b1) = input.get(1) else {
                return Decode::Incomplete;
            };
            if !jis::is_jis_byte(b1) {
                return Decode::Invalid { len: 1 };
            }
            found(jis::jis0208(b0, b1), 2)
        }
        _ => Decode::Char {
            c: b0 as u32,
            len: 1,
        },
    }
}

/// An escape sequence at the front of `input`: switches `state` or is invalid.
fn escape(state: &mut u64, input: &[u8]) -> Decode {
    let Some(seq) = input.get(..ESC_LEN) else {
        // A prefix of an escape we know could still complete.
        return match input.get(1) {
            None | Some(&(ESC_SET94 | ESC_MULTI)) => Decode::Incomplete,
            Some(_) => Decode::Invalid { len: 1 },
        };
    };
    let set = match [seq[0], seq[1], seq[2]] {
        ESC_ASCII => ASCII,
        ESC_ROMAN => ROMAN,
        ESC_KANA => KANA,
        ESC_JIS0208 | ESC_JIS0208_1978 => JIS0208,
        _ => return Decode::Invalid { len: 1 },
    };
    *state = set;
    Decode::Shift { len: ESC_LEN }
}

/// The set `c` is written in, and its bytes there (one or two, `len` of them).
fn place(c: u32) -> Option<(u64, [u8; 2], usize)> {
    if c < ASCII_END {
        return Some((ASCII, [c as u8, 0], 1));
    }
    match c {
        YEN => Some((ROMAN, [ROMAN_YEN, 0], 1)),
        OVERLINE => Some((ROMAN, [ROMAN_OVERLINE, 0], 1)),
        jis::KANA_CP_LO..=jis::KANA_CP_HI => {
            Some((KANA, [KANA_LO + (c - jis::KANA_CP_LO) as u8, 0], 1))
        }
        _ => jis::to_jis0208(c).map(|code| (JIS0208, code, 2)),
    }
}

fn escape_of(set: u64) -> [u8; 3] {
    match set {
        ROMAN => ESC_ROMAN,
        KANA => ESC_KANA,
        JIS0208 => ESC_JIS0208,
        _ => ESC_ASCII,
    }
}

fn encode(state: &mut u64, c: u32, out: &mut [u8]) -> Encode {
    let Some((set, bytes, len)) = place(c) else {
        return Encode::Unrepresentable;
    };
    if set == *state {
        return put(out, &bytes[..len]);
    }
    let mut buf = [0u8; ESC_LEN + 2];
    buf[..ESC_LEN].copy_from_slice(&escape_of(set));
    buf[ESC_LEN..ESC_LEN + len].copy_from_slice(&bytes[..len]);
    let r = put(out, &buf[..ESC_LEN + len]);
    if r != Encode::NoRoom {
        *state = set;
    }
    r
}

fn reset(state: &mut u64, out: &mut [u8]) -> Encode {
    if *state == ASCII {
        return Encode::Wrote { len: 0 };
    }
    let r = put(out, &ESC_ASCII);
    if r != Encode::NoRoom {
        *state = ASCII;
    }
    r
}
