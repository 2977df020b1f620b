//! Waiting for descriptors by bit sets: `select`, `pselect`.
use core::ffi::c_int;

use limpet_abi::poll::FdSet;
use limpet_abi::signal::{KERNEL_SIGSET_BYTES, SigSet};
use limpet_abi::time::{Timespec, Timeval};
use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::errno::EINVAL;
use limpet_syscall::{nr, set_errno};

use crate::ret_int;

const US_PER_S: i64 = 1_000_000;

/// `select(n, rfds, wfds, efds, timeout)`—Waits until a descriptor below `n` in one of the
/// sets is ready to read, to write or has an exceptional condition, or `timeout` passes (null:
/// forever); leaves in each set only the ready ones. Returns how many bits are set, 0 on
/// timeout, or -1 with errno (EBADF, EINTR, EINVAL for a negative `n` or timeout). As musl
/// does, microseconds past a second carry into the seconds (a timeout past the largest
/// `time_t` waits that long), and the caller's `timeout` is left as it was: the kernel's
/// remaining time goes to a copy. A cancellation point.
///
/// # Safety
/// Each set is null or points to an `fd_set`; `timeout` is null or valid.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn select(
    n: c_int,
    rfds: *mut FdSet,
    wfds: *mut FdSet,
    efds: *mut FdSet,
    timeout: *mut Timeval,
) -> c_int {
    let mut ts = None;
    if !timeout.is_null() {
        // SAFETY: a non-null `timeout` is readable (the caller's contract).
        let Timeval { tv_sec: s, tv_usec: us } = unsafe { *timeout };
        if s < 0 || us < 0 {
            set_errno(EINVAL);
            return -1;
        }
        let carry = us / US_PER_S;
        ts = Some(if carry > i64::MAX - s {
            Timespec { tv_sec: i64::MAX, tv_nsec: 999_999_999 }
        } else {
            Timespec { tv_sec: s + carry, tv_nsec: us % US_PER_S * 1000 }
        });
    }
    wait(n, [rfds, wfds, efds], ts.as_mut(), core::ptr::null())
}

/// `pselect(n, rfds, wfds, efds, timeout, mask)`—`select` with a `timespec` timeout (the
/// caller's is not changed) and, when `mask` is not null, that signal mask in place for the
/// wait only. A cancellation point.
///
/// # Safety
/// As for `select`; `mask` is null or valid.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pselect(
    n: c_int,
    rfds: *mut FdSet,
    wfds: *mut FdSet,
    efds: *mut FdSet,
    timeout: *const Timespec,
    mask: *const SigSet,
) -> c_int {
    // SAFETY: a non-null `timeout` is readable (the caller's contract).
    let mut ts = if timeout.is_null() { None } else { Some(unsafe { *timeout }) };
    wait(n, [rfds, wfds, efds], ts.as_mut(), mask)
}

/// `pselect6`, whose sixth argument is the mask and its size as a pair.
fn wait(n: c_int, sets: [*mut FdSet; 3], ts: Option<&mut Timespec>, mask: *const SigSet) -> c_int {
    let data: [usize; 2] = [mask as usize, KERNEL_SIGSET_BYTES];
    let tsp = ts.map_or(0, |t| t as *mut Timespec as usize);
    // SAFETY: the sets and mask are null or valid (the callers' contracts); `data` and the
    // timeout copy live across the call.
    ret_int(unsafe {
        syscall_cp(nr::PSELECT6, n as usize, sets[0] as usize, sets[1] as usize, sets[2] as usize, tsp, data.as_ptr() as usize)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_syscall::errno::EBADF;
    use limpet_syscall::errno;

    fn set(fds: &[c_int]) -> FdSet {
        let mut s = FdSet::default();
        for &fd in fds {
            s.fds_bits[fd as usize / 64] |= 1 << (fd % 64);
        }
        s
    }

    #[test]
    fn reports_ready_descriptors_and_keeps_the_timeout() {
        let mut p = [0; 2];
        // SAFETY: room for two descriptors.
        assert_eq!(unsafe { crate::pipe::pipe(p.as_mut_ptr()) }, 0);
        let (mut r, mut w) = (set(&[p[0]]), set(&[p[1]]));
        let mut tv = Timeval { tv_sec: 0, tv_usec: 2_000 };
        // SAFETY: valid sets and timeout.
        let got = unsafe { select(p[1] + 1, &mut r, &mut w, core::ptr::null_mut(), &mut tv) };
        assert_eq!(got, 1);
        assert_eq!((r, w), (set(&[]), set(&[p[1]])));
        assert_eq!(tv, Timeval { tv_sec: 0, tv_usec: 2_000 });
        // Microseconds past a second are carried, not refused.
        let mut r = set(&[p[0]]);
        let mut long = Timeval { tv_sec: 0, tv_usec: 1_000_001 };
        assert_eq!(unsafe { limpet_syscall::unistd::write(p[1], b"x".as_ptr().cast(), 1) }, 1);
        assert_eq!(unsafe { select(p[0] + 1, &mut r, core::ptr::null_mut(), core::ptr::null_mut(), &mut long) }, 1);
        let mut neg = Timeval { tv_sec: 0, tv_usec: -1 };
        assert_eq!(unsafe { select(1, core::ptr::null_mut(), core::ptr::null_mut(), core::ptr::null_mut(), &mut neg) }, -1);
        assert_eq!(errno(), EINVAL);
        limpet_syscall::unistd::close(p[0]);
        limpet_syscall::unistd::close(p[1]);
    }

    #[test]
    fn pselect_times_out_and_refuses_bad_descriptors() {
        let t = Timespec { tv_sec: 0, tv_nsec: 1_000_000 };
        // SAFETY: no sets, a valid timeout, no mask.
        assert_eq!(unsafe { pselect(0, core::ptr::null_mut(), core::ptr::null_mut(), core::ptr::null_mut(), &t, core::ptr::null()) }, 0);
        // A closed descriptor inside the process's table (the kernel ignores bits past it).
        let mut p = [0; 2];
        // SAFETY: room for two descriptors.
        assert_eq!(unsafe { crate::pipe::pipe(p.as_mut_ptr()) }, 0);
        limpet_syscall::unistd::close(p[1]);
        let mut s = set(&[p[1]]);
        assert_eq!(unsafe { pselect(p[1] + 1, &mut s, core::ptr::null_mut(), core::ptr::null_mut(), &t, core::ptr::null()) }, -1);
        assert_eq!(errno(), EBADF);
        limpet_syscall::unistd::close(p[0]);
    }
}
