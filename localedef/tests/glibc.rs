//! The compiled de_DE, fr_FR, ja_JP and ru_RU (UTF-8) against glibc's own: every
//! `nl_langinfo` item limpet compiles and every `localeconv` member, glibc's read through
//! its `newlocale`/`nl_langinfo_l`/`localeconv` with `LOCPATH` pointing at locales glibc's
//! `localedef` compiled from the same sources. Skipped (with a message) without Debian's
//! locale sources or glibc's `localedef`.
use core::ffi::{CStr, c_char, c_int, c_void};
use std::path::Path;
use std::process::Command;

use limpet_locale::abi::Lconv;
use limpet_locale::compiled::format::{self, File};
use limpet_locale::compiled::load;
use limpet_localedef::{SOURCE_DIR, compile_file};

unsafe extern "C" {
    fn newlocale(mask: c_int, name: *const c_char, base: *mut c_void) -> *mut c_void;
    fn nl_langinfo_l(item: c_int, loc: *mut c_void) -> *const c_char;
    fn uselocale(loc: *mut c_void) -> *mut c_void;
    fn localeconv() -> *const Lconv;
}

/// glibc's `LC_ALL_MASK` (its categories past `LC_MESSAGES` included; bit 6, `LC_ALL`, not).
const GLIBC_LC_ALL_MASK: c_int = 0x1fbf;
/// The `nl_item`s of the lists, whose strings follow one another.
const ERA: c_int = 0x2002C;
const ALT_DIGITS: c_int = 0x2002F;
/// The unnamed `LC_TIME` index between `ERA` and `ERA_D_FMT`.
const UNNAMED: c_int = 0x2002D;

/// The strings of the list at `p`, up to an empty one (at most `max`).
///
/// # Safety
/// `p` leads to `max` NUL-terminated strings or a list that ends sooner.
unsafe fn list(mut p: *const c_char, max: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    while out.len() < max {
        // SAFETY: by the caller's contract.
        let s = unsafe { CStr::from_ptr(p) }.to_bytes();
        if s.is_empty() {
            break;
        }
        out.push(s.to_vec());
        // SAFETY: the next string starts after this one's NUL.
        p = unsafe { p.add(s.len() + 1) };
    }
    out
}

/// Compares the string members of two `lconv`s, and the `char` ones, noting differences
/// in `bad`.
///
/// # Safety
/// Both structs' pointers lead to NUL-terminated strings.
unsafe fn same_lconv(name: &str, ours: &Lconv, theirs: &Lconv, bad: &mut Vec<String>) {
    let strings = |l: &Lconv| {
        [l.decimal_point, l.thousands_sep, l.grouping, l.int_curr_symbol, l.currency_symbol, l.mon_decimal_point, l.mon_thousands_sep, l.mon_grouping, l.positive_sign, l.negative_sign]
            // SAFETY: by the caller's contract.
            .map(|p| unsafe { CStr::from_ptr(p) }.to_bytes().to_vec())
    };
    let chars = |l: &Lconv| {
        [l.int_frac_digits, l.frac_digits, l.p_cs_precedes, l.p_sep_by_space, l.n_cs_precedes, l.n_sep_by_space, l.p_sign_posn, l.n_sign_posn, l.int_p_cs_precedes, l.int_p_sep_by_space, l.int_n_cs_precedes, l.int_n_sep_by_space, l.int_p_sign_posn, l.int_n_sign_posn]
    };
    if strings(ours) != strings(theirs) {
        bad.push(format!("{name}: lconv strings {:?} (glibc {:?})", strings(ours), strings(theirs)));
    }
    if chars(ours) != chars(theirs) {
        bad.push(format!("{name}: lconv numbers {:?} (glibc {:?})", chars(ours), chars(theirs)));
    }
}

#[test]
fn four_locales_match_glibc() {
    let src = Path::new(SOURCE_DIR);
    if !src.join("de_DE").is_file() || Command::new("localedef").arg("--help").output().is_err() {
        eprintln!("skipped: needs {SOURCE_DIR} and glibc's localedef (Debian's `locales`)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("limpet-localedef-glibc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // LIMPET_VS_GLIBC names more sources (comma-separated) to compare the same way.
    let more = std::env::var("LIMPET_VS_GLIBC").unwrap_or_default();
    let mut locales = vec!["de_DE", "fr_FR", "ja_JP", "ru_RU"];
    locales.extend(more.split(',').filter(|s| !s.is_empty()));
    let mut compiled = Vec::new();
    for l in locales {
        let st = Command::new("localedef").args(["-i", l, "-f", "UTF-8"]).arg(dir.join(format!("{l}.UTF-8"))).stderr(std::process::Stdio::null()).status().unwrap();
        // Status 1 is "compiled, with warnings"; glibc refuses a few sources outright.
        if st.success() || st.code() == Some(1) {
            compiled.push(l);
        } else {
            assert!(more.contains(l), "glibc's localedef failed for {l}");
            eprintln!("glibc's localedef refuses {l}: not compared");
        }
    }
    let locales = compiled;
    // SAFETY: set before glibc reads it (the first newlocale below); this test binary's
    // other test does not touch the environment.
    unsafe { std::env::set_var("LOCPATH", &dir) };
    let mut items: Vec<(c_int, usize)> = vec![(0x10000, format::NUMERIC), (0x10001, format::NUMERIC + 1), (0x4000F, format::MONETARY + format::CRNCYSTR)];
    items.extend((0..format::TIME_ITEMS as c_int).map(|i| (0x20000 + i, format::TIME + i as usize)));
    items.extend((0..format::MESSAGES_ITEMS as c_int).map(|i| (0x50000 + i, format::MESSAGES + i as usize)));
    let mut bad = Vec::new();
    for &l in &locales {
        // Leaked: `lconv` takes a file that lives for ever, as a mapped one does.
        let bytes: &'static [u8] = Vec::leak(compile_file(&src.join(l), &[]).unwrap());
        let f = File::parse(bytes).unwrap();
        if l == "de_DE" {
            // What the comparison compares: German, not the C locale's.
            assert_eq!((f.slot(format::TIME + 7), f.slot(format::NUMERIC)), (c"Sonntag", c","));
        }
        let name = std::ffi::CString::new(format!("{l}.UTF-8")).unwrap();
        // SAFETY: a valid name; the result is checked.
        let g = unsafe { newlocale(GLIBC_LC_ALL_MASK, name.as_ptr(), core::ptr::null_mut()) };
        if g.is_null() {
            // glibc's localedef writes some fragments (i18n_ctype) that its newlocale
            // then refuses: nothing to compare with.
            assert!(more.contains(l), "glibc has no {l}.UTF-8");
            eprintln!("glibc's newlocale refuses {l}: not compared");
            continue;
        }
        for &(item, slot) in &items {
            if item == UNNAMED {
                continue;
            }
            // SAFETY: `g` is a live glibc locale; glibc's strings live as long as it.
            let theirs = unsafe { nl_langinfo_l(item, g) };
            if item == ERA || item == ALT_DIGITS {
                // SAFETY: both are lists: glibc's as many strings as ours has, or ends
                // with an empty one where it has none.
                let (a, b) = unsafe { (list(f.slot(slot).as_ptr(), usize::MAX), list(theirs, usize::MAX)) };
                let n = a.len();
                if a != b[..n.min(b.len())] {
                    bad.push(format!("{l}: list item {item:#x}: {a:?} (glibc {b:?})"));
                }
                continue;
            }
            // SAFETY: as above.
            let theirs = unsafe { CStr::from_ptr(theirs) };
            if f.slot(slot) != theirs {
                bad.push(format!("{l}: item {item:#x}: {:?} (glibc {theirs:?})", f.slot(slot)));
            }
        }
        // SAFETY: `g` is live; localeconv's struct stays valid until the next call.
        unsafe {
            let old = uselocale(g);
            let theirs = &*localeconv();
            same_lconv(l, &load::lconv(Some(&f), Some(&f)), theirs, &mut bad);
            uselocale(old);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    for b in &bad {
        eprintln!("{b}");
    }
    assert!(bad.is_empty(), "{} differences from glibc in {} locales", bad.len(), locales.len());
}
