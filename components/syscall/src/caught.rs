//! Which signals have ever had a handler installed through the C library, so that code
//! which must put caught signals back to `SIG_DFL` (`posix_spawn`'s child, which shares its
//! parent's memory) asks the kernel about those only, not about all 64. limpet-signal's
//! `sigaction` notes each signal it installs a handler for; nothing ever clears a bit, so
//! the set can only be too large, which costs a system call, never a missed handler.
//! A handler installed with a raw `rt_sigaction` system call goes unnoticed, as with musl.
use core::sync::atomic::{AtomicU64, Ordering};

static CAUGHT: AtomicU64 = AtomicU64::new(0);

/// Notes that `sig` (1..=64) may have a handler.
#[inline]
pub fn note(sig: i32) {
    if (1..=64).contains(&sig) {
        CAUGHT.fetch_or(1 << (sig - 1), Ordering::Relaxed);
    }
}

/// The signals that may have a handler: bit `sig - 1` for each.
#[inline]
pub fn set() -> u64 {
    CAUGHT.load(Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    #[test]
    fn notes_accumulate_and_out_of_range_is_ignored() {
        super::note(10);
        super::note(64);
        super::note(0);
        super::note(65);
        let s = super::set();
        assert_ne!(s & (1 << 9), 0);
        assert_ne!(s & (1 << 63), 0);
    }
}
