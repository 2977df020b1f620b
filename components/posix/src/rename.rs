//! `rename`, `renameat`, `renameat2`.
use core::ffi::{c_char, c_int, c_uint};

use limpet_syscall::{nr, syscall5};

use crate::abi::AT_FDCWD;
use crate::ret_int;

/// `renameat2(olddirfd, old, newdirfd, new, flags)`—Renames `old` to `new`, replacing `new`
/// unless `flags` says otherwise (`RENAME_NOREPLACE`, `RENAME_EXCHANGE`, `RENAME_WHITEOUT`);
/// 0 or -1 with errno.
///
/// # Safety
/// `old` and `new` must be NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn renameat2(
    olddirfd: c_int,
    old: *const c_char,
    newdirfd: c_int,
    new: *const c_char,
    flags: c_uint,
) -> c_int {
    // SAFETY: the kernel validates the path pointers.
    ret_int(unsafe {
        syscall5(
            nr::RENAMEAT2,
            olddirfd as usize,
            old as usize,
            newdirfd as usize,
            new as usize,
            flags as usize,
        )
    })
}

/// `renameat(olddirfd, old, newdirfd, new)`—`renameat2` without flags (riscv64 has no other
/// rename system call).
///
/// # Safety
/// As for `renameat2`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn renameat(
    olddirfd: c_int,
    old: *const c_char,
    newdirfd: c_int,
    new: *const c_char,
) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { renameat2(olddirfd, old, newdirfd, new, 0) }
}

/// `rename(old, new)`—`renameat` relative to the working directory.
///
/// # Safety
/// As for `renameat2`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn rename(old: *const c_char, new: *const c_char) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { renameat(AT_FDCWD, old, AT_FDCWD, new) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::errno::{EEXIST, EISDIR, ENOENT};

    const RENAME_NOREPLACE: c_uint = 1;

    #[test]
    fn renames_and_refuses() {
        let d = TempDir::new();
        std::fs::write(d.path().join("a"), b"1").unwrap();
        std::fs::write(d.path().join("b"), b"2").unwrap();
        assert_eq!(
            unsafe {
                renameat2(
                    AT_FDCWD,
                    d.c("a").as_ptr(),
                    AT_FDCWD,
                    d.c("b").as_ptr(),
                    RENAME_NOREPLACE,
                )
            },
            -1
        );
        assert_eq!(errno(), EEXIST);
        assert_eq!(unsafe { rename(d.c("a").as_ptr(), d.c("b").as_ptr()) }, 0);
        assert_eq!(std::fs::read(d.path().join("b")).unwrap(), b"1");
        assert_eq!(unsafe { rename(d.c("a").as_ptr(), d.c("c").as_ptr()) }, -1);
        assert_eq!(errno(), ENOENT);
        std::fs::create_dir(d.path().join("dir")).unwrap();
        assert_eq!(
            unsafe { renameat(AT_FDCWD, d.c("b").as_ptr(), AT_FDCWD, d.c("dir").as_ptr()) },
            -1
        );
        assert_eq!(errno(), EISDIR);
    }
}
