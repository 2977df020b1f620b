//! wordexp's tests, through the host's /bin/sh (the imports reach the host's C library).
use std::ffi::{CStr, CString, c_int};

use super::*;

fn blank() -> Wordexp {
    Wordexp { we_wordc: 0, we_wordv: null_mut(), we_offs: 0 }
}

fn words(we: &Wordexp) -> Vec<String> {
    (0..we.we_wordc)
        .map(|i| {
            // SAFETY: wordexp stored we_wordc strings after we_offs slots.
            unsafe { CStr::from_ptr(*we.we_wordv.add(we.we_offs + i)) }.to_string_lossy().into_owned()
        })
        .collect()
}

/// wordexp's result and words, freed.
fn we(w: &str, flags: c_int) -> (c_int, Vec<String>) {
    let c = CString::new(w).unwrap();
    let mut we = blank();
    // SAFETY: a C string and a zeroed wordexp_t, freed after.
    unsafe {
        let r = wordexp(c.as_ptr(), &mut we, flags);
        let v = words(&we);
        wordfree(&mut we);
        (r, v)
    }
}

fn v(s: &[&str]) -> Vec<String> {
    s.iter().map(|s| s.to_string()).collect()
}

#[test]
fn fields_quotes_and_variables() {
    assert_eq!(we("a b  c", 0), (0, v(&["a", "b", "c"])));
    assert_eq!(we("'a b' \"c d\" e\\ f", 0), (0, v(&["a b", "c d", "e f"])));
    assert_eq!(we("a  'b' \"\"", 0), (0, v(&["a", "b", ""])));
    assert_eq!(we("", 0), (0, v(&[])));
    assert_eq!(we("   ", 0), (0, v(&[])));
    assert_eq!(we("$((6*7)) x$((1+1))y", WRDE_NOCMD), (0, v(&["42", "x2y"])));
    assert_eq!(we("${LIMPET_WORDEXP_UNSET:-def ault}", 0), (0, v(&["def", "ault"])));
    assert_eq!(we("\"${LIMPET_WORDEXP_UNSET:-def ault}\"", WRDE_NOCMD), (0, v(&["def ault"])));
    assert_eq!(we("$LIMPET_WORDEXP_UNSET", 0), (0, v(&[])));
    assert_eq!(we("\"$LIMPET_WORDEXP_UNSET\"", 0), (0, v(&[""])));
    // No positional parameters (musl's shell has the words as $1).
    assert_eq!(we("$1 $# \"$@\"", 0), (0, v(&["0"])));
    let home = std::env::var("HOME").unwrap_or_default();
    if !home.is_empty() && !home.contains(char::is_whitespace) {
        assert_eq!(we("~", 0), (0, v(&[&home])));
        assert_eq!(we("${HOME}/x", WRDE_NOCMD), (0, v(&[&format!("{home}/x")])));
    }
    assert_eq!(we("$(echo hi there)", 0), (0, v(&["hi", "there"])));
    assert_eq!(we("\"`echo hi there`\"", 0), (0, v(&["hi there"])));
}

#[test]
fn errors() {
    assert_eq!(we("a;b", 0).0, WRDE_BADCHAR);
    assert_eq!(we("a|b", WRDE_NOCMD).0, WRDE_BADCHAR);
    assert_eq!(we("a\nb", 0).0, WRDE_BADCHAR);
    assert_eq!(we("'open", 0).0, WRDE_SYNTAX);
    assert_eq!(we("a\\", WRDE_SHOWERR).0, WRDE_SYNTAX);
    assert_eq!(we("${LIMPET_WORDEXP_UNSET?no}", 0).0, WRDE_SYNTAX);
    assert_eq!(we("$((1/0))", 0).0, WRDE_SYNTAX);
    assert_eq!(we("$LIMPET_WORDEXP_UNSET", WRDE_UNDEF).0, WRDE_BADVAL);
    assert_eq!(we("${LIMPET_WORDEXP_UNSET:-x}", WRDE_UNDEF), (0, v(&["x"])));
    assert_eq!(we("$(echo a)", WRDE_NOCMD).0, WRDE_CMDSUB);
    assert_eq!(we("\"${x:-'$(echo a)'}\"", WRDE_NOCMD).0, WRDE_CMDSUB);
}

#[test]
fn nocmd_runs_nothing() {
    let path = std::env::temp_dir().join(format!("limpet-wordexp-{}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let p = path.display();
    for w in [
        format!("$(touch {p})"),
        format!("`touch {p}`"),
        format!("\"$(touch {p})\""),
        format!("${{x:-$(touch {p})}}"),
        format!("\"${{x:-'$(touch {p})'}}\""),
        format!("$(( $(touch {p}) ))"),
    ] {
        assert_eq!(we(&w, WRDE_NOCMD).0, WRDE_CMDSUB, "{w}");
        assert!(!path.exists(), "{w} ran");
    }
    for w in [format!("a; touch {p}"), format!("a && touch {p}"), format!("a\ntouch {p}")] {
        assert_eq!(we(&w, 0).0, WRDE_BADCHAR, "{w}");
        assert!(!path.exists(), "{w} ran");
    }
    assert_eq!(we(&format!("$(touch {p})"), 0).0, 0);
    assert!(path.exists());
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn offsets_append_reuse() {
    let mut we = blank();
    we.we_offs = 2;
    let (a, b, c) = (CString::new("a b").unwrap(), CString::new("c").unwrap(), CString::new("d e f").unwrap());
    // SAFETY: C strings and a wordexp_t that wordexp fills, then frees.
    unsafe {
        assert_eq!(wordexp(a.as_ptr(), &mut we, WRDE_DOOFFS), 0);
        assert!((*we.we_wordv).is_null() && (*we.we_wordv.add(1)).is_null());
        assert_eq!(words(&we), v(&["a", "b"]));
        assert_eq!(wordexp(b.as_ptr(), &mut we, WRDE_DOOFFS | WRDE_APPEND), 0);
        assert_eq!(words(&we), v(&["a", "b", "c"]));
        assert!((*we.we_wordv.add(5)).is_null());
        // An error leaves the words as they were.
        assert_eq!(wordexp(c"'".as_ptr(), &mut we, WRDE_DOOFFS | WRDE_APPEND), WRDE_SYNTAX);
        assert_eq!(words(&we), v(&["a", "b", "c"]));
        assert_eq!(wordexp(c.as_ptr(), &mut we, WRDE_DOOFFS | WRDE_REUSE), 0);
        assert_eq!(words(&we), v(&["d", "e", "f"]));
        assert_eq!(wordexp(c.as_ptr(), &mut we, WRDE_REUSE), 0);
        assert_eq!((we.we_offs, words(&we)), (0, v(&["d", "e", "f"])));
        wordfree(&mut we);
        assert!(we.we_wordv.is_null() && we.we_wordc == 0);
        wordfree(&mut we);
    }
}

#[test]
fn large_and_nested() {
    // Up to the kernel's limit on one argument (128 KiB), as in musl.
    let long = "y".repeat(100_000);
    let (r, got) = we(&long, WRDE_NOCMD);
    assert!(r == 0 && got.len() == 1 && got[0] == long);
    // Past it, posix_spawn fails (WRDE_NOSPACE, E2BIG), or with a C library whose
    // posix_spawn cannot report exec's error (qemu-user's), the shell never prints.
    let too_long = "y".repeat(1 << 20);
    assert!([WRDE_NOSPACE, WRDE_SYNTAX].contains(&we(&too_long, WRDE_NOCMD).0));
    let many = "w ".repeat(50_000);
    assert_eq!(we(&many, WRDE_NOCMD).1.len(), 50_000);
    let deep = format!("{}x{}", "\"${y:-".repeat(200), "}\"".repeat(200));
    assert_eq!(we(&deep, WRDE_NOCMD), (0, v(&["x"])));
    assert_eq!(we(&"$((".repeat(100_000), WRDE_NOCMD).0, WRDE_SYNTAX);
}
