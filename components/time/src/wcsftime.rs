//! `wcsftime`, `wcsftime_l` and musl's `__wcsftime_l`: strftime with a wide format and wide
//! output. The loop is strftime's own (`strftime::format` over `wchar_t` units): the same
//! conversions, flags and widths (read by `wcstoul`, as musl does), each conversion made in
//! bytes and decoded in the thread's locale, as musl's `mbstowcs` does; wide characters of
//! the format that are not conversions are copied as they are.
use core::ffi::c_void;

use limpet_abi::wchar::{MbState, wchar_t};
use limpet_locale::mb::Decoded;
use limpet_locale::object::Locale;

use crate::abi::Tm;
use crate::strftime::{Ctx, PIECE, Unit, format};

impl Unit for wchar_t {
    fn code(self) -> u32 {
        self as u32
    }

    fn from_ascii(b: u8) -> Self {
        b as wchar_t
    }

    fn strtoul(s: &[wchar_t]) -> (u64, usize) {
        if s.last() != Some(&0) {
            return (0, 0);
        }
        let mut end = core::ptr::null_mut();
        // SAFETY: `s` is terminated by a null wide character, so wcstoul reads within it.
        let v = unsafe { limpet_stdlib::wcstol::wcstoul(s.as_ptr(), &mut end, 10) };
        (v as u64, (end as usize - s.as_ptr() as usize) / size_of::<wchar_t>())
    }

    fn widen<'a>(piece: &'a [u8], out: &'a mut [wchar_t; PIECE]) -> Option<&'a [wchar_t]> {
        for (o, &b) in out.iter_mut().zip(piece) {
            if b >= 0x80 {
                return decode(piece, out);
            }
            *o = b as wchar_t;
        }
        Some(&out[..piece.len()])
    }

    const DECODES: bool = true;
}

/// A conversion's bytes decoded in the thread's locale (only a zone name can hold more than
/// ASCII): at most one wide character per byte, so `out` has room.
#[cold]
fn decode<'a>(piece: &[u8], out: &'a mut [wchar_t; PIECE]) -> Option<&'a [wchar_t]> {
    let mut state = MbState::new();
    let (mut i, mut k) = (0, 0);
    while i < piece.len() {
        match limpet_locale::mb::decode(&piece[i..], &mut state) {
            Decoded::Char { wc: 0, .. } => break,
            Decoded::Char { wc, len } => {
                out[k] = wc as wchar_t;
                k += 1;
                i += len;
            }
            Decoded::Incomplete | Decoded::Invalid => return None,
        }
    }
    Some(&out[..k])
}

/// `wcsftime(s, n, fmt, tm)`—Formats `*tm` by the wide format `fmt` into `s`, at most `n`
/// wide characters with the terminating null one, as `strftime` does. Returns the count
/// written without the null character, or 0 if the result did not fit, `fmt` has an unknown
/// conversion (then `s` holds what fitted, terminated, if `n` > 0), or a conversion's text
/// (a zone name) does not decode in the thread's locale.
///
/// # Safety
/// `s` must be writable for `n` wide characters, `fmt` a null-terminated wide string, `tm`
/// readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcsftime(s: *mut wchar_t, n: usize, fmt: *const wchar_t, tm: *const Tm) -> usize {
    // SAFETY: forwarded contract.
    unsafe { wcsftime_in(s, n, fmt, tm, limpet_locale::object::current()) }
}

/// [`wcsftime`] with the `LC_TIME` of `loc`.
///
/// # Safety
/// As for [`wcsftime`].
unsafe fn wcsftime_in(s: *mut wchar_t, n: usize, fmt: *const wchar_t, tm: *const Tm, loc: &Locale) -> usize {
    // SAFETY: the caller's contract; the format is read with its null character.
    unsafe {
        let f = core::slice::from_raw_parts(fmt, wide_len(fmt) + 1);
        let out: &mut [wchar_t] = if n == 0 { &mut [] } else { core::slice::from_raw_parts_mut(s, n) };
        format(out, f, &*tm, Ctx::new(loc))
    }
}

/// The length of the null-terminated wide string `s`.
///
/// # Safety
/// `s` must be null-terminated.
unsafe fn wide_len(s: *const wchar_t) -> usize {
    let mut n = 0;
    // SAFETY: we stop at the terminator.
    while unsafe { *s.add(n) } != 0 {
        n += 1;
    }
    n
}

/// `wcsftime_l(s, n, fmt, tm, loc)`—[`wcsftime`] with the names and formats of `loc`'s
/// `LC_TIME` (decoded in the thread's locale, as every conversion's text).
///
/// # Safety
/// As for [`wcsftime`]; `loc` is a live locale object or `LC_GLOBAL_LOCALE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcsftime_l(
    s: *mut wchar_t,
    n: usize,
    fmt: *const wchar_t,
    tm: *const Tm,
    loc: *mut c_void,
) -> usize {
    // SAFETY: forwarded contract.
    unsafe { wcsftime_in(s, n, fmt, tm, limpet_locale::object::resolve(loc.cast())) }
}

/// `__wcsftime_l(s, n, fmt, tm, loc)`—musl's name of [`wcsftime_l`].
///
/// # Safety
/// As for [`wcsftime_l`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __wcsftime_l(
    s: *mut wchar_t,
    n: usize,
    fmt: *const wchar_t,
    tm: *const Tm,
    loc: *mut c_void,
) -> usize {
    // SAFETY: forwarded contract.
    unsafe { wcsftime_in(s, n, fmt, tm, limpet_locale::object::resolve(loc.cast())) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wide(s: &str) -> Vec<wchar_t> {
        s.chars().map(|c| c as wchar_t).chain([0]).collect()
    }

    fn narrow(f: &str, tm: &Tm) -> (usize, String) {
        let mut b = [0u8; 300];
        let f = std::ffi::CString::new(f).unwrap();
        let n = unsafe { crate::strftime::strftime(b.as_mut_ptr().cast(), b.len(), f.as_ptr(), tm) };
        let end = b.iter().position(|&c| c == 0).unwrap();
        (n, String::from_utf8(b[..end].to_vec()).unwrap())
    }

    fn wfmt(f: &str, tm: &Tm, size: usize) -> (usize, String) {
        let mut b = vec![0x55 as wchar_t; size + 1];
        let n = unsafe { wcsftime(b.as_mut_ptr(), size, wide(f).as_ptr(), tm) };
        assert_eq!(b[size], 0x55, "wrote past n");
        let end = b.iter().position(|&c| c == 0).unwrap_or(0);
        (n, b[..end].iter().map(|&c| char::from_u32(c as u32).unwrap()).collect())
    }

    fn tm_at(t: i64) -> Tm {
        let mut tm = Tm::ZERO;
        unsafe { crate::gmtime::gmtime_r(&t, &mut tm) };
        tm
    }

    #[test]
    fn same_as_strftime() {
        let convs = "aAbBcCdDeFgGhHIjmMnprRsStTuUVwWxXyYzZ%";
        let pre = ["", "E", "O", "-", "_", "0", "+", "10", "+10", "_5", "-3", "+4", "05", "1", " 7", "+ 6", "+-0"];
        for t in [0, 1_700_000_000, -62_135_596_800, 253_402_300_800, -100_000_000_000, 400_000_000_000] {
            let tm = tm_at(t);
            for c in convs.chars() {
                for p in pre {
                    let f = format!("<%{p}{c}>");
                    assert_eq!(wfmt(&f, &tm, 300), narrow(&f, &tm), "{f} at {t}");
                }
            }
        }
    }

    #[test]
    fn wide_text_passes_through() {
        let tm = tm_at(1_700_000_000);
        assert_eq!(wfmt("\u{65e5}%Y\u{1f600}-%m", &tm, 50), (9, "\u{65e5}2023\u{1f600}-11".into()));
        // A wide character whose low byte is a conversion's letter is no conversion.
        assert_eq!(wfmt("%\u{159}", &tm, 50).0, 0);
        // wcstoul's white space includes IDEOGRAPHIC SPACE.
        assert_eq!(wfmt("%\u{3000}6Y", &tm, 50), (6, "002023".into()));
    }

    #[test]
    fn too_small_gives_zero() {
        let tm = tm_at(0);
        // "1970-01-01" is 10 wide characters: it needs 11 with the null one.
        assert_eq!(wfmt("%F", &tm, 11), (10, "1970-01-01".into()));
        assert_eq!(wfmt("%F", &tm, 10), (0, "1970-01-0".into()));
        assert_eq!(wfmt("ab", &tm, 2), (0, "a".into()));
        assert_eq!(wfmt("ab", &tm, 0).0, 0);
        assert_eq!(wfmt("", &tm, 1), (0, "".into()));
        assert_eq!(wfmt("%k", &tm, 50).0, 0);
    }
}
