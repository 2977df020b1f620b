//! `pthread_attr_*`: thread attributes (stack size, caller-supplied stack, guard size,
//! detach state, scheduling), `pthread_getattr_np`, the attributes of a running thread,
//! and the defaults for threads created without attributes (`pthread_*attr_default_np`).
//!
//! Errors follow musl: a stack size below `PTHREAD_STACK_MIN` or absurdly large, a guard
//! above `SIZE_MAX / 8`, or a detach state other than the two constants give `EINVAL`.
//! Setting a stack size drops a stack set with `pthread_attr_setstack`.
use core::ffi::{c_int, c_void};

use limpet_syscall::auxv::{self, AT_EXECFN};
use limpet_syscall::errno::{EINVAL, ENOSYS, ENOTSUP};

use crate::abi::{PTHREAD_CREATE_DETACHED, PTHREAD_STACK_MIN, PthreadAttr};
use crate::abi::SchedParam;

/// `PTHREAD_INHERIT_SCHED`, `PTHREAD_EXPLICIT_SCHED`, `PTHREAD_SCOPE_SYSTEM` and
/// `PTHREAD_SCOPE_PROCESS` from musl's <pthread.h>.
pub const PTHREAD_INHERIT_SCHED: c_int = 0;
pub const PTHREAD_EXPLICIT_SCHED: c_int = 1;
pub const PTHREAD_SCOPE_SYSTEM: c_int = 0;
pub const PTHREAD_SCOPE_PROCESS: c_int = 1;
use crate::descriptor::{DETACHED, Pthread};
use crate::stack;

/// Whether a stack of `size` bytes is acceptable: at least `PTHREAD_STACK_MIN`, and not so
/// large that size arithmetic could overflow.
fn stack_size_ok(size: usize) -> bool {
    size.wrapping_sub(PTHREAD_STACK_MIN) <= usize::MAX / 4
}

/// `pthread_attr_init(a)`—Thread attributes with the defaults: joinable, the default stack
/// size (see [`crate::stack`]), a one-page guard, a stack mapped by `pthread_create`.
/// Always 0.
///
/// # Safety
/// `a` must be valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_init(a: *mut PthreadAttr) -> c_int {
    // SAFETY: per the contract.
    unsafe { a.write(PthreadAttr::new(stack::default_stack_size(), stack::default_guard_size())) };
    0
}

/// `pthread_attr_destroy(a)`—Ends the attributes' life. Always 0.
///
/// # Safety
/// `a` must be initialised.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_destroy(_a: *mut PthreadAttr) -> c_int {
    0
}

/// `pthread_attr_setstacksize(a, size)`—Asks for a stack of `size` bytes, mapped by
/// `pthread_create` (a stack set with `pthread_attr_setstack` is forgotten). `EINVAL` below
/// `PTHREAD_STACK_MIN` or for sizes beyond a quarter of the address space.
///
/// # Safety
/// `a` must be initialised.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_setstacksize(a: *mut PthreadAttr, size: usize) -> c_int {
    if !stack_size_ok(size) {
        return EINVAL;
    }
    // SAFETY: per the contract.
    unsafe {
        (*a).stack_low = 0;
        (*a).stack_size = size;
    }
    0
}

/// `pthread_attr_getstacksize(a, size)`—Stores the stack size in `*size`. Always 0.
///
/// # Safety
/// `a` must be initialised and `size` valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_getstacksize(a: *const PthreadAttr, size: *mut usize) -> c_int {
    // SAFETY: per the contract.
    unsafe { *size = (*a).stack_size };
    0
}

/// `pthread_attr_setstack(a, addr, size)`—The thread runs on the caller's memory
/// `[addr, addr + size)`, which it must not use otherwise until the thread is joined; no
/// guard is added. `EINVAL` for a size `pthread_attr_setstacksize` would refuse.
///
/// # Safety
/// `a` must be initialised.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_setstack(a: *mut PthreadAttr, addr: *mut c_void, size: usize) -> c_int {
    if !stack_size_ok(size) {
        return EINVAL;
    }
    // SAFETY: per the contract.
    unsafe {
        (*a).stack_low = addr as usize;
        (*a).stack_size = size;
    }
    0
}

/// `pthread_attr_getstack(a, addr, size)`—Stores the lowest address and the size of the
/// stack set with `pthread_attr_setstack` (or reported by `pthread_getattr_np`). `EINVAL`
/// when the attributes name no stack.
///
/// # Safety
/// `a` must be initialised; `addr` and `size` valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_getstack(a: *const PthreadAttr, addr: *mut *mut c_void, size: *mut usize) -> c_int {
    // SAFETY: per the contract.
    unsafe {
        if (*a).stack_low == 0 {
            return EINVAL;
        }
        *addr = (*a).stack_low as *mut c_void;
        *size = (*a).stack_size;
    }
    0
}

/// `pthread_attr_setguardsize(a, size)`—Asks for `size` bytes of inaccessible guard below a
/// mapped stack (rounded up to whole pages; 0 for none). `EINVAL` above `SIZE_MAX / 8`.
///
/// # Safety
/// `a` must be initialised.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_setguardsize(a: *mut PthreadAttr, size: usize) -> c_int {
    if size > usize::MAX / 8 {
        return EINVAL;
    }
    // SAFETY: per the contract.
    unsafe { (*a).guard_size = size };
    0
}

/// `pthread_attr_getguardsize(a, size)`—Stores the guard size as it was set. Always 0.
///
/// # Safety
/// `a` must be initialised and `size` valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_getguardsize(a: *const PthreadAttr, size: *mut usize) -> c_int {
    // SAFETY: per the contract.
    unsafe { *size = (*a).guard_size };
    0
}

/// `pthread_attr_setdetachstate(a, state)`—`PTHREAD_CREATE_JOINABLE` or
/// `PTHREAD_CREATE_DETACHED`; `EINVAL` for anything else.
///
/// # Safety
/// `a` must be initialised.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_setdetachstate(a: *mut PthreadAttr, state: c_int) -> c_int {
    if state as u32 > PTHREAD_CREATE_DETACHED as u32 {
        return EINVAL;
    }
    // SAFETY: per the contract.
    unsafe { (*a).detach_state = state as u32 };
    0
}

/// `pthread_attr_getdetachstate(a, state)`—Stores the detach state. Always 0.
///
/// # Safety
/// `a` must be initialised and `state` valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_getdetachstate(a: *const PthreadAttr, state: *mut c_int) -> c_int {
    // SAFETY: per the contract.
    unsafe { *state = (*a).detach_state as c_int };
    0
}

/// `pthread_attr_setinheritsched(a, inherit)`—Whether a new thread inherits its creator's
/// scheduling (`PTHREAD_INHERIT_SCHED`, the default) or takes the policy and priority set in
/// `a` (`PTHREAD_EXPLICIT_SCHED`); `EINVAL` for any other value.
///
/// # Safety
/// `a` must be initialised.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_setinheritsched(a: *mut PthreadAttr, inherit: c_int) -> c_int {
    if inherit != PTHREAD_INHERIT_SCHED && inherit != PTHREAD_EXPLICIT_SCHED {
        return EINVAL;
    }
    // SAFETY: per the contract.
    unsafe { (*a).explicit_sched = inherit as u32 };
    0
}

/// `pthread_attr_getinheritsched(a, inherit)`—Stores the inherit-scheduler attribute.
/// Always 0.
///
/// # Safety
/// `a` must be initialised and `inherit` valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_getinheritsched(a: *const PthreadAttr, inherit: *mut c_int) -> c_int {
    // SAFETY: per the contract.
    unsafe { *inherit = (*a).explicit_sched as c_int };
    0
}

/// `pthread_attr_setschedpolicy(a, policy)`—The policy an explicitly scheduled thread
/// gets. Stored as given, as musl does: the kernel judges it when the thread is created.
/// Always 0.
///
/// # Safety
/// `a` must be initialised.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_setschedpolicy(a: *mut PthreadAttr, policy: c_int) -> c_int {
    // SAFETY: per the contract.
    unsafe { (*a).sched_policy = policy };
    0
}

/// `pthread_attr_getschedpolicy(a, policy)`—Stores the policy. Always 0.
///
/// # Safety
/// `a` must be initialised and `policy` valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_getschedpolicy(a: *const PthreadAttr, policy: *mut c_int) -> c_int {
    // SAFETY: per the contract.
    unsafe { *policy = (*a).sched_policy };
    0
}

/// `pthread_attr_setschedparam(a, param)`—The priority an explicitly scheduled thread
/// gets. Always 0.
///
/// # Safety
/// `a` must be initialised and `param` readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_setschedparam(a: *mut PthreadAttr, param: *const SchedParam) -> c_int {
    // SAFETY: per the contract.
    unsafe { (*a).sched_priority = (*param).sched_priority };
    0
}

/// `pthread_attr_getschedparam(a, param)`—Stores the priority in `param->sched_priority`.
/// Always 0.
///
/// # Safety
/// `a` must be initialised and `param` valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_getschedparam(a: *const PthreadAttr, param: *mut SchedParam) -> c_int {
    // SAFETY: per the contract.
    unsafe { (*param).sched_priority = (*a).sched_priority };
    0
}

/// `pthread_attr_setscope(a, scope)`—Every thread here competes with all threads of the
/// system: `PTHREAD_SCOPE_SYSTEM` is accepted, `PTHREAD_SCOPE_PROCESS` is `ENOTSUP` (as in
/// musl), anything else `EINVAL`.
///
/// # Safety
/// `a` must be initialised.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_setscope(_a: *mut PthreadAttr, scope: c_int) -> c_int {
    match scope {
        PTHREAD_SCOPE_SYSTEM => 0,
        PTHREAD_SCOPE_PROCESS => ENOTSUP,
        _ => EINVAL,
    }
}

/// `pthread_attr_getscope(a, scope)`—Stores `PTHREAD_SCOPE_SYSTEM`, the only scope. Always 0.
///
/// # Safety
/// `scope` must be valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_attr_getscope(_a: *const PthreadAttr, scope: *mut c_int) -> c_int {
    // SAFETY: per the contract.
    unsafe { *scope = PTHREAD_SCOPE_SYSTEM };
    0
}

/// `pthread_getattr_default_np(a)`—Initialises `*a` with the attributes a thread created
/// without any gets: those of `pthread_attr_init`, with the default stack and guard sizes.
/// Always 0.
///
/// # Safety
/// `a` must be valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_getattr_default_np(a: *mut PthreadAttr) -> c_int {
    // SAFETY: per the contract.
    unsafe { pthread_attr_init(a) }
}

/// `pthread_setattr_default_np(a)`—Makes `a`'s stack size and guard size the defaults for
/// threads created without attributes from now on. `a` may differ from `pthread_attr_init`'s
/// defaults only in those two sizes, and must not name a stack of its own: otherwise
/// `EINVAL` (as in musl, which has no other defaults to change).
///
/// # Safety
/// `a` must be initialised.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_setattr_default_np(a: *const PthreadAttr) -> c_int {
    // SAFETY: per the contract.
    let a = unsafe { &*a };
    let plain = PthreadAttr::new(a.stack_size, a.guard_size);
    let same = a.stack_low == plain.stack_low
        && a.detach_state == plain.detach_state
        && a.explicit_sched == plain.explicit_sched
        && a.sched_policy == plain.sched_policy
        && a.sched_priority == plain.sched_priority;
    if !same {
        return EINVAL;
    }
    stack::set_defaults(a.stack_size, a.guard_size);
    0
}

/// The main thread's stack: it ends at the page holding the end of the kernel's copy of
/// the program path (`AT_EXECFN`, the first thing the kernel puts at the top of the stack)
/// and reaches down as far as `RLIMIT_STACK` lets it grow (the unlimited default when
/// unlimited). `None` without `AT_EXECFN`.
fn main_stack() -> Option<(usize, usize)> {
    let execfn = auxv::get(AT_EXECFN).filter(|&p| p != 0)?;
    // SAFETY: AT_EXECFN points at a NUL-terminated string on the initial stack.
    let len = unsafe { core::ffi::CStr::from_ptr(execfn as *const core::ffi::c_char) }.count_bytes();
    let page = stack::page_size();
    let top = stack::round_up(execfn + len + 1, page)?;
    let size = stack::stack_rlimit().map_or(stack::UNLIMITED_DEFAULT, |l| l & !(page - 1)).min(top);
    Some((top - size, size))
}

/// `pthread_getattr_np(t, a)`—Initialises `*a` with the attributes of the running thread
/// `t`: its detach state, and its stack and guard as created. For the main thread the stack
/// is the range it may grow over (see `main_stack`), with no guard of limpet's own. `ENOSYS`
/// if the kernel did not say where the main thread's stack is.
///
/// # Safety
/// `t` must be a live thread and `a` valid for writes; the result needs no initialisation
/// beforehand.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_getattr_np(t: *mut Pthread, a: *mut PthreadAttr) -> c_int {
    // SAFETY: per the contract.
    unsafe {
        let t = &*t;
        let (low, size, guard) = if t.map_base != 0 {
            (t.stack_low, t.stack_size, t.guard_size)
        } else {
            match main_stack() {
                Some((low, size)) => (low, size, 0),
                None => return ENOSYS,
            }
        };
        let mut attr = PthreadAttr::new(size, guard);
        attr.stack_low = low;
        attr.detach_state = (t.detach_state.load(core::sync::atomic::Ordering::Relaxed) == DETACHED) as u32;
        a.write(attr);
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ptr;

    fn fresh() -> PthreadAttr {
        let mut a = PthreadAttr::new(1, 1);
        unsafe { assert_eq!(pthread_attr_init(&mut a), 0) };
        a
    }

    #[test]
    fn defaults() {
        let a = fresh();
        let (mut size, mut guard, mut state) = (0, 0, -1);
        let (mut addr, mut ssize) = (ptr::null_mut(), 0);
        unsafe {
            pthread_attr_getstacksize(&a, &mut size);
            pthread_attr_getguardsize(&a, &mut guard);
            pthread_attr_getdetachstate(&a, &mut state);
            assert_eq!(pthread_attr_getstack(&a, &mut addr, &mut ssize), EINVAL);
        }
        assert_eq!(size, stack::default_stack_size());
        assert_eq!(guard, stack::page_size());
        assert_eq!(state, 0);
    }

    #[test]
    fn musl_error_codes() {
        let mut a = fresh();
        unsafe {
            assert_eq!(pthread_attr_setstacksize(&mut a, 0), EINVAL);
            assert_eq!(pthread_attr_setstacksize(&mut a, PTHREAD_STACK_MIN - 1), EINVAL);
            assert_eq!(pthread_attr_setstacksize(&mut a, usize::MAX), EINVAL);
            assert_eq!(pthread_attr_setstacksize(&mut a, PTHREAD_STACK_MIN), 0);
            assert_eq!(pthread_attr_setstacksize(&mut a, usize::MAX / 4), 0);
            assert_eq!(pthread_attr_setguardsize(&mut a, usize::MAX), EINVAL);
            assert_eq!(pthread_attr_setguardsize(&mut a, usize::MAX / 8), 0);
            assert_eq!(pthread_attr_setguardsize(&mut a, 1), 0);
            let mut g = 0;
            pthread_attr_getguardsize(&a, &mut g);
            assert_eq!(g, 1);
            assert_eq!(pthread_attr_setdetachstate(&mut a, 2), EINVAL);
            assert_eq!(pthread_attr_setdetachstate(&mut a, -1), EINVAL);
            assert_eq!(pthread_attr_setdetachstate(&mut a, 1), 0);
            let mut st = 0;
            pthread_attr_getdetachstate(&a, &mut st);
            assert_eq!(st, 1);
            assert_eq!(pthread_attr_destroy(&mut a), 0);
        }
    }

    #[test]
    fn setstack_and_setstacksize_replace_each_other() {
        let mut a = fresh();
        let mut mem = vec![0u8; 65536];
        let (mut addr, mut size) = (ptr::null_mut(), 0);
        unsafe {
            assert_eq!(pthread_attr_setstack(&mut a, mem.as_mut_ptr().cast(), 100), EINVAL);
            assert_eq!(pthread_attr_setstack(&mut a, mem.as_mut_ptr().cast(), mem.len()), 0);
            assert_eq!(pthread_attr_getstack(&a, &mut addr, &mut size), 0);
            assert_eq!((addr as usize, size), (mem.as_ptr() as usize, 65536));
            pthread_attr_getstacksize(&a, &mut size);
            assert_eq!(size, 65536);
            assert_eq!(pthread_attr_setstacksize(&mut a, 100_000), 0);
            assert_eq!(pthread_attr_getstack(&a, &mut addr, &mut size), EINVAL);
            pthread_attr_getstacksize(&a, &mut size);
            assert_eq!(size, 100_000);
        }
    }

    #[test]
    fn created_thread_reports_its_stack() {
        let mut t = Pthread::zeroed();
        t.map_base = 0x10000;
        t.stack_low = 0x11000;
        t.stack_size = 0x8000;
        t.guard_size = 0x1000;
        t.detach_state.store(DETACHED, core::sync::atomic::Ordering::Relaxed);
        let mut a = PthreadAttr::new(0, 0);
        let (mut addr, mut size, mut guard, mut st) = (ptr::null_mut(), 0, 0, 0);
        unsafe {
            assert_eq!(pthread_getattr_np(&mut t, &mut a), 0);
            assert_eq!(pthread_attr_getstack(&a, &mut addr, &mut size), 0);
            pthread_attr_getguardsize(&a, &mut guard);
            pthread_attr_getdetachstate(&a, &mut st);
        }
        assert_eq!((addr as usize, size, guard, st), (0x11000, 0x8000, 0x1000, 1));
    }
}
