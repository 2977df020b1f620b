//! The recursive lock each `FILE` carries.
//!
//! `owner` holds the owning thread's id, with [`WAITERS`] set once a thread may be asleep on
//! it; `count` is the recursion depth and only the owner touches it. A contended thread sleeps
//! on `owner` with a private futex. Thread ids come from `gettid` for now; the pthread
//! component will supply them from the thread descriptor, which saves that system call
//! ([`current_tid`] is the one place to change).
use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicU32, Ordering};

use limpet_syscall::{nr, syscall0, syscall4};

use crate::abi::{FUTEX_WAIT_PRIVATE, FUTEX_WAKE_PRIVATE};

/// Set in `owner` while a thread may be sleeping on the lock. Thread ids stay below 2^30
/// (`PID_MAX_LIMIT`), so the top bit is free.
const WAITERS: u32 = 1 << 31;

/// A lock that the owning thread may take again; it is released when every `lock` has
/// been matched by an `unlock`.
#[derive(Default)]
pub struct RecursiveLock {
    owner: AtomicU32,
    count: UnsafeCell<u32>,
}

// SAFETY: `count` is only read or written by the thread whose id is in `owner`.
unsafe impl Sync for RecursiveLock {}

/// The calling thread's kernel id.
#[inline]
fn current_tid() -> u32 {
    // SAFETY: gettid takes no arguments and cannot fail.
    unsafe { syscall0(nr::GETTID) as u32 }
}

impl RecursiveLock {
    pub const fn new() -> Self {
        RecursiveLock { owner: AtomicU32::new(0), count: UnsafeCell::new(0) }
    }

    /// Takes the lock, sleeping while another thread holds it.
    pub fn lock(&self) {
        let me = current_tid();
        // Only this thread can have stored its own id, so seeing it means we hold the lock.
        if self.owner.load(Ordering::Relaxed) & !WAITERS == me {
            // SAFETY: we own the lock, so `count` is ours.
            unsafe { *self.count.get() += 1 };
            return;
        }
        if self.owner.compare_exchange(0, me, Ordering::Acquire, Ordering::Relaxed).is_err() {
            self.lock_contended(me);
        }
        // SAFETY: we now own the lock.
        unsafe { *self.count.get() = 1 };
    }

    #[cold]
    #[inline(never)]
    fn lock_contended(&self, me: u32) {
        loop {
            let cur = self.owner.load(Ordering::Relaxed);
            if cur == 0 {
                // Others may still sleep behind us, so keep WAITERS: the cost is at most
                // one needless wake-up at unlock.
                if self
                    .owner
                    .compare_exchange(0, me | WAITERS, Ordering::Acquire, Ordering::Relaxed)
                    .is_ok()
                {
                    return;
                }
                continue;
            }
            if cur & WAITERS == 0
                && self
                    .owner
                    .compare_exchange(cur, cur | WAITERS, Ordering::Relaxed, Ordering::Relaxed)
                    .is_err()
            {
                continue;
            }
            futex(&self.owner, FUTEX_WAIT_PRIVATE, cur | WAITERS);
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
        if *count == 0 && self.owner.swap(0, Ordering::Release) & WAITERS != 0 {
            futex(&self.owner, FUTEX_WAKE_PRIVATE, 1);
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
        assert_eq!(l.owner.load(Ordering::Relaxed) & !WAITERS, current_tid());
        unsafe { l.unlock() };
        assert_eq!(l.owner.load(Ordering::Relaxed), 0);
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
        while c.lock.owner.load(Ordering::Relaxed) & WAITERS == 0 {
            assert!(start.elapsed().as_secs() < 10, "the other thread never blocked");
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        unsafe { *c.value.get() = 42 };
        unsafe { c.lock.unlock() };
        assert_eq!(t.join().unwrap(), 42);
    }
}
