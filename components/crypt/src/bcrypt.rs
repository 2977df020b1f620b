//! bcrypt, `$2a$` `$2b$` `$2x$` `$2y$` (Provos and Mazières, "A Future-Adaptable Password
//! Scheme", 1999): Blowfish's key schedule made costly ("EksBlowfishSetup"), then
//! "OrpheanBeholderScryDoubt" encrypted 64 times with the resulting state.
//!
//! A setting is `$2V$NN$` and 22 characters of salt (anything after them is ignored, so a
//! whole hash is a setting); the result adds 31 characters of hash. The four versions
//! differ only in how key bytes with the high bit set enter the key (see `KeyWords`).
//! musl as Debian builds it has no crypt at all, so the reference is the host's libxcrypt,
//! which like musl's comes from Openwall's crypt_blowfish; the behaviour below is measured
//! on it.

use crate::blowfish::{Blowfish, P_LEN};
use crate::Out;

/// The smallest cost: 2^4 rounds, as in the paper and every implementation.
pub const MIN_COST: u32 = 4;
/// limpet's largest cost, 2^18 rounds: about 11.5 s on the x86_64 machines this was
/// measured on (cost 8 takes 11.2 ms there, and each step doubles it). The format goes to
/// 31, some 26 hours, so a hostile hash could hold a login for that long; hashes in use
/// are far below 18 (10 to 12 is usual).
pub const MAX_COST: u32 = 18;

/// Salt bytes, and the characters they are written in.
pub const SALT_LEN: usize = 16;
const SALT_CHARS: usize = 22;
/// Bytes of the encrypted text the hash keeps (the last of the 24 is dropped); they are
/// written in 31 characters.
pub const HASH_LEN: usize = 23;
/// `$2V$NN$`: the setting's length before the salt.
const HEADER_LEN: usize = 7;
/// The most key bytes that count: the P-array's 18 words.
pub const KEY_MAX: usize = P_LEN * 4;

/// The text bcrypt encrypts; its 24 bytes are six big-endian words.
const MAGIC: &[u8; 24] = b"OrpheanBeholderScryDoubt";
/// How many times it is encrypted.
const MAGIC_ROUNDS: usize = 64;

/// bcrypt's base-64 alphabet: the same characters as crypt's but in another order, and
/// written most significant bits first.
const ALPHABET: &[u8; 64] = b"./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const B64_BITS: u32 = 6;

/// The versions, which differ in how a key byte with the high bit set is read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Version {
    /// `$2a$`: correctly, except that a key which an old sign-extending implementation
    /// would have read the same (see `KeyWords::safety_flip`) gets a different hash, so
    /// such old hashes no longer match.
    A,
    /// `$2b$` (OpenBSD, 2014) and `$2y$` (crypt_blowfish, 2011): correctly.
    B,
    /// `$2x$`: as the old crypt_blowfish did by mistake, each byte sign-extended into the
    /// word being built (so `\xff` clears nothing and `\x80` spreads ones over the bytes
    /// before it); kept so that such old hashes can still be checked.
    X,
    /// `$2y$`: as `$2b$`.
    Y,
}

impl Version {
    fn from_letter(c: u8) -> Option<Self> {
        match c {
            b'a' => Some(Version::A),
            b'b' => Some(Version::B),
            b'x' => Some(Version::X),
            b'y' => Some(Version::Y),
            _ => None,
        }
    }

    fn letter(self) -> u8 {
        match self {
            Version::A => b'a',
            Version::B => b'b',
            Version::X => b'x',
            Version::Y => b'y',
        }
    }
}

/// The key as the P-array's 18 words: its bytes and a terminating NUL, repeated to fill 72
/// bytes (so only the first 72 bytes of a longer key count).
struct KeyWords {
    /// Bytes read unsigned: the right way.
    words: [u32; P_LEN],
    /// Bytes sign-extended: the `$2x$` way.
    signed: [u32; P_LEN],
    /// Some byte that is not the first of its word has the high bit set: 0 or 1.
    high_inside: u32,
}

impl KeyWords {
    fn new(key: &[u8]) -> Self {
        let key = &key[..key.len().min(KEY_MAX)];
        let mut k = KeyWords { words: [0; P_LEN], signed: [0; P_LEN], high_inside: 0 };
        // The position in key + NUL; it wraps by the key's length, which is not secret.
        let mut at = 0;
        for (w, s) in k.words.iter_mut().zip(&mut k.signed) {
            for j in 0..4 {
                let b = key.get(at).copied().unwrap_or(0);
                at = if at == key.len() { 0 } else { at + 1 };
                *w = (*w << 8) | u32::from(b);
                *s = (*s << 8) | (b as i8 as i32 as u32);
                // A first byte's sign extension is shifted out of the word; later ones
                // reach the bytes before them.
                if j != 0 {
                    k.high_inside |= u32::from(b >> 7);
                }
            }
        }
        k
    }

    /// The bit `$2a$` flips in the P-array's first word, for its first expansion only: set
    /// when a high-bit byte sits inside a word yet sign extension changed no word (the
    /// bytes before it were all `\xff`), so that the hash differs from what a sign-extending
    /// implementation computed. Computed without branching on the key.
    fn safety_flip(&self) -> u32 {
        /// The bit crypt_blowfish's `$2a$` countermeasure flips (measured on libxcrypt).
        const FLIP: u32 = 1 << 16;
        let changed = self.words.iter().zip(&self.signed).fold(0, |acc, (w, s)| acc | (w ^ s));
        // 1 when no word changed: `changed - 1` borrows out of the top bit only from 0.
        let unchanged = ((u64::from(changed).wrapping_sub(1)) >> 63) as u32;
        (self.high_inside & unchanged) * FLIP
    }
}

/// The salt's bytes as the four words bcrypt XORs into its blocks.
fn salt_words(salt: &[u8; SALT_LEN]) -> [u32; 4] {
    let mut w = [0; 4];
    for (w, c) in w.iter_mut().zip(salt.chunks_exact(4)) {
        *w = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
    }
    w
}

/// bcrypt's hash of `key` (the C string's bytes, without its NUL) with 2^`cost` rounds and
/// `salt`: the first 23 bytes of the encrypted magic text. None when `cost` is outside
/// `MIN_COST..=MAX_COST`.
pub fn hash(version: Version, cost: u32, salt: &[u8; SALT_LEN], key: &[u8]) -> Option<[u8; HASH_LEN]> {
    if !(MIN_COST..=MAX_COST).contains(&cost) {
        return None;
    }
    let kw = KeyWords::new(key);
    let key_words = if version == Version::X { kw.signed } else { kw.words };
    let salt_w = salt_words(salt);
    let salt_as_key = crate::blowfish::cycled_words(salt);

    // EksBlowfishSetup.
    let mut bf = Blowfish::initial();
    let mut first = key_words;
    if version == Version::A {
        first[0] ^= kw.safety_flip();
    }
    bf.expand_salted(&first, &salt_w);
    for _ in 0..1u64 << cost {
        bf.expand_plain(&key_words);
        bf.expand_plain(&salt_as_key);
    }

    let mut text = [0u32; MAGIC.len() / 4];
    for (t, c) in text.iter_mut().zip(MAGIC.chunks_exact(4)) {
        *t = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
    }
    for _ in 0..MAGIC_ROUNDS {
        for pair in text.chunks_exact_mut(2) {
            (pair[0], pair[1]) = bf.encrypt(pair[0], pair[1]);
        }
    }
    let mut out = [0; HASH_LEN];
    for (i, b) in out.iter_mut().enumerate() {
        *b = text[i / 4].to_be_bytes()[i % 4];
    }
    Some(out)
}

/// The value of a bcrypt base-64 character.
fn b64_value(c: u8) -> Option<u32> {
    let v = match c {
        b'.' => 0,
        b'/' => 1,
        b'A'..=b'Z' => c - b'A' + 2,
        b'a'..=b'z' => c - b'a' + 28,
        b'0'..=b'9' => c - b'0' + 54,
        _ => return None,
    };
    Some(u32::from(v))
}

/// Decodes `chars` into `out`, most significant bits first; the bits left over after the
/// last whole byte are ignored (the salt's 22nd character carries 2 bits and 4 ignored
/// ones: libxcrypt accepts any character there and writes back the one with those 4 bits
/// clear). None for a character outside the alphabet.
fn b64_decode(chars: &[u8], out: &mut [u8]) -> Option<()> {
    let (mut acc, mut bits, mut n) = (0u32, 0, 0);
    for &c in chars {
        acc = (acc << B64_BITS) | b64_value(c)?;
        bits += B64_BITS;
        if bits >= 8 {
            bits -= 8;
            out[n] = (acc >> bits) as u8;
            n += 1;
        }
    }
    Some(())
}

/// Writes `bytes`, most significant bits first, the last character padded with zero bits.
fn b64_encode(bytes: &[u8], out: &mut Out) -> bool {
    const MASK: u32 = (1 << B64_BITS) - 1;
    let (mut acc, mut bits) = (0u32, 0);
    for &b in bytes {
        acc = (acc << 8) | u32::from(b);
        bits += 8;
        while bits >= B64_BITS {
            bits -= B64_BITS;
            if !out.push(ALPHABET[((acc >> bits) & MASK) as usize]) {
                return false;
            }
        }
    }
    bits == 0 || out.push(ALPHABET[((acc << (B64_BITS - bits)) & MASK) as usize])
}

/// A parsed setting.
struct Setting {
    version: Version,
    cost: u32,
    salt: [u8; SALT_LEN],
}

/// Parses `$2V$NN$` and 22 salt characters; None when anything is missing, not a digit,
/// out of the cost bounds or outside the alphabet.
fn parse(setting: &[u8]) -> Option<Setting> {
    let head = setting.get(..HEADER_LEN)?;
    let version = Version::from_letter(head[2])?;
    if head[..2] != *b"$2" || head[3] != b'$' || head[6] != b'$' {
        return None;
    }
    let digit = |c: u8| c.is_ascii_digit().then(|| u32::from(c - b'0'));
    let cost = digit(head[4])? * 10 + digit(head[5])?;
    if !(MIN_COST..=MAX_COST).contains(&cost) {
        return None;
    }
    let chars = setting.get(HEADER_LEN..HEADER_LEN + SALT_CHARS)?;
    let mut salt = [0; SALT_LEN];
    b64_decode(chars, &mut salt)?;
    Some(Setting { version, cost, salt })
}

/// The method for the `$2a$`, `$2b$`, `$2x$` and `$2y$` rows of `crypt`'s table: writes
/// `$2V$NN$`, the salt (re-encoded, so its last character is the canonical one) and the
/// hash. False for an invalid setting, or a cost above `MAX_COST`.
pub fn bcrypt(key: &[u8], setting: &[u8], out: &mut Out) -> bool {
    let Some(s) = parse(setting) else {
        return false;
    };
    let Some(h) = hash(s.version, s.cost, &s.salt, key) else {
        return false;
    };
    let tens = (s.cost / 10) as u8;
    let ones = (s.cost % 10) as u8;
    out.extend(&[b'$', b'2', s.version.letter(), b'$', b'0' + tens, b'0' + ones, b'$'])
        && b64_encode(&s.salt, out)
        && b64_encode(&h, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(key: &[u8], setting: &[u8]) -> Option<String> {
        let mut out = Out::new();
        bcrypt(key, setting, &mut out).then(|| String::from_utf8(out.as_bytes().to_vec()).unwrap())
    }

    #[test]
    fn base64_round_trip() {
        for c in 0..=255u8 {
            assert_eq!(b64_value(c).map(|v| ALPHABET[v as usize]), ALPHABET.contains(&c).then_some(c));
        }
        let bytes: Vec<u8> = (0..SALT_LEN as u8).map(|i| i.wrapping_mul(37) ^ 0xa5).collect();
        let mut out = Out::new();
        assert!(b64_encode(&bytes, &mut out));
        assert_eq!(out.as_bytes().len(), SALT_CHARS);
        let mut back = [0; SALT_LEN];
        b64_decode(out.as_bytes(), &mut back).unwrap();
        assert_eq!(&back[..], &bytes[..]);
    }

    /// The vectors published with Openwall's crypt_blowfish and John the Ripper (the
    /// `$2a$` forms; `$2b$` and `$2y$` give the same for ASCII keys).
    #[test]
    fn known_answers() {
        let cases: [(&[u8], &str); 5] = [
            (b"U*U", "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW"),
            (b"U*U*", "$2a$05$CCCCCCCCCCCCCCCCCCCCC.VGOzA784oUp/Z0DY336zx7pLYAy0lwK"),
            (b"U*U*U", "$2a$05$XXXXXXXXXXXXXXXXXXXXXOAcXxm9kjPGEMsLznoKqmqw7tc8WCx4a"),
            (b"", "$2a$05$CCCCCCCCCCCCCCCCCCCCC.7uG0VCzI2bS7j6ymqJi9CdcdxiRTWNy"),
            (
                b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789chars after 72 are ignored",
                "$2a$05$abcdefghijklmnopqrstuu5s2v8.iXieOjg/.AySBTTZIIVFJeBui",
            ),
        ];
        for (key, want) in cases {
            assert_eq!(run(key, want.as_bytes()).as_deref(), Some(want), "key {key:?}");
            let b = want.replacen("$2a$", "$2b$", 1);
            assert_eq!(run(key, b.as_bytes()).as_deref(), Some(&b[..]), "key {key:?}");
        }
    }

    /// crypt_blowfish's published vectors for high-bit keys: `$2x$` reproduces the old
    /// sign-extension bug (its `\xa3` collides with `\xff\xff\xa3` read correctly), and
    /// `$2a$` gives `\xff\xff\xa3`, which the bug would not have changed, a hash of its own.
    #[test]
    fn high_bit_known_answers() {
        let cases: [(&[u8], &str); 6] = [
            (b"\xa3", "$2x$05$/OK.fbVrR/bpIqNJ5ianF.CE5elHaaO4EbggVDjb8P19RukzXSM3e"),
            (b"\xff\xff\xa3", "$2y$05$/OK.fbVrR/bpIqNJ5ianF.CE5elHaaO4EbggVDjb8P19RukzXSM3e"),
            (b"\xff\xff\xa3", "$2b$05$/OK.fbVrR/bpIqNJ5ianF.CE5elHaaO4EbggVDjb8P19RukzXSM3e"),
            (b"\xff\xff\xa3", "$2a$05$/OK.fbVrR/bpIqNJ5ianF.nqd1wy.pTMdcvrRWxyiGL2eMz.2a85."),
            (b"\xa3", "$2y$05$/OK.fbVrR/bpIqNJ5ianF.Sa7shbm4.OzKpvFnX1pQLmQW96oUlCq"),
            (b"\xa3", "$2a$05$/OK.fbVrR/bpIqNJ5ianF.Sa7shbm4.OzKpvFnX1pQLmQW96oUlCq"),
        ];
        for (key, want) in cases {
            assert_eq!(run(key, want.as_bytes()).as_deref(), Some(want), "key {key:?}");
        }
    }

    /// Against the host's libxcrypt (called through ctypes with the key's raw bytes), over
    /// random keys and salts at cost 4, all four versions. Keys are 0 to 100 bytes: ASCII,
    /// any byte but NUL, mostly `\xff` with other high bytes, or words of `\xff` bytes
    /// then one other high byte (where `$2x$`'s bug changes nothing and `$2a$`'s safety
    /// flip applies: about a third of those). 10^4 cases (the crate's tests are built
    /// optimised, see .cargo/config.toml); the other architectures, which run under
    /// qemu-user here, take a twentieth.
    #[test]
    fn against_libxcrypt() {
        const CASES: usize = 10_000;
        let n = if cfg!(target_arch = "x86_64") { CASES } else { CASES / 20 };
        let script = format!(
            r#"
import ctypes, random
lib = ctypes.CDLL("libcrypt.so.1")
lib.crypt.restype = ctypes.c_char_p
lib.crypt.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
A = b"./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
r = random.Random(2)
for i in range({n}):
    ln = r.choice([0, 1, 2, 71, 72, 73, r.randrange(0, 101)])
    kind = i % 4
    if kind == 0:
        k = bytes(r.randrange(32, 127) for _ in range(ln))
    elif kind == 1:
        k = bytes(r.randrange(1, 256) for _ in range(ln))
    elif kind == 2:
        k = bytes(r.choice([0xff] * 6 + [0x80 | r.randrange(128), r.randrange(1, 128)]) for _ in range(ln))
    else:
        k = b""
        for w in range(r.randrange(1, 19)):
            j = r.randrange(1, 4)
            k += b"\xff" * j + bytes([0x80 | r.randrange(128)]) + bytes(r.randrange(1, 128) for _ in range(3 - j))
        k = k[:r.choice([len(k), len(k) - 1, 71, 72])]
    s = b"$2" + bytes([r.choice(b"abxy")]) + b"$04$" + bytes(r.choice(A) for _ in range(22))
    print(k.hex(), s.decode(), lib.crypt(k, s).decode(), flush=True)
"#
        );
        // Read as Python writes, so the two hash on two cores at once.
        let mut child = std::process::Command::new("python3")
            .arg("-c")
            .arg(script)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("python3 runs");
        let lines = std::io::BufRead::lines(std::io::BufReader::new(child.stdout.take().unwrap()));
        let mut count = 0;
        for line in lines {
            let line = line.unwrap();
            let mut f = line.split(' ');
            let (k, s, want) = (f.next().unwrap(), f.next().unwrap(), f.next().unwrap());
            let key: Vec<u8> = (0..k.len()).step_by(2).map(|i| u8::from_str_radix(&k[i..i + 2], 16).unwrap()).collect();
            assert_eq!(run(&key, s.as_bytes()).as_deref(), Some(want), "key {k} setting {s}");
            count += 1;
        }
        assert!(child.wait().unwrap().success());
        assert_eq!(count, n);
    }

    #[test]
    fn bad_settings_fail() {
        let salt = "CCCCCCCCCCCCCCCCCCCCC.";
        for bad in [
            String::new(),
            "$2b$".into(),
            "$2b$05".into(),
            format!("$2b$05{salt}"),
            format!("$2b$5${salt}"),
            format!("$2b$0a${salt}"),
            format!("$2b$03${salt}"),
            format!("$2b$00${salt}"),
            format!("$2b$32${salt}"),
            format!("$2b$99${salt}"),
            format!("$2c$05${salt}"),
            format!("$2B$05${salt}"),
            format!("$3b$05${salt}"),
            format!("$2b$05${}", &salt[..21]),
            "$2b$05$CCCCCCCCCCCCCCCCCCCC!.".into(),
            "$2b$05$CCCCCCCCCCCCCCCCCCCC\u{80}.".into(),
        ] {
            assert_eq!(run(b"U*U", bad.as_bytes()), None, "{bad:?}");
        }
    }

    /// Costs past the bound fail at once, without hashing; the bound itself is accepted
    /// (checked by parsing only: hashing it takes seconds).
    #[test]
    fn hostile_costs_fail_fast() {
        let salt = "CCCCCCCCCCCCCCCCCCCCC.";
        for cost in MAX_COST + 1..=31 {
            // Hashed, cost 19 alone would take half a minute and 31 a day.
            let s = format!("$2b${cost:02}${salt}");
            assert_eq!(run(b"x", s.as_bytes()), None, "{s}");
        }
        let s = format!("$2b${MAX_COST:02}${salt}");
        assert_eq!(parse(s.as_bytes()).map(|p| p.cost), Some(MAX_COST));
        for cost in [0, MIN_COST - 1, MAX_COST + 1, 31, 64, u32::MAX] {
            assert_eq!(hash(Version::B, cost, &[0; SALT_LEN], b"x"), None, "cost {cost}");
        }
    }

    #[test]
    fn salt_tail_is_ignored_and_canonical() {
        let a = run(b"U*U", b"$2b$04$CCCCCCCCCCCCCCCCCCCCCC").unwrap();
        let b = run(b"U*U", b"$2b$04$CCCCCCCCCCCCCCCCCCCCC.").unwrap();
        assert_eq!(a, b);
        assert_eq!(run(b"k", b"$2b$04$CCCCCCCCCCCCCCCCCCCCC9").unwrap().as_bytes()[28], b'u');
        // Anything after the salt is ignored: a whole hash reproduces itself.
        let again = run(b"U*U", a.as_bytes()).unwrap();
        assert_eq!(a, again);
    }
}
