//! `setitimer` and `getitimer`: the per-process interval timers; `ualarm` over the real one.
use core::ffi::c_int;

use limpet_syscall::{nr, ret_errno, syscall2, syscall3};

use crate::abi::Itimerval;

/// `setitimer(which, new, old)`—Arms or disarms timer `which` (ITIMER_REAL, _VIRTUAL or
/// _PROF) with `*new`, storing the previous setting in `*old` if not null. -1 with errno
/// EINVAL for a bad timer or value.
///
/// # Safety
/// `new` must be readable and `old` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn setitimer(which: c_int, new: *const Itimerval, old: *mut Itimerval) -> c_int {
    // SAFETY: the kernel checks the pointers.
    ret_errno(unsafe { syscall3(nr::SETITIMER, which as usize, new as usize, old as usize) }) as c_int
}

/// `getitimer(which, cur)`—The time left on timer `which` and its interval.
///
/// # Safety
/// `cur` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getitimer(which: c_int, cur: *mut Itimerval) -> c_int {
    // SAFETY: the kernel checks the pointer.
    ret_errno(unsafe { syscall2(nr::GETITIMER, which as usize, cur as usize) }) as c_int
}

/// `ualarm(value, interval)`—Sends `SIGALRM` after `value` microseconds, then every
/// `interval` (0: once); 0 for `value` cancels. Returns the microseconds that were left on
/// the previous alarm (0 if none).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn ualarm(value: core::ffi::c_uint, interval: core::ffi::c_uint) -> core::ffi::c_uint {
    const US: u32 = 1_000_000;
    let tv = |us: u32| crate::abi::Timeval { tv_sec: i64::from(us / US), tv_usec: (us % US).into() };
    let new = Itimerval { it_interval: tv(interval), it_value: tv(value) };
    let mut old = Itimerval::default();
    // SAFETY: both are itimervals; ITIMER_REAL (0) is valid.
    unsafe { setitimer(0, &new, &mut old) };
    (old.it_value.tv_sec * i64::from(US) + old.it_value.tv_usec) as core::ffi::c_uint
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::Timeval;

    #[test]
    fn arm_read_disarm() {
        const ITIMER_VIRTUAL: c_int = 1;
        let new = Itimerval { it_interval: Timeval::default(), it_value: Timeval { tv_sec: 100, tv_usec: 0 } };
        let mut cur = Itimerval::default();
        unsafe {
            assert_eq!(setitimer(ITIMER_VIRTUAL, &new, core::ptr::null_mut()), 0);
            assert_eq!(getitimer(ITIMER_VIRTUAL, &mut cur), 0);
            assert!(cur.it_value.tv_sec > 90 && cur.it_value.tv_sec <= 100);
            assert_eq!(setitimer(ITIMER_VIRTUAL, &Itimerval::default(), &mut cur), 0);
            assert!(cur.it_value.tv_sec > 90);
            assert_eq!(getitimer(99, &mut cur), -1);
        }
    }

    #[test]
    fn ualarm_reports_what_was_left() {
        // Armed for 50 s and cancelled at once: SIGALRM never comes.
        assert_eq!(ualarm(50_000_000, 0), 0);
        let left = ualarm(0, 0);
        assert!(left > 49_000_000 && left <= 50_000_000, "{left}");
        assert_eq!(ualarm(0, 0), 0);
    }
}
