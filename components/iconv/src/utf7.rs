//! UTF-7 (RFC 2152), which musl lacks and IMAP needs (in its modified form, which is not
//! this one).
//!
//! Text is ASCII except in base64 runs, which start with `+` and hold UTF-16 units, 16 bits
//! each, six bits a character; `+-` is a plain `+`. A run ends at the first byte that is not
//! base64; a `-` there is absorbed.
//!
//! The encoder writes directly only RFC 2152's Set D (letters, digits, `'(),-./:?`) and
//! space, tab, CR and LF, as glibc does; everything else goes in a run (Python also writes
//! Set O directly; both decode either). It closes a run with `-` only when the next
//! character would otherwise be read as part of it (a base64 letter or `-`), and at the
//! reset, which always closes an open run with `-`: glibc's and Python's output, byte for
//! byte.
//!
//! The decoder takes what glibc takes: any ASCII byte but `+` directly, and a run's
//! last bits must be padding (fewer than six, all zero). Base64 bytes that do not complete a
//! character are consumed into the state (a [`Decode::Shift`]), so a stream may be split
//! anywhere without an EINVAL.
use crate::codec::{Codec, Decode, Encode};

/// Both states: inside a base64 run.
const IN_RUN: u64 = 1 << 63;
/// Decoder: just after the `+`, so `-` now means a `+`.
const AFTER_PLUS: u64 = 1 << 62;
/// Both states: the pending bits, right-aligned, and how many there are.
const BITS_MASK: u64 = 0xff_ffff;
const COUNT_SHIFT: u32 = 24;
const COUNT_MASK: u64 = 0x1f;
/// Decoder: a high surrogate waiting for its low half.
const HIGH_SHIFT: u32 = 32;
const HIGH_MASK: u64 = 0xffff;

/// The bits a base64 character holds, and a UTF-16 unit.
const SEXTET: u32 = 6;
const UNIT_BITS: u32 = 16;

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn sextet(b: u8) -> Option<u32> {
    Some(match b {
        b'A'..=b'Z' => b - b'A',
        b'a'..=b'z' => b - b'a' + 26,
        b'0'..=b'9' => b - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    } as u32)
}

/// Set D and the white space the encoder writes directly.
fn is_direct(c: u32) -> bool {
    matches!(c as u8, b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'\'' | b'(' | b')' | b',' | b'-'
        | b'.' | b'/' | b':' | b'?' | b' ' | b'\t' | b'\r' | b'\n')
        && c < 0x80
}

fn pack(bits: u64, count: u32) -> u64 {
    IN_RUN | (bits & BITS_MASK) | ((count as u64) << COUNT_SHIFT)
}

fn decode(state: &mut u64, input: &[u8]) -> Decode {
    let st = *state;
    let b = input[0];
    if st & IN_RUN == 0 {
        return match b {
            b'+' => {
                *state = IN_RUN | AFTER_PLUS;
                Decode::Shift { len: 1 }
            }
            0..=0x7f => Decode::Char {
                c: b as u32,
                len: 1,
            },
            _ => Decode::Invalid { len: 1 },
        };
    }
    if sextet(b).is_none() {
        return end_run(state, b);
    }
    let mut bits = st & BITS_MASK;
    let mut count = ((st >> COUNT_SHIFT) & COUNT_MASK) as u32;
    let mut high = ((st >> HIGH_SHIFT) & HIGH_MASK) as u32;
    for (i, &b) in input.iter().enumerate() {
        let Some(v) = sextet(b) else {
            // The run ends here: keep what was consumed; the next step closes it.
            break;
        };
        bits = (bits << SEXTET) | v as u64;
        count += SEXTET;
        if count < UNIT_BITS {
            continue;
        }
        count -= UNIT_BITS;
        let u = ((bits >> count) & 0xffff) as u32;
        bits &= (1 << count) - 1;
        let len = i + 1;
        if high == 0 {
            match u {
                0xd800..=0xdbff => high = u,
                0xdc00..=0xdfff => return Decode::Invalid { len },
                _ => {
                    *state = pack(bits, count);
                    return Decode::Char { c: u, len };
                }
            }
        } else if (0xdc00..=0xdfff).contains(&u) {
            *state = pack(bits, count);
            let c = 0x1_0000 + (((high & 0x3ff) << 10) | (u & 0x3ff));
            return Decode::Char { c, len };
        } else {
            return Decode::Invalid { len };
        }
    }
    let consumed = input.iter().take_while(|&&b| sextet(b).is_some()).count();
    *state = pack(bits, count) | ((high as u64) << HIGH_SHIFT);
    Decode::Shift { len: consumed }
}

/// At the byte `b` that ends a run: checks the leftover bits, absorbs a `-`. Right after
/// the `+`, `-` is a plain `+`, and any other byte ends the empty run (glibc takes `+!` as
/// `!`; Python refuses it).
fn end_run(state: &mut u64, b: u8) -> Decode {
    let st = *state;
    if st & AFTER_PLUS != 0 && b == b'-' {
        *state = 0;
        return Decode::Char {
            c: b'+' as u32,
            len: 1,
        };
    }
    // What is left must be padding: fewer than six bits, all zero, and no half pair.
    let count = ((st >> COUNT_SHIFT) & COUNT_MASK) as u32;
    if st & BITS_MASK != 0 || count >= SEXTET || (st >> HIGH_SHIFT) & HIGH_MASK != 0 {
        return Decode::Invalid { len: 1 };
    }
    match b {
        b'-' => {
            *state = 0;
            Decode::Shift { len: 1 }
        }
        b'+' => {
            *state = IN_RUN | AFTER_PLUS;
            Decode::Shift { len: 1 }
        }
        0..=0x7f => {
            *state = 0;
            Decode::Char {
                c: b as u32,
                len: 1,
            }
        }
        _ => Decode::Invalid { len: 1 },
    }
}

/// The base64 character of the top `count` pending bits, zero-padded.
fn flush_char(bits: u64, count: u32) -> u8 {
    BASE64[((bits << (SEXTET - count)) & 0x3f) as usize]
}

fn encode(state: &mut u64, c: u32, out: &mut [u8]) -> Encode {
    let st = *state;
    let in_run = st & IN_RUN != 0;
    let bits = st & BITS_MASK;
    let count = ((st >> COUNT_SHIFT) & COUNT_MASK) as u32;
    if is_direct(c) || (c == b'+' as u32 && !in_run) {
        let close = in_run && (sextet(c as u8).is_some() || c == b'-' as u32);
        let tail: &[u8] = if c == b'+' as u32 { b"+-" } else { &[c as u8] };
        let need = (in_run && count > 0) as usize + close as usize + tail.len();
        if out.len() < need {
            return Encode::NoRoom;
        }
        let mut n = 0;
        if in_run && count > 0 {
            out[n] = flush_char(bits, count);
            n += 1;
        }
        if close {
            out[n] = b'-';
            n += 1;
        }
        out[n..n + tail.len()].copy_from_slice(tail);
        *state = 0;
        return Encode::Wrote {
            len: n + tail.len(),
        };
    }
    // In a run: one unit, or a surrogate pair.
    let (units, nunits) = if c >= 0x1_0000 {
        let v = c - 0x1_0000;
        (
            ((0xd800 | (v >> 10)) as u64) << 16 | (0xdc00 | (v & 0x3ff)) as u64,
            2,
        )
    } else {
        (c as u64, 1)
    };
    let mut acc = (bits << (UNIT_BITS * nunits)) | units;
    let mut left = count + UNIT_BITS * nunits;
    let need = !in_run as usize + (left / SEXTET) as usize;
    if out.len() < need {
        return Encode::NoRoom;
    }
    let mut n = 0;
    if !in_run {
        out[0] = b'+';
        n = 1;
    }
    while left >= SEXTET {
        left -= SEXTET;
        out[n] = BASE64[((acc >> left) & 0x3f) as usize];
        n += 1;
    }
    acc &= (1 << left) - 1;
    *state = pack(acc, left);
    Encode::Wrote { len: n }
}

/// Closes an open run: its last bits, then `-`.
fn reset(state: &mut u64, out: &mut [u8]) -> Encode {
    let st = *state;
    if st & IN_RUN == 0 {
        return Encode::Wrote { len: 0 };
    }
    let count = ((st >> COUNT_SHIFT) & COUNT_MASK) as u32;
    let need = (count > 0) as usize + 1;
    if out.len() < need {
        return Encode::NoRoom;
    }
    if count > 0 {
        out[0] = flush_char(st & BITS_MASK, count);
    }
    out[need - 1] = b'-';
    *state = 0;
    Encode::Wrote { len: need }
}

/// UTF-7.
pub static UTF7: Codec = Codec {
    decode,
    encode,
    reset: Some(reset),
};

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(s: &str) -> Vec<u8> {
        let mut st = 0;
        let mut out = Vec::new();
        let mut buf = [0u8; 16];
        for c in s.chars() {
            let Encode::Wrote { len } = encode(&mut st, c as u32, &mut buf) else {
                panic!()
            };
            out.extend_from_slice(&buf[..len]);
        }
        let Encode::Wrote { len } = reset(&mut st, &mut buf) else {
            panic!()
        };
        out.extend_from_slice(&buf[..len]);
        out
    }

    fn dec(mut s: &[u8]) -> Option<String> {
        let mut st = 0;
        let mut out = String::new();
        while !s.is_empty() {
            match decode(&mut st, s) {
                Decode::Char { c, len } => {
                    out.push(char::from_u32(c)?);
                    s = &s[len..];
                }
                Decode::Shift { len } => s = &s[len..],
                _ => return None,
            }
        }
        Some(out)
    }

    #[test]
    fn rfc_examples() {
        assert_eq!(dec(b"Hi Mom -+Jjo--!"), Some("Hi Mom -\u{263a}-!".into()));
        assert_eq!(dec(b"A+ImIDkQ."), Some("A\u{2262}\u{391}.".into()));
        assert_eq!(dec(b"+ZeVnLIqe-"), Some("\u{65e5}\u{672c}\u{8a9e}".into()));
        assert_eq!(dec(b"1 +- 1"), Some("1 + 1".into()));
        assert_eq!(enc("A\u{2262}\u{391}."), b"A+ImIDkQ.");
        assert_eq!(enc("!~\\a+b\u{20ac}\u{1f600}"), b"+ACEAfgBc-a+-b+IKzYPd4A-");
        assert_eq!(enc("\u{20ac} x\u{20ac}.\u{20ac}"), b"+IKw x+IKw.+IKw-");
    }

    #[test]
    fn bad_runs() {
        assert_eq!(dec(b"+!"), Some("!".into()));
        assert_eq!(dec(b"+AGEA-"), None, "a whole sextet of padding");
        assert_eq!(dec(b"+AGF-"), None, "non-zero leftover bits");
        assert_eq!(dec(b"+2D0-"), None, "a lone high surrogate");
        assert_eq!(dec(b"\x80"), None);
    }
}
