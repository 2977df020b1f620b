//! Sleeping: `nanosleep`, `clock_nanosleep`, `sleep`, `usleep`, `pause`, `alarm`. All but
//! `alarm` are cancellation points (`limpet_syscall::cancel`).
use core::ffi::{c_int, c_uint};

use limpet_syscall::cancel::syscall_cp;
use limpet_abi::time::Timespec;
use limpet_syscall::{errno::EINVAL, nr, result, ret_errno, syscall3};

use crate::abi::{CLOCK_REALTIME, CLOCK_THREAD_CPUTIME_ID, ITIMER_REAL, Itimerval, Timeval};

/// `clock_nanosleep(clock, flags, req, rem)`—Sleeps for `req` on `clock`, or until the
/// absolute time `req` with `TIMER_ABSTIME`. Returns 0 or an error number (not -1/errno):
/// `EINTR` (with the time left in `rem` for a relative sleep), `EINVAL`, `ENOTSUP`.
///
/// # Safety
/// `req` must be readable; `rem` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn clock_nanosleep(clock: c_int, flags: c_int, req: *const Timespec, rem: *mut Timespec) -> c_int {
    // The kernel would sleep on the thread's CPU clock forever; POSIX wants EINVAL.
    if clock == CLOCK_THREAD_CPUTIME_ID {
        return EINVAL;
    }
    // SAFETY: the kernel reads and writes the caller's timespecs.
    let r = unsafe { syscall_cp(nr::CLOCK_NANOSLEEP, clock as usize, flags as usize, req as usize, rem as usize, 0, 0) };
    match result(r) {
        Ok(_) => 0,
        Err(e) => e,
    }
}

/// `nanosleep(req, rem)`—Sleeps for `req`. 0, or -1 with errno set (`EINTR`, with the time
/// left in `rem` if not null; `EINVAL` for a bad `req`).
///
/// # Safety
/// `req` must be readable; `rem` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn nanosleep(req: *const Timespec, rem: *mut Timespec) -> c_int {
    // SAFETY: forwarded from the caller.
    match unsafe { clock_nanosleep(CLOCK_REALTIME, 0, req, rem) } {
        0 => 0,
        e => {
            limpet_syscall::set_errno(e);
            -1
        }
    }
}

/// `sleep(seconds)`—Sleeps; returns 0, or the whole seconds left if a handler interrupted it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sleep(seconds: c_uint) -> c_uint {
    let mut ts = Timespec { tv_sec: seconds as i64, tv_nsec: 0 };
    // SAFETY: `ts` is a local, read and then overwritten with the time left.
    if unsafe { nanosleep(&ts, &mut ts) } != 0 { ts.tv_sec as c_uint } else { 0 }
}

/// `usleep(us)`—Sleeps for `us` microseconds. 0, or -1 with errno set (`EINTR`).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn usleep(us: c_uint) -> c_int {
    let ts = Timespec { tv_sec: (us / 1_000_000) as i64, tv_nsec: (us % 1_000_000) as i64 * 1000 };
    // SAFETY: `ts` is a local.
    unsafe { nanosleep(&ts, core::ptr::null_mut()) }
}

/// `pause()`—Waits until a handler runs; always -1 with `EINTR`. A cancellation point.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn pause() -> c_int {
    // SAFETY: ppoll on no descriptors with no timeout only waits for a signal.
    ret_errno(unsafe { syscall_cp(nr::PPOLL, 0, 0, 0, 0, 0, 0) }) as c_int
}

/// `alarm(seconds)`—Has `SIGALRM` sent after `seconds` (0 cancels), replacing any earlier
/// alarm; returns the seconds the earlier one had left, rounded up, or 0.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn alarm(seconds: c_uint) -> c_uint {
    let new = Itimerval { it_interval: Timeval::default(), it_value: Timeval { tv_sec: seconds as i64, tv_usec: 0 } };
    let mut old = Itimerval::default();
    // SAFETY: both are locals.
    unsafe { syscall3(nr::SETITIMER, ITIMER_REAL as usize, &raw const new as usize, &raw mut old as usize) };
    old.it_value.tv_sec as c_uint + (old.it_value.tv_usec != 0) as c_uint
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_sleeps_and_bad_arguments() {
        let t = std::time::Instant::now();
        assert_eq!(usleep(20_000), 0);
        assert!(t.elapsed() >= std::time::Duration::from_millis(20));
        let bad = Timespec { tv_sec: 0, tv_nsec: 2_000_000_000 };
        assert_eq!(unsafe { nanosleep(&bad, core::ptr::null_mut()) }, -1);
        assert_eq!(limpet_syscall::errno(), EINVAL);
        assert_eq!(unsafe { clock_nanosleep(CLOCK_THREAD_CPUTIME_ID, 0, &bad, core::ptr::null_mut()) }, EINVAL);
        let ok = Timespec { tv_sec: 0, tv_nsec: 1000 };
        assert_eq!(unsafe { clock_nanosleep(1, 0, &ok, core::ptr::null_mut()) }, 0);
        assert_eq!(sleep(0), 0);
    }

    #[test]
    fn alarm_reports_the_time_left_in_a_child() {
        let pid = unsafe { crate::fork::fork_only() }.unwrap();
        if pid == 0 {
            let first = alarm(100);
            let left = alarm(0);
            let ok = first == 0 && (99..=100).contains(&left) && alarm(0) == 0;
            unsafe { limpet_syscall::syscall1_noreturn(nr::EXIT_GROUP, if ok { 0 } else { 1 }) }
        }
        let mut st = -1;
        unsafe { crate::wait::waitpid(pid, &mut st, 0) };
        assert_eq!(st, 0);
    }
}
