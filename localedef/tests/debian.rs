//! Every locale source Debian ships compiles, or is refused with a message naming the file
//! and line; every file written is one limpet-locale accepts. Skipped (with a message) where
//! the `locales` package is not installed.
use std::path::{Path, PathBuf};

use limpet_locale::compiled::format::{self, File};
use limpet_localedef::{SOURCE_DIR, compile_file};

#[test]
fn every_debian_locale() {
    let dir = Path::new(SOURCE_DIR);
    if !dir.join("de_DE").is_file() {
        eprintln!("skipped: {SOURCE_DIR} is missing (Debian's `locales` package)");
        return;
    }
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    names.sort();
    let (mut compiled, mut refused) = (0, Vec::new());
    for path in &names {
        match compile_file(path, &[dir.to_path_buf()]) {
            Ok(bytes) => {
                let f = File::parse(&bytes).unwrap_or_else(|| panic!("{}: the written file is refused", path.display()));
                assert_eq!(f.slot(format::CODESET), c"UTF-8");
                assert!(!f.slot(format::NUMERIC).is_empty(), "{}: an empty radix", path.display());
                compiled += 1;
            }
            Err(e) => {
                let shown = e.to_string();
                assert!(shown.starts_with(&e.file) && e.line > 0, "no place in {shown}");
                refused.push(shown);
            }
        }
    }
    eprintln!("{} sources: {compiled} compiled, {} refused", names.len(), refused.len());
    for r in &refused {
        eprintln!("  refused: {r}");
    }
    assert_eq!(compiled + refused.len(), names.len());
    for must in ["de_DE", "fr_FR", "ja_JP", "ru_RU", "en_US", "uk_UA", "tl_PH", "fil_PH", "dz_BT"] {
        assert!(compile_file(&dir.join(must), &[]).is_ok(), "{must}");
    }
}

/// Errors name the file and the line.
#[test]
fn errors_name_the_place() {
    let dir = std::env::temp_dir().join(format!("limpet-localedef-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases: [(&str, usize, &str); 6] = [
        ("LC_TIME\nabday \"a\";\"b\"\nEND LC_TIME\n", 2, "2 strings where 7 are due"),
        ("LC_NUMERIC\ndecimal_point \",\"\n", 1, "has no 'END LC_NUMERIC'"),
        ("comment_char %\n% x\nLC_TIME\ncopy \"nonexistent-locale\"\nEND LC_TIME\n", 4, "no such locale source"),
        ("LC_MONETARY\nfrac_digits 99\nEND LC_MONETARY\n", 2, "out of range"),
        ("LC_MESSAGES\nyesexpr \"<NEN>\"\nEND LC_MESSAGES\n", 2, "<NEN>"),
        ("junk\n", 1, "outside a category"),
    ];
    for (i, (text, line, what)) in cases.iter().enumerate() {
        let p = dir.join(format!("case{i}"));
        std::fs::write(&p, text).unwrap();
        let e = compile_file(&p, &[]).unwrap_err();
        assert_eq!((e.file.as_str(), e.line), (p.to_str().unwrap(), *line), "{e}");
        assert!(e.message.contains(what), "{e}");
    }
    // A category copied from a file that copies it back is refused, not looped on.
    std::fs::write(dir.join("loop_a"), "LC_TIME\ncopy \"loop_b\"\nEND LC_TIME\n").unwrap();
    std::fs::write(dir.join("loop_b"), "LC_TIME\ncopy \"loop_a\"\nEND LC_TIME\n").unwrap();
    let e = compile_file(&dir.join("loop_a"), &[]).unwrap_err();
    assert!(e.message.contains("nested too deep"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
