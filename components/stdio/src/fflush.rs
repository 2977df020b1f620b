//! `fflush`, `fflush_unlocked`, [`flush_all`], and the flush that `exit` runs.
use core::ffi::c_int;
use core::sync::atomic::{AtomicBool, Ordering};

use limpet_start::hooks::ExitHook;

use crate::abi::{EOF, SEEK_CUR};
use crate::file::{FILE, STDERR_FILE, STDOUT_FILE, State};
use crate::ofl;

/// `fflush(NULL)`: flushes every stream with pending output (stdout, stderr, then the
/// open-file list newest first, musl's order); true when all of them succeeded.
pub fn flush_all() -> bool {
    let flush_pending = |f: &FILE| f.with_lock(|s| s.len == 0 || s.flush());
    let mut ok = flush_pending(&STDOUT_FILE) & flush_pending(&STDERR_FILE);
    ofl::lock();
    ofl::each_listed(|f| ok &= flush_pending(f));
    // SAFETY: taken above.
    unsafe { ofl::unlock() };
    ok
}

/// What `exit` does to a stream: pending output goes out, and unread input is given back
/// to the backend (so a parent or a later process sharing a descriptor reads on from
/// there). The stream stays as it is: nothing may use it afterwards.
fn settle_at_exit(s: &mut State) {
    if s.len != 0 {
        s.write_out(&[]);
    }
    if s.rpos != s.rend {
        let _ = s.seek(s.rpos as i64 - s.rend as i64, SEEK_CUR);
    }
}

/// The exit flush: the open-file list newest first, then stdin, stdout, stderr, as musl.
fn exit_flush() {
    ofl::lock();
    ofl::each_listed(|f| f.with_lock(settle_at_exit));
    for f in ofl::standard() {
        f.with_lock(settle_at_exit);
    }
    // SAFETY: taken above.
    unsafe { ofl::unlock() };
}

/// Has `exit` flush the streams: called whenever a stream's buffer goes from empty to
/// holding data, so a program that never buffers any never links the flush into `exit`.
#[inline]
pub(crate) fn flush_at_exit_once() {
    static HOOK: ExitHook = ExitHook::new(exit_flush);
    static REGISTERED: AtomicBool = AtomicBool::new(false);
    if !REGISTERED.load(Ordering::Relaxed) {
        register(&REGISTERED);
    }

    #[cold]
    fn register(flag: &AtomicBool) {
        limpet_start::hooks::at_exit(&HOOK);
        flag.store(true, Ordering::Relaxed);
    }
}

/// `fflush(f)`—Writes out `f`'s buffered output and gives back its unread input (moving
/// the descriptor back over it where it can), leaving the stream neither reading nor
/// writing; with a null `f`, flushes every stream that has output pending. Returns 0, or
/// `EOF` with errno set if a write failed.
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

/// `_flushlbf()`—`<stdio_ext.h>`'s flush of line-buffered streams; as in musl, every
/// stream with output pending is flushed (`fflush(NULL)`).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn _flushlbf() {
    let _ = flush_all();
}

/// `fflush_unlocked(f)`—`fflush` for a stream the caller has locked.
///
/// # Safety
/// As for `fflush`; a non-null `f` must be held by the caller (`flockfile`) or used by
/// this thread alone.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fflush_unlocked(f: *mut FILE) -> c_int {
    if f.is_null() {
        return if flush_all() { 0 } else { EOF };
    }
    // SAFETY: the caller vouches for `f` and holds it.
    if unsafe { (*f).unlocked() }.flush() { 0 } else { EOF }
}
