//! Cancellation cleanup handlers: `_pthread_cleanup_push` and `_pthread_cleanup_pop`, which
//! musl's `pthread_cleanup_push(f, x)` and `pthread_cleanup_pop(run)` macros expand to.
//!
//! The macros put a `struct __ptcb` in the caller's own stack frame and hand it to these
//! functions, so the handlers form a singly linked list through the frames, innermost
//! first, with its head in the thread descriptor. Pushing and popping allocate nothing.
//! `pthread_exit` (and so an acted-on cancellation) runs what is left of the list,
//! innermost first, before the thread-specific-data destructors.
use core::ffi::c_void;

use crate::descriptor::Pthread;

/// A cleanup handler routine, `void (*)(void *)`.
pub type CleanupFn = unsafe extern "C" fn(*mut c_void);

/// `struct __ptcb` from musl's <pthread.h>: one pushed handler, in the pusher's frame.
pub use limpet_abi::pthread::Ptcb;

/// `_pthread_cleanup_push(cb, f, x)`—Pushes the handler `f(x)`, stored in `*cb`, onto the
/// calling thread's cleanup list. Called by the `pthread_cleanup_push` macro.
///
/// # Safety
/// `cb` must be writable and stay in place until the matching [`_pthread_cleanup_pop`] (the
/// macro's block scope guarantees it); `f` must be callable with `x`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn _pthread_cleanup_push(cb: *mut Ptcb, f: Option<CleanupFn>, x: *mut c_void) {
    let td = crate::current();
    // SAFETY: the descriptor is the calling thread's own; `cb` is the caller's.
    unsafe { push(td, cb, f, x) }
}

/// `_pthread_cleanup_pop(cb, run)`—Removes the innermost handler, which is `*cb`, and runs
/// it when `run` is non-zero. Called by the `pthread_cleanup_pop` macro.
///
/// # Safety
/// `cb` must be the innermost handler pushed by this thread.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn _pthread_cleanup_pop(cb: *mut Ptcb, run: core::ffi::c_int) {
    let td = crate::current();
    // SAFETY: the descriptor is the calling thread's own; `cb` its innermost handler.
    unsafe {
        (*td).cleanup = (*cb).next;
        if run != 0
            && let Some(f) = (*cb).f
        {
            f((*cb).x);
        }
    }
}

/// Links `cb` in as `td`'s innermost handler.
///
/// # Safety
/// `td` must be the calling thread's descriptor; `cb` as for [`_pthread_cleanup_push`].
unsafe fn push(td: *mut Pthread, cb: *mut Ptcb, f: Option<CleanupFn>, x: *mut c_void) {
    // SAFETY: per the contract.
    unsafe {
        cb.write(Ptcb { f, x, next: (*td).cleanup });
        (*td).cleanup = cb;
    }
}

/// Runs and removes every handler still pushed on `td`, innermost first. Each is unlinked
/// before it runs, so a handler that pops or exits cannot run twice.
///
/// # Safety
/// `td` must be the calling thread's descriptor, on its way out: the handlers' frames are
/// still live because the thread has not returned past them.
// Only thread exit calls it, and threads are created on x86_64 only so far.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) unsafe fn run_all(td: *mut Pthread) {
    // SAFETY: per the contract, every linked handler lives in a frame still on the stack.
    unsafe {
        while !(*td).cleanup.is_null() {
            let cb = (*td).cleanup;
            (*td).cleanup = (*cb).next;
            if let Some(f) = (*cb).f {
                f((*cb).x);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn layout_matches_musl() {
        assert_eq!(core::mem::size_of::<Ptcb>(), 24);
        assert_eq!(core::mem::offset_of!(Ptcb, x), 8);
        assert_eq!(core::mem::offset_of!(Ptcb, next), 16);
    }

    static ORDER: Mutex<Vec<usize>> = Mutex::new(Vec::new());

    unsafe extern "C" fn note(x: *mut c_void) {
        ORDER.lock().unwrap().push(x as usize);
    }

    /// Inside a std test the thread pointer is glibc's, so the list hangs off a local
    /// descriptor here; the exported functions are the same code over `current()`.
    #[test]
    fn handlers_run_innermost_first_and_once() {
        let mut td = Pthread::zeroed();
        let td = &raw mut td;
        let mut cbs: [Ptcb; 3] = unsafe { core::mem::zeroed() };
        unsafe {
            for (i, cb) in cbs.iter_mut().enumerate() {
                push(td, cb, Some(note), (i + 1) as *mut c_void);
            }
            assert_eq!((*td).cleanup, &raw mut cbs[2]);
            run_all(td);
            assert!((*td).cleanup.is_null());
            run_all(td);
        }
        assert_eq!(*ORDER.lock().unwrap(), [3, 2, 1]);
    }
}
