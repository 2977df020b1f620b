//! The one lock of this crate: it guards every change to the domain bindings and the
//! loaded-catalog list. Readers walk those lists without it: entries are published with a
//! release store and never removed or changed after, except a binding's directory, which
//! is itself an atomic pointer to a string kept for ever.
use limpet_start::lock::Lock;

/// The lock. `malloc` is called while it is held, never the other way round.
static LOCK: Lock = Lock::new();

/// The fork hooks' rank: above the allocator's, since `malloc` is called with [`LOCK`] held.
const FORK_RANK: u32 = limpet_start::hooks::rank::MALLOC + 5;

fn lock_for_fork() {
    LOCK.lock();
}

fn unlock_after_fork() {
    // SAFETY: `lock_for_fork` took it in this thread before the fork.
    unsafe { LOCK.unlock() }
}

limpet_start::on_fork!(fn keep_fork_hooks, FORK_RANK, lock_for_fork, unlock_after_fork, unlock_after_fork);

/// Holds [`LOCK`] for its lifetime.
pub struct Guard(());

impl Guard {
    pub fn take() -> Guard {
        keep_fork_hooks();
        LOCK.lock();
        Guard(())
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        // SAFETY: `take` took the lock and this guard is its only release.
        unsafe { LOCK.unlock() }
    }
}
