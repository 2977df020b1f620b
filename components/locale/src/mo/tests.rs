//! Tests of the `.mo` reader over catalogs Debian's msgfmt writes at test time (both byte
//! orders, with and without a hash table), corrupted copies of them, and the plural rules of
//! the common languages against the same rules written in Rust.

use super::*;
use std::fmt::Write as _;
use std::process::Command;

/// A .po source with `count` plain messages, one plural message, one with a context, and
/// a header with `plural_forms` when given.
fn po_source(count: usize, plural_forms: Option<&str>) -> String {
    let mut s =
        String::from("msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n");
    if let Some(p) = plural_forms {
        writeln!(s, "\"Plural-Forms: {p}\\n\"").unwrap();
    }
    for i in 0..count {
        writeln!(s, "\nmsgid \"message {i}\"\nmsgstr \"Nachricht {i}\"").unwrap();
    }
    s.push_str(
        "\nmsgid \"file\"\nmsgid_plural \"files\"\nmsgstr[0] \"Datei\"\nmsgstr[1] \"Dateien\"\n",
    );
    s.push_str("\nmsgctxt \"menu\"\nmsgid \"Open\"\nmsgstr \"Öffnen\"\n");
    s.push_str("\nmsgid \"Open\"\nmsgstr \"Offen\"\n");
    s
}

/// Runs msgfmt over `po` with `flags`, returning the .mo file's bytes.
fn msgfmt(po: &str, flags: &[&str]) -> Vec<u8> {
    let dir = std::env::temp_dir().join(format!(
        "limpet-mo-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("t.po");
    let out = dir.join("t.mo");
    std::fs::write(&src, po).unwrap();
    let st = Command::new("msgfmt")
        .args(flags)
        .arg("-o")
        .arg(&out)
        .arg(&src)
        .status()
        .expect("msgfmt (Debian's gettext) must be installed");
    assert!(st.success());
    let bytes = std::fs::read(&out).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    bytes
}

/// The four layouts: little and big endian, each with and without a hash table.
const LAYOUTS: [&[&str]; 4] = [
    &["--endianness=little"],
    &["--endianness=big"],
    &["--endianness=little", "--no-hash"],
    &["--endianness=big", "--no-hash"],
];

/// Every message of `po_source(count, ..)` is found, with its translation, and ids that are
/// absent (or prefixes and extensions of present ones) are not.
fn check_lookups(cat: &Catalog<'_>, count: usize) {
    assert_eq!(cat.len(), count + 4);
    for i in 0..count {
        let id = format!("message {i}");
        assert_eq!(
            cat.lookup(id.as_bytes()),
            Some(format!("Nachricht {i}").as_bytes()),
            "{id}"
        );
        assert_eq!(cat.lookup(format!("message {i}x").as_bytes()), None);
    }
    assert_eq!(cat.lookup(b"message"), None);
    assert_eq!(cat.lookup(b"file"), Some(&b"Datei\0Dateien"[..]));
    assert_eq!(cat.lookup(b"files"), None);
    assert_eq!(
        cat.lookup("menu\u{4}Open".as_bytes()),
        Some("Öffnen".as_bytes())
    );
    assert_eq!(cat.lookup(b"Open"), Some(&b"Offen"[..]));
    assert_eq!(cat.lookup(b"menu"), None);
    assert!(
        cat.header()
            .unwrap()
            .starts_with(b"Content-Type: text/plain; charset=UTF-8\n")
    );
    assert_eq!(
        cat.header_field(b"Content-Type"),
        Some(&b"text/plain; charset=UTF-8"[..])
    );
}

#[test]
fn both_byte_orders_with_and_without_hash() {
    for count in [0, 1, 2, 7, 100, 1000] {
        let po = po_source(count, Some("nplurals=2; plural=(n != 1);"));
        for flags in LAYOUTS {
            let mo = msgfmt(&po, flags);
            let cat = Catalog::parse(&mo).unwrap_or_else(|| panic!("{flags:?} {count}"));
            assert_eq!(cat.big, flags[0].ends_with("big"));
            assert_eq!(cat.hash_size == 0, flags.len() == 2, "{flags:?}");
            check_lookups(&cat, count);
        }
    }
}

/// The file of a catalog written in one byte order, with every header and table word
/// swapped: the same catalog in the other order (strings are bytes and stay).
fn swap_words(mo: &[u8]) -> Vec<u8> {
    let cat = Catalog::parse(mo).unwrap();
    let mut out = mo.to_vec();
    let mut swap = |at: usize| out[at..at + 4].reverse();
    for at in (0..HEADER_LEN).step_by(4) {
        swap(at);
    }
    for table in [cat.originals, cat.translations] {
        for at in (table..table + cat.count * ENTRY_LEN).step_by(4) {
            swap(at);
        }
    }
    for slot in 0..cat.hash_size {
        swap(cat.hash + slot * 4);
    }
    out
}

#[test]
fn swapped_by_hand_reads_the_same() {
    let mo = msgfmt(&po_source(50, None), &[]);
    let other = swap_words(&mo);
    let cat = Catalog::parse(&other).unwrap();
    assert_ne!(cat.big, Catalog::parse(&mo).unwrap().big);
    check_lookups(&cat, 50);
}

#[test]
fn truncated_at_every_length_is_rejected() {
    for flags in LAYOUTS {
        let mo = msgfmt(&po_source(5, Some("nplurals=2; plural=n != 1;")), flags);
        for len in 0..mo.len() {
            // msgfmt ends the file with the last string's NUL, so every shorter prefix cuts
            // a string, a table or the header.
            assert!(Catalog::parse(&mo[..len]).is_none(), "{flags:?} {len}");
        }
    }
}

/// Overwrites the word at `at` with `v` in the catalog's byte order.
fn put(mo: &mut [u8], at: usize, v: u32, big: bool) {
    let b = if big {
        v.to_be_bytes()
    } else {
        v.to_le_bytes()
    };
    mo[at..at + 4].copy_from_slice(&b);
}

#[test]
fn corrupt_fields_are_rejected() {
    for flags in LAYOUTS {
        let mo = msgfmt(&po_source(5, None), flags);
        let cat = Catalog::parse(&mo).unwrap();
        let big = cat.big;
        let len = mo.len() as u32;
        let mut cases: Vec<(usize, u32)> = vec![
            (0, 0x1234_5678),                // magic
            (REVISION_AT, 2 << MAJOR_SHIFT), // an unknown major revision
            (COUNT_AT, 1000),                // more strings than the tables hold
            (COUNT_AT, u32::MAX),            // a table length that overflows
            (ORIGINALS_AT, len - 4),         // a table past the end
            (TRANSLATIONS_AT, u32::MAX),     // an offset that overflows
        ];
        if cat.hash_size != 0 {
            cases.push((HASH_AT, len - 4));
            cases.push((HASH_SIZE_AT, u32::MAX));
        }
        // A string's offset or length past the end, and one whose length lands on a byte that
        // is not its NUL.
        for table in [cat.originals, cat.translations] {
            let entry = table + ENTRY_LEN;
            let slen = word(&mo, entry, big).unwrap();
            cases.push((entry + 4, len));
            cases.push((entry + 4, u32::MAX));
            cases.push((entry, u32::MAX));
            cases.push((entry, slen.saturating_sub(1)));
        }
        for (at, v) in cases {
            let mut bad = mo.clone();
            put(&mut bad, at, v, big);
            assert!(
                Catalog::parse(&bad).is_none(),
                "{flags:?} word {at} = {v:#x}"
            );
        }
        // A hash slot naming a string that does not exist.
        if cat.hash_size != 0 {
            let mut bad = mo.clone();
            put(&mut bad, cat.hash, cat.count as u32 + 1, big);
            assert!(Catalog::parse(&bad).is_none());
        }
    }
}

#[test]
fn a_full_hash_table_ends_the_probe() {
    let mo = msgfmt(&po_source(5, None), &[]);
    let cat = Catalog::parse(&mo).unwrap();
    assert!(cat.hash_size > 0);
    // Every slot names string 1: each lookup of something else probes every slot and stops.
    let mut full = mo.clone();
    for slot in 0..cat.hash_size {
        put(&mut full, cat.hash + slot * 4, 2, cat.big);
    }
    let cat = Catalog::parse(&full).unwrap();
    assert_eq!(cat.lookup(b"no such message"), None);
}

#[test]
fn random_bytes_never_crash() {
    let mo = msgfmt(
        &po_source(20, Some("nplurals=3; plural=n%10==1 ? 0 : 2;")),
        &[],
    );
    // A fixed xorshift sequence: each round flips a few bytes, then looks up every id.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for _ in 0..3000 {
        let mut bad = mo.clone();
        for _ in 0..1 + next() % 4 {
            let at = (next() as usize) % bad.len();
            bad[at] = next() as u8;
        }
        if let Some(cat) = Catalog::parse(&bad) {
            for i in 0..20 {
                let _ = cat.lookup(format!("message {i}").as_bytes());
            }
            if let Some(h) = cat.header() {
                let _ = Plural::parse(h).map(|p| p.index(next()));
            }
        }
    }
}

/// One language's rule: its Plural-Forms text and the same function in Rust.
struct Rule {
    forms: &'static str,
    reference: fn(u64) -> usize,
}

/// The rules of the GNU gettext manual's list of plural forms ("Plural forms"), one per
/// family, and the reference evaluation of each written out as Rust code.
const RULES: &[Rule] = &[
    Rule {
        forms: "nplurals=1; plural=0;",
        reference: |_| 0,
    },
    Rule {
        forms: "nplurals=2; plural=n != 1;",
        reference: |n| usize::from(n != 1),
    },
    Rule {
        forms: "nplurals=2; plural=n>1;",
        reference: |n| usize::from(n > 1),
    },
    Rule {
        forms: "nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2;",
        reference: |n| {
            if n % 10 == 1 && n % 100 != 11 {
                0
            } else if n != 0 {
                1
            } else {
                2
            }
        },
    },
    Rule {
        forms: "nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;",
        reference: |n| match n {
            1 => 0,
            2 => 1,
            _ => 2,
        },
    },
    Rule {
        forms: "nplurals=3; plural=n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2;",
        reference: |n| {
            if n == 1 {
                0
            } else if n == 0 || (n % 100 > 0 && n % 100 < 20) {
                1
            } else {
                2
            }
        },
    },
    Rule {
        forms: "nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2;",
        reference: |n| {
            if n % 10 == 1 && n % 100 != 11 {
                0
            } else if n % 10 >= 2 && (n % 100 < 10 || n % 100 >= 20) {
                1
            } else {
                2
            }
        },
    },
    Rule {
        forms: "nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2;",
        reference: |n| {
            if n % 10 == 1 && n % 100 != 11 {
                0
            } else if (2..=4).contains(&(n % 10)) && (n % 100 < 10 || n % 100 >= 20) {
                1
            } else {
                2
            }
        },
    },
    Rule {
        forms: "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
        reference: |n| match n {
            1 => 0,
            2..=4 => 1,
            _ => 2,
        },
    },
    Rule {
        forms: "nplurals=3; plural=n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2;",
        reference: |n| {
            if n == 1 {
                0
            } else if (2..=4).contains(&(n % 10)) && (n % 100 < 10 || n % 100 >= 20) {
                1
            } else {
                2
            }
        },
    },
    Rule {
        forms: "nplurals=4; plural=n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3;",
        reference: |n| match n % 100 {
            1 => 0,
            2 => 1,
            3 | 4 => 2,
            _ => 3,
        },
    },
    Rule {
        forms: "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;",
        reference: |n| match (n, n % 100) {
            (0, _) => 0,
            (1, _) => 1,
            (2, _) => 2,
            (_, 3..=10) => 3,
            (_, 11..) => 4,
            _ => 5,
        },
    },
    Rule {
        forms: "nplurals=2; plural=!(n==1);",
        reference: |n| usize::from(n != 1),
    },
    Rule {
        forms: "nplurals=4; plural=(n*3+1)/2%4 - 0 * (n/0) + (n%0);",
        reference: |n| (n.wrapping_mul(3).wrapping_add(1) / 2 % 4) as usize,
    },
];

/// The counts every rule is checked at: 0..=1000, then values near the wrap-around.
fn counts() -> impl Iterator<Item = u64> {
    (0..=1000u64).chain([100_000, 1_000_001, u32::MAX as u64, u64::MAX - 1, u64::MAX])
}

#[test]
fn plural_rules_of_common_languages() {
    for rule in RULES {
        let header = format!(
            "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: {}\n",
            rule.forms
        );
        let p = Plural::parse(header.as_bytes()).unwrap_or_else(|| panic!("{}", rule.forms));
        for n in counts() {
            let want = (rule.reference)(n);
            let want = if want < p.nplurals() { want } else { 0 };
            assert_eq!(p.index(n), want, "{} at {n}", rule.forms);
        }
    }
}

#[test]
fn plural_rule_from_a_catalog() {
    let mo = msgfmt(
        &po_source(3, Some("nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;")),
        &[],
    );
    let cat = Catalog::parse(&mo).unwrap();
    let p = Plural::of(&cat);
    assert_eq!(
        (p.nplurals(), p.index(1), p.index(2), p.index(7)),
        (3, 0, 1, 2)
    );
    let mo = msgfmt(&po_source(3, None), &[]);
    assert_eq!(
        Plural::of(&Catalog::parse(&mo).unwrap()),
        Plural::germanic()
    );
}

#[test]
fn plural_index_not_below_nplurals_is_zero() {
    let p = Plural::parse(b"Plural-Forms: nplurals=2; plural=n;").unwrap();
    assert_eq!(
        [p.index(0), p.index(1), p.index(2), p.index(99)],
        [0, 1, 0, 0]
    );
}

#[test]
fn malformed_plural_lines_are_refused() {
    for bad in [
        "nplurals=2; plural=n !=;",
        "nplurals=2; plural=(n != 1;",
        "nplurals=2; plural=n != 1 junk;",
        "nplurals=2; plural=n ? 1;",
        "nplurals=; plural=n;",
        "nplurals=0; plural=0;",
        "nplurals=2 plural=n;",
        "nplurals=2; plural=;",
        "nplurals=2; plural=m;",
        "nplurals=99999999999999999999; plural=n;",
        "nplurals=2; plural=99999999999999999999;",
        "plural=n; nplurals=2;",
    ] {
        let header = format!("Plural-Forms: {bad}\n");
        assert_eq!(Plural::parse(header.as_bytes()), None, "{bad}");
    }
    assert_eq!(Plural::parse(b"Content-Type: text/plain\n"), None);
}

#[test]
fn nesting_is_bounded() {
    let deep = |k: usize| {
        format!(
            "Plural-Forms: nplurals=2; plural={}n{};",
            "(".repeat(k),
            ")".repeat(k)
        )
    };
    assert!(Plural::parse(deep(20).as_bytes()).is_some());
    assert_eq!(Plural::parse(deep(100_000).as_bytes()), None);
    let nots = format!("Plural-Forms: nplurals=2; plural={}n;", "!".repeat(100_000));
    assert_eq!(Plural::parse(nots.as_bytes()), None);
    let chain = format!(
        "Plural-Forms: nplurals=2; plural={}0;",
        "n ? 1 : ".repeat(100_000)
    );
    assert_eq!(Plural::parse(chain.as_bytes()), None);
}

#[test]
fn plural_forms_of_a_msgstr() {
    assert_eq!(plural_form(b"Datei\0Dateien", 0), b"Datei");
    assert_eq!(plural_form(b"Datei\0Dateien", 1), b"Dateien");
    assert_eq!(plural_form(b"Datei\0Dateien", 2), b"Datei");
    assert_eq!(plural_form(b"eins", 3), b"eins");
}
