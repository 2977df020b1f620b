//! `pthread_atfork`: the program's handlers around `fork`.
//!
//! The handlers live in a table that starts as a static array of [`BUILTIN`] entries and
//! moves to `malloc`ed memory, doubling, when it fills, so there is no limit but memory
//! (as in musl). One lock guards the table; `run_prepare` takes it and `run_parent` or
//! `run_child` releases it, so the table cannot move under a running handler and two
//! threads forking at once go one after the other. A handler that calls `pthread_atfork`
//! or `fork` therefore deadlocks, as it may under POSIX.
//!
//! The order is POSIX's: prepare handlers last registered first, parent and child handlers
//! in registration order. [`crate::hooks`] places them around the components' own fork hooks.
use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicBool, Ordering};
use core::ffi::{c_int, c_void};

use limpet_syscall::errno::ENOMEM;

use crate::imports::{free, malloc};
use crate::lock::Lock;

/// A handler: `void (*)(void)`, or null for none.
pub type Handler = Option<unsafe extern "C" fn()>;

#[derive(Clone, Copy)]
struct Entry {
    prepare: Handler,
    parent: Handler,
    child: Handler,
}

/// Entries held without allocating.
pub const BUILTIN: usize = 32;

struct Table {
    entries: *mut Entry,
    len: usize,
    cap: usize,
    builtin: [Entry; BUILTIN],
}

struct Registry {
    lock: Lock,
    table: UnsafeCell<Table>,
}

// SAFETY: `table` is only reached with `lock` held.
unsafe impl Sync for Registry {}

const NONE: Entry = Entry { prepare: None, parent: None, child: None };

static REGISTRY: Registry = Registry {
    lock: Lock::new(),
    table: UnsafeCell::new(Table { entries: core::ptr::null_mut(), len: 0, cap: BUILTIN, builtin: [NONE; BUILTIN] }),
};

impl Table {
    /// The registered entries.
    fn slice(&mut self) -> &mut [Entry] {
        if self.entries.is_null() {
            return &mut self.builtin[..self.len];
        }
        // SAFETY: a grown table holds `cap >= len` initialised entries at `entries`.
        unsafe { core::slice::from_raw_parts_mut(self.entries, self.len) }
    }

    /// Appends `e`, moving the entries to a larger allocation when full.
    fn push(&mut self, e: Entry) -> Result<(), c_int> {
        if self.len == self.cap {
            let cap = self.cap.checked_mul(2).ok_or(ENOMEM)?;
            let bytes = cap.checked_mul(size_of::<Entry>()).ok_or(ENOMEM)?;
            // SAFETY: malloc returns null or `bytes` bytes aligned for any object.
            let new = unsafe { malloc(bytes) } as *mut Entry;
            if new.is_null() {
                return Err(ENOMEM);
            }
            let old = self.entries;
            // SAFETY: `new` has room for `cap > len` entries; the old ones are initialised.
            unsafe { core::ptr::copy_nonoverlapping(self.slice().as_ptr(), new, self.len) };
            if !old.is_null() {
                // SAFETY: a previous growth allocated it, and nothing points into it any more.
                unsafe { free(old as *mut c_void) };
            }
            self.entries = new;
            self.cap = cap;
        }
        let i = self.len;
        self.len += 1;
        self.slice()[i] = e;
        Ok(())
    }
}

/// The table, with the lock held by the caller.
///
/// # Safety
/// The caller must hold `REGISTRY.lock` for as long as it uses the reference.
unsafe fn table() -> &'static mut Table {
    // SAFETY: per the contract, the lock makes this the only reference.
    unsafe { &mut *REGISTRY.table.get() }
}

/// `pthread_atfork(prepare, parent, child)`—Registers handlers that `fork` calls: `prepare`
/// in the parent before the child is made, then `parent` in the parent and `child` in the
/// child once it exists. Any of them may be null. Prepare handlers run in the reverse order
/// of registration, the others in registration order. Returns 0, or `ENOMEM`.
///
/// # Safety
/// Each handler must be safe to call from `fork` on the thread that calls it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_atfork(prepare: Handler, parent: Handler, child: Handler) -> c_int {
    keep_fork_hooks();
    REGISTRY.lock.lock();
    // SAFETY: the lock is held until the unlock below.
    let r = unsafe { table() }.push(Entry { prepare, parent, child });
    if r.is_ok() {
        ANY.store(true, Ordering::Release);
    }
    // SAFETY: taken above.
    unsafe { REGISTRY.lock.unlock() };
    r.err().unwrap_or(0)
}

/// Set once a handler is registered.
static ANY: AtomicBool = AtomicBool::new(false);

/// Whether the fork in progress took the registry lock (written by the forking thread with
/// the lock held, or while the process has one thread).
static LOCKED: AtomicBool = AtomicBool::new(false);

// The handlers run around every `fork` of a program that registered any: before the other
// components' fork hooks and after them (see `limpet_start::hooks`).
limpet_start::on_fork!(fn keep_fork_hooks, crate::hooks::rank::ATFORK, fork_prepare, fork_parent, fork_child);

fn fork_prepare() {
    LOCKED.store(run_prepare(), Ordering::Relaxed);
}

fn fork_parent() {
    // SAFETY: fork_prepare ran on this thread, as the fork hooks' order guarantees.
    unsafe { run_parent(LOCKED.load(Ordering::Relaxed)) }
}

fn fork_child() {
    // SAFETY: as for fork_parent, in the child of that fork.
    unsafe { run_child(LOCKED.load(Ordering::Relaxed)) }
}

/// Takes the registry lock and runs the prepare handlers, last registered first; returns
/// whether it did. It does nothing while the process has one thread and no handler: then
/// nothing can change the table under the fork, and leaving the lock unwritten spares
/// parent and child the copy of its page.
pub(crate) fn run_prepare() -> bool {
    if !ANY.load(Ordering::Acquire) && crate::single_threaded() {
        return false;
    }
    REGISTRY.lock.lock();
    // SAFETY: the lock is held; it stays held until run_parent or run_child.
    for e in unsafe { table() }.slice().iter().rev() {
        if let Some(h) = e.prepare {
            // SAFETY: per pthread_atfork's contract.
            unsafe { h() };
        }
    }
    true
}

/// Runs the parent handlers in registration order and releases the registry lock.
///
/// # Safety
/// Must follow [`run_prepare`] on this thread.
pub(crate) unsafe fn run_parent(locked: bool) {
    if locked {
        // SAFETY: run_prepare left the lock held.
        unsafe { run_after(|e| e.parent) }
    }
}

/// Runs the child handlers in registration order and releases the registry lock, which the
/// forking thread held in the parent.
///
/// # Safety
/// Must follow [`run_prepare`] in the parent, in the child of that fork.
pub(crate) unsafe fn run_child(locked: bool) {
    if locked {
        // SAFETY: as for run_parent: the child inherited the lock from the forking thread.
        unsafe { run_after(|e| e.child) }
    }
}

/// Runs the handlers `pick` chooses, in registration order, then releases the registry lock.
///
/// # Safety
/// The caller must hold the registry lock, taken by [`run_prepare`].
unsafe fn run_after(pick: impl Fn(&Entry) -> Handler) {
    // SAFETY: per the contract.
    unsafe {
        for e in table().slice().iter() {
            if let Some(h) = pick(e) {
                h();
            }
        }
        REGISTRY.lock.unlock();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    static LOG: Mutex<Vec<u32>> = Mutex::new(Vec::new());

    macro_rules! handler {
        ($name:ident, $v:expr) => {
            unsafe extern "C" fn $name() {
                LOG.lock().unwrap().push($v);
            }
        };
    }
    handler!(p1, 11);
    handler!(p2, 12);
    handler!(a1, 21);
    handler!(a2, 22);
    handler!(c1, 31);
    handler!(c2, 32);
    handler!(many, 99);

    /// One test drives the process-wide registry, so that no other test sees it half-filled.
    #[test]
    fn order_nulls_and_growth_past_the_builtin_table() {
        unsafe {
            assert_eq!(pthread_atfork(Some(p1), Some(a1), Some(c1)), 0);
            assert_eq!(pthread_atfork(None, None, None), 0);
            assert_eq!(pthread_atfork(Some(p2), Some(a2), Some(c2)), 0);
        }
        // Handlers are registered, so the lock is taken even in a process limpet did not
        // start.
        assert!(run_prepare());
        unsafe { run_parent(true) };
        assert!(run_prepare());
        unsafe { run_child(true) };
        assert_eq!(*LOG.lock().unwrap(), [12, 11, 21, 22, 12, 11, 31, 32]);
        assert!(!REGISTRY.lock.is_locked());

        // Two growths past the static table keep every entry, in order.
        for _ in 0..3 * BUILTIN {
            assert_eq!(unsafe { pthread_atfork(None, Some(many), None) }, 0);
        }
        LOG.lock().unwrap().clear();
        assert!(run_prepare());
        unsafe { run_parent(true) };
        let log = LOG.lock().unwrap();
        assert_eq!(log.len(), 2 + 2 + 3 * BUILTIN);
        assert_eq!(&log[..4], &[12, 11, 21, 22]);
        assert!(log[4..].iter().all(|&v| v == 99));
    }
}
