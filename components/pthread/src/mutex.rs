//! `pthread_mutex_*` and `pthread_mutexattr_*`: every mutex type (normal, recursive,
//! error-checking), each optionally robust, priority-inheriting and process-shared.
//!
//! A private mutex that is neither robust nor priority-inheriting is the bare
//! [`crate::lock`] word. A normal one records no owner, so relocking it deadlocks and any
//! thread may unlock it, as in musl; the recursive and error-checking types record the
//! holder's thread pointer (unique among live threads, and free to read) for their checks.
//!
//! Every other mutex keeps the holder's thread id in the futex word, in the kernel's format:
//! the id in the low 30 bits, `FUTEX_WAITERS` once a thread may sleep on it, and
//! `FUTEX_OWNER_DIED` when the kernel (or [`crate::robust`]'s exit hook) found the holder
//! dead. Process-shared mutexes need it because a thread pointer means nothing in another
//! process; robust ones because the kernel must recognise its dying thread's mutexes;
//! priority-inheriting ones because the kernel queues their waiters itself
//! (`FUTEX_LOCK_PI`/`FUTEX_UNLOCK_PI`), boosting the holder it finds there.
//!
//! A robust mutex taken over from a dead holder is returned with `EOWNERDEAD` and stays
//! marked (the `FUTEX_OWNER_DIED` bit) until `pthread_mutex_consistent`; unlocked while
//! still marked, it becomes unusable: the word gets an id no thread has
//! ([`NOTRECOVERABLE`]) and every locker gets `ENOTRECOVERABLE`. A priority-inheriting
//! mutex handed over by the kernel cannot carry that mark in the word (the kernel writes
//! the new holder's id), so the hand-over is announced in `pi_state` instead.
//! `PTHREAD_PRIO_PROTECT` is not supported (`ENOTSUP`, as in musl).
use core::ffi::c_int;
use core::sync::atomic::AtomicU32;
use core::sync::atomic::Ordering::{Acquire, Relaxed, Release};

use limpet_syscall::errno::{
    EAGAIN, EBUSY, EDEADLK, EINTR, EINVAL, ENOSYS, ENOTRECOVERABLE, ENOTSUP, EOWNERDEAD, EPERM, ESRCH, ETIMEDOUT,
};
use limpet_abi::futex::{
    FUTEX_LOCK_PI, FUTEX_LOCK_PI2, FUTEX_OWNER_DIED, FUTEX_PRIVATE_FLAG, FUTEX_TID_MASK, FUTEX_TRYLOCK_PI,
    FUTEX_UNLOCK_PI, FUTEX_WAITERS,
};
use limpet_abi::time::{CLOCK_MONOTONIC, CLOCK_REALTIME, Timespec};
use limpet_syscall::{nr, result, syscall2, syscall4};

use crate::abi::{
    PTHREAD_MUTEX_ERRORCHECK, PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_RECURSIVE, PTHREAD_MUTEX_ROBUST,
    PTHREAD_MUTEX_STALLED, PTHREAD_PRIO_INHERIT, PTHREAD_PRIO_NONE, PTHREAD_PRIO_PROTECT, PTHREAD_PROCESS_PRIVATE,
    PTHREAD_PROCESS_SHARED, PthreadMutex, PthreadMutexattr,
};
use crate::futex::{self, Deadline, Scope};
use crate::lock::Lock;
use crate::pshared::{self, code};
use crate::robust;
use crate::timeout::{Lazy, Wait};

/// The bits of `kind` (in a mutex and in its attribute): the type, then the options.
const TYPE_MASK: u32 = 3;
pub const ROBUST: u32 = 4;
pub const PRIO_INHERIT: u32 = 8;
pub const PSHARED: u32 = 128;
/// The options that put the holder's thread id in the futex word.
const TID_WORD: u32 = ROBUST | PRIO_INHERIT | PSHARED;

/// The holder id of a robust mutex unlocked without being made consistent: thread ids
/// stay far below it, so no thread ever matches it and no locker takes it for free.
const NOTRECOVERABLE: u32 = FUTEX_TID_MASK;


/// `pi_state` values: nothing to tell; the previous holder died; the mutex is unrecoverable.
const PI_CLEAN: u32 = 0;
const PI_DIED: u32 = 1;
const PI_UNRECOVERABLE: u32 = 2;

/// The calling thread's identity for the private checked types.
#[inline(always)]
fn me() -> usize {
    limpet_syscall::arch::get_tp()
}

impl PthreadMutex {
    fn ty(&self) -> u32 {
        self.kind & TYPE_MASK
    }

    fn scope(&self) -> Scope {
        if self.kind & PSHARED != 0 { Scope::Shared } else { Scope::Private }
    }

    /// The futex word of an owner-id mutex.
    fn word(&self) -> &AtomicU32 {
        // SAFETY: `Lock` is a transparent wrapper of one `AtomicU32`.
        unsafe { &*(&self.lock as *const Lock as *const AtomicU32) }
    }

    /// Whether unlocking and condition waits check the caller holds it: every type but a
    /// plain normal mutex (robust and priority-inheriting ones always check, as in musl).
    fn checks_owner(&self) -> bool {
        self.ty() != PTHREAD_MUTEX_NORMAL || self.kind & (ROBUST | PRIO_INHERIT) != 0
    }

    fn acquire(&self, wait: Wait) -> Result<(), i32> {
        if self.kind & TID_WORD != 0 {
            return self.acquire_tid(wait);
        }
        if self.ty() != PTHREAD_MUTEX_NORMAL && self.owner.load(Relaxed) == me() {
            // Only this thread can have stored its own identity, so it holds the lock.
            return self.relock_held(wait);
        }
        if !self.lock.try_lock() {
            match wait {
                Wait::No => return Err(EBUSY),
                Wait::Forever => self.lock.lock(),
                Wait::Until(clock, at) => {
                    // SAFETY: the caller's contract makes `at` readable.
                    let d = unsafe { Deadline::from_ptr(clock, at) }?;
                    self.lock.lock_until(Some(&d))?;
                }
            }
        }
        self.took_ownership();
        Ok(())
    }

    /// A lock call by the thread that holds the mutex already.
    fn relock_held(&self, wait: Wait) -> Result<(), i32> {
        match self.ty() {
            PTHREAD_MUTEX_RECURSIVE => {
                // SAFETY: we hold the lock, so the depth is ours.
                let depth = unsafe { &mut *self.depth.get() };
                *depth = depth.checked_add(1).ok_or(EAGAIN)?;
                Ok(())
            }
            PTHREAD_MUTEX_ERRORCHECK => Err(if matches!(wait, Wait::No) { EBUSY } else { EDEADLK }),
            // A normal owner-id mutex relocked: a deadlock.
            _ => stuck(wait),
        }
    }

    /// Records the caller as holder of a private mutex, after it took the lock.
    fn took_ownership(&self) {
        if self.ty() != PTHREAD_MUTEX_NORMAL {
            self.owner.store(me(), Relaxed);
            // SAFETY: we hold the lock.
            unsafe { *self.depth.get() = 0 };
        }
    }

    fn release(&self) -> Result<(), i32> {
        if self.kind & TID_WORD != 0 {
            let holder = self.word().load(Relaxed) & FUTEX_TID_MASK;
            if holder != robust::tid() {
                if self.checks_owner() {
                    return Err(EPERM);
                }
            } else if self.ty() == PTHREAD_MUTEX_RECURSIVE && self.unwind_one_level() {
                return Ok(());
            }
            self.unlock_tid();
            return Ok(());
        }
        if self.ty() != PTHREAD_MUTEX_NORMAL {
            if self.owner.load(Relaxed) != me() {
                return Err(EPERM);
            }
            if self.unwind_one_level() {
                return Ok(());
            }
            self.owner.store(0, Relaxed);
        }
        // SAFETY: a checked type's holder was verified above; a normal mutex may be
        // unlocked by anyone, as in musl.
        unsafe { self.lock.unlock() };
        Ok(())
    }

    /// Drops one extra level of a recursive mutex the caller holds; false at the last one.
    fn unwind_one_level(&self) -> bool {
        // SAFETY: the caller holds the lock, so the depth is ours.
        let depth = unsafe { &mut *self.depth.get() };
        if *depth > 0 {
            *depth -= 1;
            return true;
        }
        false
    }

    /// Locks an owner-id mutex: `Ok`, or `EOWNERDEAD` with the lock taken, or an error
    /// without it.
    fn acquire_tid(&self, wait: Wait) -> Result<(), i32> {
        let tid = robust::tid();
        if self.word().load(Relaxed) & FUTEX_TID_MASK == tid {
            return self.relock_held(wait);
        }
        let is_robust = self.kind & ROBUST != 0;
        let pi = self.kind & PRIO_INHERIT != 0;
        let list = robust::current();
        if is_robust {
            robust::ensure_registered(list, tid);
            robust::set_pending(list, Some((self, pi)));
        }
        let got = if pi { self.lock_pi(tid, wait) } else { self.lock_word(tid, wait) };
        let r = got.inspect(|_| {
            if is_robust {
                robust::link(list, self, pi);
            }
            // SAFETY: we hold the lock now.
            unsafe { *self.depth.get() = 0 };
        });
        if is_robust {
            robust::set_pending(list, None);
        }
        match r {
            Ok(true) if is_robust => Err(EOWNERDEAD),
            Ok(_) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// Takes an owner-id word without the kernel's help, sleeping on it while held.
    /// `Ok(true)` when the previous holder died holding it.
    fn lock_word(&self, tid: u32, wait: Wait) -> Result<bool, i32> {
        let w = self.word();
        if w.compare_exchange(0, tid, Acquire, Relaxed).is_ok() {
            return Ok(false);
        }
        let mut deadline = Lazy::new(wait);
        // Once this thread has slept, others may sleep too: it takes the word with
        // FUTEX_WAITERS set so its unlock wakes the next one.
        let mut waiters = 0;
        let mut spins = crate::lock::spin_limit();
        loop {
            let v = w.load(Relaxed);
            let holder = v & FUTEX_TID_MASK;
            if holder == 0 {
                let new = tid | (v & (FUTEX_WAITERS | FUTEX_OWNER_DIED)) | waiters;
                if w.compare_exchange_weak(v, new, Acquire, Relaxed).is_ok() {
                    return Ok(v & FUTEX_OWNER_DIED != 0);
                }
                continue;
            }
            if holder == NOTRECOVERABLE {
                return Err(ENOTRECOVERABLE);
            }
            // SAFETY: the caller's contract makes a deadline pointer readable.
            let d = unsafe { deadline.get() }?;
            if spins > 0 && v & FUTEX_WAITERS == 0 {
                spins -= 1;
                core::hint::spin_loop();
                continue;
            }
            let sleeping = v | FUTEX_WAITERS;
            if v != sleeping && w.compare_exchange(v, sleeping, Relaxed, Relaxed).is_err() {
                continue;
            }
            futex::wait(w, sleeping, d, self.scope())?;
            waiters = FUTEX_WAITERS;
        }
    }

    /// Releases an owner-id mutex the caller holds (or, for a plain process-shared normal
    /// one, that anyone holds), whatever its recursion depth.
    fn unlock_tid(&self) {
        let is_robust = self.kind & ROBUST != 0;
        let pi = self.kind & PRIO_INHERIT != 0;
        let dead = is_robust && self.word().load(Relaxed) & FUTEX_OWNER_DIED != 0;
        let list = robust::current();
        if is_robust {
            robust::set_pending(list, Some((self, pi)));
            robust::unlink(list, self);
        }
        if pi {
            self.unlock_pi(dead);
        } else {
            let old = self.word().swap(if dead { NOTRECOVERABLE } else { 0 }, Release);
            if dead {
                futex::wake_all(self.word(), self.scope());
            } else if old & FUTEX_WAITERS != 0 {
                futex::wake(self.word(), 1, self.scope());
            }
        }
        if is_robust {
            robust::set_pending(list, None);
        }
    }

    /// Lets go of a robust mutex whose holder is ending: marks it owner-dead and wakes a
    /// waiter (or, priority-inheriting, hands it to one). Called by [`crate::robust`] with
    /// the mutex already off the list.
    // Only `pthread_exit` calls it, and threads are x86_64's only so far.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) fn abandon(&self) {
        let w = self.word();
        if self.kind & PRIO_INHERIT != 0 {
            let v = w.load(Relaxed);
            if v & FUTEX_WAITERS == 0 && w.compare_exchange(v, FUTEX_OWNER_DIED, Release, Relaxed).is_ok() {
                return;
            }
            self.pi_state.store(PI_DIED, Release);
            self.futex_pi(FUTEX_UNLOCK_PI, None).ok();
        } else if w.swap(FUTEX_OWNER_DIED, Release) & FUTEX_WAITERS != 0 {
            futex::wake(w, 1, self.scope());
        }
    }

    /// A priority-inheritance futex operation on the word.
    fn futex_pi(&self, op: c_int, deadline: Option<&Deadline>) -> Result<(), i32> {
        let w = self.word().as_ptr() as usize;
        let op = op | if self.kind & PSHARED != 0 { 0 } else { FUTEX_PRIVATE_FLAG };
        let Some(d) = deadline else {
            // SAFETY: the word is live and aligned; no timeout.
            return result(unsafe { syscall4(nr::FUTEX, w, op as usize, 0, 0) }).map(|_| ());
        };
        // The kernel refuses a negative second count; it is simply in the past.
        if d.at.tv_sec < 0 {
            return Err(ETIMEDOUT);
        }
        if d.clock == CLOCK_REALTIME {
            // SAFETY: as above; FUTEX_LOCK_PI takes an absolute realtime deadline.
            return result(unsafe { syscall4(nr::FUTEX, w, op as usize, 0, &raw const d.at as usize) }).map(|_| ());
        }
        let op2 = op - FUTEX_LOCK_PI + FUTEX_LOCK_PI2;
        // SAFETY: as above; FUTEX_LOCK_PI2 takes an absolute monotonic deadline.
        match result(unsafe { syscall4(nr::FUTEX, w, op2 as usize, 0, &raw const d.at as usize) }) {
            Err(ENOSYS) => {
                // An older kernel: move the deadline onto the realtime clock.
                let at = monotonic_to_realtime(&d.at);
                // SAFETY: as above.
                result(unsafe { syscall4(nr::FUTEX, w, op as usize, 0, &raw const at as usize) }).map(|_| ())
            }
            r => r.map(|_| ()),
        }
    }

    /// Takes a priority-inheriting mutex; `Ok(true)` when the previous holder died.
    fn lock_pi(&self, tid: u32, wait: Wait) -> Result<bool, i32> {
        let w = self.word();
        if w.compare_exchange(0, tid, Acquire, Relaxed).is_err() {
            let mut deadline = Lazy::new(wait);
            loop {
                let v = w.load(Relaxed);
                let holder = v & FUTEX_TID_MASK;
                if holder == NOTRECOVERABLE {
                    return Err(ENOTRECOVERABLE);
                }
                // Free, with no kernel state (no waiters): take it here, keeping the mark.
                if holder == 0 && v & FUTEX_WAITERS == 0 {
                    if w.compare_exchange(v, v | tid, Acquire, Relaxed).is_ok() {
                        break;
                    }
                    continue;
                }
                let r = if matches!(wait, Wait::No) {
                    if holder != 0 {
                        return Err(EBUSY);
                    }
                    self.futex_pi(FUTEX_TRYLOCK_PI, None).map_err(|_| EBUSY)
                } else {
                    // SAFETY: the caller's contract makes a deadline pointer readable.
                    let d = unsafe { deadline.get() }?;
                    self.futex_pi(FUTEX_LOCK_PI, d)
                };
                match r {
                    Ok(()) => break,
                    // The holder is exiting, or a signal came: look again.
                    Err(EAGAIN | EINTR) => continue,
                    // The holder is gone without a robust list to free the mutex: it stays
                    // held for good (unless it became unrecoverable meanwhile).
                    Err(ESRCH) if w.load(Relaxed) & FUTEX_TID_MASK != NOTRECOVERABLE => {
                        return stuck(wait).map(|()| false);
                    }
                    Err(ESRCH) => return Err(ENOTRECOVERABLE),
                    Err(e) => return Err(e),
                }
            }
        }
        match self.pi_state.load(Acquire) {
            PI_CLEAN => Ok(w.load(Relaxed) & FUTEX_OWNER_DIED != 0),
            PI_DIED => {
                self.pi_state.store(PI_CLEAN, Relaxed);
                w.fetch_or(FUTEX_OWNER_DIED, Relaxed);
                Ok(true)
            }
            _ => {
                // Handed over while becoming unrecoverable: pass it on to the next waiter.
                self.unlock_pi(true);
                Err(ENOTRECOVERABLE)
            }
        }
    }

    /// Releases a priority-inheriting mutex the caller holds; `unrecoverable` when it was
    /// left inconsistent.
    fn unlock_pi(&self, unrecoverable: bool) {
        let w = self.word();
        if unrecoverable {
            self.pi_state.store(PI_UNRECOVERABLE, Release);
        }
        let v = w.load(Relaxed);
        let free = if unrecoverable { NOTRECOVERABLE } else { 0 };
        if v & FUTEX_WAITERS == 0 && w.compare_exchange(v, free, Release, Relaxed).is_ok() {
            return;
        }
        // Waiters sleep in the kernel, which hands the mutex to the first of them.
        self.futex_pi(FUTEX_UNLOCK_PI, None).ok();
    }

    /// `EPERM` when the mutex checks its owner and the caller does not hold it.
    pub(crate) fn check_held(&self) -> Result<(), i32> {
        let held = if self.kind & TID_WORD != 0 {
            self.word().load(Relaxed) & FUTEX_TID_MASK == robust::tid()
        } else {
            self.owner.load(Relaxed) == me()
        };
        if self.checks_owner() && !held {
            return Err(EPERM);
        }
        Ok(())
    }

    /// Releases the mutex completely for a condition wait, returning the recursion depth to
    /// restore with [`PthreadMutex::relock_after_wait`]. `EPERM` when a checked mutex is not
    /// held by the caller.
    pub(crate) fn unlock_for_wait(&self) -> Result<u32, i32> {
        self.check_held()?;
        let depth = if self.ty() == PTHREAD_MUTEX_RECURSIVE {
            // SAFETY: the caller holds the lock (checked above).
            core::mem::take(unsafe { &mut *self.depth.get() })
        } else {
            0
        };
        if self.kind & TID_WORD != 0 {
            self.unlock_tid();
        } else {
            self.owner.store(0, Relaxed);
            // SAFETY: as above.
            unsafe { self.lock.unlock() };
        }
        Ok(depth)
    }

    /// Takes the mutex back after a condition wait, with the depth it had before. A robust
    /// mutex may come back with `EOWNERDEAD` (held) or `ENOTRECOVERABLE` (not held).
    pub(crate) fn relock_after_wait(&self, depth: u32) -> Result<(), i32> {
        let r = if self.kind & TID_WORD != 0 {
            self.acquire_tid(Wait::Forever)
        } else {
            self.lock.lock();
            self.took_ownership();
            Ok(())
        };
        if matches!(r, Ok(()) | Err(EOWNERDEAD)) && self.ty() == PTHREAD_MUTEX_RECURSIVE {
            // SAFETY: we hold the lock.
            unsafe { *self.depth.get() = depth };
        }
        r
    }
}

/// Waits on a mutex that will never be released: `EBUSY` for a `try` call, else sleeps until
/// the deadline (`ETIMEDOUT`) or for ever, as a deadlock does.
fn stuck(wait: Wait) -> Result<(), i32> {
    // SAFETY: the caller's contract makes a deadline pointer readable.
    let d = unsafe { wait.deadline() }?;
    let never = AtomicU32::new(0);
    loop {
        futex::wait(&never, 0, d.as_ref(), Scope::Private)?;
    }
}

/// The realtime time at which `CLOCK_MONOTONIC` will read `at`.
fn monotonic_to_realtime(at: &Timespec) -> Timespec {
    const NSEC: i64 = 1_000_000_000;
    let (mut mono, mut real) = (Timespec::default(), Timespec::default());
    // SAFETY: the kernel writes the live locals.
    unsafe {
        syscall2(nr::CLOCK_GETTIME, CLOCK_MONOTONIC as usize, &raw mut mono as usize);
        syscall2(nr::CLOCK_GETTIME, CLOCK_REALTIME as usize, &raw mut real as usize);
    }
    let ns = (at.tv_sec - mono.tv_sec) * NSEC + (at.tv_nsec - mono.tv_nsec) + real.tv_sec * NSEC + real.tv_nsec;
    Timespec { tv_sec: ns.div_euclid(NSEC), tv_nsec: ns.rem_euclid(NSEC) }
}

/// `pthread_mutex_init(m, attr)`—Makes `*m` an unlocked mutex of the type, robustness,
/// protocol and process-sharing in `attr` (a private normal one when `attr` is null).
/// Always 0.
///
/// # Safety
/// `m` must be valid for writes and not in use; `attr` null or an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutex_init(m: *mut PthreadMutex, attr: *const PthreadMutexattr) -> c_int {
    // SAFETY: per the contract.
    unsafe {
        let kind = if attr.is_null() { PTHREAD_MUTEX_NORMAL } else { (*attr).kind };
        m.write(PthreadMutex::new(kind));
    }
    0
}

/// `pthread_mutex_destroy(m)`—Ends the mutex's life; it holds no resources. Always 0.
///
/// # Safety
/// `m` must be an unlocked mutex no thread is using.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutex_destroy(_m: *mut PthreadMutex) -> c_int {
    0
}

/// `pthread_mutex_lock(m)`—Takes the mutex, waiting as long as it takes. A recursive mutex
/// held by the caller is taken once more (`EAGAIN` if the count would overflow); an
/// error-checking one gives `EDEADLK`; a normal one deadlocks. A robust mutex whose holder
/// died is taken with `EOWNERDEAD` (then `pthread_mutex_consistent` repairs it); one left
/// unrepaired gives `ENOTRECOVERABLE`.
///
/// # Safety
/// `m` must be an initialised mutex.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutex_lock(m: *mut PthreadMutex) -> c_int {
    // SAFETY: per the contract.
    let m = unsafe { &*m };
    // The common case, a free default mutex (kind 0: normal, private, neither robust nor
    // priority-inheriting), without the general path's call.
    if m.kind == PTHREAD_MUTEX_NORMAL && m.lock.try_lock() {
        return 0;
    }
    code(m.acquire(Wait::Forever))
}

/// `pthread_mutex_trylock(m)`—Takes the mutex if no other thread holds it, else `EBUSY`.
/// A recursive mutex held by the caller is taken once more; an error-checking or normal
/// one held by the caller gives `EBUSY`. Robust mutexes report `EOWNERDEAD` and
/// `ENOTRECOVERABLE` as [`pthread_mutex_lock`] does.
///
/// # Safety
/// `m` must be an initialised mutex.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutex_trylock(m: *mut PthreadMutex) -> c_int {
    // SAFETY: per the contract.
    code(unsafe { &*m }.acquire(Wait::No))
}

/// `pthread_mutex_timedlock(m, at)`—As [`pthread_mutex_lock`], but gives up with `ETIMEDOUT`
/// at the absolute `CLOCK_REALTIME` time `*at`. `EINVAL` if it has to wait and `at`'s
/// nanoseconds are outside `0..10^9`.
///
/// # Safety
/// `m` must be an initialised mutex and `at` a readable `struct timespec`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutex_timedlock(m: *mut PthreadMutex, at: *const Timespec) -> c_int {
    // SAFETY: per the contract.
    code(unsafe { &*m }.acquire(Wait::Until(CLOCK_REALTIME, at)))
}

/// `pthread_mutex_clocklock(m, clock, at)`—[`pthread_mutex_timedlock`] with the deadline on
/// `clock`, `CLOCK_REALTIME` or `CLOCK_MONOTONIC` (else `EINVAL`).
///
/// # Safety
/// As for [`pthread_mutex_timedlock`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutex_clocklock(m: *mut PthreadMutex, clock: c_int, at: *const Timespec) -> c_int {
    // SAFETY: per the contract.
    code(Wait::clock(clock, at).and_then(|w| unsafe { &*m }.acquire(w)))
}

/// `pthread_mutex_unlock(m)`—Releases the mutex (one level of a recursive one). A mutex
/// that checks its owner (recursive, error-checking, robust or priority-inheriting) gives
/// `EPERM` when the caller does not hold it. A robust mutex taken with `EOWNERDEAD` and not
/// made consistent becomes unrecoverable.
///
/// # Safety
/// `m` must be an initialised mutex; a normal one must be locked.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutex_unlock(m: *mut PthreadMutex) -> c_int {
    // SAFETY: per the contract.
    let m = unsafe { &*m };
    if m.kind == PTHREAD_MUTEX_NORMAL {
        // A default mutex may be unlocked by any thread, as in musl: nothing to check.
        // SAFETY: per the contract, it is held.
        unsafe { m.lock.unlock() };
        return 0;
    }
    code(m.release())
}

/// `pthread_mutex_consistent(m)`—Marks a robust mutex that the caller took with
/// `EOWNERDEAD` as consistent again, so unlocking it leaves it usable. `EINVAL` if the
/// mutex is not robust or not in that state, `EPERM` if the caller does not hold it.
///
/// # Safety
/// `m` must be an initialised mutex.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutex_consistent(m: *mut PthreadMutex) -> c_int {
    // SAFETY: per the contract.
    let m = unsafe { &*m };
    let v = m.word().load(Relaxed);
    let holder = v & FUTEX_TID_MASK;
    if m.kind & ROBUST == 0 || v & FUTEX_OWNER_DIED == 0 || holder == 0 {
        return EINVAL;
    }
    if holder != robust::tid() {
        return EPERM;
    }
    m.word().fetch_and(!FUTEX_OWNER_DIED, Relaxed);
    0
}

/// `pthread_mutexattr_init(a)`—A mutex attribute with the defaults: normal, stalled (not
/// robust), no priority protocol, process-private. Always 0.
///
/// # Safety
/// `a` must be valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutexattr_init(a: *mut PthreadMutexattr) -> c_int {
    // SAFETY: per the contract.
    unsafe { a.write(PthreadMutexattr { kind: PTHREAD_MUTEX_NORMAL }) };
    0
}

/// `pthread_mutexattr_destroy(a)`—Ends the attribute's life. Always 0.
///
/// # Safety
/// `a` must be an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutexattr_destroy(_a: *mut PthreadMutexattr) -> c_int {
    0
}

/// Sets or clears `bit` of an attribute.
///
/// # Safety
/// `a` must be an initialised attribute.
unsafe fn set_flag(a: *mut PthreadMutexattr, bit: u32, on: bool) {
    // SAFETY: per the contract.
    unsafe { (*a).kind = ((*a).kind & !bit) | if on { bit } else { 0 } };
}

/// `pthread_mutexattr_settype(a, type)`—Sets the type: `PTHREAD_MUTEX_NORMAL` (also
/// `_DEFAULT`), `_RECURSIVE` or `_ERRORCHECK`; `EINVAL` for anything else.
///
/// # Safety
/// `a` must be an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutexattr_settype(a: *mut PthreadMutexattr, kind: c_int) -> c_int {
    match kind as u32 {
        k @ (PTHREAD_MUTEX_NORMAL | PTHREAD_MUTEX_RECURSIVE | PTHREAD_MUTEX_ERRORCHECK) => {
            // SAFETY: per the contract.
            unsafe { (*a).kind = ((*a).kind & !TYPE_MASK) | k };
            0
        }
        _ => EINVAL,
    }
}

/// `pthread_mutexattr_gettype(a, type)`—Stores the type in `*type`. Always 0.
///
/// # Safety
/// `a` must be an initialised attribute and `kind` valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutexattr_gettype(a: *const PthreadMutexattr, kind: *mut c_int) -> c_int {
    // SAFETY: per the contract.
    unsafe { *kind = ((*a).kind & TYPE_MASK) as c_int };
    0
}

/// `pthread_mutexattr_setrobust(a, robust)`—`PTHREAD_MUTEX_ROBUST` makes mutexes that
/// survive their holder's death (see [`pthread_mutex_lock`]); `PTHREAD_MUTEX_STALLED` (the
/// default) does not. `EINVAL` for other values.
///
/// # Safety
/// `a` must be an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutexattr_setrobust(a: *mut PthreadMutexattr, robust: c_int) -> c_int {
    match robust as u32 {
        // SAFETY: per the contract.
        r @ (PTHREAD_MUTEX_STALLED | PTHREAD_MUTEX_ROBUST) => unsafe { set_flag(a, ROBUST, r == PTHREAD_MUTEX_ROBUST) },
        _ => return EINVAL,
    }
    0
}

/// `pthread_mutexattr_getrobust(a, robust)`—Stores `PTHREAD_MUTEX_ROBUST` or `_STALLED`.
/// Always 0.
///
/// # Safety
/// `a` must be an initialised attribute and `robust` valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutexattr_getrobust(a: *const PthreadMutexattr, robust: *mut c_int) -> c_int {
    // SAFETY: per the contract.
    unsafe { *robust = ((*a).kind & ROBUST != 0) as c_int };
    0
}

/// `pthread_mutexattr_setprotocol(a, protocol)`—`PTHREAD_PRIO_INHERIT` makes mutexes whose
/// holder runs at the priority of its highest waiter; `PTHREAD_PRIO_NONE` (the default)
/// does not. `PTHREAD_PRIO_PROTECT` gives `ENOTSUP` (as in musl), other values `EINVAL`.
///
/// # Safety
/// `a` must be an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutexattr_setprotocol(a: *mut PthreadMutexattr, protocol: c_int) -> c_int {
    match protocol as u32 {
        // SAFETY: per the contract.
        p @ (PTHREAD_PRIO_NONE | PTHREAD_PRIO_INHERIT) => unsafe {
            set_flag(a, PRIO_INHERIT, p == PTHREAD_PRIO_INHERIT)
        },
        PTHREAD_PRIO_PROTECT => return ENOTSUP,
        _ => return EINVAL,
    }
    0
}

/// `pthread_mutexattr_getprotocol(a, protocol)`—Stores `PTHREAD_PRIO_INHERIT` or
/// `PTHREAD_PRIO_NONE`. Always 0.
///
/// # Safety
/// `a` must be an initialised attribute and `protocol` valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutexattr_getprotocol(a: *const PthreadMutexattr, protocol: *mut c_int) -> c_int {
    // SAFETY: per the contract.
    unsafe {
        *protocol = if (*a).kind & PRIO_INHERIT != 0 { PTHREAD_PRIO_INHERIT } else { PTHREAD_PRIO_NONE } as c_int;
    }
    0
}

/// `pthread_mutexattr_setpshared(a, pshared)`—`PTHREAD_PROCESS_SHARED` makes mutexes that
/// may live in memory shared between processes; `PTHREAD_PROCESS_PRIVATE` (the default)
/// does not. `EINVAL` for other values.
///
/// # Safety
/// `a` must be an initialised attribute.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutexattr_setpshared(a: *mut PthreadMutexattr, shared: c_int) -> c_int {
    match pshared::check(shared) {
        // SAFETY: per the contract.
        Ok(p) => unsafe { set_flag(a, PSHARED, p == PTHREAD_PROCESS_SHARED) },
        Err(e) => return e,
    }
    0
}

/// `pthread_mutexattr_getpshared(a, pshared)`—Stores `PTHREAD_PROCESS_SHARED` or
/// `PTHREAD_PROCESS_PRIVATE`. Always 0.
///
/// # Safety
/// `a` must be an initialised attribute and `shared` valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutexattr_getpshared(a: *const PthreadMutexattr, shared: *mut c_int) -> c_int {
    // SAFETY: per the contract.
    unsafe {
        *shared = if (*a).kind & PSHARED != 0 { PTHREAD_PROCESS_SHARED } else { PTHREAD_PROCESS_PRIVATE } as c_int;
    }
    0
}

/// `pthread_mutex_getprioceiling(m, ceiling)`—`EINVAL`: only a mutex with the
/// `PTHREAD_PRIO_PROTECT` protocol has a priority ceiling, and limpet makes none
/// (`pthread_mutexattr_setprotocol` refuses that protocol), as musl does.
///
/// # Safety
/// None: neither pointer is used.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutex_getprioceiling(_m: *const PthreadMutex, _ceiling: *mut c_int) -> c_int {
    EINVAL
}

/// `pthread_mutex_setprioceiling(m, ceiling, old)`—`EINVAL`, for the reason given at
/// [`pthread_mutex_getprioceiling`].
///
/// # Safety
/// None: no pointer is used.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_mutex_setprioceiling(_m: *mut PthreadMutex, _ceiling: c_int, _old: *mut c_int) -> c_int {
    EINVAL
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::cell::UnsafeCell;
    use std::sync::Arc;

    struct Shared {
        m: UnsafeCell<PthreadMutex>,
        value: UnsafeCell<u64>,
    }
    unsafe impl Sync for Shared {}
    unsafe impl Send for Shared {}

    fn mutex(kind: u32) -> PthreadMutex {
        let mut a = PthreadMutexattr { kind: 99 };
        let mut m = PthreadMutex::new(7);
        unsafe {
            assert_eq!(pthread_mutexattr_init(&mut a), 0);
            assert_eq!(pthread_mutexattr_settype(&mut a, kind as c_int), 0);
            let mut got = -1;
            pthread_mutexattr_gettype(&a, &mut got);
            assert_eq!(got, kind as c_int);
            assert_eq!(pthread_mutex_init(&mut m, &a), 0);
        }
        m
    }

    #[test]
    fn each_type_excludes_other_threads() {
        const THREADS: usize = 4;
        const ROUNDS: u64 = 50_000;
        for kind in [PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_RECURSIVE, PTHREAD_MUTEX_ERRORCHECK] {
            let s = Arc::new(Shared { m: UnsafeCell::new(mutex(kind)), value: UnsafeCell::new(0) });
            let hs: Vec<_> = (0..THREADS)
                .map(|_| {
                    let s = s.clone();
                    std::thread::spawn(move || {
                        for i in 0..ROUNDS {
                            unsafe {
                                assert_eq!(pthread_mutex_lock(s.m.get()), 0);
                                let v = *s.value.get();
                                if i % 1000 == 0 {
                                    std::thread::yield_now();
                                }
                                *s.value.get() = v + 1;
                                assert_eq!(pthread_mutex_unlock(s.m.get()), 0);
                            }
                        }
                    })
                })
                .collect();
            for h in hs {
                h.join().unwrap();
            }
            assert_eq!(unsafe { *s.value.get() }, THREADS as u64 * ROUNDS);
        }
    }

    #[test]
    fn recursive_counts_levels_and_checks_the_owner() {
        let s = Arc::new(Shared { m: UnsafeCell::new(mutex(PTHREAD_MUTEX_RECURSIVE)), value: UnsafeCell::new(0) });
        let m = s.m.get();
        unsafe {
            assert_eq!(pthread_mutex_unlock(m), EPERM);
            for _ in 0..3 {
                assert_eq!(pthread_mutex_lock(m), 0);
            }
            assert_eq!(pthread_mutex_trylock(m), 0);
            let past = Timespec { tv_sec: 0, tv_nsec: 0 };
            assert_eq!(pthread_mutex_timedlock(m, &past), 0);
            let s2 = s.clone();
            let r = std::thread::spawn(move || {
                let m = s2.m.get();
                (pthread_mutex_unlock(m), pthread_mutex_trylock(m), pthread_mutex_timedlock(m, &past))
            })
            .join()
            .unwrap();
            assert_eq!(r, (EPERM, EBUSY, ETIMEDOUT));
            for _ in 0..5 {
                assert_eq!(pthread_mutex_unlock(m), 0);
            }
            assert_eq!(pthread_mutex_unlock(m), EPERM);
            assert!(!(*m).lock.is_locked());
        }
    }

    #[test]
    fn errorcheck_reports_misuse() {
        let s = Arc::new(Shared { m: UnsafeCell::new(mutex(PTHREAD_MUTEX_ERRORCHECK)), value: UnsafeCell::new(0) });
        let m = s.m.get();
        let bad = Timespec { tv_sec: 0, tv_nsec: 2_000_000_000 };
        unsafe {
            assert_eq!(pthread_mutex_unlock(m), EPERM);
            assert_eq!(pthread_mutex_lock(m), 0);
            assert_eq!(pthread_mutex_lock(m), EDEADLK);
            assert_eq!(pthread_mutex_trylock(m), EBUSY);
            assert_eq!(pthread_mutex_timedlock(m, &bad), EDEADLK);
            let s2 = s.clone();
            let r = std::thread::spawn(move || {
                let m = s2.m.get();
                (pthread_mutex_unlock(m), pthread_mutex_timedlock(m, &bad), pthread_mutex_clocklock(m, 5, &bad))
            })
            .join()
            .unwrap();
            assert_eq!(r, (EPERM, EINVAL, EINVAL));
            assert_eq!(pthread_mutex_unlock(m), 0);
            assert_eq!(pthread_mutex_unlock(m), EPERM);
        }
    }

    #[test]
    fn normal_is_zero_initialised_and_unchecked() {
        let mut m: PthreadMutex = unsafe { core::mem::zeroed() };
        let bad = Timespec { tv_sec: 0, tv_nsec: -1 };
        unsafe {
            // Uncontended, the deadline is never read, as in musl.
            assert_eq!(pthread_mutex_timedlock(&mut m, &bad), 0);
            assert_eq!(pthread_mutex_trylock(&mut m), EBUSY);
            assert_eq!(pthread_mutex_timedlock(&mut m, &bad), EINVAL);
            let past = Timespec { tv_sec: 1, tv_nsec: 0 };
            assert_eq!(pthread_mutex_clocklock(&mut m, CLOCK_MONOTONIC, &past), ETIMEDOUT);
            assert_eq!(pthread_mutex_unlock(&mut m), 0);
            assert_eq!(pthread_mutex_lock(&mut m), 0);
            assert_eq!(pthread_mutex_unlock(&mut m), 0);
            assert_eq!(pthread_mutex_destroy(&mut m), 0);
        }
    }

    #[test]
    fn settype_rejects_unknown_types() {
        let mut a = PthreadMutexattr { kind: 0 };
        unsafe {
            assert_eq!(pthread_mutexattr_settype(&mut a, 3), EINVAL);
            assert_eq!(pthread_mutexattr_settype(&mut a, -1), EINVAL);
            assert_eq!(a.kind, 0);
            assert_eq!(pthread_mutexattr_destroy(&mut a), 0);
        }
    }

    #[test]
    fn timed_lock_gets_the_mutex_when_released_in_time() {
        let s = Arc::new(Shared { m: UnsafeCell::new(mutex(PTHREAD_MUTEX_ERRORCHECK)), value: UnsafeCell::new(0) });
        unsafe { assert_eq!(pthread_mutex_lock(s.m.get()), 0) };
        let s2 = s.clone();
        let t = std::thread::spawn(move || {
            let mut at = Timespec::default();
            unsafe {
                limpet_syscall::syscall2(
                    limpet_syscall::nr::CLOCK_GETTIME,
                    CLOCK_MONOTONIC as usize,
                    &raw mut at as usize,
                );
                at.tv_sec += 10;
                let r = pthread_mutex_clocklock(s2.m.get(), CLOCK_MONOTONIC, &at);
                let v = *s2.value.get();
                pthread_mutex_unlock(s2.m.get());
                (r, v)
            }
        });
        std::thread::sleep(std::time::Duration::from_millis(20));
        unsafe {
            *s.value.get() = 9;
            assert_eq!(pthread_mutex_unlock(s.m.get()), 0);
        }
        assert_eq!(t.join().unwrap(), (0, 9));
    }

    fn attr_mutex(kind: u32, robust: bool, pi: bool, shared: bool) -> PthreadMutex {
        let mut a = PthreadMutexattr { kind: 0 };
        let mut m = PthreadMutex::new(0);
        let mut got = -1;
        unsafe {
            pthread_mutexattr_init(&mut a);
            assert_eq!(pthread_mutexattr_settype(&mut a, kind as c_int), 0);
            assert_eq!(pthread_mutexattr_setrobust(&mut a, robust as c_int), 0);
            assert_eq!(pthread_mutexattr_setprotocol(&mut a, pi as c_int), 0);
            assert_eq!(pthread_mutexattr_setpshared(&mut a, shared as c_int), 0);
            pthread_mutexattr_gettype(&a, &mut got);
            assert_eq!(got, kind as c_int);
            pthread_mutexattr_getrobust(&a, &mut got);
            assert_eq!(got, robust as c_int);
            pthread_mutexattr_getprotocol(&a, &mut got);
            assert_eq!(got, pi as c_int);
            pthread_mutexattr_getpshared(&a, &mut got);
            assert_eq!(got, shared as c_int);
            pthread_mutex_init(&mut m, &a);
        }
        m
    }

    fn shared_mutex(m: PthreadMutex) -> Arc<Shared> {
        Arc::new(Shared { m: UnsafeCell::new(m), value: UnsafeCell::new(0) })
    }

    /// Every combination of type and option excludes: an exact count under contention,
    /// with recursive mutexes taken twice now and then.
    #[test]
    fn owner_id_kinds_exclude_other_threads() {
        const THREADS: usize = 4;
        const ROUNDS: u64 = 20_000;
        for (robust, pi, shared) in
            [(true, false, false), (false, true, false), (false, false, true), (true, true, true)]
        {
            for kind in [PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_RECURSIVE, PTHREAD_MUTEX_ERRORCHECK] {
                let s = shared_mutex(attr_mutex(kind, robust, pi, shared));
                let hs: Vec<_> = (0..THREADS)
                    .map(|_| {
                        let s = s.clone();
                        std::thread::spawn(move || {
                            for i in 0..ROUNDS {
                                let twice = kind == PTHREAD_MUTEX_RECURSIVE && i % 64 == 0;
                                unsafe {
                                    assert_eq!(pthread_mutex_lock(s.m.get()), 0);
                                    if twice {
                                        assert_eq!(pthread_mutex_lock(s.m.get()), 0);
                                    }
                                    let v = *s.value.get();
                                    if i % 1000 == 0 {
                                        std::thread::yield_now();
                                    }
                                    *s.value.get() = v + 1;
                                    if twice {
                                        assert_eq!(pthread_mutex_unlock(s.m.get()), 0);
                                    }
                                    assert_eq!(pthread_mutex_unlock(s.m.get()), 0);
                                }
                            }
                        })
                    })
                    .collect();
                for h in hs {
                    h.join().unwrap();
                }
                assert_eq!(unsafe { *s.value.get() }, THREADS as u64 * ROUNDS);
                assert_eq!(unsafe { (*s.m.get()).word().load(Relaxed) } & FUTEX_TID_MASK, 0);
            }
        }
    }

    #[test]
    fn owner_id_kinds_check_owner_and_time_out() {
        let bad = Timespec { tv_sec: 0, tv_nsec: -1 };
        for (robust, pi, shared) in [(true, false, false), (false, true, false), (false, false, true)] {
            let s = shared_mutex(attr_mutex(PTHREAD_MUTEX_ERRORCHECK, robust, pi, shared));
            let m = s.m.get();
            unsafe {
                assert_eq!(pthread_mutex_unlock(m), EPERM);
                assert_eq!(pthread_mutex_timedlock(m, &bad), 0);
                assert_eq!(pthread_mutex_lock(m), EDEADLK);
                assert_eq!(pthread_mutex_trylock(m), EBUSY);
                let s2 = s.clone();
                let r = std::thread::spawn(move || {
                    let m = s2.m.get();
                    let mut at = Timespec::default();
                    limpet_syscall::syscall2(nr::CLOCK_GETTIME, CLOCK_MONOTONIC as usize, &raw mut at as usize);
                    at.tv_nsec = (at.tv_nsec + 20_000_000) % 1_000_000_000;
                    at.tv_sec += 1;
                    let real_past = Timespec { tv_sec: 1, tv_nsec: 0 };
                    (
                        pthread_mutex_unlock(m),
                        pthread_mutex_trylock(m),
                        pthread_mutex_timedlock(m, &bad),
                        pthread_mutex_timedlock(m, &real_past),
                        pthread_mutex_clocklock(m, CLOCK_MONOTONIC, &at),
                        pthread_mutex_consistent(m),
                    )
                })
                .join()
                .unwrap();
                assert_eq!(r, (EPERM, EBUSY, EINVAL, ETIMEDOUT, ETIMEDOUT, EINVAL));
                assert_eq!(pthread_mutex_consistent(m), EINVAL);
                assert_eq!(pthread_mutex_unlock(m), 0);
                assert_eq!(pthread_mutex_unlock(m), EPERM);
            }
        }
        // A normal owner-id mutex relocked deadlocks until the deadline.
        let mut m = attr_mutex(PTHREAD_MUTEX_NORMAL, true, false, false);
        let at = Timespec { tv_sec: 1, tv_nsec: 0 };
        unsafe {
            assert_eq!(pthread_mutex_lock(&mut m), 0);
            assert_eq!(pthread_mutex_trylock(&mut m), EBUSY);
            assert_eq!(pthread_mutex_timedlock(&mut m, &at), ETIMEDOUT);
            assert_eq!(pthread_mutex_unlock(&mut m), 0);
        }
    }

    /// A thread ends holding robust mutexes: the next locker gets `EOWNERDEAD` and the lock;
    /// unlocked without `pthread_mutex_consistent` the mutex is unrecoverable, with it it
    /// works on. `how` says who notices the death: the kernel walking the robust list as the
    /// thread exits, or the exit hook.
    /// Whether the kernel keeps robust lists: qemu-user answers `get_robust_list` (and
    /// `set_robust_list`) with ENOSYS, so a dead thread's mutexes are never released there.
    fn kernel_robust_lists() -> bool {
        let (mut head, mut len) = (0usize, 0usize);
        // SAFETY: reads the calling thread's registration into two locals.
        let r = unsafe {
            limpet_syscall::syscall3(limpet_syscall::nr::GET_ROBUST_LIST, 0, &raw mut head as usize, &raw mut len as usize)
        };
        limpet_syscall::result(r) != Err(limpet_syscall::errno::ENOSYS)
    }

    fn owner_death(pi: bool, by_hook: bool) {
        if !by_hook && !kernel_robust_lists() {
            eprintln!("skipped: this kernel (qemu-user?) keeps no robust lists");
            return;
        }
        let a = shared_mutex(attr_mutex(PTHREAD_MUTEX_NORMAL, true, pi, false));
        let b = shared_mutex(attr_mutex(PTHREAD_MUTEX_RECURSIVE, true, pi, false));
        let (a2, b2) = (a.clone(), b.clone());
        std::thread::spawn(move || unsafe {
            assert_eq!(pthread_mutex_lock(a2.m.get()), 0);
            assert_eq!(pthread_mutex_lock(b2.m.get()), 0);
            assert_eq!(pthread_mutex_lock(b2.m.get()), 0);
            if by_hook {
                robust::release_all();
            }
        })
        .join()
        .unwrap();
        unsafe {
            assert_eq!(pthread_mutex_lock(a.m.get()), EOWNERDEAD);
            assert_eq!(pthread_mutex_unlock(a.m.get()), 0);
            assert_eq!(pthread_mutex_lock(a.m.get()), ENOTRECOVERABLE);
            assert_eq!(pthread_mutex_trylock(a.m.get()), ENOTRECOVERABLE);
            assert_eq!(pthread_mutex_trylock(b.m.get()), EOWNERDEAD);
            // Held: a recursive relock counts a level and keeps the mark.
            assert_eq!(pthread_mutex_lock(b.m.get()), 0);
            assert_eq!(pthread_mutex_consistent(b.m.get()), 0);
            assert_eq!(pthread_mutex_consistent(b.m.get()), EINVAL);
            assert_eq!(pthread_mutex_unlock(b.m.get()), 0);
            assert_eq!(pthread_mutex_unlock(b.m.get()), 0);
            assert_eq!(pthread_mutex_lock(b.m.get()), 0);
            assert_eq!(pthread_mutex_unlock(b.m.get()), 0);
        }
    }

    #[test]
    fn robust_owner_death_seen_by_the_kernel() {
        owner_death(false, false);
    }

    #[test]
    fn robust_owner_death_seen_by_the_exit_hook() {
        owner_death(false, true);
    }

    #[test]
    fn robust_pi_owner_death() {
        owner_death(true, false);
        owner_death(true, true);
    }

    /// The exit hook hands a robust mutex to a thread already asleep on it.
    #[test]
    fn robust_death_wakes_a_sleeping_waiter() {
        for pi in [false, true] {
            let a = shared_mutex(attr_mutex(PTHREAD_MUTEX_NORMAL, true, pi, false));
            let (a2, a3) = (a.clone(), a.clone());
            let (tx, rx) = std::sync::mpsc::channel();
            let holder = std::thread::spawn(move || unsafe {
                assert_eq!(pthread_mutex_lock(a2.m.get()), 0);
                tx.send(()).unwrap();
                while (*a2.m.get()).word().load(Relaxed) & FUTEX_WAITERS == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                robust::release_all();
            });
            rx.recv().unwrap();
            let waiter = std::thread::spawn(move || unsafe {
                let r = pthread_mutex_lock(a3.m.get());
                let c = pthread_mutex_consistent(a3.m.get());
                (r, c, pthread_mutex_unlock(a3.m.get()))
            });
            holder.join().unwrap();
            assert_eq!(waiter.join().unwrap(), (EOWNERDEAD, 0, 0));
            unsafe {
                assert_eq!(pthread_mutex_lock(a.m.get()), 0);
                assert_eq!(pthread_mutex_unlock(a.m.get()), 0);
            }
        }
    }

    #[test]
    fn attribute_values_are_checked() {
        let mut a = PthreadMutexattr { kind: 0 };
        unsafe {
            pthread_mutexattr_init(&mut a);
            assert_eq!(pthread_mutexattr_setrobust(&mut a, 2), EINVAL);
            assert_eq!(pthread_mutexattr_setprotocol(&mut a, PTHREAD_PRIO_PROTECT as c_int), ENOTSUP);
            assert_eq!(pthread_mutexattr_setprotocol(&mut a, 3), EINVAL);
            assert_eq!(pthread_mutexattr_setpshared(&mut a, 2), EINVAL);
            assert_eq!(a.kind, 0);
            pthread_mutexattr_setrobust(&mut a, 1);
            pthread_mutexattr_setpshared(&mut a, 1);
            pthread_mutexattr_settype(&mut a, PTHREAD_MUTEX_RECURSIVE as c_int);
            pthread_mutexattr_setprotocol(&mut a, 1);
            assert_eq!(a.kind, PTHREAD_MUTEX_RECURSIVE | ROBUST | PSHARED | PRIO_INHERIT);
            pthread_mutexattr_setrobust(&mut a, 0);
            pthread_mutexattr_setprotocol(&mut a, 0);
            pthread_mutexattr_setpshared(&mut a, 0);
            assert_eq!(a.kind, PTHREAD_MUTEX_RECURSIVE);
        }
        // Consistent on a mutex that is not robust, or not owner-dead.
        let mut m = PthreadMutex::new(0);
        assert_eq!(unsafe { pthread_mutex_consistent(&mut m) }, EINVAL);
    }

    #[test]
    fn monotonic_deadline_moves_to_realtime() {
        let mut mono = Timespec::default();
        let mut real = Timespec::default();
        unsafe {
            limpet_syscall::syscall2(nr::CLOCK_GETTIME, CLOCK_MONOTONIC as usize, &raw mut mono as usize);
            limpet_syscall::syscall2(nr::CLOCK_GETTIME, CLOCK_REALTIME as usize, &raw mut real as usize);
        }
        mono.tv_sec += 5;
        let r = monotonic_to_realtime(&mono);
        let diff = (r.tv_sec - real.tv_sec) * 1_000_000_000 + (r.tv_nsec - real.tv_nsec);
        assert!((4_900_000_000..5_100_000_000).contains(&diff), "{diff}");
        assert!((0..1_000_000_000).contains(&r.tv_nsec));
    }
}
