//! `atexit`, `__cxa_atexit`, `__cxa_finalize`, `exit`, `_Exit`, `_exit`, `at_quick_exit` and `quick_exit`.
//!
//! Exit runs, in this order (as musl does): the calling thread's thread-exit destructors
//! (`__cxa_thread_atexit_impl`, through [`crate::hooks::at_exit_first`]; musl has none); the
//! atexit handlers, last registered first; the fini arrays; the stdio flush; then the
//! process ends. Quick exit runs only its own
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
pub struct Handler {
    pub f: unsafe extern "C" fn(*mut c_void),
    pub arg: *mut c_void,
    /// The registering module's `__dso_handle` (null for `atexit`), for `__cxa_finalize`.
    pub dso: *mut c_void,
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

/// Takes the most recent handler for which `pick` holds, if any. Slots emptied by
/// [`finalize`] are passed over.
fn take_latest(pick: &dyn Fn(&Handler) -> bool) -> Option<Handler> {
    lock();
    // SAFETY: the lock serialises every access to the block chain.
    let h = unsafe {
        let mut b = TOP;
        let mut found = None;
        'blocks: while !b.is_null() {
            let block = &mut *b;
            for i in (0..block.used.min(SLOTS)).rev() {
                // `get_mut`, not indexing: `exit` then links no panic machinery.
                if let Some(slot) = block.slots.get_mut(i)
                    && slot.as_ref().is_some_and(pick)
                {
                    found = slot.take();
                    break 'blocks;
                }
            }
            b = block.prev;
        }
        // Drop the emptied slots at the top, so registration reuses them.
        while !TOP.is_null() {
            let top = &mut *TOP;
            while top.used > 0 && top.slots.get(top.used - 1).is_some_and(Option::is_none) {
                top.used -= 1;
            }
            if top.used > 0 || top.prev.is_null() {
                break;
            }
            // Mapped blocks are left in place: at worst one is reused later.
            TOP = top.prev;
        }
        found
    };
    unlock();
    h
}

/// Pops the most recent handler, if any.
fn pop() -> Option<Handler> {
    take_latest(&|_| true)
}

/// Runs and removes, most recent first, every handler for which `pick` holds, including
/// ones registered meanwhile. The dynamic linker uses it when it unloads a module, for the
/// handlers whose code or `__dso_handle` is inside that module.
pub fn finalize(pick: &dyn Fn(&Handler) -> bool) {
    while let Some(h) = take_latest(pick) {
        // SAFETY: the program registered this handler to be called at exit; it is called
        // once, since it was taken off the list.
        unsafe { (h.f)(h.arg) }
    }
}

/// Whether `h` was registered through `atexit` with a function at an address in `lo..hi`,
/// or through `__cxa_atexit` with a function or handle there.
pub fn handler_in(h: &Handler, lo: usize, hi: usize) -> bool {
    let plain: unsafe extern "C" fn(*mut c_void) = call_plain;
    let code = if h.f as usize == plain as usize { h.arg as usize } else { h.f as usize };
    (lo..hi).contains(&code) || (lo..hi).contains(&(h.dso as usize))
}

/// `__cxa_finalize(dso)`—Runs the exit handlers registered with `__cxa_atexit` for the
/// module whose `__dso_handle` is `dso`, most recent first, each once; with `dso` null,
/// runs every handler. Shared libraries built by gcc call it from their destructors.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __cxa_finalize(dso: *mut c_void) {
    if dso.is_null() {
        run_handlers();
    } else {
        finalize(&|h| h.dso == dso);
    }
}

/// `__cxa_atexit(f, arg, dso)`—Registers `f(arg)` to run at exit; 0 on success, -1 when out of
/// memory.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __cxa_atexit(f: unsafe extern "C" fn(*mut c_void), arg: *mut c_void, dso: *mut c_void) -> c_int {
    if push(Handler { f, arg, dso }) { 0 } else { -1 }
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
    crate::hooks::run_exit_first_hooks();
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
    /// The handler list is the process's: tests that use it take turns.
    static SERIAL: Mutex<()> = Mutex::new(());

    unsafe extern "C" fn record(arg: *mut c_void) {
        ORDER.lock().unwrap().push(arg as usize);
        if arg as usize == 5 {
            // Registered while exiting: runs next, before the older ones.
            __cxa_atexit(record, 1000 as *mut c_void, ptr::null_mut());
        }
    }

    #[test]
    fn handlers_run_last_first_across_blocks() {
        let _serial = SERIAL.lock().unwrap();
        for i in 0..100usize {
            assert_eq!(__cxa_atexit(record, i as *mut c_void, ptr::null_mut()), 0);
        }
        run_handlers();
        let got = ORDER.lock().unwrap().clone();
        let mut want: Vec<usize> = (6..100).rev().collect();
        want.extend([5, 1000, 4, 3, 2, 1, 0]);
        assert_eq!(got, want);
    }

    static FIN: Mutex<Vec<usize>> = Mutex::new(Vec::new());
    unsafe extern "C" fn fin_record(arg: *mut c_void) {
        FIN.lock().unwrap().push(arg as usize);
    }

    #[test]
    fn finalize_runs_one_modules_handlers_once() {
        let _serial = SERIAL.lock().unwrap();
        let (a, b) = (0x1000 as *mut c_void, 0x2000 as *mut c_void);
        for (i, d) in [(1usize, a), (2, b), (3, a), (4, b)] {
            assert_eq!(__cxa_atexit(fin_record, i as *mut c_void, d), 0);
        }
        __cxa_finalize(a);
        assert_eq!(*FIN.lock().unwrap(), [3, 1]);
        __cxa_finalize(a);
        assert_eq!(FIN.lock().unwrap().len(), 2);
        let h = Handler { f: fin_record, arg: ptr::null_mut(), dso: b };
        assert!(handler_in(&h, 0x2000, 0x2001) && !handler_in(&h, 0x2001, 0x3000));
        // The remaining handlers run at exit, newest first, passing over the emptied slots.
        let mut rest = Vec::new();
        while let Some(h) = pop() {
            rest.push(h.arg as usize);
        }
        assert_eq!(rest, [4, 2]);
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
