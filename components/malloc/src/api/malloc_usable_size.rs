//! `malloc_usable_size`.
use core::ffi::c_void;
use core::ptr::NonNull;

use crate::heap;

/// `malloc_usable_size(ptr)`—Returns how many bytes at `ptr` the caller may use: at least what
/// was asked for, often more, since blocks come in size classes. Returns 0 for NULL.
///
/// # Safety
/// `ptr` must be NULL or a live block from this allocator.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn malloc_usable_size(ptr: *mut c_void) -> usize {
    match NonNull::new(ptr.cast::<u8>()) {
        // SAFETY: the caller passes a live block.
        Some(p) => unsafe { heap::usable_size(p) },
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::super::calloc::calloc;
    use super::super::malloc::{free, malloc};
    use super::super::realloc::realloc;
    use super::super::test_util::*;
    use super::*;

    #[test]
    fn null_is_zero() {
        // SAFETY: NULL is accepted.
        assert_eq!(unsafe { malloc_usable_size(core::ptr::null_mut()) }, 0);
    }

    #[test]
    fn covers_the_request_without_much_slack() {
        for n in (0..70_000).step_by(7).chain([1 << 20, 10 << 20]) {
            let p = malloc(n);
            // SAFETY: `p` is live until freed; its usable range is ours.
            unsafe {
                let u = malloc_usable_size(p);
                assert!(u >= n && u <= n + n / 4 + 4096, "size {n} -> {u}");
                fill(p, u, n);
                assert!(holds(p, u, n));
                free(p);
            }
        }
    }

    #[test]
    fn follows_realloc_and_calloc() {
        // SAFETY: each pointer is used only while live.
        unsafe {
            let p = calloc(3, 100);
            assert!(malloc_usable_size(p) >= 300);
            let q = realloc(p, 50_000);
            assert!(malloc_usable_size(q) >= 50_000);
            let r = realloc(q, 5_000_000);
            assert!(malloc_usable_size(r) >= 5_000_000);
            fill(r, malloc_usable_size(r), 8);
            free(r);
        }
    }
}
