//! Tests of `$y$` and `$7$`: against the host's libxcrypt (through Python's ctypes, one
//! process for all the cases), the two backends against each other, and hostile settings.

use crate::crypt_scrypt::scrypt;
use crate::crypt_yescrypt::yescrypt;
use crate::mix::{Native, Portable};
use crate::yescrypt::{kdf, Params, DEFAULTS, WORM};
use crate::Out;
use crate::testutil::{hex, libxcrypt, Rng};

const ALPHABET: &[u8] = crate::b64::ALPHABET;

type MethodFn = fn(&[u8], &[u8], &mut Out) -> bool;

/// Runs `method` on every case and compares with libxcrypt; gives how many it accepted.
fn compare(method: MethodFn, cases: &[(Vec<u8>, Vec<u8>)]) -> usize {
    let want = libxcrypt(cases);
    let mut ok = 0;
    for ((k, s), want) in cases.iter().zip(&want) {
        let mut out = Out::new();
        let got = method(k, s, &mut out).then(|| out.as_bytes().to_vec());
        assert_eq!(
            got.as_deref().map(String::from_utf8_lossy),
            want.as_deref().map(String::from_utf8_lossy),
            "key {} setting {}",
            hex(k),
            String::from_utf8_lossy(s)
        );
        ok += usize::from(got.is_some());
    }
    ok
}

/// A key: empty, short, long, or past any block; bytes 1 to 255 (a C string has no NUL).
fn key(rng: &mut Rng) -> Vec<u8> {
    let len = match rng.below(4) {
        0 => rng.below(2),
        1 => rng.below(16),
        2 => rng.below(80),
        _ => rng.below(300),
    };
    (0..len).map(|_| 1 + rng.below(255) as u8).collect()
}

/// A variable-length integer as yescrypt writes it (the inverse of `decode_uint`).
pub(crate) fn encode_uint(mut v: u32, min: u32) -> Vec<u8> {
    v -= min;
    let runs = [(0u32, 47u32), (48, 55), (56, 59), (60, 61), (62, 62), (63, 63)];
    let mut bits = 0;
    for (chars, &(start, end)) in runs.iter().enumerate() {
        let count = (end + 1 - start) << bits;
        if v < count {
            let mut s = vec![ALPHABET[(start + (v >> bits)) as usize]];
            for c in (0..chars).rev() {
                s.push(ALPHABET[((v >> (6 * c)) & 63) as usize]);
            }
            return s;
        }
        v -= count;
        bits += 6;
    }
    panic!("too large");
}

/// A salt string: random bytes encoded (0 to 66 of them, past the 64 yescrypt takes), or
/// now and then any characters, with or without an old hash after it.
fn y_salt(rng: &mut Rng) -> Vec<u8> {
    let mut s = Vec::new();
    if rng.below(10) == 0 {
        let pool = b"./09AZaz$*:!;\\ \x80~";
        for _ in 0..rng.below(12) {
            s.push(if rng.below(2) == 0 { ALPHABET[rng.below(64) as usize] } else { pool[rng.below(pool.len())] });
        }
    } else {
        let bytes: Vec<u8> = (0..rng.below(67)).map(|_| rng.next() as u8).collect();
        let mut o = Out::new();
        assert!(crate::ybase64::encode_bytes(&mut o, &bytes));
        s.extend_from_slice(o.as_bytes());
    }
    match rng.below(4) {
        0 => s.extend_from_slice(b"$"),
        1 => s.extend_from_slice(b"$abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG"),
        _ => {}
    }
    s
}

/// A `$y$` setting at a small cost, or now and then a malformed one.
fn y_setting(rng: &mut Rng) -> Vec<u8> {
    let mut s = b"$y$".to_vec();
    let flavour = match rng.below(10) {
        0 => 0,
        1 => 1,
        2 => rng.below(300) as u32,
        _ => 47,
    };
    s.extend(encode_uint(flavour, 0));
    s.extend(encode_uint(1 + rng.below(6) as u32, 1));
    let r = if rng.below(8) == 0 { 1 + rng.below(120) as u32 } else { 1 + rng.below(8) as u32 };
    s.extend(encode_uint(r, 1));
    if rng.below(3) == 0 {
        let most = if rng.below(8) == 0 { 40 } else { 3 };
        let have = 1 + rng.below(most) as u32;
        s.extend(encode_uint(have, 1));
        if have & 1 != 0 {
            s.extend(encode_uint(2 + rng.below(3) as u32, 2));
        }
        if have & 2 != 0 {
            s.extend(encode_uint(1 + rng.below(3) as u32, 1));
        }
        if have & 4 != 0 {
            s.extend(encode_uint(1 + rng.below(3) as u32, 1));
        }
        if have & 8 != 0 {
            s.extend(encode_uint(1 + rng.below(3) as u32, 1));
        }
    }
    match rng.below(30) {
        0 => {
            s.truncate(rng.below(s.len() + 1));
            return s;
        }
        1 => s.push(b'.'),
        _ => {}
    }
    s.push(b'$');
    s.extend(y_salt(rng));
    s
}

/// A `$7$` setting at a small cost, or now and then a malformed one.
fn scrypt_setting(rng: &mut Rng) -> Vec<u8> {
    let mut s = b"$7$".to_vec();
    // log2 N from 0 to 7, mostly from 2 (N = 4, the least libxcrypt takes).
    let log2 = if rng.below(10) == 0 { rng.below(2) } else { 2 + rng.below(6) };
    s.push(ALPHABET[log2 as usize]);
    for max in [5, 4] {
        let v = 1 + rng.below(max) as u32;
        for i in 0..5 {
            s.push(ALPHABET[((v >> (6 * i)) & 63) as usize]);
        }
    }
    let pool = b"./09AZaz$*:!;\\ \x80~\x7f";
    let odd = rng.below(8) == 0;
    for _ in 0..rng.below(40) {
        s.push(if !odd || rng.below(4) != 0 { ALPHABET[rng.below(64) as usize] } else { pool[rng.below(pool.len())] });
    }
    if rng.below(3) == 0 {
        s.extend_from_slice(b"$abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG");
    }
    if rng.below(30) == 0 {
        s.truncate(rng.below(s.len() + 1));
    }
    s
}

/// Cases for each differential (the crate's tests are optimized even in debug builds:
/// .cargo/config.toml).
const DIFF_CASES: usize = 10_000;

#[test]
fn yescrypt_against_libxcrypt() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let cases: Vec<_> = (0..DIFF_CASES).map(|_| (key(&mut rng), y_setting(&mut rng))).collect();
    let ok = compare(yescrypt, &cases);
    assert!(ok > DIFF_CASES / 3, "{ok} accepted");
}

#[test]
fn scrypt_against_libxcrypt() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let cases: Vec<_> = (0..DIFF_CASES).map(|_| (key(&mut rng), scrypt_setting(&mut rng))).collect();
    let ok = compare(scrypt, &cases);
    assert!(ok > DIFF_CASES / 3, "{ok} accepted");
}

/// Debian's default cost: the known answer, then 300 random keys and salts.
#[test]
fn default_cost_against_libxcrypt() {
    let mut out = Out::new();
    assert!(yescrypt(b"pw", b"$y$j9T$abcdefgh", &mut out));
    assert_eq!(out.as_bytes(), b"$y$j9T$abcdefgh$UGYCVcUwcoG0k8SZZ.Uz3i0RYQNy1YmYj4I4poBPer2");
    let count = 300;
    let mut rng = Rng(7);
    let cases: Vec<_> = (0..count)
        .map(|_| {
            let mut s = b"$y$j9T$".to_vec();
            s.extend(y_salt(&mut rng).split(|&c| c == b'$').next().unwrap());
            (key(&mut rng), s)
        })
        .collect();
    compare(yescrypt, &cases);
}

/// The portable backend against the native one (SSE2 on x86_64) over random parameters
/// of every mode.
#[test]
fn backends_agree() {
    let mut rng = Rng(99);
    let mut accepted = 0;
    for _ in 0..200 {
        let flags = [0, WORM, DEFAULTS][rng.below(3) as usize];
        let p = 1 + rng.below(3) as u32;
        let params = Params {
            flags,
            n: 1 << (2 + rng.below(5)),
            r: 1 + rng.below(6) as u32,
            p,
            t: if flags == 0 { 0 } else { rng.below(3) as u32 },
        };
        let k = key(&mut rng);
        let salt: Vec<u8> = (0..rng.below(40)).map(|_| rng.next() as u8).collect();
        let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
        let ok = kdf::<Portable>(&k, &salt, &params, &mut a);
        assert_eq!(ok, kdf::<Native>(&k, &salt, &params, &mut b), "{params:?}");
        assert_eq!(a, b, "{params:?}");
        accepted += usize::from(ok);
    }
    assert!(accepted > 100, "{accepted} accepted");
}

/// Settings that would take gigabytes or hours, overflow, or are cut short or malformed:
/// each fails (and at once: nothing is allocated for them).
#[test]
fn hostile_settings_fail() {
    let bad: &[&[u8]] = &[
        b"$y$jzT$salt",       // N = 2^64
        b"$y$jIT$salt",       // N = 2^21, r = 32: 8 GiB
        b"$y$j9zzzzzz$salt",  // r past 2^30
        b"$y$j9T7zzzzzz$salt", // p huge
        b"$y$j9T2zzzzzz$salt", // t huge
        b"$y$j9T3/$salt",      // g set
        b"$y$j9T8/$salt",      // a ROM
        b"$y$j9T",
        b"$y$j9",
        b"$y$j",
        b"$y$",
        b"$y$j9T$sa*t",
        b"$y$j9T$a",
        b"$y$zzzzzz9T$salt",
        b"$y$k.9T$salt",
        b"$7$",
        b"$7$C",
        b"$7$C6....",
        b"$7$C6..../...",
        b"$7$z6..../....salt",  // N = 2^63
        b"$7$.6..../....salt",  // N = 1
        b"$7$C6..../zzzzsalt",  // r * p past 2^30
        b"$7$Kzzzz/..../salt",  // memory
        b"$7$C6..../..z./salt", // work: p = 2^13 lanes
    ];
    for s in bad {
        let mut out = Out::new();
        let m: MethodFn = if s.starts_with(b"$7$") { scrypt } else { yescrypt };
        assert!(!m(b"password", s, &mut out), "{}", String::from_utf8_lossy(s));
    }
}
