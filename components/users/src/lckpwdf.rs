//! `lckpwdf` and `ulckpwdf`: the lock that tools which rewrite /etc/passwd, /etc/group and
//! /etc/shadow take, so that two of them do not rewrite a file at once.
//!
//! musl's `lckpwdf` does nothing and returns 0. limpet takes glibc's lock, which the tools
//! of a Debian system (shadow-utils' `passwd`, `useradd`, `vipw`, ...) take through glibc:
//! an `fcntl` write lock on the whole of /etc/.pwd.lock (created, mode 0600, when it does
//! not exist), held until `ulckpwdf` or the process's end, waited for at most 15 seconds.
//!
//! glibc waits in `F_SETLKW` under an `alarm(15)` and its own `SIGALRM` handler, which
//! cancels any alarm the program had set. limpet leaves the program's signals and alarms
//! alone: it tries `F_SETLK` and, while another process holds the lock, sleeps and tries
//! again (after 1 ms, then twice as long each time up to 100 ms) until the 15 seconds are
//! over. It then fails with EAGAIN (glibc: EINTR, from its alarm).
//!
//! The lock belongs to the process (as every `fcntl` lock does); [`HELD`] says which
//! descriptor holds it. A second `lckpwdf` while it is held fails at once with EDEADLK
//! (glibc: -1, errno untouched), and `ulckpwdf` without it with EINVAL (glibc: -1).
use core::ffi::{CStr, c_int, c_long, c_short};
use core::sync::atomic::AtomicI32;
use core::sync::atomic::Ordering::{AcqRel, Acquire, Release};

use limpet_abi::fcntl::{AT_FDCWD, F_SETLK, F_WRLCK, Flock, O_CLOEXEC, O_CREAT, O_WRONLY};
use limpet_abi::stdio::SEEK_SET;
use limpet_abi::time::{CLOCK_MONOTONIC, Timespec};
use limpet_syscall::errno::{EACCES, EAGAIN, EDEADLK, EINVAL};
use limpet_syscall::{nr, set_errno, syscall2, syscall3, syscall4};

/// The lock file.
const LOCK_FILE: &CStr = c"/etc/.pwd.lock";
/// Its mode when `lckpwdf` creates it: only root reads or writes it.
const LOCK_MODE: usize = 0o600;
/// The longest `lckpwdf` waits for another process's lock.
const WAIT_NS: i64 = 15 * NS_PER_SEC;
/// The first and the longest sleep between two tries.
const FIRST_NAP_NS: i64 = 1_000_000;
const LONGEST_NAP_NS: i64 = 100_000_000;
const NS_PER_SEC: i64 = 1_000_000_000;
/// [`Lock::fd`] when no descriptor holds the lock, and while one thread takes it.
const FREE: c_int = -1;
const TAKING: c_int = -2;

/// The process's hold on a lock file.
pub(crate) struct Lock {
    /// The descriptor that holds the lock, [`FREE`] or [`TAKING`].
    fd: AtomicI32,
}

/// The hold on /etc/.pwd.lock.
static HELD: Lock = Lock::new();

impl Lock {
    pub(crate) const fn new() -> Lock {
        Lock { fd: AtomicI32::new(FREE) }
    }

    /// Locks `path` for writing, waiting at most `wait_ns` for another process to let it
    /// go. 0, or -1 with errno set.
    pub(crate) fn take(&self, path: &CStr, wait_ns: i64) -> c_int {
        if self.fd.compare_exchange(FREE, TAKING, Acquire, Acquire).is_err() {
            set_errno(EDEADLK);
            return -1;
        }
        match lock_file(path, wait_ns) {
            Ok(fd) => {
                self.fd.store(fd, Release);
                0
            }
            Err(e) => {
                self.fd.store(FREE, Release);
                set_errno(e);
                -1
            }
        }
    }

    /// Lets the lock go. 0, or -1 with EINVAL when it is not held.
    pub(crate) fn release(&self) -> c_int {
        let fd = self.fd.load(Acquire);
        if fd < 0 || self.fd.compare_exchange(fd, FREE, AcqRel, Acquire).is_err() {
            set_errno(EINVAL);
            return -1;
        }
        // Closing the descriptor releases the process's locks on the file.
        limpet_syscall::unistd::close(fd);
        0
    }
}

/// Opens `path` (creating it) and write-locks all of it, trying until `wait_ns` has passed;
/// the locked descriptor, or the errno.
fn lock_file(path: &CStr, wait_ns: i64) -> Result<c_int, c_int> {
    let flags = O_WRONLY | O_CREAT | O_CLOEXEC;
    // SAFETY: `path` is NUL-terminated; the kernel only reads it.
    let ret = unsafe { syscall4(nr::OPENAT, AT_FDCWD as usize, path.as_ptr() as usize, flags as usize, LOCK_MODE) };
    // A descriptor fits in a `c_int`.
    let fd = limpet_syscall::result(ret)? as c_int;
    let whole = WHOLE_FILE;
    let deadline = now_ns().saturating_add(wait_ns);
    let mut nap = FIRST_NAP_NS;
    loop {
        // SAFETY: `whole` is a `struct flock` the kernel only reads; `fd` is ours.
        let r = limpet_syscall::result(unsafe { syscall3(nr::FCNTL, fd as usize, F_SETLK as usize, (&raw const whole) as usize) });
        let e = match r {
            Ok(_) => return Ok(fd),
            // Another process holds a lock on the file.
            Err(EAGAIN | EACCES) if now_ns() < deadline => {
                sleep_ns(nap);
                nap = (nap * 2).min(LONGEST_NAP_NS);
                continue;
            }
            Err(EAGAIN | EACCES) => EAGAIN,
            Err(e) => e,
        };
        limpet_syscall::unistd::close(fd);
        return Err(e);
    }
}

/// The monotonic clock, in nanoseconds.
fn now_ns() -> i64 {
    let mut t = Timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a writable timespec.
    unsafe { limpet_syscall::unistd::clock_gettime(CLOCK_MONOTONIC, &mut t) };
    t.tv_sec.saturating_mul(NS_PER_SEC).saturating_add(t.tv_nsec)
}

/// Sleeps about `ns` nanoseconds, less when a signal interrupts it (EINTR, which is no
/// failure here: the caller tries the lock again and then sleeps anew).
fn sleep_ns(ns: i64) {
    let t = Timespec { tv_sec: ns / NS_PER_SEC, tv_nsec: (ns % NS_PER_SEC) as c_long };
    // SAFETY: `t` is a readable timespec; no remainder is asked for.
    unsafe { syscall2(nr::NANOSLEEP, (&raw const t) as usize, 0) };
}

/// A write lock on all of a file.
const WHOLE_FILE: Flock = Flock { l_type: F_WRLCK, l_whence: SEEK_SET as c_short, l_start: 0, l_len: 0, l_pid: 0 };

/// `lckpwdf()`—Takes the password files' lock, glibc's: a write lock on /etc/.pwd.lock,
/// waiting at most 15 seconds for another process to release it. Returns 0, or -1 with
/// errno set: EAGAIN when the wait ran out, EDEADLK when this process already holds it,
/// the error of opening the file (EACCES for a user who may not create it in /etc).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn lckpwdf() -> c_int {
    HELD.take(LOCK_FILE, WAIT_NS)
}

/// `ulckpwdf()`—Releases the lock `lckpwdf` took. Returns 0, or -1 with EINVAL when this
/// process does not hold it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn ulckpwdf() -> c_int {
    HELD.release()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CString;
    use std::os::unix::process::CommandExt;
    use std::process::{Child, Command};

    unsafe extern "C" {
        fn open(path: *const core::ffi::c_char, flags: c_int, ...) -> c_int;
        fn fcntl(fd: c_int, cmd: c_int, ...) -> c_int;
    }

    /// A process that holds a write lock on `path` until it is killed (the lock is taken
    /// between `fork` and `exec`, and a process keeps its `fcntl` locks across `exec`).
    fn holder(path: &CString) -> Child {
        let p = path.clone();
        let mut cmd = Command::new("sleep");
        cmd.arg("600");
        // SAFETY (test): the hook calls only `open` and `fcntl`, async-signal-safe.
        unsafe {
            cmd.pre_exec(move || {
                let fd = open(p.as_ptr(), O_WRONLY | O_CREAT, 0o600);
                if fd < 0 || fcntl(fd, F_SETLK, &WHOLE_FILE) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            })
        };
        // `spawn` returns once the child has run the hook and exec'd.
        cmd.spawn().unwrap()
    }

    fn temp_path() -> CString {
        let p = std::env::temp_dir().join(format!("limpet-lckpwdf-{}", std::process::id()));
        CString::new(p.to_str().unwrap()).unwrap()
    }

    #[test]
    fn two_processes() {
        let path = temp_path();
        let lock = Lock::new();
        assert_eq!(lock.release(), -1);
        assert_eq!(limpet_syscall::errno(), EINVAL);

        // Held by another process: the wait runs out.
        let mut other = holder(&path);
        set_errno(0);
        assert_eq!(lock.take(&path, 50_000_000), -1);
        assert_eq!(limpet_syscall::errno(), EAGAIN);
        assert_eq!(lock.release(), -1);

        // Released while we wait: we get it.
        let killer = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(200));
            other.kill().unwrap();
            other.wait().unwrap();
        });
        assert_eq!(lock.take(&path, WAIT_NS), 0);
        killer.join().unwrap();

        // Held by us: a second take fails at once, and the other process cannot have it.
        assert_eq!(lock.take(&path, WAIT_NS), -1);
        assert_eq!(limpet_syscall::errno(), EDEADLK);
        let mut cmd = Command::new("true");
        let p = path.clone();
        // SAFETY (test): as in `holder`.
        unsafe {
            cmd.pre_exec(move || {
                let fd = open(p.as_ptr(), O_WRONLY);
                if fcntl(fd, F_SETLK, &WHOLE_FILE) == 0 {
                    return Err(std::io::Error::other("the lock was free"));
                }
                Ok(())
            })
        };
        assert!(cmd.status().is_ok(), "another process took the lock we hold");

        // Released: the other process can have it.
        assert_eq!(lock.release(), 0);
        let mut other = holder(&path);
        other.kill().unwrap();
        other.wait().unwrap();
        assert_eq!(lock.take(&path, WAIT_NS), 0);
        assert_eq!(lock.release(), 0);
        std::fs::remove_file(path.to_str().unwrap()).unwrap();
    }
}
