//! `strptime` with musl's rules: numbers take at most as many digits as their range needs,
//! names match with ASCII letters case-insensitively (full names first), `%U`/`%W` are
//! parsed but ignored, and `%y`/`%C` set the year at the end. Like musl 1.2.3 it has no
//! `%F`, `%s`, `%g`, `%G`, `%u`, `%V`, `%z`, `%Z` and no `E`/`O` modifiers: those fail.
//! The names (`%a %A %b %B %p`) and the formats of `%c %x %X %r` are the calling thread's
//! `LC_TIME`'s, as strftime writes them (`names.rs`); a name the locale leaves empty
//! (de_DE's AM and PM) matches nothing. A locale's `%c` that holds `%Z` (de_DE's) therefore
//! fails, as musl fails on `%Z`.
use core::ffi::c_char;

use limpet_locale::abi::{AM_STR, D_T_FMT as D_T_FMT_ITEM};
use limpet_locale::object::Locale;

use crate::abi::Tm;
use crate::names::{self, AM, D_FMT_C, D_T_FMT_C, List, PM, PM_STR, T_FMT_AMPM_C, T_FMT_C, text};

/// How deep a locale's formats may nest before the parse fails (see strftime's).
const MAX_NESTING: u8 = 4;

/// Where a numeric conversion stores its value.
#[derive(Clone, Copy)]
enum Dest {
    Sec,
    Min,
    Hour,
    Mday,
    Mon,
    Year,
    Wday,
    Yday,
    Century,
    RelYear,
    Dummy,
}

struct Parser<'l> {
    want_century: u8,
    century: i32,
    relyear: i32,
    /// The locale whose `LC_TIME` names and formats are read.
    loc: &'l Locale,
    /// How deep in nested formats the parse is.
    depth: u8,
    /// Whether `%p` read PM (or AM), once it has.
    pm: Option<bool>,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

fn starts_with_nocase(s: &[u8], at: usize, w: &[u8]) -> bool {
    s.len() >= at + w.len() && s[at..at + w.len()].eq_ignore_ascii_case(w)
}

impl Parser<'_> {
    /// Parses `s[i..]` by the nested format `f` (a conversion's or the locale's).
    fn nested(&mut self, s: &[u8], i: usize, f: &[u8], tm: &mut Tm) -> Option<usize> {
        if self.depth >= MAX_NESTING {
            return None;
        }
        self.depth += 1;
        let r = self.run(s, i, f, tm);
        self.depth -= 1;
        r
    }

    fn slot<'a>(&'a mut self, tm: &'a mut Tm, d: Dest, dummy: &'a mut i32) -> &'a mut i32 {
        match d {
            Dest::Sec => &mut tm.tm_sec,
            Dest::Min => &mut tm.tm_min,
            Dest::Hour => &mut tm.tm_hour,
            Dest::Mday => &mut tm.tm_mday,
            Dest::Mon => &mut tm.tm_mon,
            Dest::Year => &mut tm.tm_year,
            Dest::Wday => &mut tm.tm_wday,
            Dest::Yday => &mut tm.tm_yday,
            Dest::Century => &mut self.century,
            Dest::RelYear => &mut self.relyear,
            Dest::Dummy => dummy,
        }
    }

    /// Parses `s[i..]` by `f`; the index after the input consumed, or `None`.
    fn run(&mut self, s: &[u8], mut i: usize, f: &[u8], tm: &mut Tm) -> Option<usize> {
        let at = |i: usize| s.get(i).copied().unwrap_or(0);
        let mut j = 0;
        while j < f.len() {
            let fc = f[j];
            if fc != b'%' {
                if is_space(fc) {
                    while at(i) != 0 && is_space(at(i)) {
                        i += 1;
                    }
                } else if at(i) != fc {
                    return None;
                } else {
                    i += 1;
                }
                j += 1;
                continue;
            }
            j += 1;
            if f.get(j) == Some(&b'+') {
                j += 1;
            }
            let mut w: i64 = -1;
            if f.get(j).is_some_and(u8::is_ascii_digit) {
                w = 0;
                while let Some(d) = f.get(j).filter(|d| d.is_ascii_digit()) {
                    w = (w * 10 + (d - b'0') as i64).min(i32::MAX as i64);
                    j += 1;
                }
            }
            let c = f.get(j).copied().unwrap_or(0);
            j += 1;
            // (destination, min, range, adjustment) of the numeric conversions.
            let (dest, min, range, adj) = match c {
                b'a' | b'A' => {
                    i = names(s, i, self.loc, List::Day, List::AbDay, 7, &mut tm.tm_wday)?;
                    continue;
                }
                b'b' | b'B' | b'h' => {
                    i = names(s, i, self.loc, List::Mon, List::AbMon, 12, &mut tm.tm_mon)?;
                    continue;
                }
                b'c' => {
                    i = self.nested(s, i, text(self.loc, D_T_FMT_ITEM, D_T_FMT_C), tm)?;
                    continue;
                }
                b'C' => {
                    self.want_century |= 2;
                    i = self.digits(s, i, if w < 0 { 2 } else { w }, Dest::Century, 0, tm)?;
                    continue;
                }
                b'd' | b'e' => (Dest::Mday, 1, 31, 0),
                b'D' => {
                    i = self.nested(s, i, b"%m/%d/%y", tm)?;
                    continue;
                }
                b'H' => (Dest::Hour, 0, 24, 0),
                b'I' => (Dest::Hour, 1, 12, 0),
                b'j' => (Dest::Yday, 1, 366, 1),
                b'm' => (Dest::Mon, 1, 12, 1),
                b'M' => (Dest::Min, 0, 60, 0),
                b'n' | b't' => {
                    while at(i) != 0 && is_space(at(i)) {
                        i += 1;
                    }
                    continue;
                }
                b'p' => {
                    let (am, pm) = (text(self.loc, AM_STR, AM), text(self.loc, PM_STR, PM));
                    if !am.is_empty() && starts_with_nocase(s, i, am) {
                        tm.tm_hour %= 12;
                        i += am.len();
                        self.pm = Some(false);
                    } else if !pm.is_empty() && starts_with_nocase(s, i, pm) {
                        tm.tm_hour = tm.tm_hour % 12 + 12;
                        i += pm.len();
                        self.pm = Some(true);
                    } else {
                        return None;
                    }
                    continue;
                }
                b'r' => {
                    // As strftime: POSIX's 12-hour format where the locale has none.
                    let f = text(self.loc, names::T_FMT_AMPM, T_FMT_AMPM_C);
                    i = self.nested(s, i, if f.is_empty() { T_FMT_AMPM_C } else { f }, tm)?;
                    continue;
                }
                b'R' => {
                    i = self.nested(s, i, b"%H:%M", tm)?;
                    continue;
                }
                b'S' => (Dest::Sec, 0, 61, 0),
                b'T' => {
                    i = self.nested(s, i, T_FMT_C, tm)?;
                    continue;
                }
                b'U' | b'W' => (Dest::Dummy, 0, 54, 0),
                b'w' => (Dest::Wday, 0, 7, 0),
                b'x' => {
                    i = self.nested(s, i, text(self.loc, names::D_FMT, D_FMT_C), tm)?;
                    continue;
                }
                b'X' => {
                    i = self.nested(s, i, text(self.loc, names::T_FMT, T_FMT_C), tm)?;
                    continue;
                }
                b'y' => {
                    self.want_century |= 1;
                    i = self.digits(s, i, 2, Dest::RelYear, 0, tm)?;
                    continue;
                }
                b'Y' => {
                    self.want_century = 0;
                    i = self.digits(s, i, if w < 0 { 4 } else { w }, Dest::Year, 1900, tm)?;
                    continue;
                }
                b'%' => {
                    if at(i) != b'%' {
                        return None;
                    }
                    i += 1;
                    continue;
                }
                _ => return None,
            };
            // A range conversion: up to as many digits as min + range has.
            if !at(i).is_ascii_digit() {
                return None;
            }
            let mut v: i32 = 0;
            let mut scale = 1;
            while scale <= min + range && at(i).is_ascii_digit() {
                v = v * 10 + (at(i) - b'0') as i32;
                i += 1;
                scale *= 10;
            }
            let mut dummy = 0;
            let slot = self.slot(tm, dest, &mut dummy);
            // As in musl, a number out of range is left in the field when the conversion
            // fails: `getdate`, which tries format after format on one `struct tm`, shows it.
            *slot = v;
            if (v - min) as u32 >= range as u32 {
                return None;
            }
            *slot = v - adj;
            // A locale's format may give AM or PM before the 12-hour hour (ja_JP's `%r` is
            // `%p%I時%M分%S秒`): the hour read after it takes it then.
            if c == b'I'
                && let Some(pm) = self.pm
            {
                tm.tm_hour = tm.tm_hour % 12 + if pm { 12 } else { 0 };
            }
        }
        Some(i)
    }

    /// An optionally signed number of at most `w` digits.
    fn digits(&mut self, s: &[u8], mut i: usize, w: i64, dest: Dest, adj: i32, tm: &mut Tm) -> Option<usize> {
        let at = |i: usize| s.get(i).copied().unwrap_or(0);
        let neg = at(i) == b'-';
        if neg || at(i) == b'+' {
            i += 1;
        }
        if !at(i).is_ascii_digit() {
            return None;
        }
        let mut v: i32 = 0;
        let mut k = 0;
        while k < w && at(i).is_ascii_digit() {
            v = v.wrapping_mul(10).wrapping_add((at(i) - b'0') as i32);
            i += 1;
            k += 1;
        }
        if neg {
            v = v.wrapping_neg();
        }
        let mut dummy = 0;
        *self.slot(tm, dest, &mut dummy) = v.wrapping_sub(adj);
        Some(i)
    }
}

/// Matches a full or abbreviated name (full names first, as musl tries them).
fn names(s: &[u8], i: usize, loc: &Locale, full: List, abbr: List, count: i32, dest: &mut i32) -> Option<usize> {
    for list in [full, abbr] {
        for k in (0..count).rev() {
            let name = names::name(loc, list, k);
            if !name.is_empty() && starts_with_nocase(s, i, name) {
                *dest = k;
                return Some(i + name.len());
            }
        }
    }
    None
}

/// The length of a C string.
///
/// # Safety
/// `s` must be NUL-terminated.
pub(crate) unsafe fn c_len(s: *const c_char) -> usize {
    let mut n = 0;
    // SAFETY: we stop at the terminator.
    while unsafe { *s.add(n) } != 0 {
        n += 1;
    }
    n
}

/// `strptime(s, fmt, tm)`—Parses `s` by `fmt` into the fields of `*tm` it names (others
/// are left alone). Returns a pointer past the parsed input, or null if it does not match.
///
/// # Safety
/// `s` and `fmt` must be valid strings, `tm` valid for reads and writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strptime(s: *const c_char, fmt: *const c_char, tm: *mut Tm) -> *mut c_char {
    // SAFETY: caller's contract.
    let (input, f, tm) = unsafe {
        (
            core::slice::from_raw_parts(s as *const u8, c_len(s)),
            core::slice::from_raw_parts(fmt as *const u8, c_len(fmt)),
            &mut *tm,
        )
    };
    let mut p = Parser { want_century: 0, century: 0, relyear: 0, loc: limpet_locale::object::current(), depth: 0, pm: None };
    let Some(end) = p.run(input, 0, f, tm) else {
        return core::ptr::null_mut();
    };
    if p.want_century != 0 {
        tm.tm_year = p.relyear;
        if p.want_century & 2 != 0 {
            tm.tm_year += p.century * 100 - 1900;
        } else if tm.tm_year <= 68 {
            tm.tm_year += 100;
        }
    }
    s.wrapping_add(end) as *mut c_char
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str, f: &str) -> Option<(usize, Tm)> {
        let mut tm = Tm::ZERO;
        let cs = std::ffi::CString::new(s).unwrap();
        let cf = std::ffi::CString::new(f).unwrap();
        let r = unsafe { strptime(cs.as_ptr(), cf.as_ptr(), &mut tm) };
        (!r.is_null()).then(|| (r as usize - cs.as_ptr() as usize, tm))
    }

    #[test]
    fn dates_and_times() {
        let (n, tm) = parse("2023-11-14 22:13:20 rest", "%Y-%m-%d %H:%M:%S").unwrap();
        assert_eq!(n, 19);
        assert_eq!((tm.tm_year, tm.tm_mon, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec), (123, 10, 14, 22, 13, 20));
        let (_, tm) = parse("tuesday NOV 05 69", "%a %b %d %y").unwrap();
        assert_eq!((tm.tm_wday, tm.tm_mon, tm.tm_year), (2, 10, 69));
        let (_, tm) = parse("05 20", "%y %C").unwrap();
        assert_eq!(tm.tm_year, 105);
        let (_, tm) = parse("12:30:00 am", "%r").unwrap();
        assert_eq!(tm.tm_hour, 0);
        assert!(parse("25", "%H").is_none());
        assert!(parse("x", "%Q").is_none());
        let (n, tm) = parse("1234", "%H%M").unwrap();
        assert_eq!((n, tm.tm_hour, tm.tm_min), (4, 12, 34));
    }

    #[test]
    fn out_of_range_number_stays_in_the_field() {
        let mut tm = Tm::ZERO;
        let r = unsafe { strptime(c"2024-20".as_ptr(), c"%Y-%m".as_ptr(), &mut tm) };
        assert!(r.is_null());
        assert_eq!((tm.tm_year, tm.tm_mon), (124, 20));
    }
}
