//! Terminal attributes: `tcgetattr`, `tcsetattr`, `cfmakeraw`, and the line speeds
//! (`cfgetispeed`, `cfgetospeed`, `cfsetispeed`, `cfsetospeed`, `cfsetspeed`).
use core::ffi::c_int;

use limpet_abi::termios::{
    BRKINT, CBAUD, CS8, CSIZE, ECHO, ECHONL, ICANON, ICRNL, IEXTEN, IGNBRK, IGNCR, INLCR, ISIG, ISTRIP, IXON,
    OPOST, PARENB, PARMRK, TCGETS, TCSAFLUSH, TCSANOW, TCSETS, Termios, VMIN, VTIME, speed_t,
};
use limpet_syscall::errno::EINVAL;
use limpet_syscall::set_errno;

use crate::{ioctl, ret_int};

/// `tcgetattr(fd, tio)`—Stores the attributes of the terminal open on `fd` in `*tio`; 0, or
/// -1 with errno (EBADF, ENOTTY).
///
/// # Safety
/// `tio` must point to a writable `struct termios`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn tcgetattr(fd: c_int, tio: *mut Termios) -> c_int {
    if ret_int(ioctl(fd, TCGETS, tio as usize)) < 0 { -1 } else { 0 }
}

/// `tcsetattr(fd, when, tio)`—Sets the terminal's attributes from `*tio`: now (`TCSANOW`),
/// once output has drained (`TCSADRAIN`), or then also discarding unread input
/// (`TCSAFLUSH`). 0, or -1 with errno: EINVAL for another `when`, EBADF, ENOTTY, EINTR.
///
/// # Safety
/// `tio` must point to a readable `struct termios`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn tcsetattr(fd: c_int, when: c_int, tio: *const Termios) -> c_int {
    if !(TCSANOW..=TCSAFLUSH).contains(&when) {
        set_errno(EINVAL);
        return -1;
    }
    // TCSETS, TCSETSW and TCSETSF follow each other in the order of the `when` values.
    if ret_int(ioctl(fd, TCSETS + when as core::ffi::c_ulong, tio as usize)) < 0 { -1 } else { 0 }
}

/// `cfgetospeed(tio)`—The output speed, a `B*` value.
///
/// # Safety
/// `tio` must point to a readable `struct termios`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn cfgetospeed(tio: *const Termios) -> speed_t {
    // SAFETY: the caller's contract.
    unsafe { (*tio).c_cflag & CBAUD }
}

/// `cfgetispeed(tio)`—The input speed: on Linux the line has one speed, the output one.
///
/// # Safety
/// As for `cfgetospeed`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn cfgetispeed(tio: *const Termios) -> speed_t {
    // SAFETY: forwarded contract.
    unsafe { cfgetospeed(tio) }
}

/// `cfsetospeed(tio, speed)`—Sets the speed in `*tio` (not yet on the terminal); 0, or -1
/// with errno EINVAL when `speed` is no `B*` value.
///
/// # Safety
/// `tio` must point to a writable `struct termios`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn cfsetospeed(tio: *mut Termios, speed: speed_t) -> c_int {
    if speed & !CBAUD != 0 {
        set_errno(EINVAL);
        return -1;
    }
    // SAFETY: the caller's contract.
    let t = unsafe { &mut *tio };
    t.c_cflag = (t.c_cflag & !CBAUD) | speed;
    0
}

/// `cfsetispeed(tio, speed)`—As `cfsetospeed`, the line having one speed; 0 (`B0`) means
/// "the same as the output speed" and changes nothing.
///
/// # Safety
/// As for `cfsetospeed`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn cfsetispeed(tio: *mut Termios, speed: speed_t) -> c_int {
    // SAFETY: forwarded contract.
    if speed == 0 { 0 } else { unsafe { cfsetospeed(tio, speed) } }
}

/// `cfsetspeed(tio, speed)`—Sets both speeds (the BSD name).
///
/// # Safety
/// As for `cfsetospeed`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn cfsetspeed(tio: *mut Termios, speed: speed_t) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { cfsetospeed(tio, speed) }
}

/// `cfmakeraw(tio)`—Makes `*tio` raw: no input or output processing, no echo, no signals
/// or line editing, 8-bit characters, reads that return as soon as one byte is there.
///
/// # Safety
/// `tio` must point to a writable `struct termios`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn cfmakeraw(tio: *mut Termios) {
    // SAFETY: the caller's contract.
    let t = unsafe { &mut *tio };
    t.c_iflag &= !(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON);
    t.c_oflag &= !OPOST;
    t.c_lflag &= !(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
    t.c_cflag = (t.c_cflag & !(CSIZE | PARENB)) | CS8;
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Pty;
    use limpet_syscall::errno;
    use limpet_syscall::errno::{EBADF, ENOTTY};

    #[test]
    fn attributes_round_trip_on_a_pty() {
        let p = Pty::open();
        let mut t = Termios::default();
        // SAFETY: `t` is a termios.
        assert_eq!(unsafe { tcgetattr(p.slave, &mut t) }, 0);
        assert_ne!(t.c_lflag & ICANON, 0, "a new pty is canonical");
        let mut raw = t;
        unsafe { cfmakeraw(&mut raw) };
        assert_eq!(raw.c_lflag & (ICANON | ECHO | ISIG), 0);
        assert_eq!((raw.c_cc[VMIN], raw.c_cc[VTIME]), (1, 0));
        assert_eq!(unsafe { tcsetattr(p.slave, TCSAFLUSH, &raw) }, 0);
        let mut back = Termios::default();
        assert_eq!(unsafe { tcgetattr(p.slave, &mut back) }, 0);
        assert_eq!((back.c_lflag & ICANON, back.c_oflag & OPOST, back.c_cflag & CSIZE), (0, 0, CS8));
        assert_eq!(unsafe { tcsetattr(p.slave, 3, &raw) }, -1);
        assert_eq!(errno(), EINVAL);
    }

    #[test]
    fn speeds_live_in_the_control_flags() {
        const B9600: speed_t = 0o15;
        const B115200: speed_t = 0o10002;
        let mut t = Termios::default();
        // SAFETY: `t` is a termios.
        unsafe {
            assert_eq!(cfsetospeed(&mut t, B115200), 0);
            assert_eq!((cfgetospeed(&t), cfgetispeed(&t)), (B115200, B115200));
            assert_eq!(cfsetispeed(&mut t, 0), 0);
            assert_eq!(cfgetispeed(&t), B115200);
            assert_eq!(cfsetspeed(&mut t, B9600), 0);
            assert_eq!(t.c_cflag, B9600);
            assert_eq!(cfsetospeed(&mut t, 0o20), -1);
            assert_eq!(errno(), EINVAL);
        }
    }

    #[test]
    fn not_a_terminal() {
        let mut t = Termios::default();
        let file = crate::testutil::devnull();
        // SAFETY: `t` is a termios.
        assert_eq!(unsafe { tcgetattr(file, &mut t) }, -1);
        assert_eq!(errno(), ENOTTY);
        limpet_syscall::unistd::close(file);
        assert_eq!(unsafe { tcgetattr(-1, &mut t) }, -1);
        assert_eq!(errno(), EBADF);
    }
}
