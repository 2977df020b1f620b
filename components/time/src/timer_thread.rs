//! SIGEV_THREAD timers. Each gets a detached helper thread that owns a kernel timer
//! aimed at itself (SIGEV_THREAD_ID) with the internal signal SIGTIMER, waits for it with
//! every signal blocked, and calls the notify function per expiry.
//!
//! The `timer_t` of such a timer is its heap record's address shifted right by one with
//! the top bit set, so it is negative and cannot be confused with a kernel timer id
//! (musl's convention). `timer_delete` marks the record and wakes the helper, which
//! deletes the kernel timer and frees the record.
use limpet_abi::pthread::{PTHREAD_CREATE_DETACHED, PthreadAttr};
use core::ffi::{c_int, c_void};
use core::sync::atomic::{AtomicI32, Ordering};

use limpet_abi::signal::{KERNEL_SIGSET_BYTES, SI_TIMER, SIG_BLOCK, SIG_SETMASK};
use limpet_syscall::errno::EAGAIN;
use limpet_syscall::{nr, result, set_errno, syscall0, syscall2, syscall3, syscall4};

use crate::abi::{Sigevent, TimerT, SIGEV_THREAD_ID};
use crate::imports::{free, malloc, pthread_attr_init, pthread_attr_setdetachstate, pthread_create};

/// The signal the helpers wait for (musl's SIGTIMER, reserved from applications). The
/// unit tests run on glibc, whose threads keep 32 (its SIGCANCEL) unblocked and handled,
/// so there they use 34, which glibc leaves alone.
const SIGTIMER: c_int = if cfg!(test) { 34 } else { 32 };
/// `kernel_id`'s flag: the timer is being deleted.
const DELETED: i32 = i32::MIN;
const PENDING: i32 = 0;
const READY: i32 = 1;

type Notify = unsafe extern "C" fn(usize);

struct Record {
    notify: Notify,
    value: usize,
    clock: c_int,
    kernel_id: AtomicI32,
    tid: AtomicI32,
    /// PENDING, then READY or a negated errno from the helper's `timer_create`.
    state: AtomicI32,
}

fn sigtimer_set() -> u64 {
    1 << (SIGTIMER - 1)
}

/// The helper thread: creates the kernel timer, reports, then serves expiries.
///
/// # Safety
/// `arg` is a `Record` that the creator keeps alive until `state` leaves PENDING; after a
/// successful start the helper owns it.
unsafe extern "C" fn helper(arg: *mut c_void) -> *mut c_void {
    let rec = arg as *mut Record;
    // SAFETY: no memory is passed.
    let tid = unsafe { syscall0(nr::GETTID) } as i32;
    let mut un = [0u64; 6];
    un[0] = tid as u32 as u64;
    let ksev = Sigevent { sigev_value: 0, sigev_signo: SIGTIMER, sigev_notify: SIGEV_THREAD_ID, sigev_un: un };
    let mut id: c_int = 0;
    // SAFETY: the creator keeps `rec` alive while PENDING; `ksev` and `id` are ours.
    unsafe {
        let r = syscall3(nr::TIMER_CREATE, (*rec).clock as isize as usize, &ksev as *const _ as usize, &mut id as *mut _ as usize);
        if let Err(e) = result(r) {
            (*rec).state.store(-e, Ordering::Release);
            return core::ptr::null_mut();
        }
        (*rec).kernel_id.store(id, Ordering::Relaxed);
        (*rec).tid.store(tid, Ordering::Relaxed);
        (*rec).state.store(READY, Ordering::Release);
    }
    let set = sigtimer_set();
    let mut info = [0u64; 16];
    loop {
        // SAFETY: `set` and `info` are valid; no timeout.
        let r = unsafe { syscall4(nr::RT_SIGTIMEDWAIT, &set as *const _ as usize, info.as_mut_ptr() as usize, 0, KERNEL_SIGSET_BYTES) };
        if result(r).is_err() {
            continue;
        }
        // SAFETY: the helper owns `rec` now.
        let rec = unsafe { &*rec };
        if rec.kernel_id.load(Ordering::Acquire) & DELETED != 0 {
            break;
        }
        let code = (info[1] & u32::MAX as u64) as u32 as c_int;
        if code == SI_TIMER {
            // SAFETY: the application's notify function, called as C calls it.
            unsafe { (rec.notify)(rec.value) };
        }
        if rec.kernel_id.load(Ordering::Acquire) & DELETED != 0 {
            break;
        }
    }
    // SAFETY: we own `rec`; nothing else touches it after DELETED.
    unsafe {
        syscall2(nr::TIMER_DELETE, ((*rec).kernel_id.load(Ordering::Relaxed) & i32::MAX) as usize, 0);
        free(rec as *mut c_void);
    }
    core::ptr::null_mut()
}

/// Creates a SIGEV_THREAD timer for `timer_create`.
///
/// # Safety
/// `sev` is a SIGEV_THREAD `struct sigevent`; `timer` is writable.
pub unsafe fn create(clk: c_int, sev: &Sigevent, timer: *mut TimerT) -> c_int {
    // SAFETY: malloc returns null or a block big enough and aligned for `Record`.
    let rec = unsafe { malloc(size_of::<Record>()) } as *mut Record;
    if rec.is_null() {
        set_errno(EAGAIN);
        return -1;
    }
    // SAFETY: the function pointer field of a SIGEV_THREAD sigevent.
    let notify: Notify = unsafe { core::mem::transmute::<usize, Notify>(sev.sigev_un[0] as usize) };
    let mut attr = PthreadAttr::new(0, 0);
    let user_attr = sev.sigev_un[1] as usize as *const PthreadAttr;
    // SAFETY: `rec` is fresh; `user_attr` is null or the caller's attribute object.
    unsafe {
        rec.write(Record {
            notify,
            value: sev.sigev_value,
            clock: clk,
            kernel_id: AtomicI32::new(0),
            tid: AtomicI32::new(0),
            state: AtomicI32::new(PENDING),
        });
        if user_attr.is_null() {
            pthread_attr_init(&mut attr);
        } else {
            attr = *user_attr;
        }
        pthread_attr_setdetachstate(&mut attr, PTHREAD_CREATE_DETACHED);
    }
    // The helper starts with every signal blocked, so only its sigtimedwait sees SIGTIMER.
    let all = u64::MAX;
    let mut old = 0u64;
    let mut th = 0usize;
    // SAFETY: valid masks; `helper` has the start-routine ABI and gets `rec`.
    let err = unsafe {
        syscall4(nr::RT_SIGPROCMASK, SIG_BLOCK as usize, &all as *const _ as usize, &mut old as *mut _ as usize, KERNEL_SIGSET_BYTES);
        let err = pthread_create(&mut th, &attr, helper, rec as *mut c_void);
        syscall4(nr::RT_SIGPROCMASK, SIG_SETMASK as usize, &old as *const _ as usize, 0, KERNEL_SIGSET_BYTES);
        err
    };
    if err != 0 {
        // SAFETY: the thread never started, so the record is still ours.
        unsafe { free(rec as *mut c_void) };
        set_errno(err);
        return -1;
    }
    // SAFETY: the record lives until the helper reports.
    let state = loop {
        let s = unsafe { (*rec).state.load(Ordering::Acquire) };
        if s != PENDING {
            break s;
        }
        // SAFETY: no memory is passed.
        unsafe { syscall0(nr::SCHED_YIELD) };
    };
    if state != READY {
        // SAFETY: the helper returned without keeping the record.
        unsafe { free(rec as *mut c_void) };
        set_errno(-state);
        return -1;
    }
    // SAFETY: caller's contract.
    unsafe { *timer = ((rec as usize >> 1) | (1 << (usize::BITS - 1))) as TimerT };
    0
}

/// The record behind a thread timer's `timer_t`, or `None` for a kernel timer id.
fn record(t: TimerT) -> Option<*mut Record> {
    ((t as isize) < 0).then_some(((t as usize) << 1) as *mut Record)
}

/// The kernel timer id behind any `timer_t`.
pub fn kernel_id(t: TimerT) -> usize {
    match record(t) {
        // SAFETY: a live thread timer's record.
        Some(r) => (unsafe { (*r).kernel_id.load(Ordering::Relaxed) } & i32::MAX) as usize,
        None => t as usize as c_int as isize as usize,
    }
}

/// Deletes a thread timer: marks it and wakes its helper. `None` for a kernel timer id.
pub fn delete(t: TimerT) -> Option<c_int> {
    let r = record(t)?;
    // SAFETY: a live thread timer's record; the helper frees it only after this mark.
    unsafe {
        (*r).kernel_id.fetch_or(DELETED, Ordering::AcqRel);
        let tid = (*r).tid.load(Ordering::Relaxed);
        syscall2(nr::TKILL, tid as usize, SIGTIMER as usize);
    }
    Some(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::{Itimerspec, Timespec, CLOCK_REALTIME, SIGEV_THREAD};
    use crate::timer::{timer_create, timer_delete, timer_gettime, timer_settime};
    use std::sync::atomic::AtomicUsize;

    static CALLS: AtomicUsize = AtomicUsize::new(0);
    static VALUE: AtomicUsize = AtomicUsize::new(0);

    unsafe extern "C" fn tick(v: usize) {
        VALUE.store(v, Ordering::Relaxed);
        CALLS.fetch_add(1, Ordering::Relaxed);
    }

    #[test]
    fn thread_timer_runs_the_function_until_deleted() {
        let mut un = [0u64; 6];
        un[0] = tick as unsafe extern "C" fn(usize) as usize as u64;
        let sev = Sigevent { sigev_value: 4242, sigev_signo: 0, sigev_notify: SIGEV_THREAD, sigev_un: un };
        let mut t: TimerT = core::ptr::null_mut();
        unsafe {
            assert_eq!(timer_create(CLOCK_REALTIME, &sev, &mut t), 0);
            assert!((t as isize) < 0);
            let period = Timespec { tv_sec: 0, tv_nsec: 10_000_000 };
            let its = Itimerspec { it_interval: period, it_value: period };
            assert_eq!(timer_settime(t, 0, &its, core::ptr::null_mut()), 0);
            let mut cur = Itimerspec::default();
            assert_eq!(timer_gettime(t, &mut cur), 0);
            assert_eq!(cur.it_interval, period);
            std::thread::sleep(std::time::Duration::from_millis(200));
            assert!(CALLS.load(Ordering::Relaxed) >= 3);
            assert_eq!(VALUE.load(Ordering::Relaxed), 4242);
            assert_eq!(timer_delete(t), 0);
            std::thread::sleep(std::time::Duration::from_millis(50));
            let n = CALLS.load(Ordering::Relaxed);
            std::thread::sleep(std::time::Duration::from_millis(100));
            assert_eq!(CALLS.load(Ordering::Relaxed), n);
        }
    }
}
