//! The aligned allocators: `aligned_alloc`, `memalign`, `posix_memalign` and `valloc`.
use core::ffi::{c_int, c_void};
use core::ptr;

use limpet_syscall::errno::{EINVAL, ENOMEM};
use limpet_syscall::set_errno;

use crate::{heap, os};

/// `aligned_alloc(alignment, size)`—Allocates `size` bytes at an address that is a multiple
/// of `alignment`. As in musl, any power of two is accepted, and so is 0 (meaning no
/// constraint); anything else returns NULL with errno `EINVAL`. Returns NULL with errno
/// `ENOMEM` when memory runs out, or the alignment is too large to be met. The block is freed
/// with `free` and may be resized with `realloc` (which keeps only 16-byte alignment).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn aligned_alloc(alignment: usize, size: usize) -> *mut c_void {
    if alignment & alignment.wrapping_sub(1) != 0 {
        set_errno(EINVAL);
        return ptr::null_mut();
    }
    super::or_enomem(heap::alloc_aligned(alignment.max(1), size))
}

/// `memalign(alignment, size)`—The obsolete name of [`aligned_alloc`], with the same contract.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn memalign(alignment: usize, size: usize) -> *mut c_void {
    aligned_alloc(alignment, size)
}

/// `valloc(size)`—Allocates `size` bytes aligned to the page size; NULL with errno `ENOMEM`
/// when memory runs out.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn valloc(size: usize) -> *mut c_void {
    aligned_alloc(os::page_size(), size)
}

/// `posix_memalign(memptr, alignment, size)`—Allocates `size` bytes aligned to `alignment`
/// and stores the pointer in `*memptr`. Returns 0 on success; `EINVAL` if `alignment` is not
/// a power of two multiple of `sizeof(void *)`; `ENOMEM` when memory runs out. On error
/// `*memptr` is untouched. It never changes errno: POSIX reports its errors through the
/// return value only, and GCC optimises callers on that assumption.
///
/// # Safety
/// `memptr` must be valid for a pointer-sized write.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_memalign(memptr: *mut *mut c_void, alignment: usize, size: usize) -> c_int {
    if alignment < size_of::<*mut c_void>() || !alignment.is_power_of_two() {
        return EINVAL;
    }
    match heap::alloc_aligned(alignment, size) {
        Some(p) => {
            // SAFETY: the caller vouches for `memptr`.
            unsafe { *memptr = p.as_ptr().cast() };
            0
        }
        None => ENOMEM,
    }
}

#[cfg(test)]
mod tests {
    use super::super::malloc::free;
    use super::super::malloc_usable_size::malloc_usable_size;
    use super::super::realloc::realloc;
    use super::super::test_util::*;
    use super::*;

    /// Checks that `p` is a live, writable, `align`-aligned block of `n` bytes, then frees it.
    fn check_and_free(p: *mut c_void, align: usize, n: usize, id: usize) {
        assert!(!p.is_null());
        assert_eq!(p as usize % align.max(16), 0, "align {align}, size {n}");
        // SAFETY: `p` is live until freed here; its usable range is ours.
        unsafe {
            let u = malloc_usable_size(p);
            assert!(u >= n);
            fill(p, u, id);
            assert!(holds(p, u, id));
            free(p);
        }
    }

    #[test]
    fn every_alignment_is_met() {
        let mut id = 0;
        for shift in 4..=16 {
            let align = 1usize << shift;
            for n in [0, 1, 15, 16, 17, align - 1, align, align + 1, 3 * align, 70_000] {
                id += 1;
                check_and_free(aligned_alloc(align, n), align, n, id);
                id += 1;
                check_and_free(memalign(align, n), align, n, id);
                let mut p = ptr::null_mut();
                // SAFETY: `p` is a valid out-parameter.
                assert_eq!(unsafe { posix_memalign(&mut p, align, n) }, 0);
                id += 1;
                check_and_free(p, align, n, id);
            }
        }
        // Beyond the small-block range too.
        for shift in 17..=22 {
            check_and_free(aligned_alloc(1 << shift, 100), 1 << shift, 100, shift);
        }
    }

    #[test]
    fn many_live_aligned_blocks_stay_intact() {
        let mut rng = Rng(42);
        let blocks: Vec<_> = (0..2000)
            .map(|id| {
                let align = 16 << rng.below(9);
                let n = rng.below(5000);
                let p = aligned_alloc(align, n);
                assert_eq!(p as usize % align, 0);
                // SAFETY: `p` is live and `n` bytes long.
                unsafe { fill(p, n, id) };
                (p, n, id)
            })
            .collect();
        for (p, n, id) in blocks {
            // SAFETY: each block is live until freed here.
            unsafe {
                assert!(holds(p, n, id));
                free(p);
            }
        }
    }

    #[test]
    fn small_alignments_are_accepted_like_musl() {
        for align in [0, 1, 2, 4, 8] {
            clear_errno();
            check_and_free(aligned_alloc(align, 24), align, 24, align);
            assert_eq!(errno(), 0);
        }
    }

    #[test]
    fn bad_alignment_is_einval() {
        for align in [3, 6, 24, 48, 100, 4097, usize::MAX] {
            clear_errno();
            assert!(aligned_alloc(align, 16).is_null());
            assert_eq!(errno(), EINVAL);
            clear_errno();
            assert!(memalign(align, 16).is_null());
            assert_eq!(errno(), EINVAL);
        }
    }

    #[test]
    fn impossible_requests_are_enomem() {
        for (align, n) in [
            (1usize << 63, 10),
            (1 << 62, 10),
            (4096, usize::MAX - 100),
            (32, usize::MAX - 8),
            (64, isize::MAX as usize),
        ] {
            clear_errno();
            assert!(aligned_alloc(align, n).is_null(), "{align} {n}");
            assert_eq!(errno(), ENOMEM);
        }
    }

    #[test]
    fn posix_memalign_reports_without_touching_errno_or_memptr() {
        const SENTINEL: i32 = 12345;
        let junk = 0x1000 as *mut c_void;
        for (align, n, want) in [
            (0, 16, EINVAL),
            (4, 16, EINVAL),
            (24, 16, EINVAL),
            (1 << 62, 100, ENOMEM),
            (16, usize::MAX, ENOMEM),
        ] {
            let mut p = junk;
            put_errno(SENTINEL);
            // SAFETY: `p` is a valid out-parameter.
            assert_eq!(unsafe { posix_memalign(&mut p, align, n) }, want);
            assert_eq!(errno(), SENTINEL);
            assert_eq!(p, junk);
        }
        let mut p = ptr::null_mut();
        // SAFETY: as above.
        assert_eq!(unsafe { posix_memalign(&mut p, 8, 0) }, 0);
        check_and_free(p, 8, 0, 0);
    }

    #[test]
    fn valloc_is_page_aligned() {
        for n in [0, 1, 4096, 100_000] {
            check_and_free(valloc(n), os::page_size(), n, n);
        }
    }

    #[test]
    fn realloc_of_aligned_blocks_keeps_contents() {
        for shift in 5..=16 {
            let p = aligned_alloc(1 << shift, 300);
            // SAFETY: each pointer is used only while live.
            unsafe {
                fill(p, 300, shift);
                let q = realloc(p, 200);
                assert!(holds(q, 200, shift));
                let r = realloc(q, 100_000);
                assert!(holds(r, 200, shift));
                assert_eq!(r as usize % 16, 0);
                free(r);
            }
        }
    }
}
