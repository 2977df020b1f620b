//! `sigprocmask` and `pthread_sigmask` (the same call: Linux masks are per thread).
use core::ffi::c_int;

use limpet_syscall::{errno::EINVAL, nr, result, set_errno, syscall4};

use crate::abi::{KERNEL_SIGSET_BYTES, SIG_SETMASK, SigSet};

/// The implementation's signals 32..=34, never shown in a returned mask (as musl).
const RESERVED_BITS: u64 = 0b111 << 31;

/// Changes the calling thread's mask; returns 0 or an errno value (the `pthread_sigmask`
/// convention).
///
/// # Safety
/// `set` must be null or readable, `old` null or writable.
pub unsafe fn change_mask(how: c_int, set: *const SigSet, old: *mut SigSet) -> c_int {
    if !set.is_null() && (how as u32) > SIG_SETMASK as u32 {
        return EINVAL;
    }
    // SAFETY: the kernel reads and writes 8 bytes of each set, which the caller vouches for.
    let r = unsafe {
        syscall4(nr::RT_SIGPROCMASK, how as usize, set as usize, old as usize, KERNEL_SIGSET_BYTES)
    };
    match result(r) {
        Ok(_) => {
            if !old.is_null() {
                // SAFETY: `old` is writable.
                unsafe { (*old).bits[0] &= !RESERVED_BITS };
            }
            0
        }
        Err(e) => e,
    }
}

/// `sigprocmask(how, set, old)`—Blocks (`SIG_BLOCK`), unblocks (`SIG_UNBLOCK`) or sets
/// (`SIG_SETMASK`) the signals of `set`, and stores the previous mask in `old`. Returns 0,
/// or -1 with `EINVAL` for a bad `how`.
///
/// # Safety
/// `set` must be null or readable, `old` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigprocmask(how: c_int, set: *const SigSet, old: *mut SigSet) -> c_int {
    // SAFETY: forwarded from the caller.
    match unsafe { change_mask(how, set, old) } {
        0 => 0,
        e => {
            set_errno(e);
            -1
        }
    }
}

/// `pthread_sigmask(how, set, old)`—[`sigprocmask`] with the threads convention: returns 0
/// or the error number (`EINVAL` for a bad `how`), leaving errno alone.
///
/// # Safety
/// `set` must be null or readable, `old` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_sigmask(how: c_int, set: *const SigSet, old: *mut SigSet) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { change_mask(how, set, old) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::*;

    #[test]
    fn block_then_read_back_then_restore() {
        let mut orig = SigSet::EMPTY;
        let mut set = SigSet::EMPTY;
        set.bits[0] = SigSet::bit(SIGUSR1);
        assert_eq!(unsafe { sigprocmask(SIG_BLOCK, &set, &mut orig) }, 0);
        let mut now = SigSet::EMPTY;
        assert_eq!(unsafe { sigprocmask(SIG_BLOCK, core::ptr::null(), &mut now) }, 0);
        assert_ne!(now.bits[0] & SigSet::bit(SIGUSR1), 0);
        assert_eq!(unsafe { sigprocmask(SIG_SETMASK, &orig, core::ptr::null_mut()) }, 0);
        assert_eq!(unsafe { sigprocmask(7, &set, core::ptr::null_mut()) }, -1);
        assert_eq!(std::io::Error::last_os_error().raw_os_error(), Some(EINVAL));
        // A bad `how` is ignored when there is no set, as POSIX allows.
        assert_eq!(unsafe { sigprocmask(7, core::ptr::null(), &mut now) }, 0);
        assert_eq!(unsafe { pthread_sigmask(7, &set, core::ptr::null_mut()) }, EINVAL);
        assert_eq!(unsafe { pthread_sigmask(SIG_BLOCK, core::ptr::null(), &mut now) }, 0);
        assert_eq!(now.bits[0], orig.bits[0]);
    }
}
