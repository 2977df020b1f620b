//! `fcntl`.
use core::ffi::{c_int, c_ulong};

use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::errno::EINVAL;
use limpet_syscall::{nr, result, set_errno, syscall1, syscall3};

use crate::abi::{
    F_DUPFD, F_DUPFD_CLOEXEC, F_GETFD, F_GETOWN, F_GETOWN_EX, F_OWNER_PGRP, F_SETFD, F_SETFL, F_SETLKW, FD_CLOEXEC,
    FOwnerEx, O_LARGEFILE,
};
use crate::ret_int;

fn raw(fd: c_int, cmd: c_int, arg: usize) -> usize {
    // SAFETY: every fcntl command's argument is either an integer or a pointer the caller
    // vouched for in `fcntl`.
    unsafe { syscall3(nr::FCNTL, fd as usize, cmd as usize, arg) }
}

/// `fcntl(fd, cmd, ...)`—Controls the descriptor `fd`. The optional third argument is an
/// integer or a pointer, so it is taken as a named `unsigned long` (it travels in the same
/// register). As musl does:
/// - `F_SETFL` always keeps `O_LARGEFILE` on;
/// - `F_GETOWN` asks with `F_GETOWN_EX`, so a process group comes back negative even when its
///   ID would look like an error code, falling back to plain `F_GETOWN` on kernels without it;
/// - `F_DUPFD_CLOEXEC` falls back to `F_DUPFD` and `F_SETFD` on kernels that lack it.
/// - `F_SETLKW`, which may wait for another process's lock, is a cancellation point; no other
///   command is.
///
/// Returns what the command returns, or -1 with errno.
///
/// # Safety
/// For the lock and owner commands, `arg` must point to the structure the command names.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fcntl(fd: c_int, cmd: c_int, arg: c_ulong) -> c_int {
    let arg = arg as usize;
    match cmd {
        F_SETFL => ret_int(raw(fd, cmd, arg | O_LARGEFILE as usize)),
        F_GETOWN => getown(fd),
        F_DUPFD_CLOEXEC => dupfd_cloexec(fd, arg),
        // SAFETY: as for `raw`.
        F_SETLKW => ret_int(unsafe { syscall_cp(nr::FCNTL, fd as usize, cmd as usize, arg, 0, 0, 0) }),
        _ => ret_int(raw(fd, cmd, arg)),
    }
}

fn getown(fd: c_int) -> c_int {
    let mut ex = FOwnerEx::default();
    let r = raw(fd, F_GETOWN_EX, &raw mut ex as usize);
    if result(r) == Err(EINVAL) {
        return ret_int(raw(fd, F_GETOWN, 0));
    }
    if ret_int(r) < 0 {
        return -1;
    }
    if ex.type_ == F_OWNER_PGRP {
        -ex.pid
    } else {
        ex.pid
    }
}

#[cold]
fn dupfd_cloexec(fd: c_int, min: usize) -> c_int {
    let r = raw(fd, F_DUPFD_CLOEXEC, min);
    match result(r) {
        Ok(new) => {
            // Kernels before 2.6.24 ignored the unknown command's close-on-exec part only in
            // odd configurations; setting the flag again costs one call and removes the doubt.
            raw(new as c_int, F_SETFD, FD_CLOEXEC as usize);
            return new as c_int;
        }
        Err(EINVAL) => {}
        Err(e) => {
            set_errno(e);
            return -1;
        }
    }
    // EINVAL means a bad `min` or a kernel without the command: a probe with 0 tells which.
    if let Ok(probe) = result(raw(fd, F_DUPFD_CLOEXEC, 0)) {
        // Raw: fcntl with this command is not a cancellation point.
        // SAFETY: the probe's descriptor, opened just above.
        unsafe { syscall1(nr::CLOSE, probe) };
        set_errno(EINVAL);
        return -1;
    }
    let new = ret_int(raw(fd, F_DUPFD, min));
    if new >= 0 {
        raw(new, F_SETFD, FD_CLOEXEC as usize);
    }
    new
}

/// `isastream(fd)`—Whether `fd` is a STREAMS device, which Linux has none of: 0 for an
/// open descriptor, -1 with errno EBADF otherwise.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn isastream(fd: c_int) -> c_int {
    if ret_int(raw(fd, F_GETFD, 0)) < 0 { -1 } else { 0 }
}

/// `posix_close(fd, flag)`—Closes `fd` (POSIX 2024). `flag` must be 0, which is also
/// `POSIX_CLOSE_RESTART` on Linux (an interrupted close is never restarted: the descriptor is
/// gone either way). An interruption reports EINPROGRESS, meaning closed. 0, or -1 with
/// errno (EBADF, EIO, EINVAL for another flag). A cancellation point.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn posix_close(fd: c_int, flag: c_int) -> c_int {
    if flag != 0 {
        set_errno(EINVAL);
        return -1;
    }
    // SAFETY: close takes no pointer.
    match result(unsafe { syscall_cp(nr::CLOSE, fd as usize, 0, 0, 0, 0, 0) }) {
        Ok(_) => 0,
        Err(e) => {
            set_errno(if e == limpet_syscall::errno::EINTR { limpet_syscall::errno::EINPROGRESS } else { e });
            -1
        }
    }
}

/// `issetugid()`—1 if the process runs with privileges it did not start with (set-user-ID
/// or set-group-ID, or file capabilities: the kernel's `AT_SECURE`), else 0.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn issetugid() -> c_int {
    c_int::from(limpet_syscall::auxv::get(limpet_syscall::auxv::AT_SECURE).unwrap_or(0) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::{F_GETFD, F_GETFL, F_GETLK, F_OFD_GETLK, F_SETLK, F_SETOWN, Flock, O_RDWR};
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::errno::EBADF;
    use limpet_syscall::unistd::close;
    use limpet_syscall::unistd::open;

    use limpet_abi::fcntl::{F_UNLCK, F_WRLCK, O_NONBLOCK};

    #[test]
    fn descriptor_and_status_flags() {
        let d = TempDir::new();
        let fd = unsafe { open(d.c("f").as_ptr(), O_RDWR | 0o100, 0o600) };
        assert_eq!(unsafe { fcntl(fd, F_GETFD, 0) }, 0);
        assert_eq!(unsafe { fcntl(fd, F_SETFD, FD_CLOEXEC as c_ulong) }, 0);
        assert_eq!(unsafe { fcntl(fd, F_GETFD, 0) }, FD_CLOEXEC);
        assert_eq!(unsafe { fcntl(fd, F_SETFL, O_NONBLOCK as c_ulong) }, 0);
        let fl = unsafe { fcntl(fd, F_GETFL, 0) };
        assert_eq!(fl & (O_NONBLOCK | 3), O_NONBLOCK | O_RDWR);
        // qemu-user does not pass O_LARGEFILE back, so only a native kernel shows it.
        #[cfg(target_arch = "x86_64")]
        assert_eq!(fl & O_LARGEFILE, O_LARGEFILE);
        let a = unsafe { fcntl(fd, F_DUPFD, 50) };
        assert!(a >= 50);
        assert_eq!(unsafe { fcntl(a, F_GETFD, 0) }, 0);
        let b = unsafe { fcntl(fd, F_DUPFD_CLOEXEC, 60) };
        assert!(b >= 60);
        assert_eq!(unsafe { fcntl(b, F_GETFD, 0) }, FD_CLOEXEC);
        assert_eq!(unsafe { fcntl(fd, F_DUPFD_CLOEXEC, -1i64 as c_ulong) }, -1);
        assert_eq!(errno(), EINVAL);
        let mut lk = Flock {
            l_type: F_WRLCK,
            l_whence: 0,
            l_start: 0,
            l_len: 10,
            l_pid: 0,
        };
        assert_eq!(unsafe { fcntl(fd, F_SETLK, &raw mut lk as c_ulong) }, 0);
        // Our own process's lock never conflicts with itself, so GETLK reports it unlocked.
        assert_eq!(unsafe { fcntl(fd, F_GETLK, &raw mut lk as c_ulong) }, 0);
        assert_eq!(lk.l_type, F_UNLCK);
        // An open-file-description lock conflicts with the process lock on another open file.
        let other = unsafe { open(d.c("f").as_ptr(), O_RDWR, 0) };
        let mut ofd = Flock {
            l_type: F_WRLCK,
            l_whence: 0,
            l_start: 0,
            l_len: 10,
            l_pid: 0,
        };
        assert_eq!(
            unsafe { fcntl(other, F_OFD_GETLK, &raw mut ofd as c_ulong) },
            0
        );
        assert_eq!(ofd.l_type, F_WRLCK);
        assert_eq!(ofd.l_pid, std::process::id() as c_int);
        assert_eq!(unsafe { fcntl(fd, F_GETOWN, 0) }, 0);
        let pid = std::process::id() as c_int;
        assert_eq!(unsafe { fcntl(fd, F_SETOWN, pid as c_ulong) }, 0);
        assert_eq!(unsafe { fcntl(fd, F_GETOWN, 0) }, pid);
        // A process group comes back negative.
        let pgrp = unsafe { limpet_syscall::syscall1(nr::GETPGID, 0) } as c_int;
        assert_eq!(unsafe { fcntl(fd, F_SETOWN, (-pgrp) as c_ulong) }, 0);
        assert_eq!(unsafe { fcntl(fd, F_GETOWN, 0) }, -pgrp);
        for f in [fd, a, b, other] {
            close(f);
        }
        assert_eq!(unsafe { fcntl(fd, F_GETFD, 0) }, -1);
        assert_eq!(errno(), EBADF);
        assert_eq!(unsafe { fcntl(fd, F_GETOWN, 0) }, -1);
        assert_eq!(errno(), EBADF);
    }

    #[test]
    fn streams_closing_and_privilege() {
        let d = TempDir::new();
        let fd = unsafe { open(d.c("g").as_ptr(), O_RDWR | 0o100, 0o600) };
        assert_eq!(isastream(fd), 0);
        assert_eq!(posix_close(fd, 1), -1);
        assert_eq!(errno(), limpet_syscall::errno::EINVAL);
        assert_eq!(posix_close(fd, 0), 0);
        assert_eq!(isastream(fd), -1);
        assert_eq!(errno(), EBADF);
        assert_eq!(posix_close(fd, 0), -1);
        assert_eq!(errno(), EBADF);
        crate::testutil::record_auxv();
        assert_eq!(issetugid(), 0);
    }
}
