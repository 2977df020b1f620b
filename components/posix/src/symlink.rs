//! Symbolic links: `symlink`, `symlinkat`, `readlink`, `readlinkat`.
use core::ffi::{c_char, c_int};

use limpet_syscall::{nr, ret_errno, syscall3, syscall4};

use crate::abi::AT_FDCWD;
use crate::ret_int;

/// `symlinkat(target, dirfd, path)`—Creates `path` as a symbolic link holding `target`;
/// 0 or -1 with errno.
///
/// # Safety
/// `target` and `path` must be NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn symlinkat(
    target: *const c_char,
    dirfd: c_int,
    path: *const c_char,
) -> c_int {
    // SAFETY: the kernel validates the pointers.
    ret_int(unsafe {
        syscall3(
            nr::SYMLINKAT,
            target as usize,
            dirfd as usize,
            path as usize,
        )
    })
}

/// `symlink(target, path)`—`symlinkat` relative to the working directory.
///
/// # Safety
/// As for `symlinkat`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn symlink(target: *const c_char, path: *const c_char) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { symlinkat(target, AT_FDCWD, path) }
}

/// `readlinkat(dirfd, path, buf, size)`—Copies the contents of the symbolic link `path` into
/// `buf`, truncated to `size` bytes and not NUL-terminated; returns the number of bytes stored,
/// or -1 with errno. A zero `size` is accepted and stores nothing (returning 0 for a link),
/// where the kernel alone would say EINVAL.
///
/// # Safety
/// `path` must be NUL-terminated and `buf` valid for `size` bytes of writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn readlinkat(
    dirfd: c_int,
    path: *const c_char,
    buf: *mut c_char,
    size: usize,
) -> isize {
    let mut dummy = [0 as c_char; 1];
    let (dst, len) = if size == 0 {
        (dummy.as_mut_ptr(), 1)
    } else {
        (buf, size)
    };
    // SAFETY: `dst` is valid for `len` bytes: ours or the caller's.
    let r = ret_errno(unsafe {
        syscall4(
            nr::READLINKAT,
            dirfd as usize,
            path as usize,
            dst as usize,
            len,
        )
    });
    if size == 0 && r > 0 { 0 } else { r }
}

/// `readlink(path, buf, size)`—`readlinkat` relative to the working directory.
///
/// # Safety
/// As for `readlinkat`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn readlink(path: *const c_char, buf: *mut c_char, size: usize) -> isize {
    // SAFETY: forwarded contract.
    unsafe { readlinkat(AT_FDCWD, path, buf, size) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::errno::{EEXIST, EINVAL, ENOENT};

    #[test]
    fn create_and_read_back() {
        let d = TempDir::new();
        assert_eq!(
            unsafe { symlink(c"some/target".as_ptr(), d.c("l").as_ptr()) },
            0
        );
        assert_eq!(unsafe { symlink(c"x".as_ptr(), d.c("l").as_ptr()) }, -1);
        assert_eq!(errno(), EEXIST);
        let mut buf = [b'#' as c_char; 32];
        assert_eq!(
            unsafe { readlink(d.c("l").as_ptr(), buf.as_mut_ptr(), 32) },
            11
        );
        assert_eq!(buf[11], b'#' as c_char);
        assert_eq!(
            unsafe { readlink(d.c("l").as_ptr(), buf.as_mut_ptr(), 4) },
            4
        );
        assert_eq!(
            unsafe { readlink(d.c("l").as_ptr(), buf.as_mut_ptr(), 0) },
            0
        );
        assert_eq!(
            unsafe { readlink(d.c("nope").as_ptr(), buf.as_mut_ptr(), 32) },
            -1
        );
        assert_eq!(errno(), ENOENT);
        std::fs::write(d.path().join("f"), b"").unwrap();
        assert_eq!(
            unsafe { readlink(d.c("f").as_ptr(), buf.as_mut_ptr(), 32) },
            -1
        );
        assert_eq!(errno(), EINVAL);
        assert_eq!(
            unsafe { symlinkat(c"t2".as_ptr(), AT_FDCWD, d.c("m").as_ptr()) },
            0
        );
        assert_eq!(
            std::fs::read_link(d.path().join("m")).unwrap(),
            std::path::Path::new("t2")
        );
    }
}
