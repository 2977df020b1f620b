//! Sending signals: `kill`, `killpg`, `raise`.
use core::ffi::c_int;

use limpet_syscall::{errno::EINVAL, nr, ret_errno, set_errno, syscall0, syscall2};

use crate::sigs;

/// `kill(pid, sig)`—Sends `sig` to process `pid`, to the caller's group (0), to every
/// process it may signal (-1) or to group `-pid`. `sig` 0 only checks. 0 or -1 with errno
/// set (`EINVAL`, `EPERM`, `ESRCH`).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn kill(pid: c_int, sig: c_int) -> c_int {
    // SAFETY: the call takes only integers.
    ret_errno(unsafe { syscall2(nr::KILL, pid as usize, sig as usize) }) as c_int
}

/// `killpg(pgrp, sig)`—Sends `sig` to process group `pgrp` (0: the caller's); -1 with
/// `EINVAL` for a negative group.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn killpg(pgrp: c_int, sig: c_int) -> c_int {
    if pgrp < 0 {
        set_errno(EINVAL);
        return -1;
    }
    kill(-pgrp, sig)
}

/// `raise(sig)`—Sends `sig` to the calling thread; a handler for it has run (if it is not
/// blocked) by the time `raise` returns. 0 or -1 with `EINVAL`. All signals are blocked
/// around the send, so no handler can run (and fork) between reading the thread id and
/// using it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn raise(sig: c_int) -> c_int {
    let old = sigs::block_all();
    // SAFETY: gettid cannot fail; tkill takes only integers.
    let r = unsafe { syscall2(nr::TKILL, syscall0(nr::GETTID), sig as usize) };
    sigs::restore(old);
    ret_errno(r) as c_int
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_syscall::errno::ESRCH;

    #[test]
    fn errors_and_a_blocked_raise() {
        assert_eq!(kill(std::process::id() as c_int, 0), 0);
        assert_eq!(kill(std::process::id() as c_int, 999), -1);
        assert_eq!(limpet_syscall::errno(), EINVAL);
        assert_eq!(killpg(-3, 0), -1);
        assert_eq!(limpet_syscall::errno(), EINVAL);
        assert_eq!(kill(-2_000_000, 0), -1);
        assert_eq!(limpet_syscall::errno(), ESRCH);
        std::thread::spawn(|| {
            use limpet_abi::signal::{KERNEL_SIGSET_BYTES, SIG_BLOCK, SIGUSR1, SigInfo, SigSet};
            let usr1 = SigSet::bit(SIGUSR1);
            sigs::mask(SIG_BLOCK, Some(&usr1), None);
            assert_eq!(raise(SIGUSR1), 0);
            let mut pending = 0u64;
            unsafe { limpet_syscall::syscall2(nr::RT_SIGPENDING, &raw mut pending as usize, KERNEL_SIGSET_BYTES) };
            assert_ne!(pending & usr1, 0);
            // Take it so it never reaches a default action.
            let mut info = SigInfo::ZERO;
            unsafe {
                limpet_syscall::syscall4(
                    nr::RT_SIGTIMEDWAIT,
                    &raw const usr1 as usize,
                    &raw mut info as usize,
                    0,
                    KERNEL_SIGSET_BYTES,
                )
            };
        })
        .join()
        .unwrap();
    }
}
