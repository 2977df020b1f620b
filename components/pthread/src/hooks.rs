//! Thread-exit hooks: how other components run code when a thread ends.
//!
//! A component that keeps per-thread state (a malloc thread cache, a stdio or locale
//! per-thread buffer) registers a hook once with [`on_thread_exit`]. Every thread that ends
//! through `pthread_exit` (or by returning from its start routine, or the main thread
//! calling `pthread_exit`) then calls each hook, in registration order, on its own stack,
//! after the program's thread-specific-data destructors have run; the thread's TLS and
//! descriptor are still intact. Hooks do not run when the whole process ends through
//! `exit`, `_Exit` or a signal.
//!
//! The registry is a fixed array, so registering never allocates and hooks cannot be
//! removed.
use core::sync::atomic::{AtomicUsize, Ordering};

/// How many hooks can be registered.
pub const MAX_HOOKS: usize = 8;

static HOOKS: [AtomicUsize; MAX_HOOKS] = [const { AtomicUsize::new(0) }; MAX_HOOKS];

/// [`on_thread_exit`] found every slot taken.
#[derive(Debug, PartialEq, Eq)]
pub struct RegistryFull;

/// Registers `hook` to run on every thread that ends from now on (see the module docs).
/// Safe to call from any thread, at any time.
pub fn on_thread_exit(hook: fn()) -> Result<(), RegistryFull> {
    for slot in &HOOKS {
        if slot.compare_exchange(0, hook as usize, Ordering::AcqRel, Ordering::Relaxed).is_ok() {
            return Ok(());
        }
    }
    Err(RegistryFull)
}

/// Calls every registered hook, in registration order.
// Only thread exit calls it, and threads are created on x86_64 only so far.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) fn run() {
    for slot in &HOOKS {
        let h = slot.load(Ordering::Acquire);
        if h == 0 {
            // Slots fill in order and are never emptied: the rest are free too.
            break;
        }
        // SAFETY: only `fn()` addresses are stored (on_thread_exit).
        let hook: fn() = unsafe { core::mem::transmute::<usize, fn()>(h) };
        hook();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU32;

    static A: AtomicU32 = AtomicU32::new(0);
    static B: AtomicU32 = AtomicU32::new(0);
    fn hook_a() {
        A.fetch_add(1, Ordering::Relaxed);
    }
    fn hook_b() {
        // Runs after hook_a, which was registered first.
        B.store(A.load(Ordering::Relaxed) * 10, Ordering::Relaxed);
    }

    #[test]
    fn hooks_run_in_order_until_the_registry_is_full() {
        on_thread_exit(hook_a).unwrap();
        on_thread_exit(hook_b).unwrap();
        run();
        assert_eq!((A.load(Ordering::Relaxed), B.load(Ordering::Relaxed)), (1, 10));
        for _ in 2..MAX_HOOKS {
            on_thread_exit(hook_a).unwrap();
        }
        assert_eq!(on_thread_exit(hook_a), Err(RegistryFull));
    }
}
