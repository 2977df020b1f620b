//! The `$y$` method: yescrypt, as Debian writes it into /etc/shadow (`$y$j9T$salt$hash`).
//!
//! The setting: `$y$`, then yescrypt's variable-length integers (`ybase64`): the flavour
//! (0 classic scrypt, 1 write-once/read-many, from 2 the read-write flavours: `j` is
//! YESCRYPT_DEFAULTS, the only one there is), log2 N less 1, r less 1, and optionally a
//! bit set of further parameters (p less 2, t less 1, g less 1, log2 of a ROM's N less 1),
//! then `$`, the salt in the byte base-64 (up to the last `$`), `$` and 43 characters of
//! hash.

use crate::mix::Native;
use crate::yescrypt::{kdf, Params, DEFAULTS, HASH_LEN, RW, WORM};
use crate::ybase64::{decode_bytes, decode_uint, encode_bytes};
use crate::Out;

pub const PREFIX: &[u8] = b"$y$";
const SEP: u8 = b'$';
/// The read-write flavours: flavour `RW + k` means flags `RW | k << 2` for `k` up to
/// `RW_FLAVOURS`.
const RW_FLAVOURS: u32 = 0x3fc >> 2;
const FLAVOUR_SHIFT: u32 = 2;
/// The bits of the optional bit set: p, t, g (hash upgrades, which crypt never accepts)
/// and a ROM (which crypt has none of).
const HAVE_P: u32 = 1;
const HAVE_T: u32 = 2;
const HAVE_G: u32 = 4;
const HAVE_ROM: u32 = 8;
/// The largest log2 N a setting may name; above 31 the parameter check refuses it anyway.
const MAX_LOG2: u32 = 63;
/// The longest salt yescrypt decodes, in bytes.
const SALT_MAX: usize = 64;

/// The flags a flavour number stands for.
fn flags_of(flavour: u32) -> Option<u32> {
    if flavour < RW {
        Some(flavour)
    } else if flavour - RW <= RW_FLAVOURS {
        Some(RW | ((flavour - RW) << FLAVOUR_SHIFT))
    } else {
        None
    }
}

/// Reads the parameters after `$y$`; gives them and the rest after their closing `$`.
fn params(s: &[u8]) -> Option<(Params, &[u8])> {
    let (flavour, s) = decode_uint(s, 0)?;
    let flags = flags_of(flavour)?;
    let (log2, s) = decode_uint(s, 1)?;
    if log2 > MAX_LOG2 {
        return None;
    }
    let (r, mut s) = decode_uint(s, 1)?;
    let mut p = Params { flags, n: 1u64 << log2, r, p: 1, t: 0 };
    if s.first() != Some(&SEP) {
        let (have, rest) = decode_uint(s, 1)?;
        s = rest;
        if have & HAVE_P != 0 {
            (p.p, s) = decode_uint(s, 2)?;
        }
        if have & HAVE_T != 0 {
            (p.t, s) = decode_uint(s, 1)?;
        }
        // g is at least 1 when present, and crypt computes no upgraded hashes; nor has
        // it a ROM.
        if have & (HAVE_G | HAVE_ROM) != 0 {
            return None;
        }
    }
    Some((p, s.strip_prefix(&[SEP])?))
}

/// Whether `setting` has none of the characters that libxcrypt refuses in every setting,
/// so that no hash can break a line of /etc/shadow: controls, space, `!`, `*`, `:`, `;`,
/// `\`, DEL and every byte from 0x80 (measured with libxcrypt 4.4.33).
pub fn shadow_safe(setting: &[u8]) -> bool {
    setting.iter().all(|&c| c > b' ' && c < 0x7f && !b"!*:;\\".contains(&c))
}

/// Hashes `key` by the `$y$` `setting` into `out`.
pub fn yescrypt(key: &[u8], setting: &[u8], out: &mut Out) -> bool {
    if !shadow_safe(setting) {
        return false;
    }
    let Some((params, rest)) = setting.strip_prefix(PREFIX).and_then(params) else {
        return false;
    };
    let prefix = &setting[..setting.len() - rest.len()];
    let salt_str = match rest.iter().rposition(|&c| c == SEP) {
        Some(end) => &rest[..end],
        None => rest,
    };
    let mut salt = [0u8; SALT_MAX];
    let Some(salt) = decode_bytes(salt_str, &mut salt) else {
        return false;
    };
    let mut hash = [0u8; HASH_LEN];
    let ok = kdf::<Native>(key, salt, &params, &mut hash)
        && out.extend(prefix)
        && out.extend(salt_str)
        && out.push(SEP)
        && encode_bytes(out, &hash);
    hash.fill(0);
    ok
}

const _: () = assert!(DEFAULTS == RW | (45 << FLAVOUR_SHIFT) && WORM < RW);
#[cfg(test)]
#[path = "crypt_yescrypt_tests.rs"]
mod tests;
