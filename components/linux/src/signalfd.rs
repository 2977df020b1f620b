//! `signalfd`.
use core::ffi::c_int;

use limpet_abi::signal::{KERNEL_SIGSET_BYTES, SigSet};
use limpet_syscall::{nr, syscall4};

use crate::ret_int;

/// `signalfd(fd, mask, flags)`—A descriptor from which the signals in `mask` are read as
/// `struct signalfd_siginfo` records (they must be blocked, or they are delivered as
/// usual); with `fd` -1 a new one, else `fd`'s mask is replaced (`SFD_CLOEXEC`,
/// `SFD_NONBLOCK`). The descriptor, or -1 with errno (EBADF, EINVAL).
///
/// # Safety
/// `mask` must point to a readable `sigset_t`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn signalfd(fd: c_int, mask: *const SigSet, flags: c_int) -> c_int {
    // SAFETY: the caller vouches for `mask`; the kernel reads KERNEL_SIGSET_BYTES of it.
    ret_int(unsafe { syscall4(nr::SIGNALFD4, fd as usize, mask as usize, KERNEL_SIGSET_BYTES, flags as usize) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_abi::fdevent::{SFD_NONBLOCK, SignalfdSiginfo};
    use limpet_abi::signal::{SIG_BLOCK, SIG_UNBLOCK, SIGUSR2};
    use limpet_syscall::errno;
    use limpet_syscall::errno::{EAGAIN, EINVAL};
    use limpet_syscall::syscall3;

    #[test]
    fn a_blocked_signal_is_read_as_a_record() {
        let mut set = SigSet { bits: [0; 16] };
        set.bits[0] = 1 << (SIGUSR2 - 1);
        // SAFETY: valid sets; the signal is blocked in this thread only.
        unsafe {
            assert_eq!(syscall4(nr::RT_SIGPROCMASK, SIG_BLOCK as usize, &raw const set as usize, 0, KERNEL_SIGSET_BYTES), 0);
        }
        let fd = unsafe { signalfd(-1, &set, SFD_NONBLOCK) };
        assert!(fd >= 0);
        let mut rec = core::mem::MaybeUninit::<SignalfdSiginfo>::zeroed();
        let size = core::mem::size_of::<SignalfdSiginfo>();
        // SAFETY: a record-sized buffer.
        assert_eq!(unsafe { limpet_syscall::unistd::read(fd, rec.as_mut_ptr().cast(), size) }, -1);
        assert_eq!(errno(), EAGAIN);
        // SAFETY: tgkill to this very thread.
        unsafe {
            let pid = limpet_syscall::syscall0(nr::GETPID);
            let tid = limpet_syscall::syscall0(nr::GETTID);
            assert_eq!(syscall3(nr::TGKILL, pid, tid, SIGUSR2 as usize), 0);
        }
        assert_eq!(unsafe { limpet_syscall::unistd::read(fd, rec.as_mut_ptr().cast(), size) }, size as isize);
        // SAFETY: the kernel filled the record.
        let rec = unsafe { rec.assume_init() };
        assert_eq!(rec.ssi_signo, SIGUSR2 as u32);
        assert_eq!(rec.ssi_pid as usize, unsafe { limpet_syscall::syscall0(nr::GETPID) });
        assert_eq!(unsafe { signalfd(-1, &set, 0x1234_0000) }, -1);
        assert_eq!(errno(), EINVAL);
        limpet_syscall::unistd::close(fd);
        unsafe { syscall4(nr::RT_SIGPROCMASK, SIG_UNBLOCK as usize, &raw const set as usize, 0, KERNEL_SIGSET_BYTES) };
    }
}
