//! Per-thread state of other components: one word per [`ThreadSlot`], and what runs when a
//! thread ends.
//!
//! A component that keeps state per thread (the allocator's heap, the current locale, and
//! later the resolver's and iconv's buffers, dlerror's message) declares a slot with
//! [`thread_slot!`](crate::thread_slot). Each slot is a static in the linker section
//! `limpet_thread_slots`, and each thread has its own copy of that section's bytes, found
//! through its descriptor's `slots` pointer: a slot's word for the calling thread is at the
//! slot's offset in the section, from that pointer. The main thread uses the section itself
//! (the statics' own words), so a slot set during start-up keeps its value when the final
//! descriptor replaces the early one; a created thread's copy sits in its own area
//! (`crate::tls::area_size` counts it) and starts zeroed. There is no limit on how many
//! slots there are, and none is registered at run time: a program links the slots of the
//! components it uses (the reference that keeps a slot is its user's own code).
//!
//! When a thread ends through `pthread_exit` (or returns from its start routine), after the
//! thread-specific-data destructors, every slot with an `on_exit` function whose word is
//! not null gets that function called with the word, on the ending thread; the word reads
//! null once the function returns. A slot set again meanwhile (by another slot's exit
//! function) is taken in a further pass, up to four. Nothing runs when the whole process
//! ends.
//!
//! Slots are only meaningful in a thread limpet set up ([`crate::limpet_threads`]); in a
//! process on another C library (a component's tests, an embedding) the thread pointer is
//! not limpet's, and a component keeps its state some other way there.
use core::cell::UnsafeCell;
use core::ffi::c_void;
use core::ptr;

use crate::descriptor::current;
use crate::imports::{__start_limpet_thread_slots, __stop_limpet_thread_slots};

/// A word of per-thread state (see the module docs). Declare it with
/// [`thread_slot!`](crate::thread_slot).
#[repr(C)]
pub struct ThreadSlot {
    /// The main thread's word.
    main: UnsafeCell<*mut c_void>,
    /// What runs when a thread ends with a non-null word here.
    on_exit: Option<fn(*mut c_void)>,
}

// SAFETY: each thread only ever reaches its own word (see `word`).
unsafe impl Sync for ThreadSlot {}

/// Declares a [`ThreadSlot`] in the slots' section: `thread_slot!(static NAME, on_exit)`,
/// where `on_exit` is `None` or `Some(fn(*mut c_void))`.
#[macro_export]
macro_rules! thread_slot {
    ($(#[$m:meta])* $vis:vis static $name:ident, $on_exit:expr) => {
        $(#[$m])*
        // Not `#[used]`: the code that reads the slot is what keeps it in a static link.
        #[unsafe(link_section = "limpet_thread_slots")]
        $vis static $name: $crate::slot::ThreadSlot = $crate::slot::ThreadSlot::new($on_exit);
    };
}

// The linker defines the section's bounds (`crate::imports`) when some object has it; when
// none does, they are weak and null. The directive stays beside their one use, so that it is
// in the object that refers to them.
core::arch::global_asm!(".weak __start_limpet_thread_slots", ".weak __stop_limpet_thread_slots");

/// The slots' section: its start and its length in bytes (0 when no object has slots).
pub fn section() -> (*mut u8, usize) {
    // The linker bounds the section; both are null without it.
    let start = (&raw const __start_limpet_thread_slots) as *mut u8;
    let stop = (&raw const __stop_limpet_thread_slots) as *mut u8;
    if start.is_null() || stop <= start { (start, 0) } else { (start, stop as usize - start as usize) }
}

impl ThreadSlot {
    /// A slot whose word starts null in every thread.
    pub const fn new(on_exit: Option<fn(*mut c_void)>) -> Self {
        ThreadSlot { main: UnsafeCell::new(ptr::null_mut()), on_exit }
    }

    /// The calling thread's word.
    ///
    /// # Safety
    /// The thread pointer must be limpet's ([`crate::limpet_threads`]).
    #[inline(always)]
    unsafe fn word(&'static self) -> *mut *mut c_void {
        // SAFETY: forwarded.
        unsafe { slot_word(self) }
    }

    /// The calling thread's word: null until the thread sets it.
    ///
    /// # Safety
    /// The thread pointer must be limpet's ([`crate::limpet_threads`]).
    #[inline(always)]
    pub unsafe fn get(&'static self) -> *mut c_void {
        // SAFETY: forwarded; only this thread touches its word.
        unsafe { *self.word() }
    }

    /// The address of the calling thread's word, for state that is itself a word (the
    /// resolver's `h_errno` lives in it, and `__h_errno_location` returns this address).
    ///
    /// # Safety
    /// As for [`ThreadSlot::get`]; the address is the calling thread's own, valid until it
    /// ends.
    #[inline(always)]
    pub unsafe fn word_ptr(&'static self) -> *mut *mut c_void {
        // SAFETY: forwarded.
        unsafe { self.word() }
    }

    /// Sets the calling thread's word.
    ///
    /// # Safety
    /// As for [`ThreadSlot::get`].
    #[inline(always)]
    pub unsafe fn set(&'static self, v: *mut c_void) {
        // SAFETY: forwarded; only this thread touches its word.
        unsafe { *self.word() = v }
    }
}

/// The slots of every linked component.
fn slots() -> &'static [ThreadSlot] {
    let (start, len) = section();
    if len == 0 {
        return &[];
    }
    // SAFETY: the section holds only `ThreadSlot` statics, back to back (each a multiple of
    // its alignment in size).
    unsafe { core::slice::from_raw_parts(start as *const ThreadSlot, len / size_of::<ThreadSlot>()) }
}

/// How many times the slots are gone through at most: an exit function may run code that
/// sets another slot again (a thread-local destructor that allocates, after the allocator's
/// slot ran), and each pass takes what the one before left. Four, as POSIX's
/// `PTHREAD_DESTRUCTOR_ITERATIONS` bounds the same kind of loop.
const EXIT_PASSES: usize = 4;

/// Runs the ending thread's slot exit functions (see the module docs).
///
/// # Safety
/// The caller is a thread limpet set up, on its way out.
pub unsafe fn run_thread_exit() {
    for _ in 0..EXIT_PASSES {
        let mut ran = false;
        for slot in slots() {
            let Some(f) = slot.on_exit else { continue };
            // SAFETY: per the contract; the slot is a linked static.
            let word = unsafe { slot_word(slot) };
            // SAFETY: as above.
            let v = unsafe { *word };
            if !v.is_null() {
                ran = true;
                // The word stays set while `f` runs, so what `f`'s callees add to the
                // slot's state (a destructor that registers another) lands in `v`, which
                // `f` still owns; it reads null only once `f` is done with it.
                f(v);
                // SAFETY: as above.
                unsafe { *word = ptr::null_mut() };
            }
        }
        if !ran {
            break;
        }
    }
}

/// The calling thread's word of `slot`, a static in the section.
///
/// # Safety
/// As for [`ThreadSlot::get`].
#[inline(always)]
unsafe fn slot_word(slot: &ThreadSlot) -> *mut *mut c_void {
    let offset = slot as *const ThreadSlot as usize - (&raw const __start_limpet_thread_slots) as usize;
    // SAFETY: per the contract the descriptor is limpet's, and its `slots` copy of the
    // section holds this slot at the same offset.
    unsafe { (*current()).slots.add(offset).cast() }
}

/// Bytes a created thread's copy of the slots takes.
pub fn copy_size() -> usize {
    section().1
}
