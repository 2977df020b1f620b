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

use limpet_abi::limits::PAGESIZE;
use limpet_abi::resource::{RLIM_INFINITY, RLIMIT_STACK, Rlimit};
use limpet_syscall::auxv::{self, AT_PAGESZ};
use limpet_syscall::{nr, result, syscall4};

use crate::abi::PTHREAD_STACK_MIN;

/// The default when `RLIMIT_STACK` is unlimited.
pub const UNLIMITED_DEFAULT: usize = 8 << 20;

/// The system's page size (x86_64's, should the kernel not say).
pub fn page_size() -> usize {
    auxv::get(AT_PAGESZ).filter(|p| p.is_power_of_two()).unwrap_or(PAGESIZE)
}

/// `x` rounded up to a multiple of `page`, or `None` on overflow.
pub fn round_up(x: usize, page: usize) -> Option<usize> {
    Some(x.checked_add(page - 1)? & !(page - 1))
}

/// The soft `RLIMIT_STACK` limit, or `None` when it is unlimited or cannot be read.
pub fn stack_rlimit() -> Option<usize> {
    let mut lim = Rlimit::default();
    // SAFETY: prlimit64 on the calling process, writing only the local `struct rlimit`.
    let r = unsafe { syscall4(nr::PRLIMIT64, 0, RLIMIT_STACK as usize, 0, &raw mut lim as usize) };
    match result(r) {
        Ok(_) if lim.rlim_cur != RLIM_INFINITY => usize::try_from(lim.rlim_cur).ok(),
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
        let mut lim = Rlimit::default();
        let r = unsafe { libc_getrlimit(&mut lim) };
        assert_eq!(r, 0);
        let want = if lim.rlim_cur == RLIM_INFINITY { None } else { Some(lim.rlim_cur as usize) };
        assert_eq!(stack_rlimit(), want);
        assert_eq!(default_stack_size(), default_for(want, page_size()));
        assert_eq!(default_stack_size() % page_size(), 0);
    }

    /// The host C library's getrlimit, as an independent reference.
    unsafe fn libc_getrlimit(lim: &mut Rlimit) -> i32 {
        unsafe extern "C" {
            fn getrlimit(resource: i32, rlim: *mut Rlimit) -> i32;
        }
        unsafe { getrlimit(RLIMIT_STACK, lim) }
    }
}
