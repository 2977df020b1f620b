//! The two DES methods of `crypt`: traditional DES (a two-character salt, the key's first
//! eight bytes, 25 encryptions of a zero block) and BSDi's extended DES (`_`, four
//! characters of count and four of salt, every byte of the key folded in).
//!
//! What musl 1.2.3 does, measured (Debian's musl has no crypt, so musl's own sources were
//! built for it; see components/crypt/README.md), and followed here:
//! - a traditional salt character may be any byte but NUL, `:` and newline; one outside
//!   the alphabet counts by where it falls between the alphabet's runs, modulo 64 (`!`
//!   counts as 51), and is written back as it was given;
//! - a setting of fewer than two characters fails;
//! - an extended setting fails unless its eight characters are all of the alphabet, and
//!   fails with a count of 0; what follows them is ignored;
//! - a failure is the dispatcher's: `*0` (musl writes `*`), with errno EINVAL.

use crate::Out;
use crate::b64;
use crate::des::{self, Schedule};

/// What a traditional salt may not hold (musl refuses them): they would break the `:`-separated
/// lines of /etc/passwd and /etc/shadow.
const FORBIDDEN: &[u8] = b":\n";
/// Characters of a traditional salt.
const SALT_CHARS: usize = 2;
/// Encryptions of the traditional method.
const ITERATIONS: u32 = 25;
/// The extended method's first character.
pub const EXTENDED: &[u8] = b"_";
/// Characters of the extended count and salt, each a 24-bit number written low bits first.
const FIELD_CHARS: usize = 4;
/// Characters of the hash: 64 bits, six a character, the last padded with two zero bits.
const HASH_CHARS: usize = 11;
/// Bytes of key one DES key takes: seven bits of each, shifted over its parity bit.
const KEY_BYTES: usize = 8;
/// Zero bits after the block's 64 to fill the last character.
const HASH_PAD: u32 = b64::BITS * HASH_CHARS as u32 - 64;
const CHAR_MASK: u128 = (1 << b64::BITS) - 1;
/// The values of `A` and `a` in the alphabet, where its runs of letters start.
const UPPER_AT: i32 = 12;
const LOWER_AT: i32 = 38;

/// The value musl gives a traditional salt character: the alphabet's own for its 64, and
/// for any other byte (as a signed char) its distance from the start of the run it follows
/// (from `.` for bytes up to `@`, from `A` up to the backquote, from `a` after), modulo 64.
fn salt_value(c: u8) -> u32 {
    let c = i32::from(c as i8);
    let v = if c <= i32::from(b'@') {
        c - i32::from(b'.')
    } else if c <= i32::from(b'`') {
        c - i32::from(b'A') + UPPER_AT
    } else {
        c - i32::from(b'a') + LOWER_AT
    };
    (v as u32) & CHAR_MASK as u32
}

/// The 64-bit DES key of up to eight key bytes: each byte's low seven bits, above the
/// parity bit DES ignores; missing bytes are zero.
fn key_block(key: &[u8]) -> u64 {
    let mut k = [0u8; KEY_BYTES];
    for (d, &s) in k.iter_mut().zip(key) {
        *d = s << 1;
    }
    u64::from_be_bytes(k)
}

/// Encrypts a zero block `count` times with the salt and writes the hash characters: the
/// block's bits from the top, six a character.
fn hash(s: &Schedule, salt: u32, count: u32, out: &mut Out) -> bool {
    let salt = des::Salt::new(salt);
    let mut halves = (0, 0);
    for _ in 0..count {
        halves = des::rounds(s, halves, salt, false);
    }
    let bits = u128::from(des::last(halves)) << HASH_PAD;
    (0..HASH_CHARS).all(|i| {
        let v = (bits >> (b64::BITS as usize * (HASH_CHARS - 1 - i))) & CHAR_MASK;
        out.push(b64::ALPHABET[v as usize])
    })
}

/// Traditional DES crypt: the setting's first two characters are the salt.
pub fn traditional(key: &[u8], setting: &[u8], out: &mut Out) -> bool {
    let Some(salt) = setting.get(..SALT_CHARS) else { return false };
    if salt.iter().any(|c| FORBIDDEN.contains(c)) {
        return false;
    }
    let salt_bits = salt_value(salt[0]) | salt_value(salt[1]) << b64::BITS;
    let s = Schedule::new(key_block(&key[..key.len().min(KEY_BYTES)]));
    out.extend(salt) && hash(&s, salt_bits, ITERATIONS, out)
}

/// Four characters of the alphabet as a 24-bit number, the first the lowest; `None` when
/// one is not of the alphabet.
fn field(chars: &[u8]) -> Option<u32> {
    chars.iter().rev().try_fold(0, |acc, &c| Some(acc << b64::BITS | b64::value(c)?))
}

/// BSDi's extended DES crypt: `_`, the count, the salt. The key is folded eight bytes at a
/// time: the DES key so far encrypts itself, and the next eight bytes are XORed in.
///
/// The count is bounded only by its 24 bits, as in musl: at most 16,777,215 encryptions,
/// about a second.
pub fn extended(key: &[u8], setting: &[u8], out: &mut Out) -> bool {
    let Some(fields) = setting.get(EXTENDED.len()..EXTENDED.len() + 2 * FIELD_CHARS) else { return false };
    let (Some(count), Some(salt)) = (field(&fields[..FIELD_CHARS]), field(&fields[FIELD_CHARS..])) else {
        return false;
    };
    if count == 0 {
        return false;
    }
    let mut chunks = key.chunks(KEY_BYTES);
    let mut k = key_block(chunks.next().unwrap_or_default());
    for chunk in chunks {
        k = des::block(&Schedule::new(k), k, false) ^ key_block(chunk);
    }
    out.extend(&setting[..EXTENDED.len() + 2 * FIELD_CHARS]) && hash(&Schedule::new(k), salt, count, out)
}

#[cfg(test)]
mod tests;
