//! Terminals: the attributes of `<termios.h>` (`tcgetattr`, `tcsetattr`, the `cf*` speed
//! functions), line control and job control (`tcdrain`, `tcflush`, `tcgetpgrp`, ...), the
//! window size, pseudo-terminals (`posix_openpt`, `ptsname`, `openpty`, `forkpty`,
//! `login_tty`) and `getpass`.
//!
//! Every function is a terminal `ioctl` or a few, with musl's ABI: `struct termios` is
//! musl's, whose first 36 bytes are the kernel's (`TCGETS` writes those), and the line speeds
//! live in `c_cflag`'s `CBAUD` bits, as on Linux. The structs and requests are limpet-abi's
//! (`limpet_abi::termios`). `forkpty` forks through limpet-process, so fork handlers run.
#![cfg_attr(not(test), no_std)]

pub mod attr;
pub mod control;
pub mod getpass;
pub mod pty;

use core::ffi::{c_int, c_ulong};

use limpet_syscall::{nr, syscall3};

/// A raw `ioctl`: the kernel's return, errno not touched.
fn ioctl(fd: c_int, request: c_ulong, arg: usize) -> usize {
    // SAFETY: each caller passes the object its request reads or writes.
    unsafe { syscall3(nr::IOCTL, fd as usize, request as usize, arg) }
}

/// Turns a raw return into the C convention: the value as an `int`, or -1 with errno set.
fn ret_int(r: usize) -> c_int {
    limpet_syscall::ret_errno(r) as c_int
}

#[cfg(test)]
mod testutil;
