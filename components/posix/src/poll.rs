//! Waiting for descriptors: `poll`, `ppoll`.
use core::ffi::c_int;

use limpet_abi::poll::{PollFd, nfds_t};
use limpet_abi::signal::{KERNEL_SIGSET_BYTES, SigSet};
use limpet_abi::time::Timespec;
use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::nr;

use crate::ret_int;

/// `poll(fds, n, timeout)`—Waits until one of the `n` descriptors in `fds` is ready for the
/// events it asks, for at most `timeout` milliseconds (forever when negative); stores each
/// one's events in its `revents`. Returns how many have events, 0 on timeout, or -1 with
/// errno (EINTR, EINVAL for `n` past the descriptor limit, EFAULT, ENOMEM). A cancellation
/// point.
///
/// # Safety
/// `fds` must point to `n` writable `struct pollfd`s.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn poll(fds: *mut PollFd, n: nfds_t, timeout: c_int) -> c_int {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: the caller vouches for `fds`; the kernel reads and writes `n` entries.
        ret_int(unsafe { syscall_cp(nr::POLL, fds as usize, n as usize, timeout as usize, 0, 0, 0) })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let ts = Timespec { tv_sec: i64::from(timeout / 1000), tv_nsec: (timeout % 1000) as i64 * 1_000_000 };
        let tsp = if timeout >= 0 { &raw const ts as usize } else { 0 };
        // SAFETY: as above; `ts` lives across the call.
        ret_int(unsafe { syscall_cp(nr::PPOLL, fds as usize, n as usize, tsp, 0, KERNEL_SIGSET_BYTES, 0) })
    }
}

/// `ppoll(fds, n, timeout, mask)`—`poll` with a `timespec` timeout (null: forever) and, when
/// `mask` is not null, that signal mask in place for the wait only, set and restored
/// atomically. The caller's `timeout` is not changed (the kernel's remaining time goes to a
/// copy). A cancellation point.
///
/// # Safety
/// As for `poll`; `timeout` and `mask` are null or valid.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ppoll(fds: *mut PollFd, n: nfds_t, timeout: *const Timespec, mask: *const SigSet) -> c_int {
    // SAFETY: a non-null `timeout` is readable (the caller's contract).
    let mut copy = if timeout.is_null() { None } else { Some(unsafe { *timeout }) };
    let tsp = copy.as_mut().map_or(0, |t| t as *mut Timespec as usize);
    // SAFETY: `fds` and `mask` as the caller vouches; `copy` lives across the call.
    ret_int(unsafe { syscall_cp(nr::PPOLL, fds as usize, n as usize, tsp, mask as usize, KERNEL_SIGSET_BYTES, 0) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_abi::poll::{POLLIN, POLLNVAL, POLLOUT};
    use limpet_syscall::errno::{EFAULT, EINVAL};
    use limpet_syscall::errno;

    fn pipe() -> [c_int; 2] {
        let mut fds = [0; 2];
        // SAFETY: `fds` has room for two descriptors.
        assert_eq!(unsafe { crate::pipe::pipe(fds.as_mut_ptr()) }, 0);
        fds
    }

    #[test]
    fn reports_readiness_and_times_out() {
        let [r, w] = pipe();
        let mut fds = [PollFd { fd: r, events: POLLIN, revents: 0 }, PollFd { fd: w, events: POLLOUT, revents: 0 }];
        // SAFETY: two entries.
        assert_eq!(unsafe { poll(fds.as_mut_ptr(), 2, 0) }, 1);
        assert_eq!((fds[0].revents, fds[1].revents), (0, POLLOUT));
        // SAFETY: a one-byte buffer.
        assert_eq!(unsafe { limpet_syscall::unistd::write(w, b"x".as_ptr().cast(), 1) }, 1);
        assert_eq!(unsafe { poll(fds.as_mut_ptr(), 1, -1) }, 1);
        assert_eq!(fds[0].revents, POLLIN);
        // Nothing to read on the write end: a 10 ms timeout passes.
        let mut only_w = [PollFd { fd: w, events: POLLIN, revents: 0 }];
        assert_eq!(unsafe { poll(only_w.as_mut_ptr(), 1, 10) }, 0);
        limpet_syscall::unistd::close(r);
        limpet_syscall::unistd::close(w);
    }

    #[test]
    fn bad_descriptors_and_arguments() {
        let mut bad = [PollFd { fd: 1 << 20, events: POLLIN, revents: 0 }, PollFd { fd: -1, events: POLLIN, revents: 7 }];
        // SAFETY: two entries. A negative fd is skipped and its revents cleared.
        assert_eq!(unsafe { poll(bad.as_mut_ptr(), 2, 0) }, 1);
        assert_eq!((bad[0].revents, bad[1].revents), (POLLNVAL, 0));
        // SAFETY: the kernel rejects the count before touching memory.
        assert_eq!(unsafe { poll(core::ptr::null_mut(), nfds_t::MAX, 0) }, -1);
        assert_eq!(errno(), EINVAL);
        assert_eq!(unsafe { poll(8 as *mut PollFd, 1, 0) }, -1);
        assert_eq!(errno(), EFAULT);
    }

    #[test]
    fn ppoll_keeps_the_callers_timeout() {
        let [r, w] = pipe();
        let mut fds = [PollFd { fd: r, events: POLLIN, revents: 0 }];
        let t = Timespec { tv_sec: 0, tv_nsec: 5_000_000 };
        // SAFETY: one entry, a valid timespec, no mask.
        assert_eq!(unsafe { ppoll(fds.as_mut_ptr(), 1, &t, core::ptr::null()) }, 0);
        assert_eq!(t, Timespec { tv_sec: 0, tv_nsec: 5_000_000 });
        let bad = Timespec { tv_sec: 0, tv_nsec: 1_000_000_000 };
        assert_eq!(unsafe { ppoll(fds.as_mut_ptr(), 1, &bad, core::ptr::null()) }, -1);
        assert_eq!(errno(), EINVAL);
        limpet_syscall::unistd::close(r);
        limpet_syscall::unistd::close(w);
    }
}
