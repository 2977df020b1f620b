//! `pthread_barrier_*` and `pthread_barrierattr_*`: barriers over a round counter.
//!
//! Each arriving thread reads the round number, then counts itself in `arrived`. The one
//! that completes the count resets `arrived` for the next round, bumps `round` and wakes
//! the sleepers; it alone gets `PTHREAD_BARRIER_SERIAL_THREAD`. The others sleep until the
//! round number moves. A thread can only come back for the next round after seeing the
//! bump, and the reset happened before it, so rounds never mix.
//!
//! `inside` counts the threads between entering and leaving a wait, so
//! `pthread_barrier_destroy`, which POSIX allows as soon as any wait has returned, first
//! waits for the woken threads to stop touching the barrier.
use core::ffi::c_int;
use core::sync::atomic::Ordering::{AcqRel, Acquire, Relaxed, Release, SeqCst};

use limpet_syscall::errno::EINVAL;

use crate::abi::{PTHREAD_BARRIER_SERIAL_THREAD, PTHREAD_PROCESS_PRIVATE, PthreadBarrier, PthreadBarrierattr};
use crate::futex;
use crate::pshared;

/// Set in `inside` while `pthread_barrier_destroy` waits for the last thread to leave.
const DESTROYING: u32 = 1 << 31;

impl PthreadBarrier {
    fn wait(&self) -> c_int {
        let scope = pshared::scope(self.pshared);
        self.inside.fetch_add(1, SeqCst);
        let round = self.round.load(Acquire);
        let r = if self.arrived.fetch_add(1, AcqRel) + 1 == self.count {
            self.arrived.store(0, Relaxed);
            self.round.fetch_add(1, Release);
            if self.count > 1 {
                futex::wake_all(&self.round, scope);
            }
            PTHREAD_BARRIER_SERIAL_THREAD
        } else {
            while self.round.load(Acquire) == round {
                // Without a deadline the wait cannot time out; a signal only loops.
                let _ = futex::wait(&self.round, round, None, scope);
            }
            0
        };
        if self.inside.fetch_sub(1, SeqCst) == DESTROYING | 1 {
            futex::wake_all(&self.inside, scope);
        }
        r
    }
}

/// `pthread_barrier_init(b, attr, count)`—Makes `*b` a barrier for `count` threads,
/// process-shared if `attr` says so. `EINVAL` if `count` is 0 or above `INT_MAX`.
///
/// # Safety
/// `b` must be valid for writes and not in use; `attr` null or an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_barrier_init(
    b: *mut PthreadBarrier,
    attr: *const PthreadBarrierattr,
    count: u32,
) -> c_int {
    if count == 0 || count > i32::MAX as u32 {
        return EINVAL;
    }
    // SAFETY: per the contract.
    unsafe {
        let pshared = if attr.is_null() { PTHREAD_PROCESS_PRIVATE } else { (*attr).pshared };
        b.write(PthreadBarrier::new(count, pshared));
    }
    0
}

/// `pthread_barrier_destroy(b)`—Ends the barrier's life, first waiting for threads released
/// by the last round to leave their wait. Always 0.
///
/// # Safety
/// `b` must be initialised, and no thread may be blocked on it or start waiting on it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_barrier_destroy(b: *mut PthreadBarrier) -> c_int {
    // SAFETY: per the contract.
    let b = unsafe { &*b };
    if b.inside.fetch_or(DESTROYING, SeqCst) != 0 {
        loop {
            let v = b.inside.load(SeqCst);
            if v & !DESTROYING == 0 {
                break;
            }
            let _ = futex::wait(&b.inside, v, None, pshared::scope(b.pshared));
        }
    }
    0
}

/// `pthread_barrier_wait(b)`—Waits until `count` threads have called it, then releases them
/// all: one gets `PTHREAD_BARRIER_SERIAL_THREAD` (-1), the others 0. The barrier is then
/// ready for the next round.
///
/// # Safety
/// `b` must be an initialised barrier.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_barrier_wait(b: *mut PthreadBarrier) -> c_int {
    // SAFETY: per the contract.
    unsafe { &*b }.wait()
}

/// `pthread_barrierattr_init(a)`—A barrier attribute, process-private. Always 0.
///
/// # Safety
/// `a` must be valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_barrierattr_init(a: *mut PthreadBarrierattr) -> c_int {
    // SAFETY: per the contract.
    unsafe { a.write(PthreadBarrierattr { pshared: PTHREAD_PROCESS_PRIVATE }) };
    0
}

/// `pthread_barrierattr_destroy(a)`—Ends the attribute's life. Always 0.
///
/// # Safety
/// `a` must be an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_barrierattr_destroy(_a: *mut PthreadBarrierattr) -> c_int {
    0
}

/// `pthread_barrierattr_setpshared(a, pshared)`—`PTHREAD_PROCESS_PRIVATE` or
/// `PTHREAD_PROCESS_SHARED`; `EINVAL` otherwise.
///
/// # Safety
/// `a` must be an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_barrierattr_setpshared(a: *mut PthreadBarrierattr, pshared: c_int) -> c_int {
    match pshared::check(pshared) {
        Ok(p) => {
            // SAFETY: per the contract.
            unsafe { (*a).pshared = p };
            0
        }
        Err(e) => e,
    }
}

/// `pthread_barrierattr_getpshared(a, pshared)`—Stores the `pshared` value. Always 0.
///
/// # Safety
/// `a` must be an initialised attribute and `pshared` valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_barrierattr_getpshared(a: *const PthreadBarrierattr, pshared: *mut c_int) -> c_int {
    // SAFETY: per the contract.
    unsafe { *pshared = (*a).pshared as c_int };
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

    struct Shared(core::cell::UnsafeCell<PthreadBarrier>);
    unsafe impl Sync for Shared {}
    unsafe impl Send for Shared {}

    /// Every round: all threads arrive before any leaves (each checks the round's arrival
    /// count), and exactly one is the serial thread.
    #[test]
    fn rounds_release_together_with_one_serial_thread() {
        const THREADS: u32 = 5;
        const ROUNDS: usize = 2_000;
        let b = Arc::new(Shared(core::cell::UnsafeCell::new(PthreadBarrier::new(0, 0))));
        unsafe { assert_eq!(pthread_barrier_init(b.0.get(), core::ptr::null(), THREADS), 0) };
        let arrivals: Arc<Vec<AtomicU32>> = Arc::new((0..ROUNDS).map(|_| AtomicU32::new(0)).collect());
        let serials = Arc::new(AtomicUsize::new(0));
        let hs: Vec<_> = (0..THREADS)
            .map(|_| {
                let (b, arrivals, serials) = (b.clone(), arrivals.clone(), serials.clone());
                std::thread::spawn(move || {
                    for r in 0..ROUNDS {
                        arrivals[r].fetch_add(1, Ordering::SeqCst);
                        let ret = unsafe { pthread_barrier_wait(b.0.get()) };
                        assert!(ret == 0 || ret == PTHREAD_BARRIER_SERIAL_THREAD);
                        if ret != 0 {
                            serials.fetch_add(1, Ordering::SeqCst);
                        }
                        assert_eq!(arrivals[r].load(Ordering::SeqCst), THREADS);
                    }
                })
            })
            .collect();
        for h in hs {
            h.join().unwrap();
        }
        assert_eq!(serials.load(Ordering::SeqCst), ROUNDS);
        assert_eq!(unsafe { pthread_barrier_destroy(b.0.get()) }, 0);
    }

    #[test]
    fn init_checks_and_single_thread_barrier() {
        let mut b = PthreadBarrier::new(0, 0);
        let mut a = PthreadBarrierattr { pshared: 9 };
        let mut v = -1;
        unsafe {
            assert_eq!(pthread_barrier_init(&mut b, core::ptr::null(), 0), EINVAL);
            assert_eq!(pthread_barrier_init(&mut b, core::ptr::null(), 0x8000_0000), EINVAL);
            pthread_barrierattr_init(&mut a);
            pthread_barrierattr_getpshared(&a, &mut v);
            assert_eq!(v, 0);
            assert_eq!(pthread_barrierattr_setpshared(&mut a, 3), EINVAL);
            assert_eq!(pthread_barrierattr_setpshared(&mut a, 1), 0);
            pthread_barrierattr_getpshared(&a, &mut v);
            assert_eq!(v, 1);
            assert_eq!(pthread_barrier_init(&mut b, &a, 1), 0);
            assert_eq!(b.pshared, 1);
            for _ in 0..3 {
                assert_eq!(pthread_barrier_wait(&mut b), PTHREAD_BARRIER_SERIAL_THREAD);
            }
            assert_eq!(pthread_barrier_destroy(&mut b), 0);
            assert_eq!(pthread_barrierattr_destroy(&mut a), 0);
        }
    }
}
