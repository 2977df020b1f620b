//! `eventfd`, `eventfd_read`, `eventfd_write`.
use core::ffi::{c_int, c_uint};

use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::{nr, ret_errno, syscall2};

use crate::ret_int;

/// The counter's type, `eventfd_t`.
pub type EventfdT = u64;

/// `eventfd(initval, flags)`—A descriptor over a 64-bit counter that starts at `initval`
/// (`EFD_CLOEXEC`, `EFD_NONBLOCK`, `EFD_SEMAPHORE`); or -1 with errno (EINVAL, EMFILE).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn eventfd(initval: c_uint, flags: c_int) -> c_int {
    // SAFETY: eventfd2 takes no pointer.
    ret_int(unsafe { syscall2(nr::EVENTFD2, initval as usize, flags as usize) })
}

/// `eventfd_read(fd, value)`—Reads the counter into `*value` (resetting it, or taking 1 in
/// semaphore mode); 0, or -1 with errno (EAGAIN when it is 0 and `fd` does not block). A
/// cancellation point, as `read` is.
///
/// # Safety
/// `value` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn eventfd_read(fd: c_int, value: *mut EventfdT) -> c_int {
    const SIZE: usize = core::mem::size_of::<EventfdT>();
    // SAFETY: the caller vouches for `value`'s eight bytes.
    let r = ret_errno(unsafe { syscall_cp(nr::READ, fd as usize, value as usize, SIZE, 0, 0, 0) });
    if r == SIZE as isize { 0 } else { -1 }
}

/// `eventfd_write(fd, value)`—Adds `value` to the counter; 0, or -1 with errno (EAGAIN
/// when it would pass 2^64 - 2 and `fd` does not block, EINVAL for 2^64 - 1). A cancellation
/// point, as `write` is.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn eventfd_write(fd: c_int, value: EventfdT) -> c_int {
    const SIZE: usize = core::mem::size_of::<EventfdT>();
    // SAFETY: eight bytes from a local.
    let r = ret_errno(unsafe { syscall_cp(nr::WRITE, fd as usize, &raw const value as usize, SIZE, 0, 0, 0) });
    if r == SIZE as isize { 0 } else { -1 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_abi::fdevent::{EFD_NONBLOCK, EFD_SEMAPHORE};
    use limpet_syscall::errno;
    use limpet_syscall::errno::{EAGAIN, EINVAL};

    #[test]
    fn counter_and_semaphore() {
        let fd = eventfd(3, EFD_NONBLOCK);
        assert!(fd >= 0);
        let mut v = 0;
        // SAFETY: `v` is a u64.
        assert_eq!(unsafe { eventfd_read(fd, &mut v) }, 0);
        assert_eq!(v, 3);
        assert_eq!(unsafe { eventfd_read(fd, &mut v) }, -1);
        assert_eq!(errno(), EAGAIN);
        assert_eq!(eventfd_write(fd, 5), 0);
        assert_eq!(eventfd_write(fd, 6), 0);
        assert_eq!(unsafe { eventfd_read(fd, &mut v) }, 0);
        assert_eq!(v, 11);
        assert_eq!(eventfd_write(fd, u64::MAX), -1);
        assert_eq!(errno(), EINVAL);
        limpet_syscall::unistd::close(fd);
        let sem = eventfd(2, EFD_SEMAPHORE | EFD_NONBLOCK);
        for _ in 0..2 {
            assert_eq!(unsafe { eventfd_read(sem, &mut v) }, 0);
            assert_eq!(v, 1);
        }
        assert_eq!(unsafe { eventfd_read(sem, &mut v) }, -1);
        limpet_syscall::unistd::close(sem);
        assert_eq!(eventfd(0, 0x7fff_0000), -1);
        assert_eq!(errno(), EINVAL);
    }
}
