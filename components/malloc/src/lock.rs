//! A small mutex over a futex, for the heap's global lock.
//!
//! The state word is 0 (free), 1 (held) or 2 (held, and a thread may be asleep on it). Only
//! an unlock that sees 2 pays for a wake-up syscall, so an uncontended lock/unlock is two
//! atomic operations.
use core::cell::UnsafeCell;
use core::ops::{Deref, DerefMut};
use core::sync::atomic::{AtomicU32, Ordering};

use limpet_syscall::{nr, syscall3, syscall4};

const FREE: u32 = 0;
const HELD: u32 = 1;
const CONTENDED: u32 = 2;

// From <linux/futex.h>: FUTEX_WAIT/FUTEX_WAKE with FUTEX_PRIVATE_FLAG, as the lock never
// lives in shared memory.
const FUTEX_WAIT_PRIVATE: usize = 128;
const FUTEX_WAKE_PRIVATE: usize = 129;

/// A short spin before sleeping: the heap's critical sections are a few dozen instructions,
/// so the holder is usually about to release the lock.
const SPINS: u32 = 100;

/// A mutual-exclusion lock protecting a `T`, usable in a `static`.
pub struct Mutex<T> {
    state: AtomicU32,
    value: UnsafeCell<T>,
}

// SAFETY: the lock hands out `&mut T` to one thread at a time, which is sound when `T` may be
// sent between threads.
unsafe impl<T: Send> Sync for Mutex<T> {}

impl<T> Mutex<T> {
    /// A new, unlocked mutex.
    pub const fn new(value: T) -> Self {
        Mutex { state: AtomicU32::new(FREE), value: UnsafeCell::new(value) }
    }

    /// Waits for the lock and holds it until the guard is dropped.
    #[inline]
    pub fn lock(&self) -> MutexGuard<'_, T> {
        if self.state.compare_exchange(FREE, HELD, Ordering::Acquire, Ordering::Relaxed).is_err() {
            self.lock_contended();
        }
        MutexGuard { mutex: self }
    }

    #[cold]
    #[inline(never)]
    fn lock_contended(&self) {
        for _ in 0..SPINS {
            if self.state.load(Ordering::Relaxed) == FREE
                && self.state.compare_exchange(FREE, HELD, Ordering::Acquire, Ordering::Relaxed).is_ok()
            {
                return;
            }
            core::hint::spin_loop();
        }
        // From here on we claim CONTENDED even when the swap finds the lock free: we cannot
        // know whether others are asleep, so the next unlock must wake one.
        while self.state.swap(CONTENDED, Ordering::Acquire) != FREE {
            // SAFETY: FUTEX_WAIT only reads the word, and returns at once if it is no longer
            // CONTENDED; EINTR and spurious wake-ups are handled by the loop.
            unsafe {
                syscall4(nr::FUTEX, self.state.as_ptr() as usize, FUTEX_WAIT_PRIVATE, CONTENDED as usize, 0);
            }
        }
    }

    /// Releases the lock.
    ///
    /// # Safety
    /// The calling thread must hold the lock and must not use the value it guarded afterwards.
    #[inline]
    pub unsafe fn unlock(&self) {
        if self.state.swap(FREE, Ordering::Release) == CONTENDED {
            self.wake_one();
        }
    }

    #[cold]
    #[inline(never)]
    fn wake_one(&self) {
        // SAFETY: FUTEX_WAKE only looks the word's address up in the kernel's wait queues.
        unsafe { syscall3(nr::FUTEX, self.state.as_ptr() as usize, FUTEX_WAKE_PRIVATE, 1) };
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
        assert_eq!(m.state.load(Ordering::Relaxed), FREE);
    }

    #[test]
    fn sleeper_is_woken() {
        let m = Arc::new(Mutex::new(()));
        let g = m.lock();
        let m2 = Arc::clone(&m);
        let t = std::thread::spawn(move || drop(m2.lock()));
        // Long enough for the other thread to give up spinning and sleep in the kernel.
        while m.state.load(Ordering::Relaxed) != CONTENDED {
            std::thread::yield_now();
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        drop(g);
        t.join().unwrap();
        assert_eq!(m.state.load(Ordering::Relaxed), FREE);
    }

    #[test]
    fn leaked_guard_keeps_lock_until_unlock() {
        let m = Mutex::new(5);
        m.lock().leak();
        assert_eq!(m.state.load(Ordering::Relaxed), HELD);
        // SAFETY: this thread holds the lock through the leaked guard.
        unsafe { m.unlock() };
        assert_eq!(*m.lock(), 5);
    }
}
