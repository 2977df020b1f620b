//! `lstat` and `statx` (`stat`, `fstat` and `fstatat` are in limpet-syscall).
use core::ffi::{c_char, c_int, c_uint};

use limpet_syscall::unistd::fstatat;
use limpet_syscall::{nr, syscall5};

use crate::abi::{AT_FDCWD, AT_SYMLINK_NOFOLLOW, Stat, Statx};
use crate::ret_int;

/// `lstat(path, st)`—Describes `path` itself when it is a symbolic link; 0 or -1 with errno.
///
/// # Safety
/// `path` must be NUL-terminated and `st` valid for writes of a `struct stat`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn lstat(path: *const c_char, st: *mut Stat) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { fstatat(AT_FDCWD, path, st, AT_SYMLINK_NOFOLLOW) }
}

/// `statx(dirfd, path, flags, mask, stx)`—Describes `path` with the fields `mask` asks for
/// (the kernel says in `stx_mask` which it filled); 0 or -1 with errno.
///
/// # Safety
/// `path` must be NUL-terminated and `stx` valid for writes of a `struct statx`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn statx(
    dirfd: c_int,
    path: *const c_char,
    flags: c_int,
    mask: c_uint,
    stx: *mut Statx,
) -> c_int {
    // SAFETY: the caller vouches for the pointers.
    ret_int(unsafe {
        syscall5(
            nr::STATX,
            dirfd as usize,
            path as usize,
            flags as usize,
            mask as usize,
            stx as usize,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::{S_IFLNK, S_IFMT};
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::errno::ENOENT;
    use std::os::unix::fs::MetadataExt;

    const STATX_BASIC_STATS: c_uint = 0x7ff;

    #[test]
    fn lstat_sees_links_and_statx_agrees() {
        let d = TempDir::new();
        std::fs::write(d.path().join("f"), b"12345").unwrap();
        std::os::unix::fs::symlink("f", d.path().join("l")).unwrap();
        let mut st = Stat::default();
        assert_eq!(unsafe { lstat(d.c("l").as_ptr(), &mut st) }, 0);
        assert_eq!(st.st_mode & S_IFMT, S_IFLNK);
        assert_eq!(st.st_size, 1);
        let mut sx = Statx::default();
        assert_eq!(
            unsafe { statx(AT_FDCWD, d.c("l").as_ptr(), 0, STATX_BASIC_STATS, &mut sx) },
            0
        );
        let m = std::fs::metadata(d.path().join("f")).unwrap();
        assert_eq!(
            (sx.stx_size, sx.stx_ino, sx.stx_mode as u32),
            (5, m.ino(), m.mode())
        );
        assert_eq!(sx.stx_mtime.tv_sec, m.mtime());
        assert_eq!(unsafe { lstat(d.c("none").as_ptr(), &mut st) }, -1);
        assert_eq!(errno(), ENOENT);
        assert_eq!(
            unsafe {
                statx(
                    AT_FDCWD,
                    d.c("none").as_ptr(),
                    0,
                    STATX_BASIC_STATS,
                    &mut sx,
                )
            },
            -1
        );
        assert_eq!(errno(), ENOENT);
    }
}
