//! `fflush` and [`flush_all`]: sending buffered output to the descriptor.
use core::ffi::c_int;
use core::sync::atomic::{AtomicBool, Ordering};

use crate::abi::EOF;
use crate::file::{FILE, open_files};

/// Flushes every open stream, as `exit` must; true when all of them succeeded.
/// `exit` calls this once a stream has buffered output (see [`flush_at_exit_once`]).
pub fn flush_all() -> bool {
    let mut ok = true;
    for f in open_files() {
        ok &= f.with_lock(|s| s.flush());
    }
    ok
}

/// Has `exit` flush the streams: called whenever a stream's buffer goes from empty to
/// holding output, so a program that never buffers any never links the flush into `exit`.
#[inline]
pub(crate) fn flush_at_exit_once() {
    static REGISTERED: AtomicBool = AtomicBool::new(false);
    if !REGISTERED.load(Ordering::Relaxed) {
        register(&REGISTERED);
    }

    #[cold]
    fn register(flag: &AtomicBool) {
        limpet_start::exit::flush_at_exit(|| {
            flush_all();
        });
        flag.store(true, Ordering::Relaxed);
    }
}

/// `fflush(f)`—Writes out `f`'s buffered output; with a null `f`, every open stream's.
/// Returns 0, or `EOF` with errno set if a write failed.
///
/// # Safety
/// `f` must be null or point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fflush(f: *mut FILE) -> c_int {
    let ok = if f.is_null() {
        flush_all()
    } else {
        // SAFETY: the caller vouches for `f`.
        unsafe { &*f }.with_lock(|s| s.flush())
    };
    if ok { 0 } else { EOF }
}
