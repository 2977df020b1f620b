//! Descriptor duplication: `dup`, `dup2`, `dup3`.
use core::ffi::c_int;

use limpet_syscall::errno::{EBUSY, EINVAL};
use limpet_syscall::{nr, result, set_errno, syscall1, syscall2, syscall3};

use crate::abi::F_GETFD;
use crate::ret_int;

/// `dup(fd)`—A new descriptor, the lowest free, for the file open on `fd`; or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn dup(fd: c_int) -> c_int {
    // SAFETY: dup takes no pointers.
    ret_int(unsafe { syscall1(nr::DUP, fd as usize) })
}

/// The kernel answers EBUSY while another thread is between allocating `new` and installing
/// a file there; the race is over in a moment, so retrying is what the caller wants.
fn dup3_retrying(old: c_int, new: c_int, flags: c_int) -> c_int {
    loop {
        // SAFETY: dup3 takes no pointers.
        let r = unsafe { syscall3(nr::DUP3, old as usize, new as usize, flags as usize) };
        if result(r) != Err(EBUSY) {
            return ret_int(r);
        }
    }
}

/// `dup2(old, new)`—Makes `new` refer to the file open on `old`, closing what `new` held first;
/// returns `new` or -1 with errno. When the two are equal it only checks that `old` is open.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn dup2(old: c_int, new: c_int) -> c_int {
    if old == new {
        // dup3 refuses equal descriptors, so the "is it open" check is done by hand.
        // SAFETY: F_GETFD takes no pointer.
        let r = unsafe { syscall2(nr::FCNTL, old as usize, F_GETFD as usize) };
        return if ret_int(r) < 0 { -1 } else { old };
    }
    dup3_retrying(old, new, 0)
}

/// `dup3(old, new, flags)`—Like `dup2`, with `O_CLOEXEC` allowed in `flags`; equal descriptors
/// give EINVAL. Returns `new` or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn dup3(old: c_int, new: c_int, flags: c_int) -> c_int {
    if old == new {
        set_errno(EINVAL);
        return -1;
    }
    dup3_retrying(old, new, flags)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::{FD_CLOEXEC, O_CLOEXEC};
    use crate::testutil::errno;
    use limpet_syscall::errno::EBADF;
    use limpet_syscall::unistd::close;

    fn cloexec(fd: c_int) -> bool {
        (unsafe { syscall2(nr::FCNTL, fd as usize, F_GETFD as usize) } as c_int) & FD_CLOEXEC != 0
    }

    #[test]
    fn duplicates_and_errors() {
        let a = dup(1);
        assert!(a > 2);
        let b = dup2(a, 900);
        assert_eq!(b, 900);
        assert!(!cloexec(900));
        assert_eq!(dup3(a, 901, O_CLOEXEC), 901);
        assert!(cloexec(901));
        assert_eq!(dup2(a, a), a);
        assert_eq!(dup3(a, a, 0), -1);
        assert_eq!(errno(), EINVAL);
        for fd in [a, 900, 901] {
            assert_eq!(close(fd), 0);
        }
        assert_eq!(dup2(a, a), -1);
        assert_eq!(errno(), EBADF);
        assert_eq!(dup(-1), -1);
        assert_eq!(errno(), EBADF);
        assert_eq!(dup2(-1, 902), -1);
        assert_eq!(errno(), EBADF);
    }
}
