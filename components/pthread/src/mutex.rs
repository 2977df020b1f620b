//! `pthread_mutex_*`: normal, recursive and error-checking mutexes over [`crate::lock`].
//!
//! A normal mutex is the bare lock: no owner is recorded, so relocking it deadlocks and any
//! thread may unlock it, as in musl. The recursive and error-checking types record the
//! holder's thread pointer (unique among live threads, and free to read), which is what
//! their extra checks compare against. Robust, priority-inheriting and process-shared
//! mutexes are not provided yet, and neither are the attributes that would ask for them.
use core::ffi::c_int;
use core::sync::atomic::Ordering;

use limpet_syscall::errno::{EAGAIN, EBUSY, EDEADLK, EINVAL, EPERM};
use limpet_syscall::unistd::Timespec;

use crate::abi::{PTHREAD_MUTEX_ERRORCHECK, PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_RECURSIVE, PthreadMutex, PthreadMutexattr};
use crate::futex::{CLOCK_MONOTONIC, CLOCK_REALTIME, Deadline};

/// How long a lock call may wait.
#[derive(Clone, Copy)]
enum Wait {
    /// `trylock`: not at all.
    No,
    Forever,
    /// Until the absolute time at this pointer on this clock; the pointer is read only if
    /// the call has to wait, as musl does.
    Until(i32, *const Timespec),
}

/// The calling thread's identity for ownership checks.
#[inline(always)]
fn me() -> usize {
    crate::arch::get_tp()
}

impl PthreadMutex {
    fn acquire(&self, wait: Wait) -> Result<(), i32> {
        let kind = self.kind;
        if kind != PTHREAD_MUTEX_NORMAL && self.owner.load(Ordering::Relaxed) == me() {
            // Only this thread can have stored its own identity, so it holds the lock.
            if kind == PTHREAD_MUTEX_RECURSIVE {
                // SAFETY: we hold the lock, so the depth is ours.
                let depth = unsafe { &mut *self.depth.get() };
                *depth = depth.checked_add(1).ok_or(EAGAIN)?;
                return Ok(());
            }
            return Err(if matches!(wait, Wait::No) { EBUSY } else { EDEADLK });
        }
        if !self.lock.try_lock() {
            match wait {
                Wait::No => return Err(EBUSY),
                Wait::Forever => self.lock.lock(),
                Wait::Until(clock, at) => {
                    // SAFETY: the caller's contract makes `at` readable.
                    let d = unsafe { Deadline::from_ptr(clock, at) }?;
                    self.lock.lock_until(Some(&d))?;
                }
            }
        }
        self.took_ownership();
        Ok(())
    }

    /// Records the caller as holder, after it took the lock.
    fn took_ownership(&self) {
        if self.kind != PTHREAD_MUTEX_NORMAL {
            self.owner.store(me(), Ordering::Relaxed);
            // SAFETY: we hold the lock.
            unsafe { *self.depth.get() = 0 };
        }
    }

    fn release(&self) -> Result<(), i32> {
        if self.kind != PTHREAD_MUTEX_NORMAL {
            if self.owner.load(Ordering::Relaxed) != me() {
                return Err(EPERM);
            }
            // SAFETY: we hold the lock, so the depth is ours.
            let depth = unsafe { &mut *self.depth.get() };
            if *depth > 0 {
                *depth -= 1;
                return Ok(());
            }
            self.owner.store(0, Ordering::Relaxed);
        }
        // SAFETY: a checked type's holder was verified above; a normal mutex may be
        // unlocked by anyone, as in musl.
        unsafe { self.lock.unlock() };
        Ok(())
    }

    /// `EPERM` when the mutex is recursive or error-checking and the caller does not hold it.
    pub(crate) fn check_held(&self) -> Result<(), i32> {
        if self.kind != PTHREAD_MUTEX_NORMAL && self.owner.load(Ordering::Relaxed) != me() {
            return Err(EPERM);
        }
        Ok(())
    }

    /// Releases the mutex completely for a condition wait, returning the recursion depth to
    /// restore with [`PthreadMutex::relock_after_wait`]. `EPERM` when a checked mutex is not
    /// held by the caller.
    pub(crate) fn unlock_for_wait(&self) -> Result<u32, i32> {
        if self.kind == PTHREAD_MUTEX_NORMAL {
            // SAFETY: the caller of pthread_cond_wait must hold the mutex.
            unsafe { self.lock.unlock() };
            return Ok(0);
        }
        self.check_held()?;
        // SAFETY: we hold the lock.
        let depth = unsafe { *self.depth.get() };
        self.owner.store(0, Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { self.lock.unlock() };
        Ok(depth)
    }

    /// Takes the mutex back after a condition wait, with the depth it had before.
    pub(crate) fn relock_after_wait(&self, depth: u32) {
        self.lock.lock();
        self.took_ownership();
        if self.kind == PTHREAD_MUTEX_RECURSIVE {
            // SAFETY: we hold the lock.
            unsafe { *self.depth.get() = depth };
        }
    }
}

fn code(r: Result<(), i32>) -> c_int {
    match r {
        Ok(()) => 0,
        Err(e) => e,
    }
}

/// `pthread_mutex_init(m, attr)`—Makes `*m` an unlocked mutex of the type in `attr`
/// (normal when `attr` is null). Always 0.
///
/// # Safety
/// `m` must be valid for writes and not in use; `attr` null or an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutex_init(m: *mut PthreadMutex, attr: *const PthreadMutexattr) -> c_int {
    // SAFETY: per the contract.
    unsafe {
        let kind = if attr.is_null() { PTHREAD_MUTEX_NORMAL } else { (*attr).kind };
        m.write(PthreadMutex::new(kind));
    }
    0
}

/// `pthread_mutex_destroy(m)`—Ends the mutex's life; it holds no resources. Always 0.
///
/// # Safety
/// `m` must be an unlocked mutex no thread is using.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutex_destroy(_m: *mut PthreadMutex) -> c_int {
    0
}

/// `pthread_mutex_lock(m)`—Takes the mutex, waiting as long as it takes. A recursive mutex
/// held by the caller is taken once more (`EAGAIN` if the count would overflow); an
/// error-checking one gives `EDEADLK`; a normal one deadlocks.
///
/// # Safety
/// `m` must be an initialised mutex.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutex_lock(m: *mut PthreadMutex) -> c_int {
    // SAFETY: per the contract.
    code(unsafe { &*m }.acquire(Wait::Forever))
}

/// `pthread_mutex_trylock(m)`—Takes the mutex if no other thread holds it, else `EBUSY`.
/// A recursive mutex held by the caller is taken once more; an error-checking one held by
/// the caller gives `EBUSY`.
///
/// # Safety
/// `m` must be an initialised mutex.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutex_trylock(m: *mut PthreadMutex) -> c_int {
    // SAFETY: per the contract.
    code(unsafe { &*m }.acquire(Wait::No))
}

/// `pthread_mutex_timedlock(m, at)`—As [`pthread_mutex_lock`], but gives up with `ETIMEDOUT`
/// at the absolute `CLOCK_REALTIME` time `*at`. `EINVAL` if it has to wait and `at`'s
/// nanoseconds are outside `0..10^9`.
///
/// # Safety
/// `m` must be an initialised mutex and `at` a readable `struct timespec`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutex_timedlock(m: *mut PthreadMutex, at: *const Timespec) -> c_int {
    // SAFETY: per the contract.
    code(unsafe { &*m }.acquire(Wait::Until(CLOCK_REALTIME, at)))
}

/// `pthread_mutex_clocklock(m, clock, at)`—[`pthread_mutex_timedlock`] with the deadline on
/// `clock`, `CLOCK_REALTIME` or `CLOCK_MONOTONIC` (else `EINVAL`).
///
/// # Safety
/// As for [`pthread_mutex_timedlock`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutex_clocklock(m: *mut PthreadMutex, clock: c_int, at: *const Timespec) -> c_int {
    if clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC {
        return EINVAL;
    }
    // SAFETY: per the contract.
    code(unsafe { &*m }.acquire(Wait::Until(clock, at)))
}

/// `pthread_mutex_unlock(m)`—Releases the mutex (one level of a recursive one). A
/// recursive or error-checking mutex not held by the caller gives `EPERM`.
///
/// # Safety
/// `m` must be an initialised mutex; a normal one must be locked.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutex_unlock(m: *mut PthreadMutex) -> c_int {
    // SAFETY: per the contract.
    code(unsafe { &*m }.release())
}

/// `pthread_mutexattr_init(a)`—A mutex attribute with the default (normal) type. Always 0.
///
/// # Safety
/// `a` must be valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutexattr_init(a: *mut PthreadMutexattr) -> c_int {
    // SAFETY: per the contract.
    unsafe { a.write(PthreadMutexattr { kind: PTHREAD_MUTEX_NORMAL }) };
    0
}

/// `pthread_mutexattr_destroy(a)`—Ends the attribute's life. Always 0.
///
/// # Safety
/// `a` must be an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutexattr_destroy(_a: *mut PthreadMutexattr) -> c_int {
    0
}

/// `pthread_mutexattr_settype(a, type)`—Sets the type: `PTHREAD_MUTEX_NORMAL` (also
/// `_DEFAULT`), `_RECURSIVE` or `_ERRORCHECK`; `EINVAL` for anything else.
///
/// # Safety
/// `a` must be an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutexattr_settype(a: *mut PthreadMutexattr, kind: c_int) -> c_int {
    match kind as u32 {
        k @ (PTHREAD_MUTEX_NORMAL | PTHREAD_MUTEX_RECURSIVE | PTHREAD_MUTEX_ERRORCHECK) => {
            // SAFETY: per the contract.
            unsafe { (*a).kind = k };
            0
        }
        _ => EINVAL,
    }
}

/// `pthread_mutexattr_gettype(a, type)`—Stores the type in `*type`. Always 0.
///
/// # Safety
/// `a` must be an initialised attribute and `kind` valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutexattr_gettype(a: *const PthreadMutexattr, kind: *mut c_int) -> c_int {
    // SAFETY: per the contract.
    unsafe { *kind = (*a).kind as c_int };
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::cell::UnsafeCell;
    use limpet_syscall::errno::ETIMEDOUT;
    use std::sync::Arc;

    struct Shared {
        m: UnsafeCell<PthreadMutex>,
        value: UnsafeCell<u64>,
    }
    unsafe impl Sync for Shared {}
    unsafe impl Send for Shared {}

    fn mutex(kind: u32) -> PthreadMutex {
        let mut a = PthreadMutexattr { kind: 99 };
        let mut m = PthreadMutex::new(7);
        unsafe {
            assert_eq!(pthread_mutexattr_init(&mut a), 0);
            assert_eq!(pthread_mutexattr_settype(&mut a, kind as c_int), 0);
            let mut got = -1;
            pthread_mutexattr_gettype(&a, &mut got);
            assert_eq!(got, kind as c_int);
            assert_eq!(pthread_mutex_init(&mut m, &a), 0);
        }
        m
    }

    #[test]
    fn each_type_excludes_other_threads() {
        const THREADS: usize = 4;
        const ROUNDS: u64 = 50_000;
        for kind in [PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_RECURSIVE, PTHREAD_MUTEX_ERRORCHECK] {
            let s = Arc::new(Shared { m: UnsafeCell::new(mutex(kind)), value: UnsafeCell::new(0) });
            let hs: Vec<_> = (0..THREADS)
                .map(|_| {
                    let s = s.clone();
                    std::thread::spawn(move || {
                        for i in 0..ROUNDS {
                            unsafe {
                                assert_eq!(pthread_mutex_lock(s.m.get()), 0);
                                let v = *s.value.get();
                                if i % 1000 == 0 {
                                    std::thread::yield_now();
                                }
                                *s.value.get() = v + 1;
                                assert_eq!(pthread_mutex_unlock(s.m.get()), 0);
                            }
                        }
                    })
                })
                .collect();
            for h in hs {
                h.join().unwrap();
            }
            assert_eq!(unsafe { *s.value.get() }, THREADS as u64 * ROUNDS);
        }
    }

    #[test]
    fn recursive_counts_levels_and_checks_the_owner() {
        let s = Arc::new(Shared { m: UnsafeCell::new(mutex(PTHREAD_MUTEX_RECURSIVE)), value: UnsafeCell::new(0) });
        let m = s.m.get();
        unsafe {
            assert_eq!(pthread_mutex_unlock(m), EPERM);
            for _ in 0..3 {
                assert_eq!(pthread_mutex_lock(m), 0);
            }
            assert_eq!(pthread_mutex_trylock(m), 0);
            let past = Timespec { tv_sec: 0, tv_nsec: 0 };
            assert_eq!(pthread_mutex_timedlock(m, &past), 0);
            let s2 = s.clone();
            let r = std::thread::spawn(move || {
                let m = s2.m.get();
                (pthread_mutex_unlock(m), pthread_mutex_trylock(m), pthread_mutex_timedlock(m, &past))
            })
            .join()
            .unwrap();
            assert_eq!(r, (EPERM, EBUSY, ETIMEDOUT));
            for _ in 0..5 {
                assert_eq!(pthread_mutex_unlock(m), 0);
            }
            assert_eq!(pthread_mutex_unlock(m), EPERM);
            assert!(!(*m).lock.is_locked());
        }
    }

    #[test]
    fn errorcheck_reports_misuse() {
        let s = Arc::new(Shared { m: UnsafeCell::new(mutex(PTHREAD_MUTEX_ERRORCHECK)), value: UnsafeCell::new(0) });
        let m = s.m.get();
        let bad = Timespec { tv_sec: 0, tv_nsec: 2_000_000_000 };
        unsafe {
            assert_eq!(pthread_mutex_unlock(m), EPERM);
            assert_eq!(pthread_mutex_lock(m), 0);
            assert_eq!(pthread_mutex_lock(m), EDEADLK);
            assert_eq!(pthread_mutex_trylock(m), EBUSY);
            assert_eq!(pthread_mutex_timedlock(m, &bad), EDEADLK);
            let s2 = s.clone();
            let r = std::thread::spawn(move || {
                let m = s2.m.get();
                (pthread_mutex_unlock(m), pthread_mutex_timedlock(m, &bad), pthread_mutex_clocklock(m, 5, &bad))
            })
            .join()
            .unwrap();
            assert_eq!(r, (EPERM, EINVAL, EINVAL));
            assert_eq!(pthread_mutex_unlock(m), 0);
            assert_eq!(pthread_mutex_unlock(m), EPERM);
        }
    }

    #[test]
    fn normal_is_zero_initialised_and_unchecked() {
        let mut m: PthreadMutex = unsafe { core::mem::zeroed() };
        let bad = Timespec { tv_sec: 0, tv_nsec: -1 };
        unsafe {
            // Uncontended, the deadline is never read, as in musl.
            assert_eq!(pthread_mutex_timedlock(&mut m, &bad), 0);
            assert_eq!(pthread_mutex_trylock(&mut m), EBUSY);
            assert_eq!(pthread_mutex_timedlock(&mut m, &bad), EINVAL);
            let past = Timespec { tv_sec: 1, tv_nsec: 0 };
            assert_eq!(pthread_mutex_clocklock(&mut m, CLOCK_MONOTONIC, &past), ETIMEDOUT);
            assert_eq!(pthread_mutex_unlock(&mut m), 0);
            assert_eq!(pthread_mutex_lock(&mut m), 0);
            assert_eq!(pthread_mutex_unlock(&mut m), 0);
            assert_eq!(pthread_mutex_destroy(&mut m), 0);
        }
    }

    #[test]
    fn settype_rejects_unknown_types() {
        let mut a = PthreadMutexattr { kind: 0 };
        unsafe {
            assert_eq!(pthread_mutexattr_settype(&mut a, 3), EINVAL);
            assert_eq!(pthread_mutexattr_settype(&mut a, -1), EINVAL);
            assert_eq!(a.kind, 0);
            assert_eq!(pthread_mutexattr_destroy(&mut a), 0);
        }
    }

    #[test]
    fn timed_lock_gets_the_mutex_when_released_in_time() {
        let s = Arc::new(Shared { m: UnsafeCell::new(mutex(PTHREAD_MUTEX_ERRORCHECK)), value: UnsafeCell::new(0) });
        unsafe { assert_eq!(pthread_mutex_lock(s.m.get()), 0) };
        let s2 = s.clone();
        let t = std::thread::spawn(move || {
            let mut at = Timespec::default();
            unsafe {
                limpet_syscall::syscall2(limpet_syscall::nr::CLOCK_GETTIME, CLOCK_MONOTONIC as usize, &raw mut at as usize);
                at.tv_sec += 10;
                let r = pthread_mutex_clocklock(s2.m.get(), CLOCK_MONOTONIC, &at);
                let v = *s2.value.get();
                pthread_mutex_unlock(s2.m.get());
                (r, v)
            }
        });
        std::thread::sleep(std::time::Duration::from_millis(20));
        unsafe {
            *s.value.get() = 9;
            assert_eq!(pthread_mutex_unlock(s.m.get()), 0);
        }
        assert_eq!(t.join().unwrap(), (0, 9));
    }
}
