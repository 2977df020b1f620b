//! `$5$` and `$6$`: Ulrich Drepper's SHA-crypt ("Unix crypt using SHA-256 and SHA-512",
//! 2007), written once over [`Digest`].
//!
//! The setting is the prefix, optionally `rounds=N$`, then a salt of up to 16 bytes that
//! ends early at `$` or at the end of the setting (an old hash after it is ignored). What
//! limpet accepts is what musl does (measured on musl 1.2.5; libxcrypt is stricter):
//! - N is decimal digits only (leading zeros allowed, no sign or space) and must be
//!   followed by `$`. Below 1,000 it is raised to 1,000, as the specification says; above
//!   [`ROUNDS_MAX`] the setting fails. The specification allows 999,999,999, but musl
//!   refuses such counts as hostile, and so does limpet: 9,999,999 rounds of `$6$` take
//!   about 4 s, the worst a hash read from a file can cost.
//! - `rounds=N$` is written back only when the setting had it (with N as clamped).
//! - The salt may hold any byte but `:` and newline (which would break a passwd line).
//! - A key longer than [`KEY_MAX`] bytes fails: each round hashes the key's length twice.

use crate::Out;
use crate::digest::Digest;
use crate::digest_b64::{self, Layout};
use crate::sha256::Sha256;
use crate::sha512::Sha512;

/// What the method needs of a hash beyond [`Digest`]: its settings' prefix and the order
/// its final digest is written in.
pub trait ShaCrypt: Digest {
    const PREFIX: &'static [u8];
    const LAYOUT: Layout;
}

impl ShaCrypt for Sha256 {
    const PREFIX: &'static [u8] = b"$5$";
    const LAYOUT: Layout = Layout {
        groups: &[
            [0, 10, 20],
            [21, 1, 11],
            [12, 22, 2],
            [3, 13, 23],
            [24, 4, 14],
            [15, 25, 5],
            [6, 16, 26],
            [27, 7, 17],
            [18, 28, 8],
            [9, 19, 29],
        ],
        tail: &[31, 30],
    };
}

impl ShaCrypt for Sha512 {
    const PREFIX: &'static [u8] = b"$6$";
    const LAYOUT: Layout = Layout {
        groups: &[
            [0, 21, 42],
            [22, 43, 1],
            [44, 2, 23],
            [3, 24, 45],
            [25, 46, 4],
            [47, 5, 26],
            [6, 27, 48],
            [28, 49, 7],
            [50, 8, 29],
            [9, 30, 51],
            [31, 52, 10],
            [53, 11, 32],
            [12, 33, 54],
            [34, 55, 13],
            [56, 14, 35],
            [15, 36, 57],
            [37, 58, 16],
            [59, 17, 38],
            [18, 39, 60],
            [40, 61, 19],
            [62, 20, 41],
        ],
        tail: &[63],
    };
}

/// Rounds when the setting names none.
pub const ROUNDS_DEFAULT: u32 = 5000;
/// Fewer rounds are raised to this.
pub const ROUNDS_MIN: u32 = 1000;
/// More rounds fail: musl's bound for hostile settings (the specification's is 999,999,999).
pub const ROUNDS_MAX: u32 = 9_999_999;
/// The longest key, as in musl (measured on musl 1.2.5: 256 bytes hash, 257 fail).
pub const KEY_MAX: usize = 256;
/// The longest salt; longer ones are cut.
const SALT_MAX: usize = 16;
/// What introduces a rounds count.
const ROUNDS_TAG: &[u8] = b"rounds=";
/// Ends the rounds count and the salt.
const FIELD_END: u8 = b'$';
/// Salt bytes that fail: they would end a field or a line of /etc/shadow.
const SALT_REFUSED: &[u8] = b":\n";
/// The salt-only digest hashes the salt this many times, plus the first byte of A.
const SALT_REPEAT_BASE: usize = 16;
/// The rounds whose index is a multiple of one of these leave out the salt and key parts.
const SALT_PERIOD: u32 = 3;
const KEY_PERIOD: u32 = 7;
const RADIX: u32 = 10;

/// The `$5$` method.
pub fn sha256_crypt(key: &[u8], setting: &[u8], out: &mut Out) -> bool {
    sha_crypt::<Sha256>(key, setting, out)
}

/// The `$6$` method.
pub fn sha512_crypt(key: &[u8], setting: &[u8], out: &mut Out) -> bool {
    sha_crypt::<Sha512>(key, setting, out)
}

/// What a setting asks for.
struct Setting<'a> {
    /// The count, clamped, and whether the setting named it.
    rounds: u32,
    explicit: bool,
    salt: &'a [u8],
}

/// Reads a setting (prefix included); `None` when it is invalid.
fn parse<D: ShaCrypt>(setting: &[u8]) -> Option<Setting<'_>> {
    let mut rest = setting.strip_prefix(D::PREFIX)?;
    let mut rounds = ROUNDS_DEFAULT;
    let explicit = rest.starts_with(ROUNDS_TAG);
    if explicit {
        let (n, after) = parse_rounds(&rest[ROUNDS_TAG.len()..])?;
        rounds = n.max(ROUNDS_MIN);
        rest = after;
    }
    let rest = &rest[..rest.len().min(SALT_MAX)];
    let salt = rest
        .iter()
        .position(|&c| c == FIELD_END)
        .map_or(rest, |n| &rest[..n]);
    if salt.iter().any(|c| SALT_REFUSED.contains(c)) {
        return None;
    }
    Some(Setting {
        rounds,
        explicit,
        salt,
    })
}

/// Reads `N$` (at least one digit, at most [`ROUNDS_MAX`]), returning N and what follows
/// the `$`. Stops at the first digit past the bound, so no length of digits overflows.
fn parse_rounds(s: &[u8]) -> Option<(u32, &[u8])> {
    let digits = s.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || s.get(digits) != Some(&FIELD_END) {
        return None;
    }
    let mut n: u32 = 0;
    for &c in &s[..digits] {
        n = n * RADIX + u32::from(c - b'0');
        if n > ROUNDS_MAX {
            return None;
        }
    }
    Some((n, &s[digits + 1..]))
}

/// The method over `D`: hashes `key` with `setting` into `out`; false when the setting is
/// invalid or the key too long.
pub fn sha_crypt<D: ShaCrypt>(key: &[u8], setting: &[u8], out: &mut Out) -> bool {
    if key.len() > KEY_MAX {
        return false;
    }
    let Some(s) = parse::<D>(setting) else {
        return false;
    };
    let digest = stretch::<D>(key, s.salt, s.rounds);
    out.extend(D::PREFIX)
        && (!s.explicit || write_rounds(out, s.rounds))
        && out.extend(s.salt)
        && out.push(FIELD_END)
        && digest_b64::push(out, digest.as_ref(), &D::LAYOUT)
}

/// Appends `rounds=N$`.
fn write_rounds(out: &mut Out, n: u32) -> bool {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut v = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (v % RADIX) as u8;
        v /= RADIX;
        if v == 0 {
            break;
        }
    }
    out.extend(ROUNDS_TAG) && out.extend(&digits[i..]) && out.push(FIELD_END)
}

/// The longest message one round hashes: two copies of the key-derived string P (as long
/// as the key), the salt-derived string S, and the previous digest (at most 64 bytes).
const ROUND_MAX: usize = 2 * KEY_MAX + SALT_MAX + 64;

/// Repeats `digest` to `len` bytes into `buf`, returning them.
fn repeat_into<'a>(digest: &[u8], len: usize, buf: &'a mut [u8]) -> &'a [u8] {
    for (i, b) in buf[..len].iter_mut().enumerate() {
        *b = digest[i % digest.len()];
    }
    &buf[..len]
}

/// The digest after the specification's steps 1 to 21: digests A and B, the strings P and S,
/// then `rounds` rounds.
fn stretch<D: ShaCrypt>(key: &[u8], salt: &[u8], rounds: u32) -> D::Out {
    // B = H(key salt key).
    let mut h = D::new();
    h.update(key);
    h.update(salt);
    h.update(key);
    let b = h.finish();

    // A = H(key salt, B repeated to the key's length, then per bit of the key's length
    // (low first) B for a 1 and the key for a 0). The length is no secret: the hash's time
    // shows it anyway.
    let mut h = D::new();
    h.update(key);
    h.update(salt);
    for chunk in key.chunks(D::LEN) {
        h.update(&b.as_ref()[..chunk.len()]);
    }
    let mut n = key.len();
    while n != 0 {
        h.update(if n & 1 == 1 { b.as_ref() } else { key });
        n >>= 1;
    }
    let a = h.finish();

    // P: H(the key, once per byte of it), repeated to the key's length.
    let mut h = D::new();
    for _ in 0..key.len() {
        h.update(key);
    }
    let dp = h.finish();
    let mut p_buf = [0u8; KEY_MAX];
    let p = repeat_into(dp.as_ref(), key.len(), &mut p_buf);

    // S: H(the salt, 16 + A[0] times), repeated to the salt's length. The count depends on
    // the secret digest A: the specification makes this loop's length a secret, which no
    // implementation can hide.
    let mut h = D::new();
    for _ in 0..SALT_REPEAT_BASE + usize::from(a.as_ref()[0]) {
        h.update(salt);
    }
    let ds = h.finish();
    let mut s_buf = [0u8; SALT_MAX];
    let s = repeat_into(ds.as_ref(), salt.len(), &mut s_buf);

    rounds_loop::<D>(a, p, s, rounds)
}

/// Round i hashes (P if i is odd, else C) then S unless 3 divides i, then P unless 7
/// divides i, then (C if i is odd, else P), where C is the previous round's digest (A at
/// first). Each round's message is laid out whole in one buffer and hashed in one call.
/// The branches depend on the round's index only.
fn rounds_loop<D: ShaCrypt>(a: D::Out, p: &[u8], s: &[u8], rounds: u32) -> D::Out {
    let mut c = a;
    let mut msg = [0u8; ROUND_MAX];
    for i in 0..rounds {
        let odd = i & 1 == 1;
        let mut len = 0;
        let mut put = |part: &[u8]| {
            msg[len..len + part.len()].copy_from_slice(part);
            len += part.len();
        };
        put(if odd { p } else { c.as_ref() });
        if i % SALT_PERIOD != 0 {
            put(s);
        }
        if i % KEY_PERIOD != 0 {
            put(p);
        }
        put(if odd { c.as_ref() } else { p });
        c = D::digest(&msg[..len]);
    }
    c
}

#[cfg(test)]
mod tests;
