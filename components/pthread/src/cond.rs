//! `pthread_cond_*` and `pthread_condattr_*`: condition variables over a futex sequence
//! counter.
//!
//! Every signal and broadcast bumps `seq` before waking anyone. A waiter reads `seq` while it
//! still holds the mutex and then sleeps only while `seq` is unchanged, so a signal sent
//! after the waiter let go of the mutex either finds it asleep or makes its sleep return at
//! once: no wake-up is lost. A signal wakes one sleeper (the kernel wakes the longest-waiting
//! thread of equal priority first); extra, spurious returns are allowed by POSIX and cost
//! only a loop in the caller.
//!
//! `waiters` counts the threads between registering and leaving a wait, so a signal with
//! nobody waiting makes no system call. A woken waiter leaves (decrements it) before it
//! reacquires the mutex and never touches the condition variable again, and
//! `pthread_cond_destroy` waits for the woken waiters to leave: destroying one right after a
//! broadcast, as POSIX allows, is safe. Broadcast wakes every sleeper, which then queue on
//! the mutex.
use core::ffi::c_int;
use core::sync::atomic::Ordering::SeqCst;

use limpet_syscall::cancel;
use limpet_syscall::errno::{ECANCELED, EINVAL};
use limpet_abi::time::{CLOCK_MONOTONIC, CLOCK_REALTIME, Timespec};

use crate::abi::{CONDATTR_SHARED, PTHREAD_PROCESS_PRIVATE, PTHREAD_PROCESS_SHARED, PthreadCond, PthreadCondattr, PthreadMutex};
use crate::futex::{self, Deadline, Scope};

/// Set in `waiters` while `pthread_cond_destroy` waits for the last woken waiter to leave.
const DESTROYING: u32 = 1 << 31;

impl PthreadCond {
    fn scope(&self) -> Scope {
        if self.shared != 0 { Scope::Shared } else { Scope::Private }
    }

    /// Unlocks `m`, sleeps until signalled (or spuriously, or at `deadline`), relocks `m`.
    fn wait(&self, m: &PthreadMutex, deadline: Option<&Deadline>) -> Result<(), i32> {
        // Registered before `seq` is read: a signaller that bumps `seq` after our read is
        // then sure to see us (all four accesses are SeqCst) and to make the wake-up call.
        self.waiters.fetch_add(1, SeqCst);
        let seq = self.seq.load(SeqCst);
        let depth = match m.unlock_for_wait() {
            Ok(d) => d,
            Err(e) => {
                self.leave();
                return Err(e);
            }
        };
        // A cancellation point whose cleanup handlers must find the mutex held again: the
        // sleep only reports a cancellation, which acts once the mutex is retaken. Acting
        // on nothing else keeps a waiter that consumed a wake-up from ending with it.
        let masked = cancel::mask();
        let r = futex::wait_cp(&self.seq, seq, deadline, self.scope());
        self.leave();
        // A robust mutex may come back owner-dead or unrecoverable, which outranks the
        // wait's own result.
        let relocked = m.relock_after_wait(depth);
        cancel::unmask(masked);
        if r == Err(ECANCELED) {
            cancel::test();
        }
        relocked.and(r)
    }

    fn leave(&self) {
        if self.waiters.fetch_sub(1, SeqCst) == DESTROYING | 1 {
            futex::wake_all(&self.waiters, self.scope());
        }
    }

    fn wake(&self, n: u32) {
        self.seq.fetch_add(1, SeqCst);
        if self.waiters.load(SeqCst) & !DESTROYING != 0 {
            futex::wake(&self.seq, n, self.scope());
        }
    }
}

fn code(r: Result<(), i32>) -> c_int {
    match r {
        Ok(()) => 0,
        Err(e) => e,
    }
}

/// `pthread_cond_init(c, attr)`—Makes `*c` a condition variable with no waiters, timing out
/// on `attr`'s clock (`CLOCK_REALTIME` when `attr` is null) and shared between processes
/// if `attr` says so. Always 0.
///
/// # Safety
/// `c` must be valid for writes and not in use; `attr` null or an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_cond_init(c: *mut PthreadCond, attr: *const PthreadCondattr) -> c_int {
    // SAFETY: per the contract.
    unsafe {
        let word = if attr.is_null() { CLOCK_REALTIME as u32 } else { (*attr).clock };
        let mut cv = PthreadCond::new(word & !CONDATTR_SHARED);
        cv.shared = (word & CONDATTR_SHARED != 0) as u32;
        c.write(cv);
    }
    0
}

/// `pthread_cond_destroy(c)`—Ends the condition variable's life, first waiting for threads
/// that were woken but have not yet left their wait. Always 0.
///
/// # Safety
/// `c` must be initialised, and no thread may be blocked on it or start using it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_cond_destroy(c: *mut PthreadCond) -> c_int {
    // SAFETY: per the contract.
    let c = unsafe { &*c };
    if c.waiters.fetch_or(DESTROYING, SeqCst) != 0 {
        loop {
            let w = c.waiters.load(SeqCst);
            if w & !DESTROYING == 0 {
                break;
            }
            let _ = futex::wait(&c.waiters, w, None, c.scope());
        }
    }
    0
}

/// `pthread_cond_wait(c, m)`—Atomically releases `m` and waits on `c`, then takes `m` back
/// before returning 0. It may return without a signal (a spurious wake-up), so callers test
/// their predicate in a loop. A cancellation point: a cancelled waiter retakes `m`
/// before its cleanup handlers run. `EPERM` if `m` is a recursive or error-checking mutex the caller
/// does not hold.
///
/// # Safety
/// `c` and `m` must be initialised, and `m` held by the caller.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_cond_wait(c: *mut PthreadCond, m: *mut PthreadMutex) -> c_int {
    // SAFETY: per the contract.
    unsafe { code((*c).wait(&*m, None)) }
}

/// `pthread_cond_timedwait(c, m, at)`—As [`pthread_cond_wait`], but gives up with
/// `ETIMEDOUT` (still retaking `m`) at the absolute time `*at` on the condition variable's
/// clock. `EINVAL`, without waiting, if `at`'s nanoseconds are outside `0..10^9` (after the
/// `EPERM` check, as in musl).
///
/// # Safety
/// As for [`pthread_cond_wait`], and `at` must be a readable `struct timespec`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_cond_timedwait(c: *mut PthreadCond, m: *mut PthreadMutex, at: *const Timespec) -> c_int {
    // SAFETY: per the contract.
    unsafe {
        if let Err(e) = (*m).check_held() {
            return e;
        }
        let d = match Deadline::from_ptr((*c).clock as i32, at) {
            Ok(d) => d,
            Err(e) => return e,
        };
        code((*c).wait(&*m, Some(&d)))
    }
}

/// `pthread_cond_signal(c)`—Wakes at least one thread waiting on `c`, if any. Always 0.
///
/// # Safety
/// `c` must be initialised.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_cond_signal(c: *mut PthreadCond) -> c_int {
    // SAFETY: per the contract.
    unsafe { (*c).wake(1) };
    0
}

/// `pthread_cond_broadcast(c)`—Wakes every thread waiting on `c`. Always 0.
///
/// # Safety
/// `c` must be initialised.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_cond_broadcast(c: *mut PthreadCond) -> c_int {
    // SAFETY: per the contract.
    unsafe { (*c).wake(i32::MAX as u32) };
    0
}

/// `pthread_condattr_init(a)`—A condition attribute with the default clock,
/// `CLOCK_REALTIME`. Always 0.
///
/// # Safety
/// `a` must be valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_condattr_init(a: *mut PthreadCondattr) -> c_int {
    // SAFETY: per the contract.
    unsafe { a.write(PthreadCondattr { clock: CLOCK_REALTIME as u32 }) };
    0
}

/// `pthread_condattr_destroy(a)`—Ends the attribute's life. Always 0.
///
/// # Safety
/// `a` must be an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_condattr_destroy(_a: *mut PthreadCondattr) -> c_int {
    0
}

/// `pthread_condattr_setclock(a, clock)`—Sets the clock of timed waits: `CLOCK_REALTIME` or
/// `CLOCK_MONOTONIC`; `EINVAL` for any other clock.
///
/// # Safety
/// `a` must be an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_condattr_setclock(a: *mut PthreadCondattr, clock: c_int) -> c_int {
    if clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC {
        return EINVAL;
    }
    // SAFETY: per the contract.
    unsafe { (*a).clock = (*a).clock & CONDATTR_SHARED | clock as u32 };
    0
}

/// `pthread_condattr_getclock(a, clock)`—Stores the clock in `*clock`. Always 0.
///
/// # Safety
/// `a` must be an initialised attribute and `clock` valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_condattr_getclock(a: *const PthreadCondattr, clock: *mut c_int) -> c_int {
    // SAFETY: per the contract.
    unsafe { *clock = ((*a).clock & !CONDATTR_SHARED) as c_int };
    0
}

/// `pthread_condattr_setpshared(a, pshared)`—Makes condition variables initialised with `a`
/// process-shared (`PTHREAD_PROCESS_SHARED`: usable from any process that maps their
/// memory) or private to the process (`PTHREAD_PROCESS_PRIVATE`); `EINVAL` for any other
/// value.
///
/// # Safety
/// `a` must be an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_condattr_setpshared(a: *mut PthreadCondattr, pshared: c_int) -> c_int {
    let bit = match pshared as u32 {
        PTHREAD_PROCESS_PRIVATE => 0,
        PTHREAD_PROCESS_SHARED => CONDATTR_SHARED,
        _ => return EINVAL,
    };
    // SAFETY: per the contract.
    unsafe { (*a).clock = (*a).clock & !CONDATTR_SHARED | bit };
    0
}

/// `pthread_condattr_getpshared(a, pshared)`—Stores `PTHREAD_PROCESS_SHARED` or
/// `PTHREAD_PROCESS_PRIVATE` in `*pshared`. Always 0.
///
/// # Safety
/// `a` must be an initialised attribute and `pshared` valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_condattr_getpshared(a: *const PthreadCondattr, pshared: *mut c_int) -> c_int {
    // SAFETY: per the contract.
    unsafe {
        let shared = (*a).clock & CONDATTR_SHARED != 0;
        *pshared = if shared { PTHREAD_PROCESS_SHARED } else { PTHREAD_PROCESS_PRIVATE } as c_int;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::{PTHREAD_MUTEX_ERRORCHECK, PTHREAD_MUTEX_RECURSIVE};
    use crate::mutex::*;
    use core::cell::UnsafeCell;
    use limpet_syscall::errno::{EPERM, ETIMEDOUT};
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    struct Shared {
        m: UnsafeCell<PthreadMutex>,
        c: UnsafeCell<PthreadCond>,
        turn: UnsafeCell<u64>,
    }
    unsafe impl Sync for Shared {}
    unsafe impl Send for Shared {}

    fn shared(kind: u32, clock: c_int) -> Arc<Shared> {
        let s = Arc::new(Shared {
            m: UnsafeCell::new(PthreadMutex::new(kind)),
            c: UnsafeCell::new(unsafe { core::mem::zeroed() }),
            turn: UnsafeCell::new(0),
        });
        let mut a = PthreadCondattr { clock: 77 };
        unsafe {
            pthread_condattr_init(&mut a);
            assert_eq!(pthread_condattr_setclock(&mut a, clock), 0);
            pthread_cond_init(s.c.get(), &a);
        }
        s
    }

    fn deadline_in(clock: c_int, ms: i64) -> Timespec {
        let mut t = Timespec::default();
        unsafe { limpet_syscall::syscall2(limpet_syscall::nr::CLOCK_GETTIME, clock as usize, &raw mut t as usize) };
        t.tv_nsec += ms * 1_000_000;
        t.tv_sec += t.tv_nsec / 1_000_000_000;
        t.tv_nsec %= 1_000_000_000;
        t
    }

    /// Two threads hand a turn back and forth; a lost wake-up would hang (and time out the
    /// test run).
    #[test]
    fn ping_pong_loses_no_wakeups() {
        const ROUNDS: u64 = 20_000;
        for kind in [0, PTHREAD_MUTEX_RECURSIVE, PTHREAD_MUTEX_ERRORCHECK] {
            let s = shared(kind, CLOCK_REALTIME);
            let player = |s: Arc<Shared>, parity: u64| {
                std::thread::spawn(move || unsafe {
                    for _ in 0..ROUNDS {
                        pthread_mutex_lock(s.m.get());
                        while *s.turn.get() % 2 != parity {
                            assert_eq!(pthread_cond_wait(s.c.get(), s.m.get()), 0);
                        }
                        *s.turn.get() += 1;
                        pthread_cond_signal(s.c.get());
                        pthread_mutex_unlock(s.m.get());
                    }
                })
            };
            let a = player(s.clone(), 0);
            let b = player(s.clone(), 1);
            a.join().unwrap();
            b.join().unwrap();
            assert_eq!(unsafe { *s.turn.get() }, 2 * ROUNDS);
            assert_eq!(unsafe { pthread_cond_destroy(s.c.get()) }, 0);
        }
    }

    #[test]
    fn broadcast_wakes_everyone_and_destroy_waits_for_them() {
        const THREADS: usize = 6;
        let s = shared(0, CLOCK_MONOTONIC);
        let hs: Vec<_> = (0..THREADS)
            .map(|_| {
                let s = s.clone();
                std::thread::spawn(move || unsafe {
                    pthread_mutex_lock(s.m.get());
                    while *s.turn.get() == 0 {
                        pthread_cond_wait(s.c.get(), s.m.get());
                    }
                    pthread_mutex_unlock(s.m.get());
                })
            })
            .collect();
        // Wait until every thread is inside its wait.
        while unsafe { (*s.c.get()).waiters.load(SeqCst) } != THREADS as u32 {
            std::thread::sleep(Duration::from_millis(1));
        }
        unsafe {
            pthread_mutex_lock(s.m.get());
            *s.turn.get() = 1;
            pthread_cond_broadcast(s.c.get());
            pthread_mutex_unlock(s.m.get());
            assert_eq!(pthread_cond_destroy(s.c.get()), 0);
            assert_eq!((*s.c.get()).waiters.load(SeqCst), DESTROYING);
        }
        for h in hs {
            h.join().unwrap();
        }
    }

    #[test]
    fn timed_wait_times_out_holding_the_mutex() {
        for clock in [CLOCK_REALTIME, CLOCK_MONOTONIC] {
            let s = shared(PTHREAD_MUTEX_ERRORCHECK, clock);
            unsafe {
                pthread_mutex_lock(s.m.get());
                let start = Instant::now();
                let at = deadline_in(clock, 30);
                assert_eq!(pthread_cond_timedwait(s.c.get(), s.m.get(), &at), ETIMEDOUT);
                assert!(start.elapsed() >= Duration::from_millis(25));
                // Still held: relocking an error-checking mutex reports it.
                assert_eq!(pthread_mutex_lock(s.m.get()), limpet_syscall::errno::EDEADLK);
                let bad = Timespec { tv_sec: 0, tv_nsec: 1_000_000_000 };
                assert_eq!(pthread_cond_timedwait(s.c.get(), s.m.get(), &bad), EINVAL);
                assert_eq!(pthread_mutex_unlock(s.m.get()), 0);
                assert_eq!(pthread_cond_wait(s.c.get(), s.m.get()), EPERM);
                assert_eq!(pthread_cond_timedwait(s.c.get(), s.m.get(), &bad), EPERM);
                assert_eq!((*s.c.get()).waiters.load(SeqCst), 0);
            }
        }
    }

    #[test]
    fn timed_wait_is_woken_by_a_signal() {
        let s = shared(PTHREAD_MUTEX_RECURSIVE, CLOCK_MONOTONIC);
        let s2 = s.clone();
        let t = std::thread::spawn(move || unsafe {
            pthread_mutex_lock(s2.m.get());
            // Held twice: the wait releases both levels and restores them.
            pthread_mutex_lock(s2.m.get());
            let at = deadline_in(CLOCK_MONOTONIC, 10_000);
            let mut r = 0;
            while *s2.turn.get() == 0 && r == 0 {
                r = pthread_cond_timedwait(s2.c.get(), s2.m.get(), &at);
            }
            let unlocks = (pthread_mutex_unlock(s2.m.get()), pthread_mutex_unlock(s2.m.get()), pthread_mutex_unlock(s2.m.get()));
            (r, unlocks)
        });
        while unsafe { (*s.c.get()).waiters.load(SeqCst) } == 0 {
            std::thread::sleep(Duration::from_millis(1));
        }
        unsafe {
            pthread_mutex_lock(s.m.get());
            *s.turn.get() = 1;
            pthread_cond_signal(s.c.get());
            pthread_mutex_unlock(s.m.get());
        }
        assert_eq!(t.join().unwrap(), (0, (0, 0, EPERM)));
    }

    #[test]
    fn condattr_clocks() {
        let mut a = PthreadCondattr { clock: 9 };
        let mut clock = -1;
        unsafe {
            pthread_condattr_init(&mut a);
            pthread_condattr_getclock(&a, &mut clock);
            assert_eq!(clock, CLOCK_REALTIME);
            for bad in [-1, 2, 3, 100] {
                assert_eq!(pthread_condattr_setclock(&mut a, bad), EINVAL);
            }
            assert_eq!(pthread_condattr_setclock(&mut a, CLOCK_MONOTONIC), 0);
            pthread_condattr_getclock(&a, &mut clock);
            assert_eq!(clock, CLOCK_MONOTONIC);
            assert_eq!(pthread_condattr_destroy(&mut a), 0);
        }
    }
}
