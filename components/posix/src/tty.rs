//! Terminals: `isatty`, `ttyname`, `ttyname_r`.
use core::cell::UnsafeCell;
use core::ffi::{c_char, c_int};

use limpet_syscall::errno::{EBADF, ENODEV, ENOTTY, ERANGE};
use limpet_syscall::unistd::{fstat, stat};
use limpet_syscall::{errno, nr, result, set_errno, syscall3};

use crate::abi::Stat;
use crate::procfd::ProcFdName;
use crate::symlink::readlink;

const TIOCGWINSZ: usize = 0x5413;
/// musl's `TTY_NAME_MAX`.
const TTY_NAME_MAX: usize = 32;

/// `struct winsize`, filled by the probe and otherwise unused.
#[repr(C)]
#[derive(Default)]
struct Winsize {
    ws_row: u16,
    ws_col: u16,
    ws_xpixel: u16,
    ws_ypixel: u16,
}

/// `isatty(fd)`—1 if `fd` is a terminal, else 0 with errno set: EBADF for a descriptor that is
/// not open, ENOTTY otherwise. Only terminals answer the window-size query.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn isatty(fd: c_int) -> c_int {
    let mut ws = Winsize::default();
    // SAFETY: TIOCGWINSZ writes a `struct winsize`, which `ws` is.
    let r = unsafe { syscall3(nr::IOCTL, fd as usize, TIOCGWINSZ, &raw mut ws as usize) };
    match result(r) {
        Ok(_) => 1,
        Err(e) => {
            set_errno(if e == EBADF { EBADF } else { ENOTTY });
            0
        }
    }
}

/// `ttyname_r(fd, buf, size)`—Stores the name of the terminal open on `fd` in `buf`; returns 0,
/// or an error number (without touching errno's contract): ENOTTY or EBADF when `fd` is no
/// terminal, ERANGE when `buf` is too small, ENODEV when the name found no longer leads to
/// the same terminal.
///
/// # Safety
/// `buf` must be valid for `size` bytes of writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ttyname_r(fd: c_int, buf: *mut c_char, size: usize) -> c_int {
    if isatty(fd) == 0 {
        return errno();
    }
    let name = ProcFdName::new(fd);
    // SAFETY: forwarded contract on `buf`.
    let n = unsafe { readlink(name.as_ptr(), buf, size) };
    if n < 0 {
        return errno();
    }
    // A name that fills the whole buffer may have been cut short, and needs a NUL anyway.
    if n as usize >= size {
        set_errno(ERANGE);
        return ERANGE;
    }
    // SAFETY: `n < size`.
    unsafe { *buf.add(n as usize) = 0 };
    let mut by_name = Stat::default();
    let mut by_fd = Stat::default();
    // SAFETY: `buf` is now NUL-terminated; both Stats are local.
    if unsafe { stat(buf, &mut by_name) } != 0 || unsafe { fstat(fd, &mut by_fd) } != 0 {
        return errno();
    }
    if (by_name.st_dev, by_name.st_ino) != (by_fd.st_dev, by_fd.st_ino) {
        set_errno(ENODEV);
        return ENODEV;
    }
    0
}

/// The static buffer `ttyname` returns.
struct NameBuf(UnsafeCell<[c_char; TTY_NAME_MAX]>);
// SAFETY: only `ttyname` writes the buffer, and POSIX lets `ttyname` be non-reentrant: callers
// that share it across threads must serialise, as with any C static result buffer.
unsafe impl Sync for NameBuf {}
static TTYNAME: NameBuf = NameBuf(UnsafeCell::new([0; TTY_NAME_MAX]));

/// `ttyname(fd)`—The name of the terminal open on `fd`, in a static buffer that the next call
/// overwrites; or null with errno set.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn ttyname(fd: c_int) -> *mut c_char {
    let buf = TTYNAME.0.get() as *mut c_char;
    // SAFETY: the buffer is TTY_NAME_MAX bytes (see NameBuf for the sharing contract).
    let e = unsafe { ttyname_r(fd, buf, TTY_NAME_MAX) };
    if e != 0 {
        set_errno(e);
        return core::ptr::null_mut();
    }
    buf
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::errno;
    use std::ffi::CStr;

    #[test]
    fn non_terminals_are_refused() {
        let f = std::fs::File::open("/proc/self/stat").unwrap();
        let fd = std::os::fd::AsRawFd::as_raw_fd(&f);
        assert_eq!(isatty(fd), 0);
        assert_eq!(errno(), ENOTTY);
        assert_eq!(isatty(-1), 0);
        assert_eq!(errno(), EBADF);
        let mut buf = [0 as c_char; 64];
        assert_eq!(unsafe { ttyname_r(fd, buf.as_mut_ptr(), 64) }, ENOTTY);
        assert!(ttyname(-1).is_null());
        assert_eq!(errno(), EBADF);
    }

    #[test]
    fn a_pseudo_terminal_has_a_name() {
        let m = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/ptmx")
            .unwrap();
        let mfd = std::os::fd::AsRawFd::as_raw_fd(&m);
        let mut n: c_int = 0;
        const TIOCGPTN: usize = 0x80045430;
        const TIOCSPTLCK: usize = 0x40045431;
        let zero: c_int = 0;
        unsafe {
            syscall3(
                nr::IOCTL,
                mfd as usize,
                TIOCSPTLCK,
                &raw const zero as usize,
            )
        };
        unsafe { syscall3(nr::IOCTL, mfd as usize, TIOCGPTN, &raw mut n as usize) };
        let path = format!("/dev/pts/{n}");
        let s = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&path)
            .unwrap();
        let sfd = std::os::fd::AsRawFd::as_raw_fd(&s);
        assert_eq!(isatty(sfd), 1);
        let p = ttyname(sfd);
        assert!(!p.is_null());
        assert_eq!(unsafe { CStr::from_ptr(p) }.to_str().unwrap(), path);
        let mut small = [0 as c_char; 4];
        assert_eq!(unsafe { ttyname_r(sfd, small.as_mut_ptr(), 4) }, ERANGE);
    }
}
