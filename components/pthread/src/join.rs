//! `pthread_join`, `pthread_tryjoin_np`, `pthread_timedjoin_np` and `pthread_detach`.
//!
//! A joiner waits until the kernel has cleared the thread's id in its descriptor, which
//! happens when the thread can no longer run user code (`CLONE_CHILD_CLEARTID`, or
//! `set_tid_address` for the main thread), then takes its result and frees its mapping.
//! The kernel's wake-up on that word is a shared futex wake, so the wait is shared too.
use core::ffi::{c_int, c_void};
use core::sync::atomic::{AtomicU32, Ordering};

use limpet_syscall::errno::{EBUSY, EDEADLK, EINVAL};
use limpet_abi::time::{CLOCK_REALTIME, Timespec};
use limpet_syscall::{nr, syscall2};

use crate::descriptor::{DETACHED, EXITING, JOINABLE, Pthread};
use crate::futex::{self, Deadline, Scope};

/// Takes a finished thread's result and frees its memory (into the stack cache when it fits).
///
/// # Safety
/// `t`'s tid must have been cleared by the kernel, and nobody else may reap it.
unsafe fn reap(t: *mut Pthread, result: *mut *mut c_void) {
    // SAFETY: the thread is gone; its descriptor stays mapped until the munmap below.
    unsafe {
        if !result.is_null() {
            *result = (*t).result;
        }
        let (base, len) = ((*t).map_base, (*t).map_size);
        if base != 0 && !crate::cache::put(base, len, (*t).guard_size, &raw const (*t).tid) {
            syscall2(nr::MUNMAP, base, len);
        }
    }
}

/// How long a join may wait.
enum Wait {
    No,
    Forever,
    /// Until the realtime deadline at this pointer, read only if the call has to wait.
    Until(*const Timespec),
}

/// The common join path; with `cancel`, a cancellation point (the joins are, detaching is not).
///
/// # Safety
/// `t` must be a joinable thread not yet joined; `result` null or valid for writes.
unsafe fn join(t: *mut Pthread, result: *mut *mut c_void, wait: Wait, cancel: bool) -> c_int {
    if cancel {
        limpet_syscall::cancel::test();
    }
    if t == crate::current() {
        return EDEADLK;
    }
    // SAFETY: per the contract the descriptor is still mapped.
    let td = unsafe { &*t };
    if td.detach_state.load(Ordering::Relaxed) == DETACHED {
        return EINVAL;
    }
    // SAFETY: `tid` is an aligned 32-bit word; the futex calls only read it.
    let word = unsafe { AtomicU32::from_ptr(td.tid.as_ptr() as *mut u32) };
    let mut deadline = None;
    loop {
        let tid = word.load(Ordering::Acquire);
        if tid == 0 {
            break;
        }
        match wait {
            Wait::No => return EBUSY,
            Wait::Forever => {}
            Wait::Until(at) if deadline.is_none() => {
                // SAFETY: per pthread_timedjoin_np's contract.
                match unsafe { Deadline::from_ptr(CLOCK_REALTIME, at) } {
                    Ok(d) => deadline = Some(d),
                    Err(e) => return e,
                }
            }
            Wait::Until(_) => {}
        }
        let sleep = if cancel { futex::wait_cp } else { futex::wait };
        if let Err(e) = sleep(word, tid, deadline.as_ref(), Scope::Shared) {
            return e;
        }
    }
    // SAFETY: the tid is clear: the thread is gone and we are its only joiner.
    unsafe { reap(t, result) };
    0
}

/// `pthread_join(t, result)`—Waits for thread `t` to end, stores what it returned (or
/// passed to `pthread_exit`) in `*result` unless `result` is null, and frees it. `EDEADLK`
/// when `t` is the caller; `EINVAL` when `t` is detached. A cancellation point: a cancelled
/// joiner ends and `t` stays joinable.
///
/// # Safety
/// `t` must be a thread that has not been joined or been detached before it ended;
/// `result` null or valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_join(t: *mut Pthread, result: *mut *mut c_void) -> c_int {
    // SAFETY: per the contract.
    unsafe { join(t, result, Wait::Forever, true) }
}

/// `pthread_tryjoin_np(t, result)`—[`pthread_join`] if `t` has already ended, else `EBUSY`.
///
/// # Safety
/// As for [`pthread_join`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_tryjoin_np(t: *mut Pthread, result: *mut *mut c_void) -> c_int {
    // SAFETY: per the contract.
    unsafe { join(t, result, Wait::No, false) }
}

/// `pthread_timedjoin_np(t, result, at)`—[`pthread_join`], giving up with `ETIMEDOUT` at the
/// absolute `CLOCK_REALTIME` time `*at` (null: never). `EINVAL` if it has to wait and `at`'s
/// nanoseconds are outside `0..10^9`.
///
/// # Safety
/// As for [`pthread_join`]; `at` null or a readable `struct timespec`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_timedjoin_np(t: *mut Pthread, result: *mut *mut c_void, at: *const Timespec) -> c_int {
    let wait = if at.is_null() { Wait::Forever } else { Wait::Until(at) };
    // SAFETY: per the contract.
    unsafe { join(t, result, wait, true) }
}

/// `pthread_detach(t)`—Lets `t` free itself when it ends; it can no longer be joined. If
/// it has already ended, it is freed now. `EINVAL` when `t` is already detached.
///
/// # Safety
/// `t` must be a thread that has not been joined.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_detach(t: *mut Pthread) -> c_int {
    // SAFETY: per the contract the descriptor is still mapped.
    let state = unsafe { &(*t).detach_state };
    match state.compare_exchange(JOINABLE, DETACHED, Ordering::AcqRel, Ordering::Acquire) {
        Ok(_) => 0,
        // Already on its way out as a joinable thread: nobody else will free it.
        // SAFETY: a thread that is exiting ends without waiting on anything.
        Err(EXITING) => unsafe { join(t, core::ptr::null_mut(), Wait::Forever, false) },
        Err(_) => EINVAL,
    }
}
