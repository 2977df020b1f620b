//! Names: `link`, `linkat`, `unlink`, `unlinkat`, `rmdir`.
use core::ffi::{c_char, c_int};

use limpet_syscall::{nr, syscall3, syscall5};

use crate::abi::{AT_FDCWD, AT_REMOVEDIR};
use crate::ret_int;

/// `linkat(olddirfd, old, newdirfd, new, flags)`—Gives the file `old` the extra name `new`;
/// `AT_SYMLINK_FOLLOW` links what a symbolic link `old` points to. 0 or -1 with errno.
///
/// # Safety
/// `old` and `new` must be NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn linkat(
    olddirfd: c_int,
    old: *const c_char,
    newdirfd: c_int,
    new: *const c_char,
    flags: c_int,
) -> c_int {
    // SAFETY: the kernel validates the path pointers.
    ret_int(unsafe {
        syscall5(
            nr::LINKAT,
            olddirfd as usize,
            old as usize,
            newdirfd as usize,
            new as usize,
            flags as usize,
        )
    })
}

/// `link(old, new)`—`linkat` from the working directory, not following a final symbolic link.
///
/// # Safety
/// As for `linkat`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn link(old: *const c_char, new: *const c_char) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { linkat(AT_FDCWD, old, AT_FDCWD, new, 0) }
}

/// `unlinkat(dirfd, path, flags)`—Removes the name `path`; with `AT_REMOVEDIR` it removes an
/// empty directory instead. 0 or -1 with errno.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn unlinkat(dirfd: c_int, path: *const c_char, flags: c_int) -> c_int {
    // SAFETY: the kernel validates the path pointer.
    ret_int(unsafe { syscall3(nr::UNLINKAT, dirfd as usize, path as usize, flags as usize) })
}

/// `unlink(path)`—Removes a name that is not a directory.
///
/// # Safety
/// As for `unlinkat`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn unlink(path: *const c_char) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { unlinkat(AT_FDCWD, path, 0) }
}

/// `rmdir(path)`—Removes an empty directory.
///
/// # Safety
/// As for `unlinkat`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn rmdir(path: *const c_char) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { unlinkat(AT_FDCWD, path, AT_REMOVEDIR) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::errno::{EEXIST, EISDIR, ENOENT, ENOTDIR, ENOTEMPTY};

    #[test]
    fn link_unlink_rmdir() {
        let d = TempDir::new();
        std::fs::write(d.path().join("a"), b"x").unwrap();
        std::fs::create_dir(d.path().join("dir")).unwrap();
        assert_eq!(unsafe { link(d.c("a").as_ptr(), d.c("b").as_ptr()) }, 0);
        assert_eq!(std::fs::read(d.path().join("b")).unwrap(), b"x");
        assert_eq!(unsafe { link(d.c("a").as_ptr(), d.c("b").as_ptr()) }, -1);
        assert_eq!(errno(), EEXIST);
        assert_eq!(unsafe { unlink(d.c("a").as_ptr()) }, 0);
        assert_eq!(unsafe { unlink(d.c("a").as_ptr()) }, -1);
        assert_eq!(errno(), ENOENT);
        assert_eq!(unsafe { unlink(d.c("dir").as_ptr()) }, -1);
        assert_eq!(errno(), EISDIR);
        assert_eq!(unsafe { rmdir(d.c("b").as_ptr()) }, -1);
        assert_eq!(errno(), ENOTDIR);
        std::fs::write(d.path().join("dir/f"), b"").unwrap();
        assert_eq!(unsafe { rmdir(d.c("dir").as_ptr()) }, -1);
        assert_eq!(errno(), ENOTEMPTY);
        assert_eq!(unsafe { unlinkat(AT_FDCWD, d.c("dir/f").as_ptr(), 0) }, 0);
        assert_eq!(unsafe { rmdir(d.c("dir").as_ptr()) }, 0);
        assert!(!d.path().join("dir").exists());
    }
}
