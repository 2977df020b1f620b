//! `localtime`, `localtime_r` and `mktime`: conversions in the current zone (see `tz`).
use limpet_syscall::{errno::EOVERFLOW, set_errno};

use crate::abi::Tm;
use crate::calendar::{secs_to_tm, tm_to_secs, MAX_YEAR_SPAN};
use crate::tz::secs_to_zone;

/// `localtime`'s result (musl keeps it apart from `gmtime`'s).
static mut LOCALTIME_TM: Tm = Tm::ZERO;

/// `localtime_r(t, tm)`—Breaks `*t` down in the current zone (`TZ`), with `tm_isdst`,
/// `tm_gmtoff` and `tm_zone` set. Returns `tm`, or null with errno EOVERFLOW.
///
/// # Safety
/// `t` must be readable and `tm` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn localtime_r(t: *const i64, tm: *mut Tm) -> *mut Tm {
    // SAFETY: caller's contract.
    let (t, out) = unsafe { (*t, &mut *tm) };
    if t < i32::MIN as i64 * MAX_YEAR_SPAN || t > i32::MAX as i64 * MAX_YEAR_SPAN {
        set_errno(EOVERFLOW);
        return core::ptr::null_mut();
    }
    let z = secs_to_zone(t, false);
    out.tm_isdst = z.isdst as i32;
    out.tm_gmtoff = z.offset;
    out.tm_zone = z.name;
    if secs_to_tm(t + z.offset, out).is_none() {
        set_errno(EOVERFLOW);
        return core::ptr::null_mut();
    }
    tm
}

/// `localtime(t)`—Like [`localtime_r`] into a static `struct tm`.
///
/// # Safety
/// `t` must be readable. Not thread-safe, as in C.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn localtime(t: *const i64) -> *mut Tm {
    // SAFETY: the static is the documented shared result.
    unsafe { localtime_r(t, &raw mut LOCALTIME_TM) }
}

/// `mktime(tm)`—Reads `*tm` as local time (fields may be out of range; `tm_isdst` < 0
/// lets the zone decide, otherwise a wrong guess is corrected by the DST difference),
/// normalizes it and returns the time, or -1 with errno EOVERFLOW.
///
/// # Safety
/// `tm` must be valid for reads and writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mktime(tm: *mut Tm) -> i64 {
    // SAFETY: caller's contract.
    let tm = unsafe { &mut *tm };
    let mut t = tm_to_secs(tm);
    let z = secs_to_zone(t, true);
    if tm.tm_isdst >= 0 && z.isdst as i32 != tm.tm_isdst {
        t -= z.oppoff - z.offset;
    }
    t -= z.offset;
    let z = secs_to_zone(t, false);
    let mut new = Tm::ZERO;
    if secs_to_tm(t + z.offset, &mut new).is_none() {
        set_errno(EOVERFLOW);
        return -1;
    }
    new.tm_isdst = z.isdst as i32;
    new.tm_gmtoff = z.offset;
    new.tm_zone = z.name;
    *tm = new;
    t
}
