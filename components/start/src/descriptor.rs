//! The thread descriptor (`struct pthread`) that the thread pointer points at.
//!
//! Its first words keep musl's x86_64 layout, which compiled programs rely on: the self
//! pointer at offset 0 (`fs:0`) and the stack-protector canary at 0x28, where gcc reads it;
//! errno follows the thread id, where limpet-syscall finds it
//! ([`limpet_syscall::tp::ERRNO_OFFSET`]). The rest is limpet's own. Every field is valid
//! when zero, so the main thread's descriptor (in zeroed static memory) needs no more than
//! [`crate::tls`] fills in.
//!
//! Every thread has one, whether or not the program creates threads: this crate lays out
//! the main thread's, and limpet-pthread those of the threads it creates, which is why the
//! fields that only thread creation, joining, cancellation, keys and robust mutexes use are
//! here too, as plain data that limpet-pthread owns. Other components keep per-thread
//! state in [`crate::slot`]s, not here.
use core::ffi::c_void;
use core::sync::atomic::{AtomicI32, AtomicIsize, AtomicU32, AtomicUsize};

use limpet_abi::limits::PTHREAD_KEYS_MAX;

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
    /// Thread-specific data (`pthread_setspecific`; limpet-pthread's `key`).
    pub tsd: Tsd,
    /// Cancellation: the request flag, state and type ([`crate::cancel`]).
    pub cancel: limpet_syscall::cancel::State,
    /// The innermost cleanup handler (`pthread_cleanup_push`), a list through the callers'
    /// stack frames (limpet-pthread's `cleanup`).
    pub cleanup: *mut limpet_abi::pthread::Ptcb,
    /// The robust-mutex list the kernel walks when the thread dies (limpet-pthread's `robust`).
    pub robust: Robust,
    /// Set by `pthread_create` when the creator may have the cancellation signal blocked
    /// (its own cancellation is pending), which the new thread must not inherit
    /// ([`crate::cancel`]).
    pub unblock_cancel: bool,
    /// An explicit scheduling policy and priority the new thread sets on itself before its
    /// start routine (`PTHREAD_EXPLICIT_SCHED`), and how that went: [`SCHED_PENDING`] until
    /// it has tried, then 0 or the error, which `pthread_create` waits for and returns.
    pub explicit_sched: Option<(i32, i32)>,
    pub sched_result: AtomicI32,
    /// Where this thread's [`crate::slot`] words are: laid out like the slots' section, in
    /// the thread's own area; the section itself for the main thread.
    pub slots: *mut u8,
}

/// One thread's thread-specific data: per key slot, the value and the key it was stored
/// under (a stale key reads as null). All zero is empty. limpet-pthread's `key` owns it.
#[repr(C)]
pub struct Tsd {
    pub keys: [core::ffi::c_uint; PTHREAD_KEYS_MAX],
    pub values: [*mut c_void; PTHREAD_KEYS_MAX],
}

impl Tsd {
    pub const fn new() -> Self {
        Tsd { keys: [0; PTHREAD_KEYS_MAX], values: [core::ptr::null_mut(); PTHREAD_KEYS_MAX] }
    }
}

/// The kernel's `struct robust_list_head` (<linux/futex.h>), then the id of the thread the
/// kernel knows it for. limpet-pthread's `robust` owns it.
#[repr(C)]
pub struct Robust {
    /// The first entry (tagged), or this head's own address when the list is empty.
    pub head: AtomicUsize,
    /// Where an entry's futex word is, relative to the entry.
    pub futex_offset: AtomicIsize,
    /// The entry being locked or unlocked (tagged), or 0.
    pub pending: AtomicUsize,
    /// The thread id this list was registered for; 0 when not registered.
    pub registered: AtomicI32,
}

impl Robust {
    pub const fn new() -> Self {
        Robust { head: AtomicUsize::new(0), futex_offset: AtomicIsize::new(0), pending: AtomicUsize::new(0), registered: AtomicI32::new(0) }
    }
}

// errno is where limpet-syscall writes it.
const _: () = assert!(core::mem::offset_of!(Pthread, errno_val) == limpet_syscall::tp::ERRNO_OFFSET);

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
            robust: Robust::new(),
            unblock_cancel: false,
            explicit_sched: None,
            sched_result: AtomicI32::new(0),
            slots: core::ptr::null_mut(),
        }
    }
}

/// The calling thread's descriptor.
#[inline(always)]
pub fn current() -> *mut Pthread {
    limpet_syscall::arch::get_tp() as *mut Pthread
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
}
