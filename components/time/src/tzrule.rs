//! POSIX TZ strings: `std offset [dst [offset] [,rule[/time],rule[/time]]]`, parsed the way
//! musl parses them (names up to TZNAME_MAX bytes, `<...>` quoting, numbers without range
//! checks), and the rule arithmetic that finds a year's transitions.
use crate::calendar::{days_in_month, is_leap, month_to_secs, year_to_secs, SECS_PER_DAY};

/// musl's TZNAME_MAX: longer names are cut.
pub const TZNAME_MAX: usize = 6;

/// A cursor over a NUL- or newline-free byte string; reading past its end gives 0.
pub struct Cursor<'a> {
    pub s: &'a [u8],
    pub i: usize,
}

impl Cursor<'_> {
    pub fn peek(&self) -> u8 {
        self.s.get(self.i).copied().unwrap_or(0)
    }
    fn at(&self, k: usize) -> u8 {
        self.s.get(self.i + k).copied().unwrap_or(0)
    }
}

/// A transition rule: `Jn` (1..=365, never counting 29 February), `n` (0..=365) or
/// `Mm.w.d`, plus the local time of day it happens at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Day {
    /// The rule musl keeps before any string has named one (day 0 at 00:00).
    #[default]
    Unset,
    Julian(u32),
    Zero(u32),
    Month { m: u32, w: u32, d: u32 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Rule {
    pub day: Day,
    pub time: i64,
}

/// Reads a zone name into `d` (NUL-terminated, at most TZNAME_MAX bytes kept).
pub fn get_name(c: &mut Cursor, d: &mut [u8; TZNAME_MAX + 1]) {
    let mut n = 0;
    if c.peek() == b'<' {
        c.i += 1;
        let mut k = 0;
        while c.at(k) != 0 && c.at(k) != b'>' {
            if k < TZNAME_MAX {
                d[k] = c.at(k);
            }
            k += 1;
        }
        n = k;
        c.i += k;
        if c.peek() != 0 {
            c.i += 1;
        }
    } else {
        while c.at(n).is_ascii_alphabetic() {
            if n < TZNAME_MAX {
                d[n] = c.at(n);
            }
            n += 1;
        }
        c.i += n;
    }
    d[n.min(TZNAME_MAX)] = 0;
}

/// Reads an unsigned decimal number (0 if there are no digits), wrapping like C.
fn get_int(c: &mut Cursor) -> u32 {
    let mut x = 0u32;
    while c.peek().is_ascii_digit() {
        x = x.wrapping_mul(10).wrapping_add((c.peek() - b'0') as u32);
        c.i += 1;
    }
    x
}

/// Reads `[+-]hh[:mm[:ss]]` as seconds.
pub fn get_off(c: &mut Cursor) -> i64 {
    let neg = c.peek() == b'-';
    if neg || c.peek() == b'+' {
        c.i += 1;
    }
    let mut off = 3600 * get_int(c) as i64;
    if c.peek() == b':' {
        c.i += 1;
        off += 60 * get_int(c) as i64;
        if c.peek() == b':' {
            c.i += 1;
            off += get_int(c) as i64;
        }
    }
    if neg { -off } else { off }
}

/// Reads one `rule[/time]` (the default time is 02:00).
pub fn get_rule(c: &mut Cursor) -> Rule {
    let day = match c.peek() {
        b'M' => {
            c.i += 1;
            let m = get_int(c);
            c.i += 1;
            let w = get_int(c);
            c.i += 1;
            let d = get_int(c);
            Day::Month { m, w, d }
        }
        b'J' => {
            c.i += 1;
            Day::Julian(get_int(c))
        }
        _ => Day::Zero(get_int(c)),
    };
    let time = if c.peek() == b'/' {
        c.i += 1;
        get_off(c)
    } else {
        7200
    };
    Rule { day, time }
}

/// The local wall-clock second (as if local time were UTC) at which `r` fires in year
/// `1900 + year`. Before 1970 musl's weekday arithmetic truncates towards zero, which can
/// move an `M` rule a week later; that is kept so results match.
pub fn rule_to_secs(r: &Rule, year: i64) -> i64 {
    let leap = is_leap(year + 1900);
    let mut t = year_to_secs(year);
    match r.day {
        Day::Unset => {}
        Day::Zero(n) => t += SECS_PER_DAY * n as i64,
        Day::Julian(n) => {
            let mut x = n as i64;
            if x < 60 || !leap {
                x -= 1;
            }
            t += SECS_PER_DAY * x;
        }
        Day::Month { m, w, d } => {
            let m = m as i64;
            t += month_to_secs((m - 1).clamp(0, 11), leap);
            let wday = (t + 4 * SECS_PER_DAY) % (7 * SECS_PER_DAY) / SECS_PER_DAY;
            let mut days = d as i64 - wday;
            if days < 0 {
                days += 7;
            }
            let mut n = w as i64;
            if n == 5 && days + 28 >= days_in_month(m, leap) {
                n = 4;
            }
            t += SECS_PER_DAY * (days + 7 * (n - 1));
        }
    }
    t + r.time
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(s: &[u8]) -> (String, usize) {
        let mut c = Cursor { s, i: 0 };
        let mut d = [0u8; TZNAME_MAX + 1];
        get_name(&mut c, &mut d);
        let n = d.iter().position(|&b| b == 0).unwrap();
        (String::from_utf8(d[..n].to_vec()).unwrap(), c.i)
    }

    #[test]
    fn names() {
        assert_eq!(name(b"EST5EDT"), ("EST".into(), 3));
        assert_eq!(name(b"<+0330>-3:30"), ("+0330".into(), 7));
        assert_eq!(name(b"ABCDEFGHI1"), ("ABCDEF".into(), 9));
        assert_eq!(name(b"<ABCDEFGH>"), ("ABCDEF".into(), 10));
        assert_eq!(name(b"5"), ("".into(), 0));
    }

    #[test]
    fn offsets() {
        let off = |s: &[u8]| get_off(&mut Cursor { s, i: 0 });
        assert_eq!(off(b"5"), 18000);
        assert_eq!(off(b"-3:30"), -12600);
        assert_eq!(off(b"+1:02:03"), 3723);
        assert_eq!(off(b"-12:45"), -45900);
    }

    #[test]
    fn rules() {
        let rule = |s: &[u8]| get_rule(&mut Cursor { s, i: 0 });
        assert_eq!(rule(b"M3.2.0"), Rule { day: Day::Month { m: 3, w: 2, d: 0 }, time: 7200 });
        assert_eq!(rule(b"J60/1:30"), Rule { day: Day::Julian(60), time: 5400 });
        assert_eq!(rule(b"59/-1"), Rule { day: Day::Zero(59), time: -3600 });
        // US rules in 2024: 10 March and 3 November, 02:00 local.
        let y = 124;
        assert_eq!(rule_to_secs(&rule(b"M3.2.0"), y), 1_710_036_000);
        assert_eq!(rule_to_secs(&rule(b"M11.1.0"), y), 1_730_599_200);
        // Last Sunday of October 2023 (the 29th) and of March 2024 (the 31st).
        assert_eq!(rule_to_secs(&rule(b"M10.5.0/3"), 123), 1_698_548_400);
        assert_eq!(rule_to_secs(&rule(b"M3.5.0/0"), 124), 1_711_843_200);
        // J60 is 1 March even in a leap year; n=59 is 29 February then.
        assert_eq!(rule_to_secs(&rule(b"J60/0"), 124), 1_709_251_200);
        assert_eq!(rule_to_secs(&rule(b"59/0"), 124), 1_709_164_800);
    }
}
