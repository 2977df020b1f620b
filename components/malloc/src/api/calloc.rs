//! `calloc`.
use core::ffi::c_void;

use crate::heap;

/// `calloc(nmemb, size)`—Allocates an array of `nmemb` elements of `size` bytes, all zero.
/// Returns NULL with errno `ENOMEM` when `nmemb * size` overflows or memory runs out.
/// `calloc(0, n)` returns a unique pointer, as `malloc(0)` does.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn calloc(nmemb: usize, size: usize) -> *mut c_void {
    super::or_enomem(nmemb.checked_mul(size).and_then(heap::alloc_zeroed))
}

#[cfg(test)]
mod tests {
    use super::super::malloc::{free, malloc};
    use super::super::test_util::*;
    use super::*;
    use limpet_syscall::errno::ENOMEM;

    #[test]
    fn overflow_fails_with_enomem() {
        for (m, n) in [
            (usize::MAX, 2),
            (2, usize::MAX),
            (1 << 32, 1 << 32),
            (usize::MAX / 2 + 1, 2),
            (1 << 40, 1 << 23),
        ] {
            clear_errno();
            assert!(calloc(m, n).is_null(), "{m} * {n}");
            assert_eq!(errno(), ENOMEM);
        }
    }

    #[test]
    fn zero_elements_give_a_unique_pointer() {
        let a = calloc(0, 8);
        let b = calloc(8, 0);
        assert!(!a.is_null() && !b.is_null() && a != b);
        // SAFETY: both are live.
        unsafe {
            free(a);
            free(b);
        }
    }

    #[test]
    fn recycled_memory_comes_back_zeroed() {
        // Dirty many blocks of each size, free them, then calloc the same sizes: the free
        // lists hand the dirty blocks back.
        for n in [1, 16, 17, 100, 128, 129, 1000, 4096, 40_000, 65_536, 65_537, 300_000] {
            let dirty: Vec<_> = (0..16).map(|_| malloc(n)).collect();
            for &p in &dirty {
                // SAFETY: each block is live and at least `n` bytes.
                unsafe { p.cast::<u8>().write_bytes(0xee, n) };
            }
            // SAFETY: each block is freed once.
            dirty.into_iter().for_each(|p| unsafe { free(p) });
            for _ in 0..16 {
                let p = calloc(1, n);
                assert!(!p.is_null());
                // SAFETY: `p` is live and `n` bytes long.
                unsafe {
                    assert!(
                        core::slice::from_raw_parts(p.cast::<u8>(), n).iter().all(|&b| b == 0),
                        "size {n}"
                    );
                    free(p);
                }
            }
        }
    }

    #[test]
    fn array_sizes_multiply() {
        let p = calloc(1000, 33);
        // SAFETY: `p` is live and 33000 bytes long.
        unsafe {
            assert!(core::slice::from_raw_parts(p.cast::<u8>(), 33_000).iter().all(|&b| b == 0));
            fill(p, 33_000, 7);
            free(p);
        }
    }
}
