//! `pthread_setname_np`, `pthread_getname_np`: the kernel's thread name (`comm`), at most
//! 15 bytes. The calling thread uses `prctl`; another thread's name is its
//! `/proc/self/task/TID/comm` file. The buffer rules are musl's: a name longer than 15 bytes
//! and a buffer shorter than 16 give `ERANGE`.
use core::ffi::{c_char, c_int};

use limpet_abi::fcntl::{AT_FDCWD, O_CLOEXEC, O_RDONLY, O_WRONLY};
use limpet_syscall::errno::{ERANGE, ESRCH};
use limpet_syscall::{nr, result, syscall1, syscall2, syscall3, syscall4};

use crate::descriptor::Pthread;
use crate::tid::with_live_tid;

/// The kernel's `TASK_COMM_LEN`: 15 bytes and the terminator.
const COMM_LEN: usize = 16;
const PR_SET_NAME: usize = 15;
const PR_GET_NAME: usize = 16;

/// `/proc/self/task/TID/comm`, NUL-terminated, in `buf`.
fn comm_path(tid: i32, buf: &mut [u8; 48]) {
    let mut n = 0;
    let mut put = |b: &[u8]| {
        buf[n..n + b.len()].copy_from_slice(b);
        n += b.len();
    };
    put(b"/proc/self/task/");
    let mut digits = [0u8; 10];
    let (mut v, mut d) = (tid as u32, digits.len());
    loop {
        d -= 1;
        digits[d] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    put(&digits[d..]);
    put(b"/comm\0");
}

/// Opens thread `tid`'s comm file; the descriptor or the errno value.
fn open_comm(tid: i32, flags: c_int) -> Result<usize, c_int> {
    let mut path = [0u8; 48];
    comm_path(tid, &mut path);
    // SAFETY: a NUL-terminated path in a local buffer.
    result(unsafe { syscall4(nr::OPENAT, AT_FDCWD as usize, path.as_ptr() as usize, (flags | O_CLOEXEC) as usize, 0) })
}

/// `pthread_setname_np(t, name)`—Names thread `t` (at most 15 bytes). Returns 0, `ERANGE`
/// when `name` is longer, `ESRCH` when `t` has ended, or the error from `/proc`.
///
/// # Safety
/// `t` must be a thread of this process not yet joined; `name` a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_setname_np(t: *mut Pthread, name: *const c_char) -> c_int {
    // SAFETY: per the contract; at most COMM_LEN bytes are read.
    let len = (0..COMM_LEN).find(|&i| unsafe { *name.add(i) } == 0).unwrap_or(COMM_LEN);
    if len >= COMM_LEN {
        return ERANGE;
    }
    if t == crate::current() {
        // SAFETY: prctl reads the NUL-terminated name.
        return result(unsafe { syscall2(nr::PRCTL, PR_SET_NAME, name as usize) }).err().unwrap_or(0);
    }
    let write = |tid| -> c_int {
        let fd = match open_comm(tid, O_WRONLY) {
            Ok(fd) => fd,
            Err(e) => return e,
        };
        // SAFETY: `len` readable bytes at `name`; the descriptor is ours.
        let r = result(unsafe { syscall3(nr::WRITE, fd, name as usize, len) });
        // SAFETY: as above.
        unsafe { syscall1(nr::CLOSE, fd) };
        r.err().unwrap_or(0)
    };
    with_live_tid(t, write).unwrap_or(ESRCH)
}

/// `pthread_getname_np(t, buf, len)`—Stores thread `t`'s name, NUL-terminated, in `buf`.
/// Returns 0, `ERANGE` when `len` is below 16, `ESRCH` when `t` has ended, or the error from
/// `/proc`.
///
/// # Safety
/// `t` must be a thread of this process not yet joined; `buf` valid for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_getname_np(t: *mut Pthread, buf: *mut c_char, len: usize) -> c_int {
    if len < COMM_LEN {
        return ERANGE;
    }
    if t == crate::current() {
        // SAFETY: prctl writes at most 16 bytes, which `buf` has.
        return result(unsafe { syscall2(nr::PRCTL, PR_GET_NAME, buf as usize) }).err().unwrap_or(0);
    }
    let read = |tid| -> c_int {
        let fd = match open_comm(tid, O_RDONLY) {
            Ok(fd) => fd,
            Err(e) => return e,
        };
        // SAFETY: `buf` has `len` bytes; the descriptor is ours.
        let r = result(unsafe { syscall3(nr::READ, fd, buf as usize, len) });
        // SAFETY: as above.
        unsafe { syscall1(nr::CLOSE, fd) };
        match r {
            // The file ends in a newline, which becomes the terminator.
            // SAFETY: `n <= len`, and the kernel's name is never empty.
            Ok(n) if n > 0 => unsafe {
                *buf.add(n - 1) = 0;
                0
            },
            Ok(_) => ESRCH,
            Err(e) => e,
        }
    };
    with_live_tid(t, read).unwrap_or(ESRCH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comm_paths() {
        let mut b = [0u8; 48];
        comm_path(12345, &mut b);
        assert!(b.starts_with(b"/proc/self/task/12345/comm\0"));
        comm_path(0, &mut b);
        assert!(b.starts_with(b"/proc/self/task/0/comm\0"));
        comm_path(i32::MAX, &mut b);
        assert!(b.starts_with(b"/proc/self/task/2147483647/comm\0"));
    }
}
