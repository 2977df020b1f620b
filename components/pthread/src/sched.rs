//! A thread's scheduling: `pthread_setschedparam`, `pthread_getschedparam`,
//! `pthread_setschedprio`, the concurrency hint and `pthread_getcpuclockid`. The kernel
//! schedules threads by their ids, so these are the `sched_*` system calls on the
//! thread's id (looked up safely against its exit, [`crate::tid`]).
use core::ffi::c_int;
use core::sync::atomic::Ordering;

use limpet_syscall::errno::{EAGAIN, EINVAL, ESRCH};
use limpet_syscall::{nr, result, syscall2, syscall3};

use crate::descriptor::Pthread;
use crate::tid::with_live_tid;

pub use crate::abi::SchedParam;

/// The negated result of a syscall as a pthread error number (0 on success).
fn err_of(r: usize) -> c_int {
    result(r).err().unwrap_or(0)
}

/// `pthread_setschedparam(t, policy, param)`—Sets thread `t`'s scheduling policy and
/// priority. Returns 0, `ESRCH` when `t` has ended, or the kernel's error (`EINVAL`,
/// `EPERM`).
///
/// # Safety
/// `t` must be a thread of this process not yet joined; `param` readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_setschedparam(t: *mut Pthread, policy: c_int, param: *const SchedParam) -> c_int {
    // SAFETY: the kernel reads `param`, valid per the contract.
    let set =
        |tid: i32| err_of(unsafe { syscall3(nr::SCHED_SETSCHEDULER, tid as usize, policy as usize, param as usize) });
    with_live_tid(t, set).unwrap_or(ESRCH)
}

/// `pthread_getschedparam(t, policy, param)`—Stores thread `t`'s scheduling policy and
/// priority. Returns 0, `ESRCH` when `t` has ended, or the kernel's error.
///
/// # Safety
/// `t` must be a thread of this process not yet joined; `policy` and `param` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_getschedparam(t: *mut Pthread, policy: *mut c_int, param: *mut SchedParam) -> c_int {
    let get = |tid: i32| {
        // SAFETY: read-only queries writing to the caller's `param`.
        let p = match result(unsafe { syscall2(nr::SCHED_GETSCHEDULER, tid as usize, 0) }) {
            Ok(p) => p,
            Err(e) => return e,
        };
        // SAFETY: as above.
        let r = err_of(unsafe { syscall2(nr::SCHED_GETPARAM, tid as usize, param as usize) });
        if r == 0 {
            // SAFETY: writable per the contract.
            unsafe { *policy = p as c_int };
        }
        r
    };
    with_live_tid(t, get).unwrap_or(ESRCH)
}

/// `pthread_setschedprio(t, prio)`—Sets thread `t`'s priority, keeping its policy. Returns
/// 0, `ESRCH` when `t` has ended, or the kernel's error.
///
/// # Safety
/// `t` must be a thread of this process not yet joined.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_setschedprio(t: *mut Pthread, prio: c_int) -> c_int {
    let param = SchedParam::new(prio);
    // SAFETY: the kernel reads the local `param`.
    let set = |tid: i32| err_of(unsafe { syscall2(nr::SCHED_SETPARAM, tid as usize, &raw const param as usize) });
    with_live_tid(t, set).unwrap_or(ESRCH)
}

/// `pthread_setconcurrency(level)`—The concurrency hint. Every thread here is a kernel
/// thread, so there is no level to set: as in musl, 0 (no preference) is accepted, a
/// positive level fails with `EAGAIN`, a negative one with `EINVAL`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn pthread_setconcurrency(level: c_int) -> c_int {
    match level {
        0 => 0,
        l if l < 0 => EINVAL,
        _ => EAGAIN,
    }
}

/// `pthread_getconcurrency()`—The concurrency hint, always 0 (none; see
/// [`pthread_setconcurrency`]).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn pthread_getconcurrency() -> c_int {
    0
}

/// The kernel's per-thread CPU-time clock id for thread id `tid`: `CPUCLOCK_SCHED` (2) with
/// the per-thread bit (4), over the bitwise complement of the id.
fn thread_cpu_clock(tid: i32) -> c_int {
    ((!tid) << 3) | 6
}

/// `pthread_getcpuclockid(t, clock)`—Stores the id of thread `t`'s CPU-time clock, for
/// `clock_gettime`. Returns 0.
///
/// # Safety
/// `t` must be a thread of this process not yet joined; `clock` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_getcpuclockid(t: *mut Pthread, clock: *mut c_int) -> c_int {
    // SAFETY: per the contract.
    unsafe { *clock = thread_cpu_clock((*t).tid.load(Ordering::Relaxed)) };
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn concurrency_follows_musl() {
        assert_eq!(
            (pthread_setconcurrency(0), pthread_setconcurrency(3), pthread_setconcurrency(-1)),
            (0, EAGAIN, EINVAL)
        );
        assert_eq!(pthread_getconcurrency(), 0);
    }

    #[test]
    fn cpu_clock_ids_match_the_kernel() {
        let tid = unsafe { limpet_syscall::syscall0(nr::GETTID) } as i32;
        let mut ts = [0i64; 2];
        // The calling thread's clock reads; its id is what glibc computes for the same thread.
        let r = unsafe {
            limpet_syscall::syscall2(nr::CLOCK_GETTIME, thread_cpu_clock(tid) as usize, ts.as_mut_ptr() as usize)
        };
        assert_eq!(r, 0);
        unsafe extern "C" {
            fn pthread_getcpuclockid(t: usize, c: *mut c_int) -> c_int;
            fn pthread_self() -> usize;
        }
        let mut c = 0;
        assert_eq!(unsafe { pthread_getcpuclockid(pthread_self(), &mut c) }, 0);
        assert_eq!(c, thread_cpu_clock(tid));
    }
}
