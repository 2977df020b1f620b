//! `pthread_attr_*`: thread attributes (stack size, caller-supplied stack, guard size,
//! detach state), and `pthread_getattr_np`, the attributes of a running thread.
//!
//! Errors follow musl: a stack size below `PTHREAD_STACK_MIN` or absurdly large, a guard
//! above `SIZE_MAX / 8`, or a detach state other than the two constants give `EINVAL`.
//! Setting a stack size drops a stack set with `pthread_attr_setstack`.
use core::ffi::{c_int, c_void};

use limpet_syscall::auxv::{self, AT_EXECFN};
use limpet_syscall::errno::{EINVAL, ENOSYS};

use crate::abi::{PTHREAD_CREATE_DETACHED, PTHREAD_STACK_MIN, PthreadAttr};
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
    if state as u32 > PTHREAD_CREATE_DETACHED {
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
