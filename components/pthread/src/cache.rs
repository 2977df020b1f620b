//! The stack cache: the mappings of ended threads, kept for the next `pthread_create`.
//!
//! Mapping a thread's memory costs two system calls (`mmap`, then `mprotect` for the guard)
//! and unmapping it a third, plus the page faults of a fresh stack. So when a thread is
//! reaped (joined, or detached and ending) its mapping goes here instead of back to the
//! kernel, and `pthread_create` takes one whose length and guard are exactly what it needs:
//! the guard is already in place, and only the TLS area and descriptor at the top are
//! rebuilt (zeroed, then filled by [`crate::tls::init_area`]). What the old thread left on
//! its stack stays; a new stack's contents are unspecified anyway.
//!
//! The cache holds at most [`MAX_BYTES`] (40 MiB, glibc's default for its own cache) in at
//! most [`SLOTS`] mappings; what does not fit is unmapped as before.
//!
//! A detached thread puts its own mapping here while it still runs on it, so an entry
//! carries the address of its old descriptor's thread id: the kernel clears that word
//! (`CLONE_CHILD_CLEARTID`) once the thread can no longer touch its stack, and only then
//! is the entry taken. In a child of `fork` none of those threads exist, so
//! `after_fork_child` (a fork hook, [`crate::hooks`]) marks every entry free.
use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicI32, AtomicUsize, Ordering};

use crate::lock::Lock;

/// The most bytes of mappings kept.
pub const MAX_BYTES: usize = 40 << 20;
/// The most mappings kept.
pub const SLOTS: usize = 64;

#[derive(Clone, Copy)]
struct Entry {
    base: usize,
    len: usize,
    guard: usize,
    /// The old thread's id word, zero once the kernel is done with that thread.
    tid: *const AtomicI32,
}

const EMPTY: Entry = Entry { base: 0, len: 0, guard: 0, tid: core::ptr::null() };

struct Slots {
    entries: [Entry; SLOTS],
    count: usize,
    bytes: usize,
}

struct Cache {
    lock: Lock,
    slots: UnsafeCell<Slots>,
    /// `count`, readable without the lock, so an empty cache costs `pthread_create` no lock.
    count: AtomicUsize,
}

// SAFETY: `slots` is only reached with `lock` held.
unsafe impl Sync for Cache {}

static CACHE: Cache = Cache {
    lock: Lock::new(),
    slots: UnsafeCell::new(Slots { entries: [EMPTY; SLOTS], count: 0, bytes: 0 }),
    count: AtomicUsize::new(0),
};

/// Runs `f` on the slots with the lock held.
fn with_slots<R>(f: impl FnOnce(&mut Slots) -> R) -> R {
    keep_fork_hooks();
    CACHE.lock.lock();
    // SAFETY: the lock is held, so this is the only reference.
    let s = unsafe { &mut *CACHE.slots.get() };
    let r = f(&mut *s);
    CACHE.count.store(s.count, Ordering::Relaxed);
    // SAFETY: taken above.
    unsafe { CACHE.lock.unlock() };
    r
}

/// Offers the mapping `[base, base + len)`, whose lowest `guard` bytes are inaccessible
/// and the rest readable and writable, and whose thread's id word is `tid`. Returns false
/// when the cache is full: the caller keeps the mapping (and unmaps it).
///
/// # Safety
/// The mapping must belong to a thread that has ended or is ending, and nothing but that
/// thread (until the kernel clears `*tid`) may use it afterwards; `tid` must lie inside it.
pub unsafe fn put(base: usize, len: usize, guard: usize, tid: *const AtomicI32) -> bool {
    with_slots(|s| {
        if s.count == SLOTS || len > MAX_BYTES - s.bytes {
            return false;
        }
        s.entries[s.count] = Entry { base, len, guard, tid };
        s.count += 1;
        s.bytes += len;
        true
    })
}

/// Takes a cached mapping of exactly `len` bytes with a `guard`-byte guard whose thread is
/// gone, and returns its base. The caller owns it from then on.
pub fn take(len: usize, guard: usize) -> Option<usize> {
    if CACHE.count.load(Ordering::Relaxed) == 0 {
        return None;
    }
    with_slots(|s| {
        // Newest first: its pages are the likeliest to be resident still.
        let i = (0..s.count).rev().find(|&i| {
            let e = &s.entries[i];
            // SAFETY: the id word lies inside the cached mapping, which stays mapped while cached.
            e.len == len && e.guard == guard && unsafe { (*e.tid).load(Ordering::Acquire) } == 0
        })?;
        let base = s.entries[i].base;
        s.bytes -= len;
        s.count -= 1;
        s.entries[i] = s.entries[s.count];
        Some(base)
    })
}

/// Before `fork`: holds the lock so that the child gets the cache whole.
fn before_fork() {
    CACHE.lock.lock();
}

/// After `fork`, in the parent: releases what [`before_fork`] took.
fn after_fork_parent() {
    // SAFETY: the fork hooks run this only after before_fork, on the same thread.
    unsafe { CACHE.lock.unlock() }
}

/// After `fork`, in the child: only the forking thread exists, so every cached mapping is
/// free (no exiting thread is left to clear its id word); then releases the lock.
fn after_fork_child() {
    // SAFETY: the fork hooks run this only after before_fork, in the child of the thread
    // that took the lock, which is the only thread there.
    unsafe {
        let s = &mut *CACHE.slots.get();
        for e in &s.entries[..s.count] {
            (*e.tid).store(0, Ordering::Relaxed);
        }
        CACHE.lock.unlock();
    }
}

limpet_start::on_fork!(fn keep_fork_hooks, crate::hooks::rank::PTHREAD, before_fork, after_fork_parent, after_fork_child);

#[cfg(test)]
mod tests {
    use super::*;

    /// One test drives the process-wide cache through put, take and the fork hooks, so that
    /// no other test sees it half-used.
    #[test]
    fn reuses_only_matching_finished_mappings_within_the_bounds() {
        let words: Vec<AtomicI32> = (0..SLOTS + 2).map(|_| AtomicI32::new(0)).collect();
        let w = |i: usize| &words[i] as *const AtomicI32;
        assert_eq!(take(4096, 0), None);
        unsafe {
            assert!(put(0x10000, 8192, 4096, w(0)));
            assert!(put(0x20000, 8192, 0, w(1)));
        }
        // The guard must match as well as the length.
        assert_eq!(take(8192, 4096), Some(0x10000));
        assert_eq!(take(8192, 4096), None);
        assert_eq!(take(4096, 0), None);
        // A thread still on its way out is skipped until its id word is cleared.
        words[1].store(77, Ordering::Relaxed);
        assert_eq!(take(8192, 0), None);
        words[1].store(0, Ordering::Relaxed);
        assert_eq!(take(8192, 0), Some(0x20000));
        // The byte bound.
        unsafe {
            assert!(put(0x30000, MAX_BYTES - 4096, 0, w(2)));
            assert!(!put(0x40000, 8192, 0, w(3)));
            assert!(put(0x50000, 4096, 0, w(3)));
        }
        assert_eq!(take(MAX_BYTES - 4096, 0), Some(0x30000));
        assert_eq!(take(4096, 0), Some(0x50000));
        // The slot bound.
        for i in 0..SLOTS {
            assert!(unsafe { put(0x100000 + i * 0x1000, 4096, 0, w(i)) });
        }
        assert!(!unsafe { put(0x900000, 4096, 0, w(SLOTS)) });
        // In a fork child every entry's thread is gone.
        words[5].store(1234, Ordering::Relaxed);
        before_fork();
        after_fork_child();
        assert_eq!(words[5].load(Ordering::Relaxed), 0);
        for _ in 0..SLOTS {
            assert!(take(4096, 0).is_some());
        }
        assert_eq!(take(4096, 0), None);
        before_fork();
        after_fork_parent();
        assert!(!CACHE.lock.is_locked());
    }
}
