//! `strftime` and `strftime_l`, with musl's conversions and extensions: the flags `-` (no
//! padding), `_` (spaces), `0` (zeros) and `+`, and field widths for `%C`, `%F`, `%G` and
//! `%Y`. The names (`%a %A %b %B %p`) and the formats `%c %x %X %r` are the locale's
//! `LC_TIME` strings (`names.rs`); the `E` and `O` modifiers are read and ignored, as in
//! musl (no era or alternative digits). The loop is generic over the unit of the format and
//! the output, so `wcsftime.rs` runs it over `wchar_t`: each conversion is made in bytes,
//! then widened.
use core::ffi::{c_char, c_void};

use limpet_locale::abi::{AM_STR, D_T_FMT};
use limpet_locale::object::Locale;

use crate::abi::Tm;
use crate::calendar::tm_to_secs;
use crate::fmt::{ByteSink, Sink};
use crate::names::{self, AM, D_FMT, D_FMT_C, D_T_FMT_C, List, PM, PM_STR, T_FMT, T_FMT_AMPM, T_FMT_AMPM_C, T_FMT_C, text};
use crate::tz::tm_to_tzname;

/// How deep a locale's formats may nest (`%c` holding `%T`, ...); a format that nests
/// deeper (one that names itself) fails the call instead of recursing for ever.
const MAX_NESTING: u8 = 4;

/// What a conversion formats with: the locale's `LC_TIME`, and how deep in nested formats
/// it is.
#[derive(Clone, Copy)]
pub(crate) struct Ctx<'a> {
    pub(crate) loc: &'a Locale,
    depth: u8,
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(loc: &'a Locale) -> Self {
        Ctx { loc, depth: 0 }
    }
}

/// musl formats each conversion into a buffer of this size.
pub(crate) const PIECE: usize = 100;

fn is_leap(y: i32) -> bool {
    // Keeps 1900 + y from overflowing; 2000 years do not change leapness.
    let y = if y > i32::MAX - 1900 { y - 2000 } else { y } + 1900;
    y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
}

/// The ISO 8601 week number (`%V`), computed from `tm_yday` and `tm_wday` alone.
fn week_num(tm: &Tm) -> i64 {
    let (yday, wday) = (tm.tm_yday as u32, tm.tm_wday as u32);
    let mut val = yday.wrapping_add(7).wrapping_sub(wday.wrapping_add(6) % 7) / 7;
    // If 1 January falls on Tuesday to Thursday, the days before it in its week count too.
    if wday.wrapping_add(371).wrapping_sub(yday).wrapping_sub(2) % 7 <= 2 {
        val += 1;
    }
    if val == 0 {
        // The last week of the previous year: 53 if that year ended on a Thursday, or
        // on a Friday in a leap year.
        val = 52;
        let dec31 = wday.wrapping_add(7).wrapping_sub(yday).wrapping_sub(1) % 7;
        if dec31 == 4 || (dec31 == 5 && is_leap(tm.tm_year % 400 - 1)) {
            val += 1;
        }
    } else if val == 53 {
        let jan1 = wday.wrapping_add(371).wrapping_sub(yday) % 7;
        if jan1 != 4 && (jan1 != 3 || !is_leap(tm.tm_year)) {
            val = 1;
        }
    }
    val as i64
}

/// Formats one conversion `c` into `out`; `None` if `c` is unknown (or a nested format
/// came out empty, or nests too deep).
fn conversion<S: ByteSink>(out: &mut S, c: u32, tm: &Tm, pad: u8, cx: Ctx<'_>) -> Option<()> {
    let c = u8::try_from(c).ok()?;
    let mut width = 2;
    let mut def_pad = b'0';
    let loc = cx.loc;
    let val: i64 = match c {
        b'a' => {
            out.push_all(names::name(loc, List::AbDay, tm.tm_wday));
            return Some(());
        }
        b'A' => {
            out.push_all(names::name(loc, List::Day, tm.tm_wday));
            return Some(());
        }
        b'b' | b'h' => {
            out.push_all(names::name(loc, List::AbMon, tm.tm_mon));
            return Some(());
        }
        b'B' => {
            out.push_all(names::name(loc, List::Mon, tm.tm_mon));
            return Some(());
        }
        b'c' => return nested(out, text(loc, D_T_FMT, D_T_FMT_C), tm, cx),
        b'C' => (1900 + tm.tm_year as i64) / 100,
        b'd' => tm.tm_mday as i64,
        b'e' => {
            def_pad = b'_';
            tm.tm_mday as i64
        }
        b'D' => return nested(out, D_FMT_C, tm, cx),
        b'F' => return nested(out, b"%Y-%m-%d", tm, cx),
        b'g' | b'G' => {
            let mut y = tm.tm_year as i64 + 1900;
            if tm.tm_yday < 3 && week_num(tm) != 1 {
                y -= 1;
            } else if tm.tm_yday > 360 && week_num(tm) == 1 {
                y += 1;
            }
            if c == b'g' {
                y % 100
            } else {
                width = 4;
                y
            }
        }
        b'H' => tm.tm_hour as i64,
        b'I' => match tm.tm_hour {
            0 => 12,
            h if h > 12 => h as i64 - 12,
            h => h as i64,
        },
        b'j' => {
            width = 3;
            // int arithmetic in C: INT_MAX + 1 wraps.
            tm.tm_yday.wrapping_add(1) as i64
        }
        b'm' => tm.tm_mon.wrapping_add(1) as i64,
        b'M' => tm.tm_min as i64,
        b'n' => {
            out.push(b'\n');
            return Some(());
        }
        b'p' => {
            out.push_all(if tm.tm_hour >= 12 { text(loc, PM_STR, PM) } else { text(loc, AM_STR, AM) });
            return Some(());
        }
        b'r' => {
            // A locale without a 12-hour format (de_DE's is empty) gets POSIX's, as in glibc.
            let f = text(loc, T_FMT_AMPM, T_FMT_AMPM_C);
            return nested(out, if f.is_empty() { T_FMT_AMPM_C } else { f }, tm, cx);
        }
        b'R' => return nested(out, b"%H:%M", tm, cx),
        b's' => {
            width = 1;
            tm_to_secs(tm) - tm.tm_gmtoff
        }
        b'S' => tm.tm_sec as i64,
        b't' => {
            out.push(b'\t');
            return Some(());
        }
        b'T' => return nested(out, T_FMT_C, tm, cx),
        b'u' => {
            width = 1;
            if tm.tm_wday != 0 { tm.tm_wday as i64 } else { 7 }
        }
        b'U' => ((tm.tm_yday as u32).wrapping_add(7).wrapping_sub(tm.tm_wday as u32) / 7) as i64,
        b'W' => {
            ((tm.tm_yday as u32).wrapping_add(7).wrapping_sub((tm.tm_wday as u32).wrapping_add(6) % 7) / 7) as i64
        }
        b'V' => week_num(tm),
        b'w' => {
            width = 1;
            tm.tm_wday as i64
        }
        b'x' => return nested(out, text(loc, D_FMT, D_FMT_C), tm, cx),
        b'X' => return nested(out, text(loc, T_FMT, T_FMT_C), tm, cx),
        b'y' => ((tm.tm_year as i64 + 1900) % 100).abs(),
        b'Y' => {
            let y = tm.tm_year as i64 + 1900;
            if y >= 10000 {
                out.push(b'+');
                out.num(y, false, 0, false, 1);
                return Some(());
            }
            width = 4;
            y
        }
        b'z' => {
            if tm.tm_isdst >= 0 {
                let off = tm.tm_gmtoff;
                out.num(off / 3600 * 100 + off % 3600 / 60, true, 0, false, 4);
            }
            return Some(());
        }
        b'Z' => {
            if tm.tm_isdst >= 0 {
                let p = tm_to_tzname(tm);
                // SAFETY: zone names are NUL-terminated strings we own.
                let mut k = 0;
                while unsafe { *p.add(k) } != 0 {
                    out.push(unsafe { *p.add(k) } as u8);
                    k += 1;
                }
            }
            return Some(());
        }
        b'%' => {
            out.push(b'%');
            return Some(());
        }
        _ => return None,
    };
    match if pad != 0 { pad } else { def_pad } {
        b'-' => out.num(val, false, 0, false, 1),
        b'_' => out.num(val, false, width, false, 1),
        _ => out.num(val, false, width, true, 1),
    }
    Some(())
}

/// Formats `fmt` into a piece buffer, as musl's recursive conversions do. An empty format
/// (a locale may leave one empty) gives nothing; one longer than [`NESTED_MAX`] fails.
fn nested<S: ByteSink>(out: &mut S, fmt: &[u8], tm: &Tm, cx: Ctx<'_>) -> Option<()> {
    if fmt.is_empty() {
        return Some(());
    }
    if fmt.len() > NESTED_MAX || cx.depth >= MAX_NESTING {
        return None;
    }
    // `format` wants the NUL too.
    let mut f = [0u8; NESTED_MAX + 1];
    f[..fmt.len()].copy_from_slice(fmt);
    let mut buf = [0u8; PIECE];
    let n = format(&mut buf, &f[..=fmt.len()], tm, Ctx { loc: cx.loc, depth: cx.depth + 1 });
    if n == 0 {
        return None;
    }
    out.push_all(&buf[..n]);
    Some(())
}

/// The longest format a conversion expands to: the C locale's are a few bytes, a locale's
/// a few dozen (ja_JP's `%c` is 32).
const NESTED_MAX: usize = 96;

/// A unit of the format and the output: a byte for strftime, a `wchar_t` for wcsftime.
pub(crate) trait Unit: Copy {
    /// The unit's value: a byte, or a wide character's code point.
    fn code(self) -> u32;
    fn from_ascii(b: u8) -> Self;
    /// `strtoul(s, &end, 10)` (`wcstoul` for wide units): the value and the units it used,
    /// 0 when it read no digits. `s` ends with a NUL unit.
    fn strtoul(s: &[Self]) -> (u64, usize);
    /// One conversion's output in these units: `piece` itself for bytes; for wide units,
    /// `piece` decoded in the thread's locale into `out` (musl's `mbstowcs`), or `None` if
    /// it does not decode.
    fn widen<'a>(piece: &'a [u8], out: &'a mut [Self; PIECE]) -> Option<&'a [Self]>;
    /// Whether a byte past ASCII needs [`Unit::widen`] (for wide units), rather than
    /// [`Unit::from_ascii`] (for bytes, which stay as they are).
    const DECODES: bool;
}

/// Writes a conversion's bytes straight into the output, as units, up to `cap` of them:
/// what musl's piece-then-copy gives when no width is to be applied. A byte past ASCII
/// for wide units is not written but noted, and the conversion goes the piece's way.
struct UnitSink<'a, U> {
    out: &'a mut [U],
    len: usize,
    not_ascii: bool,
}

impl<U: Unit> ByteSink for UnitSink<'_, U> {
    #[inline]
    fn push(&mut self, b: u8) {
        if U::DECODES && b >= 0x80 {
            self.not_ascii = true;
        }
        if let Some(slot) = self.out.get_mut(self.len) {
            *slot = U::from_ascii(b);
        }
        self.len += 1;
    }
}

impl Unit for u8 {
    fn code(self) -> u32 {
        self as u32
    }

    fn from_ascii(b: u8) -> Self {
        b
    }

    fn strtoul(s: &[u8]) -> (u64, usize) {
        if s.last() != Some(&0) {
            return (0, 0);
        }
        let mut end = core::ptr::null_mut();
        // SAFETY: `s` is NUL-terminated, so strtoul reads within it.
        let v = unsafe { limpet_stdlib::strtol::strtoul(s.as_ptr().cast(), &mut end, DECIMAL) };
        (v as u64, end as usize - s.as_ptr() as usize)
    }

    fn widen<'a>(piece: &'a [u8], _out: &'a mut [u8; PIECE]) -> Option<&'a [u8]> {
        Some(piece)
    }

    const DECODES: bool = false;
}

const DECIMAL: core::ffi::c_int = 10;

/// Why [`padded`] stopped the loop.
enum Stop {
    /// An unknown conversion: the output ends here, terminated.
    Unknown,
    /// A conversion's text does not decode: the call returns 0.
    Undecodable,
}

/// The strftime loop over `f`, which ends with a NUL unit, into `s`: the length written
/// before the terminating NUL, or 0 if the output did not fit, a conversion is unknown, or
/// (wide output) a conversion's text does not decode.
pub(crate) fn format<U: Unit>(s: &mut [U], f: &[U], tm: &Tm, cx: Ctx<'_>) -> usize {
    let n = s.len();
    let at = |i: usize| f.get(i).map_or(0, |u| u.code());
    let mut l = 0;
    let mut i = 0;
    while l < n {
        let ch = at(i);
        if ch == 0 {
            s[l] = U::from_ascii(0);
            return l;
        }
        i += 1;
        if ch != b'%' as u32 {
            s[l] = f[i - 1];
            l += 1;
            continue;
        }
        let (mut pad, mut plus, mut width, mut conv) = (0, false, 0, at(i));
        // A conversion letter straight after the `%` (no flag, width or modifier) is the
        // usual case.
        if !matches!(u8::try_from(conv), Ok(b'a'..=b'z' | b'A'..=b'D' | b'F'..=b'N' | b'P'..=b'Z')) {
            if let Ok(p @ (b'-' | b'_' | b'0')) = u8::try_from(at(i)) {
                pad = p;
                i += 1;
            }
            plus = at(i) == b'+' as u32;
            if plus {
                i += 1;
            }
            // musl reads the width with strtoul: white space and a sign may come first, and
            // a minus wraps it around. A letter or `%` cannot start a number.
            let used;
            (width, used) = match u8::try_from(at(i)) {
                Ok(b) if b.is_ascii_alphabetic() || b == b'%' => (0, 0),
                _ => U::strtoul(&f[i.min(f.len())..]),
            };
            i += used;
            conv = at(i);
            if [b'C', b'F', b'G', b'Y'].iter().any(|&c| c as u32 == conv) {
                if width == 0 && used != 0 {
                    width = 1;
                }
            } else {
                width = 0;
            }
            if conv == b'E' as u32 || conv == b'O' as u32 {
                i += 1;
            }
        }
        if width == 0 {
            // The usual case: musl would copy the piece as it is, so write it in place.
            let cap = PIECE.min(n - l);
            let mut sink = UnitSink { out: &mut s[l..l + cap], len: 0, not_ascii: false };
            if conversion(&mut sink, at(i), tm, pad, cx).is_none() {
                break;
            }
            if !sink.not_ascii {
                i += 1;
                l += sink.len.min(cap);
                continue;
            }
        }
        match padded(&mut s[l..], at(i), tm, pad, width, plus, conv, cx) {
            Ok(k) => l += k,
            Err(Stop::Unknown) => break,
            Err(Stop::Undecodable) => {
                s[l] = U::from_ascii(0);
                return 0;
            }
        }
        i += 1;
    }
    if n != 0 {
        if l == n {
            l = n - 1;
        }
        s[l] = U::from_ascii(0);
    }
    0
}

/// Conversion `c` as musl makes it when it has a width, or (for wide units) text past
/// ASCII: into a piece, widened, then, with a width, stripped of its sign and leading zeros
/// and padded back with zeros, with '-' for years before 0 and '+' (with the flag) for wide
/// years. Writes at most `s.len()` units; returns how many.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn padded<U: Unit>(s: &mut [U], c: u32, tm: &Tm, pad: u8, width: u64, plus: bool, conv: u32, cx: Ctx<'_>) -> Result<usize, Stop> {
    let is_digit = |c: u32| (b'0' as u32..=b'9' as u32).contains(&c);
    let n = s.len();
    let mut piece = [0u8; PIECE];
    let mut sink = Sink { buf: &mut piece, len: 0 };
    conversion(&mut sink, c, tm, pad, cx).ok_or(Stop::Unknown)?;
    let k = sink.len.min(PIECE);
    let mut wide = [U::from_ascii(0); PIECE];
    let mut t = U::widen(&piece[..k], &mut wide).ok_or(Stop::Undecodable)?;
    let mut k = t.len();
    let mut l = 0;
    if width != 0 {
        if matches!(t.first().map(|u| u.code()), Some(c) if c == b'+' as u32 || c == b'-' as u32) {
            t = &t[1..];
            k -= 1;
        }
        while t.len() > 1 && t[0].code() == b'0' as u32 && is_digit(t[1].code()) {
            t = &t[1..];
            k -= 1;
        }
        let mut w = width.max(k as u64);
        let d = t.iter().take_while(|u| is_digit(u.code())).count() as u64;
        let need = if conv == b'C' as u32 { 3 } else { 5 };
        // The caller's loop has room for one more unit.
        if tm.tm_year < -1900 {
            s[l] = U::from_ascii(b'-');
            l += 1;
            w -= 1;
        } else if plus && d + (w - k as u64) >= need {
            s[l] = U::from_ascii(b'+');
            l += 1;
            w -= 1;
        }
        while w > k as u64 && l < n {
            s[l] = U::from_ascii(b'0');
            l += 1;
            w -= 1;
        }
    }
    let k = k.min(n - l);
    s[l..l + k].copy_from_slice(&t[..k]);
    Ok(l + k)
}

/// `strftime(s, n, fmt, tm)`—Formats `*tm` by `fmt` into `s` (at most `n` bytes with the
/// NUL), with the names and formats of the calling thread's `LC_TIME`. Returns the length
/// written, or 0 if it did not fit or `fmt` has an unknown conversion (then `s` holds what
/// fitted, NUL-terminated, if `n` > 0).
///
/// # Safety
/// `s` must be writable for `n` bytes, `fmt` a valid string, `tm` readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strftime(s: *mut c_char, n: usize, fmt: *const c_char, tm: *const Tm) -> usize {
    // SAFETY: forwarded contract.
    unsafe { strftime_in(s, n, fmt, tm, limpet_locale::object::current()) }
}

/// [`strftime`] in the locale `loc`.
///
/// # Safety
/// As for [`strftime`].
unsafe fn strftime_in(s: *mut c_char, n: usize, fmt: *const c_char, tm: *const Tm, loc: &Locale) -> usize {
    // SAFETY: caller's contract; the format is read up to its NUL.
    unsafe {
        let f = core::slice::from_raw_parts(fmt as *const u8, crate::c_len(fmt) + 1);
        let out: &mut [u8] = if n == 0 { &mut [] } else { core::slice::from_raw_parts_mut(s as *mut u8, n) };
        format(out, f, &*tm, Ctx::new(loc))
    }
}

/// `strftime_l(s, n, fmt, tm, loc)`—[`strftime`] with the `LC_TIME` of the locale `loc`.
///
/// # Safety
/// As for [`strftime`]; `loc` is a live locale object or `LC_GLOBAL_LOCALE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strftime_l(s: *mut c_char, n: usize, fmt: *const c_char, tm: *const Tm, loc: *mut c_void) -> usize {
    // SAFETY: forwarded contract.
    unsafe { strftime_in(s, n, fmt, tm, limpet_locale::object::resolve(loc.cast())) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(f: &str, tm: &Tm) -> (usize, String) {
        let mut b = [0u8; 200];
        let f = std::ffi::CString::new(f).unwrap();
        let n = unsafe { strftime(b.as_mut_ptr().cast(), b.len(), f.as_ptr(), tm) };
        let end = b.iter().position(|&c| c == 0).unwrap();
        (n, String::from_utf8(b[..end].to_vec()).unwrap())
    }

    fn tm_at(t: i64) -> Tm {
        let mut tm = Tm::ZERO;
        unsafe { crate::gmtime::gmtime_r(&t, &mut tm) };
        tm
    }

    #[test]
    fn conversions() {
        let tm = tm_at(1_700_000_000); // Tue Nov 14 22:13:20 2023
        assert_eq!(fmt("%c", &tm).1, "Tue Nov 14 22:13:20 2023");
        assert_eq!(fmt("%F %T %j %U %W %V %G %g %u %w %s", &tm).1, "2023-11-14 22:13:20 318 46 46 46 2023 23 2 2 1700000000");
        assert_eq!(fmt("%I%p %e|%-e|%_H|%z|%Z", &tm).1, "10PM 14|14|22|+0000|UTC");
        assert_eq!(fmt("%+10Y|%6C|%+12F", &tm).1, "+000002023|000020|+02023-11-14");
        assert_eq!(fmt("%k", &tm).0, 0);
    }

    #[test]
    fn iso_weeks_match_the_host() {
        unsafe extern "C" {
            #[link_name = "strftime"]
            fn host(s: *mut c_char, n: usize, f: *const c_char, tm: *const Tm) -> usize;
        }
        let mut t = -3_000_000_000i64;
        while t < 5_000_000_000 {
            let tm = tm_at(t);
            let mut b = [0u8; 64];
            let n = unsafe { host(b.as_mut_ptr().cast(), 64, c"%G %g %V %U %W %j".as_ptr(), &tm) };
            assert_eq!(fmt("%G %g %V %U %W %j", &tm).1.as_bytes(), &b[..n], "{t}");
            t += 86_400 * 3 + 7;
        }
    }

    #[test]
    fn widths_are_read_as_strtoul_reads_them() {
        let tm = tm_at(1_700_000_000);
        // White space and a sign may precede the digits (musl's strtoul), ...
        assert_eq!(fmt("%  5Y|%+ 5Y|%_ 6C|% 5d", &tm), (21, "02023|+2023|000020|14".into()));
        // ... a minus wraps the width around, so the zeros fill the buffer, ...
        assert_eq!(fmt("%+-5Y", &tm).0, 0);
        assert_eq!(fmt("%0-8F", &tm).0, 0);
        // ... and so does a width past u64, which also sets ERANGE.
        limpet_syscall::set_errno(0);
        assert_eq!(fmt("%99999999999999999999999Y", &tm).0, 0);
        assert_eq!(limpet_syscall::errno(), limpet_syscall::errno::ERANGE);
        // "-0" is a width that was given: 1.
        assert_eq!(fmt("%+-0Y|%-0C", &tm), (7, "2023|20".into()));
    }

    #[test]
    fn too_small() {
        let tm = tm_at(0);
        let mut b = [0x55u8; 8];
        let n = unsafe { strftime(b.as_mut_ptr().cast(), 5, c"%Y-%m".as_ptr(), &tm) };
        assert_eq!(n, 0);
        assert_eq!(&b[..5], b"1970\0");
    }
}
