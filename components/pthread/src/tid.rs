//! Reaching another thread through its kernel thread id, safely against its exit.
//!
//! A thread leaves the thread list ([`crate::list`]) under the list lock when it ends, so
//! while that lock is held a thread found in the ring is still running user code and its
//! id cannot yet have been reused by the kernel for another thread. Calls that act on a
//! thread by id (`pthread_kill`, the scheduling and affinity calls, naming) look it up this
//! way; the calling thread itself needs no lock.
use core::sync::atomic::Ordering;

use crate::descriptor::Pthread;
use crate::list;

/// Runs `f` with `t`'s thread id while `t` cannot end, or returns `None` when `t` has
/// already left the thread list (or is not a thread of this process).
///
/// `f` must not block or take the list lock: it runs with that lock held.
pub(crate) fn with_live_tid<R>(t: *mut Pthread, f: impl FnOnce(i32) -> R) -> Option<R> {
    let me = crate::current();
    if t == me {
        // SAFETY: the caller's own descriptor.
        return Some(f(unsafe { (*me).tid.load(Ordering::Relaxed) }));
    }
    let _g = list::lock();
    let mut p = me;
    loop {
        // SAFETY: the ring's members are live descriptors while the lock is held.
        p = unsafe { (*p).next };
        if p == me || p.is_null() {
            return None;
        }
        if p == t {
            // SAFETY: as above; the id was stored before the thread could run.
            let tid = unsafe { (*p).tid.load(Ordering::Relaxed) };
            // Zero only while its pthread_create is still between linking it and the clone.
            return if tid == 0 { None } else { Some(f(tid)) };
        }
    }
}
