//! Pseudo-terminals: `posix_openpt`, `grantpt`, `unlockpt`, `ptsname`, `ptsname_r`,
//! `openpty`, `login_tty`, `forkpty`.
//!
//! Linux's devpts gives each new master `/dev/ptmx` opens a slave `/dev/pts/N` that already
//! has the right owner and mode, so `grantpt` has nothing to change; it checks that the
//! descriptor is a master, as POSIX asks. The functions that open several descriptors
//! make their system calls directly, not through the cancellable wrappers, so a
//! cancellation cannot leave descriptors behind.
use core::cell::UnsafeCell;
use core::ffi::{c_char, c_int};

use limpet_abi::fcntl::{O_CLOEXEC, O_NOCTTY, O_RDWR};
use limpet_abi::termios::{TCSANOW, TIOCGPTN, TIOCSCTTY, TIOCSPTLCK, TIOCSWINSZ, Termios, Winsize};
use limpet_syscall::errno::{EAGAIN, EBADF, EINVAL, ENOSPC, ERANGE};
use limpet_syscall::{errno, nr, result, set_errno, syscall1, syscall1_noreturn, syscall2, syscall3, syscall4};

use crate::attr::tcsetattr;
use crate::{ioctl, ret_int};

const PTMX: &[u8] = b"/dev/ptmx\0";
const PTS_PREFIX: &[u8] = b"/dev/pts/";
/// "/dev/pts/" and an `int` in decimal, with its NUL.
const PTS_NAME_MAX: usize = PTS_PREFIX.len() + 11 + 1;

/// `openat(AT_FDCWD, path, flags)`, not a cancellation point.
pub(crate) fn open_raw(path: *const c_char, flags: c_int) -> Result<c_int, c_int> {
    use limpet_abi::fcntl::AT_FDCWD;
    // SAFETY: `path` is NUL-terminated (every caller's is a literal or `ptsname_r`'s).
    result(unsafe { syscall4(nr::OPENAT, AT_FDCWD as usize, path as usize, flags as usize, 0) }).map(|fd| fd as c_int)
}

pub(crate) fn close_raw(fd: c_int) {
    // SAFETY: close takes no pointer; each caller owns `fd`.
    unsafe { syscall1(nr::CLOSE, fd as usize) };
}

/// `posix_openpt(flags)`—Opens a new pseudo-terminal master (`O_RDWR`, `O_NOCTTY` as
/// `flags` says); the descriptor, or -1 with errno (EAGAIN when no pty is free).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn posix_openpt(flags: c_int) -> c_int {
    match open_raw(PTMX.as_ptr().cast(), flags) {
        Ok(fd) => fd,
        Err(e) => {
            // The kernel says ENOSPC when the pty limit is reached; POSIX says EAGAIN.
            set_errno(if e == ENOSPC { EAGAIN } else { e });
            -1
        }
    }
}

/// The number N of the slave `/dev/pts/N` of the master `fd`, or the errno to report:
/// EBADF, or EINVAL for a descriptor that is not a pty master (POSIX's; the kernel says
/// ENOTTY).
fn pty_number(fd: c_int) -> Result<u32, c_int> {
    let mut n: u32 = 0;
    match result(ioctl(fd, TIOCGPTN, &raw mut n as usize)) {
        Ok(_) => Ok(n),
        Err(EBADF) => Err(EBADF),
        Err(_) => Err(EINVAL),
    }
}

/// `grantpt(fd)`—Gives the slave of the master `fd` the caller's ownership and mode 0620,
/// which devpts has already done; 0, or -1 with errno (EBADF, or EINVAL when `fd` is not a
/// pty master).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn grantpt(fd: c_int) -> c_int {
    match pty_number(fd) {
        Ok(_) => 0,
        Err(e) => {
            set_errno(e);
            -1
        }
    }
}

/// `unlockpt(fd)`—Lets the slave of the master `fd` be opened; 0, or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn unlockpt(fd: c_int) -> c_int {
    let unlock: c_int = 0;
    ret_int(ioctl(fd, TIOCSPTLCK, &raw const unlock as usize))
}

/// `ptsname_r(fd, buf, len)`—Stores the name of the slave of the master `fd` in `buf`; 0,
/// or an error number, also stored in errno: EBADF, EINVAL (not a master), ERANGE when the
/// name and its NUL do not fit in `len` bytes.
///
/// # Safety
/// `buf` must be writable for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ptsname_r(fd: c_int, buf: *mut c_char, len: usize) -> c_int {
    let n = match pty_number(fd) {
        Ok(n) => n,
        Err(e) => {
            set_errno(e);
            return e;
        }
    };
    let mut name = [0u8; PTS_NAME_MAX];
    let size = pts_name(n, &mut name);
    if size + 1 > len {
        set_errno(ERANGE);
        return ERANGE;
    }
    // SAFETY: `buf` has room for `size + 1 <= len` bytes; `name` ends in a NUL there.
    unsafe { core::ptr::copy_nonoverlapping(name.as_ptr(), buf.cast(), size + 1) };
    0
}

/// Writes "/dev/pts/N" and a NUL into `out`; the length without the NUL.
fn pts_name(n: u32, out: &mut [u8; PTS_NAME_MAX]) -> usize {
    out[..PTS_PREFIX.len()].copy_from_slice(PTS_PREFIX);
    let mut digits = [0u8; 10];
    let mut v = n;
    let mut k = digits.len();
    loop {
        k -= 1;
        digits[k] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    let end = PTS_PREFIX.len() + digits.len() - k;
    out[PTS_PREFIX.len()..end].copy_from_slice(&digits[k..]);
    out[end] = 0;
    end
}

/// The static buffer `ptsname` returns.
struct NameBuf(UnsafeCell<[u8; PTS_NAME_MAX]>);
// SAFETY: POSIX lets `ptsname` return a buffer that every call overwrites; a program that
// calls it from several threads at once races, as it would on any C library.
unsafe impl Sync for NameBuf {}
static PTSNAME: NameBuf = NameBuf(UnsafeCell::new([0; PTS_NAME_MAX]));

/// `ptsname(fd)`—The name of the slave of the master `fd`, in a static buffer each call
/// overwrites; null with errno when `ptsname_r` fails.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn ptsname(fd: c_int) -> *mut c_char {
    let buf = PTSNAME.0.get().cast::<c_char>();
    // SAFETY: the static buffer holds PTS_NAME_MAX bytes.
    if unsafe { ptsname_r(fd, buf, PTS_NAME_MAX) } != 0 { core::ptr::null_mut() } else { buf }
}

/// `openpty(master, slave, name, tio, ws)`—Opens a new pseudo-terminal pair, unlocked, with
/// the attributes `*tio` and the window size `*ws` when they are not null; stores the
/// descriptors, and the slave's name when `name` is not null (it must have room: glibc and
/// musl do not bound it either). 0, or -1 with errno, and then nothing is left open.
///
/// # Safety
/// `master` and `slave` must be writable; `name` null or writable for the name;
/// `tio` and `ws` null or valid.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn openpty(
    master: *mut c_int,
    slave: *mut c_int,
    name: *mut c_char,
    tio: *const Termios,
    ws: *const Winsize,
) -> c_int {
    let m = match open_raw(PTMX.as_ptr().cast(), O_RDWR | O_NOCTTY) {
        Ok(m) => m,
        Err(e) => {
            set_errno(e);
            return -1;
        }
    };
    // SAFETY: forwarded contracts.
    match unsafe { open_slave(m, name, tio, ws) } {
        Ok(s) => {
            // SAFETY: the caller's contract on `master` and `slave`.
            unsafe {
                *master = m;
                *slave = s;
            }
            0
        }
        Err(e) => {
            close_raw(m);
            set_errno(e);
            -1
        }
    }
}

/// `openpty`'s steps after the master: unlock, name, open the slave, set it up.
///
/// # Safety
/// As for `openpty`.
unsafe fn open_slave(m: c_int, name: *mut c_char, tio: *const Termios, ws: *const Winsize) -> Result<c_int, c_int> {
    let unlock: c_int = 0;
    result(ioctl(m, TIOCSPTLCK, &raw const unlock as usize))?;
    let mut path = [0u8; PTS_NAME_MAX];
    let size = pts_name(pty_number(m)?, &mut path);
    let s = open_raw(path.as_ptr().cast(), O_RDWR | O_NOCTTY)?;
    // SAFETY: `tio` is null or valid (the caller's contract).
    if !tio.is_null() && unsafe { tcsetattr(s, TCSANOW, tio) } != 0 {
        let e = errno();
        close_raw(s);
        return Err(e);
    }
    if !ws.is_null()
        && let Err(e) = result(ioctl(s, TIOCSWINSZ, ws as usize))
    {
        close_raw(s);
        return Err(e);
    }
    if !name.is_null() {
        // SAFETY: the caller gives room for the name and its NUL.
        unsafe { core::ptr::copy_nonoverlapping(path.as_ptr(), name.cast(), size + 1) };
    }
    Ok(s)
}

/// `login_tty(fd)`—Prepares the terminal open on `fd` for a login session in the calling
/// process: a new session, `fd` its controlling terminal, and standard input, output and
/// error all `fd`, which is then closed (unless it is one of them). 0, or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn login_tty(fd: c_int) -> c_int {
    // A failure (already a group leader) is ignored: TIOCSCTTY then says whether the
    // terminal could be taken.
    limpet_process::id::setsid();
    if ret_int(ioctl(fd, TIOCSCTTY, 0)) < 0 {
        return -1;
    }
    for std in 0..3 {
        if std != fd && ret_int(dup_onto(fd, std)) < 0 {
            return -1;
        }
    }
    if fd > 2 {
        close_raw(fd);
    }
    0
}

/// `dup2(old, new)` for old != new, on every architecture.
fn dup_onto(old: c_int, new: c_int) -> usize {
    // SAFETY: dup3 takes no pointers.
    unsafe { syscall3(nr::DUP3, old as usize, new as usize, 0) }
}

/// `forkpty(master, name, tio, ws)`—`openpty`, then `fork`: the child's standard streams
/// and controlling terminal are the slave (`login_tty`) and it gets 0; the parent gets the
/// child's pid and the master in `*master`. When the child cannot take the terminal it
/// exits with status 127 and the parent gets -1 with the child's errno; -1 with errno also
/// when no pty or process can be made.
///
/// # Safety
/// As for `openpty`, with `master` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn forkpty(
    master: *mut c_int,
    name: *mut c_char,
    tio: *const Termios,
    ws: *const Winsize,
) -> c_int {
    let (mut m, mut s) = (0, 0);
    // SAFETY: forwarded contracts; `m` and `s` are locals.
    if unsafe { openpty(&mut m, &mut s, name, tio, ws) } != 0 {
        return -1;
    }
    // The child reports a failed `login_tty` through a close-on-exec pipe.
    let mut pipe = [0 as c_int; 2];
    // SAFETY: `pipe` has room for two descriptors.
    if let Err(e) = result(unsafe { syscall2(nr::PIPE2, pipe.as_mut_ptr() as usize, O_CLOEXEC as usize) }) {
        close_raw(m);
        close_raw(s);
        set_errno(e);
        return -1;
    }
    // SAFETY: fork's contract is the caller's: it is forkpty's.
    let pid = unsafe { limpet_process::fork::fork() };
    if pid == 0 {
        close_raw(m);
        close_raw(pipe[0]);
        if login_tty(s) != 0 {
            let e = errno();
            // SAFETY: four bytes from a local.
            unsafe { syscall3(nr::WRITE, pipe[1] as usize, &raw const e as usize, 4) };
            // SAFETY: exit_group ends the child at once, as `_exit` would.
            unsafe { syscall1_noreturn(nr::EXIT_GROUP, 127) };
        }
        close_raw(pipe[1]);
        return 0;
    }
    let fork_errno = errno();
    close_raw(s);
    close_raw(pipe[1]);
    if pid < 0 {
        close_raw(m);
        close_raw(pipe[0]);
        set_errno(fork_errno);
        return -1;
    }
    let mut child_errno: c_int = 0;
    // SAFETY: four bytes into a local; not a cancellation point.
    let got = result(unsafe { syscall3(nr::READ, pipe[0] as usize, &raw mut child_errno as usize, 4) });
    close_raw(pipe[0]);
    if got == Ok(4) {
        let mut status = 0;
        // SAFETY: `status` is a local.
        unsafe { limpet_process::wait::waitpid(pid, &mut status, 0) };
        close_raw(m);
        set_errno(child_errno);
        return -1;
    }
    // SAFETY: the caller's contract on `master`.
    unsafe { *master = m };
    pid
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Pty;

    #[test]
    fn names_and_master_checks() {
        let p = Pty::open();
        let mut buf = [0 as c_char; 32];
        // SAFETY: `buf` holds 32 bytes.
        assert_eq!(unsafe { ptsname_r(p.master, buf.as_mut_ptr(), buf.len()) }, 0);
        let name = unsafe { core::ffi::CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap();
        assert!(name.starts_with("/dev/pts/"), "{name}");
        assert_eq!(unsafe { core::ffi::CStr::from_ptr(ptsname(p.master)) }.to_str().unwrap(), name);
        assert_eq!(unsafe { ptsname_r(p.master, buf.as_mut_ptr(), name.len()) }, ERANGE);
        assert_eq!(unsafe { ptsname_r(p.slave, buf.as_mut_ptr(), buf.len()) }, EINVAL);
        assert_eq!(unsafe { ptsname_r(-1, buf.as_mut_ptr(), buf.len()) }, EBADF);
        assert!(ptsname(-1).is_null());
        assert_eq!(errno(), EBADF);
        assert_eq!(grantpt(p.master), 0);
        assert_eq!(grantpt(p.slave), -1);
        assert_eq!(errno(), EINVAL);
    }

    #[test]
    fn pts_names() {
        let mut out = [0u8; PTS_NAME_MAX];
        for (n, want) in [(0, "/dev/pts/0"), (7, "/dev/pts/7"), (4_294_967_295, "/dev/pts/4294967295")] {
            let len = pts_name(n, &mut out);
            assert_eq!(&out[..len], want.as_bytes());
            assert_eq!(out[len], 0);
        }
    }

    #[test]
    fn openpty_sets_attributes_and_size() {
        let mut t = Termios::default();
        let p = Pty::open();
        // SAFETY: `t` is a termios.
        assert_eq!(unsafe { crate::attr::tcgetattr(p.slave, &mut t) }, 0);
        unsafe { crate::attr::cfmakeraw(&mut t) };
        let ws = Winsize { ws_row: 5, ws_col: 7, ws_xpixel: 0, ws_ypixel: 0 };
        let (mut m, mut s) = (-1, -1);
        let mut name = [0 as c_char; 32];
        // SAFETY: locals of the right types.
        assert_eq!(unsafe { openpty(&mut m, &mut s, name.as_mut_ptr(), &t, &ws) }, 0);
        let mut back = Termios::default();
        assert_eq!(unsafe { crate::attr::tcgetattr(s, &mut back) }, 0);
        assert_eq!(back.c_lflag, t.c_lflag);
        let mut wb = Winsize::default();
        assert_eq!(unsafe { crate::control::tcgetwinsize(m, &mut wb) }, 0);
        assert_eq!(wb, ws);
        let mut expect = [0 as c_char; 32];
        assert_eq!(unsafe { ptsname_r(m, expect.as_mut_ptr(), 32) }, 0);
        assert_eq!(name, expect);
        // A round trip through the pair: the slave is raw, so no echo and no line editing.
        assert_eq!(unsafe { limpet_syscall::unistd::write(m, b"hi".as_ptr().cast(), 2) }, 2);
        let mut got = [0u8; 2];
        assert_eq!(unsafe { limpet_syscall::unistd::read(s, got.as_mut_ptr().cast(), 2) }, 2);
        assert_eq!(&got, b"hi");
        close_raw(m);
        close_raw(s);
    }
}
