//! System administration: `chroot`, `pivot_root`, `acct`, `mount`, `umount`, `umount2`,
//! `swapon`, `swapoff`, `reboot`, `klogctl`, `init_module`, `delete_module`, `quotactl`,
//! `adjtimex`, `clock_adjtime`, `adjtime`, and on x86_64 `ioperm` and `iopl`. Each is the system call
//! of its name; most need a capability and fail with EPERM without it.
use core::ffi::{c_char, c_int, c_uint, c_ulong, c_void};

use limpet_abi::time::{ADJ_OFFSET_SINGLESHOT, ADJ_OFFSET_SS_READ, Timeval, Timex};
use limpet_syscall::errno::EINVAL;
use limpet_syscall::{nr, set_errno, syscall1, syscall2, syscall3, syscall4, syscall5};

use crate::ret_int;

/// `chroot(path)`—Makes `path` the calling process's root directory; 0, or -1 with errno.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn chroot(path: *const c_char) -> c_int {
    // SAFETY: the kernel reads the caller's string.
    ret_int(unsafe { syscall1(nr::CHROOT, path as usize) })
}

/// `pivot_root(new_root, put_old)`—Moves the root mount to `put_old` and makes `new_root`
/// the root; 0, or -1 with errno.
///
/// # Safety
/// Both must be NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pivot_root(new_root: *const c_char, put_old: *const c_char) -> c_int {
    // SAFETY: the kernel reads the caller's strings.
    ret_int(unsafe { syscall2(nr::PIVOT_ROOT, new_root as usize, put_old as usize) })
}

/// `acct(path)`—Turns process accounting on into `path`, or off for null; 0, or -1 with
/// errno.
///
/// # Safety
/// `path` must be null or a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn acct(path: *const c_char) -> c_int {
    // SAFETY: the kernel reads the caller's string.
    ret_int(unsafe { syscall1(nr::ACCT, path as usize) })
}

/// `mount(source, target, fstype, flags, data)`—Mounts a filesystem, or with `MS_BIND`,
/// `MS_REMOUNT`, `MS_MOVE`, `MS_PRIVATE`, ... changes one; 0, or -1 with errno.
///
/// # Safety
/// The strings must be null (where the operation allows) or NUL-terminated; `data` what the
/// filesystem expects.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mount(
    source: *const c_char,
    target: *const c_char,
    fstype: *const c_char,
    flags: c_ulong,
    data: *const c_void,
) -> c_int {
    // SAFETY: the caller vouches for the arguments.
    ret_int(unsafe { syscall5(nr::MOUNT, source as usize, target as usize, fstype as usize, flags as usize, data as usize) })
}

/// `umount(target)`—`umount2(target, 0)`.
///
/// # Safety
/// `target` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn umount(target: *const c_char) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { umount2(target, 0) }
}

/// `umount2(target, flags)`—Unmounts the filesystem at `target` (`MNT_FORCE`,
/// `MNT_DETACH`, `MNT_EXPIRE`, `UMOUNT_NOFOLLOW`); 0, or -1 with errno.
///
/// # Safety
/// `target` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn umount2(target: *const c_char, flags: c_int) -> c_int {
    // SAFETY: the kernel reads the caller's string.
    ret_int(unsafe { syscall2(nr::UMOUNT2, target as usize, flags as usize) })
}

/// `swapon(path, flags)`—Starts swapping to `path`; 0, or -1 with errno.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn swapon(path: *const c_char, flags: c_int) -> c_int {
    // SAFETY: the kernel reads the caller's string.
    ret_int(unsafe { syscall2(nr::SWAPON, path as usize, flags as usize) })
}

/// `swapoff(path)`—Stops swapping to `path`; 0, or -1 with errno.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn swapoff(path: *const c_char) -> c_int {
    // SAFETY: the kernel reads the caller's string.
    ret_int(unsafe { syscall1(nr::SWAPOFF, path as usize) })
}

/// `reboot(cmd)`—Restarts, halts or powers off the machine, or switches Ctrl-Alt-Del
/// handling (`RB_AUTOBOOT`, `RB_POWER_OFF`, ...), with the kernel's two magic numbers; does
/// not return on success, else -1 with errno (EPERM).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn reboot(cmd: c_int) -> c_int {
    const MAGIC1: usize = 0xfee1_dead;
    const MAGIC2: usize = 672_274_793;
    // SAFETY: the RB_* commands take no pointer.
    ret_int(unsafe { syscall3(nr::REBOOT, MAGIC1, MAGIC2, cmd as u32 as usize) })
}

/// `klogctl(type, buf, len)`—The kernel log (the `syslog` system call): reads it, clears
/// it, sets the console level; what the action returns, or -1 with errno.
///
/// # Safety
/// `buf` must be writable for `len` bytes for the read actions.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn klogctl(kind: c_int, buf: *mut c_char, len: c_int) -> c_int {
    // SAFETY: the caller vouches for `buf`.
    ret_int(unsafe { syscall3(nr::SYSLOG, kind as usize, buf as usize, len as usize) })
}

/// `init_module(image, len, params)`—Loads a kernel module from memory; 0, or -1 with
/// errno.
///
/// # Safety
/// `image` must be readable for `len` bytes; `params` a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn init_module(image: *mut c_void, len: c_ulong, params: *const c_char) -> c_int {
    // SAFETY: the caller vouches for the arguments.
    ret_int(unsafe { syscall3(nr::INIT_MODULE, image as usize, len as usize, params as usize) })
}

/// `delete_module(name, flags)`—Unloads a kernel module; 0, or -1 with errno.
///
/// # Safety
/// `name` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn delete_module(name: *const c_char, flags: c_uint) -> c_int {
    // SAFETY: the kernel reads the caller's string.
    ret_int(unsafe { syscall2(nr::DELETE_MODULE, name as usize, flags as usize) })
}

/// `quotactl(cmd, special, id, addr)`—Disk quota control; 0, or -1 with errno.
///
/// # Safety
/// `special` must be null or a NUL-terminated string; `addr` what `cmd` expects.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn quotactl(cmd: c_int, special: *const c_char, id: c_int, addr: *mut c_char) -> c_int {
    // SAFETY: the caller vouches for the arguments.
    ret_int(unsafe { syscall4(nr::QUOTACTL, cmd as usize, special as usize, id as usize, addr as usize) })
}

/// `clock_adjtime(clock, tx)`—Reads or adjusts a clock's tuning (`struct timex`, whose
/// `modes` say what to set; 0 only reads); the clock state (`TIME_OK`, ...), or -1 with
/// errno.
///
/// # Safety
/// `tx` must point to a writable `struct timex`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn clock_adjtime(clock: c_int, tx: *mut Timex) -> c_int {
    // SAFETY: the caller vouches for `tx`.
    ret_int(unsafe { syscall2(nr::CLOCK_ADJTIME, clock as usize, tx as usize) })
}

/// `adjtimex(tx)`—`clock_adjtime` of the real-time clock.
///
/// # Safety
/// As for `clock_adjtime`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn adjtimex(tx: *mut Timex) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { clock_adjtime(limpet_abi::time::CLOCK_REALTIME, tx) }
}

/// `adjtime(delta, old)`—Slews the real-time clock gradually by `delta` (null: leaves the
/// adjustment in progress alone), and stores what was left of the previous adjustment in
/// `*old` when not null. 0, or -1 with errno (EPERM, EINVAL for a delta whose microseconds
/// overflow).
///
/// # Safety
/// `delta` null or readable; `old` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn adjtime(delta: *const Timeval, old: *mut Timeval) -> c_int {
    const US: i64 = 1_000_000;
    let mut tx = Timex::default();
    if delta.is_null() {
        tx.modes = ADJ_OFFSET_SS_READ;
    } else {
        // SAFETY: the caller's timeval.
        let d = unsafe { *delta };
        let Some(us) = d.tv_sec.checked_mul(US).and_then(|s| s.checked_add(d.tv_usec)) else {
            set_errno(EINVAL);
            return -1;
        };
        tx.modes = ADJ_OFFSET_SINGLESHOT;
        tx.offset = us;
    }
    // SAFETY: `tx` is a timex.
    if unsafe { adjtimex(&mut tx) } < 0 {
        return -1;
    }
    if !old.is_null() {
        // The offset left, as seconds and non-negative microseconds.
        // SAFETY: the caller's contract.
        unsafe { *old = Timeval { tv_sec: tx.offset.div_euclid(US), tv_usec: tx.offset.rem_euclid(US) } };
    }
    0
}

/// `ioperm(from, num, on)`—x86 I/O port access for the calling thread; 0, or -1 with errno.
#[cfg(target_arch = "x86_64")]
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn ioperm(from: c_ulong, num: c_ulong, on: c_int) -> c_int {
    // SAFETY: ioperm takes no pointer.
    ret_int(unsafe { syscall3(nr::IOPERM, from as usize, num as usize, on as usize) })
}

/// `iopl(level)`—x86 I/O privilege level of the process; 0, or -1 with errno.
#[cfg(target_arch = "x86_64")]
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn iopl(level: c_int) -> c_int {
    // SAFETY: iopl takes no pointer.
    ret_int(unsafe { syscall1(nr::IOPL, level as usize) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_syscall::errno;
    use limpet_syscall::errno::{EFAULT, ENOENT};

    #[test]
    fn reads_and_refusals() {
        // A timex read: modes 0.
        let mut tx = Timex::default();
        // SAFETY: a timex.
        let state = unsafe { adjtimex(&mut tx) };
        assert!((0..=5).contains(&state), "state {state} errno {}", errno());
        assert_eq!(unsafe { clock_adjtime(12345, &mut tx) }, -1);
        assert_eq!(errno(), EINVAL);
        assert_eq!(unsafe { adjtimex(8 as *mut Timex) }, -1);
        assert_eq!(errno(), EFAULT);
        // adjtime: reading what is left of an adjustment needs no privilege.
        let mut old = Timeval { tv_sec: 9, tv_usec: 9 };
        assert_eq!(unsafe { adjtime(core::ptr::null(), &mut old) }, 0);
        assert!(old.tv_usec >= 0 && old.tv_usec < 1_000_000);
        let huge = Timeval { tv_sec: i64::MAX / 1000, tv_usec: 0 };
        assert_eq!(unsafe { adjtime(&huge, core::ptr::null_mut()) }, -1);
        assert_eq!(errno(), EINVAL);
        // Unmounting what is not mounted, and a missing path (ENOENT before any permission
        // check when run as root; EPERM otherwise).
        let r = unsafe { umount(c"/nonexistent/limpet".as_ptr()) };
        assert_eq!(r, -1);
        assert!(matches!(errno(), ENOENT | limpet_syscall::errno::EPERM));
        assert_eq!(unsafe { swapoff(c"/nonexistent/limpet".as_ptr()) }, -1);
    }
}
