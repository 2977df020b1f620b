//! `epoll_create`, `epoll_create1`, `epoll_ctl`, `epoll_wait`, `epoll_pwait`.
use core::ffi::c_int;

use limpet_abi::fdevent::EpollEvent;
use limpet_abi::signal::{KERNEL_SIGSET_BYTES, SigSet};
use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::errno::EINVAL;
use limpet_syscall::{nr, set_errno, syscall1, syscall4};

use crate::ret_int;

/// `epoll_create(size)`—A new epoll instance; `size` is a hint the kernel no longer uses,
/// but it must be positive. The descriptor, or -1 with errno (EINVAL, EMFILE, ENOMEM).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn epoll_create(size: c_int) -> c_int {
    if size <= 0 {
        set_errno(EINVAL);
        return -1;
    }
    epoll_create1(0)
}

/// `epoll_create1(flags)`—A new epoll instance, close-on-exec with `EPOLL_CLOEXEC`; the
/// descriptor, or -1 with errno (EINVAL for other flags).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn epoll_create1(flags: c_int) -> c_int {
    // SAFETY: epoll_create1 takes no pointer.
    ret_int(unsafe { syscall1(nr::EPOLL_CREATE1, flags as usize) })
}

/// `epoll_ctl(epfd, op, fd, ev)`—Adds (`EPOLL_CTL_ADD`), changes (`EPOLL_CTL_MOD`) or
/// removes (`EPOLL_CTL_DEL`, where `ev` may be null) the interest in `fd`; 0, or -1 with
/// errno (EBADF, EEXIST, ENOENT, EINVAL, ELOOP, EPERM for a regular file).
///
/// # Safety
/// `ev` must point to a readable `struct epoll_event`, except for `EPOLL_CTL_DEL`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn epoll_ctl(epfd: c_int, op: c_int, fd: c_int, ev: *mut EpollEvent) -> c_int {
    // SAFETY: the caller vouches for `ev`.
    ret_int(unsafe { syscall4(nr::EPOLL_CTL, epfd as usize, op as usize, fd as usize, ev as usize) })
}

/// `epoll_pwait(epfd, evs, max, timeout, mask)`—Waits up to `timeout` milliseconds (forever
/// when negative) for events, with `mask` as the signal mask during the wait when it is not
/// null; stores up to `max` of them in `evs`. How many, 0 on timeout, or -1 with errno
/// (EINTR, EINVAL for `max` <= 0, EBADF, EFAULT). A cancellation point.
///
/// # Safety
/// `evs` must be writable for `max` events; `mask` null or valid.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn epoll_pwait(
    epfd: c_int,
    evs: *mut EpollEvent,
    max: c_int,
    timeout: c_int,
    mask: *const SigSet,
) -> c_int {
    // SAFETY: the caller vouches for `evs` and `mask`.
    ret_int(unsafe {
        syscall_cp(nr::EPOLL_PWAIT, epfd as usize, evs as usize, max as usize, timeout as usize, mask as usize, KERNEL_SIGSET_BYTES)
    })
}

/// `epoll_wait(epfd, evs, max, timeout)`—`epoll_pwait` with the signal mask left as it is.
/// A cancellation point.
///
/// # Safety
/// As for `epoll_pwait`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn epoll_wait(epfd: c_int, evs: *mut EpollEvent, max: c_int, timeout: c_int) -> c_int {
    // x86_64 keeps the plain call, which spares the kernel the signal mask's bookkeeping.
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: the caller vouches for `evs`.
        ret_int(unsafe { syscall_cp(nr::EPOLL_WAIT, epfd as usize, evs as usize, max as usize, timeout as usize, 0, 0) })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        // SAFETY: forwarded contract; a null mask.
        unsafe { epoll_pwait(epfd, evs, max, timeout, core::ptr::null()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_abi::fdevent::{EPOLL_CLOEXEC, EPOLL_CTL_ADD, EPOLL_CTL_DEL, EPOLL_CTL_MOD, EPOLLET, EPOLLIN, EPOLLOUT};
    use limpet_syscall::errno;
    use limpet_syscall::errno::{EBADF, EEXIST, ENOENT};
    use limpet_syscall::unistd::{close, read, write};

    fn pipe() -> [c_int; 2] {
        let mut p = [0; 2];
        // SAFETY: room for two descriptors.
        let r = unsafe { limpet_syscall::syscall2(nr::PIPE2, p.as_mut_ptr() as usize, 0) };
        assert_eq!(r, 0);
        p
    }

    fn wait(ep: c_int, timeout: c_int) -> Vec<(u32, u64)> {
        let mut evs = [EpollEvent::default(); 8];
        // SAFETY: room for 8 events.
        let n = unsafe { epoll_wait(ep, evs.as_mut_ptr(), 8, timeout) };
        assert!(n >= 0, "errno {}", errno());
        evs[..n as usize].iter().map(|e| (e.events, e.data)).collect()
    }

    #[test]
    fn level_and_edge_triggering() {
        let ep = epoll_create1(EPOLL_CLOEXEC);
        assert!(ep >= 0);
        let [r, w] = pipe();
        let mut ev = EpollEvent { events: EPOLLIN, data: 7 };
        // SAFETY: `ev` is an epoll_event.
        assert_eq!(unsafe { epoll_ctl(ep, EPOLL_CTL_ADD, r, &mut ev) }, 0);
        assert_eq!(unsafe { epoll_ctl(ep, EPOLL_CTL_ADD, r, &mut ev) }, -1);
        assert_eq!(errno(), EEXIST);
        assert_eq!(wait(ep, 0), []);
        // SAFETY: two bytes from a literal.
        assert_eq!(unsafe { write(w, b"ab".as_ptr().cast(), 2) }, 2);
        // Level-triggered: reported while data is left.
        assert_eq!(wait(ep, 0), [(EPOLLIN, 7)]);
        assert_eq!(wait(ep, 0), [(EPOLLIN, 7)]);
        // Edge-triggered: once per new arrival.
        let mut et = EpollEvent { events: EPOLLIN | EPOLLET, data: 9 };
        assert_eq!(unsafe { epoll_ctl(ep, EPOLL_CTL_MOD, r, &mut et) }, 0);
        assert_eq!(wait(ep, 0), [(EPOLLIN, 9)]);
        assert_eq!(wait(ep, 0), []);
        let mut b = [0u8; 1];
        assert_eq!(unsafe { read(r, b.as_mut_ptr().cast(), 1) }, 1);
        assert_eq!(wait(ep, 0), []);
        assert_eq!(unsafe { write(w, b"c".as_ptr().cast(), 1) }, 1);
        assert_eq!(wait(ep, 10), [(EPOLLIN, 9)]);
        assert_eq!(unsafe { epoll_ctl(ep, EPOLL_CTL_DEL, r, core::ptr::null_mut()) }, 0);
        assert_eq!(unsafe { epoll_ctl(ep, EPOLL_CTL_DEL, r, core::ptr::null_mut()) }, -1);
        assert_eq!(errno(), ENOENT);
        let mut out = EpollEvent { events: EPOLLOUT, data: 1 };
        assert_eq!(unsafe { epoll_ctl(ep, EPOLL_CTL_ADD, w, &mut out) }, 0);
        assert_eq!(wait(ep, -1), [(EPOLLOUT, 1)]);
        close(r);
        close(w);
        close(ep);
    }

    #[test]
    fn bad_arguments() {
        assert_eq!(epoll_create(0), -1);
        assert_eq!(errno(), EINVAL);
        let ep = epoll_create(1);
        assert!(ep >= 0);
        assert_eq!(epoll_create1(1), -1);
        assert_eq!(errno(), EINVAL);
        let mut evs = [EpollEvent::default(); 1];
        // SAFETY: room for one event.
        assert_eq!(unsafe { epoll_wait(ep, evs.as_mut_ptr(), 0, 0) }, -1);
        assert_eq!(errno(), EINVAL);
        assert_eq!(unsafe { epoll_wait(-1, evs.as_mut_ptr(), 1, 0) }, -1);
        assert_eq!(errno(), EBADF);
        close(ep);
    }
}
