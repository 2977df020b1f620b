//! Unnamed semaphores: `sem_init`, `sem_destroy`, `sem_wait`, `sem_trywait`,
//! `sem_timedwait`, `sem_clockwait`, `sem_post`, `sem_getvalue` (named ones are in
//! [`crate::sem_named`]).
//!
//! `value` is the count itself and the futex word: a waiter that finds it zero sleeps while
//! it stays zero. `waiters` counts the threads that may sleep, so a post with nobody waiting
//! makes no system call. A waiter registers before it looks at the value and a poster
//! raises the value before it looks at `waiters` (all four accesses sequentially
//! consistent), so at least one of them sees the other: either the waiter finds the new
//! value, or the poster wakes it. These functions follow the C convention: -1 with errno
//! set on failure. A signal that interrupts a wait makes it wait again rather than fail
//! with `EINTR` (musl reports `EINTR` only once a handler without `SA_RESTART` exists).
use core::ffi::c_int;
use core::sync::atomic::Ordering::{Relaxed, SeqCst};

use limpet_syscall::cancel;
use limpet_syscall::errno::{EAGAIN, EBUSY, ECANCELED, EINVAL, EOVERFLOW};
use limpet_syscall::set_errno;
use limpet_abi::time::{CLOCK_REALTIME, Timespec};

use crate::abi::{SEM_VALUE_MAX, Sem};
use crate::futex::{self, Scope};
use crate::timeout::{Lazy, Wait};

impl Sem {
    fn scope(&self) -> Scope {
        if self.pshared == 0 { Scope::Private } else { Scope::Shared }
    }

    /// Takes one unit if the value is positive.
    fn try_take(&self) -> bool {
        let mut v = self.value.load(SeqCst);
        while v > 0 {
            match self.value.compare_exchange_weak(v, v - 1, SeqCst, SeqCst) {
                Ok(_) => return true,
                Err(now) => v = now,
            }
        }
        false
    }

    /// Takes one unit, sleeping per `wait` while there is none. Unless `wait` is
    /// [`Wait::No`], a cancellation point: a pending cancellation acts on entry, and one
    /// that arrives while asleep acts once this thread no longer counts as a waiter.
    pub fn take(&self, wait: Wait) -> Result<(), i32> {
        if !matches!(wait, Wait::No) {
            cancel::test();
        }
        if self.try_take() {
            return Ok(());
        }
        let mut deadline = Lazy::new(wait);
        // SAFETY: the caller's contract makes a deadline pointer readable.
        let d = match unsafe { deadline.get() } {
            Err(EBUSY) => return Err(EAGAIN),
            r => r?,
        };
        self.waiters.fetch_add(1, SeqCst);
        // The sleep only reports a cancellation, so the waiter count is put right before
        // it acts.
        let masked = cancel::mask();
        let r = loop {
            if self.try_take() {
                break Ok(());
            }
            if let Err(e) = futex::wait_cp(&self.value, 0, d, self.scope()) {
                break Err(e);
            }
        };
        self.waiters.fetch_sub(1, SeqCst);
        cancel::unmask(masked);
        if r == Err(ECANCELED) {
            cancel::test();
        }
        r
    }

    /// Adds one unit and wakes a sleeper, or `EOVERFLOW` at `SEM_VALUE_MAX`.
    pub fn post(&self) -> Result<(), i32> {
        let mut v = self.value.load(Relaxed);
        loop {
            if v >= SEM_VALUE_MAX {
                return Err(EOVERFLOW);
            }
            match self.value.compare_exchange_weak(v, v + 1, SeqCst, Relaxed) {
                Ok(_) => break,
                Err(now) => v = now,
            }
        }
        if self.waiters.load(SeqCst) != 0 {
            futex::wake(&self.value, 1, self.scope());
        }
        Ok(())
    }
}

/// 0, or -1 with errno set.
fn c_result(r: Result<(), i32>) -> c_int {
    match r {
        Ok(()) => 0,
        Err(e) => {
            set_errno(e);
            -1
        }
    }
}

/// `sem_init(s, pshared, value)`—Makes `*s` a semaphore with `value` units, shared between
/// processes when `pshared` is non-zero (it must then be in memory they all map). -1 with
/// `EINVAL` if `value` exceeds `SEM_VALUE_MAX`.
///
/// # Safety
/// `s` must be valid for writes and not in use.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sem_init(s: *mut Sem, pshared: c_int, value: u32) -> c_int {
    if value > SEM_VALUE_MAX {
        return c_result(Err(EINVAL));
    }
    // SAFETY: per the contract.
    unsafe { s.write(Sem::new(value, (pshared != 0) as u32)) };
    0
}

/// `sem_destroy(s)`—Ends the semaphore's life; it holds no resources. Always 0.
///
/// # Safety
/// `s` must be an initialised semaphore no thread is waiting on.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sem_destroy(_s: *mut Sem) -> c_int {
    0
}

/// `sem_wait(s)`—Takes one unit, waiting while the value is zero. 0.
///
/// # Safety
/// `s` must be an initialised semaphore.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sem_wait(s: *mut Sem) -> c_int {
    // SAFETY: per the contract.
    c_result(unsafe { &*s }.take(Wait::Forever))
}

/// `sem_trywait(s)`—Takes one unit if the value is positive, else -1 with `EAGAIN`.
///
/// # Safety
/// `s` must be an initialised semaphore.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sem_trywait(s: *mut Sem) -> c_int {
    // SAFETY: per the contract.
    c_result(unsafe { &*s }.take(Wait::No))
}

/// `sem_timedwait(s, at)`—As [`sem_wait`], but fails with `ETIMEDOUT` at the absolute
/// `CLOCK_REALTIME` time `*at`, or with `EINVAL` if it has to wait and `at` is malformed.
///
/// # Safety
/// `s` must be an initialised semaphore and `at` a readable `struct timespec`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sem_timedwait(s: *mut Sem, at: *const Timespec) -> c_int {
    // SAFETY: per the contract.
    c_result(unsafe { &*s }.take(Wait::Until(CLOCK_REALTIME, at)))
}

/// `sem_clockwait(s, clock, at)`—[`sem_timedwait`] with the deadline on `clock`,
/// `CLOCK_REALTIME` or `CLOCK_MONOTONIC` (else `EINVAL`).
///
/// # Safety
/// As for [`sem_timedwait`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sem_clockwait(s: *mut Sem, clock: c_int, at: *const Timespec) -> c_int {
    // SAFETY: per the contract.
    c_result(Wait::clock(clock, at).and_then(|w| unsafe { &*s }.take(w)))
}

/// `sem_post(s)`—Adds one unit, waking a waiter if there is one. -1 with `EOVERFLOW` if the
/// value is already `SEM_VALUE_MAX`.
///
/// # Safety
/// `s` must be an initialised semaphore.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sem_post(s: *mut Sem) -> c_int {
    // SAFETY: per the contract.
    c_result(unsafe { &*s }.post())
}

/// `sem_getvalue(s, value)`—Stores the current value (a snapshot). Always 0.
///
/// # Safety
/// `s` must be an initialised semaphore and `value` valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sem_getvalue(s: *mut Sem, value: *mut c_int) -> c_int {
    // SAFETY: per the contract.
    unsafe { *value = (*s).value.load(SeqCst) as c_int };
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_abi::time::CLOCK_MONOTONIC;
    use limpet_syscall::errno::ETIMEDOUT;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    struct Shared(core::cell::UnsafeCell<Sem>);
    unsafe impl Sync for Shared {}
    unsafe impl Send for Shared {}

    fn errno() -> i32 {
        std::io::Error::last_os_error().raw_os_error().unwrap()
    }

    fn in_ms(clock: c_int, ms: i64) -> Timespec {
        let mut t = Timespec::default();
        unsafe { limpet_syscall::syscall2(limpet_syscall::nr::CLOCK_GETTIME, clock as usize, &raw mut t as usize) };
        t.tv_nsec += ms * 1_000_000;
        t.tv_sec += t.tv_nsec / 1_000_000_000;
        t.tv_nsec %= 1_000_000_000;
        t
    }

    /// Producers post one unit per item, consumers take them: every item is consumed once
    /// and the value ends at zero.
    #[test]
    fn producers_and_consumers_balance() {
        const ITEMS: u64 = 50_000;
        let s = Arc::new(Shared(core::cell::UnsafeCell::new(Sem::new(0, 0))));
        let taken = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let mut hs = Vec::new();
        for _ in 0..2 {
            let s = s.clone();
            hs.push(std::thread::spawn(move || {
                for _ in 0..ITEMS {
                    assert_eq!(unsafe { sem_post(s.0.get()) }, 0);
                }
            }));
        }
        for _ in 0..2 {
            let (s, taken) = (s.clone(), taken.clone());
            hs.push(std::thread::spawn(move || {
                for _ in 0..ITEMS {
                    assert_eq!(unsafe { sem_wait(s.0.get()) }, 0);
                    taken.fetch_add(1, SeqCst);
                }
            }));
        }
        for h in hs {
            h.join().unwrap();
        }
        assert_eq!(taken.load(SeqCst), 2 * ITEMS);
        let mut v = -1;
        unsafe { sem_getvalue(s.0.get(), &mut v) };
        assert_eq!(v, 0);
    }

    #[test]
    fn errors_set_errno() {
        let mut s = Sem::new(9, 9);
        unsafe {
            assert_eq!(sem_init(&mut s, 0, SEM_VALUE_MAX + 1), -1);
            assert_eq!(errno(), EINVAL);
            assert_eq!(sem_init(&mut s, 0, SEM_VALUE_MAX), 0);
            assert_eq!(sem_post(&mut s), -1);
            assert_eq!(errno(), EOVERFLOW);
            assert_eq!(sem_init(&mut s, 1, 1), 0);
            assert_eq!(s.pshared, 1);
            let bad = Timespec { tv_sec: 0, tv_nsec: 1_000_000_000 };
            assert_eq!(sem_timedwait(&mut s, &bad), 0);
            assert_eq!(sem_trywait(&mut s), -1);
            assert_eq!(errno(), EAGAIN);
            assert_eq!(sem_timedwait(&mut s, &bad), -1);
            assert_eq!(errno(), EINVAL);
            assert_eq!(sem_clockwait(&mut s, 5, &bad), -1);
            assert_eq!(errno(), EINVAL);
            let start = Instant::now();
            assert_eq!(sem_timedwait(&mut s, &in_ms(CLOCK_REALTIME, 30)), -1);
            assert_eq!(errno(), ETIMEDOUT);
            assert!(start.elapsed() >= Duration::from_millis(25));
            assert_eq!(sem_clockwait(&mut s, CLOCK_MONOTONIC, &in_ms(CLOCK_MONOTONIC, 10)), -1);
            assert_eq!(errno(), ETIMEDOUT);
            assert_eq!(s.waiters.load(SeqCst), 0);
            assert_eq!(sem_destroy(&mut s), 0);
        }
    }

    #[test]
    fn timed_wait_is_woken_by_a_post() {
        let s = Arc::new(Shared(core::cell::UnsafeCell::new(Sem::new(0, 0))));
        let s2 = s.clone();
        let t = std::thread::spawn(move || unsafe {
            sem_clockwait(s2.0.get(), CLOCK_MONOTONIC, &in_ms(CLOCK_MONOTONIC, 10_000))
        });
        while unsafe { (*s.0.get()).waiters.load(SeqCst) } == 0 {
            std::thread::sleep(Duration::from_millis(1));
        }
        unsafe { sem_post(s.0.get()) };
        assert_eq!(t.join().unwrap(), 0);
    }
}
