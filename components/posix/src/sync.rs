//! Flushing to storage: `fsync`, `fdatasync`, `sync`, `syncfs`, `sync_file_range`.
use core::ffi::c_int;

use core::ffi::c_uint;

use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::{nr, syscall0, syscall1, syscall4};

use crate::ret_int;

/// `fsync(fd)`—Flushes the file's data and metadata to storage; 0 or -1 with errno. A
/// cancellation point.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn fsync(fd: c_int) -> c_int {
    // SAFETY: fsync takes no pointers.
    ret_int(unsafe { syscall_cp(nr::FSYNC, fd as usize, 0, 0, 0, 0, 0) })
}

/// `fdatasync(fd)`—Flushes the file's data, and only the metadata needed to read it back. A
/// cancellation point.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn fdatasync(fd: c_int) -> c_int {
    // SAFETY: fdatasync takes no pointers.
    ret_int(unsafe { syscall_cp(nr::FDATASYNC, fd as usize, 0, 0, 0, 0, 0) })
}

/// `sync()`—Schedules every filesystem's pending writes; it cannot fail.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sync() {
    // SAFETY: sync takes no arguments.
    unsafe { syscall0(nr::SYNC) };
}

/// `syncfs(fd)`—Writes out the pending data of the filesystem holding the file open on `fd`;
/// 0 or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn syncfs(fd: c_int) -> c_int {
    // SAFETY: syncfs takes no pointers.
    ret_int(unsafe { syscall1(nr::SYNCFS, fd as usize) })
}

/// `sync_file_range(fd, offset, len, flags)`—Starts and/or waits for writeback of a byte range
/// (`SYNC_FILE_RANGE_*` flags); 0 or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sync_file_range(fd: c_int, offset: i64, len: i64, flags: c_uint) -> c_int {
    // SAFETY: sync_file_range takes no pointers.
    ret_int(unsafe {
        syscall4(
            nr::SYNC_FILE_RANGE,
            fd as usize,
            offset as usize,
            len as usize,
            flags as usize,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use std::os::fd::AsRawFd;

    #[test]
    fn flushes_open_files_and_rejects_bad_ones() {
        let d = TempDir::new();
        let f = std::fs::File::create(d.path().join("f")).unwrap();
        assert_eq!(fsync(f.as_raw_fd()), 0);
        assert_eq!(fdatasync(f.as_raw_fd()), 0);
        sync();
        assert_eq!(fsync(-1), -1);
        assert_eq!(errno(), limpet_syscall::errno::EBADF);
        assert_eq!(fdatasync(-1), -1);
        assert_eq!(errno(), limpet_syscall::errno::EBADF);
        assert_eq!(syncfs(f.as_raw_fd()), 0);
        assert_eq!(sync_file_range(f.as_raw_fd(), 0, 0, 2), 0);
        assert_eq!(sync_file_range(f.as_raw_fd(), 0, 0, 0x100), -1);
        assert_eq!(errno(), limpet_syscall::errno::EINVAL);
        assert_eq!(syncfs(-1), -1);
        assert_eq!(errno(), limpet_syscall::errno::EBADF);
    }
}
