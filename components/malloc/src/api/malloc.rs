//! `malloc` and `free`.
use core::ffi::c_void;
use core::ptr::NonNull;

use crate::heap;

/// `malloc(size)`—Allocates `size` bytes, aligned to 16. As in musl, `malloc(0)` returns a
/// unique pointer that can be freed. Returns NULL with errno `ENOMEM` when memory runs out or
/// `size` is too large ever to succeed.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn malloc(size: usize) -> *mut c_void {
    super::or_enomem(heap::alloc(size))
}

/// `free(ptr)`—Releases a block from `malloc`, `calloc`, `realloc` or the aligned allocators.
/// `free(NULL)` does nothing. A pointer the heap did not hand out, or one freed twice, stops
/// the program when the heap can tell.
///
/// # Safety
/// `ptr` must be NULL or a live block from this allocator; it may not be used afterwards.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn free(ptr: *mut c_void) {
    if let Some(p) = NonNull::new(ptr.cast::<u8>()) {
        // SAFETY: the caller hands over a live block.
        unsafe { heap::free(p) }
    }
}

#[cfg(test)]
mod tests {
    use super::super::malloc_usable_size::malloc_usable_size;
    use super::super::test_util::*;
    use super::*;
    use limpet_syscall::errno::ENOMEM;

    #[test]
    fn zero_size_gives_distinct_live_pointers() {
        let ps: Vec<_> = (0..100).map(|_| malloc(0)).collect();
        for (i, &p) in ps.iter().enumerate() {
            assert!(!p.is_null());
            assert_eq!(p as usize % 16, 0);
            assert!(ps[..i].iter().all(|&q| q != p));
        }
        // SAFETY: each pointer is freed once.
        ps.into_iter().for_each(|p| unsafe { free(p) });
    }

    #[test]
    fn free_null_is_a_no_op() {
        clear_errno();
        // SAFETY: NULL is always accepted.
        unsafe { free(core::ptr::null_mut()) };
        assert_eq!(errno(), 0);
    }

    #[test]
    fn every_size_is_aligned_usable_and_writable() {
        let sizes = (0..=300).chain((1..=18).map(|s| (1 << s) - 1)).chain((1..=18).map(|s| (1 << s) + 1));
        for (id, n) in sizes.enumerate() {
            let p = malloc(n);
            assert!(!p.is_null());
            assert_eq!(p as usize % 16, 0, "size {n}");
            // SAFETY: `p` is live; the usable range is ours to write.
            unsafe {
                let u = malloc_usable_size(p);
                assert!(u >= n, "size {n}");
                fill(p, u, id);
                assert!(holds(p, u, id));
                free(p);
            }
        }
    }

    #[test]
    fn impossible_sizes_fail_with_enomem() {
        for n in [
            usize::MAX,
            usize::MAX - 4095,
            isize::MAX as usize,
            isize::MAX as usize - 100_000,
            1 << 62,
            1 << 56,
        ] {
            clear_errno();
            assert!(malloc(n).is_null(), "size {n:#x}");
            assert_eq!(errno(), ENOMEM);
        }
    }

    #[test]
    fn success_leaves_errno_alone() {
        clear_errno();
        let p = malloc(12345);
        assert!(!p.is_null());
        // SAFETY: `p` is live.
        unsafe { free(p) };
        assert_eq!(errno(), 0);
    }

    #[test]
    fn randomized_alloc_free_keeps_contents() {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        let mut live: Vec<(*mut c_void, usize, usize)> = Vec::new();
        for id in 0..20_000 {
            if live.len() < 500 && rng.below(3) != 0 {
                // Mostly small sizes, with a tail of large ones.
                let n = match rng.below(10) {
                    0 => rng.below(300_000),
                    1..=3 => rng.below(4096),
                    _ => rng.below(256),
                };
                let p = malloc(n);
                assert!(!p.is_null());
                // SAFETY: `p` is a live block of at least `n` bytes.
                unsafe { fill(p, n, id) };
                live.push((p, n, id));
            } else if !live.is_empty() {
                let (p, n, id) = live.swap_remove(rng.below(live.len()));
                // SAFETY: `p` is live until freed here.
                unsafe {
                    assert!(holds(p, n, id), "block {id} of {n} bytes was overwritten");
                    free(p);
                }
            }
        }
        for (p, n, id) in live {
            // SAFETY: as above.
            unsafe {
                assert!(holds(p, n, id));
                free(p);
            }
        }
    }
}
