//! `sigqueue`.
use core::ffi::c_int;

use limpet_syscall::{nr, ret_errno, syscall0, syscall3};

use crate::abi::{SI_QUEUE, SigInfo, SigVal};

/// `sigqueue(pid, sig, value)`—Sends `sig` with `value` to process `pid`, as a queued
/// signal (`si_code` `SI_QUEUE`, with the sender's pid and real uid). Returns 0 or -1 with
/// errno set.
///
/// # Safety
/// Always safe to call; `unsafe` only for the C ABI's sake.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigqueue(pid: c_int, sig: c_int, value: SigVal) -> c_int {
    let mut si = SigInfo::ZERO;
    si.signo = sig;
    si.code = SI_QUEUE;
    si.value = value;
    // SAFETY: getpid and getuid take no arguments and cannot fail.
    unsafe {
        si.pid = syscall0(nr::GETPID) as c_int;
        si.uid = syscall0(nr::GETUID) as u32;
    }
    // SAFETY: `si` is a valid local the kernel reads.
    ret_errno(unsafe { syscall3(nr::RT_SIGQUEUEINFO, pid as usize, sig as usize, &raw const si as usize) }) as c_int
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::*;
    use crate::sigprocmask::sigprocmask;
    use crate::sigwait::sigwaitinfo;

    unsafe extern "C" {
        fn fork() -> c_int;
        fn waitpid(pid: c_int, status: *mut c_int, options: c_int) -> c_int;
        fn _exit(code: c_int) -> !;
    }

    /// Runs in a forked child, which has one thread: a process-directed signal can reach
    /// no other thread there.
    fn child() -> c_int {
        let mut set = SigSet::EMPTY;
        set.bits[0] = SigSet::bit(SIGRTMIN + 3);
        unsafe { sigprocmask(SIG_BLOCK, &set, core::ptr::null_mut()) };
        let me = unsafe { syscall0(nr::GETPID) } as c_int;
        if unsafe { sigqueue(me, SIGRTMIN + 3, SigVal { int: 4242 }) } != 0 {
            return 1;
        }
        let mut got = SigInfo::ZERO;
        if unsafe { sigwaitinfo(&set, &mut got) } != SIGRTMIN + 3 {
            return 2;
        }
        if unsafe { got.value.int } != 4242 || got.code != SI_QUEUE || got.pid != me {
            return 3;
        }
        if unsafe { sigqueue(-5_000_000, SIGRTMIN + 3, SigVal { int: 1 }) } != -1 {
            return 4;
        }
        0
    }

    #[test]
    fn the_value_arrives_with_the_signal() {
        let pid = unsafe { fork() };
        if pid == 0 {
            unsafe { _exit(child()) }
        }
        let mut status = -1;
        assert_eq!(unsafe { waitpid(pid, &mut status, 0) }, pid);
        assert_eq!(status, 0, "child status {status:#x}");
    }
}
