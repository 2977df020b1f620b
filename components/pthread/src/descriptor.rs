//! The thread descriptor (`struct pthread`) that the thread pointer points at.
//!
//! Its first words keep musl's x86_64 layout, which compiled programs rely on: the self
//! pointer at offset 0 (`fs:0`) and the stack-protector canary at 0x28, where gcc reads it.
//! The rest is limpet's own. Every field is valid when zero, so the main thread's
//! descriptor (in zeroed static memory) needs no more than [`crate::tls`] fills in.
use core::ffi::c_void;
use core::sync::atomic::{AtomicI32, AtomicU32};

use crate::key::Tsd;

/// A thread's start routine, `void *(*)(void *)`.
pub type StartRoutine = unsafe extern "C" fn(*mut c_void) -> *mut c_void;

/// One thread's descriptor.
#[repr(C)]
pub struct Pthread {
    /// Points at this descriptor; read as `fs:0`.
    pub self_: *mut Pthread,
    /// The dynamic thread vector: `dtv[0]` is the module count, `dtv[id]` module `id`'s block.
    pub dtv: *mut usize,
    /// The thread list ([`crate::list`]): a ring of the live threads, under its lock.
    pub prev: *mut Pthread,
    pub next: *mut Pthread,
    pub sysinfo: usize,
    /// The stack-protector canary, at offset 0x28.
    pub canary: usize,
    /// The kernel's thread id. For a created thread the kernel stores it (`CLONE_PARENT_SETTID`)
    /// and clears it with a futex wake when the thread is gone (`CLONE_CHILD_CLEARTID`),
    /// which is what `pthread_join` waits for.
    pub tid: AtomicI32,
    pub errno_val: i32,
    /// [`JOINABLE`], [`DETACHED`] or [`EXITING`].
    pub detach_state: AtomicU32,
    /// The mapping holding this thread's stack (unless the caller supplied one), TLS and
    /// descriptor; 0 for the main thread, whose memory is never freed.
    pub map_base: usize,
    pub map_size: usize,
    /// The lowest address of the usable stack and its size (for `pthread_getattr_np`).
    pub stack_low: usize,
    pub stack_size: usize,
    pub guard_size: usize,
    /// What the thread runs, and what it returned or passed to `pthread_exit`.
    pub start: Option<StartRoutine>,
    pub start_arg: *mut c_void,
    pub result: *mut c_void,
    /// Thread-specific data (`pthread_setspecific`).
    pub tsd: Tsd,
    /// Cancellation: the request flag, state and type ([`crate::cancel`]).
    pub cancel: limpet_syscall::cancel::State,
    /// The innermost cleanup handler (`pthread_cleanup_push`), a list through the callers'
    /// stack frames ([`crate::cleanup`]).
    pub cleanup: *mut crate::cleanup::Ptcb,
    /// The robust-mutex list the kernel walks when the thread dies ([`crate::robust`]).
    pub robust: crate::robust::Robust,
    /// Set by `pthread_create` when the creator may have the cancellation signal blocked
    /// (its own cancellation is pending), which the new thread must not inherit
    /// ([`crate::cancel`]).
    pub unblock_cancel: bool,
    /// An explicit scheduling policy and priority the new thread sets on itself before its
    /// start routine (`PTHREAD_EXPLICIT_SCHED`), and how that went: [`SCHED_PENDING`] until
    /// it has tried, then 0 or the error, which `pthread_create` waits for and returns.
    pub explicit_sched: Option<(i32, i32)>,
    pub sched_result: AtomicI32,
    /// The allocator's per-thread state (limpet-malloc's `malloc-fast` heap), null until the
    /// thread first allocates. Only the malloc component reads or writes it.
    pub malloc_heap: *mut c_void,
    /// The thread's current locale (`uselocale`), null while it uses the global one, as
    /// every thread does when it starts. Only the locale component reads or writes it.
    pub locale: *mut c_void,
}

/// `sched_result` before the new thread has set its scheduling.
pub const SCHED_PENDING: i32 = -1;

/// `detach_state` values. A thread starts joinable or detached; `pthread_detach` moves it
/// from joinable to detached, and the thread itself, when it ends, from joinable to
/// exiting (a joiner will free it) unless it finds itself detached (it frees itself).
pub const JOINABLE: u32 = 0;
pub const DETACHED: u32 = 1;
pub const EXITING: u32 = 2;

/// Offset of the canary that gcc's `-fstack-protector` code reads as `fs:0x28`.
pub const CANARY_OFFSET: usize = 0x28;

impl Pthread {
    /// A descriptor with every field zero, to be filled in by [`crate::tls`].
    pub const fn zeroed() -> Self {
        Pthread {
            self_: core::ptr::null_mut(),
            dtv: core::ptr::null_mut(),
            prev: core::ptr::null_mut(),
            next: core::ptr::null_mut(),
            sysinfo: 0,
            canary: 0,
            tid: AtomicI32::new(0),
            errno_val: 0,
            detach_state: AtomicU32::new(0),
            map_base: 0,
            map_size: 0,
            stack_low: 0,
            stack_size: 0,
            guard_size: 0,
            start: None,
            start_arg: core::ptr::null_mut(),
            result: core::ptr::null_mut(),
            tsd: Tsd::new(),
            cancel: limpet_syscall::cancel::State::new(),
            cleanup: core::ptr::null_mut(),
            robust: crate::robust::Robust::new(),
            unblock_cancel: false,
            explicit_sched: None,
            sched_result: AtomicI32::new(0),
            malloc_heap: core::ptr::null_mut(),
            locale: core::ptr::null_mut(),
        }
    }
}

/// The calling thread's descriptor.
#[inline(always)]
pub fn current() -> *mut Pthread {
    crate::arch::get_tp() as *mut Pthread
}

/// `pthread_self()`—The calling thread's handle, which is its descriptor's address.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn pthread_self() -> *mut Pthread {
    current()
}

/// `pthread_equal(a, b)`—Non-zero when `a` and `b` name the same thread.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn pthread_equal(a: *mut Pthread, b: *mut Pthread) -> core::ffi::c_int {
    (a == b) as core::ffi::c_int
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn musl_abi_offsets() {
        assert_eq!(core::mem::offset_of!(Pthread, self_), 0);
        assert_eq!(core::mem::offset_of!(Pthread, dtv), 8);
        assert_eq!(core::mem::offset_of!(Pthread, canary), CANARY_OFFSET);
    }

    #[test]
    fn equal_compares_handles() {
        let mut a = Pthread::zeroed();
        let mut b = Pthread::zeroed();
        assert_eq!(pthread_equal(&mut a, &mut a), 1);
        assert_eq!(pthread_equal(&mut a, &mut b), 0);
    }
}
