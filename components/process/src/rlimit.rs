//! Resource limits: `getrlimit`, `setrlimit`, `prlimit` and their LFS64 names, all over
//! `prlimit64` (`rlim_t` is 64 bits everywhere).
use core::ffi::c_int;
use core::ptr;

use limpet_syscall::{nr, ret_errno, syscall4};

use crate::abi::Rlimit;

/// `prlimit(pid, resource, new, old)`—Sets (if `new` is not null) and reports (if `old` is
/// not null) the limit `resource` of process `pid` (0: the caller). Returns 0 or -1 with
/// errno set (`EINVAL`, `EPERM`, `ESRCH`).
///
/// # Safety
/// `new` must be null or readable, `old` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn prlimit(pid: c_int, resource: c_int, new: *const Rlimit, old: *mut Rlimit) -> c_int {
    // SAFETY: the kernel reads and writes the caller's limits.
    ret_errno(unsafe { syscall4(nr::PRLIMIT64, pid as usize, resource as usize, new as usize, old as usize) }) as c_int
}

/// `getrlimit(resource, rlim)`—Stores the caller's limit `resource`. 0 or -1 with errno set.
///
/// # Safety
/// `rlim` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getrlimit(resource: c_int, rlim: *mut Rlimit) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { prlimit(0, resource, ptr::null(), rlim) }
}

/// `setrlimit(resource, rlim)`—Sets the caller's limit `resource`. 0 or -1 with errno set
/// (`EINVAL` for a soft limit above the hard one, `EPERM` for raising the hard limit).
///
/// # Safety
/// `rlim` must be readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn setrlimit(resource: c_int, rlim: *const Rlimit) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { prlimit(0, resource, rlim, ptr::null_mut()) }
}

/// `getrlimit64(resource, rlim)`—[`getrlimit`].
///
/// # Safety
/// As for [`getrlimit`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getrlimit64(resource: c_int, rlim: *mut Rlimit) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { getrlimit(resource, rlim) }
}

/// `setrlimit64(resource, rlim)`—[`setrlimit`].
///
/// # Safety
/// As for [`setrlimit`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn setrlimit64(resource: c_int, rlim: *const Rlimit) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { setrlimit(resource, rlim) }
}

/// `prlimit64(pid, resource, new, old)`—[`prlimit`].
///
/// # Safety
/// As for [`prlimit`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn prlimit64(pid: c_int, resource: c_int, new: *const Rlimit, old: *mut Rlimit) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { prlimit(pid, resource, new, old) }
}

/// `ulimit`'s commands: read, and set, the file size limit in 512-byte blocks.
const UL_GETFSIZE: c_int = 1;
const UL_SETFSIZE: c_int = 2;
/// `ulimit`'s unit.
const BLOCK: u64 = 512;

/// `ulimit(cmd, ...)`—The file size limit in 512-byte blocks (`UL_GETFSIZE`), or sets it to
/// the `long` that follows (`UL_SETFSIZE`) and returns the new one; -1 with errno (EPERM to
/// raise it past the hard limit, EINVAL for another command, as POSIX says; musl answers
/// those with the limit). The optional argument travels as the named `long` it is.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn ulimit(cmd: c_int, value: core::ffi::c_long) -> core::ffi::c_long {
    let mut rl = Rlimit::default();
    // SAFETY: `rl` is an rlimit.
    if unsafe { getrlimit(limpet_abi::resource::RLIMIT_FSIZE, &mut rl) } != 0 {
        return -1;
    }
    match cmd {
        UL_GETFSIZE => {}
        UL_SETFSIZE => {
            rl.rlim_cur = (value as u64).saturating_mul(BLOCK);
            // SAFETY: `rl` is an rlimit.
            if unsafe { setrlimit(limpet_abi::resource::RLIMIT_FSIZE, &rl) } != 0 {
                return -1;
            }
        }
        _ => {
            limpet_syscall::set_errno(limpet_syscall::errno::EINVAL);
            return -1;
        }
    }
    (rl.rlim_cur / BLOCK).min(core::ffi::c_long::MAX as u64) as core::ffi::c_long
}

/// `getdtablesize()`—The descriptor limit, `RLIMIT_NOFILE`'s soft limit, at most `INT_MAX`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getdtablesize() -> c_int {
    let mut rl = Rlimit::default();
    // SAFETY: `rl` is an rlimit.
    unsafe { getrlimit(limpet_abi::resource::RLIMIT_NOFILE, &mut rl) };
    rl.rlim_cur.min(c_int::MAX as u64) as c_int
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::RLIMIT_NOFILE;
    use limpet_syscall::errno::EINVAL;

    #[test]
    fn lower_the_soft_limit_and_put_it_back() {
        let mut orig = Rlimit::default();
        assert_eq!(unsafe { getrlimit(RLIMIT_NOFILE, &mut orig) }, 0);
        assert!(orig.rlim_cur <= orig.rlim_max);
        assert_eq!(getdtablesize() as u64, orig.rlim_cur.min(c_int::MAX as u64));
        let lower = Rlimit { rlim_cur: orig.rlim_cur.min(64) - 1, rlim_max: orig.rlim_max };
        assert_eq!(unsafe { setrlimit64(RLIMIT_NOFILE, &lower) }, 0);
        let mut now = Rlimit::default();
        assert_eq!(unsafe { getrlimit64(RLIMIT_NOFILE, &mut now) }, 0);
        assert_eq!(now, lower);
        let mut old = Rlimit::default();
        assert_eq!(unsafe { prlimit64(0, RLIMIT_NOFILE, &orig, &mut old) }, 0);
        assert_eq!(old, lower);
        let bad = Rlimit { rlim_cur: 10, rlim_max: 5 };
        assert_eq!(unsafe { setrlimit(RLIMIT_NOFILE, &bad) }, -1);
        assert_eq!(limpet_syscall::errno(), EINVAL);
        assert_eq!(unsafe { getrlimit(9999, &mut now) }, -1);
    }

    #[test]
    fn ulimit_speaks_in_blocks() {
        let mut fs = Rlimit::default();
        assert_eq!(unsafe { getrlimit(limpet_abi::resource::RLIMIT_FSIZE, &mut fs) }, 0);
        let blocks = (fs.rlim_cur / 512).min(core::ffi::c_long::MAX as u64) as core::ffi::c_long;
        assert_eq!(ulimit(UL_GETFSIZE, 0), blocks);
        // Setting the limit it already has.
        if fs.rlim_cur != u64::MAX {
            assert_eq!(ulimit(UL_SETFSIZE, blocks), blocks);
        }
        assert_eq!(ulimit(99, 0), -1);
        assert_eq!(limpet_syscall::errno(), EINVAL);
    }
}
