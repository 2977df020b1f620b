//! `atexit`, `__cxa_atexit`, `exit`, `_Exit` and `_exit`.
//!
//! Exit runs, in this order (as musl does): the atexit handlers, last registered first;
//! the fini arrays; the stdio flush; then the process ends.
use core::ffi::{c_int, c_void};
use core::ptr;
use core::sync::atomic::{AtomicBool, Ordering};

use limpet_syscall::{nr, syscall1_noreturn};

/// Handlers per block; the first block is static, so `atexit` works without malloc.
const SLOTS: usize = 32;

#[derive(Clone, Copy)]
struct Handler {
    f: unsafe extern "C" fn(*mut c_void),
    arg: *mut c_void,
}

struct Block {
    prev: *mut Block,
    used: usize,
    slots: [Option<Handler>; SLOTS],
}

static mut FIRST: Block = Block { prev: ptr::null_mut(), used: 0, slots: [None; SLOTS] };
static mut TOP: *mut Block = ptr::null_mut();
static LOCK: AtomicBool = AtomicBool::new(false);

/// A spin lock held only for a few instructions; handlers run without it.
fn lock() {
    while LOCK.swap(true, Ordering::Acquire) {
        core::hint::spin_loop();
    }
}
fn unlock() {
    LOCK.store(false, Ordering::Release);
}

unsafe extern "C" {
    fn malloc(n: usize) -> *mut c_void;
}

/// Pushes a handler; false when no memory is left for a new block.
fn push(h: Handler) -> bool {
    lock();
    // SAFETY: the lock serialises every access to the block chain.
    let ok = unsafe {
        if TOP.is_null() {
            TOP = &raw mut FIRST;
        }
        if (*TOP).used == SLOTS {
            let b = malloc(size_of::<Block>()) as *mut Block;
            if !b.is_null() {
                b.write(Block { prev: TOP, used: 0, slots: [None; SLOTS] });
                TOP = b;
            }
        }
        let top = &mut *TOP;
        if top.used < SLOTS {
            top.slots[top.used] = Some(h);
            top.used += 1;
            true
        } else {
            false
        }
    };
    unlock();
    ok
}

/// Pops the most recent handler, if any.
fn pop() -> Option<Handler> {
    lock();
    // SAFETY: the lock serialises every access to the block chain.
    let h = unsafe {
        loop {
            if TOP.is_null() {
                break None;
            }
            let top = &mut *TOP;
            if top.used > 0 {
                top.used -= 1;
                break top.slots[top.used].take();
            }
            if top.prev.is_null() {
                break None;
            }
            // Blocks from malloc are left in place: exit is near, and free may be interposed.
            TOP = top.prev;
        }
    };
    unlock();
    h
}

/// `__cxa_atexit(f, arg, dso)`—Registers `f(arg)` to run at exit; 0 on success, -1 when out of
/// memory.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __cxa_atexit(f: unsafe extern "C" fn(*mut c_void), arg: *mut c_void, _dso: *mut c_void) -> c_int {
    if push(Handler { f, arg }) { 0 } else { -1 }
}

/// Calls a no-argument handler registered through `atexit`, whose pointer rides in `arg`.
unsafe extern "C" fn call_plain(arg: *mut c_void) {
    // SAFETY: `arg` was made from an `extern "C" fn()` in `atexit`.
    let f: unsafe extern "C" fn() = unsafe { core::mem::transmute(arg) };
    // SAFETY: the program registered it to be called at exit.
    unsafe { f() }
}

/// `atexit(f)`—Registers `f` to run at normal exit, last registered first; 0 on success,
/// -1 when out of memory.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn atexit(f: unsafe extern "C" fn()) -> c_int {
    __cxa_atexit(call_plain, f as *mut c_void, ptr::null_mut())
}

/// Runs and removes every registered handler, including ones registered by handlers.
pub fn run_handlers() {
    while let Some(h) = pop() {
        // SAFETY: the program registered this handler to be called at exit.
        unsafe { (h.f)(h.arg) }
    }
}

/// `exit(status)`—Runs the atexit handlers and destructors, flushes stdio, and ends the process.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn exit(status: c_int) -> ! {
    run_handlers();
    crate::libc_start::run_fini();
    #[cfg(feature = "stdio")]
    limpet_stdio::flush_all();
    _Exit(status)
}

/// `_Exit(status)`—Ends the process at once: no handlers, no flush.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn _Exit(status: c_int) -> ! {
    // SAFETY: exit_group does not return.
    unsafe { syscall1_noreturn(nr::EXIT_GROUP, status as usize) }
}

/// `_exit(status)`—The POSIX name of [`_Exit`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn _exit(status: c_int) -> ! {
    _Exit(status)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;
    static ORDER: Mutex<Vec<usize>> = Mutex::new(Vec::new());

    unsafe extern "C" fn record(arg: *mut c_void) {
        ORDER.lock().unwrap().push(arg as usize);
        if arg as usize == 5 {
            // Registered while exiting: runs next, before the older ones.
            __cxa_atexit(record, 1000 as *mut c_void, ptr::null_mut());
        }
    }

    #[test]
    fn handlers_run_last_first_across_blocks() {
        for i in 0..100usize {
            assert_eq!(__cxa_atexit(record, i as *mut c_void, ptr::null_mut()), 0);
        }
        run_handlers();
        let got = ORDER.lock().unwrap().clone();
        let mut want: Vec<usize> = (6..100).rev().collect();
        want.extend([5, 1000, 4, 3, 2, 1, 0]);
        assert_eq!(got, want);
    }
}
