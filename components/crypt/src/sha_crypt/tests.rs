use super::*;
use crate::testutil::{Rng, libxcrypt, run};

fn sha256(key: &[u8], setting: &[u8]) -> Option<Vec<u8>> {
    run(sha256_crypt, key, setting)
}

fn sha512(key: &[u8], setting: &[u8]) -> Option<Vec<u8>> {
    run(sha512_crypt, key, setting)
}

fn check(method: crate::crypt::Method, cases: &[(&[u8], &[u8], &str)]) {
    for &(key, setting, want) in cases {
        let got = run(method, key, setting).map(|h| String::from_utf8(h).unwrap());
        assert_eq!(
            got.as_deref(),
            Some(want),
            "key {key:?} setting {:?}",
            String::from_utf8_lossy(setting)
        );
    }
}

/// The test vectors of Drepper's specification (musl and libxcrypt give the same,
/// except that libxcrypt refuses `rounds=10`).
#[test]
fn specification_vectors_256() {
    let long =
        b"a very much longer text to encrypt.  This one even stretches over morethan one line.";
    check(
        sha256_crypt,
        &[
            (
                b"Hello world!",
                b"$5$saltstring",
                "$5$saltstring$5B8vYYiY.CVt1RlTTf8KbXBH3hsxY/GNooZaBBGWEc5",
            ),
            (
                b"Hello world!",
                b"$5$rounds=10000$saltstringsaltstring",
                "$5$rounds=10000$saltstringsaltst$3xv.VbSHBb41AL9AvLeujZkZRBAwqFMz2.opqey6IcA",
            ),
            (
                b"This is just a test",
                b"$5$rounds=5000$toolongsaltstring",
                "$5$rounds=5000$toolongsaltstrin$Un/5jzAHMgOGZ5.mWJpuVolil07guHPvOW8mGRcvxa5",
            ),
            (
                long,
                b"$5$rounds=1400$anotherlongsaltstring",
                "$5$rounds=1400$anotherlongsalts$Rx.j8H.h8HjEDGomFU8bDkXm3XIUnzyxf12oP84Bnq1",
            ),
            (
                b"we have a short salt string but not a short password",
                b"$5$rounds=77777$short",
                "$5$rounds=77777$short$JiO1O3ZpDAxGJeaDIuqCoEFysAe1mZNJRs3pw0KQRd/",
            ),
            (
                b"the minimum number is still observed",
                b"$5$rounds=10$roundstoolow",
                "$5$rounds=1000$roundstoolow$yfvwcWrQ8l/K0DAWyuPMDNHpIVlTQebY9l/gL972bIC",
            ),
        ],
    );
}

#[test]
fn specification_vectors_512() {
    let long =
        b"a very much longer text to encrypt.  This one even stretches over morethan one line.";
    check(
        sha512_crypt,
        &[
            (
                b"Hello world!",
                b"$6$saltstring",
                "$6$saltstring$svn8UoSVapNtMuq1ukKS4tPQd8iKwSMHWjl/O817G3uBnIFNjnQJuesI68u4OTLiBFdcbYEdFCoEOfaS35inz1",
            ),
            (
                b"Hello world!",
                b"$6$rounds=10000$saltstringsaltstring",
                "$6$rounds=10000$saltstringsaltst$OW1/O6BYHV6BcXZu8QVeXbDWra3Oeqh0sbHbbMCVNSnCM/UrjmM0Dp8vOuZeHBy/YTBmSK6H9qs/y3RnOaw5v.",
            ),
            (
                b"This is just a test",
                b"$6$rounds=5000$toolongsaltstring",
                "$6$rounds=5000$toolongsaltstrin$lQ8jolhgVRVhY4b5pZKaysCLi0QBxGoNeKQzQ3glMhwllF7oGDZxUhx1yxdYcz/e1JSbq3y6JMxxl8audkUEm0",
            ),
            (
                long,
                b"$6$rounds=1400$anotherlongsaltstring",
                "$6$rounds=1400$anotherlongsalts$POfYwTEok97VWcjxIiSOjiykti.o/pQs.wPvMxQ6Fm7I6IoYN3CmLs66x9t0oSwbtEW7o7UmJEiDwGqd8p4ur1",
            ),
            (
                b"we have a short salt string but not a short password",
                b"$6$rounds=77777$short",
                "$6$rounds=77777$short$WuQyW2YR.hBNpjjRhpYD/ifIw05xdfeEyQoMxIXbkvr0gge1a1x3yRULJ5CCaUeOxFmtlcGZelFl5CxtgfiAc0",
            ),
            (
                b"the minimum number is still observed",
                b"$6$rounds=10$roundstoolow",
                "$6$rounds=1000$roundstoolow$kUMsbe306n21p9R.FRkW3IGn.S9NPN0x50YhH1xhLsPuWGsUSklZt58jaTfF4ZEQpyUNGc0dqbpBYYBaHHrsX.",
            ),
        ],
    );
}

/// Settings where musl and libxcrypt part, with musl 1.2.5's results (measured with a
/// program linked against rustup's self-contained musl, since Debian's musl has no crypt).
#[test]
fn as_musl_measures() {
    let r1000 = "$6$rounds=1000$salt$rH6nhef0tQpRahtjxCc7mAWshDc9TiRl4UC1.OLEUmzJhyeFjjSeLiEVeVEjR1aq4lDZBV2vuckxoxCzvVlGM0";
    let sixteen = "$6$abcdefghijklmnop$vRqpf9WzVv13MKJy4hd5jALhNQnt4y0RZsj0MrdHWdwA8G8gihD6oj69IwfuemaVekHG0M6jA5HNgthaIaLRR/";
    check(
        sha512_crypt,
        &[
            // Too few rounds are raised, whatever the digits.
            (b"hello", b"$6$rounds=999$salt", r1000),
            (b"hello", b"$6$rounds=0$salt", r1000),
            (b"hello", b"$6$rounds=0000000000000000000001000$salt", r1000),
            // The salt's bytes are not checked but for `:` and newline, and those only
            // within the 16 bytes taken.
            (
                b"hello",
                b"$6$ab*cd",
                "$6$ab*cd$NLcyK9mgMMwg2NeNs8cz7jdCDunnLrWzE3AjNf6CYsoxR.xHADOBhkHE1vlwWcQyTgJ2Ci0oFGk4zS3IQLc7K1",
            ),
            (b"hello", b"$6$abcdefghijklmnop:", sixteen),
            (b"hello", b"$6$abcdefghijklmnop\n", sixteen),
            (b"hello", b"$6$abcdefghijklmnopqrstu$xx", sixteen),
            (
                b"hello",
                b"$6$ab$:",
                "$6$ab$kCEdajKfECjkWwo5i4GMTY4WW.ADIevHyGdlZb3r8wskFWlOJqWZgemJ96NLPhkdsWWH5zZrOY6OzTC0hpeuU1",
            ),
            // An empty salt, and a `rounds=` that is the salt because no `=` follows.
            (
                b"hello",
                b"$6$",
                "$6$$8E8LfwilfZ5LGh4IJH.CRzu9SqEBIk11xcvH1HL2h7nPXSOL41SgqNeOe1lSKb0D0r.6tMA2NFig55Fr3bO1V0",
            ),
            (
                b"hello",
                b"$6$roundsxx$",
                "$6$roundsxx$H/TAompCZPC/5IJX8L0CnmRFpfs4u51nJSC.wa46mtG.qefMm9qHKy2guzrBqPCzBmYFMU921NmbkcIsZeI3C/",
            ),
            // The longest key.
            (
                &[b'x'; KEY_MAX],
                b"$6$salt",
                "$6$salt$sC0qFbiblBtLuar/n.MqVdKt92hONo4ckXW5aUmuxBHs2H.e8ifji3i4SYKHOtvUxzLdayaHKMQ/7kl0YfiNA1",
            ),
        ],
    );
    assert_eq!(
        sha512(b"hello", b"$6$ab\xffcd").unwrap(),
        b"$6$ab\xffcd$ac2ze2zW.9ANweSh7x1zijKqP8FW0VRS4IV5OddCT3oFyhPmyLEunvOVspvgvdc65Ja2LkqPk47zYd3GQJ1XE/"
    );
    check(
        sha256_crypt,
        &[
            (
                b"hello",
                b"$5$rounds=999$abcdefghijklmnopqrstuvwxyz",
                "$5$rounds=1000$abcdefghijklmnop$WrXWnj4kGA329xgo6OuYgg4dCUBFRerEyEW8GtoN6I5",
            ),
            (
                &[b'x'; KEY_MAX],
                b"$5$salt",
                "$5$salt$0bD/33WmcDhj878GPyVgdPCUDrvuwCgrgYxMrBbZWn.",
            ),
        ],
    );
}

/// Settings musl refuses (each measured), all failing before any hashing.
#[test]
fn hostile_and_bad_settings_fail() {
    let bad: &[&[u8]] = &[
        b"$6$rounds=10000000$salt",
        b"$6$rounds=99999999999999999999999$salt",
        b"$6$rounds=18446744073709552616$salt",
        b"$6$rounds=4294968296$salt",
        b"$6$rounds=$salt",
        b"$6$rounds=+1000$salt",
        b"$6$rounds=-1$salt",
        b"$6$rounds= 1000$salt",
        b"$6$rounds=1000x$salt",
        b"$6$rounds=1000",
        b"$6$ab:cd",
        b"$6$ab\ncd",
        b"$6$abcdefghijklmno:",
        b"$6",
        b"",
    ];
    for s in bad {
        assert_eq!(
            sha512(b"hello", s),
            None,
            "{:?}",
            String::from_utf8_lossy(s)
        );
        let s256: Vec<u8> = s
            .iter()
            .map(|&c| if c == b'6' { b'5' } else { c })
            .collect();
        assert_eq!(
            sha256(b"hello", &s256),
            None,
            "{:?}",
            String::from_utf8_lossy(&s256)
        );
    }
    assert_eq!(sha512(&[b'x'; KEY_MAX + 1], b"$6$salt"), None);
    assert_eq!(sha256(&[b'x'; KEY_MAX + 1], b"$5$salt"), None);
}

/// The largest count parses (hashing it would take seconds, so only the parse is tested).
#[test]
fn rounds_bound() {
    let s = parse::<Sha512>(b"$6$rounds=9999999$salt").unwrap();
    assert_eq!(
        (s.rounds, s.explicit, s.salt),
        (ROUNDS_MAX, true, &b"salt"[..])
    );
    assert!(parse::<Sha512>(b"$6$rounds=10000000$salt").is_none());
}

/// Random keys (0 to 256 bytes of any value but NUL) and settings (salts of 0 to 20
/// base-64 characters, rounds absent or 1,000 to 1,099), $5$ and $6$, against libxcrypt:
/// 10,000 cases (the crate's tests are optimised even in debug builds); under qemu (the
/// other architectures) every thousandth.
#[test]
fn differential_against_libxcrypt() {
    const CASES: usize = 10_000;
    const EMULATED_STRIDE: usize = 1000;
    const ROUNDS_SPREAD: usize = 100;
    const SALT_LEN_MAX: usize = 20;
    let mut rng = Rng(0x5eed_5a17_c0ff_ee01);
    let stride = if cfg!(target_arch = "x86_64") { 1 } else { EMULATED_STRIDE };
    let mut cases = Vec::new();
    for i in 0..CASES {
        let key_len = match rng.below(4) {
            0 => rng.below(8),
            1 => KEY_MAX - rng.below(8),
            _ => rng.below(KEY_MAX + 1),
        };
        let key: Vec<u8> = (0..key_len).map(|_| 1 + rng.below(255) as u8).collect();
        let mut setting = if i % 2 == 0 {
            b"$5$".to_vec()
        } else {
            b"$6$".to_vec()
        };
        if rng.below(2) == 0 {
            setting.extend(
                format!("rounds={}$", ROUNDS_MIN as usize + rng.below(ROUNDS_SPREAD)).bytes(),
            );
        }
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
        let method = if setting[1] == b'5' {
            sha256_crypt
        } else {
            sha512_crypt
        };
        assert_eq!(
            run(method, key, setting),
            want,
            "key {key:?} setting {:?}",
            String::from_utf8_lossy(setting)
        );
    }
}
