//! Waiting for signals: `sigsuspend`, `sigpending`, `sigtimedwait`, `sigwaitinfo`, `sigwait`.
//! All but `sigpending` are cancellation points (`limpet_syscall::cancel`).
use core::ffi::c_int;
use core::ptr;

use limpet_syscall::cancel::syscall_cp;
use limpet_abi::time::Timespec;
use limpet_syscall::{errno::EINTR, nr, result, ret_errno, set_errno, syscall2};

use crate::abi::{KERNEL_SIGSET_BYTES, SigInfo, SigSet};

/// `sigsuspend(mask)`—Replaces the mask with `mask` until a handler runs, then restores it.
/// Always returns -1 with `EINTR`.
///
/// # Safety
/// `mask` must be readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigsuspend(mask: *const SigSet) -> c_int {
    // SAFETY: the kernel reads 8 bytes of the caller's set.
    ret_errno(unsafe { syscall_cp(nr::RT_SIGSUSPEND, mask as usize, KERNEL_SIGSET_BYTES, 0, 0, 0, 0) }) as c_int
}

/// `sigpending(set)`—Stores the signals pending for the thread or the process. Returns 0.
///
/// # Safety
/// `set` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigpending(set: *mut SigSet) -> c_int {
    // SAFETY: the kernel writes 8 bytes of the caller's set.
    ret_errno(unsafe { syscall2(nr::RT_SIGPENDING, set as usize, KERNEL_SIGSET_BYTES) }) as c_int
}

/// `sigtimedwait(mask, info, timeout)`—Waits until a signal of `mask` is pending, takes it
/// and returns its number (filling `info` if not null). A null `timeout` waits forever; at
/// its end -1 with `EAGAIN`. Interruptions by handled signals are retried, as in musl.
///
/// # Safety
/// `mask` and `timeout` (if not null) must be readable, `info` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigtimedwait(mask: *const SigSet, info: *mut SigInfo, timeout: *const Timespec) -> c_int {
    loop {
        // SAFETY: the pointers are the caller's and vouched for.
        let r = unsafe {
            syscall_cp(nr::RT_SIGTIMEDWAIT, mask as usize, info as usize, timeout as usize, KERNEL_SIGSET_BYTES, 0, 0)
        };
        match result(r) {
            Ok(sig) => return sig as c_int,
            Err(EINTR) => continue,
            Err(e) => {
                set_errno(e);
                return -1;
            }
        }
    }
}

/// `sigwaitinfo(mask, info)`—[`sigtimedwait`] without a timeout.
///
/// # Safety
/// As for [`sigtimedwait`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigwaitinfo(mask: *const SigSet, info: *mut SigInfo) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { sigtimedwait(mask, info, ptr::null()) }
}

/// `sigwait(mask, sig)`—Waits for a signal of `mask`, takes it and stores its number in
/// `*sig`. Returns 0, or -1 with errno set (as musl; POSIX would return the error number).
///
/// # Safety
/// `mask` must be readable and `sig` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigwait(mask: *const SigSet, sig: *mut c_int) -> c_int {
    let mut si = SigInfo::ZERO;
    // SAFETY: `si` is a local; the rest is the caller's.
    if unsafe { sigtimedwait(mask, &mut si, ptr::null()) } < 0 {
        return -1;
    }
    // SAFETY: the caller passes a writable int.
    unsafe { *sig = si.signo };
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::*;
    use crate::sigprocmask::sigprocmask;
    use limpet_syscall::errno::EAGAIN;

    unsafe extern "C" {
        fn raise(sig: c_int) -> c_int;
    }

    #[test]
    fn a_blocked_raised_signal_is_pending_then_taken_by_sigwait() {
        std::thread::spawn(|| {
            let mut set = SigSet::EMPTY;
            set.bits[0] = SigSet::bit(SIGUSR1) | SigSet::bit(SIGALRM);
            unsafe { sigprocmask(SIG_BLOCK, &set, core::ptr::null_mut()) };
            unsafe { raise(SIGUSR1) };
            let mut p = SigSet::EMPTY;
            assert_eq!(unsafe { sigpending(&mut p) }, 0);
            assert_eq!(p.bits[0] & set.bits[0], SigSet::bit(SIGUSR1));
            let mut got = 0;
            assert_eq!(unsafe { sigwait(&set, &mut got) }, 0);
            assert_eq!(got, SIGUSR1);
            unsafe { raise(SIGALRM) };
            let mut si = SigInfo::ZERO;
            assert_eq!(unsafe { sigwaitinfo(&set, &mut si) }, SIGALRM);
            assert_eq!(si.signo, SIGALRM);
            let zero = Timespec { tv_sec: 0, tv_nsec: 1000 };
            assert_eq!(unsafe { sigtimedwait(&set, &mut si, &zero) }, -1);
            assert_eq!(std::io::Error::last_os_error().raw_os_error(), Some(EAGAIN));
        })
        .join()
        .unwrap();
    }
}
