//! `pthread_rwlock_*` and `pthread_rwlockattr_*`: read-write locks over one futex word.
//!
//! The word's low 31 bits are the number of readers holding the lock, or [`WRITER`] (all of
//! them set) while a writer holds it; the top bit, [`SLEEPERS`], says a thread may be
//! asleep on the word. A read lock is granted whenever no writer holds the lock, so a
//! thread may take it recursively, as musl does (readers can starve writers). The unlock
//! that frees the lock completely wakes every sleeper if the bit was set, and they race
//! again; a thread that has slept acquires with the bit set, since others may still sleep.
//! No owner is recorded: a writer relocking deadlocks, and unlocking a lock one does not
//! hold is undefined, as in musl.
use core::ffi::c_int;
use core::sync::atomic::Ordering::{Acquire, Relaxed, Release};

use limpet_syscall::errno::EAGAIN;
use limpet_abi::time::{CLOCK_REALTIME, Timespec};

use crate::abi::{PTHREAD_PROCESS_PRIVATE, PthreadRwlock, PthreadRwlockattr};
use crate::futex;
use crate::pshared::{self, code};
use crate::timeout::{Lazy, Wait};

const HOLDERS: u32 = 0x7fff_ffff;
/// The holder count while a writer holds the lock.
const WRITER: u32 = HOLDERS;
/// The most readers at once; one more gives `EAGAIN`.
const MAX_READERS: u32 = HOLDERS - 1;
const SLEEPERS: u32 = 1 << 31;

impl PthreadRwlock {
    fn acquire(&self, write: bool, wait: Wait) -> Result<(), i32> {
        let scope = pshared::scope(self.pshared);
        let mut deadline = Lazy::new(wait);
        let mut slept = 0;
        loop {
            let v = self.state.load(Relaxed);
            let n = v & HOLDERS;
            let free = if write { n == 0 } else { n < MAX_READERS };
            if free {
                let new = (if write { WRITER | (v & SLEEPERS) } else { v + 1 }) | slept;
                if self.state.compare_exchange_weak(v, new, Acquire, Relaxed).is_ok() {
                    return Ok(());
                }
                continue;
            }
            if !write && n == MAX_READERS {
                return Err(EAGAIN);
            }
            // SAFETY: the caller's contract makes a deadline pointer readable.
            let d = unsafe { deadline.get() }?;
            if v & SLEEPERS == 0 && self.state.compare_exchange(v, v | SLEEPERS, Relaxed, Relaxed).is_err() {
                continue;
            }
            futex::wait(&self.state, v | SLEEPERS, d, scope)?;
            slept = SLEEPERS;
        }
    }

    fn release(&self) {
        let mut v = self.state.load(Relaxed);
        loop {
            let n = v & HOLDERS;
            if n == 0 {
                // Not held: nothing to release (musl also returns 0 here).
                return;
            }
            let new = if n == WRITER || n == 1 { 0 } else { v - 1 };
            match self.state.compare_exchange_weak(v, new, Release, Relaxed) {
                Ok(_) => {
                    if new == 0 && v & SLEEPERS != 0 {
                        futex::wake_all(&self.state, pshared::scope(self.pshared));
                    }
                    return;
                }
                Err(now) => v = now,
            }
        }
    }
}

/// `pthread_rwlock_init(rw, attr)`—Makes `*rw` an unlocked read-write lock, process-shared
/// if `attr` says so (private when `attr` is null). Always 0.
///
/// # Safety
/// `rw` must be valid for writes and not in use; `attr` null or an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_rwlock_init(rw: *mut PthreadRwlock, attr: *const PthreadRwlockattr) -> c_int {
    // SAFETY: per the contract.
    unsafe {
        let pshared = if attr.is_null() { PTHREAD_PROCESS_PRIVATE } else { (*attr).pshared };
        rw.write(PthreadRwlock::new(pshared));
    }
    0
}

/// `pthread_rwlock_destroy(rw)`—Ends the lock's life; it holds no resources. Always 0.
///
/// # Safety
/// `rw` must be an unlocked lock no thread is using.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_rwlock_destroy(_rw: *mut PthreadRwlock) -> c_int {
    0
}

/// `pthread_rwlock_rdlock(rw)`—Takes a read lock, waiting while a writer holds the lock.
/// `EAGAIN` when the maximum number of readers holds it.
///
/// # Safety
/// `rw` must be an initialised lock.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_rwlock_rdlock(rw: *mut PthreadRwlock) -> c_int {
    // SAFETY: per the contract.
    code(unsafe { &*rw }.acquire(false, Wait::Forever))
}

/// `pthread_rwlock_tryrdlock(rw)`—Takes a read lock if no writer holds the lock, else
/// `EBUSY` (`EAGAIN` at the maximum number of readers).
///
/// # Safety
/// `rw` must be an initialised lock.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_rwlock_tryrdlock(rw: *mut PthreadRwlock) -> c_int {
    // SAFETY: per the contract.
    code(unsafe { &*rw }.acquire(false, Wait::No))
}

/// `pthread_rwlock_timedrdlock(rw, at)`—As [`pthread_rwlock_rdlock`], giving up with
/// `ETIMEDOUT` at the absolute `CLOCK_REALTIME` time `*at` (`EINVAL` if it has to wait and
/// `at` is malformed).
///
/// # Safety
/// `rw` must be an initialised lock and `at` a readable `struct timespec`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_rwlock_timedrdlock(rw: *mut PthreadRwlock, at: *const Timespec) -> c_int {
    // SAFETY: per the contract.
    code(unsafe { &*rw }.acquire(false, Wait::Until(CLOCK_REALTIME, at)))
}

/// `pthread_rwlock_clockrdlock(rw, clock, at)`—[`pthread_rwlock_timedrdlock`] with the
/// deadline on `clock`, `CLOCK_REALTIME` or `CLOCK_MONOTONIC` (else `EINVAL`).
///
/// # Safety
/// As for [`pthread_rwlock_timedrdlock`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_rwlock_clockrdlock(
    rw: *mut PthreadRwlock,
    clock: c_int,
    at: *const Timespec,
) -> c_int {
    // SAFETY: per the contract.
    code(Wait::clock(clock, at).and_then(|w| unsafe { &*rw }.acquire(false, w)))
}

/// `pthread_rwlock_wrlock(rw)`—Takes the write lock, waiting until no thread holds the
/// lock. A writer relocking deadlocks.
///
/// # Safety
/// `rw` must be an initialised lock.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_rwlock_wrlock(rw: *mut PthreadRwlock) -> c_int {
    // SAFETY: per the contract.
    code(unsafe { &*rw }.acquire(true, Wait::Forever))
}

/// `pthread_rwlock_trywrlock(rw)`—Takes the write lock if no thread holds the lock, else
/// `EBUSY`.
///
/// # Safety
/// `rw` must be an initialised lock.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_rwlock_trywrlock(rw: *mut PthreadRwlock) -> c_int {
    // SAFETY: per the contract.
    code(unsafe { &*rw }.acquire(true, Wait::No))
}

/// `pthread_rwlock_timedwrlock(rw, at)`—As [`pthread_rwlock_wrlock`], giving up with
/// `ETIMEDOUT` at the absolute `CLOCK_REALTIME` time `*at` (`EINVAL` if it has to wait and
/// `at` is malformed).
///
/// # Safety
/// `rw` must be an initialised lock and `at` a readable `struct timespec`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_rwlock_timedwrlock(rw: *mut PthreadRwlock, at: *const Timespec) -> c_int {
    // SAFETY: per the contract.
    code(unsafe { &*rw }.acquire(true, Wait::Until(CLOCK_REALTIME, at)))
}

/// `pthread_rwlock_clockwrlock(rw, clock, at)`—[`pthread_rwlock_timedwrlock`] with the
/// deadline on `clock`, `CLOCK_REALTIME` or `CLOCK_MONOTONIC` (else `EINVAL`).
///
/// # Safety
/// As for [`pthread_rwlock_timedwrlock`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_rwlock_clockwrlock(
    rw: *mut PthreadRwlock,
    clock: c_int,
    at: *const Timespec,
) -> c_int {
    // SAFETY: per the contract.
    code(Wait::clock(clock, at).and_then(|w| unsafe { &*rw }.acquire(true, w)))
}

/// `pthread_rwlock_unlock(rw)`—Releases the caller's read lock (one of them) or write lock.
/// Always 0.
///
/// # Safety
/// `rw` must be an initialised lock the caller holds.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_rwlock_unlock(rw: *mut PthreadRwlock) -> c_int {
    // SAFETY: per the contract.
    unsafe { &*rw }.release();
    0
}

/// `pthread_rwlockattr_init(a)`—A read-write lock attribute, process-private. Always 0.
///
/// # Safety
/// `a` must be valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_rwlockattr_init(a: *mut PthreadRwlockattr) -> c_int {
    // SAFETY: per the contract.
    unsafe { a.write(PthreadRwlockattr::new(PTHREAD_PROCESS_PRIVATE)) };
    0
}

/// `pthread_rwlockattr_destroy(a)`—Ends the attribute's life. Always 0.
///
/// # Safety
/// `a` must be an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_rwlockattr_destroy(_a: *mut PthreadRwlockattr) -> c_int {
    0
}

/// `pthread_rwlockattr_setpshared(a, pshared)`—`PTHREAD_PROCESS_PRIVATE` or
/// `PTHREAD_PROCESS_SHARED` (a lock in memory other processes map); `EINVAL` otherwise.
///
/// # Safety
/// `a` must be an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_rwlockattr_setpshared(a: *mut PthreadRwlockattr, pshared: c_int) -> c_int {
    match pshared::check(pshared) {
        Ok(p) => {
            // SAFETY: per the contract.
            unsafe { (*a).pshared = p };
            0
        }
        Err(e) => e,
    }
}

/// `pthread_rwlockattr_getpshared(a, pshared)`—Stores the `pshared` value. Always 0.
///
/// # Safety
/// `a` must be an initialised attribute and `pshared` valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_rwlockattr_getpshared(a: *const PthreadRwlockattr, pshared: *mut c_int) -> c_int {
    // SAFETY: per the contract.
    unsafe { *pshared = (*a).pshared as c_int };
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_abi::time::CLOCK_MONOTONIC;
    use limpet_syscall::errno::{EBUSY, EINVAL, ETIMEDOUT};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicI64, Ordering};
    use std::time::Duration;

    struct Shared(core::cell::UnsafeCell<PthreadRwlock>);
    unsafe impl Sync for Shared {}
    unsafe impl Send for Shared {}

    fn lock() -> Arc<Shared> {
        Arc::new(Shared(core::cell::UnsafeCell::new(unsafe { core::mem::zeroed() })))
    }

    fn in_ms(clock: c_int, ms: i64) -> Timespec {
        let mut t = Timespec::default();
        unsafe { limpet_syscall::syscall2(limpet_syscall::nr::CLOCK_GETTIME, clock as usize, &raw mut t as usize) };
        t.tv_nsec += ms * 1_000_000;
        t.tv_sec += t.tv_nsec / 1_000_000_000;
        t.tv_nsec %= 1_000_000_000;
        t
    }

    /// Writers see nobody else inside; readers see no writer inside.
    #[test]
    fn readers_and_writers_exclude_each_other() {
        const ROUNDS: usize = 20_000;
        let l = lock();
        // >0: readers inside; -1: a writer inside.
        let inside = Arc::new(AtomicI64::new(0));
        let mut hs = Vec::new();
        for t in 0..6 {
            let (l, inside) = (l.clone(), inside.clone());
            hs.push(std::thread::spawn(move || unsafe {
                for i in 0..ROUNDS {
                    if t < 2 {
                        assert_eq!(pthread_rwlock_wrlock(l.0.get()), 0);
                        assert_eq!(inside.swap(-1, Ordering::SeqCst), 0);
                        if i % 500 == 0 {
                            std::thread::yield_now();
                        }
                        assert_eq!(inside.swap(0, Ordering::SeqCst), -1);
                    } else {
                        assert_eq!(pthread_rwlock_rdlock(l.0.get()), 0);
                        assert!(inside.fetch_add(1, Ordering::SeqCst) >= 0);
                        assert!(inside.fetch_sub(1, Ordering::SeqCst) >= 1);
                    }
                    assert_eq!(pthread_rwlock_unlock(l.0.get()), 0);
                }
            }));
        }
        for h in hs {
            h.join().unwrap();
        }
        assert_eq!(unsafe { (*l.0.get()).state.load(Relaxed) }, 0);
    }

    #[test]
    fn try_and_timed_calls() {
        let l = lock();
        let rw = l.0.get();
        let bad = Timespec { tv_sec: 0, tv_nsec: 1_000_000_000 };
        unsafe {
            // Uncontended: the deadline is not read.
            assert_eq!(pthread_rwlock_timedrdlock(rw, &bad), 0);
            assert_eq!(pthread_rwlock_tryrdlock(rw), 0);
            assert_eq!(pthread_rwlock_trywrlock(rw), EBUSY);
            assert_eq!(pthread_rwlock_timedwrlock(rw, &bad), EINVAL);
            let at = in_ms(CLOCK_MONOTONIC, 20);
            assert_eq!(pthread_rwlock_clockwrlock(rw, CLOCK_MONOTONIC, &at), ETIMEDOUT);
            assert_eq!(pthread_rwlock_clockwrlock(rw, 9, &at), EINVAL);
            pthread_rwlock_unlock(rw);
            pthread_rwlock_unlock(rw);
            assert_eq!(pthread_rwlock_wrlock(rw), 0);
            assert_eq!(pthread_rwlock_tryrdlock(rw), EBUSY);
            let at = in_ms(CLOCK_REALTIME, 20);
            assert_eq!(pthread_rwlock_timedrdlock(rw, &at), ETIMEDOUT);
            assert_eq!(pthread_rwlock_clockrdlock(rw, CLOCK_MONOTONIC, &in_ms(CLOCK_MONOTONIC, 10)), ETIMEDOUT);
            assert_eq!(pthread_rwlock_unlock(rw), 0);
            assert_eq!((*rw).state.load(Relaxed), 0);
            (*rw).state.store(MAX_READERS, Relaxed);
            assert_eq!(pthread_rwlock_tryrdlock(rw), EAGAIN);
            assert_eq!(pthread_rwlock_destroy(rw), 0);
        }
    }

    #[test]
    fn sleeping_writer_gets_the_lock() {
        let l = lock();
        unsafe { pthread_rwlock_rdlock(l.0.get()) };
        let l2 = l.clone();
        let t = std::thread::spawn(move || unsafe {
            let r = pthread_rwlock_wrlock(l2.0.get());
            pthread_rwlock_unlock(l2.0.get());
            r
        });
        while unsafe { (*l.0.get()).state.load(Relaxed) } & SLEEPERS == 0 {
            std::thread::sleep(Duration::from_millis(1));
        }
        unsafe { pthread_rwlock_unlock(l.0.get()) };
        assert_eq!(t.join().unwrap(), 0);
    }

    #[test]
    fn attributes() {
        let mut a = PthreadRwlockattr::new(5);
        let mut v = -1;
        unsafe {
            pthread_rwlockattr_init(&mut a);
            pthread_rwlockattr_getpshared(&a, &mut v);
            assert_eq!(v, 0);
            assert_eq!(pthread_rwlockattr_setpshared(&mut a, 2), EINVAL);
            assert_eq!(pthread_rwlockattr_setpshared(&mut a, 1), 0);
            pthread_rwlockattr_getpshared(&a, &mut v);
            assert_eq!(v, 1);
            let mut rw = PthreadRwlock::new(0);
            pthread_rwlock_init(&mut rw, &a);
            assert_eq!(rw.pshared, 1);
            assert_eq!(pthread_rwlockattr_destroy(&mut a), 0);
        }
    }
}
