//! `<wctype.h>`: the wide classes `iswalnum` ... `iswxdigit`, `towlower`/`towupper`,
//! `wctype`/`iswctype`, `wctrans`/`towctrans`, and their `_l` and `__*_l` forms. The sets and
//! mappings are musl's, for every code point: the small ones are stated here, the Unicode ones
//! come from tables measured on musl (`wide_tables.rs`, made by `gen/`). WEOF and values above
//! 0x10FFFF belong to no class and map to themselves.
use core::ffi::{c_char, c_int};

use crate::LocaleT;
use crate::wide_tables::{ALPHA, GRAPH, LOWER, PRINT, PUNCT, TOLOWER, TOUPPER, UPPER};

/// `wint_t`.
pub type WintT = u32;

fn blank(c: WintT) -> bool {
    c == ' ' as u32 || c == '\t' as u32
}

fn cntrl(c: WintT) -> bool {
    // C0, DEL and C1; LINE and PARAGRAPH SEPARATOR; the interlinear annotation characters.
    c < 0x20 || (0x7f..=0x9f).contains(&c) || c == 0x2028 || c == 0x2029 || (0xfff9..=0xfffb).contains(&c)
}

fn digit(c: WintT) -> bool {
    (b'0' as u32..=b'9' as u32).contains(&c)
}

fn space(c: WintT) -> bool {
    // ASCII white space, NEL, the typographic spaces except the no-break U+2007, the line and
    // paragraph separators, MEDIUM MATHEMATICAL SPACE and IDEOGRAPHIC SPACE.
    c == ' ' as u32
        || (0x09..=0x0d).contains(&c)
        || c == 0x85
        || (0x2000..=0x2006).contains(&c)
        || (0x2008..=0x200a).contains(&c)
        || c == 0x2028
        || c == 0x2029
        || c == 0x205f
        || c == 0x3000
}

fn xdigit(c: WintT) -> bool {
    char::from_u32(c).is_some_and(|ch| ch.is_ascii_hexdigit())
}

/// Whether `c` is in one of the sorted inclusive `ranges`.
fn in_ranges(ranges: &[(u32, u32)], c: WintT) -> bool {
    let i = ranges.partition_point(|r| r.1 < c);
    ranges.get(i).is_some_and(|r| r.0 <= c)
}

fn alpha(c: WintT) -> bool {
    in_ranges(&ALPHA, c)
}
fn alnum(c: WintT) -> bool {
    digit(c) || alpha(c)
}
fn graph(c: WintT) -> bool {
    in_ranges(&GRAPH, c)
}
fn lower(c: WintT) -> bool {
    in_ranges(&LOWER, c)
}
fn print(c: WintT) -> bool {
    in_ranges(&PRINT, c)
}
fn punct(c: WintT) -> bool {
    in_ranges(&PUNCT, c)
}
fn upper(c: WintT) -> bool {
    in_ranges(&UPPER, c)
}

/// Maps `c` through case runs `(first, last, delta, step)`.
fn map(runs: &[(u32, u32, i32, u8)], c: WintT) -> WintT {
    let i = runs.partition_point(|r| r.1 < c);
    match runs.get(i) {
        Some(&(first, _, delta, step)) if first <= c && (c - first) % step as u32 == 0 => c.wrapping_add_signed(delta),
        _ => c,
    }
}

macro_rules! wide_classes {
    ($($pred:ident: $name:ident $name_l:ident $uname_l:ident;)+) => {$(
        #[doc = concat!("`", stringify!($name), "(wc)`—Nonzero when the wide character `wc` is in the class (never for WEOF).")]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub extern "C" fn $name(wc: WintT) -> c_int {
            $pred(wc) as c_int
        }

        #[doc = concat!("`", stringify!($name_l), "(wc, loc)`—[`", stringify!($name), "`]; every locale classifies alike.")]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub extern "C" fn $name_l(wc: WintT, _loc: LocaleT) -> c_int {
            $pred(wc) as c_int
        }

        #[doc = concat!("`", stringify!($uname_l), "(wc, loc)`—musl's internal name of [`", stringify!($name_l), "`].")]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub extern "C" fn $uname_l(wc: WintT, _loc: LocaleT) -> c_int {
            $pred(wc) as c_int
        }
    )+};
}

wide_classes! {
    alnum: iswalnum iswalnum_l __iswalnum_l;
    alpha: iswalpha iswalpha_l __iswalpha_l;
    graph: iswgraph iswgraph_l __iswgraph_l;
    lower: iswlower iswlower_l __iswlower_l;
    print: iswprint iswprint_l __iswprint_l;
    punct: iswpunct iswpunct_l __iswpunct_l;
    upper: iswupper iswupper_l __iswupper_l;
    blank: iswblank iswblank_l __iswblank_l;
    cntrl: iswcntrl iswcntrl_l __iswcntrl_l;
    digit: iswdigit iswdigit_l __iswdigit_l;
    space: iswspace iswspace_l __iswspace_l;
    xdigit: iswxdigit iswxdigit_l __iswxdigit_l;
}

/// `towlower(wc)`—The lower-case form of `wc`, or `wc` itself.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn towlower(wc: WintT) -> WintT {
    map(&TOLOWER, wc)
}

/// `towupper(wc)`—The upper-case form of `wc`, or `wc` itself.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn towupper(wc: WintT) -> WintT {
    map(&TOUPPER, wc)
}

macro_rules! locale_maps {
    ($($base:ident: $name_l:ident $uname_l:ident;)+) => {$(
        #[doc = concat!("`", stringify!($name_l), "(wc, loc)`—[`", stringify!($base), "`]; every locale maps alike.")]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub extern "C" fn $name_l(wc: WintT, _loc: LocaleT) -> WintT {
            $base(wc)
        }

        #[doc = concat!("`", stringify!($uname_l), "(wc, loc)`—musl's internal name of [`", stringify!($name_l), "`].")]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub extern "C" fn $uname_l(wc: WintT, _loc: LocaleT) -> WintT {
            $base(wc)
        }
    )+};
}

locale_maps! {
    towlower: towlower_l __towlower_l;
    towupper: towupper_l __towupper_l;
}

/// `wctype_t`: 1..=12 for the classes in [`CLASS_NAMES`] order (musl's numbering), 0 for none.
pub type WctypeT = core::ffi::c_ulong;
/// `wctrans_t`: musl's values, 1 for `toupper` and 2 for `tolower`.
pub type WctransT = *const i32;

const CLASS_NAMES: [&[u8]; 12] = [
    b"alnum", b"alpha", b"blank", b"cntrl", b"digit", b"graph", b"lower", b"print", b"punct", b"space", b"upper",
    b"xdigit",
];
const CLASS_TESTS: [fn(WintT) -> bool; 12] = [alnum, alpha, blank, cntrl, digit, graph, lower, print, punct, space, upper, xdigit];
const TRANS_TOUPPER: usize = 1;
const TRANS_TOLOWER: usize = 2;

/// `wctype(name)`—The class named `name` (`"alpha"` ...) for [`iswctype`], or 0.
///
/// # Safety
/// `name` must be NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wctype(name: *const c_char) -> WctypeT {
    // SAFETY: the caller's NUL-terminated string.
    let name = unsafe { core::ffi::CStr::from_ptr(name) }.to_bytes();
    CLASS_NAMES.iter().position(|n| *n == name).map_or(0, |i| i as WctypeT + 1)
}

/// `iswctype(wc, desc)`—Nonzero when `wc` is in the class `desc` from [`wctype`] (0: none).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn iswctype(wc: WintT, desc: WctypeT) -> c_int {
    match (desc as usize).checked_sub(1).and_then(|i| CLASS_TESTS.get(i)) {
        Some(test) => test(wc) as c_int,
        None => 0,
    }
}

/// `wctrans(name)`—The mapping named `"tolower"` or `"toupper"` for [`towctrans`], or null.
///
/// # Safety
/// `name` must be NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wctrans(name: *const c_char) -> WctransT {
    // SAFETY: the caller's NUL-terminated string.
    match unsafe { core::ffi::CStr::from_ptr(name) }.to_bytes() {
        b"toupper" => TRANS_TOUPPER as WctransT,
        b"tolower" => TRANS_TOLOWER as WctransT,
        _ => core::ptr::null(),
    }
}

/// `towctrans(wc, trans)`—`wc` mapped by `trans` from [`wctrans`]; unchanged for null.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn towctrans(wc: WintT, trans: WctransT) -> WintT {
    match trans as usize {
        TRANS_TOUPPER => towupper(wc),
        TRANS_TOLOWER => towlower(wc),
        _ => wc,
    }
}

/// `wctype_l(name, loc)`—[`wctype`]; every locale has the same classes.
///
/// # Safety
/// As for [`wctype`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wctype_l(name: *const c_char, _loc: LocaleT) -> WctypeT {
    // SAFETY: the caller's contract.
    unsafe { wctype(name) }
}

/// `__wctype_l(name, loc)`—musl's internal name of [`wctype_l`].
///
/// # Safety
/// As for [`wctype`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __wctype_l(name: *const c_char, _loc: LocaleT) -> WctypeT {
    // SAFETY: the caller's contract.
    unsafe { wctype(name) }
}

/// `iswctype_l(wc, desc, loc)`—[`iswctype`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn iswctype_l(wc: WintT, desc: WctypeT, _loc: LocaleT) -> c_int {
    iswctype(wc, desc)
}

/// `__iswctype_l(wc, desc, loc)`—musl's internal name of [`iswctype_l`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __iswctype_l(wc: WintT, desc: WctypeT, _loc: LocaleT) -> c_int {
    iswctype(wc, desc)
}

/// `wctrans_l(name, loc)`—[`wctrans`].
///
/// # Safety
/// As for [`wctrans`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wctrans_l(name: *const c_char, _loc: LocaleT) -> WctransT {
    // SAFETY: the caller's contract.
    unsafe { wctrans(name) }
}

/// `__wctrans_l(name, loc)`—musl's internal name of [`wctrans_l`].
///
/// # Safety
/// As for [`wctrans`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __wctrans_l(name: *const c_char, _loc: LocaleT) -> WctransT {
    // SAFETY: the caller's contract.
    unsafe { wctrans(name) }
}

/// `towctrans_l(wc, trans, loc)`—[`towctrans`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn towctrans_l(wc: WintT, trans: WctransT, _loc: LocaleT) -> WintT {
    towctrans(wc, trans)
}

/// `__towctrans_l(wc, trans, loc)`—musl's internal name of [`towctrans_l`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __towctrans_l(wc: WintT, trans: WctransT, _loc: LocaleT) -> WintT {
    towctrans(wc, trans)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sets as ranges, measured on musl 1.2.x over 0..=0x110010.
    fn ranges(f: extern "C" fn(WintT) -> c_int) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        let mut start = None;
        for c in 0..=0x110010u32 {
            match (f(c) != 0, start) {
                (true, None) => start = Some(c),
                (false, Some(s)) => {
                    out.push((s, c - 1));
                    start = None;
                }
                _ => {}
            }
        }
        out
    }

    #[test]
    fn sets_are_musls() {
        assert_eq!(
            ranges(iswspace),
            [(0x9, 0xd), (0x20, 0x20), (0x85, 0x85), (0x2000, 0x2006), (0x2008, 0x200a), (0x2028, 0x2029), (0x205f, 0x205f), (0x3000, 0x3000)]
        );
        assert_eq!(ranges(iswcntrl), [(0, 0x1f), (0x7f, 0x9f), (0x2028, 0x2029), (0xfff9, 0xfffb)]);
        assert_eq!(ranges(iswblank), [(9, 9), (0x20, 0x20)]);
        assert_eq!(ranges(iswdigit), [(0x30, 0x39)]);
        assert_eq!(ranges(iswxdigit), [(0x30, 0x39), (0x41, 0x46), (0x61, 0x66)]);
        for f in [iswspace, iswcntrl, iswblank, iswdigit, iswxdigit] {
            assert_eq!(f(u32::MAX), 0);
        }
        assert_eq!(iswspace_l(0x3000, core::ptr::null_mut()), 1);
    }

    #[test]
    fn tables_are_consistent() {
        // Runs and ranges are sorted and disjoint, so the binary searches are sound.
        for t in [&ALPHA[..], &PUNCT, &PRINT, &GRAPH, &UPPER, &LOWER] {
            assert!(t.windows(2).all(|w| w[0].1 < w[1].0 && w[0].0 <= w[0].1));
        }
        for t in [&TOLOWER[..], &TOUPPER] {
            assert!(t.windows(2).all(|w| w[0].1 < w[1].0));
        }
        // ASCII agrees with <ctype.h>.
        for c in 0..128u32 {
            let b = c as i32;
            assert_eq!(iswalpha(c), crate::class::isalpha(b), "{c}");
            assert_eq!(iswpunct(c), crate::class::ispunct(b), "{c}");
            assert_eq!(iswprint(c), crate::class::isprint(b), "{c}");
            assert_eq!(iswgraph(c), crate::class::isgraph(b), "{c}");
            assert_eq!(towlower(c) as i32, crate::case::tolower(b), "{c}");
            assert_eq!(towupper(c) as i32, crate::case::toupper(b), "{c}");
        }
        // Spot checks measured on musl: Latin-1, Greek, Cyrillic, Latin Extended-A, CJK.
        assert_eq!(towlower(0xc0), 0xe0);
        assert_eq!(towupper(0xdf), 0x1e9e);
        assert_eq!(towlower(0x391), 0x3b1);
        assert_eq!(towupper(0x3c3), 0x3a3);
        assert_eq!(towlower(0x410), 0x430);
        assert_eq!(towlower(0x100), 0x101);
        assert_eq!(towlower(0x101), 0x101);
        assert_eq!(towupper(0xff), 0x178);
        assert_eq!(towlower(u32::MAX), u32::MAX);
        assert_eq!(iswalpha(0x4e00), 1);
        assert_eq!(iswalpha(0x110000), 0);
        assert_eq!(iswprint(u32::MAX), 0);
    }

    #[test]
    fn wctype_and_wctrans() {
        unsafe {
            assert_eq!(wctype(c"alnum".as_ptr()), 1);
            assert_eq!(wctype(c"xdigit".as_ptr()), 12);
            assert_eq!(wctype(c"bogus".as_ptr()), 0);
            assert_eq!(iswctype(0x3b1, wctype(c"lower".as_ptr())), 1);
            assert_eq!(iswctype(0x3b1, 0), 0);
            assert_eq!(iswctype(0x3b1, 13), 0);
            assert_eq!(wctrans(c"toupper".as_ptr()) as usize, 1);
            assert_eq!(wctrans(c"tolower".as_ptr()) as usize, 2);
            assert!(wctrans(c"x".as_ptr()).is_null());
            assert_eq!(towctrans(0x3b1, wctrans(c"toupper".as_ptr())), 0x391);
            assert_eq!(towctrans(0x3b1, core::ptr::null()), 0x3b1);
        }
    }
}
