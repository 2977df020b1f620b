//! Ownership: `chown`, `fchown`, `lchown`, `fchownat`.
use core::ffi::{c_char, c_int};

use limpet_syscall::errno::EBADF;
use limpet_syscall::{nr, result, syscall2, syscall3, syscall5};

use crate::abi::{AT_FDCWD, AT_SYMLINK_NOFOLLOW, F_GETFD};
use crate::procfd::ProcFdName;
use crate::ret_int;

/// `fchownat(dirfd, path, owner, group, flags)`—Sets the owner and group of `path`; -1 (as
/// `uid_t`/`gid_t`) leaves one unchanged. `AT_SYMLINK_NOFOLLOW` acts on a link itself,
/// `AT_EMPTY_PATH` on `dirfd`. 0 or -1 with errno.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fchownat(
    dirfd: c_int,
    path: *const c_char,
    owner: u32,
    group: u32,
    flags: c_int,
) -> c_int {
    // SAFETY: the kernel validates the path pointer.
    ret_int(unsafe {
        syscall5(
            nr::FCHOWNAT,
            dirfd as usize,
            path as usize,
            owner as usize,
            group as usize,
            flags as usize,
        )
    })
}

/// `chown(path, owner, group)`—`fchownat` following symbolic links.
///
/// # Safety
/// As for `fchownat`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn chown(path: *const c_char, owner: u32, group: u32) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { fchownat(AT_FDCWD, path, owner, group, 0) }
}

/// `lchown(path, owner, group)`—`fchownat` on a symbolic link itself.
///
/// # Safety
/// As for `fchownat`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn lchown(path: *const c_char, owner: u32, group: u32) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { fchownat(AT_FDCWD, path, owner, group, AT_SYMLINK_NOFOLLOW) }
}

/// `fchown(fd, owner, group)`—Sets the owner and group of the file open on `fd`; an `O_PATH`
/// descriptor, refused by the kernel's fchown, works through its `/proc/self/fd` name.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn fchown(fd: c_int, owner: u32, group: u32) -> c_int {
    // SAFETY: fchown takes no pointers.
    let r = unsafe { syscall3(nr::FCHOWN, fd as usize, owner as usize, group as usize) };
    // SAFETY: F_GETFD takes no pointer.
    if result(r) != Err(EBADF)
        || result(unsafe { syscall2(nr::FCNTL, fd as usize, F_GETFD as usize) }).is_err()
    {
        return ret_int(r);
    }
    let name = ProcFdName::new(fd);
    // SAFETY: `name` is NUL-terminated.
    unsafe { fchownat(AT_FDCWD, name.as_ptr(), owner, group, 0) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::O_PATH;
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::errno::ENOENT;
    use limpet_syscall::unistd::{close, openat};
    use std::os::unix::fs::MetadataExt;

    #[test]
    fn changes_owners() {
        let d = TempDir::new();
        let p = d.path().join("f");
        std::fs::write(&p, b"").unwrap();
        std::os::unix::fs::symlink("f", d.path().join("l")).unwrap();
        let m = std::fs::metadata(&p).unwrap();
        let (uid, gid) = (m.uid(), m.gid());
        // Setting the current owner is allowed for anyone who owns the file.
        assert_eq!(unsafe { chown(d.c("f").as_ptr(), uid, gid) }, 0);
        assert_eq!(unsafe { lchown(d.c("l").as_ptr(), uid, u32::MAX) }, 0);
        let f = std::fs::File::open(&p).unwrap();
        assert_eq!(
            fchown(std::os::fd::AsRawFd::as_raw_fd(&f), u32::MAX, gid),
            0
        );
        let pfd = unsafe { openat(AT_FDCWD, d.c("f").as_ptr(), O_PATH, 0) };
        assert_eq!(fchown(pfd, uid, gid), 0);
        close(pfd);
        assert_eq!(fchown(pfd, uid, gid), -1);
        assert_eq!(errno(), EBADF);
        assert_eq!(unsafe { chown(d.c("none").as_ptr(), uid, gid) }, -1);
        assert_eq!(errno(), ENOENT);
    }
}
