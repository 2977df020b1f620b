//! Which heap a thread uses, and what happens to it when the thread ends or the process forks.
//!
//! In a process limpet started, the heap's address is the thread's word of [`HEAP`], a
//! limpet-start thread slot: a few instructions from the thread pointer. In a process it did
//! not start (a Rust program on another libc, this crate's tests), the thread pointer is not
//! limpet's, and a small table keyed by it stands in.
//!
//! Heaps are never freed. Every heap is on one registry list, in one of three states: owned
//! by a thread; pooled, after its thread ended (the `HEAP` slot's thread-exit function gives back its
//! empty pages first), waiting for the next thread that needs a heap, which adopts it with
//! its pages and whatever other threads freed into them meanwhile; or dead, in the child of
//! a fork, where the heaps of the parent's other threads may have been halfway through a
//! change and are left alone. The first heap is a static one, which is normally the main
//! thread's.
use core::cell::UnsafeCell;
use core::ptr;

use limpet_abi::limits::PAGESIZE;

use super::thread_heap::Heap;
use limpet_start::limpet_threads;
use limpet_start::lock::{Mutex, MutexGuard};
use crate::os;

const OWNED: u32 = 1;
const POOLED: u32 = 2;
const DEAD: u32 = 3;

struct StaticHeap(UnsafeCell<Heap>);
// SAFETY: the heap is handed to one thread at a time through the registry.
unsafe impl Sync for StaticHeap {}
static MAIN_HEAP: StaticHeap = StaticHeap(UnsafeCell::new(Heap::zeroed()));

struct Registry {
    /// Every heap, through `Heap::next_heap`; null until the static heap is first taken.
    first: *mut Heap,
}

// SAFETY: the heaps belong to the registry, whichever thread holds its lock.
unsafe impl Send for Registry {}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry { first: ptr::null_mut() });

limpet_start::thread_slot!(
    /// The calling thread's heap in a process limpet started; given back when the thread ends.
    static HEAP, Some(thread_exit)
);


/// The calling thread's heap, or null if it has none yet.
#[inline(always)]
pub fn current() -> *mut Heap {
    if limpet_threads() {
        // SAFETY: the thread pointer is limpet's.
        unsafe { HEAP.get().cast() }
    } else {
        table::lookup(limpet_syscall::arch::get_tp())
    }
}

/// Gives the calling thread a heap: a pooled one, the static one, or a new one. `None`
/// when the kernel has no memory for a new one.
#[cold]
pub fn claim() -> Option<*mut Heap> {
    // Every thread that allocates passes here first, before the registry or the page pool
    // is locked: this keeps the fork hooks in a static link (see `limpet_start::hooks`).
    super::keep_fork_hooks();
    let limpet = limpet_threads();
    let mut reg = REGISTRY.lock();
    // SAFETY: heaps on the registry live for ever; their state changes under its lock.
    unsafe {
        let mut h = reg.first;
        while !h.is_null() && (*h).state != POOLED {
            h = (*h).next_heap;
        }
        if h.is_null() {
            h = if reg.first.is_null() {
                MAIN_HEAP.0.get()
            } else {
                os::map(size_of::<Heap>().next_multiple_of(PAGESIZE))?.as_ptr().cast()
            };
            (*h).init();
            (*h).next_heap = reg.first;
            reg.first = h;
        }
        (*h).state = OWNED;
        if limpet {
            HEAP.set(h.cast());
            return Some(h);
        }
        let got = table::insert(limpet_syscall::arch::get_tp(), h);
        if got != h {
            (*h).state = POOLED;
        }
        (!got.is_null()).then_some(got)
    }
}

/// When a thread ends with a heap: the heap gives back its empty pages and goes to the
/// pool with the rest, for the next thread to adopt.
fn thread_exit(h: *mut core::ffi::c_void) {
    let h = h.cast::<Heap>();
    // SAFETY: the slot held the ending thread's own heap, which lives for ever.
    unsafe {
        (*h).tidy();
        let _reg = REGISTRY.lock();
        (*h).state = POOLED;
    }
}

/// Before `fork`: the registry's lock, then the page pool's.
pub fn lock_for_fork() {
    MutexGuard::leak(REGISTRY.lock());
    super::segment::lock_for_fork();
}

/// In the parent after `fork`.
pub fn unlock_after_fork_parent() {
    // SAFETY: lock_for_fork took both locks on this thread.
    unsafe {
        super::segment::unlock_after_fork();
        REGISTRY.force_unlock();
    }
}

/// In the child after `fork`: the other threads are gone, and their heaps may have been
/// halfway through a change, so they are never handed out again. Blocks of theirs that the
/// child frees go on their pages' remote lists, which is safe whatever state a heap is in.
pub fn unlock_after_fork_child() {
    let me = current();
    // SAFETY: lock_for_fork took both locks in the thread that forked, which is this one.
    unsafe {
        super::segment::unlock_after_fork();
        REGISTRY.force_unlock();
    }
    // This is the only thread now, so nothing can come between the unlock and this lock.
    let reg = REGISTRY.lock();
    let mut h = reg.first;
    // SAFETY: registered heaps live for ever; their state changes under the lock.
    unsafe {
        while !h.is_null() {
            if (*h).state == OWNED && h != me {
                (*h).state = DEAD;
            }
            h = (*h).next_heap;
        }
    }
}

/// The thread table for processes limpet did not start: open addressing on the thread
/// pointer. Their threads end without telling us, so an entry stays until the table is
/// full; then the entry of a thread the kernel no longer knows is reused, with its heap.
mod table {
    use core::ptr;

    use core::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

    use limpet_syscall::{nr, syscall0, syscall3};

    use super::{Heap, OWNED};

    const SLOTS: usize = 1024;
    static KEYS: [AtomicUsize; SLOTS] = [const { AtomicUsize::new(0) }; SLOTS];
    static HEAPS: [AtomicPtr<Heap>; SLOTS] = [const { AtomicPtr::new(ptr::null_mut()) }; SLOTS];

    fn hash(tp: usize) -> usize {
        (tp.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) % SLOTS
    }

    #[inline]
    pub fn lookup(tp: usize) -> *mut Heap {
        let mut i = hash(tp);
        for _ in 0..SLOTS {
            match KEYS[i].load(Ordering::Acquire) {
                k if k == tp => return HEAPS[i].load(Ordering::Relaxed),
                0 => break,
                _ => i = (i + 1) % SLOTS,
            }
        }
        ptr::null_mut()
    }

    /// Records thread `tp`'s heap and returns it: `h`, or, when the table is full, the heap
    /// of a thread that has ended, whose slot the caller takes over. Null when every slot
    /// belongs to a live thread. Called under the registry's lock.
    ///
    /// # Safety
    /// `h` must be a registered heap the caller just took.
    pub unsafe fn insert(tp: usize, h: *mut Heap) -> *mut Heap {
        // SAFETY: gettid has no preconditions.
        let tid = unsafe { syscall0(nr::GETTID) } as i32;
        // SAFETY: per the contract.
        unsafe { (*h).tid = tid };
        let mut i = hash(tp);
        for _ in 0..SLOTS {
            if KEYS[i].load(Ordering::Relaxed) == 0 {
                HEAPS[i].store(h, Ordering::Relaxed);
                KEYS[i].store(tp, Ordering::Release);
                return h;
            }
            i = (i + 1) % SLOTS;
        }
        // SAFETY: getpid has no preconditions.
        let pid = unsafe { syscall0(nr::GETPID) };
        for i in 0..SLOTS {
            let old = HEAPS[i].load(Ordering::Relaxed);
            // SAFETY: table heaps are registered and live for ever; signal 0 only checks
            // that the thread exists.
            unsafe {
                let gone = syscall3(nr::TGKILL, pid, (*old).tid as usize, 0) as isize
                    == -(limpet_syscall::errno::ESRCH as isize);
                if gone && (*old).state == OWNED {
                    // The dead thread's heap stays with its slot.
                    (*old).tid = tid;
                    KEYS[i].store(tp, Ordering::Release);
                    return old;
                }
            }
        }
        ptr::null_mut()
    }
}
