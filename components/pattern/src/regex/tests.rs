//! regex's tests: syntax and errors, matching and submatches (expectations from musl 1.2.3
//! unless a comment says limpet follows POSIX instead), the pathological patterns (their
//! times are the benchmark's, `bench/pathological`), the size bounds under a memory cap,
//! and threads sharing one pattern.
use std::ffi::{CStr, CString};

use super::*;
use crate::test_locale::in_utf8;

/// `regcomp` then `regexec`: the compile code, or the exec code and the spans.
fn rx(p: impl AsRef<[u8]>, cflags: c_int, s: impl AsRef<[u8]>, eflags: c_int) -> Result<Option<Vec<(isize, isize)>>, c_int> {
    let mut re: Regex = unsafe { core::mem::zeroed() };
    let pc = CString::new(p.as_ref()).unwrap();
    // SAFETY: a zeroed regex_t and a NUL-terminated pattern.
    let r = unsafe { regcomp(&mut re, pc.as_ptr(), cflags) };
    if r != 0 {
        return Err(r);
    }
    let mut m = vec![RegMatch { rm_so: -7, rm_eo: -7 }; re.re_nsub + 1];
    let sc = CString::new(s.as_ref()).unwrap();
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
    check_with(cases, 0);
}

/// [`check`] under the `regexec` flags `eflags`.
fn check_with(cases: &[(&str, c_int, &str, &str)], eflags: c_int) {
    for &(p, f, s, want) in cases {
        let got = match rx(p, f, s, eflags) {
            Err(e) => format!("error {e}"),
            Ok(None) => String::new(),
            Ok(Some(v)) => v.iter().map(|(a, b)| format!("({a},{b})")).collect(),
        };
        assert_eq!(got, want, "pattern {p:?} flags {f} subject {s:?} eflags {eflags}");
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
        assert_eq!(rx(p, E, s, 0), Ok(want), "{p}");
    }
}

/// The compile bounds give REG_ESPACE, and everything here, the pathological matches
/// included, runs within 256 MiB of address space: a child process under `RLIMIT_AS`
/// reports through its exit status (musl takes 9 GB for the first pattern). Only natively:
/// qemu-user's own reservations do not fit such a limit.
#[test]
fn size_bounds() {
    let run = || {
        assert_eq!(comp("(((a{255}){255}){255})", E), REG_ESPACE);
        assert_eq!(comp(&"(".repeat(10_000), E), REG_ESPACE);
        assert_eq!(comp("a{255}{255}", E), 0);
        let long = "a".repeat(100_000);
        assert_eq!(rx("(a|aa)*b", E, &long, 0), Ok(None));
        assert_eq!(rx("(a*)*$", E, &long, 0), Ok(Some(vec![(0, 100_000), (0, 100_000)])));
        assert_eq!(rx("a{255}{255}", E, "aaa", 0), Ok(None));
    };
    if !cfg!(target_arch = "x86_64") {
        return run();
    }
    unsafe extern "C" {
        fn fork() -> i32;
        fn setrlimit(resource: i32, rlim: *const [u64; 2]) -> i32;
        fn waitpid(pid: i32, status: *mut i32, options: i32) -> i32;
        fn _exit(code: i32) -> !;
    }
    const RLIMIT_AS: i32 = 9;
    const CAP: u64 = 256 << 20;
    // SAFETY: the child only runs the checks and exits; the parent waits for it.
    unsafe {
        let pid = fork();
        assert!(pid >= 0);
        if pid == 0 {
            let ok = setrlimit(RLIMIT_AS, &[CAP, CAP]) == 0 && std::panic::catch_unwind(run).is_ok();
            _exit(if ok { 0 } else { 1 });
        }
        let mut status = 0;
        assert_eq!(waitpid(pid, &mut status, 0), pid);
        assert_eq!(status, 0, "the checks failed, or ran out of memory, under a 256 MiB cap");
    }
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

/// Submatches where musl 1.2.3 goes against POSIX: each subpattern from the left the
/// longest, so `(a*)` takes the `a` and `(ab)*` nothing (musl: (0,0)(0,2)(2,3)).
#[test]
fn posix_where_musl_differs() {
    check(&[
        ("(a*)(ab)*(b*)", E, "abb", "(0,3)(0,1)(-1,-1)(1,3)"),
        ("(a|ab)(c|bcd)(d*)", E, "abcd", "(0,4)(0,2)(2,3)(3,4)"),
        ("(a?)((ab)?)(b?)", E, "ab", "(0,2)(0,1)(1,1)(-1,-1)(1,2)"),
        ("(a?).{2,3}", E, "xaxxx", "(0,3)(0,0)"),
        ("(a){0}b", E, "ab", "(1,2)(-1,-1)"),
    ]);
}

/// C.UTF-8: characters, not bytes, for `.`, brackets, ranges, repetitions, classes and
/// back-references; offsets in bytes; REG_ICASE over non-ASCII letters.
#[test]
fn utf8() {
    in_utf8(|| {
        check(&[
            (".", E, "é", "(0,2)"),
            ("^.$", E, "€", "(0,3)"),
            ("^.$", E, "😀", "(0,4)"),
            ("^..$", E, "é", ""),
            ("x(.)(.)", E, "xé€", "(0,6)(1,3)(3,6)"),
            ("[à-ï]+", E, "xéïð", "(1,5)"),
            ("[^é]+", E, "éè€é", "(2,7)"),
            ("[é€]+", E, "a€é", "(1,6)"),
            ("é{2}", E, "ééé", "(0,4)"),
            ("(é|€)+", E, "a€é", "(1,6)(4,6)"),
            ("[[:alpha:]]+", E, "1éΩ2", "(1,5)"),
            ("[[:upper:]]", E, "éÉ", "(2,4)"),
            ("[[:lower:]]", E, "Éé", "(2,4)"),
            ("[[:punct:]]", E, "é€", "(2,5)"),
            ("\\(é\\)\\1", 0, "aéé", "(1,5)(1,3)"),
            ("\\(.\\)\\1", 0, "€é€€", "(5,11)(5,8)"),
            ("\\<é", 0, "aé é", "(4,6)"),
            ("é\\>", 0, "éa é", "(4,6)"),
            ("\\x{e9}", 0, "aé", "(1,3)"),
            ("é", E | REG_ICASE, "É", "(0,2)"),
            ("É", E | REG_ICASE, "é", "(0,2)"),
            ("Ω+", E | REG_ICASE, "ωΩ", "(0,4)"),
            ("[à-ï]", E | REG_ICASE, "É", "(0,2)"),
            ("[À-Ï]", E | REG_ICASE, "é", "(0,2)"),
            ("[^é]", E | REG_ICASE, "Éa", "(2,3)"),
            ("\\(é\\)\\1", REG_ICASE, "éÉ", "(0,4)(0,2)"),
            ("é", E, "É", ""),
            ("[^a]", E | REG_NEWLINE, "\né", "(1,3)"),
        ]);
        // A pattern that is no UTF-8, and a subject that is not: nothing matches in it.
        assert_eq!(rx(b"a\xff", E, "", 0), Err(REG_BADPAT));
        assert_eq!(rx(b"\xc3", E, "", 0), Err(REG_BADPAT));
        assert_eq!(rx("a", E, b"\xffa", 0), Ok(None));
        assert_eq!(rx(".", E, b"a\xc3", 0), Ok(None));
    });
    // The C locale's high bytes are the host C library's here (glibc's mbrtowc);
    // tests/c/regex_posix checks limpet's own, against musl.
}

#[test]
fn flags() {
    check(&[
        (".", E | REG_NEWLINE, "\n", ""),
        ("[^a]", E | REG_NEWLINE, "\n", ""),
        ("^b$", E | REG_NEWLINE, "a\nb\nc", "(2,3)"),
        ("^$", E | REG_NEWLINE, "a\n\nb", "(2,2)"),
        ("[a-c]+", E | REG_ICASE, "xBcA", "(1,4)"),
        ("[^A]", E | REG_ICASE, "ab", "(1,2)"),
    ]);
    check_with(&[("^a", E, "a", ""), ("^a", E | REG_NEWLINE, "a\na", "(2,3)"), ("a|^b", E, "ba", "(1,2)")], REG_NOTBOL);
    check_with(&[("a$", E, "a", ""), ("a$", E | REG_NEWLINE, "a\na", "(0,1)"), ("$", E, "", "")], REG_NOTEOL);

    // REG_NOSUB: 0 or REG_NOMATCH, and pmatch as it was; past re_nsub, -1.
    let mut re: Regex = unsafe { core::mem::zeroed() };
    // SAFETY: a zeroed regex_t, NUL-terminated strings, room for 3 matches each time.
    unsafe {
        assert_eq!(regcomp(&mut re, c"a(b)c".as_ptr(), E | REG_NOSUB), 0);
        assert_eq!(re.re_nsub, 1);
        let mut m = [RegMatch { rm_so: -7, rm_eo: -7 }; 3];
        assert_eq!(regexec(&re, c"xabc".as_ptr(), 3, m.as_mut_ptr(), 0), 0);
        assert_eq!(regexec(&re, c"xac".as_ptr(), 3, m.as_mut_ptr(), 0), REG_NOMATCH);
        assert!(m.iter().all(|x| x.rm_so == -7 && x.rm_eo == -7));
        regfree(&mut re);
        assert_eq!(regcomp(&mut re, c"(b)c".as_ptr(), E), 0);
        assert_eq!(regexec(&re, c"abc".as_ptr(), 0, m.as_mut_ptr(), 0), 0);
        assert_eq!(m[0].rm_so, -7);
        assert_eq!(regexec(&re, c"abc".as_ptr(), 3, m.as_mut_ptr(), 0), 0);
        assert_eq!(m.map(|x| (x.rm_so, x.rm_eo)), [(1, 3), (1, 2), (-1, -1)]);
        regfree(&mut re);
    }
}

/// regerror: the size the whole message needs, and as much of it as fits, terminated.
#[test]
fn regerror_sizes() {
    let codes = [
        REG_OK, REG_NOMATCH, REG_BADPAT, REG_ECOLLATE, REG_ECTYPE, REG_EESCAPE, REG_ESUBREG, REG_EBRACK, REG_EPAREN,
        REG_EBRACE, REG_BADBR, REG_ERANGE, REG_ESPACE, REG_BADRPT, 14, 99, -1,
    ];
    let mut seen = Vec::new();
    for code in codes {
        let mut full = [0u8; 128];
        // SAFETY: each buffer has at least the size given.
        let need = unsafe { regerror(code, core::ptr::null(), full.as_mut_ptr().cast(), full.len()) };
        let msg = CStr::from_bytes_until_nul(&full).unwrap().to_bytes().to_vec();
        assert_eq!(need, msg.len() + 1, "code {code}");
        assert!(msg.len() > 1);
        for size in [0, 1, 5, need - 1, need] {
            let mut buf = [b'#'; 128];
            // SAFETY: as above.
            let n = unsafe { regerror(code, core::ptr::null(), buf.as_mut_ptr().cast(), size) };
            assert_eq!(n, need, "code {code} size {size}");
            if size == 0 {
                assert_eq!(buf[0], b'#');
                continue;
            }
            let kept = (size - 1).min(msg.len());
            assert_eq!(&buf[..kept], &msg[..kept], "code {code} size {size}");
            assert_eq!(buf[kept], 0);
            assert_eq!(buf[kept + 1], b'#', "code {code} size {size}: wrote past the buffer");
        }
        seen.push(msg);
    }
    // Each code its own message (the unknown ones share one).
    let known = &seen[..14];
    for (i, m) in known.iter().enumerate() {
        assert!(!known[i + 1..].contains(m), "{:?}", String::from_utf8_lossy(m));
    }
    assert!(seen[14] == seen[15] && seen[15] == seen[16]);
    assert!(!known.contains(&seen[14]));
}

/// One compiled pattern, many threads at once, each checking every answer.
#[test]
fn threads_share_one_pattern() {
    struct Shared(Regex);
    // SAFETY: regexec only reads the compiled pattern (mod.rs: "threads may share it").
    unsafe impl Sync for Shared {}
    let mut re: Regex = unsafe { core::mem::zeroed() };
    // SAFETY: a zeroed regex_t and a NUL-terminated pattern.
    assert_eq!(unsafe { regcomp(&mut re, c"(a+)(b+)|(c)".as_ptr(), E) }, 0);
    let shared = Shared(re);
    std::thread::scope(|scope| {
        for t in 0..8usize {
            let shared = &shared;
            scope.spawn(move || {
                for k in 0..300usize {
                    let (x, a, b) = ((k + t) % 7, 1 + k % 5, 1 + (k / 5 + t) % 4);
                    let s = format!("{}{}{}x", "x".repeat(x), "a".repeat(a), "b".repeat(b));
                    let sc = CString::new(s).unwrap();
                    let mut m = [RegMatch { rm_so: -7, rm_eo: -7 }; 4];
                    // SAFETY: a compiled pattern, a NUL-terminated subject, room for 4 matches.
                    let e = unsafe { regexec(&shared.0, sc.as_ptr(), 4, m.as_mut_ptr(), 0) };
                    assert_eq!(e, 0);
                    let (x, a, b) = (x as isize, a as isize, b as isize);
                    assert_eq!(m.map(|r| (r.rm_so, r.rm_eo)), [(x, x + a + b), (x, x + a), (x + a, x + a + b), (-1, -1)]);
                }
            });
        }
    });
    let mut re = shared.0;
    // SAFETY: compiled above, and every thread has finished.
    unsafe { regfree(&mut re) };
}
