//! Tests of the gettext functions over catalogs Debian's msgfmt writes at test time into
//! a directory per test (both byte orders, with and without hash tables, plurals,
//! contexts, corrupt files), and of catopen/catgets over catalogs in both formats.
//!
//! The functions read process-wide state (the global locale, the environment, the
//! bindings), so every test holds [`serial`]'s lock.
use std::ffi::{CStr, CString, c_char};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, MutexGuard};

use limpet_locale::abi::{LC_ALL, LC_CTYPE, LC_MESSAGES, LC_TIME};

use crate::abi::{CATD_ERROR, NL_CAT_LOCALE};
use crate::catgets::{catclose, catgets};
use crate::catopen::catopen;
use crate::domain::{bind_textdomain_codeset, bindtextdomain, textdomain};
use crate::gettext::{dcgettext, dcngettext, dgettext, dngettext, gettext, ngettext};

static LOCK: Mutex<()> = Mutex::new(());

fn serial() -> MutexGuard<'static, ()> {
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// Sets (`Some`) or removes the environment variable `name` in the host's environment, and
/// points limpet-start's `environ`, which the code under test reads, at it.
fn set_env(name: &str, value: Option<&str>) {
    unsafe extern "C" {
        #[link_name = "environ"]
        static host_environ: *mut *mut c_char;
    }
    // SAFETY: the test lock keeps the other tests of this crate out of the environment, and
    // glibc's `environ` is a valid array while no one changes it.
    unsafe {
        match value {
            Some(v) => std::env::set_var(name, v),
            None => std::env::remove_var(name),
        }
        limpet_start::env::environ = host_environ;
    }
}

/// Sets the global locale (every category) to `name`.
fn set_locale(name: &str) {
    let c = CString::new(name).unwrap();
    // SAFETY: a NUL-terminated name.
    assert!(!unsafe { limpet_locale::setlocale::setlocale(LC_ALL, c.as_ptr()) }.is_null());
}

/// A fresh directory for one test.
fn test_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("limpet-intl-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Writes the catalog of `po` to `dir/lang/category/domain.mo` with msgfmt and `flags`.
fn msgfmt(dir: &Path, lang: &str, category: &str, domain: &str, po: &str, flags: &[&str]) {
    let sub = dir.join(lang).join(category);
    std::fs::create_dir_all(&sub).unwrap();
    let src = sub.join(format!("{domain}.po"));
    std::fs::write(&src, po).unwrap();
    let out = sub.join(format!("{domain}.mo"));
    let st = Command::new("msgfmt").args(flags).arg("-o").arg(&out).arg(&src).status().expect("msgfmt (Debian's gettext) must be installed");
    assert!(st.success());
}

/// A .po source whose messages carry `tag`, with a Plural-Forms line when given.
fn po(tag: &str, plural_forms: Option<&str>) -> String {
    let mut s = String::from("msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n");
    if let Some(p) = plural_forms {
        s += &format!("\"Plural-Forms: {p}\\n\"\n");
    }
    s += &format!("\nmsgid \"hello\"\nmsgstr \"hello-{tag}\"\n");
    s += &format!("\nmsgctxt \"menu\"\nmsgid \"Open\"\nmsgstr \"Open-menu-{tag}\"\n");
    s += &format!("\nmsgid \"Open\"\nmsgstr \"Open-{tag}\"\n");
    s += &format!("\nmsgid \"file\"\nmsgid_plural \"files\"\nmsgstr[0] \"file0-{tag}\"\nmsgstr[1] \"file1-{tag}\"\nmsgstr[2] \"file2-{tag}\"\n");
    s
}

fn c(s: &str) -> CString {
    CString::new(s).unwrap()
}

fn text(p: *const c_char) -> String {
    assert!(!p.is_null());
    // SAFETY: the functions return NUL-terminated strings.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

/// Binds `domain` to `dir` and makes it current.
fn bind(domain: &str, dir: &Path) {
    let (d, p) = (c(domain), c(dir.to_str().unwrap()));
    // SAFETY: NUL-terminated strings.
    unsafe {
        assert!(!bindtextdomain(d.as_ptr(), p.as_ptr()).is_null());
        assert!(!textdomain(d.as_ptr()).is_null());
    }
}

fn tr(id: &str) -> String {
    let id = c(id);
    // SAFETY: a NUL-terminated msgid.
    text(unsafe { gettext(id.as_ptr()) })
}

fn ntr(id: &str, plural: &str, n: u64) -> String {
    let (id, plural) = (c(id), c(plural));
    // SAFETY: NUL-terminated strings.
    text(unsafe { ngettext(id.as_ptr(), plural.as_ptr(), n as _) })
}

#[test]
fn byte_orders_hash_tables_contexts_plurals() {
    let _g = serial();
    set_env("LANGUAGE", None);
    let dir = test_dir("layouts");
    let russian = "nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2;";
    let layouts: [(&str, &[&str]); 4] = [
        ("le", &["--endianness=little"]),
        ("be", &["--endianness=big"]),
        ("lenohash", &["--endianness=little", "--no-hash"]),
        ("benohash", &["--endianness=big", "--no-hash"]),
    ];
    for (lang, flags) in layouts {
        msgfmt(&dir, lang, "LC_MESSAGES", "app", &po(lang, Some(russian)), flags);
    }
    bind("app", &dir);
    for (lang, _) in layouts {
        set_locale(lang);
        assert_eq!(tr("hello"), format!("hello-{lang}"));
        assert_eq!(tr("Open"), format!("Open-{lang}"));
        assert_eq!(tr("menu\u{4}Open"), format!("Open-menu-{lang}"));
        assert_eq!(tr("missing"), "missing");
        for n in 0..300u64 {
            let form = if n % 10 == 1 && n % 100 != 11 {
                0
            } else if (2..=4).contains(&(n % 10)) && (n % 100 < 10 || n % 100 >= 20) {
                1
            } else {
                2
            };
            assert_eq!(ntr("file", "files", n), format!("file{form}-{lang}"), "{lang} {n}");
        }
        // A message without a translation: the msgid for one, the plural otherwise.
        assert_eq!(ntr("cat", "cats", 1), "cat");
        assert_eq!(ntr("cat", "cats", 0), "cats");
        assert_eq!(ntr("cat", "cats", 5), "cats");
    }
}

#[test]
fn default_plural_rule_and_out_of_range_index() {
    let _g = serial();
    set_env("LANGUAGE", None);
    let dir = test_dir("plural-default");
    msgfmt(&dir, "de", "LC_MESSAGES", "noforms", &po("de", None).replace("msgstr[2] \"file2-de\"\n", ""), &[]);
    msgfmt(&dir, "fr", "LC_MESSAGES", "noforms", &po("fr", Some("nplurals=2; plural=n;")).replace("msgstr[2] \"file2-fr\"\n", ""), &[]);
    bind("noforms", &dir);
    set_locale("de_DE");
    assert_eq!([ntr("file", "files", 1), ntr("file", "files", 0), ntr("file", "files", 2)], ["file0-de", "file1-de", "file1-de"]);
    // plural=n gives 2 and more past nplurals: GNU (and limpet) take the first form.
    set_locale("fr_FR");
    assert_eq!([ntr("file", "files", 0), ntr("file", "files", 1), ntr("file", "files", 7)], ["file0-fr", "file1-fr", "file0-fr"]);
}

#[test]
fn locale_name_variants_language_and_c() {
    let _g = serial();
    let dir = test_dir("variants");
    for lang in ["de", "de_DE", "de_DE@euro", "de_DE.utf8", "fr", "pt_BR"] {
        msgfmt(&dir, lang, "LC_MESSAGES", "var", &po(lang, None), &[]);
    }
    bind("var", &dir);
    set_env("LANGUAGE", None);
    for (locale, want) in [
        ("de_DE.UTF-8@euro", "de_DE@euro"),
        ("de_DE.UTF-8", "de_DE.utf8"),
        ("de_DE.ISO-8859-1", "de_DE"),
        ("de_AT.UTF-8", "de"),
        ("de", "de"),
        ("pt_BR.UTF-8", "pt_BR"),
        ("pt_PT", "hello"),
        ("xx", "hello"),
    ] {
        set_locale(locale);
        let want = if want == "hello" { "hello".to_owned() } else { format!("hello-{want}") };
        assert_eq!(tr("hello"), want, "{locale}");
    }
    // LANGUAGE comes first, entry by entry, then the locale's own name.
    set_locale("de_DE.UTF-8");
    set_env("LANGUAGE", Some("xx:fr:de"));
    assert_eq!(tr("hello"), "hello-fr");
    set_env("LANGUAGE", Some("xx::yy"));
    assert_eq!(tr("hello"), "hello-de_DE.utf8");
    // A message a preferred catalog lacks comes from the next one.
    set_env("LANGUAGE", Some("pt_BR:fr"));
    assert_eq!(tr("hello"), "hello-pt_BR");
    // Names that would leave the directory are not tried.
    set_env("LANGUAGE", Some("../var/fr:/fr"));
    assert_eq!(tr("hello"), "hello-de_DE.utf8");
    // In the C locale LANGUAGE is not looked at, and nothing is translated.
    set_env("LANGUAGE", Some("fr"));
    for locale in ["C", "POSIX", "C.UTF-8"] {
        set_locale(locale);
        assert_eq!(tr("hello"), "hello", "{locale}");
    }
    set_env("LANGUAGE", None);
}

#[test]
fn categories_and_domains() {
    let _g = serial();
    set_env("LANGUAGE", None);
    let dir = test_dir("categories");
    msgfmt(&dir, "de", "LC_MESSAGES", "cat", &po("msg", None), &[]);
    msgfmt(&dir, "de", "LC_TIME", "cat", &po("time", None), &[]);
    msgfmt(&dir, "de", "LC_MESSAGES", "other", &po("other", None), &[]);
    bind("cat", &dir);
    bind("other", &dir);
    bind("cat", &dir);
    set_locale("de_DE");
    let (cat, other, hello) = (c("cat"), c("other"), c("hello"));
    let (file, files) = (c("file"), c("files"));
    // SAFETY: NUL-terminated strings throughout.
    unsafe {
        assert_eq!(text(dcgettext(cat.as_ptr(), hello.as_ptr(), LC_TIME)), "hello-time");
        assert_eq!(text(dcgettext(cat.as_ptr(), hello.as_ptr(), LC_MESSAGES)), "hello-msg");
        assert_eq!(text(dcgettext(cat.as_ptr(), hello.as_ptr(), LC_CTYPE)), "hello");
        assert_eq!(text(dcgettext(cat.as_ptr(), hello.as_ptr(), LC_ALL)), "hello");
        assert_eq!(text(dcgettext(cat.as_ptr(), hello.as_ptr(), 99)), "hello");
        assert_eq!(text(dcgettext(cat.as_ptr(), hello.as_ptr(), -1)), "hello");
        assert_eq!(text(dgettext(other.as_ptr(), hello.as_ptr())), "hello-other");
        assert_eq!(text(dgettext(std::ptr::null(), hello.as_ptr())), "hello-msg");
        assert_eq!(text(dngettext(other.as_ptr(), file.as_ptr(), files.as_ptr(), 3)), "file1-other");
        assert_eq!(text(dcngettext(cat.as_ptr(), file.as_ptr(), files.as_ptr(), 1, LC_TIME)), "file0-time");
        assert_eq!(text(dcngettext(cat.as_ptr(), file.as_ptr(), files.as_ptr(), 2, LC_ALL)), "files");
        assert!(gettext(std::ptr::null()).is_null());
        // A domain that would name a file outside the directory is not looked for.
        // Without the check it would reach DIR/de/LC_MESSAGES/../../de/LC_MESSAGES/cat.mo.
        let sneaky = c("../../de/LC_MESSAGES/cat");
        assert!(!bindtextdomain(sneaky.as_ptr(), c(dir.to_str().unwrap()).as_ptr()).is_null());
        assert_eq!(text(dgettext(sneaky.as_ptr(), hello.as_ptr())), "hello");
        // The returned strings are the catalog's own bytes, stable across calls.
        assert_eq!(gettext(hello.as_ptr()), gettext(hello.as_ptr()));
    }
}

#[test]
fn corrupt_catalogs_are_skipped() {
    let _g = serial();
    set_env("LANGUAGE", None);
    let dir = test_dir("corrupt");
    msgfmt(&dir, "de", "LC_MESSAGES", "good", &po("de", None), &[]);
    let good = std::fs::read(dir.join("de/LC_MESSAGES/good.mo")).unwrap();
    // The catalog of de_DE is broken in a different way for each domain; de's is whole, so
    // each lookup falls through to it.
    let mut cases: Vec<Vec<u8>> = (0..good.len()).step_by(7).map(|len| good[..len].to_vec()).collect();
    let mut bad_magic = good.clone();
    bad_magic[0] ^= 1;
    cases.push(bad_magic);
    let mut bad_offset = good.clone();
    bad_offset[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    cases.push(bad_offset);
    cases.push(Vec::new());
    set_locale("de_DE");
    for (i, bytes) in cases.iter().enumerate() {
        let domain = format!("bad{i}");
        let sub = dir.join("de_DE/LC_MESSAGES");
        std::fs::create_dir_all(&sub).unwrap();
        std::fs::write(sub.join(format!("{domain}.mo")), bytes).unwrap();
        std::fs::create_dir_all(dir.join("de/LC_MESSAGES")).unwrap();
        std::fs::copy(dir.join("de/LC_MESSAGES/good.mo"), dir.join(format!("de/LC_MESSAGES/{domain}.mo"))).unwrap();
        bind(&domain, &dir);
        assert_eq!(tr("hello"), "hello-de", "case {i}");
    }
    // A directory where the catalog should be is no catalog either.
    std::fs::create_dir_all(dir.join("de_DE/LC_MESSAGES/isdir.mo")).unwrap();
    std::fs::copy(dir.join("de/LC_MESSAGES/good.mo"), dir.join("de/LC_MESSAGES/isdir.mo")).unwrap();
    bind("isdir", &dir);
    assert_eq!(tr("hello"), "hello-de");
}

#[test]
fn errno_is_left_alone() {
    let _g = serial();
    set_env("LANGUAGE", None);
    let dir = test_dir("errno");
    bind("none", &dir);
    set_locale("de_DE");
    limpet_syscall::set_errno(1234);
    assert_eq!(tr("hello"), "hello");
    assert_eq!(limpet_syscall::errno(), 1234);
}

#[test]
fn textdomain_and_bindtextdomain() {
    let _g = serial();
    let long = c(&"d".repeat(256));
    let ok = c(&"d".repeat(255));
    let longdir = c(&"/".repeat(4096));
    let (x, y, empty, a, b) = (c("x-domain"), c("y-domain"), c(""), c("/a"), c("/b"));
    // SAFETY: NUL-terminated strings, or null where the functions take it.
    unsafe {
        let first = textdomain(x.as_ptr());
        assert_eq!(text(first), "x-domain");
        assert_eq!(textdomain(std::ptr::null()), first);
        assert_eq!(text(textdomain(empty.as_ptr())), "");
        limpet_syscall::set_errno(0);
        assert!(textdomain(long.as_ptr()).is_null());
        assert_eq!(limpet_syscall::errno(), limpet_abi::errno::EINVAL);
        assert_eq!(text(textdomain(std::ptr::null())), "");
        assert!(!textdomain(ok.as_ptr()).is_null());
        // The same name gives the same copy.
        assert_eq!(textdomain(x.as_ptr()), first);

        assert!(bindtextdomain(y.as_ptr(), std::ptr::null()).is_null());
        let da = bindtextdomain(y.as_ptr(), a.as_ptr());
        assert_eq!(text(da), "/a");
        assert_eq!(bindtextdomain(y.as_ptr(), std::ptr::null()), da);
        let db = bindtextdomain(y.as_ptr(), b.as_ptr());
        assert_eq!(text(db), "/b");
        // The old directory's copy stays valid.
        assert_eq!(text(da), "/a");
        assert_eq!(bindtextdomain(y.as_ptr(), b.as_ptr()), db);
        limpet_syscall::set_errno(0);
        assert!(bindtextdomain(y.as_ptr(), longdir.as_ptr()).is_null());
        assert_eq!(limpet_syscall::errno(), limpet_abi::errno::EINVAL);
        assert!(bindtextdomain(long.as_ptr(), a.as_ptr()).is_null());
        assert!(bindtextdomain(std::ptr::null(), a.as_ptr()).is_null());
        assert_eq!(text(bindtextdomain(empty.as_ptr(), a.as_ptr())), "/a");
        assert!(bind_textdomain_codeset(y.as_ptr(), c"UTF-8".as_ptr()).is_null());
        assert!(bind_textdomain_codeset(y.as_ptr(), std::ptr::null()).is_null());
    }
}

/// Sets of messages: (set, [(message, text)]), each sorted.
type Sets = [(i32, Vec<(i32, Vec<u8>)>)];

/// A catalog in NetBSD's format (what musl reads) of `sets`.
fn netbsd_catalog(sets: &Sets) -> Vec<u8> {
    let (mut set_hdrs, mut msg_hdrs, mut txt) = (Vec::new(), Vec::new(), Vec::new());
    let mut index = 0i32;
    for (set, msgs) in sets {
        for v in [*set, msgs.len() as i32, index] {
            set_hdrs.extend_from_slice(&v.to_be_bytes());
        }
        for (msg, t) in msgs {
            for v in [*msg, t.len() as i32 + 1, txt.len() as i32] {
                msg_hdrs.extend_from_slice(&v.to_be_bytes());
            }
            txt.extend_from_slice(t);
            txt.push(0);
            index += 1;
        }
    }
    let body_len = set_hdrs.len() + msg_hdrs.len() + txt.len();
    let mut out = Vec::new();
    for v in [0xff88ff89u32, sets.len() as u32, body_len as u32, set_hdrs.len() as u32, (set_hdrs.len() + msg_hdrs.len()) as u32] {
        out.extend_from_slice(&v.to_be_bytes());
    }
    out.extend(set_hdrs);
    out.extend(msg_hdrs);
    out.extend(txt);
    out
}

/// A catalog in glibc's format, written by Debian's gencat from `source`.
fn gencat(dir: &Path, name: &str, source: &str) -> PathBuf {
    let src = dir.join(format!("{name}.msg"));
    std::fs::write(&src, source).unwrap();
    let out = dir.join(format!("{name}.cat"));
    let st = Command::new("gencat").arg(&out).arg(&src).status().expect("gencat (Debian's libc-bin) must be installed");
    assert!(st.success());
    out
}

/// catgets' answer for (set, msg), or None for the default.
fn get(catd: crate::abi::nl_catd, set: i32, msg: i32) -> Option<String> {
    let dflt = c"<default>";
    // SAFETY: `catd` is open; the default is NUL-terminated.
    let r = unsafe { catgets(catd, set, msg, dflt.as_ptr()) };
    (r.cast_const() != dflt.as_ptr()).then(|| text(r))
}

fn open(path: &Path, oflag: i32) -> crate::abi::nl_catd {
    let p = c(path.to_str().unwrap());
    // SAFETY: a NUL-terminated name.
    unsafe { catopen(p.as_ptr(), oflag) }
}

#[test]
fn catgets_both_formats() {
    let _g = serial();
    let dir = test_dir("catgets");
    // Sets and messages with gaps, large numbers, and every id checked for presence.
    let mut sets = Vec::new();
    let mut source = String::new();
    for set in [1, 2, 7, 300, 30000] {
        source += &format!("$set {set}\n");
        let mut msgs = Vec::new();
        for msg in [1, 2, 3, 10, 99, 1000, 32000] {
            let t = format!("s{set}m{msg}");
            source += &format!("{msg} {t}\n");
            msgs.push((msg, t.into_bytes()));
        }
        sets.push((set, msgs));
    }
    let glibc_le = gencat(&dir, "g", &source);
    let netbsd = dir.join("n.cat");
    std::fs::write(&netbsd, netbsd_catalog(&sets)).unwrap();
    // glibc's format as a big-endian machine writes it: header and first table swapped.
    let le = std::fs::read(&glibc_le).unwrap();
    let mut be = le.clone();
    let words = 3 + 2 * (u32::from_le_bytes(le[4..8].try_into().unwrap()) * u32::from_le_bytes(le[8..12].try_into().unwrap()) * 3) as usize;
    for w in 0..words {
        be[w * 4..w * 4 + 4].reverse();
    }
    let glibc_be = dir.join("gbe.cat");
    std::fs::write(&glibc_be, be).unwrap();
    for path in [&glibc_le, &netbsd, &glibc_be] {
        let catd = open(path, 0);
        assert_ne!(catd, CATD_ERROR, "{path:?}");
        for set in [-1, 0, 1, 2, 3, 7, 8, 300, 30000, i32::MAX] {
            for msg in [-5, 0, 1, 2, 3, 4, 10, 99, 100, 1000, 32000, i32::MAX] {
                let present = [1, 2, 7, 300, 30000].contains(&set) && [1, 2, 3, 10, 99, 1000, 32000].contains(&msg);
                limpet_syscall::set_errno(0);
                let got = get(catd, set, msg);
                assert_eq!(got, present.then(|| format!("s{set}m{msg}")), "{path:?} {set} {msg}");
                if !present {
                    assert_eq!(limpet_syscall::errno(), limpet_abi::errno::ENOMSG);
                }
            }
        }
        // SAFETY: `catd` is open and closed once.
        assert_eq!(unsafe { catclose(catd) }, 0);
    }
    // SAFETY: the error handle is refused without being followed.
    unsafe {
        assert_eq!(catclose(CATD_ERROR), -1);
        assert_eq!(get(CATD_ERROR, 1, 1), None);
    }
}

#[test]
fn corrupt_message_catalogs_are_refused() {
    let _g = serial();
    let dir = test_dir("catcorrupt");
    let glibc = std::fs::read(gencat(&dir, "g", "$set 1\n1 one\n2 two\n$set 2\n5 five\n")).unwrap();
    let netbsd = netbsd_catalog(&[(1, vec![(1, b"one".to_vec()), (2, b"two".to_vec())]), (2, vec![(5, b"five".to_vec())])]);
    let path = dir.join("bad.cat");
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    for whole in [&glibc, &netbsd] {
        // Every truncation: refused, or (where only text after the last NUL is lost, which
        // the formats allow) answering only with messages inside the file.
        for len in 0..whole.len() {
            std::fs::write(&path, &whole[..len]).unwrap();
            let catd = open(&path, 0);
            if catd != CATD_ERROR {
                assert!(len >= whole.len() - 1);
                // SAFETY: open, closed once.
                unsafe { catclose(catd) };
            } else {
                assert_eq!(limpet_syscall::errno(), limpet_abi::errno::ENOENT);
            }
        }
        // Random corruption: whatever opens answers every query without a crash.
        for _ in 0..2000 {
            let mut bad = whole.clone();
            for _ in 0..3 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let at = (x as usize) % bad.len();
                bad[at] = (x >> 32) as u8;
            }
            std::fs::write(&path, &bad).unwrap();
            let catd = open(&path, 0);
            if catd != CATD_ERROR {
                for set in 0..4 {
                    for msg in 0..7 {
                        let _ = get(catd, set, msg);
                    }
                }
                // SAFETY: open, closed once.
                unsafe { catclose(catd) };
            }
        }
    }
}

#[test]
fn nlspath_search() {
    let _g = serial();
    let dir = test_dir("nlspath");
    let cat = netbsd_catalog(&[(1, vec![(1, b"found".to_vec())])]);
    for sub in ["de_DE.UTF-8", "de/DE/UTF-8", "fr_FR", "plain"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
        std::fs::write(dir.join(sub).join("app.cat"), &cat).unwrap();
    }
    std::fs::write(dir.join("plain/junk.cat"), b"not a catalog").unwrap();
    let d = dir.to_str().unwrap();
    let try_open = |nlspath: Option<&str>, lang: Option<&str>, oflag: i32, name: &str| -> bool {
        set_env("NLSPATH", nlspath);
        set_env("LANG", lang);
        let n = c(name);
        // SAFETY: a NUL-terminated name.
        let catd = unsafe { catopen(n.as_ptr(), oflag) };
        if catd == CATD_ERROR {
            assert_eq!(limpet_syscall::errno(), limpet_abi::errno::ENOENT);
            return false;
        }
        assert_eq!(get(catd, 1, 1).as_deref(), Some("found"));
        // SAFETY: open, closed once.
        unsafe { catclose(catd) };
        true
    };
    set_locale("C");
    assert!(!try_open(None, Some("de_DE.UTF-8"), 0, "app"));
    assert!(try_open(Some(&format!("{d}/%L/%N.cat")), Some("de_DE.UTF-8"), 0, "app"));
    assert!(try_open(Some(&format!("{d}/%l/%t/%c/%N.cat")), Some("de_DE.ISO-8859-1"), 0, "app"));
    assert!(!try_open(Some(&format!("{d}/%L/%N.cat")), None, 0, "app"));
    assert!(try_open(Some(&format!("{d}/nothing/%N:{d}/plain/junk.cat:{d}/%q/%N:{d}/plain/%N.cat")), None, 0, "app"));
    assert!(try_open(Some(&format!("{d}/plain/%N%%.cat:{d}/plain/%N.cat%")), None, 0, "app"));
    // With NL_CAT_LOCALE the locale is LC_MESSAGES's, not LANG's.
    set_locale("fr_FR");
    assert!(try_open(Some(&format!("{d}/%L/%N.cat")), Some("xx"), NL_CAT_LOCALE, "app"));
    assert!(!try_open(Some(&format!("{d}/%L/%N.cat")), Some("xx"), 0, "app"));
    // A name with a slash is a path; an empty template is the name.
    assert!(try_open(None, None, 0, &format!("{d}/plain/app.cat")));
    assert!(!try_open(None, None, 0, &format!("{d}/plain/junk.cat")));
    let cwd = std::env::current_dir().unwrap();
    std::env::set_current_dir(dir.join("plain")).unwrap();
    assert!(try_open(Some(":/nonexistent"), None, 0, "app.cat"));
    std::env::set_current_dir(cwd).unwrap();
    set_env("NLSPATH", None);
    set_env("LANG", None);
    set_locale("C");
}

/// The oracle of [`variant_order_against_glibc`]: for each domain named on the command
/// line after the directory, glibc's translation of "hello".
const VARIANT_ORACLE_C: &str = r#"
#include <libintl.h>
#include <locale.h>
#include <stdio.h>
int main(int argc, char **argv) {
	setlocale(LC_ALL, "");
	for (int i = 2; i < argc; i++) {
		bindtextdomain(argv[i], argv[1]);
		printf("%s\n", dgettext(argv[i], "hello"));
	}
	return 0;
}
"#;

/// Differential test against glibc's gettext: for LANGUAGE entries with every part, and
/// 200 random sets of the catalog directories their variants name, the catalog limpet
/// chooses is glibc's. (glibc translates through LANGUAGE in C.UTF-8 without an installed
/// locale; limpet, in musl's model, translates in any locale but C, so it runs in "xx".)
#[test]
fn variant_order_against_glibc() {
    let _g = serial();
    let dir = test_dir("oracle-variants");
    let src = dir.join("oracle.c");
    std::fs::write(&src, VARIANT_ORACLE_C).unwrap();
    let exe = dir.join("oracle");
    assert!(Command::new("gcc").arg("-o").arg(&exe).arg(&src).status().expect("gcc must be installed").success());
    let languages = ["de_DE.UTF-8@euro", "de_DE.ISO-8859-1", "sr_RS@latin", "pt_BR.utf8", "de.UTF-8"];
    let mut x: u64 = 0x0123_4567_89ab_cdef;
    let mut cases = Vec::new();
    for round in 0..200 {
        let language = languages[round % languages.len()];
        let mut all = Vec::new();
        crate::names::for_each_variant::<()>(language.as_bytes(), |v| {
            all.push(String::from_utf8(v.concat()).unwrap());
            None
        });
        let domain = format!("v{round}");
        for v in &all {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if x.is_multiple_of(3) {
                msgfmt(&dir, v, "LC_MESSAGES", &domain, &po(v, None), &[]);
            }
        }
        cases.push((language, domain));
    }
    set_locale("xx");
    let mut chosen = 0;
    for language in languages {
        let domains: Vec<&String> = cases.iter().filter(|(l, _)| *l == language).map(|(_, d)| d).collect();
        let out = Command::new(&exe)
            .arg(&dir)
            .args(&domains)
            .env_clear()
            .env("LC_ALL", "C.UTF-8")
            .env("LANGUAGE", language)
            .output()
            .unwrap();
        let want: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
        assert_eq!(want.len(), domains.len());
        set_env("LANGUAGE", Some(language));
        for (domain, want) in domains.iter().zip(want) {
            let (d, hello) = (c(domain), c("hello"));
            bind(domain, &dir);
            // SAFETY: NUL-terminated strings.
            let got = text(unsafe { dgettext(d.as_ptr(), hello.as_ptr()) });
            assert_eq!(got, want, "LANGUAGE={language} domain {domain}");
            chosen += usize::from(want != "hello");
        }
    }
    set_env("LANGUAGE", None);
    // Most sets hold at least one of the variants.
    assert!(chosen > 150, "{chosen}");
}

/// Threads that race to load the same catalogs (each domain's first lookups happen at
/// once in all of them) all get the translations, and each path gets one record.
#[test]
fn concurrent_first_lookups() {
    let _g = serial();
    set_env("LANGUAGE", None);
    let dir = test_dir("threads");
    let domains: Vec<String> = (0..8).map(|i| format!("thr{i}")).collect();
    for d in &domains {
        msgfmt(&dir, "de", "LC_MESSAGES", d, &po(d, None), &[]);
        bind(d, &dir);
    }
    set_locale("de_DE");
    let barrier = std::sync::Barrier::new(4);
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                barrier.wait();
                for round in 0..200 {
                    for d in &domains {
                        let (dc, hello) = (c(d), c("hello"));
                        // SAFETY: NUL-terminated strings.
                        let got = text(unsafe { dgettext(dc.as_ptr(), hello.as_ptr()) });
                        assert_eq!(got, format!("hello-{d}"), "round {round}");
                    }
                }
            });
        }
    });
    // One record per path: the two variants tried (de_DE, de) for each domain.
    let mut paths = std::collections::HashMap::new();
    for p in crate::loaded::paths() {
        *paths.entry(p).or_insert(0) += 1;
    }
    for d in &domains {
        for lang in ["de_DE", "de"] {
            let p = format!("{}/{lang}/LC_MESSAGES/{d}.mo", dir.display());
            assert_eq!(paths.get(&p), Some(&1), "{p}");
        }
    }
}
