//! The futex lock under every mutex here: `pthread_mutex_t` of each type, and the
//! component's own locks (the thread list, the key table).
//!
//! The word is [`UNLOCKED`], [`LOCKED`], or [`CONTENDED`] once a thread may be asleep on it.
//! Only an unlock that finds CONTENDED pays for a wake-up, so an uncontended lock and unlock
//! are one atomic operation each. Zero is unlocked, so zeroed memory is a valid lock.
//!
//! While limpet knows the process has one thread ([`crate::single_threaded`]), no other
//! thread can see the word, so locking and unlocking are plain loads and stores: a locked
//! instruction costs about 7 ns on the machines measured, which is most of an uncontended
//! `pthread_mutex_lock`/`unlock` pair, a `malloc`/`free` or a `putc`. The lock is private
//! to the process by construction (its futex calls are), so no other process can share the
//! word either. Only the thread that creates the first thread can end this state, and it
//! is not inside a lock operation when it does; `clone` orders the plain stores before
//! anything the new thread does.
use core::sync::atomic::{AtomicU32, Ordering};

use crate::futex::{self, Deadline, Scope};

pub const UNLOCKED: u32 = 0;
pub const LOCKED: u32 = 1;
pub const CONTENDED: u32 = 2;

/// How often a contended lock looks again before sleeping: critical sections are often
/// short enough that the holder is about to let go.
const SPINS: u32 = 100;

/// How many times to spin on a contended lock: `SPINS` (100), or none when the process may run
/// on one CPU only (`taskset`, a one-CPU cpuset or machine): then the holder cannot run
/// while we spin, and each spin only delays the sleep that lets it (a `pause` costs up to
/// about 140 cycles). Decided at the first contention, from the affinity mask.
pub fn spin_limit() -> u32 {
    // u32::MAX: not decided yet.
    static LIMIT: AtomicU32 = AtomicU32::new(u32::MAX);
    match LIMIT.load(Ordering::Relaxed) {
        u32::MAX => {
            let limit = if usable_cpus().is_some_and(|n| n <= 1) { 0 } else { SPINS };
            LIMIT.store(limit, Ordering::Relaxed);
            limit
        }
        limit => limit,
    }
}

/// How many CPUs the calling thread may run on, or `None` when the kernel will not say.
pub fn usable_cpus() -> Option<usize> {
    // Room for 4096 CPUs; a larger machine fails with EINVAL and counts as unknown.
    let mut mask = [0u64; 64];
    // SAFETY: the kernel writes at most the array's size, and says how much it wrote.
    let n = limpet_syscall::result(unsafe {
        limpet_syscall::syscall3(limpet_syscall::nr::SCHED_GETAFFINITY, 0, size_of_val(&mask), mask.as_mut_ptr() as usize)
    })
    .ok()?;
    // The kernel fills only as many bytes as it has CPUs for.
    Some(mask.iter().flat_map(|w| w.to_ne_bytes()).take(n).map(|b| b.count_ones() as usize).sum())
}

/// A value guarded by a [`Lock`], usable in a `static` (`Mutex::new` is `const`): the
/// allocators keep their heaps, heap registry and page pool in these.
pub type Mutex<T> = lock_api::Mutex<Lock, T>;
/// Proof that a [`Mutex`] is held; releases it when dropped.
pub type MutexGuard<'a, T> = lock_api::MutexGuard<'a, Lock, T>;

// SAFETY: `try_lock` succeeds only when it moved the word from UNLOCKED, and every other
// path to LOCKED or CONTENDED goes through the same exchange, so one holder at a time.
unsafe impl lock_api::RawMutex for Lock {
    const INIT: Lock = Lock::new();
    // The lock has no owner: any thread may release it (fork's child does).
    type GuardMarker = lock_api::GuardSend;

    #[inline]
    fn lock(&self) {
        Lock::lock(self)
    }

    #[inline]
    fn try_lock(&self) -> bool {
        Lock::try_lock(self)
    }

    #[inline]
    unsafe fn unlock(&self) {
        // SAFETY: lock_api calls this only for a held lock.
        unsafe { Lock::unlock(self) }
    }

    fn is_locked(&self) -> bool {
        Lock::is_locked(self)
    }
}

/// A process-private futex lock with no owner tracking.
#[repr(transparent)]
pub struct Lock {
    state: AtomicU32,
}

impl Default for Lock {
    fn default() -> Self {
        Lock::new()
    }
}

impl Lock {
    pub const fn new() -> Self {
        Lock { state: AtomicU32::new(UNLOCKED) }
    }

    /// Takes the lock if it is free.
    #[inline]
    pub fn try_lock(&self) -> bool {
        if crate::single_threaded() {
            if self.state.load(Ordering::Relaxed) != UNLOCKED {
                return false;
            }
            self.state.store(LOCKED, Ordering::Relaxed);
            return true;
        }
        self.state.compare_exchange(UNLOCKED, LOCKED, Ordering::Acquire, Ordering::Relaxed).is_ok()
    }

    /// Takes the lock, sleeping as long as it takes.
    #[inline]
    pub fn lock(&self) {
        if !self.try_lock() {
            // Without a deadline the wait cannot time out.
            let _ = self.lock_contended(None);
        }
    }

    /// Takes the lock, or gives up with `ETIMEDOUT` when `deadline` passes first.
    #[inline]
    pub fn lock_until(&self, deadline: Option<&Deadline>) -> Result<(), i32> {
        if self.try_lock() { Ok(()) } else { self.lock_contended(deadline) }
    }

    #[cold]
    #[inline(never)]
    fn lock_contended(&self, deadline: Option<&Deadline>) -> Result<(), i32> {
        for _ in 0..spin_limit() {
            match self.state.load(Ordering::Relaxed) {
                UNLOCKED if self.try_lock() => return Ok(()),
                // Someone sleeps already: spinning would only delay joining the queue.
                CONTENDED => break,
                _ => core::hint::spin_loop(),
            }
        }
        // From here on the lock is taken as CONTENDED even when the swap finds it free: a
        // sleeper may exist that we cannot see, and the next unlock must wake it.
        while self.state.swap(CONTENDED, Ordering::Acquire) != UNLOCKED {
            futex::wait(&self.state, CONTENDED, deadline, Scope::Private)?;
        }
        Ok(())
    }

    /// Releases the lock.
    ///
    /// # Safety
    /// The lock must be held, by the caller or by a thread on whose behalf it releases it.
    #[inline]
    pub unsafe fn unlock(&self) {
        if crate::single_threaded() {
            // No thread can be asleep on the word: none other exists.
            self.state.store(UNLOCKED, Ordering::Relaxed);
            return;
        }
        if self.state.swap(UNLOCKED, Ordering::Release) == CONTENDED {
            self.wake_one();
        }
    }

    #[cold]
    #[inline(never)]
    fn wake_one(&self) {
        futex::wake(&self.state, 1, Scope::Private);
    }

    /// Whether some thread holds the lock (a snapshot: by the time it returns, it may be
    /// stale unless the caller holds the lock).
    pub fn is_locked(&self) -> bool {
        self.state.load(Ordering::Relaxed) != UNLOCKED
    }

    /// Whether a thread may be asleep waiting for the lock (a snapshot, as for `is_locked`).
    pub fn is_contended(&self) -> bool {
        self.state.load(Ordering::Relaxed) == CONTENDED
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    unsafe extern "C" {
        fn sched_getaffinity(pid: i32, size: usize, mask: *mut core::ffi::c_void) -> i32;
    }

    #[test]
    fn usable_cpus_counts_the_mask() {
        let mut host = [0u8; 512];
        assert_eq!(unsafe { sched_getaffinity(0, 512, host.as_mut_ptr().cast()) }, 0);
        let want: usize = host.iter().map(|b| b.count_ones() as usize).sum();
        assert_eq!(usable_cpus(), Some(want));
    }

    use core::cell::UnsafeCell;
    use limpet_syscall::errno::ETIMEDOUT;
    use limpet_abi::time::{CLOCK_REALTIME, Timespec};
    use std::sync::Arc;

    struct Counter {
        lock: Lock,
        value: UnsafeCell<u64>,
    }
    unsafe impl Sync for Counter {}

    #[test]
    fn counts_exactly_under_contention() {
        const THREADS: usize = 4;
        const ROUNDS: u64 = 100_000;
        let c = Arc::new(Counter { lock: Lock::new(), value: UnsafeCell::new(0) });
        let handles: Vec<_> = (0..THREADS)
            .map(|_| {
                let c = c.clone();
                std::thread::spawn(move || {
                    for i in 0..ROUNDS {
                        c.lock.lock();
                        // A non-atomic read-modify-write with a yield inside: overlap loses updates.
                        let v = unsafe { *c.value.get() };
                        if i % 1000 == 0 {
                            std::thread::yield_now();
                        }
                        unsafe { *c.value.get() = v + 1 };
                        unsafe { c.lock.unlock() };
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
        assert_eq!(unsafe { *c.value.get() }, THREADS as u64 * ROUNDS);
        assert!(!c.lock.is_locked());
    }

    #[test]
    fn try_lock_and_timeout_on_a_held_lock() {
        let l = Lock::new();
        assert!(l.try_lock());
        assert!(!l.try_lock());
        let past = Deadline::new(CLOCK_REALTIME, Timespec { tv_sec: 0, tv_nsec: 0 }).unwrap();
        assert_eq!(l.lock_until(Some(&past)), Err(ETIMEDOUT));
        unsafe { l.unlock() };
        assert_eq!(l.lock_until(Some(&past)), Ok(()));
        unsafe { l.unlock() };
        assert!(!l.is_locked());
    }

    #[test]
    fn sleeper_is_woken() {
        let l = Arc::new(Lock::new());
        l.lock();
        let l2 = l.clone();
        let t = std::thread::spawn(move || {
            l2.lock();
            unsafe { l2.unlock() };
        });
        while l.state.load(Ordering::Relaxed) != CONTENDED {
            std::thread::yield_now();
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        unsafe { l.unlock() };
        t.join().unwrap();
        assert!(!l.is_locked());
    }
}

#[cfg(test)]
mod mutex_tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn counts_exactly_under_contention() {
        const THREADS: usize = 4;
        const ROUNDS: usize = 100_000;
        let m = Arc::new(Mutex::new(0usize));
        let handles: Vec<_> = (0..THREADS)
            .map(|_| {
                let m = Arc::clone(&m);
                std::thread::spawn(move || {
                    for _ in 0..ROUNDS {
                        // A non-atomic read-modify-write with a yield inside: without mutual
                        // exclusion, updates get lost.
                        let mut g = m.lock();
                        let v = *g;
                        if v.is_multiple_of(1000) {
                            std::thread::yield_now();
                        }
                        *g = v + 1;
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
        assert_eq!(*m.lock(), THREADS * ROUNDS);
        assert!(!m.is_locked());
    }

    #[test]
    fn sleeper_is_woken() {
        let m = Arc::new(Mutex::new(()));
        let g = m.lock();
        let m2 = Arc::clone(&m);
        let t = std::thread::spawn(move || drop(m2.lock()));
        // Long enough for the other thread to give up spinning and sleep in the kernel.
        while !unsafe { m.raw() }.is_contended() {
            std::thread::yield_now();
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        drop(g);
        t.join().unwrap();
        assert!(!m.is_locked());
    }

    #[test]
    fn leaked_guard_keeps_lock_until_unlock() {
        let m = Mutex::new(5);
        MutexGuard::leak(m.lock());
        assert!(m.is_locked() && !unsafe { m.raw() }.is_contended());
        // SAFETY: this thread holds the lock through the leaked guard.
        unsafe { m.force_unlock() };
        assert_eq!(*m.lock(), 5);
    }
}
