//! `$1$`: the MD5-based crypt of FreeBSD (1994), still read in old password files.
//!
//! The setting is `$1$` then a salt of up to 8 bytes, which ends early at `$` or at the
//! end of the setting; anything after it (an old hash) is ignored. As in musl, the salt's
//! bytes are not checked (any byte but `$` and NUL is kept, `:` and newline too), and a key
//! longer than [`KEY_MAX`] bytes fails, so a huge key cannot make the 1,000 rounds slow.

use crate::Out;
use crate::digest::Digest;
use crate::digest_b64::{self, Layout};
use crate::md5::Md5;

/// The settings' prefix, also hashed into the first digest.
pub const PREFIX: &[u8] = b"$1$";
/// The longest salt; longer ones are cut.
const SALT_MAX: usize = 8;
/// The longest key, as in musl (measured on musl 1.2.5: 30,000 bytes hash, 30,001 fail).
pub const KEY_MAX: usize = 30_000;
/// Rounds of the stretching loop, fixed by the method.
const ROUNDS: u32 = 1000;
/// The salt's terminator.
const SALT_END: u8 = b'$';
/// The rounds whose index is a multiple of one of these leave out the salt and key parts.
const SALT_PERIOD: u32 = 3;
const KEY_PERIOD: u32 = 7;
const DIGEST_LEN: usize = 16;

/// The final digest's bytes in the order they are written.
const LAYOUT: Layout = Layout {
    groups: &[[0, 6, 12], [1, 7, 13], [2, 8, 14], [3, 9, 15], [4, 10, 5]],
    tail: &[11],
};

/// The `$1$` method: hashes `key` with `setting` into `out`; false when the key is too long.
pub fn md5_crypt(key: &[u8], setting: &[u8], out: &mut Out) -> bool {
    if key.len() > KEY_MAX {
        return false;
    }
    let rest = setting.strip_prefix(PREFIX).unwrap_or(&[]);
    let rest = &rest[..rest.len().min(SALT_MAX)];
    let salt = rest
        .iter()
        .position(|&c| c == SALT_END)
        .map_or(rest, |n| &rest[..n]);
    let digest = stretch(key, salt);
    out.extend(PREFIX)
        && out.extend(salt)
        && out.push(SALT_END)
        && digest_b64::push(out, &digest, &LAYOUT)
}

/// The digest after the 1,000 rounds.
fn stretch(key: &[u8], salt: &[u8]) -> [u8; DIGEST_LEN] {
    let mut alt = Md5::new();
    alt.update(key);
    alt.update(salt);
    alt.update(key);
    let alt = alt.finish();

    let mut h = Md5::new();
    h.update(key);
    h.update(PREFIX);
    h.update(salt);
    for chunk in key.chunks(DIGEST_LEN) {
        h.update(&alt[..chunk.len()]);
    }
    // One byte per bit of the key's length, low bit first: a zero for a 1 bit, the key's
    // first byte for a 0 bit. (The length is no secret: the hash's time shows it anyway.)
    let first = key.first().copied().unwrap_or(0);
    let mut n = key.len();
    while n != 0 {
        h.update(&[if n & 1 == 1 { 0 } else { first }]);
        n >>= 1;
    }
    let mut digest = h.finish();

    // The branches below depend on the round's index only.
    for i in 0..ROUNDS {
        let mut h = Md5::new();
        let odd = i & 1 == 1;
        h.update(if odd { key } else { &digest });
        if i % SALT_PERIOD != 0 {
            h.update(salt);
        }
        if i % KEY_PERIOD != 0 {
            h.update(key);
        }
        h.update(if odd { &digest } else { key });
        digest = h.finish();
    }
    digest
}

#[cfg(test)]
mod tests;
