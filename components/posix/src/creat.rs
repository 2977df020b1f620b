//! `creat`.
use core::ffi::{c_char, c_int};

use limpet_syscall::unistd::open;

use crate::abi::{O_CREAT, O_TRUNC, O_WRONLY};

/// `creat(path, mode)`—Creates or truncates `path` and opens it for writing: `open` with
/// `O_CREAT | O_WRONLY | O_TRUNC`. The descriptor, or -1 with errno.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn creat(path: *const c_char, mode: u32) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { open(path, O_CREAT | O_WRONLY | O_TRUNC, mode) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::unistd::{close, write};

    #[test]
    fn creates_and_truncates() {
        let d = TempDir::new();
        std::fs::write(d.path().join("f"), b"old contents").unwrap();
        let fd = unsafe { creat(d.c("f").as_ptr(), 0o600) };
        assert!(fd >= 0);
        assert_eq!(unsafe { write(fd, b"new".as_ptr().cast(), 3) }, 3);
        close(fd);
        assert_eq!(std::fs::read(d.path().join("f")).unwrap(), b"new");
        assert_eq!(unsafe { creat(d.c("no/f").as_ptr(), 0o600) }, -1);
        assert_eq!(errno(), limpet_syscall::errno::ENOENT);
    }
}
