//! The C-visible types and constants of <pthread.h>, sized as musl's headers size them
//! (`bits/alltypes.h`, `pthread.h`, `limits.h`). musl leaves the insides opaque, so the
//! fields are limpet's own; the sizes, alignments and the meaning of all-zero memory
//! (`PTHREAD_MUTEX_INITIALIZER`, `PTHREAD_COND_INITIALIZER`, `PTHREAD_ONCE_INIT`) are the ABI.
use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicU32, AtomicUsize};

use crate::lock::Lock;

/// `PTHREAD_STACK_MIN` from musl's <limits.h>.
pub const PTHREAD_STACK_MIN: usize = 2048;
/// `PTHREAD_KEYS_MAX` from musl's <limits.h>.
pub const PTHREAD_KEYS_MAX: usize = 128;
/// `PTHREAD_DESTRUCTOR_ITERATIONS` from musl's <limits.h>.
pub const PTHREAD_DESTRUCTOR_ITERATIONS: usize = 4;

pub const PTHREAD_CREATE_JOINABLE: u32 = 0;
pub const PTHREAD_CREATE_DETACHED: u32 = 1;

pub const PTHREAD_MUTEX_NORMAL: u32 = 0;
pub const PTHREAD_MUTEX_RECURSIVE: u32 = 1;
pub const PTHREAD_MUTEX_ERRORCHECK: u32 = 2;

/// `pthread_attr_t`: 56 bytes, 8-aligned. `pthread_attr_init` sets every field; all-zero is
/// not a valid attribute object.
#[repr(C)]
pub struct PthreadAttr {
    /// Usable stack bytes (the caller's, or what `pthread_create` maps).
    pub stack_size: usize,
    pub guard_size: usize,
    /// Lowest address of a caller-supplied stack; 0 when `pthread_create` maps one.
    pub stack_low: usize,
    pub detach_state: u32,
    _reserved: [u32; 7],
}

impl PthreadAttr {
    pub const fn new(stack_size: usize, guard_size: usize) -> Self {
        PthreadAttr { stack_size, guard_size, stack_low: 0, detach_state: PTHREAD_CREATE_JOINABLE, _reserved: [0; 7] }
    }
}

/// `pthread_mutex_t`: 40 bytes, 8-aligned; all zero is an unlocked normal mutex.
#[repr(C)]
pub struct PthreadMutex {
    pub lock: Lock,
    /// `PTHREAD_MUTEX_NORMAL`, `_RECURSIVE` or `_ERRORCHECK`.
    pub kind: u32,
    /// The holder's thread pointer, kept for the recursive and error-checking types.
    pub owner: AtomicUsize,
    /// Recursive type: how many more times the holder has locked it. Only the holder
    /// touches it.
    pub depth: UnsafeCell<u32>,
    _reserved: [u32; 5],
}

// SAFETY: `depth` is only read or written by the thread recorded in `owner`, which holds the
// lock; every other field is atomic or fixed at initialisation.
unsafe impl Sync for PthreadMutex {}

impl PthreadMutex {
    pub const fn new(kind: u32) -> Self {
        PthreadMutex { lock: Lock::new(), kind, owner: AtomicUsize::new(0), depth: UnsafeCell::new(0), _reserved: [0; 5] }
    }
}

/// `pthread_mutexattr_t`: one `unsigned`, the mutex type; zero is the default type.
#[repr(C)]
pub struct PthreadMutexattr {
    pub kind: u32,
}

/// `pthread_cond_t`: 48 bytes, 8-aligned (musl's union holds pointers); all zero is a
/// condition variable on `CLOCK_REALTIME` with no waiters.
#[repr(C, align(8))]
pub struct PthreadCond {
    /// Bumped by every signal and broadcast; waiters sleep on it (see [`crate::cond`]).
    pub seq: AtomicU32,
    /// Threads inside a wait, plus [`crate::cond`]'s destroy flag.
    pub waiters: AtomicU32,
    /// The clock of `pthread_cond_timedwait`'s deadline.
    pub clock: u32,
    _reserved: [u32; 9],
}

impl PthreadCond {
    pub const fn new(clock: u32) -> Self {
        PthreadCond { seq: AtomicU32::new(0), waiters: AtomicU32::new(0), clock, _reserved: [0; 9] }
    }
}

/// `pthread_condattr_t`: one `unsigned`, the clock; zero is `CLOCK_REALTIME`.
#[repr(C)]
pub struct PthreadCondattr {
    pub clock: u32,
}

/// `pthread_once_t`: an `int`, zero (`PTHREAD_ONCE_INIT`) before the routine has run.
pub type PthreadOnce = AtomicU32;

/// `pthread_key_t`: an `unsigned`.
pub type PthreadKey = u32;

#[cfg(test)]
mod tests {
    use super::*;

    /// Sizes and alignments from musl's `bits/alltypes.h` for x86_64.
    #[test]
    fn musl_sizes() {
        assert_eq!((size_of::<PthreadAttr>(), align_of::<PthreadAttr>()), (56, 8));
        assert_eq!((size_of::<PthreadMutex>(), align_of::<PthreadMutex>()), (40, 8));
        assert_eq!((size_of::<PthreadMutexattr>(), align_of::<PthreadMutexattr>()), (4, 4));
        assert_eq!((size_of::<PthreadCond>(), align_of::<PthreadCond>()), (48, 8));
        assert_eq!((size_of::<PthreadCondattr>(), align_of::<PthreadCondattr>()), (4, 4));
        assert_eq!((size_of::<PthreadOnce>(), align_of::<PthreadOnce>()), (4, 4));
        assert_eq!(size_of::<PthreadKey>(), 4);
    }

    /// The static initialisers are all-zero memory; it must read as an unlocked normal mutex
    /// and an idle realtime condition variable.
    #[test]
    fn zero_is_the_initializer() {
        let m: PthreadMutex = unsafe { core::mem::zeroed() };
        assert!(!m.lock.is_locked());
        assert_eq!(m.kind, PTHREAD_MUTEX_NORMAL);
        let c: PthreadCond = unsafe { core::mem::zeroed() };
        assert_eq!(c.clock, crate::futex::CLOCK_REALTIME as u32);
    }
}
