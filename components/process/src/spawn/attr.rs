//! `posix_spawnattr_*`: plain accessors of musl's `posix_spawnattr_t`.
use core::ffi::{c_int, c_short};

use limpet_syscall::errno::EINVAL;

use crate::abi::{POSIX_SPAWN_ALL, SchedParam, SigSet, SpawnAttr};

/// `posix_spawnattr_init(attr)`—No flags, process group 0, empty signal sets. Returns 0.
///
/// # Safety
/// `attr` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawnattr_init(attr: *mut SpawnAttr) -> c_int {
    // SAFETY: all-zero is a valid `SpawnAttr`, and the caller passes a writable one.
    unsafe { core::ptr::write_bytes(attr, 0, 1) };
    0
}

/// `posix_spawnattr_destroy(attr)`—Nothing to free. Returns 0.
///
/// # Safety
/// `attr` must be an initialised attribute object.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawnattr_destroy(_attr: *mut SpawnAttr) -> c_int {
    0
}

/// `posix_spawnattr_setflags(attr, flags)`—Sets the `POSIX_SPAWN_*` flags; `EINVAL` for
/// an unknown bit.
///
/// # Safety
/// `attr` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawnattr_setflags(attr: *mut SpawnAttr, flags: c_short) -> c_int {
    let f = flags as u16 as c_int;
    if f & !POSIX_SPAWN_ALL != 0 {
        return EINVAL;
    }
    // SAFETY: the caller passes a writable attribute object.
    unsafe { (*attr).flags = f };
    0
}

/// `posix_spawnattr_getflags(attr, flags)`—Stores the flags. Returns 0.
///
/// # Safety
/// `attr` must be readable and `flags` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawnattr_getflags(attr: *const SpawnAttr, flags: *mut c_short) -> c_int {
    // SAFETY: the caller's pointers.
    unsafe { *flags = (*attr).flags as c_short };
    0
}

/// `posix_spawnattr_setpgroup(attr, pgrp)`—The group `POSIX_SPAWN_SETPGROUP` moves the child
/// into (0: a new group named after the child). Returns 0.
///
/// # Safety
/// `attr` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawnattr_setpgroup(attr: *mut SpawnAttr, pgrp: c_int) -> c_int {
    // SAFETY: the caller's pointer.
    unsafe { (*attr).pgrp = pgrp };
    0
}

/// `posix_spawnattr_getpgroup(attr, pgrp)`—Stores the process group. Returns 0.
///
/// # Safety
/// `attr` must be readable and `pgrp` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawnattr_getpgroup(attr: *const SpawnAttr, pgrp: *mut c_int) -> c_int {
    // SAFETY: the caller's pointers.
    unsafe { *pgrp = (*attr).pgrp };
    0
}

/// `posix_spawnattr_setsigmask(attr, mask)`—The mask `POSIX_SPAWN_SETSIGMASK` gives the
/// child. Returns 0.
///
/// # Safety
/// `attr` must be writable and `mask` readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawnattr_setsigmask(attr: *mut SpawnAttr, mask: *const SigSet) -> c_int {
    // SAFETY: the caller's pointers.
    unsafe { (*attr).sigmask = *mask };
    0
}

/// `posix_spawnattr_getsigmask(attr, mask)`—Stores that mask. Returns 0.
///
/// # Safety
/// `attr` must be readable and `mask` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawnattr_getsigmask(attr: *const SpawnAttr, mask: *mut SigSet) -> c_int {
    // SAFETY: the caller's pointers.
    unsafe { *mask = (*attr).sigmask };
    0
}

/// `posix_spawnattr_setsigdefault(attr, set)`—The signals `POSIX_SPAWN_SETSIGDEF` resets to
/// `SIG_DFL` in the child. Returns 0.
///
/// # Safety
/// `attr` must be writable and `set` readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawnattr_setsigdefault(attr: *mut SpawnAttr, set: *const SigSet) -> c_int {
    // SAFETY: the caller's pointers.
    unsafe { (*attr).sigdefault = *set };
    0
}

/// `posix_spawnattr_getsigdefault(attr, set)`—Stores that set. Returns 0.
///
/// # Safety
/// `attr` must be readable and `set` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawnattr_getsigdefault(attr: *const SpawnAttr, set: *mut SigSet) -> c_int {
    // SAFETY: the caller's pointers.
    unsafe { *set = (*attr).sigdefault };
    0
}

/// `posix_spawnattr_setschedparam(attr, param)`—The priority `POSIX_SPAWN_SETSCHEDPARAM`
/// (or `_SETSCHEDULER`) gives the child. Returns 0.
///
/// # Safety
/// `attr` must be writable and `param` readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawnattr_setschedparam(attr: *mut SpawnAttr, param: *const SchedParam) -> c_int {
    // SAFETY: the caller's pointers.
    unsafe { (*attr).prio = (*param).sched_priority };
    0
}

/// `posix_spawnattr_getschedparam(attr, param)`—Stores that priority in `param`. Returns 0.
///
/// # Safety
/// `attr` must be readable and `param` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawnattr_getschedparam(attr: *const SpawnAttr, param: *mut SchedParam) -> c_int {
    // SAFETY: the caller's pointers.
    unsafe { (*param).sched_priority = (*attr).prio };
    0
}

/// `posix_spawnattr_setschedpolicy(attr, policy)`—The policy `POSIX_SPAWN_SETSCHEDULER`
/// gives the child. Returns 0.
///
/// # Safety
/// `attr` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawnattr_setschedpolicy(attr: *mut SpawnAttr, policy: c_int) -> c_int {
    // SAFETY: the caller's pointer.
    unsafe { (*attr).policy = policy };
    0
}

/// `posix_spawnattr_getschedpolicy(attr, policy)`—Stores that policy. Returns 0.
///
/// # Safety
/// `attr` must be readable and `policy` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawnattr_getschedpolicy(attr: *const SpawnAttr, policy: *mut c_int) -> c_int {
    // SAFETY: the caller's pointers.
    unsafe { *policy = (*attr).policy };
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::*;

    #[test]
    fn values_round_trip() {
        let mut a = core::mem::MaybeUninit::<SpawnAttr>::uninit();
        let a = a.as_mut_ptr();
        unsafe {
            posix_spawnattr_init(a);
            let mut f: c_short = -1;
            posix_spawnattr_getflags(a, &mut f);
            assert_eq!(f, 0);
            assert_eq!(posix_spawnattr_setflags(a, (POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSID) as c_short), 0);
            posix_spawnattr_getflags(a, &mut f);
            assert_eq!(f as c_int, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSID);
            assert_eq!(posix_spawnattr_setflags(a, 0x100), EINVAL);
            posix_spawnattr_setpgroup(a, 77);
            let mut g = 0;
            posix_spawnattr_getpgroup(a, &mut g);
            assert_eq!(g, 77);
            let mut s = SigSet { bits: [0; 16] };
            s.bits[0] = 0x1234;
            posix_spawnattr_setsigmask(a, &s);
            posix_spawnattr_setsigdefault(a, &SigSet { bits: [5; 16] });
            let mut t = SigSet { bits: [0; 16] };
            posix_spawnattr_getsigmask(a, &mut t);
            assert_eq!(t, s);
            posix_spawnattr_getsigdefault(a, &mut t);
            assert_eq!(t.bits[3], 5);
            let p = SchedParam::new(3);
            posix_spawnattr_setschedparam(a, &p);
            let mut q = SchedParam::default();
            posix_spawnattr_getschedparam(a, &mut q);
            assert_eq!(q.sched_priority, 3);
            posix_spawnattr_setschedpolicy(a, 2);
            let mut pol = 0;
            posix_spawnattr_getschedpolicy(a, &mut pol);
            assert_eq!(pol, 2);
            assert_eq!(posix_spawnattr_destroy(a), 0);
        }
    }
}
