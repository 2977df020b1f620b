//! Proleptic Gregorian calendar arithmetic shared by every conversion: days to civil dates
//! and back, `struct tm` to seconds and back.
use crate::abi::Tm;

pub const SECS_PER_DAY: i64 = 86400;
/// The widest `time_t` whose year still fits in an `int` (a year is at most 366 days).
pub const MAX_YEAR_SPAN: i64 = 31_622_400;

/// Days from 1970-01-01 to `year`-`month`-`day` (month 1..=12, day counted from 1 but any
/// value allowed). Works in 400-year eras so that it is exact for every `i64` year used here.
pub fn days_from_civil(year: i64, month: u32, day: i64) -> i64 {
    // Count years from March, so the leap day is the last day of the counted year.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (month as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The inverse of [`days_from_civil`]: (year, month 1..=12, day 1..=31).
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    (y, m, d)
}

pub fn is_leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// Length of month `m` (1..=12).
pub fn days_in_month(m: i64, leap: bool) -> i64 {
    match m {
        2 => 28 + leap as i64,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Seconds from the epoch to 00:00 on 1 January of `1900 + year`.
pub fn year_to_secs(year: i64) -> i64 {
    days_from_civil(year + 1900, 1, 1) * SECS_PER_DAY
}

/// Seconds from 1 January to the first of month `m` (0..=11).
pub fn month_to_secs(m: i64, leap: bool) -> i64 {
    // Any leap year and any common year will do.
    let y = if leap { 2000 } else { 2001 };
    (days_from_civil(y, m as u32 + 1, 1) - days_from_civil(y, 1, 1)) * SECS_PER_DAY
}

/// Seconds since the epoch that the broken-down time `tm` names, read as UTC. Months
/// outside 0..=11 carry into the year; the other fields are added as they are.
pub fn tm_to_secs(tm: &Tm) -> i64 {
    let mut year = tm.tm_year as i64;
    let mut month = tm.tm_mon as i64;
    if !(0..12).contains(&month) {
        year += month.div_euclid(12);
        month = month.rem_euclid(12);
    }
    days_from_civil(year + 1900, month as u32 + 1, 1) * SECS_PER_DAY
        // musl computes `tm_mday - 1` in int, so INT_MIN wraps; kept for identical results.
        + SECS_PER_DAY * tm.tm_mday.wrapping_sub(1) as i64
        + 3600 * tm.tm_hour as i64
        + 60 * tm.tm_min as i64
        + tm.tm_sec as i64
}

/// Fills the calendar fields of `tm` (not isdst, gmtoff or zone) from `t`; `None` when the
/// year does not fit in an `int`.
pub fn secs_to_tm(t: i64, tm: &mut Tm) -> Option<()> {
    if t < i32::MIN as i64 * MAX_YEAR_SPAN || t > i32::MAX as i64 * MAX_YEAR_SPAN {
        return None;
    }
    let days = t.div_euclid(SECS_PER_DAY);
    let secs = t.rem_euclid(SECS_PER_DAY);
    let (y, m, d) = civil_from_days(days);
    let year = i32::try_from(y - 1900).ok()?;
    tm.tm_year = year;
    tm.tm_mon = m as i32 - 1;
    tm.tm_mday = d as i32;
    tm.tm_hour = (secs / 3600) as i32;
    tm.tm_min = (secs / 60 % 60) as i32;
    tm.tm_sec = (secs % 60) as i32;
    tm.tm_wday = (days + 4).rem_euclid(7) as i32;
    tm.tm_yday = (days - days_from_civil(y, 1, 1)) as i32;
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Walks day by day from 1970 in both directions, the naive way.
    #[test]
    fn days_match_a_naive_walk() {
        let (mut y, mut m, mut d) = (1970i64, 1u32, 1u32);
        for z in 0..800_000i64 {
            assert_eq!(civil_from_days(z), (y, m, d));
            assert_eq!(days_from_civil(y, m, d as i64), z);
            d += 1;
            if d as i64 > days_in_month(m as i64, is_leap(y)) {
                d = 1;
                m += 1;
                if m > 12 {
                    m = 1;
                    y += 1;
                }
            }
        }
        let (mut y, mut m, mut d) = (1970i64, 1u32, 1u32);
        for z in (-800_000i64..0).rev() {
            if d == 1 {
                if m == 1 {
                    m = 12;
                    y -= 1;
                } else {
                    m -= 1;
                }
                d = days_in_month(m as i64, is_leap(y)) as u32;
            } else {
                d -= 1;
            }
            assert_eq!(civil_from_days(z), (y, m, d));
            assert_eq!(days_from_civil(y, m, d as i64), z);
        }
    }

    #[test]
    fn tm_round_trips_over_a_wide_range() {
        let mut t = -67_768_040_609_740_800i64;
        let step = 987_654_321_987i64;
        while t < 67_767_976_233_316_800 {
            let mut tm = Tm::ZERO;
            secs_to_tm(t, &mut tm).unwrap();
            assert_eq!(tm_to_secs(&tm), t);
            assert!((0..7).contains(&tm.tm_wday));
            t += step;
        }
        let mut tm = Tm::ZERO;
        assert!(secs_to_tm(i64::MAX, &mut tm).is_none());
        assert!(secs_to_tm(67_768_036_191_676_800, &mut tm).is_none());
    }

    #[test]
    fn month_offsets() {
        assert_eq!(month_to_secs(2, false), 59 * SECS_PER_DAY);
        assert_eq!(month_to_secs(2, true), 60 * SECS_PER_DAY);
        assert_eq!(year_to_secs(70), 0);
        assert_eq!(year_to_secs(71), 31_536_000);
    }
}
