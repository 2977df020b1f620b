//! System V semaphore sets: `semget`, `semop`, `semtimedop`, `semctl`.
use core::ffi::{c_int, c_ulong};

use limpet_abi::ipc::{Sembuf, key_t};
use limpet_abi::time::Timespec;
use limpet_syscall::errno::EINVAL;
use limpet_syscall::{nr, set_errno, syscall3, syscall4};

use crate::ret_int;

/// `semget(key, n, flags)`—The set of `n` semaphores of `key`, created with `IPC_CREAT`;
/// its id, or -1 with errno (EINVAL for `n` past what a `sem_num` can name, ENOENT, EEXIST,
/// ENOSPC).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn semget(key: key_t, n: c_int, flags: c_int) -> c_int {
    // `sem_num` is an unsigned short: a larger set could not be addressed (musl's check).
    if n > c_int::from(u16::MAX) {
        set_errno(EINVAL);
        return -1;
    }
    // SAFETY: semget takes no pointer.
    ret_int(unsafe { syscall3(nr::SEMGET, key as usize, n as usize, flags as usize) })
}

/// `semop(id, ops, n)`—Performs the `n` operations atomically, waiting while one cannot
/// proceed (unless its `IPC_NOWAIT`); 0, or -1 with errno (EAGAIN, EIDRM, EINTR, EFBIG,
/// E2BIG).
///
/// # Safety
/// `ops` must point to `n` operations.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn semop(id: c_int, ops: *mut Sembuf, n: usize) -> c_int {
    // SAFETY: the caller vouches for the operations.
    ret_int(unsafe { syscall4(nr::SEMTIMEDOP, id as usize, ops as usize, n, 0) })
}

/// `semtimedop(id, ops, n, timeout)`—`semop` waiting at most `timeout` (null: forever);
/// EAGAIN when it runs out.
///
/// # Safety
/// As for `semop`; `timeout` null or valid.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn semtimedop(id: c_int, ops: *mut Sembuf, n: usize, timeout: *const Timespec) -> c_int {
    // SAFETY: the caller vouches for the pointers.
    ret_int(unsafe { syscall4(nr::SEMTIMEDOP, id as usize, ops as usize, n, timeout as usize) })
}

/// `semctl(id, num, cmd, ...)`—Controls the set or its semaphore `num`: `GETVAL`, `SETVAL`,
/// `GETALL`, `SETALL`, `GETPID`, `GETNCNT`, `GETZCNT`, `IPC_STAT`, `IPC_SET`, `IPC_RMID`, ...
/// The optional `union semun` (an `int` or a pointer) travels as the named `unsigned long`
/// it fits in; the commands that take none ignore it. What the command returns, or -1 with
/// errno.
///
/// # Safety
/// The argument must be what `cmd` reads or writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn semctl(id: c_int, num: c_int, cmd: c_int, arg: c_ulong) -> c_int {
    // SAFETY: the caller vouches for the argument.
    ret_int(unsafe { syscall4(nr::SEMCTL, id as usize, num as usize, cmd as usize, arg as usize) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_abi::ipc::{GETALL, GETVAL, IPC_CREAT, IPC_NOWAIT, IPC_PRIVATE, IPC_RMID, IPC_STAT, SETALL, SETVAL, SemidDs};
    use limpet_syscall::errno;
    use limpet_syscall::errno::EAGAIN;

    #[test]
    fn counts_and_waits() {
        let s = semget(IPC_PRIVATE, 2, IPC_CREAT | 0o600);
        assert!(s >= 0, "errno {}", errno());
        // SAFETY: the arguments each command expects.
        unsafe {
            assert_eq!(semctl(s, 0, SETVAL, 3), 0);
            assert_eq!(semctl(s, 0, GETVAL, 0), 3);
            let mut all = [7u16, 9u16];
            assert_eq!(semctl(s, 0, SETALL, all.as_mut_ptr() as c_ulong), 0);
            let mut back = [0u16; 2];
            assert_eq!(semctl(s, 0, GETALL, back.as_mut_ptr() as c_ulong), 0);
            assert_eq!(back, all);
            let mut ops = [Sembuf { sem_num: 1, sem_op: -9, sem_flg: 0 }];
            assert_eq!(semop(s, ops.as_mut_ptr(), 1), 0);
            ops[0].sem_flg = IPC_NOWAIT as i16;
            assert_eq!(semop(s, ops.as_mut_ptr(), 1), -1);
            assert_eq!(errno(), EAGAIN);
            ops[0].sem_flg = 0;
            let t = Timespec { tv_sec: 0, tv_nsec: 1_000_000 };
            assert_eq!(semtimedop(s, ops.as_mut_ptr(), 1, &t), -1);
            assert_eq!(errno(), EAGAIN);
            let mut ds = SemidDs::default();
            assert_eq!(semctl(s, 0, IPC_STAT, (&raw mut ds) as c_ulong), 0);
            assert_eq!(ds.sem_nsems, 2);
            assert_eq!(semctl(s, 0, IPC_RMID, 0), 0);
        }
        assert_eq!(semget(IPC_PRIVATE, 70_000, IPC_CREAT), -1);
        assert_eq!(errno(), EINVAL);
    }
}
