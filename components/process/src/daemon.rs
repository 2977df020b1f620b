//! `daemon`.
use core::ffi::c_int;

use limpet_abi::fcntl::O_RDWR;
use limpet_syscall::{nr, result, set_errno, syscall1, syscall3, syscall4};

use crate::fork::fork;
use crate::id::setsid;

/// `daemon(nochdir, noclose)`—Detaches the calling program from its terminal and parent:
/// unless `nochdir`, the working directory becomes "/"; unless `noclose`, standard input,
/// output and error become /dev/null; then it forks (the parent exits with status 0), starts
/// a new session, and forks again (so the daemon can never take a controlling terminal),
/// the middle process exiting too. Returns 0 in the daemon, or -1 with errno when a step
/// fails (the process may then already be a child of the original).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn daemon(nochdir: c_int, noclose: c_int) -> c_int {
    if nochdir == 0 {
        // SAFETY: a NUL-terminated literal.
        if let Err(e) = result(unsafe { syscall1(nr::CHDIR, c"/".as_ptr() as usize) }) {
            set_errno(e);
            return -1;
        }
    }
    if noclose == 0 && !to_dev_null() {
        return -1;
    }
    for step in 0..2 {
        // SAFETY: the child goes on with this very code; the parent only exits.
        match unsafe { fork() } {
            0 => {}
            -1 => return -1,
            _ => limpet_start::exit::_exit(0),
        }
        if step == 0 && setsid() < 0 {
            return -1;
        }
    }
    0
}

/// Points descriptors 0, 1 and 2 at /dev/null; false with errno set when that fails.
fn to_dev_null() -> bool {
    use limpet_abi::fcntl::AT_FDCWD;
    // SAFETY: a NUL-terminated literal.
    let fd = match result(unsafe { syscall4(nr::OPENAT, AT_FDCWD as usize, c"/dev/null".as_ptr() as usize, O_RDWR as usize, 0) }) {
        Ok(fd) => fd,
        Err(e) => {
            set_errno(e);
            return false;
        }
    };
    let mut failed = None;
    for std in 0..3 {
        // SAFETY: dup3 takes no pointers; equal descriptors are left alone (dup3 refuses them).
        if std != fd
            && let Err(e) = result(unsafe { syscall3(nr::DUP3, fd, std, 0) })
        {
            failed.get_or_insert(e);
        }
    }
    if fd > 2 {
        // SAFETY: the descriptor is ours.
        unsafe { syscall1(nr::CLOSE, fd) };
    }
    if let Some(e) = failed {
        set_errno(e);
    }
    failed.is_none()
}
