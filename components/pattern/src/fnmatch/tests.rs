//! fnmatch's tests: every flag, brackets, classes, escapes, UTF-8 (each expectation taken
//! from musl 1.2.3 unless it says limpet differs), the greedy matcher against a plain
//! dynamic-programming one over random patterns, and pathological patterns under a
//! generous time cap.
use std::ffi::{CString, c_int};
use std::time::{Duration, Instant};

use super::token::{self, Token};
use super::*;
use crate::test_locale::in_utf8;

const NOMATCH: c_int = FNM_NOMATCH;

fn fnm(p: &[u8], s: &[u8], flags: c_int) -> c_int {
    let (p, s) = (CString::new(p).unwrap(), CString::new(s).unwrap());
    // SAFETY: two NUL-terminated strings.
    unsafe { fnmatch(p.as_ptr(), s.as_ptr(), flags) }
}

fn check(cases: &[(&str, &str, c_int, c_int)]) {
    for &(p, s, flags, want) in cases {
        assert_eq!(fnm(p.as_bytes(), s.as_bytes(), flags), want, "fnmatch({p:?}, {s:?}, {flags:#x})");
    }
}

#[test]
fn literals_and_wildcards() {
    check(&[
        ("", "", 0, 0),
        ("", "a", 0, NOMATCH),
        ("a", "", 0, NOMATCH),
        ("abc", "abc", 0, 0),
        ("abc", "abd", 0, NOMATCH),
        ("a?c", "abc", 0, 0),
        ("a?c", "ac", 0, NOMATCH),
        ("*", "", 0, 0),
        ("*", "anything", 0, 0),
        ("a*", "a", 0, 0),
        ("a*c", "abbbc", 0, 0),
        ("a*c", "abbbd", 0, NOMATCH),
        ("*.[ch]", "main.c", 0, 0),
        ("*.[ch]", "main.h", 0, 0),
        ("*.[ch]", "main.o", 0, NOMATCH),
        ("*a*b*c*", "xaxbxcx", 0, 0),
        ("*a*b*c*", "xcxbxax", 0, NOMATCH),
        ("**a**", "a", 0, 0),
        ("a*b*a", "abba", 0, 0),
        ("a*b*a", "aba", 0, 0),
        ("a*b*a", "ab", 0, NOMATCH),
        ("*ab", "aab", 0, 0),
        ("*aab", "ab", 0, NOMATCH),
        ("?*?", "a", 0, NOMATCH),
        ("?*?", "ab", 0, 0),
    ]);
}

#[test]
fn escapes() {
    check(&[
        ("\\*", "*", 0, 0),
        ("\\*", "a", 0, NOMATCH),
        ("\\*", "\\*", FNM_NOESCAPE, 0),
        ("\\*", "\\abc", FNM_NOESCAPE, 0),
        ("a\\", "a\\", 0, 0),
        ("a\\", "a", 0, NOMATCH),
        ("\\a", "a", 0, 0),
        ("\\[a]", "[a]", 0, 0),
        ("[\\]]", "\\]", 0, 0),
        ("[\\]", "\\", 0, 0),
        ("*\\?", "ab?", 0, 0),
        ("*\\?", "abc", 0, NOMATCH),
    ]);
}

#[test]
fn brackets() {
    check(&[
        ("[", "[", 0, 0),
        ("[]", "[]", 0, 0),
        ("[]]", "]", 0, 0),
        ("[!]]", "a", 0, 0),
        ("[!]]", "]", 0, NOMATCH),
        ("[]-a]", "^", 0, 0),
        ("[!a-c]", "b", 0, NOMATCH),
        ("[^a-c]", "d", 0, 0),
        ("[a-c-e]", "d", 0, 0),
        ("[c-a]", "a", 0, 0),
        ("[c-a-b]", "b", 0, 0),
        ("[[=a=]]", "a", 0, NOMATCH),
        ("[[.a.]]", "a", 0, NOMATCH),
        ("[[:alpha:]-z]", "Z", 0, 0),
        ("[[:alpha:]-z]", "[", 0, 0),
        ("[a-[:alpha:]]", "l", 0, 0),
        ("[a-[:alpha:]]", "]", 0, NOMATCH),
        ("[[:digit:]]*", "7up", 0, 0),
        ("[[:space:][:punct:]]", "!", 0, 0),
        ("[[:xdigit:]][[:xdigit:]]", "fF", 0, 0),
        ("[[:alpha:]", "[[:alpha:]", 0, NOMATCH),
        ("[a", "[a", 0, 0),
        ("*[", "x[", 0, 0),
        ("[*]", "*", 0, 0),
        ("[*]", "a", 0, NOMATCH),
        ("[?]x", "?x", 0, 0),
    ]);
}

#[test]
fn flags() {
    check(&[
        // FNM_PERIOD: the pattern's first byte must be a `.`.
        (".x", ".x", FNM_PERIOD, 0),
        ("*x", ".x", FNM_PERIOD, NOMATCH),
        ("?x", ".x", FNM_PERIOD, NOMATCH),
        ("\\.x", ".x", FNM_PERIOD, NOMATCH),
        ("[.]x", ".x", FNM_PERIOD, NOMATCH),
        ("*x", ".x", 0, 0),
        ("a*", "a/.x", FNM_PERIOD, 0),
        ("*x", "a/.x", FNM_PERIOD, 0),
        ("*a", "a/.x", FNM_PERIOD, NOMATCH),
        ("a/.x", "a/.x", FNM_PERIOD | FNM_PATHNAME, 0),
        ("a/*", "a/.x", FNM_PERIOD | FNM_PATHNAME, NOMATCH),
        ("a/*", "a/.x", FNM_PATHNAME, 0),
        // FNM_PATHNAME.
        ("a?b", "a/b", 0, 0),
        ("a?b", "a/b", FNM_PATHNAME, NOMATCH),
        ("a*b", "a/b", FNM_PATHNAME, NOMATCH),
        ("a[/]b", "a/b", FNM_PATHNAME, NOMATCH),
        ("a[/]b", "a/b", 0, 0),
        ("a\\/b", "a/b", FNM_PATHNAME, 0),
        ("*/*", "a/b", FNM_PATHNAME, 0),
        ("*/*", "a/b/c", FNM_PATHNAME, NOMATCH),
        ("*/*/", "a/b/", FNM_PATHNAME, 0),
        ("a//b", "a//b", FNM_PATHNAME, 0),
        ("a/b", "a//b", FNM_PATHNAME, NOMATCH),
        ("a/", "a", FNM_PATHNAME, NOMATCH),
        // FNM_LEADING_DIR.
        ("a", "a/b/c", FNM_LEADING_DIR, 0),
        ("a/b", "a/b/c", FNM_LEADING_DIR | FNM_PATHNAME, 0),
        ("a*", "a/b", FNM_LEADING_DIR | FNM_PATHNAME, 0),
        ("a*", "ab/c", FNM_LEADING_DIR | FNM_PATHNAME, 0),
        ("b", "a/b", FNM_LEADING_DIR, NOMATCH),
        ("*b", "a/b/c", FNM_LEADING_DIR, 0),
        ("*b", "a/bc/d", FNM_LEADING_DIR, NOMATCH),
        ("a?b", "a/b/c", FNM_LEADING_DIR, 0),
        ("a?b", "a/b/c", FNM_LEADING_DIR | FNM_PATHNAME, NOMATCH),
        ("a/b/c", "a/b", FNM_LEADING_DIR | FNM_PATHNAME, NOMATCH),
        ("*x*", "ab/x/", FNM_LEADING_DIR, 0),
        // FNM_CASEFOLD: the string's characters in either case.
        ("A", "a", FNM_CASEFOLD, 0),
        ("a", "A", FNM_CASEFOLD, 0),
        ("A", "a", 0, NOMATCH),
        ("[A-C]", "b", FNM_CASEFOLD, 0),
        ("[a-c]", "B", FNM_CASEFOLD, 0),
        ("[[:upper:]]", "b", FNM_CASEFOLD, 0),
        ("[![:upper:]]", "b", FNM_CASEFOLD, NOMATCH),
        ("*ABC", "xxabc", FNM_CASEFOLD, 0),
    ]);
}

#[test]
fn utf8() {
    in_utf8(|| {
        check(&[
            ("?", "é", 0, 0),
            ("??", "é", 0, NOMATCH),
            ("[à-ï]", "é", 0, 0),
            ("[!à-ï]", "é", 0, NOMATCH),
            ("é", "É", FNM_CASEFOLD, 0),
            ("*é", "aé", 0, 0),
            ("*?", "aé", 0, 0),
            ("*??", "é", 0, NOMATCH),
            ("*é?", "aéx", 0, 0),
            ("*é?", "éaé", 0, NOMATCH),
            ("a*€*ω", "a€€ω", 0, 0),
            ("*\\é", "é", 0, 0),
            ("[[:alpha:]]", "ж", 0, 0),
            ("[[:upper:]]", "ж", FNM_CASEFOLD, 0),
            ("[b-àc]", "c", 0, 0),
            ("[b-à]", "é", 0, NOMATCH),
            // Where limpet differs from musl, which misreads the list after a multibyte
            // range end.
            ("[à-ïb]", "b", 0, 0),
            ("[!à-ï]", "b", 0, 0),
            ("[b-à-é]", "é", 0, 0),
            ("Ж*", "жx", FNM_CASEFOLD, 0),
        ]);
        let cases: &[(&[u8], &[u8], c_int, c_int)] = &[
            (b"*", b"\xff", 0, 0),
            (b"*?*", b"\xff", 0, 0),
            (b"*[!a]*", b"\xff", 0, 0),
            (b"[a]", b"\xff", 0, NOMATCH),
            (b"\xff", b"\xff", 0, NOMATCH),
            (b"*\xff*", b"a", 0, NOMATCH),
            (b"[a\xff]", b"a", 0, 0),
            (b"[a\xff]", b"b", 0, NOMATCH),
            (b"[!a\xff]", b"b", 0, NOMATCH),
            // Where limpet differs from musl: an invalid byte is one character throughout.
            (b"?", b"\xff", 0, 0),
            (b"*?", b"\xff", 0, 0),
            (b"[!a]", b"\xff", 0, 0),
            (b"", b"\xff", 0, NOMATCH),
            (b"a", b"a\xff", 0, NOMATCH),
            (b"a*", b"a\xff", 0, 0),
            (b"*?b", b"a\xffb", 0, 0),
            (b"*??b", b"a\xffb", 0, 0),
            (b"a??", b"a\xc3", 0, NOMATCH),
            (b"*\xc3\xa9", b"\xa9\xc3\xa9", 0, 0),
            (b"??", b"\xc3\xa9\xa9", 0, 0),
            (b"*?", b"\xc3\xa9\xa9", 0, 0),
            (b"*??", b"\xc3\xa9\xa9", 0, 0),
            (b"*???", b"\xc3\xa9\xa9", 0, NOMATCH),
            // musl loops forever here.
            (b"a\xff", b"a", FNM_PATHNAME, NOMATCH),
            (b"a\xff/b", b"a/b", FNM_PATHNAME, NOMATCH),
        ];
        for &(p, s, flags, want) in cases {
            assert_eq!(fnm(p, s, flags), want, "fnmatch({p:?}, {s:?}, {flags:#x})");
        }
    });
}

/// One token of a pattern for the reference matcher, with its bytes.
fn tokens(p: &[u8], noescape: bool) -> Vec<(Token, &[u8])> {
    let mut v = Vec::new();
    let mut i = 0;
    loop {
        let (t, len) = token::next(&p[i..], noescape);
        if t == Token::End {
            return v;
        }
        v.push((t, &p[i..i + len]));
        i += len;
    }
}

/// The plain dynamic-programming matcher over whole strings (no flags but escapes and
/// case folding), which the greedy one must agree with.
fn reference(p: &[u8], s: &[u8], flags: c_int) -> bool {
    let toks = tokens(p, flags & FNM_NOESCAPE != 0);
    let m = wild::Matcher { noescape: flags & FNM_NOESCAPE != 0, casefold: flags & FNM_CASEFOLD != 0, period: false };
    let chars: Vec<u8> = s.to_vec();
    // ok[i][j]: tokens[i..] match chars[j..].
    let mut ok = vec![vec![false; chars.len() + 1]; toks.len() + 1];
    ok[toks.len()][chars.len()] = true;
    for i in (0..toks.len()).rev() {
        for j in (0..=chars.len()).rev() {
            let (t, tb) = toks[i];
            ok[i][j] = match t {
                Token::Star => ok[i + 1][j] || (j < chars.len() && ok[i][j + 1]),
                Token::Unmatchable => false,
                _ => j < chars.len() && m.one(t, tb, chars[j] as i32) && ok[i + 1][j + 1],
            };
        }
    }
    ok[0][0]
}

#[test]
fn greedy_agrees_with_dynamic_programming() {
    let alphabet: &[u8] = b"ab*?[]!-\\c";
    let strings: &[u8] = b"abc-]!";
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut rand = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    for _ in 0..200_000 {
        let plen = rand(9);
        let p: Vec<u8> = (0..plen).map(|_| alphabet[rand(alphabet.len())]).collect();
        let slen = rand(9);
        let s: Vec<u8> = (0..slen).map(|_| strings[rand(strings.len())]).collect();
        let flags = [0, FNM_NOESCAPE][rand(2)];
        assert_eq!(matches(&p, &s, flags), reference(&p, &s, flags), "pattern {:?} string {:?} flags {flags}", p, s);
    }
}

/// Generous: a hang, or exponential time, is the bug.
const CAP: Duration = Duration::from_secs(1);

fn timed(p: &[u8], s: &[u8], flags: c_int, want: bool) {
    let t = Instant::now();
    assert_eq!(matches(p, s, flags), want);
    assert!(t.elapsed() < CAP, "{:?} took {:?}", String::from_utf8_lossy(&p[..p.len().min(40)]), t.elapsed());
}

#[test]
fn pathological_patterns_take_little_time() {
    let n = 100_000;
    let a = vec![b'a'; n];
    timed(b"*a*a*a*a*a*b", &a, 0, false);
    timed(b"*a*a*a*a*a*a", &a, 0, true);
    timed(b"a*a*a*a*a*a*a*a*a*a*a*a*b*", &a, 0, false);
    timed(b"*aaaaaaaaaaaaaaaaaaab*", &a, 0, false);
    timed(b"*?*?*?*?*?*?*?*?*?*b", &a, 0, false);
    timed(b"*[a]*[!b]*[[:alpha:]]*c", &a, FNM_CASEFOLD, false);
    let mut p = b"*a".repeat(1000);
    p.push(b'b');
    timed(&p, &a, 0, false);
    // Many places the string may end early.
    let slashes: Vec<u8> = b"a/".repeat(n / 2);
    timed(b"*b*a", &slashes, FNM_LEADING_DIR, false);
    timed(b"*a*a*a/", &slashes, FNM_LEADING_DIR, true);
    timed(b"*/*/*/*/x", &slashes, FNM_PATHNAME | FNM_LEADING_DIR, false);
    let stars = b"*/".repeat(n / 2);
    timed(&stars, &slashes, FNM_PATHNAME, true);
    in_utf8(|| {
        let e = "é".repeat(n / 2);
        timed("*é*é*é*é*x".as_bytes(), e.as_bytes(), 0, false);
        timed("*é*é*é*é?é".as_bytes(), e.as_bytes(), 0, true);
    });
}
