//! The `$7$` method: classic scrypt (RFC 7914) in the form libxcrypt reads and writes:
//! `$7$`, one character of log2 N, r and p as 30-bit numbers of five characters each (low
//! bits first), the salt (its characters themselves are the salt's bytes, up to the last
//! `$`), `$` and 43 characters of hash.

use crate::b64;
use crate::crypt_yescrypt::shadow_safe;
use crate::mix::Native;
use crate::yescrypt::{kdf, Params, HASH_LEN};
use crate::ybase64::{decode_fixed, encode_bytes};
use crate::Out;

pub const PREFIX: &[u8] = b"$7$";
const SEP: u8 = b'$';

/// Whether libxcrypt 4.4.33 accepts what follows the parameters (measured over every
/// string of up to 6 characters of `a`, `$`, `~` and 3,000 longer ones with `:`; it is not
/// documented): none of the characters it refuses in any setting; up to the first `$`
/// only base-64; then, part by part between the `$`s, a part that starts with another
/// character ends the check, and one that starts with base-64 must be all base-64.
fn salt_ok(rest: &[u8]) -> bool {
    let b64 = |c: &u8| b64::value(*c).is_some();
    let mut parts = rest.split(|&c| c == SEP);
    if !shadow_safe(rest) || !parts.next().is_some_and(|p| p.iter().all(b64)) {
        return false;
    }
    for part in parts {
        match part.first() {
            None => {}
            Some(c) if !b64(c) => return true,
            Some(_) if !part.iter().all(b64) => return false,
            Some(_) => {}
        }
    }
    true
}

/// Hashes `key` by the `$7$` `setting` into `out`.
pub fn scrypt(key: &[u8], setting: &[u8], out: &mut Out) -> bool {
    let Some(s) = setting.strip_prefix(PREFIX) else {
        return false;
    };
    let Some(log2) = s.first().and_then(|&c| b64::value(c)) else {
        return false;
    };
    let Some((r, s)) = decode_fixed(&s[1..]) else {
        return false;
    };
    let Some((p, rest)) = decode_fixed(s) else {
        return false;
    };
    if !salt_ok(rest) {
        return false;
    }
    // log2 N of 0 is N = 1, which the parameter check refuses with the rest.
    let params = Params { flags: 0, n: 1u64 << log2, r, p, t: 0 };
    let prefix = &setting[..setting.len() - rest.len()];
    let salt = match rest.iter().rposition(|&c| c == SEP) {
        Some(end) => &rest[..end],
        None => rest,
    };
    let mut hash = [0u8; HASH_LEN];
    let ok = kdf::<Native>(key, salt, &params, &mut hash)
        && out.extend(prefix)
        && out.extend(salt)
        && out.push(SEP)
        && encode_bytes(out, &hash);
    hash.fill(0);
    ok
}
