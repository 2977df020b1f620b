//! `fanotify_init`, `fanotify_mark`.
use core::ffi::{c_char, c_int, c_uint};

use limpet_syscall::{nr, syscall2, syscall5};

use crate::ret_int;

/// `fanotify_init(flags, event_flags)`—A new fanotify group (needs `CAP_SYS_ADMIN`);
/// `event_flags` are the open flags of the descriptors its events carry. The descriptor, or
/// -1 with errno (EPERM, EINVAL, EMFILE).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn fanotify_init(flags: c_uint, event_flags: c_uint) -> c_int {
    // SAFETY: fanotify_init takes no pointer.
    ret_int(unsafe { syscall2(nr::FANOTIFY_INIT, flags as usize, event_flags as usize) })
}

/// `fanotify_mark(fd, flags, mask, dirfd, path)`—Adds, removes or flushes the marks of the
/// group `fd` on the object `dirfd`/`path` (`path` may be null: then `dirfd` itself); 0, or
/// -1 with errno.
///
/// # Safety
/// `path` must be null or a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fanotify_mark(fd: c_int, flags: c_uint, mask: u64, dirfd: c_int, path: *const c_char) -> c_int {
    // SAFETY: the kernel reads the caller's string. On 64-bit targets the mask is one
    // argument.
    ret_int(unsafe { syscall5(nr::FANOTIFY_MARK, fd as usize, flags as usize, mask as usize, dirfd as usize, path as usize) })
}
