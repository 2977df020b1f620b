//! `pthread_spin_*`: a spinlock is one atomic word that waiting threads poll; it never
//! sleeps in the kernel, so it suits only very short critical sections. Being a plain word
//! in memory, it works between processes whatever the `pshared` argument says.
use core::ffi::c_int;
use core::sync::atomic::Ordering;

use limpet_syscall::errno::EBUSY;

use crate::abi::PthreadSpinlock;

const UNLOCKED: u32 = 0;
const LOCKED: u32 = 1;

/// `pthread_spin_init(s, pshared)`—Makes `*s` an unlocked spinlock. Always 0 (musl accepts
/// any `pshared`; the lock works across processes either way).
///
/// # Safety
/// `s` must be valid for writes and not in use.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_spin_init(s: *mut PthreadSpinlock, _pshared: c_int) -> c_int {
    // SAFETY: per the contract.
    unsafe { s.write(PthreadSpinlock::new(UNLOCKED)) };
    0
}

/// `pthread_spin_destroy(s)`—Ends the spinlock's life; it holds no resources. Always 0.
///
/// # Safety
/// `s` must be an unlocked spinlock no thread is using.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_spin_destroy(_s: *mut PthreadSpinlock) -> c_int {
    0
}

/// `pthread_spin_lock(s)`—Takes the spinlock, spinning until it is free. Always 0; relocking
/// a spinlock the caller holds spins for ever, as in musl.
///
/// # Safety
/// `s` must be an initialised spinlock.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_spin_lock(s: *mut PthreadSpinlock) -> c_int {
    // SAFETY: per the contract.
    let s = unsafe { &*s };
    // Polling with plain loads keeps the cache line shared until the holder lets go.
    while s.load(Ordering::Relaxed) != UNLOCKED
        || s.compare_exchange_weak(UNLOCKED, LOCKED, Ordering::Acquire, Ordering::Relaxed).is_err()
    {
        core::hint::spin_loop();
    }
    0
}

/// `pthread_spin_trylock(s)`—Takes the spinlock if it is free, else `EBUSY`.
///
/// # Safety
/// `s` must be an initialised spinlock.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_spin_trylock(s: *mut PthreadSpinlock) -> c_int {
    // SAFETY: per the contract.
    match unsafe { &*s }.compare_exchange(UNLOCKED, LOCKED, Ordering::Acquire, Ordering::Relaxed) {
        Ok(_) => 0,
        Err(_) => EBUSY,
    }
}

/// `pthread_spin_unlock(s)`—Releases the spinlock. Always 0.
///
/// # Safety
/// `s` must be held by the caller.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_spin_unlock(s: *mut PthreadSpinlock) -> c_int {
    // SAFETY: per the contract.
    unsafe { &*s }.store(UNLOCKED, Ordering::Release);
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::cell::UnsafeCell;
    use std::sync::Arc;

    struct Shared {
        s: PthreadSpinlock,
        value: UnsafeCell<u64>,
    }
    unsafe impl Sync for Shared {}
    unsafe impl Send for Shared {}

    #[test]
    fn counts_exactly_under_contention() {
        const THREADS: usize = 4;
        const ROUNDS: u64 = 50_000;
        let sh = Arc::new(Shared { s: PthreadSpinlock::new(7), value: UnsafeCell::new(0) });
        unsafe { pthread_spin_init(&sh.s as *const _ as *mut _, 0) };
        let hs: Vec<_> = (0..THREADS)
            .map(|_| {
                let sh = sh.clone();
                std::thread::spawn(move || {
                    let s = &sh.s as *const _ as *mut PthreadSpinlock;
                    for _ in 0..ROUNDS {
                        unsafe {
                            pthread_spin_lock(s);
                            *sh.value.get() += 1;
                            pthread_spin_unlock(s);
                        }
                    }
                })
            })
            .collect();
        for h in hs {
            h.join().unwrap();
        }
        assert_eq!(unsafe { *sh.value.get() }, THREADS as u64 * ROUNDS);
    }

    #[test]
    fn trylock_reports_busy() {
        let mut s = PthreadSpinlock::new(0);
        unsafe {
            assert_eq!(pthread_spin_trylock(&mut s), 0);
            assert_eq!(pthread_spin_trylock(&mut s), EBUSY);
            assert_eq!(pthread_spin_unlock(&mut s), 0);
            assert_eq!(pthread_spin_lock(&mut s), 0);
            assert_eq!(pthread_spin_trylock(&mut s), EBUSY);
            assert_eq!(pthread_spin_unlock(&mut s), 0);
            assert_eq!(pthread_spin_destroy(&mut s), 0);
        }
    }
}
