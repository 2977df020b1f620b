//! The dynamic linker's per-thread state, in one thread slot: the `dlerror` message, the
//! destructors `__cxa_thread_atexit_impl` registered, and whether the thread has blocks of
//! late modules' TLS. Made on first need from the loader's heap; when the thread ends, its
//! destructors run, then its TLS blocks and the state itself are freed.
use core::ffi::c_void;
use core::ptr;

use crate::diag::MSG_MAX;

/// One registered thread-exit destructor.
pub struct Dtor {
    pub f: unsafe extern "C" fn(*mut c_void),
    pub obj: *mut c_void,
    /// The module it was registered from, kept loaded until the destructor ran (null in a
    /// static program, or when no module holds `dso_symbol`).
    pub dso: *mut crate::dso::Dso,
    pub next: *mut Dtor,
}

pub struct PerThread {
    /// The last failure's message, NUL-terminated.
    pub err: [u8; MSG_MAX + 1],
    /// Whether `err` holds a message `dlerror` has not returned yet.
    pub err_pending: bool,
    /// Destructors, most recently registered first.
    pub dtors: *mut Dtor,
    /// Whether the thread may have TLS blocks of late modules or a grown dtv.
    pub tls: bool,
}

fn on_exit(word: *mut c_void) {
    let t = word as *mut PerThread;
    // SAFETY: the word is this thread's PerThread, set by `get`; destructors run first,
    // while every TLS block is still there.
    unsafe {
        crate::cxa::run_thread_dtors(t);
        if (*t).tls {
            crate::tls::thread_exit();
        }
        let _g = crate::lock::lock();
        crate::heap::free(t.cast(), size_of::<PerThread>(), align_of::<PerThread>());
    }
}

limpet_start::thread_slot!(static SLOT, Some(on_exit));

/// The calling thread's state, made on first need; null when out of memory.
pub fn get() -> *mut PerThread {
    // SAFETY: the slot word is the calling thread's own; the loader's heap is used under
    // its lock.
    unsafe {
        let t = SLOT.get() as *mut PerThread;
        if !t.is_null() {
            return t;
        }
        let _g = crate::lock::lock();
        let t = crate::heap::alloc(size_of::<PerThread>(), align_of::<PerThread>()) as *mut PerThread;
        if !t.is_null() {
            (*t).dtors = ptr::null_mut();
            SLOT.set(t.cast());
        }
        t
    }
}

/// Notes that the calling thread has blocks of late modules' TLS.
///
/// # Safety
/// Under the dynamic linker's lock (which [`get`] takes again, recursively).
pub unsafe fn mark_tls() {
    let t = get();
    if t.is_null() {
        // The blocks are then freed only with the thread's area; nothing breaks.
        return;
    }
    // SAFETY: the calling thread's own state.
    unsafe { (*t).tls = true };
}
