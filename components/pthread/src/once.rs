//! `pthread_once`: run an initialiser exactly once, however many threads ask at the same time.
//!
//! The control word goes from [`INIT`] (`PTHREAD_ONCE_INIT`, zero) to [`RUNNING`] while one
//! thread runs the routine, [`WAITING`] once another thread sleeps on it, and [`DONE`].
use core::ffi::c_int;
use core::sync::atomic::Ordering::{Acquire, Relaxed, Release};

use crate::abi::PthreadOnce;
use crate::futex::{self, Scope};

const INIT: u32 = 0;
const RUNNING: u32 = 1;
const WAITING: u32 = 2;
const DONE: u32 = 3;

/// `pthread_once(control, init)`—Calls `init()` if no call with this `control` has run it
/// yet; every caller returns only after it has completed. Always 0.
///
/// # Safety
/// `control` must have been set to `PTHREAD_ONCE_INIT` and be used only with `pthread_once`;
/// `init` must not call `pthread_once` on the same control.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_once(control: *mut PthreadOnce, init: unsafe extern "C" fn()) -> c_int {
    // SAFETY: per the contract.
    let ctl = unsafe { &*control };
    if ctl.load(Acquire) != DONE {
        // SAFETY: per the contract.
        unsafe { once_slow(ctl, init) };
    }
    0
}

#[cold]
#[inline(never)]
unsafe fn once_slow(ctl: &PthreadOnce, init: unsafe extern "C" fn()) {
    loop {
        match ctl.load(Acquire) {
            DONE => return,
            INIT => {
                if ctl.compare_exchange(INIT, RUNNING, Acquire, Relaxed).is_ok() {
                    // SAFETY: the caller's routine, run by exactly one thread.
                    unsafe { init() };
                    if ctl.swap(DONE, Release) == WAITING {
                        futex::wake_all(ctl, Scope::Private);
                    }
                    return;
                }
            }
            RUNNING => {
                // Announce a sleeper so the runner wakes us; then sleep as below.
                let _ = ctl.compare_exchange(RUNNING, WAITING, Relaxed, Relaxed);
            }
            _ => {
                let _ = futex::wait(ctl, WAITING, None, Scope::Private);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, AtomicUsize};

    static CONTROL: PthreadOnce = AtomicU32::new(0);
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    static FINISHED: AtomicUsize = AtomicUsize::new(0);

    unsafe extern "C" fn slow_init() {
        CALLS.fetch_add(1, Relaxed);
        // Long enough that the other threads arrive and must sleep.
        std::thread::sleep(std::time::Duration::from_millis(30));
        FINISHED.store(1, Release);
    }

    #[test]
    fn runs_once_and_everyone_waits_for_it() {
        let hs: Vec<_> = (0..8)
            .map(|_| {
                std::thread::spawn(|| {
                    let r = unsafe { pthread_once(CONTROL.as_ptr() as *mut PthreadOnce, slow_init) };
                    (r, FINISHED.load(Acquire))
                })
            })
            .collect();
        for h in hs {
            assert_eq!(h.join().unwrap(), (0, 1));
        }
        assert_eq!(CALLS.load(Relaxed), 1);
        assert_eq!(CONTROL.load(Relaxed), DONE);
        assert_eq!(unsafe { pthread_once(CONTROL.as_ptr() as *mut PthreadOnce, slow_init) }, 0);
        assert_eq!(CALLS.load(Relaxed), 1);
    }
}
