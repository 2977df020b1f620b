//! The C-visible types and constants of <pthread.h>, sized as musl's headers size them
//! (`bits/alltypes.h`, `pthread.h`, `limits.h`). musl leaves the insides opaque, so the
//! fields are limpet's own; the sizes, alignments and the meaning of all-zero memory
//! (`PTHREAD_MUTEX_INITIALIZER`, `PTHREAD_COND_INITIALIZER`, `PTHREAD_ONCE_INIT`) are the ABI.
use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicU32, AtomicUsize};

use crate::lock::Lock;

pub use limpet_abi::limits::{PTHREAD_DESTRUCTOR_ITERATIONS, PTHREAD_KEYS_MAX, PTHREAD_STACK_MIN};
pub use limpet_abi::pthread::{PTHREAD_CREATE_DETACHED, PTHREAD_CREATE_JOINABLE, PthreadAttr};
pub use limpet_abi::sched::SchedParam;

pub const PTHREAD_MUTEX_NORMAL: u32 = 0;
pub const PTHREAD_MUTEX_RECURSIVE: u32 = 1;
pub const PTHREAD_MUTEX_ERRORCHECK: u32 = 2;

/// `pthread_mutex_t`: 40 bytes, 8-aligned; all zero is an unlocked normal mutex.
#[repr(C)]
pub struct PthreadMutex {
    /// The futex word: a [`Lock`] for a private mutex that is neither robust nor
    /// priority-inheriting; for the other kinds the holder's thread id with the kernel's
    /// `FUTEX_WAITERS` and `FUTEX_OWNER_DIED` bits (see [`crate::mutex`]).
    pub lock: Lock,
    /// `PTHREAD_MUTEX_NORMAL`, `_RECURSIVE` or `_ERRORCHECK`, with [`crate::mutex`]'s
    /// robust, priority-inheritance and process-shared bits.
    pub kind: u32,
    /// The holder's thread pointer, kept for the private recursive and error-checking types.
    pub owner: AtomicUsize,
    /// Recursive type: how many more times the holder has locked it. Only the holder
    /// touches it.
    pub depth: UnsafeCell<u32>,
    /// Priority-inheriting robust mutexes: what a thread handing the mutex over through the
    /// kernel tells the next holder ([`crate::mutex`]).
    pub pi_state: AtomicU32,
    /// The entry of a held robust mutex in its holder's robust list ([`crate::robust`]).
    pub robust_next: AtomicUsize,
    pub robust_prev: AtomicUsize,
}

// SAFETY: `depth` is only read or written by the thread holding the lock; every other field
// is atomic or fixed at initialisation.
unsafe impl Sync for PthreadMutex {}

impl PthreadMutex {
    pub const fn new(kind: u32) -> Self {
        PthreadMutex {
            lock: Lock::new(),
            kind,
            owner: AtomicUsize::new(0),
            depth: UnsafeCell::new(0),
            pi_state: AtomicU32::new(0),
            robust_next: AtomicUsize::new(0),
            robust_prev: AtomicUsize::new(0),
        }
    }
}

/// `pthread_mutexattr_t`: one `unsigned`, the mutex type with [`crate::mutex`]'s robust,
/// priority-inheritance and process-shared bits; zero is the default.
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
    /// Non-zero for a process-shared condition variable (its futex calls are then shared).
    pub shared: u32,
    _reserved: [u32; 8],
}

impl PthreadCond {
    pub const fn new(clock: u32) -> Self {
        PthreadCond { seq: AtomicU32::new(0), waiters: AtomicU32::new(0), clock, shared: 0, _reserved: [0; 8] }
    }
}

/// `pthread_condattr_t`: one `unsigned`, the clock; zero is `CLOCK_REALTIME`.
#[repr(C)]
pub struct PthreadCondattr {
    /// The clock, with [`CONDATTR_SHARED`] set for a process-shared attribute (musl's
    /// layout: one word).
    pub clock: u32,
}

/// The bit of [`PthreadCondattr::clock`] that says process-shared.
pub const CONDATTR_SHARED: u32 = 1 << 31;

/// `pthread_once_t`: an `int`, zero (`PTHREAD_ONCE_INIT`) before the routine has run.
pub type PthreadOnce = AtomicU32;

/// `pthread_key_t`: an `unsigned`.
pub type PthreadKey = u32;

/// `PTHREAD_PROCESS_PRIVATE` and `PTHREAD_PROCESS_SHARED`, the `pshared` attribute values.
pub const PTHREAD_PROCESS_PRIVATE: u32 = 0;
pub const PTHREAD_PROCESS_SHARED: u32 = 1;
/// `PTHREAD_MUTEX_STALLED` and `PTHREAD_MUTEX_ROBUST`, the robustness attribute values.
pub const PTHREAD_MUTEX_STALLED: u32 = 0;
pub const PTHREAD_MUTEX_ROBUST: u32 = 1;
/// `PTHREAD_PRIO_NONE`, `_INHERIT` and `_PROTECT`, the mutex protocols.
pub const PTHREAD_PRIO_NONE: u32 = 0;
pub const PTHREAD_PRIO_INHERIT: u32 = 1;
pub const PTHREAD_PRIO_PROTECT: u32 = 2;
/// `PTHREAD_BARRIER_SERIAL_THREAD`: what `pthread_barrier_wait` returns to one thread per round.
pub const PTHREAD_BARRIER_SERIAL_THREAD: i32 = -1;
/// `SEM_VALUE_MAX` from musl's <limits.h>.
pub const SEM_VALUE_MAX: u32 = 0x7fff_ffff;
/// `SEM_NSEMS_MAX` from musl's <limits.h>: how many named semaphores a process may have open.
pub const SEM_NSEMS_MAX: usize = 256;

/// `pthread_rwlock_t`: 56 bytes, 8-aligned; all zero (`PTHREAD_RWLOCK_INITIALIZER`) is an
/// unlocked, process-private lock. [`crate::rwlock`] says what the word holds.
#[repr(C, align(8))]
pub struct PthreadRwlock {
    pub state: AtomicU32,
    /// `PTHREAD_PROCESS_SHARED` or `_PRIVATE`: the futex scope.
    pub pshared: u32,
    _reserved: [u32; 12],
}

impl PthreadRwlock {
    pub const fn new(pshared: u32) -> Self {
        PthreadRwlock { state: AtomicU32::new(0), pshared, _reserved: [0; 12] }
    }
}

/// `pthread_rwlockattr_t`: two `unsigned`; the first is the `pshared` value.
#[repr(C)]
pub struct PthreadRwlockattr {
    pub pshared: u32,
    _reserved: u32,
}

impl PthreadRwlockattr {
    pub const fn new(pshared: u32) -> Self {
        PthreadRwlockattr { pshared, _reserved: 0 }
    }
}

/// `pthread_barrier_t`: 32 bytes, 8-aligned. `pthread_barrier_init` sets every field.
#[repr(C, align(8))]
pub struct PthreadBarrier {
    /// How many threads make up a round.
    pub count: u32,
    /// Threads that have arrived in the current round.
    pub arrived: AtomicU32,
    /// Bumped when a round completes; waiters sleep on it.
    pub round: AtomicU32,
    /// Threads inside `pthread_barrier_wait`, plus [`crate::barrier`]'s destroy flag.
    pub inside: AtomicU32,
    pub pshared: u32,
    _reserved: [u32; 3],
}

impl PthreadBarrier {
    pub const fn new(count: u32, pshared: u32) -> Self {
        PthreadBarrier {
            count,
            arrived: AtomicU32::new(0),
            round: AtomicU32::new(0),
            inside: AtomicU32::new(0),
            pshared,
            _reserved: [0; 3],
        }
    }
}

/// `pthread_barrierattr_t`: one `unsigned`, the `pshared` value.
#[repr(C)]
pub struct PthreadBarrierattr {
    pub pshared: u32,
}

/// `pthread_spinlock_t`: an `int`, zero when unlocked.
pub type PthreadSpinlock = AtomicU32;

/// `sem_t` (<semaphore.h>): 32 bytes, 4-aligned.
#[repr(C)]
pub struct Sem {
    /// The semaphore's value, `0..=SEM_VALUE_MAX`.
    pub value: AtomicU32,
    /// Threads inside a wait that may sleep; a post with none makes no system call.
    pub waiters: AtomicU32,
    /// Non-zero when shared between processes (the futex scope).
    pub pshared: u32,
    _reserved: [u32; 5],
}

impl Sem {
    pub const fn new(value: u32, pshared: u32) -> Self {
        Sem { value: AtomicU32::new(value), waiters: AtomicU32::new(0), pshared, _reserved: [0; 5] }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sizes and alignments from musl's `bits/alltypes.h` for x86_64.
    #[test]
    fn musl_sizes() {
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
        assert_eq!(c.clock, limpet_abi::time::CLOCK_REALTIME as u32);
    }

    /// Sizes and alignments of the types added for rwlocks, barriers, spinlocks, semaphores
    /// and C11 threads (`mtx_t` and `cnd_t` are the pthread types), from musl's headers.
    #[test]
    fn musl_sizes_of_sync_types() {
        assert_eq!((size_of::<PthreadRwlock>(), align_of::<PthreadRwlock>()), (56, 8));
        assert_eq!((size_of::<PthreadRwlockattr>(), align_of::<PthreadRwlockattr>()), (8, 4));
        assert_eq!((size_of::<PthreadBarrier>(), align_of::<PthreadBarrier>()), (32, 8));
        assert_eq!((size_of::<PthreadBarrierattr>(), align_of::<PthreadBarrierattr>()), (4, 4));
        assert_eq!((size_of::<PthreadSpinlock>(), align_of::<PthreadSpinlock>()), (4, 4));
        assert_eq!((size_of::<Sem>(), align_of::<Sem>()), (32, 4));
        let rw: PthreadRwlock = unsafe { core::mem::zeroed() };
        assert_eq!(rw.pshared, PTHREAD_PROCESS_PRIVATE);
    }
}
