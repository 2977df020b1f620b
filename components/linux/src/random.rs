//! `<sys/random.h>`: `getrandom`, `getentropy`.
use core::ffi::{c_int, c_uint, c_void};

use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::errno::{EINTR, EIO};
use limpet_syscall::{nr, result, ret_errno, set_errno, syscall3};

/// The most `getentropy` gives in one call.
const ENTROPY_MAX: usize = 256;

/// `getrandom(buf, len, flags)`—Fills up to `len` bytes of `buf` from the kernel's random
/// source (`GRND_NONBLOCK`, `GRND_RANDOM`, `GRND_INSECURE`); how many, or -1 with errno
/// (EAGAIN, EINTR, EFAULT, EINVAL). A cancellation point.
///
/// # Safety
/// `buf` must be writable for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getrandom(buf: *mut c_void, len: usize, flags: c_uint) -> isize {
    // SAFETY: the caller vouches for `buf`.
    ret_errno(unsafe { syscall_cp(nr::GETRANDOM, buf as usize, len, flags as usize, 0, 0, 0) })
}

/// `getentropy(buf, len)`—Fills all `len` bytes of `buf` (at most 256) with random bytes,
/// waiting for the kernel's pool if it is not ready and retrying interrupted calls; 0, or -1
/// with errno (EIO past 256 bytes, EFAULT). Not a cancellation point.
///
/// # Safety
/// `buf` must be writable for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getentropy(buf: *mut c_void, len: usize) -> c_int {
    if len > ENTROPY_MAX {
        set_errno(EIO);
        return -1;
    }
    let mut done = 0;
    while done < len {
        // SAFETY: `buf + done` is writable for the `len - done` bytes left.
        match result(unsafe { syscall3(nr::GETRANDOM, buf as usize + done, len - done, 0) }) {
            Ok(n) => done += n,
            Err(EINTR) => {}
            Err(e) => {
                set_errno(e);
                return -1;
            }
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_syscall::errno;
    use limpet_syscall::errno::EFAULT;

    #[test]
    fn bytes_arrive_and_limits_hold() {
        let mut a = [0u8; 64];
        let mut b = [0u8; 64];
        // SAFETY: 64-byte buffers.
        unsafe {
            assert_eq!(getrandom(a.as_mut_ptr().cast(), 64, 0), 64);
            assert_eq!(getentropy(b.as_mut_ptr().cast(), 64), 0);
        }
        assert_ne!(a, [0; 64]);
        assert_ne!(a, b);
        let mut big = [0u8; 257];
        assert_eq!(unsafe { getentropy(big.as_mut_ptr().cast(), 257) }, -1);
        assert_eq!(errno(), EIO);
        assert_eq!(unsafe { getentropy(big.as_mut_ptr().cast(), 256) }, 0);
        assert_eq!(unsafe { getrandom(8 as *mut c_void, 16, 0) }, -1);
        assert_eq!(errno(), EFAULT);
        assert_eq!(unsafe { getrandom(a.as_mut_ptr().cast(), 1, 0x8000) }, -1);
    }
}
