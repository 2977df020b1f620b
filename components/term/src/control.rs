//! Line and job control: `tcdrain`, `tcflow`, `tcflush`, `tcsendbreak`, `tcgetpgrp`,
//! `tcsetpgrp`, `tcgetsid`, `tcgetwinsize`, `tcsetwinsize`, `vhangup`.
use core::ffi::c_int;

use limpet_abi::termios::{TCFLSH, TCSBRK, TCXONC, TIOCGPGRP, TIOCGSID, TIOCGWINSZ, TIOCSPGRP, TIOCSWINSZ, Winsize};
use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::{nr, syscall0};

use crate::{ioctl, ret_int};

/// `tcdrain(fd)`—Waits until everything written to the terminal has been sent; 0, or -1
/// with errno. A cancellation point.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tcdrain(fd: c_int) -> c_int {
    // SAFETY: TCSBRK with a nonzero argument only drains; it takes no pointer.
    ret_int(unsafe { syscall_cp(nr::IOCTL, fd as usize, TCSBRK as usize, 1, 0, 0, 0) })
}

/// `tcflow(fd, action)`—Suspends or restarts output (`TCOOFF`, `TCOON`) or input (`TCIOFF`,
/// `TCION`); 0, or -1 with errno (EINVAL for another action).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tcflow(fd: c_int, action: c_int) -> c_int {
    ret_int(ioctl(fd, TCXONC, action as usize))
}

/// `tcflush(fd, queue)`—Discards unread input (`TCIFLUSH`), unsent output (`TCOFLUSH`) or
/// both (`TCIOFLUSH`); 0, or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tcflush(fd: c_int, queue: c_int) -> c_int {
    ret_int(ioctl(fd, TCFLSH, queue as usize))
}

/// `tcsendbreak(fd, duration)`—Sends a break, 0.25 to 0.5 seconds of zero bits; Linux has no
/// other length, so `duration` is not used. 0, or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tcsendbreak(fd: c_int, _duration: c_int) -> c_int {
    ret_int(ioctl(fd, TCSBRK, 0))
}

/// `tcgetpgrp(fd)`—The foreground process group of the terminal, or -1 with errno (ENOTTY
/// when it is not the caller's controlling terminal).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tcgetpgrp(fd: c_int) -> c_int {
    let mut pgrp: c_int = 0;
    if ret_int(ioctl(fd, TIOCGPGRP, &raw mut pgrp as usize)) < 0 { -1 } else { pgrp }
}

/// `tcsetpgrp(fd, pgrp)`—Makes `pgrp` the terminal's foreground process group; 0, or -1
/// with errno (EPERM for a group of another session, ENOTTY).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tcsetpgrp(fd: c_int, pgrp: c_int) -> c_int {
    ret_int(ioctl(fd, TIOCSPGRP, &raw const pgrp as usize))
}

/// `tcgetsid(fd)`—The session the terminal controls, or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tcgetsid(fd: c_int) -> c_int {
    let mut sid: c_int = 0;
    if ret_int(ioctl(fd, TIOCGSID, &raw mut sid as usize)) < 0 { -1 } else { sid }
}

/// `tcgetwinsize(fd, ws)`—Stores the terminal's window size in `*ws`; 0, or -1 with errno.
///
/// # Safety
/// `ws` must point to a writable `struct winsize`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn tcgetwinsize(fd: c_int, ws: *mut Winsize) -> c_int {
    ret_int(ioctl(fd, TIOCGWINSZ, ws as usize))
}

/// `tcsetwinsize(fd, ws)`—Sets the terminal's window size (the foreground group gets
/// `SIGWINCH` when it changes); 0, or -1 with errno.
///
/// # Safety
/// `ws` must point to a readable `struct winsize`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn tcsetwinsize(fd: c_int, ws: *const Winsize) -> c_int {
    ret_int(ioctl(fd, TIOCSWINSZ, ws as usize))
}

/// `vhangup()`—Hangs up the calling process's controlling terminal, as if the line dropped;
/// 0, or -1 with errno (EPERM without `CAP_SYS_TTY_CONFIG`).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn vhangup() -> c_int {
    // SAFETY: vhangup takes no arguments.
    ret_int(unsafe { syscall0(nr::VHANGUP) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Pty;
    use limpet_syscall::errno;
    use limpet_syscall::errno::{EBADF, ENOTTY};

    #[test]
    fn window_size_round_trips() {
        let p = Pty::open();
        let ws = Winsize { ws_row: 24, ws_col: 80, ws_xpixel: 640, ws_ypixel: 480 };
        // SAFETY: valid winsize objects.
        assert_eq!(unsafe { tcsetwinsize(p.master, &ws) }, 0);
        let mut back = Winsize::default();
        assert_eq!(unsafe { tcgetwinsize(p.slave, &mut back) }, 0);
        assert_eq!(back, ws);
        assert_eq!(unsafe { tcgetwinsize(-1, &mut back) }, -1);
        assert_eq!(errno(), EBADF);
    }

    #[test]
    fn line_control_on_a_pty() {
        let p = Pty::open();
        assert_eq!(tcdrain(p.slave), 0);
        assert_eq!(tcflush(p.slave, 2), 0);
        assert_eq!(tcflush(p.slave, 9), -1);
        assert_eq!(tcflow(p.slave, 1), 0);
        assert_eq!(tcsendbreak(p.master, 0), 0);
        // Not the test process's controlling terminal.
        assert_eq!(tcgetpgrp(p.slave), -1);
        assert_eq!(errno(), ENOTTY);
        assert_eq!(tcgetsid(p.slave), -1);
        let f = crate::testutil::devnull();
        assert_eq!(tcdrain(f), -1);
        assert_eq!(errno(), ENOTTY);
        limpet_syscall::unistd::close(f);
    }
}
