//! `lockf`: whole-process record locks from the current offset, over `fcntl`'s locks.
use core::ffi::{c_int, c_ulong};

use limpet_syscall::errno::{EACCES, EINVAL};
use limpet_syscall::{nr, set_errno, syscall0};

use crate::abi::{F_GETLK, F_RDLCK, F_SETLK, F_SETLKW, F_UNLCK, F_WRLCK, Flock};
use limpet_abi::stdio::SEEK_CUR;
use crate::fcntl::fcntl;

pub const F_ULOCK: c_int = 0;
pub const F_LOCK: c_int = 1;
pub const F_TLOCK: c_int = 2;
pub const F_TEST: c_int = 3;


/// `lockf(fd, op, len)`—Locks (`F_LOCK`, waiting; `F_TLOCK`, not waiting), unlocks
/// (`F_ULOCK`) or tests (`F_TEST`) the `len` bytes from the current offset (to the end of the
/// file, however it grows, for 0; before the offset for a negative `len`). `F_TEST` fails with
/// EACCES when another process holds a lock there. 0 or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn lockf(fd: c_int, op: c_int, len: i64) -> c_int {
    let (l_type, cmd) = match op {
        F_TEST => (F_RDLCK, F_GETLK),
        F_ULOCK => (F_UNLCK, F_SETLK),
        F_TLOCK => (F_WRLCK, F_SETLK),
        F_LOCK => (F_WRLCK, F_SETLKW),
        _ => {
            set_errno(EINVAL);
            return -1;
        }
    };
    let mut lk = Flock {
        l_type,
        l_whence: SEEK_CUR as i16,
        l_start: 0,
        l_len: len,
        l_pid: 0,
    };
    // SAFETY: each command takes a `struct flock`, which `lk` is.
    let r = unsafe { fcntl(fd, cmd, &raw mut lk as c_ulong) };
    if op != F_TEST || r < 0 {
        return r;
    }
    // SAFETY: getpid takes no arguments.
    if lk.l_type == F_UNLCK || lk.l_pid == unsafe { syscall0(nr::GETPID) } as c_int {
        return 0;
    }
    set_errno(EACCES);
    -1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::errno::EBADF;
    use std::os::fd::AsRawFd;

    #[test]
    fn lock_test_unlock() {
        let d = TempDir::new();
        let f = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(d.path().join("f"))
            .unwrap();
        let fd = f.as_raw_fd();
        assert_eq!(lockf(fd, F_TLOCK, 100), 0);
        assert_eq!(lockf(fd, F_TEST, 100), 0);
        assert_eq!(lockf(fd, F_LOCK, 10), 0);
        assert_eq!(lockf(fd, F_ULOCK, 0), 0);
        assert_eq!(lockf(fd, 9, 0), -1);
        assert_eq!(errno(), EINVAL);
        assert_eq!(lockf(-1, F_TEST, 0), -1);
        assert_eq!(errno(), EBADF);
        // Another process's lock: a child holds one while we test.
        let mut fds = [0; 2];
        assert_eq!(unsafe { crate::pipe::pipe(fds.as_mut_ptr()) }, 0);
        let pid = unsafe { libc_fork() };
        if pid == 0 {
            lockf(fd, F_TLOCK, 0);
            unsafe { limpet_syscall::unistd::write(fds[1], b"x".as_ptr().cast(), 1) };
            std::thread::sleep(std::time::Duration::from_secs(5));
            unsafe { libc_exit(0) };
        }
        let mut b = [0u8; 1];
        unsafe { limpet_syscall::unistd::read(fds[0], b.as_mut_ptr().cast(), 1) };
        assert_eq!(lockf(fd, F_TEST, 0), -1);
        assert_eq!(errno(), EACCES);
        assert_eq!(lockf(fd, F_TLOCK, 0), -1);
        assert!(errno() == EACCES || errno() == limpet_syscall::errno::EAGAIN);
        unsafe { libc_kill(pid, 9) };
    }

    unsafe extern "C" {
        #[link_name = "fork"]
        fn libc_fork() -> c_int;
        #[link_name = "_exit"]
        fn libc_exit(code: c_int) -> !;
        #[link_name = "kill"]
        fn libc_kill(pid: c_int, sig: c_int) -> c_int;
    }
}
