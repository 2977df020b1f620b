//! `getpass`.
use core::cell::UnsafeCell;
use core::ffi::{c_char, c_int};

use limpet_abi::fcntl::{O_CLOEXEC, O_NOCTTY, O_RDWR};
use limpet_abi::termios::{ECHO, ICANON, ICRNL, IGNCR, INLCR, ISIG, TCSAFLUSH, Termios};
use limpet_syscall::{nr, result, syscall3};

use crate::attr::{tcgetattr, tcsetattr};
use crate::control::tcdrain;

/// The longest password `getpass` keeps, in bytes; a longer line is cut there.
const PASS_MAX: usize = 128;

struct PassBuf(UnsafeCell<[u8; PASS_MAX]>);
// SAFETY: POSIX's `getpass` returns a static buffer each call overwrites; concurrent calls
// race on it as on any C library.
unsafe impl Sync for PassBuf {}
static PASSWORD: PassBuf = PassBuf(UnsafeCell::new([0; PASS_MAX]));

/// `getpass(prompt)`—Writes `prompt` to the controlling terminal (`/dev/tty`) and reads a
/// line from it with echo and signals off, restoring the terminal afterwards. Returns the
/// line without its newline, in a static buffer, cut to 127 bytes; null with errno when
/// there is no controlling terminal or the read fails.
///
/// # Safety
/// `prompt` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getpass(prompt: *const c_char) -> *mut c_char {
    let fd = match crate::pty::open_raw(c"/dev/tty".as_ptr(), O_RDWR | O_NOCTTY | O_CLOEXEC) {
        Ok(fd) => fd,
        Err(e) => {
            limpet_syscall::set_errno(e);
            return core::ptr::null_mut();
        }
    };
    let mut saved = Termios::default();
    // SAFETY: `saved` is a termios.
    let have_attrs = unsafe { tcgetattr(fd, &mut saved) } == 0;
    if have_attrs {
        let mut quiet = saved;
        quiet.c_lflag = (quiet.c_lflag & !(ECHO | ISIG)) | ICANON;
        quiet.c_iflag = (quiet.c_iflag & !(INLCR | IGNCR)) | ICRNL;
        // SAFETY: `quiet` is a termios.
        unsafe { tcsetattr(fd, TCSAFLUSH, &quiet) };
        tcdrain(fd);
    }
    // SAFETY: the caller's NUL-terminated prompt.
    let len = unsafe { core::ffi::CStr::from_ptr(prompt) }.count_bytes();
    write_all(fd, prompt.cast(), len);
    let buf = PASSWORD.0.get().cast::<u8>();
    // SAFETY: the static buffer holds PASS_MAX bytes.
    let got = result(unsafe { syscall3(nr::READ, fd as usize, buf as usize, PASS_MAX) });
    if let Ok(mut n) = got {
        // SAFETY: `n <= PASS_MAX`; the byte before it was written by the read.
        if n == PASS_MAX || (n > 0 && unsafe { *buf.add(n - 1) } == b'\n') {
            n -= 1;
        }
        // SAFETY: `n < PASS_MAX`.
        unsafe { *buf.add(n) = 0 };
    }
    if have_attrs {
        // SAFETY: `saved` is a termios.
        unsafe { tcsetattr(fd, TCSAFLUSH, &saved) };
    }
    write_all(fd, b"\n".as_ptr(), 1);
    crate::pty::close_raw(fd);
    match got {
        Ok(_) => buf.cast(),
        Err(e) => {
            limpet_syscall::set_errno(e);
            core::ptr::null_mut()
        }
    }
}

fn write_all(fd: c_int, mut p: *const u8, mut len: usize) {
    while len > 0 {
        // SAFETY: `p` is valid for `len` bytes (each caller's buffer).
        match result(unsafe { syscall3(nr::WRITE, fd as usize, p as usize, len) }) {
            Ok(n) if n > 0 => {
                // SAFETY: the kernel wrote `n <= len` bytes.
                p = unsafe { p.add(n) };
                len -= n;
            }
            _ => return,
        }
    }
}
