//! POSIX shared memory objects: `shm_open`, `shm_unlink`, as files in `/dev/shm`.
use core::ffi::{c_char, c_int, c_uint};

use limpet_abi::fcntl::{O_CLOEXEC, O_NOFOLLOW};
use limpet_abi::limits::NAME_MAX;
use limpet_syscall::errno::{EINVAL, ENAMETOOLONG};
use limpet_syscall::{nr, result, set_errno, syscall3, syscall4};

const DIR: &[u8] = b"/dev/shm/";
/// `O_NONBLOCK`: opening a FIFO someone left in /dev/shm must not hang.
const O_NONBLOCK: c_int = limpet_abi::fcntl::O_NONBLOCK;

/// The path in /dev/shm of the object `name`, NUL-terminated in `buf`: leading slashes
/// dropped, then one component, not empty, "." or "..", at most `NAME_MAX` bytes. The
/// errno otherwise: EINVAL, or ENAMETOOLONG.
///
/// # Safety
/// `name` must be a NUL-terminated string.
unsafe fn path_of(name: *const c_char, buf: &mut [u8; DIR.len() + NAME_MAX + 1]) -> Result<(), c_int> {
    // SAFETY: the caller's NUL-terminated string.
    let mut s = unsafe { core::ffi::CStr::from_ptr(name) }.to_bytes();
    while let [b'/', rest @ ..] = s {
        s = rest;
    }
    if s.is_empty() || s.contains(&b'/') || s == b"." || s == b".." {
        return Err(EINVAL);
    }
    if s.len() > NAME_MAX {
        return Err(ENAMETOOLONG);
    }
    buf[..DIR.len()].copy_from_slice(DIR);
    buf[DIR.len()..DIR.len() + s.len()].copy_from_slice(s);
    buf[DIR.len() + s.len()] = 0;
    Ok(())
}

/// `shm_open(name, flags, mode)`—Opens (with `O_CREAT`, creates) the shared memory object
/// `name`, `/dev/shm/NAME`, close-on-exec and not following a symbolic link; the
/// descriptor, or -1 with errno (EINVAL or ENAMETOOLONG for a bad name, and `open`'s).
/// Not a cancellation point.
///
/// # Safety
/// `name` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn shm_open(name: *const c_char, flags: c_int, mode: c_uint) -> c_int {
    use limpet_abi::fcntl::AT_FDCWD;
    let mut buf = [0u8; DIR.len() + NAME_MAX + 1];
    // SAFETY: the caller's string.
    if let Err(e) = unsafe { path_of(name, &mut buf) } {
        set_errno(e);
        return -1;
    }
    let flags = flags | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK;
    // SAFETY: `buf` holds a NUL-terminated path.
    match result(unsafe { syscall4(nr::OPENAT, AT_FDCWD as usize, buf.as_ptr() as usize, flags as usize, mode as usize) }) {
        Ok(fd) => fd as c_int,
        Err(e) => {
            set_errno(e);
            -1
        }
    }
}

/// `shm_unlink(name)`—Removes the shared memory object `name`; mappings and descriptors
/// already made keep it alive. 0, or -1 with errno.
///
/// # Safety
/// `name` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn shm_unlink(name: *const c_char) -> c_int {
    use limpet_abi::fcntl::AT_FDCWD;
    let mut buf = [0u8; DIR.len() + NAME_MAX + 1];
    // SAFETY: the caller's string.
    if let Err(e) = unsafe { path_of(name, &mut buf) } {
        set_errno(e);
        return -1;
    }
    // SAFETY: `buf` holds a NUL-terminated path.
    crate::ret_int(unsafe { syscall3(nr::UNLINKAT, AT_FDCWD as usize, buf.as_ptr() as usize, 0) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_abi::fcntl::{O_CREAT, O_EXCL, O_RDWR};
    use limpet_syscall::errno;
    use limpet_syscall::errno::{EEXIST, ENOENT};
    use std::ffi::CString;

    #[test]
    fn objects_live_in_dev_shm() {
        let name = CString::new(format!("/limpet-shm-{}", std::process::id())).unwrap();
        // SAFETY: NUL-terminated names throughout.
        unsafe {
            let fd = shm_open(name.as_ptr(), O_CREAT | O_EXCL | O_RDWR, 0o600);
            assert!(fd >= 0, "errno {}", errno());
            assert_eq!(shm_open(name.as_ptr(), O_CREAT | O_EXCL | O_RDWR, 0o600), -1);
            assert_eq!(errno(), EEXIST);
            assert!(std::path::Path::new(&format!("/dev/shm/limpet-shm-{}", std::process::id())).exists());
            limpet_syscall::unistd::close(fd);
            assert_eq!(shm_unlink(name.as_ptr()), 0);
            assert_eq!(shm_unlink(name.as_ptr()), -1);
            assert_eq!(errno(), ENOENT);
        }
    }

    #[test]
    fn bad_names() {
        let long = CString::new(format!("/{}", "x".repeat(NAME_MAX + 1))).unwrap();
        for (name, e) in [(c"/", EINVAL), (c"", EINVAL), (c"/a/b", EINVAL), (c"/..", EINVAL), (c".", EINVAL)] {
            // SAFETY: NUL-terminated names.
            assert_eq!(unsafe { shm_open(name.as_ptr(), O_RDWR, 0) }, -1, "{name:?}");
            assert_eq!(errno(), e);
            assert_eq!(unsafe { shm_unlink(name.as_ptr()) }, -1);
        }
        assert_eq!(unsafe { shm_open(long.as_ptr(), O_RDWR, 0) }, -1);
        assert_eq!(errno(), ENAMETOOLONG);
    }
}
