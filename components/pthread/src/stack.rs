//! Stack sizes: the default for new threads, the guard, the page size.
//!
//! **Default stack size.** A thread created without a stack size gets what glibc gives it,
//! so that programs written for glibc do not overflow: the soft `RLIMIT_STACK` limit
//! (`ulimit -s`, usually 8 MiB) when it is finite, rounded up to whole pages and at least
//! `PTHREAD_STACK_MIN` (2048, musl's <limits.h>); 8 MiB when it is unlimited. (musl itself
//! gives 128 KiB.) The limit is read once, at the first `pthread_attr_init` or
//! `pthread_create` that needs it; a later `setrlimit` does not change it. The memory is
//! reserved address space, touched only as the thread uses it, so a large default costs
//! little. `pthread_attr_setstacksize` sets any other size.
//!
//! **Guard.** Below each mapped stack lies one page (by default) with no access, so an
//! overflow faults instead of running into other memory.
use core::sync::atomic::{AtomicUsize, Ordering};

use limpet_syscall::auxv::{self, AT_PAGESZ};
use limpet_syscall::{nr, result, syscall4};

use crate::abi::PTHREAD_STACK_MIN;

/// The default when `RLIMIT_STACK` is unlimited.
pub const UNLIMITED_DEFAULT: usize = 8 << 20;
const FALLBACK_PAGE: usize = 4096;
/// `RLIMIT_STACK` and `RLIM_INFINITY` from <sys/resource.h>.
const RLIMIT_STACK: usize = 3;
const RLIM_INFINITY: u64 = !0;

/// The system's page size.
pub fn page_size() -> usize {
    auxv::get(AT_PAGESZ).filter(|p| p.is_power_of_two()).unwrap_or(FALLBACK_PAGE)
}

/// `x` rounded up to a multiple of `page`, or `None` on overflow.
pub fn round_up(x: usize, page: usize) -> Option<usize> {
    Some(x.checked_add(page - 1)? & !(page - 1))
}

/// The soft `RLIMIT_STACK` limit, or `None` when it is unlimited or cannot be read.
pub fn stack_rlimit() -> Option<usize> {
    // `struct rlimit`: the soft limit, then the hard one.
    let mut lim = [0u64; 2];
    // SAFETY: prlimit64 on the calling process, writing only the local array.
    let r = unsafe { syscall4(nr::PRLIMIT64, 0, RLIMIT_STACK, 0, lim.as_mut_ptr() as usize) };
    match result(r) {
        Ok(_) if lim[0] != RLIM_INFINITY => usize::try_from(lim[0]).ok(),
        _ => None,
    }
}

/// The default stack size from a soft limit (see the module docs).
fn default_for(limit: Option<usize>, page: usize) -> usize {
    match limit {
        Some(l) => round_up(l.max(PTHREAD_STACK_MIN), page).unwrap_or(UNLIMITED_DEFAULT),
        None => UNLIMITED_DEFAULT,
    }
}

static DEFAULT_STACK: AtomicUsize = AtomicUsize::new(0);

/// The stack size of a thread created without one (see the module docs).
pub fn default_stack_size() -> usize {
    match DEFAULT_STACK.load(Ordering::Relaxed) {
        0 => {
            let size = default_for(stack_rlimit(), page_size());
            DEFAULT_STACK.store(size, Ordering::Relaxed);
            size
        }
        size => size,
    }
}

/// One more than the guard size `pthread_setattr_default_np` set; 0 while it has set none.
static DEFAULT_GUARD_PLUS_ONE: AtomicUsize = AtomicUsize::new(0);

/// The default guard size: one page, unless `pthread_setattr_default_np` set another.
pub fn default_guard_size() -> usize {
    match DEFAULT_GUARD_PLUS_ONE.load(Ordering::Relaxed) {
        0 => page_size(),
        g => g - 1,
    }
}

/// Makes `stack` and `guard` the sizes of threads created without attributes
/// (`pthread_setattr_default_np`).
pub fn set_defaults(stack: usize, guard: usize) {
    DEFAULT_STACK.store(stack, Ordering::Relaxed);
    DEFAULT_GUARD_PLUS_ONE.store(guard.saturating_add(1), Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_follows_the_soft_limit() {
        assert_eq!(default_for(None, 4096), 8 << 20);
        assert_eq!(default_for(Some(8 << 20), 4096), 8 << 20);
        assert_eq!(default_for(Some(100_000), 4096), 102_400);
        assert_eq!(default_for(Some(10), 4096), 4096);
        assert_eq!(default_for(Some(0), 65536), 65536);
        assert_eq!(default_for(Some(usize::MAX), 4096), 8 << 20);
    }

    #[test]
    fn reads_this_process_limit() {
        let mut lim = [0u64; 2];
        let r = unsafe { libc_getrlimit(&mut lim) };
        assert_eq!(r, 0);
        let want = if lim[0] == RLIM_INFINITY { None } else { Some(lim[0] as usize) };
        assert_eq!(stack_rlimit(), want);
        assert_eq!(default_stack_size(), default_for(want, page_size()));
        assert_eq!(default_stack_size() % page_size(), 0);
    }

    /// The host C library's getrlimit, as an independent reference.
    unsafe fn libc_getrlimit(lim: &mut [u64; 2]) -> i32 {
        unsafe extern "C" {
            fn getrlimit(resource: i32, rlim: *mut u64) -> i32;
        }
        unsafe { getrlimit(RLIMIT_STACK as i32, lim.as_mut_ptr()) }
    }
}
