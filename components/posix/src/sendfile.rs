//! In-kernel copies: `sendfile` and `copy_file_range`.
use core::ffi::{c_int, c_uint};

use limpet_syscall::{nr, ret_errno, syscall4, syscall6};

/// `sendfile(out, in, offset, count)`—Copies up to `count` bytes from `in` to `out` inside the
/// kernel. With a non-null `offset`, reading starts there, `*offset` is advanced, and `in`'s
/// file offset is left alone. Returns the number copied, or -1 with errno.
///
/// # Safety
/// A non-null `offset` must be valid for reads and writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sendfile(out: c_int, in_: c_int, offset: *mut i64, count: usize) -> isize {
    // SAFETY: the caller vouches for `offset`.
    ret_errno(unsafe {
        syscall4(
            nr::SENDFILE,
            out as usize,
            in_ as usize,
            offset as usize,
            count,
        )
    })
}

/// `copy_file_range(in, in_off, out, out_off, len, flags)`—Copies up to `len` bytes between
/// files inside the kernel; a null offset pointer means "use and advance that file's offset".
/// `flags` must be 0. Returns the number copied, or -1 with errno.
///
/// # Safety
/// Non-null offsets must be valid for reads and writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn copy_file_range(
    in_: c_int,
    in_off: *mut i64,
    out: c_int,
    out_off: *mut i64,
    len: usize,
    flags: c_uint,
) -> isize {
    // SAFETY: the caller vouches for the offsets.
    ret_errno(unsafe {
        syscall6(
            nr::COPY_FILE_RANGE,
            in_ as usize,
            in_off as usize,
            out as usize,
            out_off as usize,
            len,
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
    fn copies_between_files() {
        let d = TempDir::new();
        std::fs::write(d.path().join("a"), b"abcdefgh").unwrap();
        let a = std::fs::File::open(d.path().join("a")).unwrap();
        let b = std::fs::File::create(d.path().join("b")).unwrap();
        let mut off = 2i64;
        assert_eq!(
            unsafe { sendfile(b.as_raw_fd(), a.as_raw_fd(), &mut off, 3) },
            3
        );
        assert_eq!(off, 5);
        assert_eq!(
            unsafe {
                copy_file_range(
                    a.as_raw_fd(),
                    &mut off,
                    b.as_raw_fd(),
                    core::ptr::null_mut(),
                    10,
                    0,
                )
            },
            3
        );
        assert_eq!(off, 8);
        assert_eq!(std::fs::read(d.path().join("b")).unwrap(), b"cdefgh");
        assert_eq!(
            unsafe { sendfile(-1, a.as_raw_fd(), core::ptr::null_mut(), 1) },
            -1
        );
        assert_eq!(errno(), limpet_syscall::errno::EBADF);
        assert_eq!(
            unsafe {
                copy_file_range(
                    a.as_raw_fd(),
                    core::ptr::null_mut(),
                    b.as_raw_fd(),
                    core::ptr::null_mut(),
                    1,
                    1,
                )
            },
            -1
        );
        assert_eq!(errno(), limpet_syscall::errno::EINVAL);
    }
}
