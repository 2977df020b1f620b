//! The clocks: `time`, `gettimeofday`, `settimeofday`, `clock_settime`, `clock_getres`,
//! `clock`, `times`, `clock_getcpuclockid`, `timespec_get`, and the old `ftime` and `stime`. `clock_gettime` itself (through the vDSO) is in
//! `limpet_syscall::unistd`.
use core::ffi::{c_int, c_long, c_void};

use limpet_syscall::errno::EINVAL;
use limpet_syscall::unistd::clock_gettime;
use limpet_syscall::{nr, result, ret_errno, set_errno, syscall1, syscall2};

use crate::abi::{Timespec, Timeval, Tms, CLOCK_PROCESS_CPUTIME_ID, CLOCK_REALTIME};

/// C11's only time base.
const TIME_UTC: c_int = 1;
const NSEC_PER_USEC: c_long = 1000;
const USEC_PER_SEC: i64 = 1_000_000;

/// `time(t)`—Seconds since the epoch; also stored in `*t` if `t` is not null.
///
/// # Safety
/// `t` must be null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn time(t: *mut i64) -> i64 {
    let mut ts = Timespec::default();
    // SAFETY: `ts` is a valid timespec; CLOCK_REALTIME cannot fail.
    unsafe { clock_gettime(CLOCK_REALTIME, &mut ts) };
    if !t.is_null() {
        // SAFETY: caller's contract.
        unsafe { *t = ts.tv_sec };
    }
    ts.tv_sec
}

/// `gettimeofday(tv, tz)`—The real time in microseconds. `tz` is obsolete and ignored;
/// a null `tv` does nothing. Returns 0.
///
/// # Safety
/// `tv` must be null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn gettimeofday(tv: *mut Timeval, _tz: *mut c_void) -> c_int {
    if tv.is_null() {
        return 0;
    }
    let mut ts = Timespec::default();
    // SAFETY: as in `time`; `tv` per the caller.
    unsafe {
        clock_gettime(CLOCK_REALTIME, &mut ts);
        *tv = Timeval { tv_sec: ts.tv_sec, tv_usec: ts.tv_nsec / NSEC_PER_USEC };
    }
    0
}

/// `settimeofday(tv, tz)`—Sets the real-time clock (`tz` is ignored; a null `tv` does
/// nothing). -1 with errno EINVAL for microseconds out of range, EPERM without privilege.
///
/// # Safety
/// `tv` must be null or readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn settimeofday(tv: *const Timeval, _tz: *const c_void) -> c_int {
    if tv.is_null() {
        return 0;
    }
    // SAFETY: caller's contract.
    let tv = unsafe { *tv };
    if tv.tv_usec as u64 >= USEC_PER_SEC as u64 {
        set_errno(EINVAL);
        return -1;
    }
    let ts = Timespec { tv_sec: tv.tv_sec, tv_nsec: tv.tv_usec * NSEC_PER_USEC };
    // SAFETY: `ts` is a valid timespec.
    unsafe { clock_settime(CLOCK_REALTIME, &ts) }
}

/// `clock_settime(clk, ts)`—Sets clock `clk` to `*ts`. -1 with errno EINVAL (clock not
/// settable, nanoseconds out of range) or EPERM (no privilege).
///
/// # Safety
/// `ts` must be readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn clock_settime(clk: c_int, ts: *const Timespec) -> c_int {
    // SAFETY: the kernel checks the pointer.
    ret_errno(unsafe { syscall2(nr::CLOCK_SETTIME, clk as isize as usize, ts as usize) }) as c_int
}

/// `timespec_get(ts, base)`—C11: the current time of `base` (only TIME_UTC exists) into
/// `*ts`. Returns `base`, or 0 for another base.
///
/// # Safety
/// `ts` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn timespec_get(ts: *mut Timespec, base: c_int) -> c_int {
    if base != TIME_UTC {
        return 0;
    }
    // SAFETY: caller's contract.
    if unsafe { clock_gettime(CLOCK_REALTIME, ts) } < 0 { 0 } else { base }
}

/// `clock_getres(clk, res)`—The resolution of clock `clk` into `*res` (if not null).
/// -1 with errno EINVAL for an unknown clock.
///
/// # Safety
/// `res` must be null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn clock_getres(clk: c_int, res: *mut Timespec) -> c_int {
    // SAFETY: the kernel checks `res`.
    ret_errno(unsafe { syscall2(nr::CLOCK_GETRES, clk as isize as usize, res as usize) }) as c_int
}

/// `clock()`—Processor time used, in microseconds (CLOCKS_PER_SEC is 1000000), or -1
/// if it does not fit in a `clock_t`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn clock() -> c_long {
    let mut ts = Timespec::default();
    // SAFETY: `ts` is a valid timespec.
    if unsafe { clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &mut ts) } != 0 {
        return -1;
    }
    ts.tv_sec
        .checked_mul(USEC_PER_SEC)
        .and_then(|us| us.checked_add(ts.tv_nsec / NSEC_PER_USEC))
        .unwrap_or(-1)
}

/// `times(buf)`—The process's and its waited-for children's CPU times, in clock ticks, and
/// returns the elapsed ticks since an arbitrary point.
///
/// # Safety
/// `buf` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn times(buf: *mut Tms) -> c_long {
    // SAFETY: the kernel checks `buf`.
    ret_errno(unsafe { syscall1(nr::TIMES, buf as usize) }) as c_long
}

/// `clock_getcpuclockid(pid, clk)`—The CPU-time clock of process `pid` (0: this one).
/// Returns 0 or the kernel's error number (errno is untouched): EINVAL, as in musl 1.2.3,
/// when there is no such process.
///
/// # Safety
/// `clk` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn clock_getcpuclockid(pid: c_int, clk: *mut c_int) -> c_int {
    // The kernel's encoding of a process CPU clock: !pid << 3 | CPUCLOCK_SCHED (2).
    let id = ((-pid).wrapping_sub(1) as u32).wrapping_mul(8).wrapping_add(2) as c_int;
    let mut ts = Timespec::default();
    // SAFETY: `ts` is a valid timespec.
    match result(unsafe { syscall2(nr::CLOCK_GETRES, id as isize as usize, &mut ts as *mut _ as usize) }) {
        Ok(_) => {
            // SAFETY: caller's contract.
            unsafe { *clk = id };
            0
        }
        Err(e) => e,
    }
}

/// `ftime(tp)`—The real time in seconds and milliseconds in `*tp`, with its time zone fields
/// 0 (Linux keeps no zone); returns 0.
///
/// # Safety
/// `tp` must point to a writable `struct timeb`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ftime(tp: *mut limpet_abi::time::Timeb) -> c_int {
    let mut ts = Timespec::default();
    // SAFETY: `ts` is a timespec; CLOCK_REALTIME cannot fail.
    unsafe { clock_gettime(CLOCK_REALTIME, &mut ts) };
    // SAFETY: the caller's contract.
    unsafe {
        *tp = limpet_abi::time::Timeb { time: ts.tv_sec, millitm: (ts.tv_nsec / 1_000_000) as u16, timezone: 0, dstflag: 0 };
    }
    0
}

/// `stime(t)`—Sets the real time to `*t` seconds (privileged): `settimeofday` with 0
/// microseconds. 0, or -1 with errno (EPERM).
///
/// # Safety
/// `t` must point to a readable `time_t`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn stime(t: *const i64) -> c_int {
    // SAFETY: the caller's contract.
    let tv = Timeval { tv_sec: unsafe { *t }, tv_usec: 0 };
    // SAFETY: `tv` is a timeval.
    unsafe { settimeofday(&tv, core::ptr::null()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_agree() {
        let mut tv = Timeval::default();
        let mut t2 = 0;
        unsafe {
            let t = time(core::ptr::null_mut());
            assert_eq!(gettimeofday(&mut tv, core::ptr::null_mut()), 0);
            assert!(tv.tv_sec >= t && tv.tv_sec <= t + 2);
            assert!((0..1_000_000).contains(&tv.tv_usec));
            assert!(time(&mut t2) >= t && t2 >= t);
        }
        assert!(clock() >= 0);
    }

    #[test]
    fn resolution_and_errors() {
        let mut ts = Timespec::default();
        unsafe {
            assert_eq!(clock_getres(CLOCK_REALTIME, &mut ts), 0);
            assert!(ts.tv_sec == 0 && ts.tv_nsec > 0);
            assert_eq!(clock_getres(1234, &mut ts), -1);
            assert_eq!(std::io::Error::last_os_error().raw_os_error(), Some(EINVAL));
            let bad = Timeval { tv_sec: 0, tv_usec: 1_000_000 };
            assert_eq!(settimeofday(&bad, core::ptr::null()), -1);
            assert_eq!(std::io::Error::last_os_error().raw_os_error(), Some(EINVAL));
            let mut clk = 0;
            assert_eq!(clock_getcpuclockid(0, &mut clk), 0);
            assert_eq!(clk, -6);
            assert_eq!(clock_getcpuclockid(0x3fff_fff0, &mut clk), EINVAL);
            assert_eq!(clock_settime(1234, &ts), -1);
            assert_eq!(std::io::Error::last_os_error().raw_os_error(), Some(EINVAL));
            assert_eq!(timespec_get(&mut ts, 2), 0);
            assert_eq!(timespec_get(&mut ts, TIME_UTC), TIME_UTC);
            assert!(ts.tv_sec > 1_600_000_000);
            let mut tms = Tms::default();
            assert!(times(&mut tms) != -1);
        }
    }

    #[test]
    fn ftime_agrees_with_time() {
        let mut tb = limpet_abi::time::Timeb { time: 0, millitm: 999, timezone: 1, dstflag: 1 };
        // SAFETY: a timeb and a null time pointer.
        assert_eq!(unsafe { ftime(&mut tb) }, 0);
        let now = unsafe { time(core::ptr::null_mut()) };
        assert!((now - tb.time).abs() <= 1);
        assert!(tb.millitm < 1000 && tb.timezone == 0 && tb.dstflag == 0);
    }
}
