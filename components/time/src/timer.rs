//! POSIX per-process timers: `timer_create`, `timer_settime`, `timer_gettime`,
//! `timer_getoverrun`, `timer_delete`.
//!
//! For notification by signal (SIGEV_SIGNAL, SIGEV_THREAD_ID) or none (SIGEV_NONE) a
//! `timer_t` is the kernel's timer id; SIGEV_THREAD timers are in `timer_thread`.
use core::ffi::{c_int, c_void};

use limpet_syscall::errno::EINVAL;
use limpet_syscall::{nr, ret_errno, set_errno, syscall1, syscall2, syscall3, syscall4};

use crate::abi::{Itimerspec, Sigevent, TimerT, SIGEV_NONE, SIGEV_SIGNAL, SIGEV_THREAD, SIGEV_THREAD_ID};

/// `timer_create(clk, sev, timer)`—Creates a timer on clock `clk` that notifies as `*sev`
/// says (null: SIGALRM carrying the timer id). -1 with errno EINVAL (bad clock or
/// notification) or EAGAIN. With SIGEV_THREAD, each expiry calls the notify function
/// on a helper thread (created with the given attributes, detached).
///
/// # Safety
/// `sev` must be null or readable, `timer` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn timer_create(clk: c_int, sev: *const Sigevent, timer: *mut TimerT) -> c_int {
    let mut ksev;
    let mut kp: *const Sigevent = core::ptr::null();
    if !sev.is_null() {
        // SAFETY: caller's contract.
        ksev = unsafe { *sev };
        match ksev.sigev_notify {
            SIGEV_NONE | SIGEV_SIGNAL => ksev.sigev_un = [0; 6],
            SIGEV_THREAD_ID => ksev.sigev_un = [ksev.sigev_un[0] & u32::MAX as u64, 0, 0, 0, 0, 0],
            // SAFETY: forwarded contract.
            SIGEV_THREAD => return unsafe { crate::timer_thread::create(clk, &ksev, timer) },
            _ => {
                set_errno(EINVAL);
                return -1;
            }
        }
        kp = &ksev;
    }
    let mut id: c_int = 0;
    // SAFETY: `kp` is null or a kernel-layout sigevent; `id` is writable.
    let r = unsafe { syscall3(nr::TIMER_CREATE, clk as isize as usize, kp as usize, &mut id as *mut _ as usize) };
    if ret_errno(r) < 0 {
        return -1;
    }
    // SAFETY: caller's contract.
    unsafe { *timer = id as isize as *mut c_void };
    0
}

fn id(t: TimerT) -> usize {
    crate::timer_thread::kernel_id(t)
}

/// `timer_settime(t, flags, new, old)`—Arms (or, with a zero value, disarms) timer `t`;
/// TIMER_ABSTIME in `flags` makes the value absolute. The previous setting goes to `*old`
/// if not null. -1 with errno EINVAL for a bad timer or value.
///
/// # Safety
/// `new` must be readable, `old` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn timer_settime(t: TimerT, flags: c_int, new: *const Itimerspec, old: *mut Itimerspec) -> c_int {
    // SAFETY: the kernel checks the pointers.
    ret_errno(unsafe { syscall4(nr::TIMER_SETTIME, id(t), flags as usize, new as usize, old as usize) }) as c_int
}

/// `timer_gettime(t, cur)`—The time left on timer `t` and its interval.
///
/// # Safety
/// `cur` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn timer_gettime(t: TimerT, cur: *mut Itimerspec) -> c_int {
    // SAFETY: the kernel checks the pointer.
    ret_errno(unsafe { syscall2(nr::TIMER_GETTIME, id(t), cur as usize) }) as c_int
}

/// `timer_getoverrun(t)`—The overrun count of timer `t`'s last expiry, or -1 (EINVAL).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn timer_getoverrun(t: TimerT) -> c_int {
    // SAFETY: no memory is passed.
    ret_errno(unsafe { syscall1(nr::TIMER_GETOVERRUN, id(t)) }) as c_int
}

/// `timer_delete(t)`—Disarms and deletes timer `t`; -1 with errno EINVAL if there is none.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn timer_delete(t: TimerT) -> c_int {
    if let Some(r) = crate::timer_thread::delete(t) {
        return r;
    }
    // SAFETY: no memory is passed.
    ret_errno(unsafe { syscall1(nr::TIMER_DELETE, id(t)) }) as c_int
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::{Timespec, CLOCK_REALTIME};

    #[test]
    fn none_timer_counts_down() {
        let sev = Sigevent { sigev_value: 0, sigev_signo: 0, sigev_notify: SIGEV_NONE, sigev_un: [0; 6] };
        let mut t: TimerT = core::ptr::null_mut();
        unsafe {
            assert_eq!(timer_create(CLOCK_REALTIME, &sev, &mut t), 0);
            let new = Itimerspec { it_interval: Timespec::default(), it_value: Timespec { tv_sec: 50, tv_nsec: 0 } };
            assert_eq!(timer_settime(t, 0, &new, core::ptr::null_mut()), 0);
            let mut cur = Itimerspec::default();
            assert_eq!(timer_gettime(t, &mut cur), 0);
            assert!(cur.it_value.tv_sec >= 49 && cur.it_value.tv_sec <= 50);
            assert_eq!(timer_getoverrun(t), 0);
            assert_eq!(timer_delete(t), 0);
            assert_eq!(timer_delete(t), -1);
            let bad = Sigevent { sigev_notify: 77, ..sev };
            assert_eq!(timer_create(CLOCK_REALTIME, &bad, &mut t), -1);
            assert_eq!(std::io::Error::last_os_error().raw_os_error(), Some(EINVAL));
        }
    }
}
