//! The thread list: every live thread's descriptor in a ring (`prev`/`next`), under one lock.
//!
//! `pthread_create` links a thread in before it starts, and the thread unlinks itself when
//! it ends, so a thread that finds itself alone in the ring is the last one running and ends
//! the process (POSIX: the process exits with status 0 after its last thread terminates).
//! Later work (cancellation, `pthread_kill`) walks the same ring; `fork` resets it in the
//! child with [`Guard::keep_only`].
use crate::descriptor::Pthread;
use crate::lock::Lock;

static LOCK: Lock = Lock::new();

/// Proof that the list lock is held; releases it when dropped.
pub struct Guard(());

/// Takes the list lock.
pub fn lock() -> Guard {
    LOCK.lock();
    Guard(())
}

impl Drop for Guard {
    fn drop(&mut self) {
        // SAFETY: a Guard exists only while the lock is held.
        unsafe { LOCK.unlock() }
    }
}

impl Guard {
    /// Links `td` in after `at`.
    ///
    /// # Safety
    /// `at` must be in the ring; `td` a descriptor not in it.
    pub unsafe fn insert_after(&self, at: *mut Pthread, td: *mut Pthread) {
        // SAFETY: the lock serialises every access to the links.
        unsafe {
            let next = (*at).next;
            (*td).prev = at;
            (*td).next = next;
            (*next).prev = td;
            (*at).next = td;
        }
    }

    /// Unlinks `td` from the ring.
    ///
    /// # Safety
    /// `td` must be in the ring.
    pub unsafe fn remove(&self, td: *mut Pthread) {
        // SAFETY: the lock serialises every access to the links.
        unsafe {
            let (prev, next) = ((*td).prev, (*td).next);
            (*prev).next = next;
            (*next).prev = prev;
            (*td).prev = td;
            (*td).next = td;
        }
    }

    /// Makes `td` the ring's only member. For `fork`: hold the lock across the clone (so no
    /// thread is half-linked), then in the child, where only the forking thread exists,
    /// call this with its descriptor before dropping the guard.
    ///
    /// # Safety
    /// `td` must be the calling thread's descriptor, and every other thread in the ring
    /// must no longer exist in this process.
    pub unsafe fn keep_only(&self, td: *mut Pthread) {
        // SAFETY: the lock serialises every access to the links.
        unsafe {
            (*td).prev = td;
            (*td).next = td;
        }
    }

    /// Whether `td` is the only thread in the ring.
    ///
    /// # Safety
    /// `td` must be in the ring.
    pub unsafe fn is_alone(&self, td: *mut Pthread) -> bool {
        // SAFETY: the lock serialises every access to the links.
        unsafe { (*td).next == td }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ring_operations() {
        let mut a = Pthread::zeroed();
        let mut b = Pthread::zeroed();
        let mut c = Pthread::zeroed();
        let (pa, pb, pc) = (&raw mut a, &raw mut b, &raw mut c);
        let g = lock();
        unsafe {
            (*pa).prev = pa;
            (*pa).next = pa;
            assert!(g.is_alone(pa));
            g.insert_after(pa, pb);
            g.insert_after(pa, pc);
            assert!(!g.is_alone(pa));
            assert_eq!(((*pa).next, (*pc).next, (*pb).next), (pc, pb, pa));
            assert_eq!(((*pa).prev, (*pb).prev, (*pc).prev), (pb, pc, pa));
            g.remove(pc);
            assert_eq!(((*pa).next, (*pb).next, (*pa).prev, (*pb).prev), (pb, pa, pb, pa));
            g.remove(pb);
            assert!(g.is_alone(pa));
            g.insert_after(pa, pb);
            g.insert_after(pb, pc);
            g.keep_only(pc);
            assert!(g.is_alone(pc));
        }
    }
}
