//! The recursive lock each `FILE` carries.
//!
//! `state` is the futex word: [`UNLOCKED`], [`LOCKED`], or [`CONTENDED`] once a thread may
//! be asleep on it. `owner` identifies the holder by its thread pointer, which every thread
//! has without a system call, so a thread re-taking its own lock (stdio functions nest) costs
//! one load and a compare. `count` is the recursion depth; only the owner touches it.
use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

use limpet_syscall::{nr, syscall4};

use crate::abi::{FUTEX_WAIT_PRIVATE, FUTEX_WAKE_PRIVATE};

const UNLOCKED: u32 = 0;
const LOCKED: u32 = 1;
const CONTENDED: u32 = 2;

/// A lock that the owning thread may take again; it is released when every `lock` has
/// been matched by an `unlock`.
#[derive(Default)]
pub struct RecursiveLock {
    state: AtomicU32,
    owner: AtomicUsize,
    count: UnsafeCell<u32>,
}

// SAFETY: `count` is only read or written by the thread whose id is in `owner`.
unsafe impl Sync for RecursiveLock {}

/// The calling thread's identity: its thread pointer, unique among live threads.
#[inline(always)]
fn current_thread() -> usize {
    limpet_pthread::arch::get_tp()
}

impl RecursiveLock {
    pub const fn new() -> Self {
        RecursiveLock { state: AtomicU32::new(UNLOCKED), owner: AtomicUsize::new(0), count: UnsafeCell::new(0) }
    }

    /// Takes the lock, sleeping while another thread holds it.
    pub fn lock(&self) {
        let me = current_thread();
        // Only this thread can have stored its own id, so seeing it means we hold the lock.
        if self.owner.load(Ordering::Relaxed) == me {
            // SAFETY: we own the lock, so `count` is ours.
            unsafe { *self.count.get() += 1 };
            return;
        }
        if self.state.compare_exchange(UNLOCKED, LOCKED, Ordering::Acquire, Ordering::Relaxed).is_err() {
            self.lock_contended();
        }
        self.owner.store(me, Ordering::Relaxed);
        // SAFETY: we now own the lock.
        unsafe { *self.count.get() = 1 };
    }

    #[cold]
    #[inline(never)]
    fn lock_contended(&self) {
        // Once we have slept, others may sleep behind us: take it as CONTENDED, so the
        // unlock wakes one of them (at worst one needless wake-up).
        while self.state.swap(CONTENDED, Ordering::Acquire) != UNLOCKED {
            futex(&self.state, FUTEX_WAIT_PRIVATE, CONTENDED);
        }
    }

    /// Releases one level of the lock.
    ///
    /// # Safety
    /// The calling thread must hold the lock.
    pub unsafe fn unlock(&self) {
        // SAFETY: the caller holds the lock, so `count` is ours.
        let count = unsafe { &mut *self.count.get() };
        *count -= 1;
        if *count == 0 {
            self.owner.store(0, Ordering::Relaxed);
            if self.state.swap(UNLOCKED, Ordering::Release) == CONTENDED {
                futex(&self.state, FUTEX_WAKE_PRIVATE, 1);
            }
        }
    }
}

/// `futex(word, op, val, NULL)`. Errors need no handling: a wait that fails (EAGAIN because
/// the word changed, EINTR) just sends the caller round its loop again.
fn futex(word: &AtomicU32, op: usize, val: u32) {
    // SAFETY: `word` is a live, aligned u32; no timeout pointer is passed.
    unsafe { syscall4(nr::FUTEX, word.as_ptr() as usize, op, val as usize, 0) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    struct Counter {
        lock: RecursiveLock,
        value: UnsafeCell<u64>,
    }
    unsafe impl Sync for Counter {}

    #[test]
    fn recursion_is_counted() {
        let l = RecursiveLock::new();
        l.lock();
        l.lock();
        unsafe { l.unlock() };
        assert_eq!(l.owner.load(Ordering::Relaxed), current_thread());
        assert_eq!(l.state.load(Ordering::Relaxed), LOCKED);
        unsafe { l.unlock() };
        assert_eq!(l.owner.load(Ordering::Relaxed), 0);
        assert_eq!(l.state.load(Ordering::Relaxed), UNLOCKED);
    }

    #[test]
    fn excludes_other_threads() {
        const THREADS: usize = 4;
        const ROUNDS: u64 = 20_000;
        let c = Arc::new(Counter { lock: RecursiveLock::new(), value: UnsafeCell::new(0) });
        let handles: Vec<_> = (0..THREADS)
            .map(|_| {
                let c = c.clone();
                std::thread::spawn(move || {
                    for i in 0..ROUNDS {
                        c.lock.lock();
                        if i % 7 == 0 {
                            c.lock.lock();
                        }
                        // A non-atomic read-modify-write with a yield inside: any overlap loses updates.
                        let v = unsafe { *c.value.get() };
                        if i % 1000 == 0 {
                            std::thread::yield_now();
                        }
                        unsafe { *c.value.get() = v + 1 };
                        if i % 7 == 0 {
                            unsafe { c.lock.unlock() };
                        }
                        unsafe { c.lock.unlock() };
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
        assert_eq!(unsafe { *c.value.get() }, THREADS as u64 * ROUNDS);
        assert_eq!(c.lock.owner.load(Ordering::Relaxed), 0);
        assert_eq!(c.lock.state.load(Ordering::Relaxed), UNLOCKED);
    }

    #[test]
    fn sleeper_is_woken() {
        let c = Arc::new(Counter { lock: RecursiveLock::new(), value: UnsafeCell::new(0) });
        c.lock.lock();
        let c2 = c.clone();
        let t = std::thread::spawn(move || {
            c2.lock.lock();
            let v = unsafe { *c2.value.get() };
            unsafe { c2.lock.unlock() };
            v
        });
        // Wait until the other thread has announced itself as a sleeper, then publish and release.
        let start = std::time::Instant::now();
        while c.lock.state.load(Ordering::Relaxed) != CONTENDED {
            assert!(start.elapsed().as_secs() < 10, "the other thread never blocked");
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        unsafe { *c.value.get() = 42 };
        unsafe { c.lock.unlock() };
        assert_eq!(t.join().unwrap(), 42);
    }
}
