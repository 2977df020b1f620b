//! POSIX message queues: `mq_open`, `mq_close`, `mq_unlink`, `mq_send`, `mq_timedsend`,
//! `mq_receive`, `mq_timedreceive`, `mq_getattr`, `mq_setattr`, `mq_notify`.
use core::ffi::{c_char, c_int, c_uint};

use limpet_abi::fcntl::O_CREAT;
use limpet_abi::ipc::MqAttr;
use limpet_abi::signal::{SIGEV_THREAD, Sigevent};
use limpet_abi::time::Timespec;
use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::errno::{EACCES, EPERM};
use limpet_syscall::{nr, result, ret_errno, set_errno, syscall1, syscall2, syscall3, syscall4};

use crate::ret_int;

/// A message queue descriptor, `mqd_t`: on Linux a file descriptor.
pub type MqdT = c_int;

/// The kernel's name for `name`: without its one leading slash.
///
/// # Safety
/// `name` must be a NUL-terminated string.
unsafe fn kernel_name(name: *const c_char) -> *const c_char {
    // SAFETY: the string has at least its NUL.
    if unsafe { *name } == b'/' as c_char { unsafe { name.add(1) } } else { name }
}

/// `mq_open(name, flags, ...)`—Opens the queue `name` (one leading slash, then a name
/// without slashes), creating it with `O_CREAT` with the `mode_t` and `struct mq_attr *`
/// that then follow (null: the system's defaults); they travel as the named arguments they
/// are. The descriptor, or -1 with errno (ENOENT, EEXIST, EACCES, EINVAL for bad
/// attributes, EMFILE).
///
/// # Safety
/// `name` must be a NUL-terminated string; with `O_CREAT`, `attr` null or valid.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mq_open(name: *const c_char, flags: c_int, mode: c_uint, attr: *const MqAttr) -> MqdT {
    let (mode, attr) = if flags & O_CREAT != 0 { (mode as usize, attr as usize) } else { (0, 0) };
    // SAFETY: the caller's string and attributes.
    ret_int(unsafe { syscall4(nr::MQ_OPEN, kernel_name(name) as usize, flags as usize, mode, attr) })
}

/// `mq_close(mqd)`—Closes the queue descriptor (a notification it registered goes too); 0,
/// or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn mq_close(mqd: MqdT) -> c_int {
    // SAFETY: close takes no pointer.
    ret_int(unsafe { syscall1(nr::CLOSE, mqd as usize) })
}

/// `mq_unlink(name)`—Removes the queue's name; open descriptors keep it alive. 0, or -1 with
/// errno (ENOENT, EACCES: the kernel's EPERM is reported as POSIX's EACCES, as musl does).
///
/// # Safety
/// `name` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mq_unlink(name: *const c_char) -> c_int {
    // SAFETY: the caller's string.
    match result(unsafe { syscall1(nr::MQ_UNLINK, kernel_name(name) as usize) }) {
        Ok(_) => 0,
        Err(e) => {
            set_errno(if e == EPERM { EACCES } else { e });
            -1
        }
    }
}

/// `mq_timedsend(mqd, msg, len, prio, timeout)`—Sends `len` bytes with priority `prio`,
/// waiting for room until the absolute `timeout` (null: forever) unless the queue is
/// non-blocking; 0, or -1 with errno (EAGAIN, ETIMEDOUT, EMSGSIZE, EINTR, EBADF). A
/// cancellation point.
///
/// # Safety
/// `msg` must be readable for `len` bytes; `timeout` null or valid.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mq_timedsend(mqd: MqdT, msg: *const c_char, len: usize, prio: c_uint, timeout: *const Timespec) -> c_int {
    // SAFETY: the caller vouches for the pointers.
    ret_int(unsafe { syscall_cp(nr::MQ_TIMEDSEND, mqd as usize, msg as usize, len, prio as usize, timeout as usize, 0) })
}

/// `mq_send(mqd, msg, len, prio)`—`mq_timedsend` with no time limit.
///
/// # Safety
/// As for `mq_timedsend`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mq_send(mqd: MqdT, msg: *const c_char, len: usize, prio: c_uint) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { mq_timedsend(mqd, msg, len, prio, core::ptr::null()) }
}

/// `mq_timedreceive(mqd, msg, len, prio, timeout)`—Receives the oldest message of the
/// highest priority into `msg` (which must hold the queue's `mq_msgsize`), its priority in
/// `*prio` when not null; waits until the absolute `timeout`. The message's length, or -1
/// with errno (EMSGSIZE for a small buffer, EAGAIN, ETIMEDOUT, EINTR). A cancellation
/// point.
///
/// # Safety
/// `msg` must be writable for `len` bytes; `prio` null or writable; `timeout` null or valid.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mq_timedreceive(
    mqd: MqdT,
    msg: *mut c_char,
    len: usize,
    prio: *mut c_uint,
    timeout: *const Timespec,
) -> isize {
    // SAFETY: the caller vouches for the pointers.
    ret_errno(unsafe { syscall_cp(nr::MQ_TIMEDRECEIVE, mqd as usize, msg as usize, len, prio as usize, timeout as usize, 0) })
}

/// `mq_receive(mqd, msg, len, prio)`—`mq_timedreceive` with no time limit.
///
/// # Safety
/// As for `mq_timedreceive`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mq_receive(mqd: MqdT, msg: *mut c_char, len: usize, prio: *mut c_uint) -> isize {
    // SAFETY: forwarded contract.
    unsafe { mq_timedreceive(mqd, msg, len, prio, core::ptr::null()) }
}

/// `mq_setattr(mqd, new, old)`—Sets the queue descriptor's `O_NONBLOCK` from `new->mq_flags`
/// (the other fields cannot change) and stores the attributes before it in `*old` when not
/// null; 0, or -1 with errno.
///
/// # Safety
/// `new` null or readable; `old` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mq_setattr(mqd: MqdT, new: *const MqAttr, old: *mut MqAttr) -> c_int {
    // SAFETY: the caller vouches for both.
    ret_int(unsafe { syscall3(nr::MQ_GETSETATTR, mqd as usize, new as usize, old as usize) })
}

/// `mq_getattr(mqd, attr)`—The queue's flags, capacity, message size and current count.
///
/// # Safety
/// `attr` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mq_getattr(mqd: MqdT, attr: *mut MqAttr) -> c_int {
    // SAFETY: forwarded contract; a null `new` only reads.
    unsafe { mq_setattr(mqd, core::ptr::null(), attr) }
}

/// `mq_notify(mqd, sev)`—Asks to be told once when a message arrives on the empty queue:
/// by a signal (`SIGEV_SIGNAL`), by a function run on a new thread (`SIGEV_THREAD`, with
/// `sigev_notify_attributes` if given), or not at all (`SIGEV_NONE`, which only claims the
/// registration); a null `sev` gives the registration up. 0, or -1 with errno (EBUSY when
/// another process is registered, EBADF, EINVAL, EAGAIN when no thread can be made).
///
/// # Safety
/// `sev` null or a valid `struct sigevent`, its function and attributes valid.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mq_notify(mqd: MqdT, sev: *const Sigevent) -> c_int {
    // SAFETY: a non-null `sev` is readable (the caller's contract).
    if !sev.is_null() && unsafe { (*sev).sigev_notify } == SIGEV_THREAD {
        // SAFETY: forwarded contract.
        return unsafe { crate::mq_thread::notify_by_thread(mqd, &*sev) };
    }
    // SAFETY: the kernel reads the caller's sigevent.
    ret_int(unsafe { syscall2(nr::MQ_NOTIFY, mqd as usize, sev as usize) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_abi::fcntl::{O_EXCL, O_NONBLOCK, O_RDWR};
    use limpet_abi::signal::SIGEV_NONE;
    use limpet_syscall::errno;
    use limpet_syscall::errno::{EAGAIN, EBUSY, EEXIST, EMSGSIZE, ENOENT};
    use std::ffi::CString;

    #[test]
    fn priorities_attributes_and_registration() {
        let name = CString::new(format!("/limpet-mq-{}", std::process::id())).unwrap();
        let attr = MqAttr { mq_flags: 0, mq_maxmsg: 4, mq_msgsize: 16, mq_curmsgs: 0, unused: [0; 4] };
        // SAFETY: NUL-terminated names, valid buffers throughout.
        unsafe {
            let q = mq_open(name.as_ptr(), O_CREAT | O_EXCL | O_RDWR, 0o600, &attr);
            if q < 0 && errno() == limpet_syscall::errno::ENOSYS {
                return; // A kernel without POSIX message queues.
            }
            assert!(q >= 0, "errno {}", errno());
            assert_eq!(mq_open(name.as_ptr(), O_CREAT | O_EXCL | O_RDWR, 0o600, &attr), -1);
            assert_eq!(errno(), EEXIST);
            assert_eq!(mq_send(q, c"low".as_ptr(), 3, 1), 0, "errno {}", errno());
            assert_eq!(mq_send(q, c"high".as_ptr(), 4, 9), 0);
            let mut got = MqAttr::default();
            assert_eq!(mq_getattr(q, &mut got), 0);
            assert_eq!((got.mq_maxmsg, got.mq_msgsize, got.mq_curmsgs), (4, 16, 2));
            let mut buf = [0 as c_char; 16];
            let mut prio = 0;
            assert_eq!(mq_receive(q, buf.as_mut_ptr(), 16, &mut prio), 4);
            assert_eq!(prio, 9);
            assert_eq!(mq_receive(q, buf.as_mut_ptr(), 8, &mut prio), -1);
            assert_eq!(errno(), EMSGSIZE);
            assert_eq!(mq_receive(q, buf.as_mut_ptr(), 16, &mut prio), 3);
            let nb = MqAttr { mq_flags: O_NONBLOCK as i64, ..MqAttr::default() };
            assert_eq!(mq_setattr(q, &nb, core::ptr::null_mut()), 0);
            assert_eq!(mq_receive(q, buf.as_mut_ptr(), 16, &mut prio), -1);
            assert_eq!(errno(), EAGAIN);
            let none = Sigevent { sigev_value: 0, sigev_signo: 0, sigev_notify: SIGEV_NONE, sigev_un: [0; 6] };
            if mq_notify(q, &none) == -1 && errno() == limpet_syscall::errno::ENOSYS {
                // qemu-user does not carry mq_notify over to the host.
                std::eprintln!("mq_notify: ENOSYS (qemu-user), its checks skipped");
            } else {
                assert_eq!(mq_notify(q, &none), -1);
                assert_eq!(errno(), EBUSY);
                assert_eq!(mq_notify(q, core::ptr::null()), 0);
            }
            assert_eq!(mq_close(q), 0);
            assert_eq!(mq_unlink(name.as_ptr()), 0);
            assert_eq!(mq_unlink(name.as_ptr()), -1);
            assert_eq!(errno(), ENOENT);
        }
    }
}
