//! `pthread_exit`: how a thread ends.
//!
//! In order: cancellation is disabled and the cleanup handlers still pushed run, innermost
//! first ([`crate::cancel`]); the result is recorded; the thread-specific-data destructors run (up to
//! `PTHREAD_DESTRUCTOR_ITERATIONS` rounds); the robust mutexes it still holds are
//! released ([`crate::robust`]) and other components' thread-exit functions run
//! ([`limpet_start::slot::run_thread_exit`]); the thread leaves the thread list. If it was the last thread, the
//! process ends as if by `exit(0)` (atexit handlers, stdio flush), which is what musl does
//! when the main thread has called `pthread_exit` and the last other thread ends. Otherwise
//! only this thread ends:
//! - joinable: the kernel clears its tid and wakes the joiner, which frees the mapping;
//! - detached: nobody will join it, so it frees its own mapping: into the stack cache
//!   ([`crate::cache`]) if there is room, where it waits for the kernel to clear the tid;
//!   otherwise it unmaps it. For that it blocks signals (no
//!   handler may run on a stack about to vanish), tells the kernel not to clear the tid (the
//!   memory may be reused by then), and unmaps and exits in the arch routine
//!   `unmap_and_exit`, which touches no memory.
//!
//! The main thread may call `pthread_exit` too: the process lives on while other threads
//! run, and its memory (static, or mapped at start-up) is never freed.
use core::ffi::c_void;
use core::sync::atomic::Ordering;

use limpet_abi::signal::{KERNEL_SIGSET_BYTES, SIG_BLOCK};
use limpet_syscall::{nr, syscall1, syscall1_noreturn, syscall4};

use crate::arch::unmap_and_exit;
use crate::descriptor::{DETACHED, EXITING, JOINABLE};
use crate::key::TsdExt;
use crate::list;
use limpet_start::exit::exit;

/// `pthread_exit(result)`—Ends the calling thread, making `result` available to
/// `pthread_join`. Thread-specific-data destructors and other components' thread-exit functions run
/// first. When the last thread ends, the process exits with status 0.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn pthread_exit(result: *mut c_void) -> ! {
    let td = crate::current();
    // SAFETY: the descriptor is the calling thread's own and lives until it is freed below
    // (or by the joiner, after the kernel has cleared the tid).
    unsafe {
        crate::cancel::unwind(td);
        (*td).result = result;
        (*td).tsd.run_destructors();
        // The robust mutexes it still holds, then the other components' per-thread state.
        crate::robust::release_all();
        limpet_start::slot::run_thread_exit();
        {
            let g = list::lock();
            if g.is_alone(td) {
                drop(g);
                exit(0);
            }
            g.remove(td);
        }
        let t = &*td;
        if t.detach_state.compare_exchange(JOINABLE, EXITING, Ordering::AcqRel, Ordering::Acquire) == Err(DETACHED) {
            // In the cache the mapping is taken only after the kernel has cleared the tid,
            // once this thread is off its stack for good.
            if t.map_base != 0 && crate::cache::put(t.map_base, t.map_size, t.guard_size, &raw const t.tid) {
                syscall1_noreturn(nr::EXIT, 0)
            }
            let all: u64 = !0;
            syscall4(nr::RT_SIGPROCMASK, SIG_BLOCK as usize, &raw const all as usize, 0, KERNEL_SIGSET_BYTES);
            syscall1(nr::SET_TID_ADDRESS, 0);
            if t.map_base != 0 {
                unmap_and_exit(t.map_base, t.map_size);
            }
        } else if t.map_base == 0 {
            // The main thread was not created with CLONE_CHILD_CLEARTID; ask for the same
            // clear-and-wake now, so it can be joined like any other thread.
            syscall1(nr::SET_TID_ADDRESS, t.tid.as_ptr() as usize);
        }
        syscall1_noreturn(nr::EXIT, 0)
    }
}
