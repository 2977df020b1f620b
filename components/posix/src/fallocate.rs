//! Space allocation: `fallocate` and `posix_fallocate`.
use core::ffi::c_int;

use limpet_syscall::{nr, result, syscall4};

use crate::ret_int;

/// `fallocate(fd, mode, offset, len)`—Allocates (or with `mode` flags, punches, zeroes,
/// collapses...) the byte range `[offset, offset+len)` of the file; 0 or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn fallocate(fd: c_int, mode: c_int, offset: i64, len: i64) -> c_int {
    // SAFETY: fallocate takes no pointers.
    ret_int(unsafe {
        syscall4(
            nr::FALLOCATE,
            fd as usize,
            mode as usize,
            offset as usize,
            len as usize,
        )
    })
}

/// `posix_fallocate(fd, offset, len)`—Makes sure the byte range has storage, growing the file
/// if needed. Returns 0 or an error number; errno is not set, as POSIX specifies.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn posix_fallocate(fd: c_int, offset: i64, len: i64) -> c_int {
    // SAFETY: fallocate takes no pointers.
    let r = unsafe { syscall4(nr::FALLOCATE, fd as usize, 0, offset as usize, len as usize) };
    result(r).err().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::errno::{EBADF, EINVAL};
    use std::os::fd::AsRawFd;

    #[test]
    fn grows_files() {
        let d = TempDir::new();
        let f = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(d.path().join("f"))
            .unwrap();
        assert_eq!(posix_fallocate(f.as_raw_fd(), 0, 5000), 0);
        assert_eq!(f.metadata().unwrap().len(), 5000);
        assert_eq!(fallocate(f.as_raw_fd(), 0, 5000, 1000), 0);
        assert_eq!(f.metadata().unwrap().len(), 6000);
        limpet_syscall::set_errno(0);
        assert_eq!(posix_fallocate(f.as_raw_fd(), 0, 0), EINVAL);
        assert_eq!(posix_fallocate(-1, 0, 1), EBADF);
        assert_eq!(errno(), 0);
        assert_eq!(fallocate(-1, 0, 0, 1), -1);
        assert_eq!(errno(), EBADF);
    }
}
