//! The calling thread's current locale: null for the global one, else the object
//! `uselocale` installed.
//!
//! In a process limpet started it lives in the thread's descriptor (the `locale` slot of
//! limpet-pthread's `Pthread`, zero in every new thread, so threads start in the global
//! locale as in musl). In a process limpet did not start (a Rust program on another libc,
//! another component's tests) the descriptor is not limpet's, and one process-wide slot
//! stands in; this crate's own tests use a per-thread slot instead, to test `uselocale`.
use crate::Locale;

/// The calling thread's locale object, null while it uses the global locale.
#[inline]
pub fn get() -> *mut Locale {
    slot::get()
}

/// Makes `loc` the calling thread's locale (null: the global locale).
pub fn set(loc: *mut Locale) {
    slot::set(loc)
}

#[cfg(not(test))]
mod slot {
    use core::sync::atomic::{AtomicPtr, Ordering};

    use crate::Locale;

    /// The stand-in slot of a process limpet did not start.
    static FOREIGN: AtomicPtr<Locale> = AtomicPtr::new(core::ptr::null_mut());

    /// Whether the thread pointer points at a limpet descriptor (see limpet-malloc's
    /// `fast/thread.rs`, which decides the same way).
    #[inline(always)]
    fn limpet_threads() -> bool {
        limpet_pthread::single_threaded() || limpet_pthread::threads_started()
    }

    #[inline]
    pub fn get() -> *mut Locale {
        if limpet_threads() {
            // SAFETY: the descriptor at the thread pointer is limpet's and the calling thread's.
            unsafe { (*limpet_pthread::current()).locale.cast() }
        } else {
            FOREIGN.load(Ordering::Relaxed)
        }
    }

    pub fn set(loc: *mut Locale) {
        if limpet_threads() {
            // SAFETY: as in `get`; only the thread itself touches its slot.
            unsafe { (*limpet_pthread::current()).locale = loc.cast() }
        } else {
            FOREIGN.store(loc, Ordering::Relaxed)
        }
    }
}

#[cfg(test)]
mod slot {
    use core::cell::Cell;

    use crate::Locale;

    std::thread_local!(static SLOT: Cell<*mut Locale> = const { Cell::new(core::ptr::null_mut()) });

    pub fn get() -> *mut Locale {
        SLOT.with(Cell::get)
    }

    pub fn set(loc: *mut Locale) {
        SLOT.with(|s| s.set(loc))
    }
}
