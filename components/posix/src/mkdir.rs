//! `mkdir` and `mkdirat`.
use core::ffi::{c_char, c_int};

use limpet_syscall::{nr, syscall3};

use crate::abi::AT_FDCWD;
use crate::ret_int;

/// `mkdirat(dirfd, path, mode)`—Creates the directory `path` with `mode` less the umask;
/// 0 or -1 with errno.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mkdirat(dirfd: c_int, path: *const c_char, mode: u32) -> c_int {
    // SAFETY: the kernel validates the path pointer.
    ret_int(unsafe { syscall3(nr::MKDIRAT, dirfd as usize, path as usize, mode as usize) })
}

/// `mkdir(path, mode)`—`mkdirat` relative to the working directory.
///
/// # Safety
/// As for `mkdirat`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mkdir(path: *const c_char, mode: u32) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { mkdirat(AT_FDCWD, path, mode) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::errno::{EEXIST, ENOENT, ENOTDIR};

    #[test]
    fn creates_and_reports_errors() {
        let d = TempDir::new();
        assert_eq!(unsafe { mkdir(d.c("a").as_ptr(), 0o755) }, 0);
        assert!(d.path().join("a").is_dir());
        assert_eq!(unsafe { mkdir(d.c("a").as_ptr(), 0o755) }, -1);
        assert_eq!(errno(), EEXIST);
        assert_eq!(unsafe { mkdir(d.c("x/y").as_ptr(), 0o755) }, -1);
        assert_eq!(errno(), ENOENT);
        std::fs::write(d.path().join("f"), b"").unwrap();
        assert_eq!(unsafe { mkdirat(AT_FDCWD, d.c("f/y").as_ptr(), 0o755) }, -1);
        assert_eq!(errno(), ENOTDIR);
    }
}
