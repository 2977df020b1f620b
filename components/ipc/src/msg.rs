//! System V message queues: `msgget`, `msgsnd`, `msgrcv`, `msgctl`.
use core::ffi::{c_int, c_long, c_void};

use limpet_abi::ipc::{MsqidDs, key_t};
use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::{nr, ret_errno, syscall2, syscall3};

use crate::ret_int;

/// `msgget(key, flags)`—The queue of `key` (`IPC_PRIVATE`: a new one), created with
/// `IPC_CREAT` and the permission bits of `flags`; its id, or -1 with errno (ENOENT,
/// EEXIST with `IPC_EXCL`, EACCES, ENOSPC).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn msgget(key: key_t, flags: c_int) -> c_int {
    // SAFETY: msgget takes no pointer.
    ret_int(unsafe { syscall2(nr::MSGGET, key as usize, flags as usize) })
}

/// `msgsnd(id, msg, size, flags)`—Sends the message at `msg` (a `long` type, then `size`
/// bytes), waiting for room unless `IPC_NOWAIT`; 0, or -1 with errno (EAGAIN, EIDRM, EINTR,
/// EINVAL). A cancellation point.
///
/// # Safety
/// `msg` must be readable for a `long` and `size` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn msgsnd(id: c_int, msg: *const c_void, size: usize, flags: c_int) -> c_int {
    // SAFETY: the caller vouches for the message.
    ret_int(unsafe { syscall_cp(nr::MSGSND, id as usize, msg as usize, size, flags as usize, 0, 0) })
}

/// `msgrcv(id, msg, size, type, flags)`—Receives a message into `msg`: the first (`type`
/// 0), the first of `type`, or the first of the lowest type up to `-type`; waits unless
/// `IPC_NOWAIT`. The bytes of text received, or -1 with errno (E2BIG for a longer message
/// without `MSG_NOERROR`, ENOMSG, EIDRM, EINTR). A cancellation point.
///
/// # Safety
/// `msg` must be writable for a `long` and `size` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn msgrcv(id: c_int, msg: *mut c_void, size: usize, kind: c_long, flags: c_int) -> isize {
    // SAFETY: the caller vouches for the buffer.
    ret_errno(unsafe { syscall_cp(nr::MSGRCV, id as usize, msg as usize, size, kind as usize, flags as usize, 0) })
}

/// `msgctl(id, cmd, buf)`—Reads (`IPC_STAT`), changes (`IPC_SET`) or removes (`IPC_RMID`)
/// the queue; 0 (or what `IPC_INFO`/`MSG_INFO`/`MSG_STAT` return), or -1 with errno.
///
/// # Safety
/// `buf` must be what `cmd` reads or writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn msgctl(id: c_int, cmd: c_int, buf: *mut MsqidDs) -> c_int {
    // SAFETY: the caller vouches for `buf`.
    ret_int(unsafe { syscall3(nr::MSGCTL, id as usize, cmd as usize, buf as usize) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_abi::ipc::{IPC_CREAT, IPC_NOWAIT, IPC_PRIVATE, IPC_RMID, IPC_STAT, MSG_NOERROR};
    use limpet_syscall::errno;
    use limpet_syscall::errno::{E2BIG, EINVAL, ENOMSG};

    #[repr(C)]
    struct Msg {
        kind: c_long,
        text: [u8; 16],
    }

    #[test]
    fn messages_by_type() {
        let q = msgget(IPC_PRIVATE, IPC_CREAT | 0o600);
        assert!(q >= 0, "errno {}", errno());
        for (kind, text) in [(2, b"second"), (1, b"first!")] {
            let mut m = Msg { kind, text: [0; 16] };
            m.text[..6].copy_from_slice(text);
            // SAFETY: a message of 6 bytes of text.
            assert_eq!(unsafe { msgsnd(q, (&raw const m).cast(), 6, 0) }, 0);
        }
        let mut ds = MsqidDs::default();
        assert_eq!(unsafe { msgctl(q, IPC_STAT, &mut ds) }, 0);
        assert_eq!((ds.msg_qnum, ds.msg_cbytes), (2, 12));
        let mut got = Msg { kind: 0, text: [0; 16] };
        // SAFETY: room for 16 bytes of text.
        assert_eq!(unsafe { msgrcv(q, (&raw mut got).cast(), 16, 1, 0) }, 6);
        assert_eq!((got.kind, &got.text[..6]), (1, &b"first!"[..]));
        assert_eq!(unsafe { msgrcv(q, (&raw mut got).cast(), 3, 0, 0) }, -1);
        assert_eq!(errno(), E2BIG);
        assert_eq!(unsafe { msgrcv(q, (&raw mut got).cast(), 3, 0, MSG_NOERROR) }, 3);
        assert_eq!(&got.text[..3], b"sec");
        assert_eq!(unsafe { msgrcv(q, (&raw mut got).cast(), 16, 0, IPC_NOWAIT) }, -1);
        assert_eq!(errno(), ENOMSG);
        assert_eq!(unsafe { msgctl(q, IPC_RMID, core::ptr::null_mut()) }, 0);
        assert_eq!(unsafe { msgctl(q, IPC_STAT, &mut ds) }, -1);
        assert_eq!(errno(), EINVAL);
    }
}
