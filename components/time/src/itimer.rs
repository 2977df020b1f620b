//! `setitimer` and `getitimer`: the per-process interval timers.
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
}
