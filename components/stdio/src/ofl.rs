//! The open-file list: every stream `fopen` and `fdopen` made and `fclose` has not yet
//! freed, so that `fflush(NULL)`, `exit` and `fork` can reach all of them.
//!
//! The list is doubly linked through `FILE::prev`/`FILE::next`, newest first, under one
//! lock. A stream's own lock may be taken while this one is held, never the other way
//! round: `fclose` drops the stream's lock before it unlinks the stream.
use core::ptr::null_mut;
use core::sync::atomic::{AtomicPtr, Ordering};

use limpet_start::lock::Lock;

use crate::file::{FILE, STDERR_FILE, STDIN_FILE, STDOUT_FILE};

static LOCK: Lock = Lock::new();
static HEAD: AtomicPtr<FILE> = AtomicPtr::new(null_mut());

/// Takes the list's lock.
pub(crate) fn lock() {
    LOCK.lock();
}

/// Releases the list's lock.
///
/// # Safety
/// The calling thread must hold it.
pub(crate) unsafe fn unlock() {
    // SAFETY: forwarded contract.
    unsafe { LOCK.unlock() };
}

/// Puts a new stream at the head of the list.
///
/// # Safety
/// `f` must be a live, heap-allocated stream not yet in the list.
pub(crate) unsafe fn add(f: *mut FILE) {
    lock();
    let head = HEAD.load(Ordering::Relaxed);
    // SAFETY: `f` is live, and so is every stream in the list while we hold its lock.
    unsafe {
        (*f).prev.store(null_mut(), Ordering::Relaxed);
        (*f).next.store(head, Ordering::Relaxed);
        if !head.is_null() {
            (*head).prev.store(f, Ordering::Relaxed);
        }
    }
    HEAD.store(f, Ordering::Relaxed);
    // SAFETY: taken above.
    unsafe { unlock() };
}

/// Takes a stream out of the list.
///
/// # Safety
/// `f` must be in the list.
pub(crate) unsafe fn remove(f: *mut FILE) {
    lock();
    // SAFETY: `f` and its neighbours are in the list, which we hold.
    unsafe {
        let prev = (*f).prev.load(Ordering::Relaxed);
        let next = (*f).next.load(Ordering::Relaxed);
        if prev.is_null() {
            HEAD.store(next, Ordering::Relaxed);
        } else {
            (*prev).next.store(next, Ordering::Relaxed);
        }
        if !next.is_null() {
            (*next).prev.store(prev, Ordering::Relaxed);
        }
    }
    // SAFETY: taken above.
    unsafe { unlock() };
}

/// Calls `visit` on every listed stream, newest first. The caller holds the list's lock.
pub(crate) fn each_listed(mut visit: impl FnMut(&'static FILE)) {
    let mut f = HEAD.load(Ordering::Relaxed);
    while !f.is_null() {
        // SAFETY: listed streams live until `remove`, which needs the lock the caller holds.
        let file: &'static FILE = unsafe { &*f };
        f = file.next.load(Ordering::Relaxed);
        visit(file);
    }
}

/// The standard streams, in the order musl's `exit` flushes them.
pub(crate) fn standard() -> [&'static FILE; 3] {
    [&STDIN_FILE, &STDOUT_FILE, &STDERR_FILE]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed() -> Vec<*const FILE> {
        let mut v = Vec::new();
        lock();
        each_listed(|f| v.push(f as *const FILE));
        unsafe { unlock() };
        v
    }

    #[test]
    fn add_and_remove_keep_the_links() {
        let files: Vec<*mut FILE> = (0..3).map(|_| Box::into_raw(Box::new(FILE::new(-1, null_mut(), 0, 0)))).collect();
        for &f in &files {
            unsafe { add(f) };
        }
        let pos = |v: &[*const FILE], f: *mut FILE| v.iter().position(|&p| core::ptr::eq(p, f));
        let v = listed();
        // Newest first (other tests may list streams of their own around ours).
        assert!(pos(&v, files[2]) < pos(&v, files[1]) && pos(&v, files[1]) < pos(&v, files[0]));
        unsafe { remove(files[1]) };
        let v = listed();
        assert_eq!(pos(&v, files[1]), None);
        assert!(pos(&v, files[2]) < pos(&v, files[0]));
        unsafe { remove(files[2]) };
        unsafe { remove(files[0]) };
        let v = listed();
        assert!(files.iter().all(|&f| pos(&v, f).is_none()));
        for f in files {
            drop(unsafe { Box::from_raw(f) });
        }
    }
}
