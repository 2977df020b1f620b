//! The heap's global lock: a value guarded by the pthread component's futex lock (one
//! atomic operation each to lock and unlock when uncontended; a short spin, then sleep).
use core::cell::UnsafeCell;
use core::ops::{Deref, DerefMut};

use limpet_start::lock::Lock;

/// A mutual-exclusion lock protecting a `T`, usable in a `static`.
pub struct Mutex<T> {
    lock: Lock,
    value: UnsafeCell<T>,
}

// SAFETY: the lock hands out `&mut T` to one thread at a time, which is sound when `T` may be
// sent between threads.
unsafe impl<T: Send> Sync for Mutex<T> {}

impl<T> Mutex<T> {
    /// A new, unlocked mutex.
    pub const fn new(value: T) -> Self {
        Mutex { lock: Lock::new(), value: UnsafeCell::new(value) }
    }

    /// Waits for the lock and holds it until the guard is dropped.
    #[inline]
    pub fn lock(&self) -> MutexGuard<'_, T> {
        self.lock.lock();
        MutexGuard { mutex: self }
    }

    /// Releases the lock.
    ///
    /// # Safety
    /// The calling thread must hold the lock and must not use the value it guarded afterwards.
    #[inline]
    pub unsafe fn unlock(&self) {
        // SAFETY: per the contract, the lock is held.
        unsafe { self.lock.unlock() }
    }
}

/// Proof that the lock is held; gives access to the value and releases the lock when dropped.
pub struct MutexGuard<'a, T> {
    mutex: &'a Mutex<T>,
}

impl<T> MutexGuard<'_, T> {
    /// Keeps the lock held after the guard is gone, for a lock that must stay held across a
    /// call such as `fork`; [`Mutex::unlock`] releases it.
    pub fn leak(self) {
        core::mem::forget(self);
    }
}

impl<T> Deref for MutexGuard<'_, T> {
    type Target = T;
    fn deref(&self) -> &T {
        // SAFETY: the guard proves the lock is held, so no one else has access.
        unsafe { &*self.mutex.value.get() }
    }
}

impl<T> DerefMut for MutexGuard<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        // SAFETY: as for deref, and `&mut self` makes the access unique within this thread.
        unsafe { &mut *self.mutex.value.get() }
    }
}

impl<T> Drop for MutexGuard<'_, T> {
    fn drop(&mut self) {
        // SAFETY: the guard holds the lock and is going away with its borrow of the value.
        unsafe { self.mutex.unlock() }
    }
}

#[cfg(test)]
mod tests {
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
        assert!(!m.lock.is_locked());
    }

    #[test]
    fn sleeper_is_woken() {
        let m = Arc::new(Mutex::new(()));
        let g = m.lock();
        let m2 = Arc::clone(&m);
        let t = std::thread::spawn(move || drop(m2.lock()));
        // Long enough for the other thread to give up spinning and sleep in the kernel.
        while !m.lock.is_contended() {
            std::thread::yield_now();
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        drop(g);
        t.join().unwrap();
        assert!(!m.lock.is_locked());
    }

    #[test]
    fn leaked_guard_keeps_lock_until_unlock() {
        let m = Mutex::new(5);
        m.lock().leak();
        assert!(m.lock.is_locked() && !m.lock.is_contended());
        // SAFETY: this thread holds the lock through the leaked guard.
        unsafe { m.unlock() };
        assert_eq!(*m.lock(), 5);
    }
}
