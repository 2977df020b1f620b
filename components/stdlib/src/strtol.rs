//! The integer conversions: `strtol`, `strtoll`, `strtoul`, `strtoull`, `strtoimax`,
//! `strtoumax`, their `__*_internal` aliases, and `atoi`, `atol`, `atoll`; the scanner, written
//! over the character [`Unit`], also serves the wide forms in `wcstol.rs`.
//!
//! As in musl, a string with no digits sets errno to EINVAL (besides leaving `*endptr` at
//! the start), and so does a base outside 0 and 2..=36. A `0x` not followed by a hex digit is
//! read as the number 0 ending after the `0`. `long`, `long long` and `intmax_t` are all 64 bits
//! on every target limpet builds for, so one scanner serves them.
use core::ffi::{c_char, c_int, c_long, c_longlong, c_ulong, c_ulonglong};

use limpet_syscall::{errno, set_errno};

use crate::unit::Unit;

/// The largest base, whose digits run to `z`.
const MAX_BASE: c_int = 36;

/// The value of digit `c` in any base up to 36, or 36 and above for a non-digit.
fn digit(c: u8) -> u32 {
    match c {
        b'0'..=b'9' => (c - b'0') as u32,
        b'a'..=b'z' => (c - b'a') as u32 + 10,
        b'A'..=b'Z' => (c - b'A') as u32 + 10,
        _ => MAX_BASE as u32,
    }
}

/// What a scan of `[space][sign][prefix]digits` found.
struct Scan<C> {
    /// The magnitude, modulo 2^64.
    mag: u64,
    /// The magnitude did not fit in 64 bits.
    overflow: bool,
    neg: bool,
    /// Just past the last character used, or the start when nothing was converted.
    end: *const C,
}

/// Scans a number in `base` at `s`; None (with errno EINVAL) for a bad base or no digits,
/// in which case nothing was converted.
///
/// # Safety
/// `s` must be terminated by a zero unit.
unsafe fn scan<C: Unit>(s: *const C, base: c_int) -> Option<Scan<C>> {
    if base < 0 || base == 1 || base > MAX_BASE {
        set_errno(errno::EINVAL);
        return None;
    }
    // SAFETY: every read stops at the first unit that cannot continue the number, and the
    // terminator is such a unit, so no read passes it.
    unsafe {
        let at = |p: *const C| (*p).ascii();
        let mut p = s;
        while (*p).is_space() {
            p = p.add(1);
        }
        let neg = at(p) == b'-';
        if neg || at(p) == b'+' {
            p = p.add(1);
        }
        let mut base = base as u32;
        if (base == 0 || base == 16) && at(p) == b'0' && at(p.add(1)) | 0x20 == b'x' {
            if digit(at(p.add(2))) >= 16 {
                return Some(Scan { mag: 0, overflow: false, neg, end: p.add(1) });
            }
            p = p.add(2);
            base = 16;
        } else if base == 0 {
            base = if at(p) == b'0' { 8 } else { 10 };
        }
        if digit(at(p)) >= base {
            set_errno(errno::EINVAL);
            return None;
        }
        let (mut mag, mut overflow) = (0u64, false);
        loop {
            let d = digit(at(p));
            if d >= base {
                break;
            }
            let (m, o1) = mag.overflowing_mul(base as u64);
            let (m, o2) = m.overflowing_add(d as u64);
            mag = m;
            overflow |= o1 | o2;
            p = p.add(1);
        }
        Some(Scan { mag, overflow, neg, end: p })
    }
}

/// Stores the end of the conversion if the caller asked for it.
///
/// # Safety
/// `endptr` is null or writable.
pub(crate) unsafe fn set_end<C>(endptr: *mut *mut C, end: *const C) {
    if !endptr.is_null() {
        // SAFETY: the caller passed a writable pointer.
        unsafe { *endptr = end as *mut C }
    }
}

/// The signed conversion shared by `strtol`, `strtoll`, `strtoimax` and their wide forms.
///
/// # Safety
/// `s` terminated by a zero unit, `endptr` null or writable.
pub(crate) unsafe fn to_signed<C: Unit>(s: *const C, endptr: *mut *mut C, base: c_int) -> i64 {
    // SAFETY: `s` is terminated, as scan needs.
    let Some(sc) = (unsafe { scan(s, base) }) else {
        // SAFETY: `endptr` is null or writable, as set_end needs.
        unsafe { set_end(endptr, s) };
        return 0;
    };
    // SAFETY: `endptr` is null or writable, as set_end needs.
    unsafe { set_end(endptr, sc.end) };
    let limit = if sc.neg { i64::MIN.unsigned_abs() } else { i64::MAX as u64 };
    if sc.overflow || sc.mag > limit {
        set_errno(errno::ERANGE);
        return if sc.neg { i64::MIN } else { i64::MAX };
    }
    if sc.neg { (sc.mag as i64).wrapping_neg() } else { sc.mag as i64 }
}

/// The unsigned conversion shared by `strtoul`, `strtoull`, `strtoumax` and their wide
/// forms: a minus sign negates the value modulo 2^64, as C specifies.
///
/// # Safety
/// `s` terminated by a zero unit, `endptr` null or writable.
pub(crate) unsafe fn to_unsigned<C: Unit>(s: *const C, endptr: *mut *mut C, base: c_int) -> u64 {
    // SAFETY: `s` is terminated, as scan needs.
    let Some(sc) = (unsafe { scan(s, base) }) else {
        // SAFETY: `endptr` is null or writable, as set_end needs.
        unsafe { set_end(endptr, s) };
        return 0;
    };
    // SAFETY: `endptr` is null or writable, as set_end needs.
    unsafe { set_end(endptr, sc.end) };
    if sc.overflow {
        set_errno(errno::ERANGE);
        return u64::MAX;
    }
    if sc.neg { sc.mag.wrapping_neg() } else { sc.mag }
}

macro_rules! conversions {
    ($($name:ident $internal:ident: $core:ident -> $ty:ty;)+) => {$(
        #[doc = concat!("`", stringify!($name), "(s, endptr, base)`—Converts the number at the start of `s` (after white space) in `base` (0: by prefix; 2..=36); stores the end in `*endptr` if non-null. ERANGE and the nearest limit on overflow; EINVAL and 0 for a bad base or no digits.")]
        ///
        /// # Safety
        /// `s` must be NUL-terminated; `endptr` null or writable.
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub unsafe extern "C" fn $name(s: *const c_char, endptr: *mut *mut c_char, base: c_int) -> $ty {
            // SAFETY: the caller keeps the contract.
            unsafe { $core(s.cast::<u8>(), endptr.cast(), base) as $ty }
        }

        #[doc = concat!("`", stringify!($internal), "(s, endptr, base, group)`—The old LSB name of [`", stringify!($name), "`]; `group` is ignored.")]
        ///
        /// # Safety
        #[doc = concat!("As for [`", stringify!($name), "`].")]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub unsafe extern "C" fn $internal(s: *const c_char, endptr: *mut *mut c_char, base: c_int, _group: c_int) -> $ty {
            // SAFETY: the caller keeps the contract.
            unsafe { $core(s.cast::<u8>(), endptr.cast(), base) as $ty }
        }
    )+};
}

conversions! {
    strtol __strtol_internal: to_signed -> c_long;
    strtoll __strtoll_internal: to_signed -> c_longlong;
    strtoimax __strtoimax_internal: to_signed -> i64;
    strtoul __strtoul_internal: to_unsigned -> c_ulong;
    strtoull __strtoull_internal: to_unsigned -> c_ulonglong;
    strtoumax __strtoumax_internal: to_unsigned -> u64;
}

/// Decimal digits after white space and a sign, accumulated negatively so the most negative
/// value converts; overflow (undefined in C) wraps.
///
/// # Safety
/// `s` must be NUL-terminated.
unsafe fn ato(s: *const c_char) -> i64 {
    // SAFETY: the reads stop at the NUL, which is neither space, sign nor digit.
    unsafe {
        let mut p = s as *const u8;
        while crate::is_space(*p) {
            p = p.add(1);
        }
        let neg = *p == b'-';
        if neg || *p == b'+' {
            p = p.add(1);
        }
        let mut n: i64 = 0;
        while p.read().is_ascii_digit() {
            n = n.wrapping_mul(10).wrapping_sub((*p - b'0') as i64);
            p = p.add(1);
        }
        if neg { n } else { n.wrapping_neg() }
    }
}

/// `atoi(s)`—The decimal `int` at the start of `s`; unlike `strtol`, errors are not reported.
///
/// # Safety
/// `s` must be NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn atoi(s: *const c_char) -> c_int {
    // SAFETY: the caller keeps the contract.
    unsafe { ato(s) as c_int }
}

/// `atol(s)`—The decimal `long` at the start of `s`; errors are not reported.
///
/// # Safety
/// `s` must be NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn atol(s: *const c_char) -> c_long {
    // SAFETY: the caller keeps the contract.
    unsafe { ato(s) }
}

/// `atoll(s)`—The decimal `long long` at the start of `s`; errors are not reported.
///
/// # Safety
/// `s` must be NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn atoll(s: *const c_char) -> c_longlong {
    // SAFETY: the caller keeps the contract.
    unsafe { ato(s) }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::ffi::CString;

    /// The inputs the integer conversions are checked on, narrow here and wide in
    /// `wcstol.rs`.
    pub(crate) const CORPUS: &[&str] = &[
        "0", "  42", "-17x", "+0x1F", "0x", "0xg", "  -0x10", "0X1g", "010", "08", "9223372036854775807",
        "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
        "18446744073709551616", "-18446744073709551615", "-1", "zz", "Zz9", "111111111111111111111111111111111111111111111111111111111111111111",
        "\t\n 7", "0b101", "0x7fffffffffffffffff", "1_000",
    ];
    /// The bases they are read in.
    pub(crate) const BASES: &[c_int] = &[0, 2, 8, 10, 16, 36];

    unsafe extern "C" {
        #[link_name = "strtol"]
        fn host_strtol(s: *const c_char, e: *mut *mut c_char, b: c_int) -> c_long;
        #[link_name = "strtoul"]
        fn host_strtoul(s: *const c_char, e: *mut *mut c_char, b: c_int) -> c_ulong;
        fn __errno_location() -> *mut c_int;
    }

    fn errno() -> c_int {
        unsafe { *__errno_location() }
    }
    fn clear() {
        unsafe { *__errno_location() = 0 }
    }

    #[test]
    fn agrees_with_host_where_glibc_and_musl_agree() {
        for &s in CORPUS {
            let c = CString::new(s).unwrap();
            for &base in BASES {
                let (mut e1, mut e2) = (core::ptr::null_mut(), core::ptr::null_mut());
                unsafe {
                    clear();
                    let ours = strtol(c.as_ptr(), &mut e1, base);
                    let our_errno = errno();
                    clear();
                    let host = host_strtol(c.as_ptr(), &mut e2, base);
                    assert_eq!((ours, e1), (host, e2), "{s:?} base {base}");
                    // glibc leaves errno alone when nothing converts; musl says EINVAL.
                    if e1 as *const c_char != c.as_ptr() {
                        assert_eq!(our_errno, errno(), "{s:?} base {base}");
                    } else {
                        assert_eq!(our_errno, limpet_syscall::errno::EINVAL);
                    }
                    clear();
                    let ours = strtoul(c.as_ptr(), &mut e1, base);
                    let host = host_strtoul(c.as_ptr(), &mut e2, base);
                    assert_eq!((ours, e1), (host, e2), "{s:?} base {base}");
                }
            }
        }
    }

    #[test]
    fn bad_base_and_ato() {
        let mut e = core::ptr::null_mut();
        unsafe {
            clear();
            assert_eq!(strtol(c"  12".as_ptr(), &mut e, 1), 0);
            assert_eq!(errno(), limpet_syscall::errno::EINVAL);
            assert_eq!(e as *const c_char, c"  12".as_ptr());
            assert_eq!(strtoll(c"12".as_ptr(), &mut e, 37), 0);
            assert_eq!(atoi(c"  -2147483648".as_ptr()), i32::MIN);
            assert_eq!(atoi(c"+12abc".as_ptr()), 12);
            assert_eq!(atol(c"-9223372036854775808".as_ptr()), i64::MIN);
            assert_eq!(atoll(c"x1".as_ptr()), 0);
            assert_eq!(__strtoul_internal(c"ff".as_ptr(), &mut e, 16, 0), 255);
        }
    }
}
