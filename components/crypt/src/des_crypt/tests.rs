//! The DES methods against libxcrypt (the host's libcrypt, through Python's ctypes) over
//! generated keys and settings, and against values measured on musl 1.2.3 where musl and
//! libxcrypt part ways (traditional salts outside the alphabet, a count of 0).

use super::*;
use crate::crypt::crypt_r;
use crate::crypt::{CryptData, CRYPT_DATA_BUF};
use std::ffi::{CStr, CString};
use crate::testutil::{hex, libxcrypt, Rng};

fn run(key: &[u8], setting: &[u8]) -> Vec<u8> {
    let (k, s) = (CString::new(key).unwrap(), CString::new(setting).unwrap());
    let mut data = CryptData { initialized: 0, buf: [0; CRYPT_DATA_BUF] };
    // SAFETY: two C strings and a struct crypt_data of ours.
    let p = unsafe { crypt_r(k.as_ptr(), s.as_ptr(), &mut data) };
    // SAFETY: crypt_r returns data's buffer, NUL-terminated.
    unsafe { CStr::from_ptr(p) }.to_bytes().to_vec()
}

/// Hashes that musl 1.2.3 and libxcrypt 4.4.33 both give.
const BOTH: &[(&str, &str, &str)] = &[
    ("test", "ab", "abgOeLfPimXQo"),
    ("test", "abcdefg", "abgOeLfPimXQo"),
    ("0123456789abcdefghij", "_J9..CCCC", "_J9..CCCCMf7UAzIF73s"),
    ("0123456789abcdefghij", "_./..CCCC", "_./..CCCCgmYCqTO74OM"),
    ("test", "_J9..CCCC", "_J9..CCCCZBIc.TMGpK."),
    ("test", "_J9..CCCCxyz", "_J9..CCCCZBIc.TMGpK."),
    ("12345678901234567", "_/...CCCC", "_/...CCCCheCGlJ.66ys"),
    ("pw", "_.z..CCCC", "_.z..CCCCigpgWiq4Dq."),
];

/// Hashes musl 1.2.3 gives for traditional salts outside the alphabet (libxcrypt refuses
/// them).
const MUSL_ONLY: &[(&[u8], &[u8], &[u8])] = &[
    (b"test", b"a!", b"a!SLJBRf4df5s"),
    (b"test", b"!a", b"!agdheJ4NyCzY"),
    (b"test", b"*0", b"*0JFFfumt9j1."),
    (b"test", b"$1", b"$19JEJTylB1.M"),
    (b"test", b"$x", b"$xQjv.ZYjbRxs"),
    (b"test", b"a$", b"a$DhNbnOeAfBQ"),
    (b"test", b"\xff\x80", b"\xff\x80fG9NLhirbVA"),
    (b"test", b"\x01~", b"\x01~96kROuLgTmw"),
    (b"test", b"{|", b"{|H7.I.sVn7zo"),
    (b"test", b" ;", b" ;auyqBsQ92fY"),
];

#[test]
fn known_hashes() {
    for &(k, s, h) in BOTH {
        assert_eq!(run(k.as_bytes(), s.as_bytes()), h.as_bytes(), "{k:?} {s:?}");
    }
    for &(k, s, h) in MUSL_ONLY {
        assert_eq!(run(k, s), h, "{k:?} {s:?}");
    }
}

/// The value musl gives each byte 1 to 255 as the second character of a traditional salt
/// (found by matching its hashes against those of the 4,096 salts of the alphabet); -1
/// where musl refuses the setting (newline and colon).
const MUSL_SALT_VALUES: [i8; 255] = [
    19, 20, 21, 22, 23, 24, 25, 26, 27, -1, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
    48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, -1, 13, 14,
    15, 16, 17, 18, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36,
    37, 38, 39, 40, 41, 42, 43, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59,
    60, 61, 62, 63, 0, 1, 2, 3, 4, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38,
    39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 0, 1, 2, 3, 4,
    5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34,
    35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
];

#[test]
fn every_salt_byte_as_musl() {
    for (i, &want) in MUSL_SALT_VALUES.iter().enumerate() {
        let c = i as u8 + 1;
        // `_` first is the extended method.
        let settings: &[[u8; 2]] = if c == b'_' { &[[b'.', c]] } else { &[[c, b'.'], [b'.', c]] };
        for &setting in settings {
            let got = run(b"key", &setting);
            if want < 0 {
                assert_eq!(got, b"*0", "byte {c}");
                continue;
            }
            let mut same = setting;
            same[usize::from(setting[1] == c)] = b64::ALPHABET[want as usize];
            let reference = run(b"key", &same);
            assert_eq!(got[..2], setting, "byte {c}");
            assert_eq!(got[2..], reference[2..], "byte {c}");
        }
    }
}

/// Settings either method must refuse, quickly.
#[test]
fn bad_settings_fail() {
    let bad: &[&[u8]] = &[
        b"",
        b"a",
        b"_",
        b"_J9..CCC",
        b"_J9..CC",
        b"_J9",
        b"_....CCCC",
        b"_....zzzz",
        b"_J9..!CCC",
        b"_J9.!CCCC",
        b"_!9..CCCC",
        b"_J9..CCC\xff",
        b"_J9..CC:C",
        b"a:",
        b":a",
        b"\na",
        b"a\n",
    ];
    for s in bad {
        assert_eq!(run(b"password", s), b"*0", "{s:?}");
        let mut out = Out::new();
        let ok = if s.starts_with(EXTENDED) {
            extended(b"password", s, &mut out)
        } else {
            traditional(b"password", s, &mut out)
        };
        assert!(!ok, "{s:?}");
    }
}

/// A key of 0 to 300 bytes (mostly short), of any byte but NUL.
fn random_key(r: &mut Rng) -> Vec<u8> {
    let len = match r.below(10) {
        0 => 0,
        1..=6 => r.below(12),
        7 | 8 => r.below(40),
        _ => r.below(300),
    };
    (0..len).map(|_| 1 + r.below(255) as u8).collect()
}

fn alphabet(r: &mut Rng, n: usize) -> Vec<u8> {
    (0..n).map(|_| b64::ALPHABET[r.below(64) as usize]).collect()
}

const CASES: usize = 10_000;

fn differential(cases: Vec<(Vec<u8>, Vec<u8>)>) {
    let want = libxcrypt(&cases);
    for ((k, s), w) in cases.iter().zip(&want) {
        // libxcrypt fails with `*0` (the generated settings never start with `*0`).
        let w = w.clone().unwrap_or_else(|| b"*0".to_vec());
        assert_eq!(run(k, s), w, "key {} setting {:?}", hex(k), String::from_utf8_lossy(s));
    }
}

#[test]
fn traditional_against_libxcrypt() {
    let mut r = Rng(0x2545_f491_4f6c_dd1d);
    let cases = (0..CASES)
        .map(|_| {
            let mut s = alphabet(&mut r, 2);
            if r.below(4) == 0 {
                let n = r.below(12) as usize;
                s.extend(alphabet(&mut r, n));
            }
            (random_key(&mut r), s)
        })
        .collect();
    differential(cases);
}

#[test]
fn extended_against_libxcrypt() {
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    let cases = (0..CASES)
        .map(|_| {
            // Counts from 1 up to 1,024 (1 to 64 most often, to keep the debug build quick, and
            // the qemu runs of other targets);
            // the salt anything.
            let count = 1 + if r.below(32) == 0 { r.below(1024) } else { r.below(64) };
            let mut s = b"_".to_vec();
            for i in 0..4 {
                s.push(b64::ALPHABET[(count >> (6 * i)) as usize & 63]);
            }
            s.extend(alphabet(&mut r, 4));
            if r.below(8) == 0 {
                let n = r.below(8) as usize;
                s.extend(alphabet(&mut r, n));
            }
            (random_key(&mut r), s)
        })
        .collect();
    differential(cases);
}
