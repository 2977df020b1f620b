//! Special files: `mknod`, `mknodat`, `mkfifo`, `mkfifoat`.
use core::ffi::{c_char, c_int};

use limpet_syscall::{nr, syscall4};

use crate::abi::{AT_FDCWD, S_IFIFO};
use crate::ret_int;

/// `mknodat(dirfd, path, mode, dev)`—Creates a file of the type in `mode` (regular, FIFO,
/// socket, or, with privilege, a device numbered `dev`); 0 or -1 with errno.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mknodat(dirfd: c_int, path: *const c_char, mode: u32, dev: u64) -> c_int {
    // The kernel's device number is an unsigned int: the old 32-bit encoding of dev_t.
    // SAFETY: the kernel validates the path pointer.
    ret_int(unsafe {
        syscall4(
            nr::MKNODAT,
            dirfd as usize,
            path as usize,
            mode as usize,
            dev as u32 as usize,
        )
    })
}

/// `mknod(path, mode, dev)`—`mknodat` relative to the working directory.
///
/// # Safety
/// As for `mknodat`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mknod(path: *const c_char, mode: u32, dev: u64) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { mknodat(AT_FDCWD, path, mode, dev) }
}

/// `mkfifoat(dirfd, path, mode)`—Creates a FIFO; 0 or -1 with errno.
///
/// # Safety
/// As for `mknodat`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mkfifoat(dirfd: c_int, path: *const c_char, mode: u32) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { mknodat(dirfd, path, mode | S_IFIFO, 0) }
}

/// `mkfifo(path, mode)`—`mkfifoat` relative to the working directory.
///
/// # Safety
/// As for `mknodat`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mkfifo(path: *const c_char, mode: u32) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { mkfifoat(AT_FDCWD, path, mode) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use std::os::unix::fs::FileTypeExt;

    #[test]
    fn makes_fifos_and_regular_files() {
        let d = TempDir::new();
        assert_eq!(unsafe { mkfifo(d.c("p").as_ptr(), 0o600) }, 0);
        assert!(
            std::fs::metadata(d.path().join("p"))
                .unwrap()
                .file_type()
                .is_fifo()
        );
        assert_eq!(unsafe { mknod(d.c("r").as_ptr(), 0o100600, 0) }, 0);
        assert!(d.path().join("r").is_file());
        assert_eq!(unsafe { mkfifo(d.c("p").as_ptr(), 0o600) }, -1);
        assert_eq!(errno(), limpet_syscall::errno::EEXIST);
    }
}
