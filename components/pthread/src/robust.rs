//! The per-thread robust list: the kernel's record of which robust mutexes a thread holds,
//! so that when the thread dies, each of them is marked `FUTEX_OWNER_DIED` and a waiter is
//! woken (`set_robust_list(2)`, `Documentation/locking/robust-futex-ABI.rst`).
//!
//! The list head ([`Robust`]) lives in the thread descriptor. Entries are the
//! `robust_next` words of the held mutexes, linked through them (a `robust_prev` word
//! beside it makes unlinking O(1)); bit 0 of a link marks a priority-inheriting mutex, as
//! the kernel expects. `pending` names the mutex being locked or unlocked, so a death in
//! the middle of either is covered too. Only the owning thread touches its list.
//!
//! A thread registers its list the first time it locks a robust mutex; the head records the
//! thread id it was registered for, so a child after `fork` (whose kernel task has no list,
//! and whose descriptor `fork` gives the child's id) registers afresh. A thread that ends
//! through `pthread_exit` releases its robust mutexes itself ([`release_all`], at thread exit)
//! and unregisters the list: the kernel's own processing wakes waiters as if the futex were
//! process-shared, which misses the private waiters, and a detached thread's descriptor is
//! unmapped before the kernel would read it.
use core::sync::atomic::Ordering::{Relaxed, SeqCst};
use core::sync::atomic::AtomicUsize;

use limpet_syscall::{nr, syscall2};

use crate::abi::PthreadMutex;

/// Bit 0 of a list link: the entry is a priority-inheriting mutex.
pub const PI_TAG: usize = 1;

pub use limpet_start::descriptor::Robust;

/// The `len` that `set_robust_list` wants: the kernel's head, three words.
const HEAD_LEN: usize = 3 * size_of::<usize>();

/// The head's own address, which stands for the empty list.
fn addr(r: &Robust) -> usize {
    r as *const Robust as usize
}

/// The calling thread's robust list head.
#[cfg(not(test))]
pub fn current() -> &'static Robust {
    // SAFETY: the thread pointer addresses the calling thread's descriptor, which outlives
    // every use a thread makes of its own list.
    unsafe { &(*crate::current()).robust }
}

/// The calling thread's kernel thread id.
#[cfg(not(test))]
#[inline(always)]
pub fn tid() -> u32 {
    // SAFETY: as for `current`; the id is set at thread start and by `fork`.
    unsafe { (*crate::current()).tid.load(Relaxed) as u32 }
}

// Inside a std test the thread pointer is the host libc's, so the head and the id are kept
// in std thread-locals instead.
#[cfg(test)]
std::thread_local! {
    static TEST_HEAD: Robust = const { Robust::new() };
    // SAFETY: gettid takes no arguments and cannot fail.
    static TEST_TID: u32 = unsafe { limpet_syscall::syscall0(nr::GETTID) as u32 };
}

#[cfg(test)]
pub fn current() -> &'static Robust {
    // SAFETY: the thread-local lives as long as the thread, which is as long as it is used.
    TEST_HEAD.with(|h| unsafe { &*(h as *const Robust) })
}

#[cfg(test)]
pub fn tid() -> u32 {
    TEST_TID.with(|t| *t)
}

/// Registers the calling thread's list with the kernel unless it already is.
#[inline]
pub fn ensure_registered(r: &Robust, tid: u32) {
    if r.registered.load(Relaxed) != tid as i32 {
        register(r, tid);
    }
}

#[cold]
#[inline(never)]
fn register(r: &Robust, tid: u32) {
    // Whatever the list held belonged to another thread (the parent, before a fork).
    r.head.store(addr(r), Relaxed);
    r.pending.store(0, Relaxed);
    r.futex_offset.store(WORD_OFFSET as isize - NODE_OFFSET as isize, Relaxed);
    // SAFETY: the kernel keeps the pointer; the head lives as long as the thread (and is
    // unregistered before a detached thread's memory goes).
    unsafe { syscall2(nr::SET_ROBUST_LIST, addr(r), HEAD_LEN) };
    r.registered.store(tid as i32, Relaxed);
}

/// Offsets of the futex word and of the list entry in a mutex.
const WORD_OFFSET: usize = core::mem::offset_of!(PthreadMutex, lock);
const NODE_OFFSET: usize = core::mem::offset_of!(PthreadMutex, robust_next);

/// The list entry of `m`.
pub fn node_of(m: &PthreadMutex) -> usize {
    &m.robust_next as *const AtomicUsize as usize
}

/// The mutex whose entry is `node`.
///
/// # Safety
/// `node` must be the entry of a live mutex.
unsafe fn mutex_of(node: usize) -> &'static PthreadMutex {
    // SAFETY: per the contract.
    unsafe { &*((node - NODE_OFFSET) as *const PthreadMutex) }
}

/// The `next` word of an entry or of the head (both at offset 0).
///
/// # Safety
/// `at` must be the head or a live entry.
unsafe fn next_word(at: usize) -> &'static AtomicUsize {
    // SAFETY: per the contract.
    unsafe { &*(at as *const AtomicUsize) }
}

/// Records `m` as being locked or unlocked (`Some`) or neither (`None`).
pub fn set_pending(r: &Robust, m: Option<(&PthreadMutex, bool)>) {
    r.pending.store(m.map_or(0, |(m, pi)| node_of(m) | if pi { PI_TAG } else { 0 }), SeqCst);
}

/// Puts `m`, just acquired, at the front of the list.
pub fn link(r: &Robust, m: &PthreadMutex, pi: bool) {
    let node = node_of(m);
    let first = r.head.load(Relaxed);
    m.robust_next.store(first, Relaxed);
    m.robust_prev.store(addr(r), Relaxed);
    if first & !PI_TAG != addr(r) {
        // SAFETY: a listed entry is a mutex this thread holds.
        unsafe { mutex_of(first & !PI_TAG) }.robust_prev.store(node, Relaxed);
    }
    r.head.store(node | if pi { PI_TAG } else { 0 }, SeqCst);
}

/// Takes `m`, held by this thread and listed, off the list.
pub fn unlink(r: &Robust, m: &PthreadMutex) {
    let next = m.robust_next.load(Relaxed);
    let prev = m.robust_prev.load(Relaxed);
    // SAFETY: `prev` is the head or a listed entry, `next` (untagged) too.
    unsafe {
        next_word(prev).store(next, SeqCst);
        if next & !PI_TAG != addr(r) {
            mutex_of(next & !PI_TAG).robust_prev.store(prev, Relaxed);
        }
    }
}

/// At thread exit: marks every robust mutex the thread still holds as owner-dead, hands it
/// to a waiter, and unregisters the list.
// Only `pthread_exit` calls it, and threads are x86_64's only so far.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) fn release_all() {
    let r = current();
    if r.registered.load(Relaxed) != tid() as i32 {
        return;
    }
    loop {
        let first = r.head.load(Relaxed);
        let node = first & !PI_TAG;
        if node == addr(r) {
            break;
        }
        // SAFETY: listed entries are mutexes this thread holds.
        let m = unsafe { mutex_of(node) };
        set_pending(r, Some((m, first & PI_TAG != 0)));
        unlink(r, m);
        m.abandon();
        set_pending(r, None);
    }
    // SAFETY: a null head tells the kernel there is no list.
    unsafe { syscall2(nr::SET_ROBUST_LIST, 0, HEAD_LEN) };
    r.registered.store(0, Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_matches_the_kernel() {
        assert_eq!(core::mem::offset_of!(Robust, head), 0);
        assert_eq!(core::mem::offset_of!(Robust, futex_offset), 8);
        assert_eq!(core::mem::offset_of!(Robust, pending), 16);
        assert_eq!(NODE_OFFSET % 8, 0);
    }

    #[test]
    fn link_and_unlink_keep_the_ring() {
        let r = Robust::new();
        r.head.store(addr(&r), Relaxed);
        let ms: Vec<PthreadMutex> = (0..3).map(|_| PthreadMutex::new(0)).collect();
        link(&r, &ms[0], false);
        link(&r, &ms[1], true);
        link(&r, &ms[2], false);
        let walk = |r: &Robust| {
            let mut v = Vec::new();
            let mut at = r.head.load(Relaxed);
            while at & !PI_TAG != addr(r) {
                v.push(at);
                at = unsafe { next_word(at & !PI_TAG) }.load(Relaxed);
            }
            v
        };
        assert_eq!(walk(&r), vec![node_of(&ms[2]), node_of(&ms[1]) | PI_TAG, node_of(&ms[0])]);
        unlink(&r, &ms[1]);
        assert_eq!(walk(&r), vec![node_of(&ms[2]), node_of(&ms[0])]);
        unlink(&r, &ms[2]);
        assert_eq!(walk(&r), vec![node_of(&ms[0])]);
        unlink(&r, &ms[0]);
        assert_eq!(r.head.load(Relaxed), addr(&r));
    }
}
