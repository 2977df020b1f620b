//! `timerfd_create`, `timerfd_settime`, `timerfd_gettime`.
use core::ffi::c_int;

use limpet_abi::time::Itimerspec;
use limpet_syscall::{nr, syscall2, syscall4};

use crate::ret_int;

/// `timerfd_create(clock, flags)`—A timer on `clock` (`CLOCK_REALTIME`, `CLOCK_MONOTONIC`,
/// `CLOCK_BOOTTIME`, ...) whose expirations are read from the descriptor as a 64-bit count
/// (`TFD_CLOEXEC`, `TFD_NONBLOCK`); or -1 with errno (EINVAL).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn timerfd_create(clock: c_int, flags: c_int) -> c_int {
    // SAFETY: timerfd_create takes no pointer.
    ret_int(unsafe { syscall2(nr::TIMERFD_CREATE, clock as usize, flags as usize) })
}

/// `timerfd_settime(fd, flags, new, old)`—Arms (or with a zero `it_value`, disarms) the
/// timer, relative or at an absolute time (`TFD_TIMER_ABSTIME`); the previous setting goes
/// to `*old` when it is not null. 0, or -1 with errno (EINVAL for a bad time or flag).
///
/// # Safety
/// `new` must be readable; `old` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn timerfd_settime(fd: c_int, flags: c_int, new: *const Itimerspec, old: *mut Itimerspec) -> c_int {
    // SAFETY: the caller vouches for both pointers.
    ret_int(unsafe { syscall4(nr::TIMERFD_SETTIME, fd as usize, flags as usize, new as usize, old as usize) })
}

/// `timerfd_gettime(fd, cur)`—The time to the next expiry and the period; 0, or -1 with
/// errno.
///
/// # Safety
/// `cur` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn timerfd_gettime(fd: c_int, cur: *mut Itimerspec) -> c_int {
    // SAFETY: the caller vouches for `cur`.
    ret_int(unsafe { syscall2(nr::TIMERFD_GETTIME, fd as usize, cur as usize) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_abi::fdevent::TFD_NONBLOCK;
    use limpet_abi::time::{CLOCK_MONOTONIC, Timespec};
    use limpet_syscall::errno;
    use limpet_syscall::errno::{EAGAIN, EINVAL};

    #[test]
    fn expirations_are_counted() {
        let fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK);
        assert!(fd >= 0);
        let mut n = 0u64;
        // Not armed: nothing to read.
        // SAFETY: eight bytes into a local.
        assert_eq!(unsafe { limpet_syscall::unistd::read(fd, (&raw mut n).cast(), 8) }, -1);
        assert_eq!(errno(), EAGAIN);
        let every_ms = Timespec { tv_sec: 0, tv_nsec: 1_000_000 };
        let new = Itimerspec { it_interval: every_ms, it_value: every_ms };
        // SAFETY: valid itimerspecs.
        assert_eq!(unsafe { timerfd_settime(fd, 0, &new, core::ptr::null_mut()) }, 0);
        let mut cur = Itimerspec::default();
        assert_eq!(unsafe { timerfd_gettime(fd, &mut cur) }, 0);
        assert_eq!(cur.it_interval, every_ms);
        assert!(cur.it_value.tv_nsec <= 1_000_000);
        let pause = Timespec { tv_sec: 0, tv_nsec: 5_000_000 };
        // SAFETY: a valid timespec.
        unsafe { limpet_syscall::syscall2(nr::NANOSLEEP, &raw const pause as usize, 0) };
        assert_eq!(unsafe { limpet_syscall::unistd::read(fd, (&raw mut n).cast(), 8) }, 8);
        assert!(n >= 3, "{n} expirations");
        let mut old = Itimerspec::default();
        let off = Itimerspec::default();
        assert_eq!(unsafe { timerfd_settime(fd, 0, &off, &mut old) }, 0);
        assert_eq!(old.it_interval, every_ms);
        let bad = Itimerspec { it_interval: every_ms, it_value: Timespec { tv_sec: 0, tv_nsec: 2_000_000_000 } };
        assert_eq!(unsafe { timerfd_settime(fd, 0, &bad, core::ptr::null_mut()) }, -1);
        assert_eq!(errno(), EINVAL);
        limpet_syscall::unistd::close(fd);
        assert_eq!(timerfd_create(12345, 0), -1);
        assert_eq!(errno(), EINVAL);
    }
}
