//! The futex calls every blocking primitive here is built on, and the absolute deadlines
//! they take.
//!
//! A deadline is a `struct timespec` on `CLOCK_REALTIME` or `CLOCK_MONOTONIC`, handed to the
//! kernel as it is (`FUTEX_WAIT_BITSET` waits until an absolute time), so no clock is read
//! and a clock change moves a realtime deadline as POSIX wants.
use core::ffi::c_int;
use core::sync::atomic::AtomicU32;

use limpet_abi::futex::{
    FUTEX_BITSET_MATCH_ANY, FUTEX_CLOCK_REALTIME, FUTEX_PRIVATE_FLAG, FUTEX_WAIT, FUTEX_WAIT_BITSET, FUTEX_WAKE,
};
use limpet_abi::time::{CLOCK_MONOTONIC, CLOCK_REALTIME, Timespec};
use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::errno::{ECANCELED, EINVAL, ETIMEDOUT};
use limpet_syscall::{nr, result, syscall4, syscall6};

const NSEC_PER_SEC: i64 = 1_000_000_000;

/// Who may wait on a futex word. A word the kernel itself wakes (the thread id it clears
/// at thread exit) must be waited on as shared: the kernel's wake-up is not private, and a
/// private and a shared wait on the same address are different futexes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Private,
    Shared,
}

impl Scope {
    fn flag(self) -> c_int {
        match self {
            Scope::Private => FUTEX_PRIVATE_FLAG,
            Scope::Shared => 0,
        }
    }
}

/// An absolute time on one of the two supported clocks.
#[derive(Clone, Copy)]
pub struct Deadline {
    pub clock: i32,
    pub at: Timespec,
}

impl Deadline {
    /// Checks a caller's deadline: `EINVAL` for a nanosecond field outside `0..10^9` or a clock
    /// other than realtime and monotonic.
    pub fn new(clock: i32, at: Timespec) -> Result<Deadline, i32> {
        if !(0..NSEC_PER_SEC).contains(&at.tv_nsec) || !(clock == CLOCK_REALTIME || clock == CLOCK_MONOTONIC) {
            return Err(EINVAL);
        }
        Ok(Deadline { clock, at })
    }

    /// A deadline from a C pointer that must not be null.
    ///
    /// # Safety
    /// `at` must point at a readable `struct timespec`.
    pub unsafe fn from_ptr(clock: i32, at: *const Timespec) -> Result<Deadline, i32> {
        // SAFETY: per the contract.
        Deadline::new(clock, unsafe { *at })
    }
}

/// Sleeps while `*word == expected`, until woken, interrupted or (with a deadline) timed
/// out. `Ok` means woken, or the word had already changed, or a signal came: callers
/// re-check their condition either way. `Err(ETIMEDOUT)` means the deadline passed.
pub fn wait(word: &AtomicU32, expected: u32, deadline: Option<&Deadline>, scope: Scope) -> Result<(), i32> {
    sleep(word, expected, deadline, scope, false)
}

/// [`wait`] as a cancellation point ([`limpet_syscall::cancel`]): a pending cancellation
/// acts before or during the sleep. When the thread's cancellation is masked it is
/// reported as `Err(ECANCELED)` instead.
pub fn wait_cp(word: &AtomicU32, expected: u32, deadline: Option<&Deadline>, scope: Scope) -> Result<(), i32> {
    sleep(word, expected, deadline, scope, true)
}

fn sleep(word: &AtomicU32, expected: u32, deadline: Option<&Deadline>, scope: Scope, cp: bool) -> Result<(), i32> {
    let call = |op: c_int, timeout: usize, bitset: u32| {
        let a = [word.as_ptr() as usize, (op | scope.flag()) as usize, expected as usize, timeout, 0, bitset as usize];
        // SAFETY: the kernel only reads the live, aligned word and, when given, the live
        // timespec the deadline holds.
        unsafe {
            if cp {
                syscall_cp(nr::FUTEX, a[0], a[1], a[2], a[3], a[4], a[5])
            } else {
                syscall6(nr::FUTEX, a[0], a[1], a[2], a[3], a[4], a[5])
            }
        }
    };
    let r = match deadline {
        None => call(FUTEX_WAIT, 0, 0),
        // The kernel refuses a negative second count; it is simply in the past.
        Some(d) if d.at.tv_sec < 0 => return Err(ETIMEDOUT),
        Some(d) => {
            let clock = if d.clock == CLOCK_REALTIME { FUTEX_CLOCK_REALTIME } else { 0 };
            call(FUTEX_WAIT_BITSET | clock, &raw const d.at as usize, FUTEX_BITSET_MATCH_ANY)
        }
    };
    match result(r) {
        Err(e @ (ETIMEDOUT | ECANCELED)) => Err(e),
        _ => Ok(()),
    }
}

/// Wakes up to `n` threads sleeping on `word`.
pub fn wake(word: &AtomicU32, n: u32, scope: Scope) {
    // SAFETY: FUTEX_WAKE only looks the address up in the kernel's wait queues.
    unsafe { syscall4(nr::FUTEX, word.as_ptr() as usize, (FUTEX_WAKE | scope.flag()) as usize, n as usize, 0) };
}

/// Wakes every thread sleeping on `word`.
pub fn wake_all(word: &AtomicU32, scope: Scope) {
    wake(word, i32::MAX as u32, scope);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn now(clock: i32) -> Timespec {
        let mut ts = Timespec::default();
        unsafe { limpet_syscall::syscall2(nr::CLOCK_GETTIME, clock as usize, &raw mut ts as usize) };
        ts
    }

    fn later(clock: i32, ms: i64) -> Deadline {
        let mut t = now(clock);
        t.tv_nsec += ms * 1_000_000;
        t.tv_sec += t.tv_nsec / NSEC_PER_SEC;
        t.tv_nsec %= NSEC_PER_SEC;
        Deadline::new(clock, t).unwrap()
    }

    #[test]
    fn deadlines_are_checked() {
        assert_eq!(Deadline::new(CLOCK_REALTIME, Timespec { tv_sec: 1, tv_nsec: NSEC_PER_SEC }).err(), Some(EINVAL));
        assert_eq!(Deadline::new(CLOCK_REALTIME, Timespec { tv_sec: 1, tv_nsec: -1 }).err(), Some(EINVAL));
        assert_eq!(Deadline::new(limpet_abi::time::CLOCK_PROCESS_CPUTIME_ID, Timespec::default()).err(), Some(EINVAL));
        assert!(Deadline::new(CLOCK_MONOTONIC, Timespec { tv_sec: 0, tv_nsec: 999_999_999 }).is_ok());
    }

    #[test]
    fn times_out_on_both_clocks() {
        let w = AtomicU32::new(5);
        for clock in [CLOCK_REALTIME, CLOCK_MONOTONIC] {
            let start = Instant::now();
            assert_eq!(wait(&w, 5, Some(&later(clock, 30)), Scope::Private), Err(ETIMEDOUT));
            assert!(start.elapsed() >= Duration::from_millis(25));
        }
        let past = Deadline::new(CLOCK_REALTIME, Timespec { tv_sec: -5, tv_nsec: 0 }).unwrap();
        assert_eq!(wait(&w, 5, Some(&past), Scope::Private), Err(ETIMEDOUT));
    }

    #[test]
    fn changed_word_returns_at_once() {
        let w = AtomicU32::new(1);
        assert_eq!(wait(&w, 2, None, Scope::Private), Ok(()));
        assert_eq!(wait(&w, 2, Some(&later(CLOCK_MONOTONIC, 10_000)), Scope::Shared), Ok(()));
    }

    #[test]
    fn wake_reaches_a_sleeper() {
        use std::sync::Arc;
        use std::sync::atomic::Ordering;
        let w = Arc::new(AtomicU32::new(0));
        let w2 = w.clone();
        let t = std::thread::spawn(move || {
            while w2.load(Ordering::Acquire) == 0 {
                wait(&w2, 0, None, Scope::Private).unwrap();
            }
        });
        std::thread::sleep(Duration::from_millis(20));
        w.store(1, Ordering::Release);
        wake(&w, 1, Scope::Private);
        t.join().unwrap();
    }
}
