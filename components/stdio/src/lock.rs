//! The recursive lock each `FILE` carries.
//!
//! limpet-start's futex [`Lock`] does the exclusion; this adds the owner, named by
//! its thread pointer (which every thread has without a system call), so a thread re-taking
//! its own lock (stdio functions nest) costs one load and a compare. `count` is the recursion
//! depth; only the owner touches it.
//!
//! `fork` takes every open stream's lock through the thread component's fork hooks
//! (`limpet_start::on_fork!`), so a child never inherits a stream another thread held.
use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicUsize, Ordering};

use limpet_start::lock::Lock;

/// A lock that the owning thread may take again; it is released when every `lock` has
/// been matched by an `unlock`.
#[derive(Default)]
pub struct RecursiveLock {
    inner: Lock,
    owner: AtomicUsize,
    count: UnsafeCell<u32>,
}

// SAFETY: `count` is only read or written by the thread whose id is in `owner`.
unsafe impl Sync for RecursiveLock {}

/// The calling thread's identity: its thread pointer, unique among live threads.
#[inline(always)]
fn current_thread() -> usize {
    limpet_syscall::arch::get_tp()
}

impl RecursiveLock {
    pub const fn new() -> Self {
        RecursiveLock { inner: Lock::new(), owner: AtomicUsize::new(0), count: UnsafeCell::new(0) }
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
        keep_fork_hooks();
        self.inner.lock();
        self.owner.store(me, Ordering::Relaxed);
        // SAFETY: we now own the lock.
        unsafe { *self.count.get() = 1 };
    }

    /// Takes the lock if it is free or already ours; false if another thread holds it.
    pub fn try_lock(&self) -> bool {
        let me = current_thread();
        if self.owner.load(Ordering::Relaxed) == me {
            // SAFETY: we own the lock, so `count` is ours.
            unsafe { *self.count.get() += 1 };
            return true;
        }
        keep_fork_hooks();
        if !self.inner.try_lock() {
            return false;
        }
        self.owner.store(me, Ordering::Relaxed);
        // SAFETY: we now own the lock.
        unsafe { *self.count.get() = 1 };
        true
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
            // SAFETY: we hold the inner lock.
            unsafe { self.inner.unlock() };
        }
    }
}

/// Before `fork`: holds the open-file list and every stream, so that the child gets no
/// stream in the middle of another thread's write and a list nobody is changing.
fn lock_streams_for_fork() {
    crate::ofl::lock();
    for f in crate::ofl::standard() {
        f.lock.lock();
    }
    crate::ofl::each_listed(|f| f.lock.lock());
}

/// After `fork`, in both processes: the forking thread still owns the streams it locked
/// (its thread pointer is the same in the child), so plain unlocks release them.
fn unlock_streams_after_fork() {
    // SAFETY: lock_streams_for_fork took these locks on this thread.
    crate::ofl::each_listed(|f| unsafe { f.lock.unlock() });
    for f in crate::ofl::standard() {
        // SAFETY: as above.
        unsafe { f.lock.unlock() };
    }
    // SAFETY: as above.
    unsafe { crate::ofl::unlock() };
}

limpet_start::on_fork!(
    fn keep_fork_hooks,
    limpet_start::hooks::rank::STDIO,
    lock_streams_for_fork,
    unlock_streams_after_fork,
    unlock_streams_after_fork
);

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
        assert!(l.inner.is_locked());
        unsafe { l.unlock() };
        assert_eq!(l.owner.load(Ordering::Relaxed), 0);
        assert!(!l.inner.is_locked());
    }

    #[test]
    fn try_lock_recurses_and_fails_on_another_threads_lock() {
        let l = Arc::new(RecursiveLock::new());
        assert!(l.try_lock());
        assert!(l.try_lock());
        let l2 = l.clone();
        assert!(!std::thread::spawn(move || l2.try_lock()).join().unwrap());
        unsafe { l.unlock() };
        unsafe { l.unlock() };
        let l2 = l.clone();
        assert!(
            std::thread::spawn(move || {
                let ok = l2.try_lock();
                unsafe { l2.unlock() };
                ok
            })
            .join()
            .unwrap()
        );
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
        assert!(!c.lock.inner.is_locked());
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
        // Give the other thread time to block on the lock, then publish and release.
        std::thread::sleep(std::time::Duration::from_millis(50));
        unsafe { *c.value.get() = 42 };
        unsafe { c.lock.unlock() };
        assert_eq!(t.join().unwrap(), 42);
    }
}
