//! Process identities: parent, process group, session, user and group ids, and the
//! supplementary groups.
//!
//! The set* calls change only the calling thread's credentials at the kernel level; musl
//! broadcasts them to every thread, which limpet will do once threads can be signalled
//! (single-threaded programs see no difference).
use core::ffi::c_int;

use limpet_syscall::{nr, ret_errno, syscall0, syscall1, syscall2, syscall3};

macro_rules! getter {
    ($(#[$doc:meta])* $name:ident, $nr:ident) => {
        $(#[$doc])*
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub extern "C" fn $name() -> u32 {
            // SAFETY: the call takes no arguments and cannot fail.
            unsafe { syscall0(nr::$nr) as u32 }
        }
    };
}

getter!(
    /// `getuid()`—The real user id.
    getuid, GETUID);
getter!(
    /// `geteuid()`—The effective user id.
    geteuid, GETEUID);
getter!(
    /// `getgid()`—The real group id.
    getgid, GETGID);
getter!(
    /// `getegid()`—The effective group id.
    getegid, GETEGID);

/// `getppid()`—The parent's process id.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getppid() -> c_int {
    // SAFETY: the call takes no arguments and cannot fail.
    unsafe { syscall0(nr::GETPPID) as c_int }
}

/// `getpgid(pid)`—The process group of `pid` (0: the caller); -1 with `ESRCH` if none.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getpgid(pid: c_int) -> c_int {
    // SAFETY: the call takes only integers.
    ret_errno(unsafe { syscall1(nr::GETPGID, pid as usize) }) as c_int
}

/// `getpgrp()`—The caller's process group.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getpgrp() -> c_int {
    getpgid(0)
}

/// `setpgid(pid, pgid)`—Moves `pid` (0: the caller) into group `pgid` (0: a group named
/// after `pid`). Returns 0 or -1 with errno set (`EACCES`, `EINVAL`, `EPERM`, `ESRCH`).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setpgid(pid: c_int, pgid: c_int) -> c_int {
    // SAFETY: the call takes only integers.
    ret_errno(unsafe { syscall2(nr::SETPGID, pid as usize, pgid as usize) }) as c_int
}

/// `setpgrp()`—`setpgid(0, 0)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setpgrp() -> c_int {
    setpgid(0, 0)
}

/// `getsid(pid)`—The session of `pid` (0: the caller); -1 with errno set.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getsid(pid: c_int) -> c_int {
    // SAFETY: the call takes only integers.
    ret_errno(unsafe { syscall1(nr::GETSID, pid as usize) }) as c_int
}

/// `setsid()`—Makes the caller the leader of a new session and process group; returns
/// the new session id, or -1 with `EPERM` for a process-group leader.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setsid() -> c_int {
    // SAFETY: the call takes no arguments.
    ret_errno(unsafe { syscall0(nr::SETSID) }) as c_int
}

macro_rules! setter {
    ($(#[$doc:meta])* $name:ident($($a:ident),*), $nr:ident, $sys:ident) => {
        $(#[$doc])*
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub extern "C" fn $name($($a: u32),*) -> c_int {
            // SAFETY: the call takes only integers; -1 (`(uid_t)-1`) means "unchanged".
            ret_errno(unsafe { $sys(nr::$nr, $($a as usize),*) }) as c_int
        }
    };
}

setter!(
    /// `setuid(uid)`—Sets the user ids (all of them when privileged). 0 or -1 with errno set.
    setuid(uid), SETUID, syscall1);
setter!(
    /// `setgid(gid)`—Sets the group ids (all of them when privileged). 0 or -1 with errno set.
    setgid(gid), SETGID, syscall1);
setter!(
    /// `setreuid(ruid, euid)`—Sets the real and effective user ids. 0 or -1 with errno set.
    setreuid(ruid, euid), SETREUID, syscall2);
setter!(
    /// `setregid(rgid, egid)`—Sets the real and effective group ids. 0 or -1 with errno set.
    setregid(rgid, egid), SETREGID, syscall2);
setter!(
    /// `setresuid(r, e, s)`—Sets the real, effective and saved user ids. 0 or -1 with errno set.
    setresuid(r, e, s), SETRESUID, syscall3);
setter!(
    /// `setresgid(r, e, s)`—Sets the real, effective and saved group ids. 0 or -1 with errno set.
    setresgid(r, e, s), SETRESGID, syscall3);

/// `seteuid(euid)`—Sets the effective user id alone: `setresuid(-1, euid, -1)`. 0 or -1
/// with errno set.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn seteuid(euid: u32) -> c_int {
    setresuid(u32::MAX, euid, u32::MAX)
}

/// `setegid(egid)`—Sets the effective group id alone: `setresgid(-1, egid, -1)`. 0 or -1
/// with errno set.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setegid(egid: u32) -> c_int {
    setresgid(u32::MAX, egid, u32::MAX)
}

/// `getresuid(r, e, s)`—Stores the real, effective and saved user ids. Returns 0, or -1
/// with `EFAULT`.
///
/// # Safety
/// The three pointers must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getresuid(r: *mut u32, e: *mut u32, s: *mut u32) -> c_int {
    // SAFETY: the kernel writes the caller's ids.
    ret_errno(unsafe { syscall3(nr::GETRESUID, r as usize, e as usize, s as usize) }) as c_int
}

/// `getresgid(r, e, s)`—Stores the real, effective and saved group ids. Returns 0, or -1
/// with `EFAULT`.
///
/// # Safety
/// The three pointers must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getresgid(r: *mut u32, e: *mut u32, s: *mut u32) -> c_int {
    // SAFETY: the kernel writes the caller's ids.
    ret_errno(unsafe { syscall3(nr::GETRESGID, r as usize, e as usize, s as usize) }) as c_int
}

/// `getgroups(size, list)`—Stores up to `size` supplementary group ids and returns their
/// number; `size` 0 only counts them. -1 with `EINVAL` if `size` is too small.
///
/// # Safety
/// `list` must be writable for `size` ids.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getgroups(size: c_int, list: *mut u32) -> c_int {
    // SAFETY: the kernel writes at most `size` ids.
    ret_errno(unsafe { syscall2(nr::GETGROUPS, size as usize, list as usize) }) as c_int
}

/// `setgroups(size, list)`—Sets the supplementary groups (privileged). 0 or -1 with errno set.
///
/// # Safety
/// `list` must be readable for `size` ids.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn setgroups(size: usize, list: *const u32) -> c_int {
    // SAFETY: the kernel reads `size` ids.
    ret_errno(unsafe { syscall2(nr::SETGROUPS, size, list as usize) }) as c_int
}

#[cfg(test)]
mod tests {
    use super::*;

    unsafe extern "C" {
        #[link_name = "getuid"]
        fn host_getuid() -> u32;
        #[link_name = "getppid"]
        fn host_getppid() -> c_int;
        #[link_name = "getgroups"]
        fn host_getgroups(n: c_int, l: *mut u32) -> c_int;
    }

    #[test]
    fn agree_with_the_host_library() {
        assert_eq!(getuid(), unsafe { host_getuid() });
        assert_eq!(getppid(), unsafe { host_getppid() });
        let (mut r, mut e, mut s) = (0, 0, 0);
        assert_eq!(unsafe { getresuid(&mut r, &mut e, &mut s) }, 0);
        assert_eq!((r, e), (getuid(), geteuid()));
        assert_eq!(unsafe { getresgid(&mut r, &mut e, &mut s) }, 0);
        assert_eq!((r, e), (getgid(), getegid()));
        assert_eq!(getpgrp(), getpgid(0));
        assert_eq!(getsid(0), getsid(std::process::id() as c_int));
        assert_eq!(unsafe { getgroups(0, core::ptr::null_mut()) }, unsafe { host_getgroups(0, core::ptr::null_mut()) });
        assert_eq!(getpgid(-5), -1);
        // Setting an id to what it already is always succeeds.
        assert_eq!(setresuid(u32::MAX, u32::MAX, u32::MAX), 0);
    }
}
