//! `flock`, and file handles: `name_to_handle_at`, `open_by_handle_at`.
use core::ffi::{c_char, c_int, c_void};

use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::{nr, syscall2, syscall5};

use crate::ret_int;

/// `flock(fd, op)`—Takes (`LOCK_SH`, `LOCK_EX`) or drops (`LOCK_UN`) an advisory lock on
/// the whole file, waiting unless `LOCK_NB`; 0, or -1 with errno (EWOULDBLOCK, EINTR,
/// EBADF, EINVAL).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn flock(fd: c_int, op: c_int) -> c_int {
    // SAFETY: flock takes no pointer.
    ret_int(unsafe { syscall2(nr::FLOCK, fd as usize, op as usize) })
}

/// `name_to_handle_at(dirfd, path, handle, mount_id, flags)`—Stores a persistent handle
/// for the file in `*handle` (whose `handle_bytes` says its room) and its mount's id; 0,
/// or -1 with errno (EOVERFLOW with the size needed in `handle_bytes`).
///
/// # Safety
/// `path` must be NUL-terminated; `handle` a `struct file_handle` with the room it says;
/// `mount_id` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn name_to_handle_at(
    dirfd: c_int,
    path: *const c_char,
    handle: *mut c_void,
    mount_id: *mut c_int,
    flags: c_int,
) -> c_int {
    // SAFETY: the caller vouches for the pointers.
    ret_int(unsafe {
        syscall5(nr::NAME_TO_HANDLE_AT, dirfd as usize, path as usize, handle as usize, mount_id as usize, flags as usize)
    })
}

/// `open_by_handle_at(mount_fd, handle, flags)`—Opens the file a handle names (needs
/// `CAP_DAC_READ_SEARCH`); the descriptor, or -1 with errno. A cancellation point, as
/// `open` is.
///
/// # Safety
/// `handle` must point to a valid `struct file_handle`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn open_by_handle_at(mount_fd: c_int, handle: *mut c_void, flags: c_int) -> c_int {
    // SAFETY: the caller vouches for `handle`.
    ret_int(unsafe { syscall_cp(nr::OPEN_BY_HANDLE_AT, mount_fd as usize, handle as usize, flags as usize, 0, 0, 0) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::errno::{EAGAIN, EINVAL};

    const LOCK_EX: c_int = 2;
    const LOCK_NB: c_int = 4;
    const LOCK_UN: c_int = 8;

    #[test]
    fn locks_conflict_between_open_files() {
        let d = TempDir::new();
        std::fs::write(d.path().join("f"), b"").unwrap();
        let a = std::fs::File::open(d.path().join("f")).unwrap();
        let b = std::fs::File::open(d.path().join("f")).unwrap();
        let (a, b) = (std::os::fd::AsRawFd::as_raw_fd(&a), std::os::fd::AsRawFd::as_raw_fd(&b));
        assert_eq!(flock(a, LOCK_EX), 0);
        assert_eq!(flock(b, LOCK_EX | LOCK_NB), -1);
        assert_eq!(errno(), EAGAIN);
        assert_eq!(flock(a, LOCK_UN), 0);
        assert_eq!(flock(b, LOCK_EX | LOCK_NB), 0);
        assert_eq!(flock(b, 0), -1);
        assert_eq!(errno(), EINVAL);
    }

    #[test]
    fn handles_name_files() {
        let d = TempDir::new();
        std::fs::write(d.path().join("f"), b"").unwrap();
        // struct file_handle: handle_bytes, handle_type, then up to 128 bytes.
        #[repr(C)]
        struct Handle {
            bytes: u32,
            kind: c_int,
            f_handle: [u8; 128],
        }
        let mut h = Handle { bytes: 128, kind: 0, f_handle: [0; 128] };
        let mut mount = 0;
        // SAFETY: a NUL-terminated path and a handle with the room it says.
        let r = unsafe { name_to_handle_at(-100, d.c("f").as_ptr(), (&raw mut h).cast(), &mut mount, 0) };
        if r != 0 {
            // A filesystem that cannot export handles.
            assert_eq!(errno(), limpet_syscall::errno::EOPNOTSUPP);
            return;
        }
        assert!(h.bytes > 0 && h.bytes <= 128);
    }
}
