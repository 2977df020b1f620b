use super::*;
use crate::testutil::{Rng, libxcrypt, run};

fn md5(key: &[u8], setting: &[u8]) -> Option<String> {
    run(md5_crypt, key, setting).map(|h| String::from_utf8_lossy(&h).into_owned())
}

/// Known answers (musl 1.2.5 and libxcrypt agree on each).
#[test]
fn known_answers() {
    let cases: [(&[u8], &[u8], &str); 6] = [
        (
            b"password",
            b"$1$saltstring",
            "$1$saltstri$qQY4WxjABChYG1ccLpfkz/",
        ),
        (b"", b"$1$", "$1$$qRPK7m23GJusamGpoGLby/"),
        (
            b"Hello world!",
            b"$1$saltstri$",
            "$1$saltstri$YMyguxXMBpd2TEZ.vS/3q1",
        ),
        (
            b"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789",
            b"$1$12345678",
            "$1$12345678$IHNmtqVS6yhsfRV.dAXLQ.",
        ),
        (
            b"hello",
            b"$1$abcdefghijk$",
            "$1$abcdefgh$rwnEbRiN0agqVgZBovWNQ/",
        ),
        (b"hello", b"$1$ab$cd", "$1$ab$GG.jb7EqbyCQUXKGIbIxc0"),
    ];
    for (key, setting, want) in cases {
        assert_eq!(md5(key, setting).as_deref(), Some(want), "{setting:?}");
    }
}

/// Where musl 1.2.5 accepts what libxcrypt refuses: any salt byte but `$`, and keys up to
/// 30,000 bytes (libxcrypt's bound is lower).
#[test]
fn as_musl_measures() {
    assert_eq!(
        md5(b"hello", b"$1$ab:cd").as_deref(),
        Some("$1$ab:cd$ALsEAdadUY7yUkWocMxdt1")
    );
    assert_eq!(
        md5(b"hello", b"$1$ab\ncd").as_deref(),
        Some("$1$ab\ncd$EfJXmFB8uyxkmjcJKbkxe/")
    );
    assert_eq!(
        md5(b"hello", b"$1$abcdefgh:").as_deref(),
        Some("$1$abcdefgh$rwnEbRiN0agqVgZBovWNQ/")
    );
    assert_eq!(
        run(md5_crypt, b"hello", b"$1$ab\xffcd").unwrap(),
        b"$1$ab\xffcd$Rg/I/qJLGJSxLtqaSim2S1".to_vec()
    );
    assert_eq!(
        md5(&[b'x'; KEY_MAX], b"$1$salt").as_deref(),
        Some("$1$salt$CwZnEhkITIYrbEsF9Lguy/")
    );
    assert_eq!(md5(&[b'x'; KEY_MAX + 1], b"$1$salt"), None);
}

/// Random keys (0 to 300 bytes of any value but NUL) and salts (0 to 10 base-64
/// characters, sometimes followed by an old hash) against libxcrypt: 10,000 cases (the
/// crate's tests are optimised even in debug builds); under qemu (the other architectures)
/// every hundredth.
#[test]
fn differential_against_libxcrypt() {
    const CASES: usize = 10_000;
    const EMULATED_STRIDE: usize = 100;
    const KEY_LEN_MAX: usize = 300;
    const SALT_LEN_MAX: usize = 10;
    let mut rng = Rng(0x0d15_ea5e_1234_5678);
    let stride = if cfg!(target_arch = "x86_64") { 1 } else { EMULATED_STRIDE };
    let mut cases = Vec::new();
    for i in 0..CASES {
        let key_len = if rng.below(2) == 0 {
            rng.below(20)
        } else {
            rng.below(KEY_LEN_MAX + 1)
        };
        let key: Vec<u8> = (0..key_len).map(|_| 1 + rng.below(255) as u8).collect();
        let mut setting = PREFIX.to_vec();
        let salt_len = rng.below(SALT_LEN_MAX + 1);
        setting.extend((0..salt_len).map(|_| crate::b64::ALPHABET[rng.below(64)]));
        if rng.below(4) == 0 {
            setting.extend(b"$oldhash");
        }
        if i % stride == 0 {
            cases.push((key, setting));
        }
    }
    let want = libxcrypt(&cases);
    for ((key, setting), want) in cases.iter().zip(want) {
        assert_eq!(
            run(md5_crypt, key, setting),
            want,
            "key {key:?} setting {:?}",
            String::from_utf8_lossy(setting)
        );
    }
}
