//! The calling thread's current locale: null for the global one, else the object
//! `uselocale` installed.
//!
//! In a process limpet started it is the thread's word of a limpet-start thread slot (null
//! in every new thread, so threads start in the global locale as in musl). In a process limpet did not start (a Rust program on another libc,
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

    use limpet_start::limpet_threads;

    limpet_start::thread_slot!(
        /// The calling thread's locale object in a process limpet started.
        static CURRENT, None
    );

    #[inline]
    pub fn get() -> *mut Locale {
        if limpet_threads() {
            // SAFETY: the thread pointer is limpet's.
            unsafe { CURRENT.get().cast() }
        } else {
            FOREIGN.load(Ordering::Relaxed)
        }
    }

    pub fn set(loc: *mut Locale) {
        if limpet_threads() {
            // SAFETY: as in `get`.
            unsafe { CURRENT.set(loc.cast()) }
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
