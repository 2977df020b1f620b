//! C11 <threads.h>: `thrd_*`, `mtx_*`, `cnd_*`, `tss_*` and `call_once`, over the POSIX
//! functions of this crate. As in musl, `thrd_t` is `pthread_t`, `mtx_t` and `cnd_t` have the
//! layouts of `pthread_mutex_t` and `pthread_cond_t`, `tss_t` is a key and `once_flag` a
//! `pthread_once_t`; only the return codes differ.
use core::ffi::{c_int, c_void};

use limpet_syscall::errno::{EBUSY, ETIMEDOUT};
use limpet_abi::time::Timespec;

use crate::abi::{PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_RECURSIVE, PthreadCond, PthreadKey, PthreadMutex, PthreadOnce};
use crate::cond::{
    pthread_cond_broadcast, pthread_cond_destroy, pthread_cond_init, pthread_cond_signal, pthread_cond_timedwait,
    pthread_cond_wait,
};
use crate::mutex::{pthread_mutex_lock, pthread_mutex_timedlock, pthread_mutex_trylock, pthread_mutex_unlock};

/// The C11 result codes of <threads.h>.
pub const THRD_SUCCESS: c_int = 0;
pub const THRD_BUSY: c_int = 1;
pub const THRD_ERROR: c_int = 2;
pub const THRD_NOMEM: c_int = 3;
pub const THRD_TIMEDOUT: c_int = 4;

/// `mtx_init` types: plain or timed (the same thing here), optionally recursive.
pub const MTX_PLAIN: c_int = 0;
pub const MTX_RECURSIVE: c_int = 1;
pub const MTX_TIMED: c_int = 2;

/// A thread's start routine, `int (*)(void *)`.
pub type ThrdStart = unsafe extern "C" fn(*mut c_void) -> c_int;
/// A `tss_t` destructor.
pub type TssDtor = unsafe extern "C" fn(*mut c_void);

/// A C11 code from a pthread result: 0 is success, `busy` or `timedout` map the one
/// expected failure, anything else is `thrd_error`.
fn c11(r: c_int, expected: c_int, as_code: c_int) -> c_int {
    match r {
        0 => THRD_SUCCESS,
        e if e == expected => as_code,
        _ => THRD_ERROR,
    }
}

#[cfg(target_arch = "x86_64")]
pub use threads::*;

/// The thread functions, which need thread creation (x86_64 only so far).
#[cfg(target_arch = "x86_64")]
mod threads {
    use super::*;
    use core::sync::atomic::{AtomicU32, Ordering};

    use limpet_syscall::errno::{EAGAIN, EINTR};
    use limpet_syscall::{nr, result, syscall4};

    use crate::descriptor::Pthread;
    use crate::futex::{self, Scope};
    use limpet_abi::futex::{FUTEX_PRIVATE_FLAG, FUTEX_WAKE};
    use limpet_abi::time::CLOCK_REALTIME;

    /// What `thrd_create` hands its new thread: the C11 routine and argument, kept on the
    /// creator's stack until the thread has copied them (`taken` becomes 1).
    struct Start {
        func: ThrdStart,
        arg: *mut c_void,
        taken: AtomicU32,
    }

    /// The pthread start routine of a C11 thread: runs the `int` routine and ends with its
    /// value as the thread's result, which `thrd_join` narrows back to `int`.
    unsafe extern "C" fn entry(p: *mut c_void) -> *mut c_void {
        // SAFETY: `p` is the creator's `Start`, alive until `taken` is set.
        let (func, arg) = unsafe {
            let s = &*(p as *const Start);
            let copied = (s.func, s.arg);
            s.taken.store(1, Ordering::Release);
            copied
        };
        // Only the word's address is used from here: the creator may already have returned,
        // and a wake-up at a stale address is at worst a spurious one for whoever sleeps there.
        let taken = p as usize + core::mem::offset_of!(Start, taken);
        // SAFETY: FUTEX_WAKE only looks the address up in the kernel's wait queues.
        unsafe { syscall4(nr::FUTEX, taken, (FUTEX_WAKE | FUTEX_PRIVATE_FLAG) as usize, 1, 0) };
        // SAFETY: the caller of thrd_create promised `func` may run with `arg`.
        unsafe { func(arg) as isize as *mut c_void }
    }

    /// `thrd_create(thr, func, arg)`—Starts a thread running `func(arg)` and stores its id
    /// in `*thr`. `thrd_success`, `thrd_nomem` when memory or the thread limit runs out,
    /// else `thrd_error`.
    ///
    /// # Safety
    /// `thr` must be valid for writes; `func` must be safe to run on another thread with `arg`.
    #[cfg_attr(feature = "export", unsafe(no_mangle))]
    pub unsafe extern "C" fn thrd_create(thr: *mut *mut Pthread, func: ThrdStart, arg: *mut c_void) -> c_int {
        let start = Start { func, arg, taken: AtomicU32::new(0) };
        // SAFETY: per the contract; `start` outlives the thread's use of it (below).
        let r =
            unsafe { crate::create::pthread_create(thr, core::ptr::null(), entry, &raw const start as *mut c_void) };
        if r == 0 {
            while start.taken.load(Ordering::Acquire) == 0 {
                let _ = futex::wait(&start.taken, 0, None, Scope::Private);
            }
        }
        c11(r, EAGAIN, THRD_NOMEM)
    }

    /// `thrd_exit(res)`—Ends the calling thread with result `res` (see `pthread_exit`).
    #[cfg_attr(feature = "export", unsafe(no_mangle))]
    pub extern "C" fn thrd_exit(res: c_int) -> ! {
        crate::exit::pthread_exit(res as isize as *mut c_void)
    }

    /// `thrd_join(thr, res)`—Waits for `thr` to end, stores its result in `*res` unless `res`
    /// is null, and frees it. `thrd_success` or `thrd_error`.
    ///
    /// # Safety
    /// `thr` must be a joinable thread not yet joined.
    #[cfg_attr(feature = "export", unsafe(no_mangle))]
    pub unsafe extern "C" fn thrd_join(thr: *mut Pthread, res: *mut c_int) -> c_int {
        let mut out: *mut c_void = core::ptr::null_mut();
        // SAFETY: per the contract.
        let r = unsafe { crate::join::pthread_join(thr, &mut out) };
        if r == 0 && !res.is_null() {
            // SAFETY: per the contract.
            unsafe { *res = out as isize as c_int };
        }
        c11(r, 0, THRD_SUCCESS)
    }

    /// `thrd_detach(thr)`—Lets `thr` free itself when it ends. `thrd_success` or `thrd_error`.
    ///
    /// # Safety
    /// `thr` must be a joinable thread not yet joined or detached.
    #[cfg_attr(feature = "export", unsafe(no_mangle))]
    pub unsafe extern "C" fn thrd_detach(thr: *mut Pthread) -> c_int {
        // SAFETY: per the contract.
        c11(unsafe { crate::join::pthread_detach(thr) }, 0, THRD_SUCCESS)
    }

    /// `thrd_current()`—The calling thread's id.
    #[cfg_attr(feature = "export", unsafe(no_mangle))]
    pub extern "C" fn thrd_current() -> *mut Pthread {
        crate::current()
    }

    /// `thrd_equal(a, b)`—Non-zero when `a` and `b` are the same thread.
    #[cfg_attr(feature = "export", unsafe(no_mangle))]
    pub extern "C" fn thrd_equal(a: *mut Pthread, b: *mut Pthread) -> c_int {
        (a == b) as c_int
    }

    /// `thrd_sleep(duration, remaining)`—Sleeps for the relative time `*duration` on
    /// `CLOCK_REALTIME`. 0 when it elapsed; -1 when a signal cut it short (the time left is
    /// then stored in `*remaining` unless null); -2 on any other failure (a bad duration).
    ///
    /// # Safety
    /// `duration` must be readable; `remaining` null or valid for writes.
    #[cfg_attr(feature = "export", unsafe(no_mangle))]
    pub unsafe extern "C" fn thrd_sleep(duration: *const Timespec, remaining: *mut Timespec) -> c_int {
        // SAFETY: the kernel reads `duration` and writes `remaining` (when non-null) per the contract.
        match result(unsafe {
            syscall4(nr::CLOCK_NANOSLEEP, CLOCK_REALTIME as usize, 0, duration as usize, remaining as usize)
        }) {
            Ok(_) => 0,
            Err(EINTR) => -1,
            Err(_) => -2,
        }
    }

    /// `thrd_yield()`—Lets other threads run.
    #[cfg_attr(feature = "export", unsafe(no_mangle))]
    pub extern "C" fn thrd_yield() {
        crate::sched_yield::sched_yield();
    }
}

/// `tss_create(key, dtor)`—A new thread-specific storage key, with `dtor` run at thread
/// exit on non-null values. `thrd_success`, or `thrd_error` when no key is left.
///
/// # Safety
/// `key` must be valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn tss_create(key: *mut PthreadKey, dtor: Option<TssDtor>) -> c_int {
    // SAFETY: per the contract.
    c11(unsafe { crate::key::pthread_key_create(key, dtor) }, 0, THRD_SUCCESS)
}

/// `tss_delete(key)`—Frees `key`; destructors are not run.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tss_delete(key: PthreadKey) {
    crate::key::pthread_key_delete(key);
}

/// `tss_get(key)`—The calling thread's value for `key` (null if never set).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tss_get(key: PthreadKey) -> *mut c_void {
    crate::key::pthread_getspecific(key)
}

/// `tss_set(key, value)`—Sets the calling thread's value for `key`. `thrd_success` or
/// `thrd_error`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tss_set(key: PthreadKey, value: *mut c_void) -> c_int {
    c11(crate::key::pthread_setspecific(key, value), 0, THRD_SUCCESS)
}

/// `mtx_init(m, type)`—Makes `*m` an unlocked mutex: recursive when `type` has
/// `mtx_recursive`, else plain (`mtx_timed` changes nothing: every mutex can time out).
/// Always `thrd_success`.
///
/// # Safety
/// `m` must be valid for writes and not in use.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mtx_init(m: *mut PthreadMutex, kind: c_int) -> c_int {
    let kind = if kind & MTX_RECURSIVE != 0 { PTHREAD_MUTEX_RECURSIVE } else { PTHREAD_MUTEX_NORMAL };
    // SAFETY: per the contract.
    unsafe { m.write(PthreadMutex::new(kind)) };
    THRD_SUCCESS
}

/// `mtx_destroy(m)`—Ends the mutex's life; it holds no resources.
///
/// # Safety
/// `m` must be an unlocked mutex no thread is using.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mtx_destroy(_m: *mut PthreadMutex) {}

/// `mtx_lock(m)`—Takes the mutex, waiting as long as it takes. `thrd_success` or `thrd_error`.
///
/// # Safety
/// `m` must be an initialised mutex.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mtx_lock(m: *mut PthreadMutex) -> c_int {
    // SAFETY: per the contract.
    c11(unsafe { pthread_mutex_lock(m) }, 0, THRD_SUCCESS)
}

/// `mtx_timedlock(m, at)`—Takes the mutex, giving up at the absolute `TIME_UTC`
/// (`CLOCK_REALTIME`) time `*at`: `thrd_success`, `thrd_timedout` or `thrd_error`.
///
/// # Safety
/// `m` must be an initialised mutex and `at` a readable `struct timespec`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mtx_timedlock(m: *mut PthreadMutex, at: *const Timespec) -> c_int {
    // SAFETY: per the contract.
    c11(unsafe { pthread_mutex_timedlock(m, at) }, ETIMEDOUT, THRD_TIMEDOUT)
}

/// `mtx_trylock(m)`—Takes the mutex if it is free: `thrd_success`, `thrd_busy` or `thrd_error`.
///
/// # Safety
/// `m` must be an initialised mutex.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mtx_trylock(m: *mut PthreadMutex) -> c_int {
    // SAFETY: per the contract.
    c11(unsafe { pthread_mutex_trylock(m) }, EBUSY, THRD_BUSY)
}

/// `mtx_unlock(m)`—Releases the mutex: `thrd_success`, or `thrd_error` for a recursive
/// mutex the caller does not hold.
///
/// # Safety
/// `m` must be an initialised mutex, locked.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mtx_unlock(m: *mut PthreadMutex) -> c_int {
    // SAFETY: per the contract.
    c11(unsafe { pthread_mutex_unlock(m) }, 0, THRD_SUCCESS)
}

/// `cnd_init(c)`—Makes `*c` a condition variable with no waiters. Always `thrd_success`.
///
/// # Safety
/// `c` must be valid for writes and not in use.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn cnd_init(c: *mut PthreadCond) -> c_int {
    // SAFETY: per the contract.
    c11(unsafe { pthread_cond_init(c, core::ptr::null()) }, 0, THRD_SUCCESS)
}

/// `cnd_destroy(c)`—Ends the condition variable's life (after woken waiters have left).
///
/// # Safety
/// `c` must be initialised with no thread blocked on it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn cnd_destroy(c: *mut PthreadCond) {
    // SAFETY: per the contract.
    unsafe { pthread_cond_destroy(c) };
}

/// `cnd_signal(c)`—Wakes at least one waiter, if any. Always `thrd_success`.
///
/// # Safety
/// `c` must be initialised.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn cnd_signal(c: *mut PthreadCond) -> c_int {
    // SAFETY: per the contract.
    c11(unsafe { pthread_cond_signal(c) }, 0, THRD_SUCCESS)
}

/// `cnd_broadcast(c)`—Wakes every waiter. Always `thrd_success`.
///
/// # Safety
/// `c` must be initialised.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn cnd_broadcast(c: *mut PthreadCond) -> c_int {
    // SAFETY: per the contract.
    c11(unsafe { pthread_cond_broadcast(c) }, 0, THRD_SUCCESS)
}

/// `cnd_wait(c, m)`—Releases `m`, waits on `c` and takes `m` back (spurious wake-ups are
/// possible). `thrd_success` or `thrd_error`.
///
/// # Safety
/// `c` and `m` must be initialised and `m` held by the caller.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn cnd_wait(c: *mut PthreadCond, m: *mut PthreadMutex) -> c_int {
    // SAFETY: per the contract.
    c11(unsafe { pthread_cond_wait(c, m) }, 0, THRD_SUCCESS)
}

/// `cnd_timedwait(c, m, at)`—As [`cnd_wait`], giving up at the absolute `TIME_UTC` time
/// `*at` with `thrd_timedout` (`m` is retaken either way).
///
/// # Safety
/// As for [`cnd_wait`], and `at` must be a readable `struct timespec`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn cnd_timedwait(c: *mut PthreadCond, m: *mut PthreadMutex, at: *const Timespec) -> c_int {
    // SAFETY: per the contract.
    c11(unsafe { pthread_cond_timedwait(c, m, at) }, ETIMEDOUT, THRD_TIMEDOUT)
}

/// `call_once(flag, func)`—Runs `func` exactly once among all calls with `flag`; every call
/// returns after it has finished.
///
/// # Safety
/// `flag` must be a `once_flag` initialised to `ONCE_FLAG_INIT`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn call_once(flag: *mut PthreadOnce, func: unsafe extern "C" fn()) {
    // SAFETY: per the contract.
    unsafe { crate::once::pthread_once(flag, func) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::cell::UnsafeCell;
    use core::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Arc;

    struct Shared {
        m: UnsafeCell<PthreadMutex>,
        c: UnsafeCell<PthreadCond>,
        n: UnsafeCell<u32>,
    }
    unsafe impl Sync for Shared {}
    unsafe impl Send for Shared {}

    fn in_ms(ms: i64) -> Timespec {
        let mut t = Timespec::default();
        unsafe { limpet_syscall::syscall2(limpet_syscall::nr::CLOCK_GETTIME, 0, &raw mut t as usize) };
        t.tv_nsec += ms * 1_000_000;
        t.tv_sec += t.tv_nsec / 1_000_000_000;
        t.tv_nsec %= 1_000_000_000;
        t
    }

    #[test]
    fn mutex_codes() {
        let mut m = PthreadMutex::new(9);
        unsafe {
            assert_eq!(mtx_init(&mut m, MTX_PLAIN | MTX_TIMED), THRD_SUCCESS);
            assert_eq!(m.kind, PTHREAD_MUTEX_NORMAL);
            assert_eq!(mtx_lock(&mut m), THRD_SUCCESS);
            assert_eq!(mtx_trylock(&mut m), THRD_BUSY);
            assert_eq!(mtx_timedlock(&mut m, &in_ms(10)), THRD_TIMEDOUT);
            let bad = Timespec { tv_sec: 0, tv_nsec: -3 };
            assert_eq!(mtx_timedlock(&mut m, &bad), THRD_ERROR);
            assert_eq!(mtx_unlock(&mut m), THRD_SUCCESS);
            mtx_destroy(&mut m);
            assert_eq!(mtx_init(&mut m, MTX_RECURSIVE), THRD_SUCCESS);
            assert_eq!(m.kind, PTHREAD_MUTEX_RECURSIVE);
            assert_eq!(mtx_unlock(&mut m), THRD_ERROR);
            assert_eq!(mtx_lock(&mut m), THRD_SUCCESS);
            assert_eq!(mtx_trylock(&mut m), THRD_SUCCESS);
            assert_eq!(mtx_unlock(&mut m), THRD_SUCCESS);
            assert_eq!(mtx_unlock(&mut m), THRD_SUCCESS);
            assert_eq!(mtx_unlock(&mut m), THRD_ERROR);
        }
    }

    #[test]
    fn condition_codes_and_handoff() {
        let s = Arc::new(Shared {
            m: UnsafeCell::new(PthreadMutex::new(0)),
            c: UnsafeCell::new(PthreadCond::new(0)),
            n: UnsafeCell::new(0),
        });
        unsafe {
            assert_eq!(mtx_init(s.m.get(), MTX_PLAIN), THRD_SUCCESS);
            assert_eq!(cnd_init(s.c.get()), THRD_SUCCESS);
            assert_eq!(mtx_lock(s.m.get()), THRD_SUCCESS);
            assert_eq!(cnd_timedwait(s.c.get(), s.m.get(), &in_ms(10)), THRD_TIMEDOUT);
            assert_eq!(mtx_unlock(s.m.get()), THRD_SUCCESS);
        }
        let s2 = s.clone();
        let t = std::thread::spawn(move || unsafe {
            mtx_lock(s2.m.get());
            while *s2.n.get() == 0 {
                assert_eq!(cnd_wait(s2.c.get(), s2.m.get()), THRD_SUCCESS);
            }
            mtx_unlock(s2.m.get());
        });
        std::thread::sleep(std::time::Duration::from_millis(10));
        unsafe {
            mtx_lock(s.m.get());
            *s.n.get() = 1;
            assert_eq!(cnd_broadcast(s.c.get()), THRD_SUCCESS);
            assert_eq!(cnd_signal(s.c.get()), THRD_SUCCESS);
            mtx_unlock(s.m.get());
        }
        t.join().unwrap();
        unsafe { cnd_destroy(s.c.get()) };
    }

    static RUNS: AtomicU32 = AtomicU32::new(0);
    unsafe extern "C" fn once_body() {
        RUNS.fetch_add(1, Ordering::SeqCst);
    }

    #[test]
    fn call_once_runs_once() {
        static FLAG: PthreadOnce = PthreadOnce::new(0);
        let hs: Vec<_> = (0..4)
            .map(|_| std::thread::spawn(|| unsafe { call_once(FLAG.as_ptr() as *mut PthreadOnce, once_body) }))
            .collect();
        for h in hs {
            h.join().unwrap();
        }
        assert_eq!(RUNS.load(Ordering::SeqCst), 1);
    }
}
