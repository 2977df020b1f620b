//! printf and strfmon in glibc's de_DE, fr_FR, ja_JP and ru_RU, compared with glibc's own
//! output for many generated values: the conventions (radix, separators, grouping, the
//! monetary fields) are glibc's, read from its `localeconv`, so these check how limpet
//! formats with a locale's conventions whether or not limpet's compiled locales exist.
//! Where limpet follows POSIX and glibc does not, the case is left out here and asserted in
//! the unit tests (`money.rs`'s, `format.rs`'s precision with `'`).
use core::ffi::{CStr, c_char, c_void};

use limpet_locale::abi::Lconv;

use crate::printf::numeric::tests::{CONVENTIONS, Conventions};
use crate::printf::{Arg, ArgList, Sink, format};

#[path = "../../../tests/locale/glibc.rs"]
mod glibc;
use glibc::Rng;

unsafe extern "C" {
    fn snprintf(s: *mut c_char, n: usize, f: *const c_char, ...) -> c_int;
    fn strfmon_l(s: *mut c_char, n: usize, loc: *mut c_void, f: *const c_char, ...) -> isize;
}
use core::ffi::c_int;

struct V(Vec<u8>);

impl Sink for V {
    fn write(&mut self, b: &[u8]) {
        self.0.extend_from_slice(b);
    }
}

fn ours(f: &str, a: Arg<'_>) -> Vec<u8> {
    let mut v = V(Vec::new());
    // SAFETY: one argument of the class the conversion reads.
    unsafe { format(f.as_bytes(), &mut ArgList::new(&[a]), &mut v) }.unwrap();
    v.0
}

fn static_bytes(p: *const c_char) -> &'static [u8] {
    // SAFETY: glibc's lconv strings live as long as its locale object, which is never freed.
    unsafe { CStr::from_ptr(p) }.to_bytes()
}

/// A double of a random magnitude (10^-8 to 10^20, both signs), or an integer-valued one.
fn value(r: &mut Rng) -> f64 {
    let m = (r.next() >> 11) as f64 / (1u64 << 53) as f64;
    let e = r.below(29) as i32 - 8;
    let x = m * 10f64.powi(e);
    let x = if r.below(4) == 0 { x.round() } else { x };
    if r.below(2) == 0 { -x } else { x }
}

const FLOAT_FORMATS: [&str; 14] =
    ["%'.3f", "%'f", "%'.0f", "%'#.0f", "%'g", "%'.12g", "%e", "%.3e", "%'20.2f", "%'-20.2f|", "%'+.2f", "%'020.2f", "%a", "%.2f"];
const INT_FORMATS: [&str; 5] = ["%'d", "%'i", "%'12d", "%'-12d|", "%'012d"];

/// Whether a format has a field width. glibc pads a grouped number to a width in
/// characters, not bytes, when the separator is multibyte (fr_FR's and ru_RU's U+202F);
/// POSIX's widths are bytes, which limpet keeps, so those cases are checked in
/// `widths_are_bytes` instead.
fn has_width(f: &str) -> bool {
    f[1..].trim_start_matches(['\'', '-', '+', '#', ' ', '0']).starts_with(|c: char| c.is_ascii_digit())
}

#[test]
fn widths_are_bytes() {
    let nnbsp = "\u{202f}".as_bytes();
    CONVENTIONS.set(Some((b",", nnbsp, &[3])));
    assert_eq!(ours("%'14.2f", Arg::F64(-1234.5)), "   -1\u{202f}234,50".as_bytes());
    assert_eq!(ours("%'015d", Arg::Int(1234567)), "001\u{202f}234\u{202f}567".as_bytes());
    CONVENTIONS.set(None);
}

/// printf's conversions of `rounds` generated values with `conventions`, against glibc's
/// in `loc`; the count compared.
fn printf_rounds(name: &str, loc: *mut c_void, conventions: Conventions, rounds: usize) -> usize {
    let mut checked = 0;
    CONVENTIONS.set(Some(conventions));
    let multibyte_sep = conventions.1.len() > 1;
    let mut r = Rng(0x9e37_79b9_7f4a_7c15 ^ name.len() as u64);
    let mut buf = [0u8; 512];
    for _ in 0..rounds {
        let x = value(&mut r);
        for f in FLOAT_FORMATS {
            if multibyte_sep && has_width(f) {
                continue;
            }
            let cf = std::ffi::CString::new(f).unwrap();
            // SAFETY: a buffer of 512 bytes, a format with one double.
            let n = glibc::with(loc, || unsafe { snprintf(buf.as_mut_ptr().cast(), buf.len(), cf.as_ptr(), x) });
            assert_eq!(ours(f, Arg::F64(x)), &buf[..n as usize], "{name} {f} {x:e}");
            checked += 1;
        }
        let i = (r.next() as i64) >> r.below(64);
        for f in INT_FORMATS {
            if multibyte_sep && has_width(f) {
                continue;
            }
            let cf = std::ffi::CString::new(f).unwrap();
            // SAFETY: as above, with one int.
            let n = glibc::with(loc, || unsafe { snprintf(buf.as_mut_ptr().cast(), buf.len(), cf.as_ptr(), i as c_int) });
            assert_eq!(ours(f, Arg::Int(i as c_int as i64)), &buf[..n as usize], "{name} {f} {i}");
            checked += 1;
        }
    }
    CONVENTIONS.set(None);
    checked
}

/// The `LC_NUMERIC` conventions printf takes from `l`.
fn conventions(l: &Lconv) -> Conventions {
    (static_bytes(l.decimal_point), static_bytes(l.thousands_sep), static_bytes(l.grouping))
}

#[test]
fn printf_in_glibc_locales_as_glibc() {
    let Some(locales) = glibc::all("printf_in_glibc_locales_as_glibc") else { return };
    let mut checked = 0;
    for (name, loc) in locales {
        // SAFETY: glibc's lconv has musl's layout.
        let l: Lconv = unsafe { glibc::lconv::<Lconv>(loc) };
        checked += printf_rounds(name, loc, conventions(&l), glibc::rounds(25_000));
    }
    eprintln!("printf in glibc's locales: {checked} conversions agree");
}

/// The same with the conventions of limpet's own compilations of the four locales.
#[test]
fn printf_in_limpet_locales_as_glibc() {
    let Some(locales) = glibc::both("printf_in_limpet_locales_as_glibc") else { return };
    let mut checked = 0;
    for (name, loc, ours_loc) in locales {
        let l = limpet_locale::localeconv::of(ours_loc);
        assert_eq!(limpet_locale::localeconv::radix(ours_loc), static_bytes(l.decimal_point), "{name}");
        checked += printf_rounds(name, loc, conventions(l), glibc::rounds(10_000));
    }
    eprintln!("printf in limpet's locales: {checked} conversions agree with glibc's");
}

/// strfmon formats without `(` together with a left precision (there limpet pads the
/// positive form at both ends, as POSIX asks, glibc only in front).
const MONEY_FORMATS: [&str; 22] = [
    "%n", "%i", "%#5n", "%#5i", "%=0#5n", "%=*#8n", "%^#5n", "%^n", "%!n", "%!i", "%!#5n", "%(n", "%(i", "%+n", "%12n", "%-12n|",
    "%12#3n", "%#3.1n", "%.3i", "%.0n", "%20#6.4i", "%-25#6i|",
];

/// strfmon's conversions of `rounds` generated values with the conventions `l`, against
/// glibc's in `loc`; the count compared.
fn strfmon_rounds(name: &str, loc: *mut c_void, l: &Lconv, rounds: usize) -> usize {
    let mut checked = 0;
    let mut r = Rng(0x2545_f491_4f6c_dd1d ^ name.len() as u64);
    let mut theirs = [0u8; 512];
    let mut mine = [0u8; 512];
    for _ in 0..rounds {
        let x = value(&mut r);
        // glibc lays -0 out as a positive amount and lets printf's "-0" into its digits;
        // limpet shows 0 (`money.rs`).
        if x == 0.0 {
            continue;
        }
        for f in MONEY_FORMATS {
            let cf = std::ffi::CString::new(f).unwrap();
            // SAFETY: a 512-byte buffer, one double.
            let n = unsafe { strfmon_l(theirs.as_mut_ptr().cast(), theirs.len(), loc, cf.as_ptr(), x) };
            let k = crate::strfmon::format(&mut mine, f.as_bytes(), &mut ArgList::new(&[Arg::F64(x)]), l);
            assert_eq!(k.ok().map(|k| &mine[..k]), (n >= 0).then(|| &theirs[..n as usize]), "{name} {f} {x:e}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn strfmon_in_glibc_locales_as_glibc() {
    let Some(locales) = glibc::all("strfmon_in_glibc_locales_as_glibc") else { return };
    let mut checked = 0;
    for (name, loc) in locales {
        // SAFETY: glibc's lconv has musl's layout.
        let l: Lconv = unsafe { glibc::lconv::<Lconv>(loc) };
        checked += strfmon_rounds(name, loc, &l, glibc::rounds(20_000));
    }
    eprintln!("strfmon in glibc's locales: {checked} conversions agree");
}

/// The same with limpet's own compilations of the four locales (their `localeconv`).
#[test]
fn strfmon_in_limpet_locales_as_glibc() {
    let Some(locales) = glibc::both("strfmon_in_limpet_locales_as_glibc") else { return };
    let mut checked = 0;
    for (name, loc, ours_loc) in locales {
        checked += strfmon_rounds(name, loc, limpet_locale::localeconv::of(ours_loc), glibc::rounds(10_000));
    }
    eprintln!("strfmon in limpet's locales: {checked} conversions agree with glibc's");
}
