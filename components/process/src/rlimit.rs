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
}
