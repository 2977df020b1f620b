//! Permissions: `chmod`, `fchmod`, `fchmodat`, `umask`.
use core::ffi::{c_char, c_int};

use limpet_syscall::errno::{EBADF, EINVAL, ENOENT, ENOSYS, EOPNOTSUPP};
use limpet_syscall::unistd::fstatat;
use limpet_syscall::{nr, result, set_errno, syscall1, syscall2, syscall3, syscall4};

use crate::abi::{
    AT_FDCWD, AT_SYMLINK_NOFOLLOW, F_GETFD, O_CLOEXEC, O_NOCTTY, O_NOFOLLOW, O_PATH, S_IFLNK,
    S_IFMT, Stat,
};
use crate::procfd::ProcFdName;
use crate::ret_int;

/// Linux 6.6's `fchmodat2`, the first chmod to take flags; the same number on every
/// architecture (the unified table).
const FCHMODAT2: usize = 452;

/// `fchmodat(dirfd, path, mode, flags)`—Sets the permission bits of `path`. The one flag,
/// `AT_SYMLINK_NOFOLLOW`, acts on a final symbolic link itself, which Linux cannot do: that
/// case fails with EOPNOTSUPP, and other files are changed as usual. 0 or -1 with errno.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fchmodat(
    dirfd: c_int,
    path: *const c_char,
    mode: u32,
    flags: c_int,
) -> c_int {
    if flags == 0 {
        // SAFETY: the kernel validates the path pointer.
        return ret_int(unsafe {
            syscall3(nr::FCHMODAT, dirfd as usize, path as usize, mode as usize)
        });
    }
    if flags != AT_SYMLINK_NOFOLLOW {
        set_errno(EINVAL);
        return -1;
    }
    // SAFETY: as above.
    let r = unsafe {
        syscall4(
            FCHMODAT2,
            dirfd as usize,
            path as usize,
            mode as usize,
            flags as usize,
        )
    };
    if result(r) != Err(ENOSYS) {
        return ret_int(r);
    }
    // SAFETY: forwarded contract.
    unsafe { chmod_nofollow_by_path_fd(dirfd, path, mode) }
}

/// Older kernels: pin the file with an `O_PATH` descriptor that does not follow the link, refuse
/// a link, and change anything else through its `/proc/self/fd` name.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cold]
unsafe fn chmod_nofollow_by_path_fd(dirfd: c_int, path: *const c_char, mode: u32) -> c_int {
    let mut st = Stat::default();
    // SAFETY: `st` is a local Stat; the caller vouches for `path`.
    if unsafe { fstatat(dirfd, path, &mut st, AT_SYMLINK_NOFOLLOW) } != 0 {
        return -1;
    }
    if st.st_mode & S_IFMT == S_IFLNK {
        set_errno(EOPNOTSUPP);
        return -1;
    }
    // Raw calls for the descriptor's open and close: fchmodat is not a cancellation point.
    let flags = O_PATH | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC;
    // SAFETY: as above.
    let fd = match result(unsafe { syscall4(nr::OPENAT, dirfd as usize, path as usize, flags as usize, 0) }) {
        Ok(fd) => fd as c_int,
        Err(e) => {
            set_errno(e);
            return -1;
        }
    };
    let name = ProcFdName::new(fd);
    // SAFETY: `name` is NUL-terminated.
    let r = unsafe {
        syscall3(
            nr::FCHMODAT,
            AT_FDCWD as usize,
            name.as_ptr() as usize,
            mode as usize,
        )
    };
    // SAFETY: the descriptor opened above.
    unsafe { syscall1(nr::CLOSE, fd as usize) };
    // Without /proc mounted the name is missing; the operation is then simply not available.
    if result(r) == Err(ENOENT) {
        set_errno(EOPNOTSUPP);
        return -1;
    }
    ret_int(r)
}

/// `chmod(path, mode)`—Sets the permission bits of `path`, following symbolic links.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn chmod(path: *const c_char, mode: u32) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { fchmodat(AT_FDCWD, path, mode, 0) }
}

/// `lchmod(path, mode)`—`chmod` of a symbolic link itself, which Linux cannot change: on a
/// link it fails with EOPNOTSUPP, elsewhere it is `chmod` (`fchmodat` with
/// `AT_SYMLINK_NOFOLLOW`, as musl).
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn lchmod(path: *const c_char, mode: u32) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { fchmodat(AT_FDCWD, path, mode, AT_SYMLINK_NOFOLLOW) }
}

/// `fchmod(fd, mode)`—Sets the permission bits of the file open on `fd`. An `O_PATH`
/// descriptor, which the kernel's fchmod refuses with EBADF, works through its `/proc/self/fd`
/// name. 0 or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn fchmod(fd: c_int, mode: u32) -> c_int {
    // SAFETY: fchmod takes no pointers.
    let r = unsafe { syscall2(nr::FCHMOD, fd as usize, mode as usize) };
    // SAFETY: F_GETFD takes no pointer.
    if result(r) != Err(EBADF)
        || result(unsafe { syscall2(nr::FCNTL, fd as usize, F_GETFD as usize) }).is_err()
    {
        return ret_int(r);
    }
    let name = ProcFdName::new(fd);
    // SAFETY: `name` is NUL-terminated.
    ret_int(unsafe {
        syscall3(
            nr::FCHMODAT,
            AT_FDCWD as usize,
            name.as_ptr() as usize,
            mode as usize,
        )
    })
}

/// `umask(mask)`—Sets the file-creation mask and returns the previous one; it cannot fail.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn umask(mask: u32) -> u32 {
    // SAFETY: umask takes no pointers.
    unsafe { syscall1(nr::UMASK, (mask & 0o777) as usize) as u32 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno, process_state};
    use limpet_syscall::unistd::{close, openat};
    use std::os::unix::fs::PermissionsExt;

    fn mode_of(p: &std::path::Path) -> u32 {
        std::fs::metadata(p).unwrap().permissions().mode() & 0o7777
    }

    #[test]
    fn changes_modes() {
        let d = TempDir::new();
        let p = d.path().join("f");
        std::fs::write(&p, b"").unwrap();
        assert_eq!(unsafe { chmod(d.c("f").as_ptr(), 0o640) }, 0);
        assert_eq!(mode_of(&p), 0o640);
        let f = std::fs::File::open(&p).unwrap();
        assert_eq!(fchmod(std::os::fd::AsRawFd::as_raw_fd(&f), 0o604), 0);
        assert_eq!(mode_of(&p), 0o604);
        let pfd = unsafe { openat(AT_FDCWD, d.c("f").as_ptr(), O_PATH, 0) };
        assert_eq!(fchmod(pfd, 0o600), 0);
        assert_eq!(mode_of(&p), 0o600);
        close(pfd);
        assert_eq!(fchmod(pfd, 0o600), -1);
        assert_eq!(errno(), EBADF);
        assert_eq!(
            unsafe { fchmodat(AT_FDCWD, d.c("f").as_ptr(), 0o611, AT_SYMLINK_NOFOLLOW) },
            0
        );
        assert_eq!(mode_of(&p), 0o611);
        std::os::unix::fs::symlink("f", d.path().join("l")).unwrap();
        assert_eq!(
            unsafe { fchmodat(AT_FDCWD, d.c("l").as_ptr(), 0o600, AT_SYMLINK_NOFOLLOW) },
            -1
        );
        assert_eq!(errno(), EOPNOTSUPP);
        assert_eq!(
            unsafe { chmod_nofollow_by_path_fd(AT_FDCWD, d.c("l").as_ptr(), 0o600) },
            -1
        );
        assert_eq!(errno(), EOPNOTSUPP);
        assert_eq!(
            unsafe { chmod_nofollow_by_path_fd(AT_FDCWD, d.c("f").as_ptr(), 0o622) },
            0
        );
        assert_eq!(mode_of(&p), 0o622);
        assert_eq!(
            unsafe { fchmodat(AT_FDCWD, d.c("f").as_ptr(), 0o600, 0x4000) },
            -1
        );
        assert_eq!(errno(), EINVAL);
        assert_eq!(unsafe { chmod(d.c("none").as_ptr(), 0o600) }, -1);
        assert_eq!(errno(), ENOENT);
    }

    #[test]
    fn umask_swaps() {
        let _g = process_state();
        let old = umask(0o27);
        assert_eq!(umask(old), 0o27);
    }
}
