//! `access`, `faccessat`, `euidaccess`, `eaccess`: permission checks by path.
use core::ffi::{c_char, c_int};

use limpet_syscall::errno::{EINVAL, ENOSYS};
use limpet_syscall::{nr, result, set_errno, syscall0, syscall3, syscall4};

use crate::abi::{AT_EACCESS, AT_FDCWD};
use crate::ret_int;

/// `faccessat(dirfd, path, mode, flags)`—Checks whether the caller may access `path` (relative
/// to `dirfd`) for `mode` (`F_OK` or a mask of `R_OK`, `W_OK`, `X_OK`). Returns 0 or -1 with
/// errno set. Flags (`AT_EACCESS`, `AT_SYMLINK_NOFOLLOW`, `AT_EMPTY_PATH`) need the kernel's
/// `faccessat2`; without it `AT_EACCESS` alone is still honoured when the effective and real
/// IDs agree, since the check is then the same.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn faccessat(
    dirfd: c_int,
    path: *const c_char,
    mode: c_int,
    flags: c_int,
) -> c_int {
    // The original faccessat syscall has no flags argument at all.
    if flags == 0 {
        // SAFETY: the kernel validates the path pointer.
        return ret_int(unsafe {
            syscall3(nr::FACCESSAT, dirfd as usize, path as usize, mode as usize)
        });
    }
    // SAFETY: as above.
    let r = unsafe {
        syscall4(
            nr::FACCESSAT2,
            dirfd as usize,
            path as usize,
            mode as usize,
            flags as usize,
        )
    };
    if result(r) != Err(ENOSYS) {
        return ret_int(r);
    }
    if flags & !AT_EACCESS != 0 {
        set_errno(EINVAL);
        return -1;
    }
    // SAFETY: the ID getters take no arguments.
    let same_ids = unsafe {
        syscall0(nr::GETUID) == syscall0(nr::GETEUID)
            && syscall0(nr::GETGID) == syscall0(nr::GETEGID)
    };
    if !same_ids {
        set_errno(ENOSYS);
        return -1;
    }
    // SAFETY: as above.
    ret_int(unsafe { syscall3(nr::FACCESSAT, dirfd as usize, path as usize, mode as usize) })
}

/// `access(path, mode)`—Checks the caller's real IDs' access to `path`; 0 or -1 with errno.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn access(path: *const c_char, mode: c_int) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { faccessat(AT_FDCWD, path, mode, 0) }
}

/// `euidaccess(path, mode)`—`access` checked with the effective rather than the real IDs.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn euidaccess(path: *const c_char, mode: c_int) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { faccessat(AT_FDCWD, path, mode, AT_EACCESS) }
}

/// `eaccess(path, mode)`—Another name for `euidaccess`.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn eaccess(path: *const c_char, mode: c_int) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { euidaccess(path, mode) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::errno::ENOENT;

    const R_OK: c_int = 4;
    const W_OK: c_int = 2;
    const X_OK: c_int = 1;

    #[test]
    fn checks_permissions_and_existence() {
        let d = TempDir::new();
        std::fs::write(d.path().join("f"), b"x").unwrap();
        let f = d.c("f");
        assert_eq!(unsafe { access(f.as_ptr(), 0) }, 0);
        assert_eq!(unsafe { access(f.as_ptr(), R_OK | W_OK) }, 0);
        // root may write anything, but X_OK still needs an execute bit somewhere.
        assert_eq!(unsafe { access(f.as_ptr(), X_OK) }, -1);
        assert_eq!(errno(), limpet_syscall::errno::EACCES);
        assert_eq!(unsafe { access(d.c("missing").as_ptr(), 0) }, -1);
        assert_eq!(errno(), ENOENT);
        assert_eq!(
            unsafe { faccessat(AT_FDCWD, f.as_ptr(), R_OK, AT_EACCESS) },
            0
        );
        assert_eq!(unsafe { euidaccess(f.as_ptr(), R_OK) }, 0);
        assert_eq!(unsafe { eaccess(d.c("missing").as_ptr(), R_OK) }, -1);
        assert_eq!(errno(), ENOENT);
        assert_eq!(
            unsafe { faccessat(AT_FDCWD, f.as_ptr(), R_OK, 0x4000_0000) },
            -1
        );
        assert_eq!(errno(), EINVAL);
    }
}
