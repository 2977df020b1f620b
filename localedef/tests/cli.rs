//! The command line: where the file goes, what is refused, and what the errors say.
use std::path::Path;
use std::process::{Command, Output};

use limpet_locale::compiled::format::{self, File};

fn tool(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_limpet-localedef")).args(args).output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn command_line() {
    let dir = std::env::temp_dir().join(format!("limpet-localedef-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_str().unwrap();
    // A source of one's own, with a copy from a second one beside it, found through -I.
    let inc = dir.join("inc");
    std::fs::create_dir_all(&inc).unwrap();
    std::fs::write(inc.join("base"), "LC_TIME\nabday \"a\";\"b\";\"c\";\"d\";\"e\";\"f\";\"g\"\nEND LC_TIME\n").unwrap();
    let src = dir.join("mine");
    std::fs::write(&src, "comment_char %\nescape_char /\nLC_NUMERIC\ndecimal_point \"<U066B>\"\nEND LC_NUMERIC\nLC_TIME\ncopy \"base\"\nd_fmt \"%d//%m\"\nEND LC_TIME\n").unwrap();

    let o = tool(&["-i", src.to_str().unwrap(), "-f", "UTF-8", "-I", inc.to_str().unwrap(), "--path", d, "xx_XX.UTF-8"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = std::fs::read(dir.join("xx_XX.UTF-8")).unwrap();
    let f = File::parse(&bytes).unwrap();
    assert_eq!(f.slot(format::NUMERIC).to_str().unwrap(), "\u{66b}");
    assert_eq!(f.slot(format::TIME + 6), c"g");
    assert_eq!(f.slot(format::TIME + 0x29), c"%d/%m");
    assert_eq!(f.slot(format::TIME + 7), c"Sunday", "an undefined keyword: the C locale's");

    // A NAME with '/' is the output path; `--path=DIR`; charmap spellings and paths.
    let out = dir.join("sub-out");
    let o = tool(&["-i", src.to_str().unwrap(), "-I", inc.to_str().unwrap(), "-f", "/usr/share/i18n/charmaps/UTF-8.gz", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&out).unwrap(), bytes);

    if Path::new("/usr/share/i18n/locales/de_DE").is_file() {
        // Without -i: NAME up to its first '.' or '@', from Debian's sources.
        let o = tool(&[&format!("--path={d}"), "-f", "utf8", "de_DE.UTF-8@x"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let bytes = std::fs::read(dir.join("de_DE.UTF-8@x")).unwrap();
        assert_eq!(File::parse(&bytes).unwrap().slot(format::TIME + 7), c"Sonntag");
    }

    // Refusals: exit status 1, a message, no file.
    for (args, says) in [
        (vec!["-i", "de_DE", "-f", "ISO-8859-1", "--path", d, "de_DE.ISO-8859-1"], "only UTF-8 is supported"),
        (vec!["-i", "no_such_locale_source", "--path", d, "zz_ZZ"], "no such locale source"),
        (vec!["-x", "zz"], "unknown option -x"),
        (vec![], "usage:"),
        (vec!["a", "b"], "one locale name only"),
        (vec!["-i"], "needs a value"),
    ] {
        let o = tool(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    assert!(!dir.join("de_DE.ISO-8859-1").exists() && !dir.join("zz_ZZ").exists());
    // A source error names the file and line.
    std::fs::write(&src, "LC_TIME\nday \"x\"\nEND LC_TIME\n").unwrap();
    let o = tool(&["-i", src.to_str().unwrap(), "--path", d, "yy_YY"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains(&format!("{}:2: day: 1 strings where 7 are due", src.display())), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}
