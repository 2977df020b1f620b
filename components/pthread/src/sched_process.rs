//! The process-wide `<sched.h>` functions: the priority range of a policy, the round-robin
//! quantum, and the four per-process policy calls.
//!
//! Linux's `sched_setscheduler`, `sched_getscheduler`, `sched_setparam` and
//! `sched_getparam` act on one thread, while POSIX has them act on a whole process. As
//! musl does, limpet does not pass one off as the other: those four fail with `ENOSYS`, and
//! programs set a thread's scheduling with `pthread_setschedparam` (or the thread
//! attributes).
use core::ffi::c_int;

use limpet_syscall::errno::ENOSYS;
use limpet_abi::time::Timespec;
use limpet_syscall::{nr, ret_errno, set_errno, syscall1, syscall2};

use crate::abi::SchedParam;

/// `sched_get_priority_max(policy)`—The highest priority `policy` allows, or -1 with errno
/// `EINVAL` for an unknown policy.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sched_get_priority_max(policy: c_int) -> c_int {
    // SAFETY: a query with no memory arguments.
    ret_errno(unsafe { syscall1(nr::SCHED_GET_PRIORITY_MAX, policy as usize) }) as c_int
}

/// `sched_get_priority_min(policy)`—The lowest priority `policy` allows, or -1 with errno
/// `EINVAL` for an unknown policy.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sched_get_priority_min(policy: c_int) -> c_int {
    // SAFETY: a query with no memory arguments.
    ret_errno(unsafe { syscall1(nr::SCHED_GET_PRIORITY_MIN, policy as usize) }) as c_int
}

/// `sched_rr_get_interval(pid, ts)`—Stores in `*ts` the time slice of process `pid` (0: the
/// caller) under round-robin scheduling. 0, or -1 with errno (`ESRCH`, `EINVAL`, `EFAULT`).
///
/// # Safety
/// `ts` must be valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sched_rr_get_interval(pid: c_int, ts: *mut Timespec) -> c_int {
    // SAFETY: the kernel writes one timespec to `ts`, valid per the contract.
    ret_errno(unsafe { syscall2(nr::SCHED_RR_GET_INTERVAL, pid as usize, ts as usize) }) as c_int
}

/// -1 with errno `ENOSYS` (see the module docs).
fn per_process() -> c_int {
    set_errno(ENOSYS);
    -1
}

/// `sched_setscheduler(pid, policy, param)`—-1 with errno `ENOSYS`, as in musl (see the
/// module docs).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sched_setscheduler(_pid: c_int, _policy: c_int, _param: *const SchedParam) -> c_int {
    per_process()
}

/// `sched_getscheduler(pid)`—-1 with errno `ENOSYS`, as in musl (see the module docs).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sched_getscheduler(_pid: c_int) -> c_int {
    per_process()
}

/// `sched_setparam(pid, param)`—-1 with errno `ENOSYS`, as in musl (see the module docs).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sched_setparam(_pid: c_int, _param: *const SchedParam) -> c_int {
    per_process()
}

/// `sched_getparam(pid, param)`—-1 with errno `ENOSYS`, as in musl (see the module docs).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sched_getparam(_pid: c_int, _param: *mut SchedParam) -> c_int {
    per_process()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCHED_OTHER: c_int = 0;
    const SCHED_FIFO: c_int = 1;
    const SCHED_RR: c_int = 2;

    #[test]
    fn priority_ranges_are_the_kernels() {
        assert_eq!((sched_get_priority_min(SCHED_OTHER), sched_get_priority_max(SCHED_OTHER)), (0, 0));
        assert_eq!((sched_get_priority_min(SCHED_FIFO), sched_get_priority_max(SCHED_FIFO)), (1, 99));
        assert_eq!(sched_get_priority_max(SCHED_RR), 99);
        assert_eq!(sched_get_priority_max(77), -1);
    }

    #[test]
    fn round_robin_interval_is_written() {
        let mut ts = Timespec { tv_sec: -1, tv_nsec: -1 };
        assert_eq!(unsafe { sched_rr_get_interval(0, &mut ts) }, 0);
        assert!(ts.tv_sec >= 0 && (0..1_000_000_000).contains(&ts.tv_nsec));
    }
}
