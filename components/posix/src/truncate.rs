//! `truncate` and `ftruncate`.
use core::ffi::{c_char, c_int};

use limpet_syscall::{nr, syscall2};

use crate::ret_int;

/// `ftruncate(fd, length)`—Sets the size of the file open on `fd`; 0 or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn ftruncate(fd: c_int, length: i64) -> c_int {
    // SAFETY: ftruncate takes no pointers.
    ret_int(unsafe { syscall2(nr::FTRUNCATE, fd as usize, length as usize) })
}

/// `truncate(path, length)`—Sets the size of the file at `path`; 0 or -1 with errno.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn truncate(path: *const c_char, length: i64) -> c_int {
    // SAFETY: the kernel validates the path pointer.
    ret_int(unsafe { syscall2(nr::TRUNCATE, path as usize, length as usize) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::errno::{EINVAL, ENOENT};
    use std::os::fd::AsRawFd;

    #[test]
    fn sizes_change() {
        let d = TempDir::new();
        std::fs::write(d.path().join("f"), b"hello world").unwrap();
        assert_eq!(unsafe { truncate(d.c("f").as_ptr(), 5) }, 0);
        assert_eq!(std::fs::read(d.path().join("f")).unwrap(), b"hello");
        let f = std::fs::OpenOptions::new()
            .write(true)
            .open(d.path().join("f"))
            .unwrap();
        assert_eq!(ftruncate(f.as_raw_fd(), 8), 0);
        assert_eq!(std::fs::read(d.path().join("f")).unwrap(), b"hello\0\0\0");
        assert_eq!(ftruncate(f.as_raw_fd(), -1), -1);
        assert_eq!(errno(), EINVAL);
        assert_eq!(unsafe { truncate(d.c("none").as_ptr(), 0) }, -1);
        assert_eq!(errno(), ENOENT);
    }
}
