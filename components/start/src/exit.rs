//! `atexit`, `__cxa_atexit`, `exit`, `_Exit`, `_exit`, `at_quick_exit` and `quick_exit`.
//!
//! Exit runs, in this order (as musl does): the atexit handlers, last registered first;
//! the fini arrays; the stdio flush; then the process ends. Quick exit runs only its own
//! handlers, last registered first, and ends the process without flushing.
//!
//! The stdio flush is an exit hook ([`crate::hooks::at_exit`]) that the stdio component
//! links in when a stream first buffers output: `exit` does not name stdio, so a program
//! that never uses it does not link it (smaller, and quicker to start).
use core::ffi::{c_int, c_void};
use core::ptr;
use core::sync::atomic::{AtomicBool, Ordering};

use limpet_syscall::{nr, syscall1_noreturn};

/// Handlers per block; the first block is static, so `atexit` needs no memory for the first
/// 32 (what POSIX's `ATEXIT_MAX` must at least be), and later blocks are mapped directly: this
/// crate sits below the allocator.
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

/// A fresh zeroed mapping for one more block, or null.
fn map_block() -> *mut Block {
    use limpet_abi::mman::{MAP_ANONYMOUS, MAP_PRIVATE, PROT_READ, PROT_WRITE};
    let (prot, flags) = ((PROT_READ | PROT_WRITE) as usize, (MAP_PRIVATE | MAP_ANONYMOUS) as usize);
    // SAFETY: a new private anonymous mapping touches nothing that exists.
    let r = unsafe { limpet_syscall::syscall6(nr::MMAP, 0, size_of::<Block>(), prot, flags, usize::MAX, 0) };
    limpet_syscall::result(r).map_or(ptr::null_mut(), |p| p as *mut Block)
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
            let b = map_block();
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
                // `get_mut`, not indexing: `exit` then links no panic machinery (used < SLOTS
                // always holds, but the compiler cannot see it).
                break top.slots.get_mut(top.used).and_then(Option::take);
            }
            if top.prev.is_null() {
                break None;
            }
            // Mapped blocks are left in place: exit is near.
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
    crate::hooks::run_exit_hooks();
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

/// How many `at_quick_exit` handlers fit: C guarantees 32, and musl gives exactly that.
const QUICK_SLOTS: usize = 32;

static mut QUICK: [Option<unsafe extern "C" fn()>; QUICK_SLOTS] = [None; QUICK_SLOTS];
static mut QUICK_USED: usize = 0;

/// `at_quick_exit(f)`—Registers `f` to run at [`quick_exit`], last registered first; 0 on
/// success, -1 when the 32 slots are taken.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn at_quick_exit(f: unsafe extern "C" fn()) -> c_int {
    lock();
    // SAFETY: the lock serialises every access to QUICK and QUICK_USED.
    let ok = unsafe {
        let used = QUICK_USED;
        if used < QUICK_SLOTS {
            (*(&raw mut QUICK))[used] = Some(f);
            QUICK_USED = used + 1;
            true
        } else {
            false
        }
    };
    unlock();
    if ok { 0 } else { -1 }
}

/// Runs and removes the `at_quick_exit` handlers, last registered first.
fn run_quick_handlers() {
    loop {
        lock();
        // SAFETY: the lock serialises every access to QUICK and QUICK_USED.
        let f = unsafe {
            if QUICK_USED == 0 {
                None
            } else {
                QUICK_USED -= 1;
                (*(&raw mut QUICK)).get_mut(QUICK_USED).and_then(Option::take)
            }
        };
        unlock();
        match f {
            // SAFETY: the program registered it to be called at quick exit.
            Some(f) => unsafe { f() },
            None => return,
        }
    }
}

/// `quick_exit(status)`—Runs the `at_quick_exit` handlers and ends the process with
/// `status`, without the atexit handlers, destructors or stdio flush.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn quick_exit(status: c_int) -> ! {
    run_quick_handlers();
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

    static QUICK_ORDER: Mutex<Vec<u8>> = Mutex::new(Vec::new());
    unsafe extern "C" fn quick_a() {
        QUICK_ORDER.lock().unwrap().push(b'a');
    }
    unsafe extern "C" fn quick_b() {
        QUICK_ORDER.lock().unwrap().push(b'b');
    }

    #[test]
    fn quick_handlers_are_bounded_and_run_last_first() {
        assert_eq!(at_quick_exit(quick_a), 0);
        for _ in 1..QUICK_SLOTS {
            assert_eq!(at_quick_exit(quick_b), 0);
        }
        assert_eq!(at_quick_exit(quick_a), -1);
        run_quick_handlers();
        let got = QUICK_ORDER.lock().unwrap().clone();
        assert_eq!(got.len(), QUICK_SLOTS);
        assert_eq!(got.last(), Some(&b'a'));
        assert_eq!(got[0], b'b');
    }
}
