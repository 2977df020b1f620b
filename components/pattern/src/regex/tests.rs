//! regex's tests: syntax and errors, matching and submatches (expectations from musl 1.2.3
//! unless a comment says limpet follows POSIX instead), the pathological patterns under a
//! time cap, the size bounds, and threads sharing one pattern.
use std::ffi::CString;
use std::time::{Duration, Instant};

use super::*;

/// `regcomp` then `regexec`: the compile code, or the exec code and the spans.
fn rx(p: &str, cflags: c_int, s: &str, eflags: c_int) -> Result<Option<Vec<(isize, isize)>>, c_int> {
    let mut re: Regex = unsafe { core::mem::zeroed() };
    let pc = CString::new(p).unwrap();
    // SAFETY: a zeroed regex_t and a NUL-terminated pattern.
    let r = unsafe { regcomp(&mut re, pc.as_ptr(), cflags) };
    if r != 0 {
        return Err(r);
    }
    let mut m = vec![RegMatch { rm_so: -7, rm_eo: -7 }; re.re_nsub + 1];
    let sc = CString::new(s).unwrap();
    // SAFETY: a compiled pattern, a NUL-terminated subject, room for re_nsub + 1 matches.
    let e = unsafe { regexec(&re, sc.as_ptr(), m.len(), m.as_mut_ptr(), eflags) };
    // SAFETY: compiled above.
    unsafe { regfree(&mut re) };
    Ok(if e == REG_NOMATCH {
        None
    } else {
        assert_eq!(e, 0);
        Some(m.iter().map(|x| (x.rm_so, x.rm_eo)).collect())
    })
}

const E: c_int = REG_EXTENDED;

fn comp(p: &str, cflags: c_int) -> c_int {
    rx(p, cflags, "", 0).err().unwrap_or(0)
}

/// Each case: pattern, cflags, subject, expected spans ("" for no match) as "(a,b)(c,d)".
fn check(cases: &[(&str, c_int, &str, &str)]) {
    for &(p, f, s, want) in cases {
        let got = match rx(p, f, s, 0) {
            Err(e) => format!("error {e}"),
            Ok(None) => String::new(),
            Ok(Some(v)) => v.iter().map(|(a, b)| format!("({a},{b})")).collect(),
        };
        assert_eq!(got, want, "pattern {p:?} flags {f} subject {s:?}");
    }
}

#[test]
fn basics() {
    check(&[
        ("a", 0, "xa", "(1,2)"),
        ("abc", E, "xxabcabc", "(2,5)"),
        ("a|b", E, "cb", "(1,2)"),
        ("abcd|c", E, "abcd", "(0,4)"),
        ("(a*)(a*)", E, "aa", "(0,2)(0,2)(2,2)"),
        ("(a|ab)(b*)", E, "ab", "(0,2)(0,2)(2,2)"),
        ("(a*)*", E, "b", "(0,0)(0,0)"),
        ("(a*)+", E, "aa", "(0,2)(0,2)"),
        ("(a|b)*", E, "ab", "(0,2)(1,2)"),
        ("((a)|b)*", E, "ab", "(0,2)(1,2)(-1,-1)"),
        ("(a*){2}", E, "aa", "(0,2)(2,2)"),
        ("(a*b?){2}", E, "aab", "(0,3)(3,3)"),
        ("((a*)b)*", E, "abb", "(0,3)(2,3)(2,2)"),
        ("(a|b)?", E, "c", "(0,0)(-1,-1)"),
        ("\\(a\\)\\1", 0, "aa", "(0,2)(0,1)"),
        ("\\(a*\\)b\\1", 0, "aaba", "(1,4)(1,2)"),
        ("a\\{2\\}", 0, "aaa", "(0,2)"),
        ("x$*", 0, "x$$", "(0,3)"),
        ("^*a", 0, "*a", "(0,2)"),
        ("a\\|b", 0, "b", "(0,1)"),
        ("[[:alpha:]]+", E, "12ab3", "(2,4)"),
        ("[^a]", E, "ab", "(1,2)"),
        ("\\<a", 0, "ba a", "(3,4)"),
        ("a\\>", 0, "ab a", "(3,4)"),
    ]);
}

#[test]
fn errors() {
    for &(p, f, want) in &[
        ("*a", E, REG_BADRPT),
        ("a{2", E, REG_BADBR),
        ("a{256}", E, REG_BADBR),
        ("a{2,1}", E, REG_BADBR),
        ("a\\{1", 0, REG_BADBR),
        ("\\(a", 0, REG_EPAREN),
        ("(a", E, REG_EPAREN),
        ("a\\)", 0, REG_EPAREN),
        ("[a", E, REG_EBRACK),
        ("[z-a]", E, REG_ERANGE),
        ("[[:foo:]]", E, REG_ECTYPE),
        ("\\", E, REG_EESCAPE),
        ("\\1", 0, REG_ESUBREG),
        ("\\{1\\}", 0, REG_BADRPT),
        ("\\x{41", 0, REG_EBRACE),
        ("[[.ab.]]", 0, REG_ECOLLATE),
        ("a)", E, 0),
        ("()", E, 0),
        ("a**", 0, 0),
    ] {
        assert_eq!(comp(p, f), want, "{p:?}");
    }
}

#[test]
fn pathological() {
    let long = "a".repeat(100_000);
    let xs = "x".repeat(100_000);
    for (p, s, want) in [
        ("(a*)*b", long.as_str(), None),
        ("(a|a)*b", long.as_str(), None),
        ("(a|aa)*b", &long, None),
        ("(x+x+)+y", &xs, None),
        ("(a?){30}a{30}", &long[..60], Some(vec![(0, 60), (29, 30)])),
        ("^(([a-z])+.)+[A-Z]([a-z])+$", &long, None),
        ("(a*)*$", &long, Some(vec![(0, 100_000), (0, 100_000)])),
    ] {
        let t = Instant::now();
        assert_eq!(rx(p, E, s, 0), Ok(want), "{p}");
        assert!(t.elapsed() < Duration::from_secs(5), "{p}: {:?}", t.elapsed());
    }
}

#[test]
fn size_bounds() {
    let t = Instant::now();
    assert_eq!(comp("(((a{255}){255}){255})", E), REG_ESPACE);
    assert_eq!(comp(&"(".repeat(10_000), E), REG_ESPACE);
    assert!(t.elapsed() < Duration::from_secs(2));
    assert_eq!(comp("a{255}{255}", E), 0);
}

/// A subexpression that takes no part in a later iteration keeps its last match (POSIX:
/// "the last such match"); only a new match of an enclosing one forgets it. Found by the
/// oracle (`oracle.rs`): the second, empty iteration of `{2}` used to forget it.
#[test]
fn last_match_kept() {
    check(&[
        ("(^b*|a){0,2}{2}", E, "ba", "(0,2)(1,2)"),
        ("(^b*){0,2}{2}", E, "ba", "(0,1)(0,1)"),
        ("(^b*|a^(a*)){0,2}{2,4}", E, "ba", "(0,1)(0,1)(-1,-1)"),
        ("((a){2})?{2}", E, "aa", "(0,2)(0,2)(1,2)"),
        ("((^b*)?){2}", E, "ba", "(0,1)(1,1)(-1,-1)"),
        ("((a)|b)*", E, "ab", "(0,2)(1,2)(-1,-1)"),
        ("((a)|b){2}", E, "ab", "(0,2)(1,2)(-1,-1)"),
    ]);
}
