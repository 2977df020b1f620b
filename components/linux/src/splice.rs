//! Moving data between descriptors through pipes without copying it to user space:
//! `splice`, `tee`, `vmsplice`.
use core::ffi::{c_int, c_uint};

use limpet_abi::uio::Iovec;
use limpet_syscall::{nr, ret_errno, syscall4, syscall6};

/// `splice(in, in_off, out, out_off, len, flags)`—Moves up to `len` bytes from `in` to
/// `out`, one of which must be a pipe; a non-null offset is used and advanced instead of
/// the file position. The bytes moved, 0 at end of input, or -1 with errno.
///
/// # Safety
/// `in_off` and `out_off` must be null or point to writable `loff_t`s.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn splice(fd_in: c_int, in_off: *mut i64, fd_out: c_int, out_off: *mut i64, len: usize, flags: c_uint) -> isize {
    // SAFETY: the caller vouches for the offsets.
    ret_errno(unsafe {
        syscall6(nr::SPLICE, fd_in as usize, in_off as usize, fd_out as usize, out_off as usize, len, flags as usize)
    })
}

/// `tee(in, out, len, flags)`—Copies up to `len` bytes from the pipe `in` to the pipe
/// `out` without consuming them; the bytes copied, or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tee(fd_in: c_int, fd_out: c_int, len: usize, flags: c_uint) -> isize {
    // SAFETY: tee takes no pointer.
    ret_errno(unsafe { syscall4(nr::TEE, fd_in as usize, fd_out as usize, len, flags as usize) })
}

/// `vmsplice(fd, iov, n, flags)`—Maps or copies the user buffers `iov` into the pipe `fd`
/// (or, on its read end, out of it); the bytes moved, or -1 with errno.
///
/// # Safety
/// `iov` must point to `n` valid buffer descriptors; with `SPLICE_F_GIFT` the pages must no
/// longer be changed by the caller.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vmsplice(fd: c_int, iov: *const Iovec, n: usize, flags: c_uint) -> isize {
    // SAFETY: the caller vouches for the vector.
    ret_errno(unsafe { syscall4(nr::VMSPLICE, fd as usize, iov as usize, n, flags as usize) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_syscall::errno;
    use limpet_syscall::errno::EINVAL;
    use limpet_syscall::unistd::{close, read};

    fn pipe() -> [c_int; 2] {
        let mut p = [0; 2];
        // SAFETY: room for two descriptors.
        assert_eq!(unsafe { limpet_syscall::syscall2(limpet_syscall::nr::PIPE2, p.as_mut_ptr() as usize, 0) }, 0);
        p
    }

    #[test]
    fn data_moves_between_pipes() {
        let [a0, a1] = pipe();
        let [b0, b1] = pipe();
        let [c0, c1] = pipe();
        let msg = *b"through the kernel";
        let iov = Iovec { iov_base: msg.as_ptr() as *mut _, iov_len: msg.len() };
        // SAFETY: one descriptor of a live buffer.
        assert_eq!(unsafe { vmsplice(a1, &iov, 1, 0) }, msg.len() as isize);
        // tee copies without consuming; splice then moves.
        assert_eq!(tee(a0, b1, 100, 0), msg.len() as isize);
        assert_eq!(unsafe { splice(a0, core::ptr::null_mut(), c1, core::ptr::null_mut(), 100, 0) }, msg.len() as isize);
        let mut got = [0u8; 18];
        assert_eq!(unsafe { read(b0, got.as_mut_ptr().cast(), 18) }, 18);
        assert_eq!(got, msg);
        assert_eq!(unsafe { read(c0, got.as_mut_ptr().cast(), 18) }, 18);
        assert_eq!(got, msg);
        // Neither end a pipe.
        let f = unsafe { limpet_syscall::unistd::open(c"/dev/null".as_ptr(), limpet_abi::fcntl::O_RDWR, 0) };
        assert_eq!(unsafe { splice(f, core::ptr::null_mut(), f, core::ptr::null_mut(), 1, 0) }, -1);
        assert_eq!(errno(), EINVAL);
        for fd in [a0, a1, b0, b1, c0, c1, f] {
            close(fd);
        }
    }
}
