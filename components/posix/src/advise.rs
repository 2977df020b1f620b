//! Hints about future access: `posix_fadvise` and `readahead`.
use core::ffi::c_int;

use limpet_syscall::{nr, result, ret_errno, syscall3, syscall4};

/// `posix_fadvise(fd, offset, len, advice)`—Tells the kernel how `len` bytes from `offset`
/// (to the end for 0) will be used (`POSIX_FADV_*`). Returns 0 or an error number; errno is
/// not set, as POSIX specifies.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn posix_fadvise(fd: c_int, offset: i64, len: i64, advice: c_int) -> c_int {
    // SAFETY: fadvise64 takes no pointers.
    let r = unsafe {
        syscall4(
            nr::FADVISE64,
            fd as usize,
            offset as usize,
            len as usize,
            advice as usize,
        )
    };
    result(r).err().unwrap_or(0)
}

/// `readahead(fd, offset, count)`—Starts reading `count` bytes from `offset` into the page
/// cache; 0 or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn readahead(fd: c_int, offset: i64, count: usize) -> isize {
    // SAFETY: readahead takes no pointers.
    ret_errno(unsafe { syscall3(nr::READAHEAD, fd as usize, offset as usize, count) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::errno::{EBADF, EINVAL};
    use std::os::fd::AsRawFd;

    const POSIX_FADV_SEQUENTIAL: c_int = 2;

    #[test]
    fn advice_is_accepted_or_reported() {
        let d = TempDir::new();
        std::fs::write(d.path().join("f"), vec![0u8; 8192]).unwrap();
        let f = std::fs::File::open(d.path().join("f")).unwrap();
        assert_eq!(posix_fadvise(f.as_raw_fd(), 0, 0, POSIX_FADV_SEQUENTIAL), 0);
        limpet_syscall::set_errno(0);
        assert_eq!(posix_fadvise(f.as_raw_fd(), 0, 0, 99), EINVAL);
        assert_eq!(posix_fadvise(-1, 0, 0, POSIX_FADV_SEQUENTIAL), EBADF);
        assert_eq!(errno(), 0);
        assert_eq!(readahead(f.as_raw_fd(), 0, 4096), 0);
        assert_eq!(readahead(-1, 0, 4096), -1);
        assert_eq!(errno(), EBADF);
    }
}
