//! `ioctl`.
use core::ffi::{c_int, c_ulong};

use limpet_syscall::{nr, syscall3};

use crate::ret_int;

/// `ioctl(fd, request, ...)`—Sends a device-specific `request` to the file open on `fd`,
/// with its optional argument (an integer or a pointer, taken as the named `unsigned long`
/// it travels as). Returns what the request returns, or -1 with errno (EBADF, ENOTTY for a
/// request the file does not know, EINVAL, EFAULT). musl declares `request` an `int`; only
/// its low 32 bits reach the kernel either way.
///
/// # Safety
/// `arg` must be what `request` expects: a pointer to the right object, or a value.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ioctl(fd: c_int, request: c_int, arg: c_ulong) -> c_int {
    // SAFETY: the caller vouches for `arg`.
    ret_int(unsafe { syscall3(nr::IOCTL, fd as usize, request as u32 as usize, arg as usize) })
}
