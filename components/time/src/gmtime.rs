//! `gmtime`, `gmtime_r` and `timegm`: UTC conversions.
use core::ffi::c_char;

use limpet_syscall::{errno::EOVERFLOW, set_errno};

use crate::abi::Tm;
use crate::calendar::{secs_to_tm, tm_to_secs};
use crate::tz::UTC;

/// `gmtime`'s result (musl keeps it apart from `localtime`'s).
static mut GMTIME_TM: Tm = Tm::ZERO;

/// `gmtime_r(t, tm)`—Breaks `*t` down as UTC into `*tm` (zone "UTC"). Returns `tm`, or
/// null with errno EOVERFLOW if the year does not fit in an `int`.
///
/// # Safety
/// `t` must be readable and `tm` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn gmtime_r(t: *const i64, tm: *mut Tm) -> *mut Tm {
    // SAFETY: caller's contract.
    let (t, out) = unsafe { (*t, &mut *tm) };
    if secs_to_tm(t, out).is_none() {
        set_errno(EOVERFLOW);
        return core::ptr::null_mut();
    }
    out.tm_isdst = 0;
    out.tm_gmtoff = 0;
    out.tm_zone = UTC.as_ptr() as *const c_char;
    tm
}

/// `gmtime(t)`—Like [`gmtime_r`] into a static `struct tm`.
///
/// # Safety
/// `t` must be readable. Not thread-safe, as in C.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn gmtime(t: *const i64) -> *mut Tm {
    // SAFETY: the static is the documented shared result.
    unsafe { gmtime_r(t, &raw mut GMTIME_TM) }
}

/// `timegm(tm)`—The inverse of `gmtime`: normalizes `*tm` (any field may be out of range)
/// and returns its time as UTC, or -1 with errno EOVERFLOW.
///
/// # Safety
/// `tm` must be valid for reads and writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn timegm(tm: *mut Tm) -> i64 {
    // SAFETY: caller's contract.
    let tm = unsafe { &mut *tm };
    let t = tm_to_secs(tm);
    let mut new = Tm::ZERO;
    if secs_to_tm(t, &mut new).is_none() {
        set_errno(EOVERFLOW);
        return -1;
    }
    new.tm_zone = UTC.as_ptr() as *const c_char;
    *tm = new;
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn against_the_host() {
        unsafe extern "C" {
            #[link_name = "gmtime_r"]
            fn host_gmtime_r(t: *const i64, tm: *mut Tm) -> *mut Tm;
        }
        let mut t = -100_000_000_000i64;
        while t < 100_000_000_000 {
            let (mut a, mut b) = (Tm::ZERO, Tm::ZERO);
            unsafe {
                gmtime_r(&t, &mut a);
                host_gmtime_r(&t, &mut b);
            }
            b.tm_zone = a.tm_zone;
            assert_eq!(a, b, "{t}");
            let mut c = a;
            assert_eq!(unsafe { timegm(&mut c) }, t);
            t += 12_345_678_901;
        }
        let big = i64::MAX;
        let mut out = Tm::ZERO;
        assert!(unsafe { gmtime_r(&big, &mut out) }.is_null());
    }
}
