//! `pipe` and `pipe2`.
use core::ffi::c_int;

use limpet_syscall::{nr, syscall2};

use crate::ret_int;

/// `pipe2(fds, flags)`—Creates a pipe: `fds[0]` reads, `fds[1]` writes; `flags` may hold
/// `O_CLOEXEC`, `O_NONBLOCK`, `O_DIRECT`. Returns 0 or -1 with errno.
///
/// # Safety
/// `fds` must be valid for writes of two `int`s.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pipe2(fds: *mut c_int, flags: c_int) -> c_int {
    // SAFETY: the caller vouches for `fds`.
    ret_int(unsafe { syscall2(nr::PIPE2, fds as usize, flags as usize) })
}

/// `pipe(fds)`—`pipe2` without flags.
///
/// # Safety
/// As for `pipe2`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pipe(fds: *mut c_int) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { pipe2(fds, 0) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::errno;
    use limpet_syscall::unistd::{close, read, write};

    #[test]
    fn bytes_travel_through() {
        let mut fds = [-1; 2];
        assert_eq!(unsafe { pipe(fds.as_mut_ptr()) }, 0);
        assert_eq!(unsafe { write(fds[1], b"hey".as_ptr().cast(), 3) }, 3);
        let mut buf = [0u8; 8];
        assert_eq!(unsafe { read(fds[0], buf.as_mut_ptr().cast(), 8) }, 3);
        assert_eq!(&buf[..3], b"hey");
        close(fds[0]);
        close(fds[1]);
        assert_eq!(unsafe { pipe2(fds.as_mut_ptr(), -1) }, -1);
        assert_eq!(errno(), limpet_syscall::errno::EINVAL);
    }
}
