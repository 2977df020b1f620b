//! `fork` and `_Fork`.
use core::ffi::c_int;
use core::sync::atomic::Ordering;

use limpet_syscall::{nr, result, set_errno, syscall0, syscall5};

use limpet_abi::signal::SIGCHLD;

use crate::sigs;

/// Makes a child process that is a copy of the caller (`clone` with only `SIGCHLD`, which
/// every architecture has, unlike the `fork` syscall). Returns the child's pid in the
/// parent and 0 in the child, or the errno value. Nothing in the child is brought up to
/// date; [`_Fork`] does that.
///
/// # Safety
/// In a multithreaded caller, the child may only do what is async-signal-safe.
pub unsafe fn fork_only() -> Result<c_int, c_int> {
    // SAFETY: clone without CLONE_VM and with no stack duplicates the whole process.
    result(unsafe { syscall5(nr::CLONE, SIGCHLD as usize, 0, 0, 0, 0) }).map(|pid| pid as c_int)
}

/// `_Fork()`—Creates a child process without running `pthread_atfork` handlers. Returns the
/// child's pid in the parent, 0 in the child, or -1 with errno set (`EAGAIN`, `ENOMEM`).
/// In the child, the calling thread's descriptor gets the child's thread id and becomes
/// the only thread in the thread list (the list lock is held across the clone, so no link
/// is half-made). Signals are blocked meanwhile, so no handler sees the child before its
/// descriptor is right.
///
/// # Safety
/// In a multithreaded caller, the child may only do what is async-signal-safe.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[allow(non_snake_case)] // the C name
pub unsafe extern "C" fn _Fork() -> c_int {
    let old = sigs::block_all();
    // One thread: the list holds it alone and nothing can change it, so the lock (and the
    // copy of its page that writing it would cost both processes) is not needed.
    #[cfg(target_arch = "x86_64")]
    let list = (!limpet_start::single_threaded()).then(limpet_start::list::lock);
    // SAFETY: forwarded from the caller.
    let r = unsafe { fork_only() };
    if r == Ok(0) {
        let me = limpet_start::current();
        // SAFETY: gettid cannot fail; the thread pointer addresses this thread's descriptor,
        // and no other thread exists in the child.
        unsafe {
            (*me).tid.store(syscall0(nr::GETTID) as c_int, Ordering::Relaxed);
            #[cfg(target_arch = "x86_64")]
            if let Some(list) = &list {
                list.keep_only(me);
            }
        }
    }
    #[cfg(target_arch = "x86_64")]
    drop(list);
    sigs::restore(old);
    r.unwrap_or_else(|e| {
        set_errno(e);
        -1
    })
}

/// `fork()`—Creates a child process, a copy of the caller; see [`_Fork`]. Around the clone
/// it runs the `pthread_atfork` handlers and takes the C library's own locks (the heap, the
/// streams, the thread list: `limpet_start::hooks` says which and in what order), so the
/// child of a multithreaded parent can call `malloc` and `printf`. Returns the child's pid
/// in the parent, 0 in the child, or -1 with errno set (after the parent handlers ran).
///
/// # Safety
/// As for [`_Fork`]; the atfork handlers must be safe to run here.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fork() -> c_int {
    let forking = limpet_start::hooks::fork_prepare();
    // SAFETY: forwarded from the caller.
    let r = unsafe { _Fork() };
    let errno = limpet_syscall::tp::errno_location();
    // SAFETY: fork_prepare ran on this thread; in the child this thread is the forking one.
    // errno is the calling thread's own.
    unsafe {
        if r == 0 {
            limpet_start::hooks::fork_child(forking);
        } else {
            // A failed fork's errno must survive the parent handlers.
            let e = *errno;
            limpet_start::hooks::fork_parent(forking);
            *errno = e;
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wait::waitpid;

    #[test]
    fn child_exit_status_reaches_the_parent() {
        let pid = unsafe { fork_only() }.unwrap();
        if pid == 0 {
            unsafe { limpet_syscall::syscall1_noreturn(nr::EXIT_GROUP, 42) }
        }
        let mut status = 0;
        assert_eq!(unsafe { waitpid(pid, &mut status, 0) }, pid);
        assert_eq!(status, 42 << 8);
    }
}
