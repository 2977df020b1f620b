//! strftime in glibc's de_DE, fr_FR, ja_JP and ru_RU against glibc's own `strftime_l`: every
//! conversion musl and glibc share, for dates across four centuries. The names and formats
//! are glibc's (its `nl_langinfo_l`, through the `names::tests::STRINGS` hook), so this
//! checks how limpet formats with a locale's `LC_TIME` whether or not limpet's compiled
//! locales exist. The `E` and `O` modifiers are left out: limpet ignores them, as musl does
//! (no eras, no alternative digits), where glibc uses ja_JP's.
use core::ffi::{c_char, c_void};
use std::cell::Cell;

use limpet_locale::abi::nl_item;

use crate::abi::Tm;
use crate::strftime::{Ctx, format};

#[path = "../../../tests/locale/glibc.rs"]
mod glibc;
use glibc::Rng;

unsafe extern "C" {
    fn strftime_l(s: *mut c_char, n: usize, f: *const c_char, tm: *const Tm, loc: *mut c_void) -> usize;
}

thread_local! {
    static GLIBC_LOCALE: Cell<*mut c_void> = const { Cell::new(core::ptr::null_mut()) };
}

fn glibc_item(item: nl_item) -> &'static [u8] {
    glibc::langinfo(item, GLIBC_LOCALE.get()).to_bytes()
}

/// Each conversion alone, then the ones the bench and the C tests use together.
const FORMATS: &[&str] = &[
    "%a", "%A", "%b", "%B", "%c", "%C", "%d", "%D", "%e", "%F", "%g", "%G", "%h", "%H", "%I", "%j", "%m", "%M", "%n", "%p", "%r",
    "%R", "%S", "%t", "%T", "%u", "%U", "%V", "%w", "%W", "%x", "%X", "%y", "%Y", "%%", "%A %B", "%c|%x|%X", "%-d.%-m.",
    "%_H", "%a, %d %b %Y %H:%M:%S %z",
];

#[test]
fn strftime_in_glibc_locales_as_glibc() {
    let Some(locales) = glibc::all("strftime_in_glibc_locales_as_glibc") else { return };
    crate::names::tests::STRINGS.set(Some(glibc_item));
    let mut checked = 0;
    for (name, loc) in locales {
        GLIBC_LOCALE.set(loc);
        let mut r = Rng(0x5851_f42d_4c95_7f2d ^ name.len() as u64);
        let (mut ours, mut theirs) = ([0u8; 400], [0u8; 400]);
        for _ in 0..glibc::rounds(4_000) {
            // 1800 to 2200.
            let t = (r.below(400 * 365 * 86_400) as i64) - 170 * 365 * 86_400;
            let mut tm = Tm::ZERO;
            // SAFETY: valid pointers.
            unsafe { crate::gmtime::gmtime_r(&t, &mut tm) };
            for f in FORMATS {
                let cf = std::ffi::CString::new(*f).unwrap();
                let n = format(&mut ours, cf.as_bytes_with_nul(), &tm, Ctx::new(&limpet_locale::object::C_LOCALE));
                // SAFETY: a 400-byte buffer, a valid format and tm, a live glibc locale.
                let m = unsafe { strftime_l(theirs.as_mut_ptr().cast(), theirs.len(), cf.as_ptr(), &tm, loc) };
                assert_eq!(String::from_utf8_lossy(&ours[..n]), String::from_utf8_lossy(&theirs[..m]), "{name} {f} {t}");
                checked += 1;
            }
        }
    }
    crate::names::tests::STRINGS.set(None);
    eprintln!("strftime in glibc's locales: {checked} conversions agree");
}

/// The same with limpet's own compilations of the four locales (limpet-localedef from the
/// same Debian sources), through `strftime_l`'s path.
#[test]
fn strftime_in_limpet_locales_as_glibc() {
    let Some(locales) = glibc::both("strftime_in_limpet_locales_as_glibc") else { return };
    let mut checked = 0;
    for (name, loc, ours_loc) in locales {
        let mut r = Rng(0x6a09_e667_f3bc_c909 ^ name.len() as u64);
        let (mut ours, mut theirs) = ([0u8; 400], [0u8; 400]);
        for _ in 0..glibc::rounds(2_000) {
            let t = (r.below(400 * 365 * 86_400) as i64) - 170 * 365 * 86_400;
            let mut tm = Tm::ZERO;
            // SAFETY: valid pointers.
            unsafe { crate::gmtime::gmtime_r(&t, &mut tm) };
            for f in FORMATS {
                let cf = std::ffi::CString::new(*f).unwrap();
                let n = format(&mut ours, cf.as_bytes_with_nul(), &tm, Ctx::new(ours_loc));
                // SAFETY: a 400-byte buffer, a valid format and tm, a live glibc locale.
                let m = unsafe { strftime_l(theirs.as_mut_ptr().cast(), theirs.len(), cf.as_ptr(), &tm, loc) };
                assert_eq!(String::from_utf8_lossy(&ours[..n]), String::from_utf8_lossy(&theirs[..m]), "{name} {f} {t}");
                checked += 1;
            }
        }
    }
    eprintln!("strftime in limpet's locales: {checked} conversions agree with glibc's");
}

/// strptime reads back what strftime writes in each of glibc's four locales: the names,
/// `%x`, `%X` and `%r` (where the locale has AM and PM strings), with glibc's strings.
#[test]
fn strptime_reads_strftime_in_glibc_locales() {
    let Some(locales) = glibc::all("strptime_reads_strftime_in_glibc_locales") else { return };
    crate::names::tests::STRINGS.set(Some(glibc_item));
    let mut checked = 0;
    for (name, loc) in locales {
        GLIBC_LOCALE.set(loc);
        let has_ampm = !glibc_item(limpet_locale::abi::AM_STR).is_empty();
        let fmt: &[u8] = if has_ampm { b"%A|%B|%a|%b|%x|%r\0" } else { b"%A|%B|%a|%b|%x|%X\0" };
        let mut r = Rng(0xbb67_ae85_84ca_a73b ^ name.len() as u64);
        for _ in 0..glibc::rounds(2_000) {
            let t = (r.below(200 * 365 * 86_400) as i64) - 20 * 365 * 86_400;
            let mut tm = Tm::ZERO;
            // SAFETY: valid pointers.
            unsafe { crate::gmtime::gmtime_r(&t, &mut tm) };
            let mut text = [0u8; 400];
            let n = format(&mut text, fmt, &tm, Ctx::new(&limpet_locale::object::C_LOCALE));
            assert!(n > 0, "{name}");
            let mut back = Tm::ZERO;
            // SAFETY: NUL-terminated input and format, a writable tm.
            let end = unsafe { crate::strptime::strptime(text.as_ptr().cast(), fmt.as_ptr().cast(), &mut back) };
            let shown = String::from_utf8_lossy(&text[..n]);
            assert!(!end.is_null(), "{name} {shown}");
            let fields = |t: &Tm| (t.tm_wday, t.tm_mon, t.tm_mday, t.tm_year % 100, t.tm_hour, t.tm_min, t.tm_sec);
            assert_eq!(fields(&back), fields(&tm), "{name} {shown}");
            checked += 1;
        }
    }
    crate::names::tests::STRINGS.set(None);
    eprintln!("strptime in glibc's locales: {checked} dates read back");
}
