//! Process and thread controls: `prctl`, `arch_prctl`, `personality`, `capget`, `capset`,
//! `ptrace`, `unshare`, `setns`, `gettid`, `membarrier`, `setfsuid`, `setfsgid`,
//! `process_vm_readv`, `process_vm_writev`.
use core::ffi::{c_int, c_long, c_uint, c_ulong, c_void};

use limpet_abi::uio::Iovec;
use limpet_syscall::{nr, result, set_errno, syscall0, syscall1, syscall2, syscall4, syscall5, syscall6};

use crate::ret_int;

/// `prctl(op, ...)`—Linux's grab-bag of process settings (`PR_SET_NAME`, `PR_GET_DUMPABLE`,
/// `PR_SET_NO_NEW_PRIVS`, ...). The up-to-four optional arguments are integers or pointers,
/// taken as the named `unsigned long`s they travel as (unused ones are whatever the caller's
/// registers held, which the operation ignores). What the operation returns, or -1 with
/// errno.
///
/// # Safety
/// The arguments must be what `op` expects.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn prctl(op: c_int, a2: c_ulong, a3: c_ulong, a4: c_ulong, a5: c_ulong) -> c_int {
    // SAFETY: the caller vouches for the arguments.
    ret_int(unsafe { syscall5(nr::PRCTL, op as usize, a2 as usize, a3 as usize, a4 as usize, a5 as usize) })
}

/// `arch_prctl(code, addr)`—x86_64's thread state (`ARCH_GET_FS`, `ARCH_SET_GS`, ...); 0,
/// or -1 with errno. Setting `fs` moves the thread pointer away from limpet's descriptor.
///
/// # Safety
/// `addr` must be what `code` expects; changing `fs` breaks errno, TLS and threads.
#[cfg(target_arch = "x86_64")]
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn arch_prctl(code: c_int, addr: c_ulong) -> c_int {
    // SAFETY: the caller vouches for the operation.
    ret_int(unsafe { syscall2(nr::ARCH_PRCTL, code as usize, addr as usize) })
}

/// `personality(persona)`—Sets the process's execution domain (0xffffffff only asks); the
/// previous one, or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn personality(persona: c_ulong) -> c_int {
    // SAFETY: personality takes no pointer.
    ret_int(unsafe { syscall1(nr::PERSONALITY, persona as usize) })
}

/// `capget(header, data)`—A thread's capability sets, in the kernel's
/// `__user_cap_header_struct` and `__user_cap_data_struct` layouts; 0, or -1 with errno.
///
/// # Safety
/// `header` and `data` must be what the header's version says.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn capget(header: *mut c_void, data: *mut c_void) -> c_int {
    // SAFETY: the caller vouches for both.
    ret_int(unsafe { syscall2(nr::CAPGET, header as usize, data as usize) })
}

/// `capset(header, data)`—Sets the calling thread's capability sets; 0, or -1 with errno.
///
/// # Safety
/// As for `capget`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn capset(header: *mut c_void, data: *const c_void) -> c_int {
    // SAFETY: the caller vouches for both.
    ret_int(unsafe { syscall2(nr::CAPSET, header as usize, data as usize) })
}

/// `ptrace(request, pid, addr, data)`—Observes and controls another process. The peek
/// requests (`PTRACE_PEEKTEXT`, `PEEKDATA`, `PEEKUSER`) return the word read, as musl and
/// glibc do (the kernel stores it through `data`); every other request returns what the
/// kernel does. -1 with errno on failure (a peeked word can also be -1: check errno).
///
/// # Safety
/// `addr` and `data` must be what `request` expects.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ptrace(request: c_int, pid: c_int, addr: *mut c_void, data: *mut c_void) -> c_long {
    const PEEK_FIRST: c_int = 1;
    const PEEK_LAST: c_int = 3;
    let mut word: c_long = 0;
    let peek = (PEEK_FIRST..=PEEK_LAST).contains(&request);
    let data = if peek { (&raw mut word).cast() } else { data };
    // SAFETY: the caller vouches for the request; a peek writes `word`.
    match result(unsafe { syscall4(nr::PTRACE, request as usize, pid as usize, addr as usize, data as usize) }) {
        Ok(r) => {
            if peek {
                word
            } else {
                r as c_long
            }
        }
        Err(e) => {
            set_errno(e);
            -1
        }
    }
}

/// `unshare(flags)`—Gives the calling process its own copy of the namespaces and
/// attributes in `flags` (`CLONE_NEWNS`, `CLONE_NEWNET`, `CLONE_FILES`, ...); 0, or -1 with
/// errno (EPERM, EINVAL).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn unshare(flags: c_int) -> c_int {
    // SAFETY: unshare takes no pointer.
    ret_int(unsafe { syscall1(nr::UNSHARE, flags as usize) })
}

/// `setns(fd, nstype)`—Moves the calling thread into the namespace open on `fd`; 0, or -1
/// with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setns(fd: c_int, nstype: c_int) -> c_int {
    // SAFETY: setns takes no pointer.
    ret_int(unsafe { syscall2(nr::SETNS, fd as usize, nstype as usize) })
}

/// `gettid()`—The calling thread's id; it cannot fail.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn gettid() -> c_int {
    // SAFETY: gettid takes no arguments.
    unsafe { syscall0(nr::GETTID) as c_int }
}

/// `membarrier(cmd, flags)`—A memory barrier on other threads (`MEMBARRIER_CMD_QUERY`,
/// `..._GLOBAL`, `..._PRIVATE_EXPEDITED` after registering); what the command returns, or
/// -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn membarrier(cmd: c_int, flags: c_int) -> c_int {
    // SAFETY: membarrier takes no pointer.
    ret_int(unsafe { syscall2(nr::MEMBARRIER, cmd as usize, flags as usize) })
}

/// `setfsuid(uid)`—Sets the user id for file-system checks; the previous one, whether or
/// not it changed (that is the call's only report).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setfsuid(uid: c_uint) -> c_int {
    // SAFETY: setfsuid takes no pointer.
    unsafe { syscall1(nr::SETFSUID, uid as usize) as c_int }
}

/// `setfsgid(gid)`—As `setfsuid`, for the group id.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setfsgid(gid: c_uint) -> c_int {
    // SAFETY: setfsgid takes no pointer.
    unsafe { syscall1(nr::SETFSGID, gid as usize) as c_int }
}

/// `process_vm_readv(pid, local, nlocal, remote, nremote, flags)`—Copies from the ranges
/// `remote` of process `pid` into the buffers `local`; the bytes copied, or -1 with errno
/// (EPERM, ESRCH, EFAULT).
///
/// # Safety
/// `local` must describe writable buffers and both arrays be readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn process_vm_readv(
    pid: c_int,
    local: *const Iovec,
    nlocal: c_ulong,
    remote: *const Iovec,
    nremote: c_ulong,
    flags: c_ulong,
) -> isize {
    // SAFETY: the caller vouches for the vectors.
    limpet_syscall::ret_errno(unsafe {
        syscall6(nr::PROCESS_VM_READV, pid as usize, local as usize, nlocal as usize, remote as usize, nremote as usize, flags as usize)
    })
}

/// `process_vm_writev(pid, local, nlocal, remote, nremote, flags)`—Copies the buffers
/// `local` into the ranges `remote` of process `pid`; the bytes copied, or -1 with errno.
///
/// # Safety
/// As for `process_vm_readv`, `local` readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn process_vm_writev(
    pid: c_int,
    local: *const Iovec,
    nlocal: c_ulong,
    remote: *const Iovec,
    nremote: c_ulong,
    flags: c_ulong,
) -> isize {
    // SAFETY: the caller vouches for the vectors.
    limpet_syscall::ret_errno(unsafe {
        syscall6(nr::PROCESS_VM_WRITEV, pid as usize, local as usize, nlocal as usize, remote as usize, nremote as usize, flags as usize)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_syscall::errno;
    use limpet_syscall::errno::{EINVAL, ESRCH};

    #[test]
    fn names_ids_and_copies() {
        const PR_SET_NAME: c_int = 15;
        const PR_GET_NAME: c_int = 16;
        let mut name = [0u8; 16];
        // SAFETY: a 16-byte buffer and a NUL-terminated name; only this test thread's name.
        unsafe {
            assert_eq!(prctl(PR_SET_NAME, c"limpet-t".as_ptr() as c_ulong, 0, 0, 0), 0);
            assert_eq!(prctl(PR_GET_NAME, name.as_mut_ptr() as c_ulong, 0, 0, 0), 0);
        }
        assert_eq!(&name[..9], b"limpet-t\0");
        assert_eq!(unsafe { prctl(-1, 0, 0, 0, 0) }, -1);
        assert_eq!(errno(), EINVAL);
        assert_eq!(gettid() as usize, unsafe { syscall0(nr::GETTID) });
        assert!(personality(0xffff_ffff) >= 0);
        assert!(membarrier(0, 0) >= 0, "MEMBARRIER_CMD_QUERY");
        let me = unsafe { syscall0(nr::GETPID) } as c_int;
        let src = *b"copied across";
        let mut dst = [0u8; 13];
        let local = Iovec { iov_base: dst.as_mut_ptr().cast(), iov_len: 13 };
        let remote = Iovec { iov_base: src.as_ptr() as *mut c_void, iov_len: 13 };
        // SAFETY: both vectors describe live buffers of this process.
        let r = unsafe { process_vm_readv(me, &local, 1, &remote, 1, 0) };
        if r == -1 && errno() == limpet_syscall::errno::ENOSYS {
            // qemu-user cannot map a guest's addresses for the kernel's copy.
            std::eprintln!("process_vm_readv: ENOSYS (qemu-user), its checks skipped");
        } else {
            assert_eq!(r, 13);
            assert_eq!(&dst, &src);
            assert_eq!(unsafe { process_vm_readv(0x7fff_fff0, &local, 1, &remote, 1, 0) }, -1);
            assert_eq!(errno(), ESRCH);
        }
        // A peek at a process that is not being traced (qemu-user has no ptrace: ENOSYS).
        assert_eq!(unsafe { ptrace(2, 0x7fff_fff0, core::ptr::null_mut(), core::ptr::null_mut()) }, -1);
        assert!(matches!(errno(), ESRCH | limpet_syscall::errno::ENOSYS), "errno {}", errno());
    }
}
