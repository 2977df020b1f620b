//! Positioned and scatter/gather I/O: `pread`, `pwrite`, `readv`, `writev`, `preadv`, `pwritev`.
//! Each is a cancellation point (`limpet_syscall::cancel`).
use core::ffi::{c_int, c_void};

use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::{nr, ret_errno};

use crate::abi::Iovec;

/// `pread(fd, buf, count, offset)`—Reads up to `count` bytes at `offset` without moving the
/// file offset; the number read, or -1 with errno.
///
/// # Safety
/// `buf` must be valid for `count` bytes of writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pread(fd: c_int, buf: *mut c_void, count: usize, offset: i64) -> isize {
    // SAFETY: the caller vouches for the buffer.
    ret_errno(unsafe { syscall_cp(nr::PREAD64, fd as usize, buf as usize, count, offset as usize, 0, 0) })
}

/// `pwrite(fd, buf, count, offset)`—Writes up to `count` bytes at `offset` without moving the
/// file offset; the number written, or -1 with errno.
///
/// # Safety
/// `buf` must be valid for `count` bytes of reads.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pwrite(fd: c_int, buf: *const c_void, count: usize, offset: i64) -> isize {
    // SAFETY: the caller vouches for the buffer.
    ret_errno(unsafe { syscall_cp(nr::PWRITE64, fd as usize, buf as usize, count, offset as usize, 0, 0) })
}

/// `readv(fd, iov, iovcnt)`—Reads into `iovcnt` buffers in turn; the total read, or -1 with
/// errno.
///
/// # Safety
/// `iov` must point to `iovcnt` descriptors of writable buffers.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn readv(fd: c_int, iov: *const Iovec, iovcnt: c_int) -> isize {
    // SAFETY: the caller vouches for the vector.
    ret_errno(unsafe { syscall_cp(nr::READV, fd as usize, iov as usize, iovcnt as usize, 0, 0, 0) })
}

/// `writev(fd, iov, iovcnt)`—Writes `iovcnt` buffers in turn; the total written, or -1 with
/// errno.
///
/// # Safety
/// `iov` must point to `iovcnt` descriptors of readable buffers.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn writev(fd: c_int, iov: *const Iovec, iovcnt: c_int) -> isize {
    // SAFETY: the caller vouches for the vector.
    ret_errno(unsafe { syscall_cp(nr::WRITEV, fd as usize, iov as usize, iovcnt as usize, 0, 0, 0) })
}

/// The kernel takes a vectored-I/O offset as two halves (low, high) so that 32-bit ABIs can
/// pass 64 bits; a 64-bit kernel reassembles them with a shift that drops the high word.
fn offset_halves(offset: i64) -> (usize, usize) {
    (offset as usize, ((offset as u64) >> 32) as usize)
}

/// `preadv(fd, iov, iovcnt, offset)`—`readv` at `offset`, leaving the file offset alone.
///
/// # Safety
/// As for `readv`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn preadv(fd: c_int, iov: *const Iovec, iovcnt: c_int, offset: i64) -> isize {
    let (lo, hi) = offset_halves(offset);
    // SAFETY: the caller vouches for the vector.
    ret_errno(unsafe { syscall_cp(nr::PREADV, fd as usize, iov as usize, iovcnt as usize, lo, hi, 0) })
}

/// `preadv2(fd, iov, iovcnt, offset, flags)`—`preadv` with per-call flags (`RWF_NOWAIT`,
/// `RWF_HIPRI`, ...); an `offset` of -1 reads at the file offset and advances it. A
/// cancellation point.
///
/// # Safety
/// As for `readv`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn preadv2(fd: c_int, iov: *const Iovec, iovcnt: c_int, offset: i64, flags: c_int) -> isize {
    let (lo, hi) = offset_halves(offset);
    // SAFETY: the caller vouches for the vector.
    ret_errno(unsafe { syscall_cp(nr::PREADV2, fd as usize, iov as usize, iovcnt as usize, lo, hi, flags as usize) })
}

/// `pwritev2(fd, iov, iovcnt, offset, flags)`—`pwritev` with per-call flags (`RWF_DSYNC`,
/// `RWF_APPEND`, ...); an `offset` of -1 writes at the file offset. A cancellation point.
///
/// # Safety
/// As for `writev`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pwritev2(fd: c_int, iov: *const Iovec, iovcnt: c_int, offset: i64, flags: c_int) -> isize {
    let (lo, hi) = offset_halves(offset);
    // SAFETY: the caller vouches for the vector.
    ret_errno(unsafe { syscall_cp(nr::PWRITEV2, fd as usize, iov as usize, iovcnt as usize, lo, hi, flags as usize) })
}

/// `pwritev(fd, iov, iovcnt, offset)`—`writev` at `offset`, leaving the file offset alone.
///
/// # Safety
/// As for `writev`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pwritev(fd: c_int, iov: *const Iovec, iovcnt: c_int, offset: i64) -> isize {
    let (lo, hi) = offset_halves(offset);
    // SAFETY: the caller vouches for the vector.
    ret_errno(unsafe { syscall_cp(nr::PWRITEV, fd as usize, iov as usize, iovcnt as usize, lo, hi, 0) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::unistd::{close, lseek, open};

    #[test]
    fn positioned_and_vectored_roundtrip() {
        let d = TempDir::new();
        let fd = unsafe { open(d.c("f").as_ptr(), 0o102, 0o600) };
        assert!(fd >= 0);
        assert_eq!(unsafe { pwrite(fd, b"0123456789".as_ptr().cast(), 10, 0) }, 10);
        assert_eq!(lseek(fd, 0, 1), 0);
        let mut b = [0u8; 4];
        assert_eq!(unsafe { pread(fd, b.as_mut_ptr().cast(), 4, 3) }, 4);
        assert_eq!(&b, b"3456");
        let mut x = *b"ab";
        let mut y = *b"cde";
        let iov = [
            Iovec { iov_base: x.as_mut_ptr().cast(), iov_len: 2 },
            Iovec { iov_base: y.as_mut_ptr().cast(), iov_len: 3 },
        ];
        assert_eq!(unsafe { writev(fd, iov.as_ptr(), 2) }, 5);
        assert_eq!(unsafe { pwritev(fd, iov.as_ptr(), 2, 8) }, 5);
        assert_eq!(std::fs::read(d.path().join("f")).unwrap(), b"abcde567abcde");
        x = [0; 2];
        y = [0; 3];
        let iov = [
            Iovec { iov_base: x.as_mut_ptr().cast(), iov_len: 2 },
            Iovec { iov_base: y.as_mut_ptr().cast(), iov_len: 3 },
        ];
        assert_eq!(unsafe { preadv(fd, iov.as_ptr(), 2, 4) }, 5);
        assert_eq!((&x, &y), (b"e5", b"67a"));
        assert_eq!(lseek(fd, 0, 0), 0);
        assert_eq!(unsafe { readv(fd, iov.as_ptr(), 2) }, 5);
        assert_eq!((&x, &y), (b"ab", b"cde"));
        assert_eq!(unsafe { pread(fd, b.as_mut_ptr().cast(), 4, -1) }, -1);
        assert_eq!(errno(), limpet_syscall::errno::EINVAL);
        close(fd);
        assert_eq!(unsafe { readv(fd, iov.as_ptr(), 2) }, -1);
        assert_eq!(errno(), limpet_syscall::errno::EBADF);
    }

    #[test]
    fn the_v2_calls_take_flags_and_the_current_offset() {
        const RWF_BAD: c_int = 0x4000_0000;
        let d = TempDir::new();
        // SAFETY: a NUL-terminated path.
        let fd = unsafe { open(d.c("v2").as_ptr(), 0o102, 0o600) };
        let (a, b) = (*b"hello ", *b"world");
        let w = [
            Iovec { iov_base: a.as_ptr() as *mut c_void, iov_len: 6 },
            Iovec { iov_base: b.as_ptr() as *mut c_void, iov_len: 5 },
        ];
        // SAFETY: the vectors describe live buffers.
        unsafe {
            let r = pwritev2(fd, w.as_ptr(), 2, 0, 0);
            if r == -1 && errno() == limpet_syscall::errno::ENOSYS {
                // qemu-user does not carry preadv2/pwritev2 over to the host.
                std::eprintln!("pwritev2: ENOSYS (qemu-user), test skipped");
                close(fd);
                return;
            }
            assert_eq!(r, 11);
            assert_eq!(lseek(fd, 0, 1), 0, "an explicit offset leaves the file offset");
            let mut r = [0u8; 5];
            let rv = [Iovec { iov_base: r.as_mut_ptr().cast(), iov_len: 5 }];
            assert_eq!(preadv2(fd, rv.as_ptr(), 1, 6, 0), 5);
            assert_eq!(&r, b"world");
            assert_eq!(preadv2(fd, rv.as_ptr(), 1, -1, 0), 5);
            assert_eq!(&r, b"hello");
            assert_eq!(lseek(fd, 0, 1), 5, "offset -1 reads at and advances the file offset");
            assert_eq!(pwritev2(fd, w.as_ptr(), 1, 0, RWF_BAD), -1);
            assert_eq!(errno(), limpet_syscall::errno::EOPNOTSUPP);
        }
        close(fd);
    }
}
