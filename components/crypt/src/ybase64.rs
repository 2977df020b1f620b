//! The base-64 forms scrypt's `$7$` and yescrypt's `$y$` strings use, over the crypt
//! alphabet (`b64`): yescrypt's variable-length integers, the fixed 30-bit integers of
//! `$7$`, and the byte strings (salt and hash) in groups of three bytes, low bits first.

use crate::b64;
use crate::Out;

/// The first character of a variable-length integer says how many follow: its values are
/// split into runs, the first run for one-character numbers, each later run for numbers
/// one character longer, each run half as many characters as the one before (48, 8, 4, 2,
/// 1, 1). `RUNS[k]` is the last first-character value of numbers of `k + 1` characters.
const RUNS: [u32; 6] = [47, 55, 59, 61, 62, 63];

/// Reads a variable-length integer, `min` added, from the start of `s`; gives it and the
/// rest. The longest (6 characters, below 2^31) cannot overflow a u32 for the `min`s used.
pub fn decode_uint(s: &[u8], min: u32) -> Option<(u32, &[u8])> {
    let first = b64::value(*s.first()?)?;
    let mut value = min;
    let mut start = 0;
    let mut bits = 0;
    let mut len = 1;
    for &end in &RUNS {
        if first <= end {
            break;
        }
        value += (end + 1 - start) << bits;
        start = end + 1;
        bits += b64::BITS;
        len += 1;
    }
    value += (first - start) << bits;
    let digits = s.get(1..len)?;
    for &c in digits {
        bits -= b64::BITS;
        value += b64::value(c)? << bits;
    }
    Some((value, &s[len..]))
}

/// Characters of a fixed-width integer of `$7$` (30 bits).
pub const FIXED_CHARS: usize = 5;

/// Reads a 30-bit integer of `FIXED_CHARS` characters, low bits first.
pub fn decode_fixed(s: &[u8]) -> Option<(u32, &[u8])> {
    let digits = s.get(..FIXED_CHARS)?;
    let mut value = 0;
    for (i, &c) in digits.iter().enumerate() {
        value |= b64::value(c)? << (b64::BITS * i as u32);
    }
    Some((value, &s[FIXED_CHARS..]))
}

/// Characters in a full group, and the bytes it holds.
const GROUP_CHARS: usize = 4;
const GROUP_BYTES: usize = 3;

/// Decodes all of `s` into `out`, giving the bytes written; `None` when a character is
/// not in the alphabet, the last group is a single character or has bits set past its
/// last whole byte, or the bytes do not fit.
pub fn decode_bytes<'a>(s: &[u8], out: &'a mut [u8]) -> Option<&'a [u8]> {
    let mut len = 0;
    for group in s.chunks(GROUP_CHARS) {
        let mut value = 0u32;
        for (i, &c) in group.iter().enumerate() {
            value |= b64::value(c)? << (b64::BITS * i as u32);
        }
        let bytes = group.len() * b64::BITS as usize / 8;
        if bytes == 0 || value >> (8 * bytes) != 0 {
            return None;
        }
        let dst = out.get_mut(len..len + bytes)?;
        for (i, d) in dst.iter_mut().enumerate() {
            *d = (value >> (8 * i)) as u8;
        }
        len += bytes;
    }
    Some(&out[..len])
}

/// Appends `data`, three bytes to four characters, a last part of one or two bytes to two
/// or three.
pub fn encode_bytes(out: &mut Out, data: &[u8]) -> bool {
    data.chunks(GROUP_BYTES).all(|g| {
        let value = g.iter().rev().fold(0u32, |v, &b| (v << 8) | u32::from(b));
        b64::push(out, value, (g.len() * 8).div_ceil(b64::BITS as usize))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uint_runs() {
        // One character: the value itself; 'j' is 47, the last one-character number.
        assert_eq!(decode_uint(b"j9T", 0), Some((47, &b"9T"[..])));
        assert_eq!(decode_uint(b"9", 1), Some((12, &b""[..])));
        // Two characters: 48 plus (first - 48) * 64 plus the second.
        assert_eq!(decode_uint(b"k.", 0), Some((48, &b""[..])));
        assert_eq!(decode_uint(b"kz", 0), Some((48 + 63, &b""[..])));
        assert_eq!(decode_uint(b"l.", 0), Some((48 + 64, &b""[..])));
        // Three characters start after the 48 + 8 * 64 shorter numbers.
        assert_eq!(decode_uint(b"s..", 0), Some((48 + 512, &b""[..])));
        // The largest: six characters.
        let max = 48 + (8 << 6) + (4 << 12) + (2 << 18) + (1 << 24) + ((1 << 30) - 1);
        assert_eq!(decode_uint(b"zzzzzz", 0), Some((max, &b""[..])));
        assert_eq!(decode_uint(b"k", 0), None);
        assert_eq!(decode_uint(b"", 0), None);
        assert_eq!(decode_uint(b"$", 0), None);
        assert_eq!(decode_uint(b"k$", 0), None);
    }

    #[test]
    fn bytes_round_trip() {
        let data: Vec<u8> = (0..=255u8).collect();
        for n in 0..70 {
            let mut out = Out::new();
            assert!(encode_bytes(&mut out, &data[..n]));
            assert_eq!(out.as_bytes().len(), (n * 8).div_ceil(6));
            let mut back = [0u8; 64];
            let got = decode_bytes(out.as_bytes(), &mut back);
            if n <= 64 {
                assert_eq!(got, Some(&data[..n]));
            } else {
                assert_eq!(got, None);
            }
        }
        let mut back = [0u8; 64];
        // A lone last character, and bits set past the last byte.
        assert_eq!(decode_bytes(b"abcde", &mut back), None);
        assert_eq!(decode_bytes(b"/.", &mut back), Some(&[1u8][..]));
        assert_eq!(decode_bytes(b"zz", &mut back), None);
    }
}
