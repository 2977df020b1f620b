//! `realloc` and `reallocarray`.
use core::ffi::c_void;
use core::ptr::NonNull;

use limpet_syscall::{errno::ENOMEM, set_errno};

use crate::heap;

/// `realloc(ptr, size)`—Resizes the block at `ptr` to `size` bytes, keeping its contents up
/// to the smaller size; the block may move. `realloc(NULL, size)` is `malloc(size)`. As in
/// musl, `realloc(ptr, 0)` returns a live, unique minimal block (possibly `ptr` itself), not
/// NULL. On failure it returns NULL with errno `ENOMEM` and the old block is untouched.
///
/// # Safety
/// `ptr` must be NULL or a live block from this allocator. On success only the returned
/// pointer may be used.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn realloc(ptr: *mut c_void, size: usize) -> *mut c_void {
    match NonNull::new(ptr.cast::<u8>()) {
        // SAFETY: the caller hands over a live block.
        Some(p) => super::or_enomem(unsafe { heap::realloc(p, size) }),
        None => super::malloc::malloc(size),
    }
}

/// `reallocarray(ptr, nmemb, size)`—`realloc(ptr, nmemb * size)`, except that an overflowing
/// product returns NULL with errno `ENOMEM` and leaves the block untouched.
///
/// # Safety
/// As for [`realloc`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn reallocarray(ptr: *mut c_void, nmemb: usize, size: usize) -> *mut c_void {
    match nmemb.checked_mul(size) {
        // SAFETY: forwarded contract.
        Some(n) => unsafe { realloc(ptr, n) },
        None => {
            set_errno(ENOMEM);
            core::ptr::null_mut()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::malloc::{free, malloc};
    use super::super::malloc_usable_size::malloc_usable_size;
    use super::super::test_util::*;
    use super::*;

    #[test]
    fn null_is_malloc_and_zero_gives_a_live_block() {
        // SAFETY: every pointer is live where used and freed once.
        unsafe {
            let p = realloc(core::ptr::null_mut(), 0);
            assert!(!p.is_null());
            let q = malloc(100);
            clear_errno();
            let r = realloc(q, 0);
            assert!(!r.is_null() && r != p);
            assert_eq!(errno(), 0);
            fill(r, malloc_usable_size(r), 1);
            free(r);
            free(p);
        }
    }

    #[test]
    fn failure_keeps_the_block_and_sets_enomem() {
        for n in [10, 100_000] {
            let p = malloc(n);
            // SAFETY: `p` stays live because every realloc fails.
            unsafe {
                fill(p, n, n);
                for huge in [usize::MAX, isize::MAX as usize, 1 << 62] {
                    clear_errno();
                    assert!(realloc(p, huge).is_null());
                    assert_eq!(errno(), ENOMEM);
                }
                clear_errno();
                assert!(reallocarray(p, usize::MAX, 3).is_null());
                assert_eq!(errno(), ENOMEM);
                assert!(holds(p, n, n));
                free(p);
            }
        }
    }

    #[test]
    fn reallocarray_multiplies() {
        // SAFETY: each pointer is used only while live.
        unsafe {
            let p = reallocarray(core::ptr::null_mut(), 10, 12);
            assert!(malloc_usable_size(p) >= 120);
            fill(p, 120, 3);
            let q = reallocarray(p, 1000, 12);
            assert!(malloc_usable_size(q) >= 12_000);
            assert!(holds(q, 120, 3));
            free(q);
        }
    }

    #[test]
    fn randomized_resizes_keep_contents() {
        let mut rng = Rng(0xdead_beef_cafe_f00d);
        let mut live: Vec<(*mut c_void, usize, usize)> = Vec::new();
        for step in 0..20_000 {
            let pick = rng.below(4);
            if live.len() < 200 && (pick == 0 || live.is_empty()) {
                let n = rng.below(2000);
                let p = malloc(n);
                // SAFETY: `p` is live and at least `n` bytes.
                unsafe { fill(p, n, step) };
                live.push((p, n, step));
            } else if pick == 1 {
                let (p, n, id) = live.swap_remove(rng.below(live.len()));
                // SAFETY: `p` is live until freed here.
                unsafe {
                    assert!(holds(p, n, id));
                    free(p);
                }
            } else {
                let i = rng.below(live.len());
                let (p, n, id) = live[i];
                let m = match rng.below(8) {
                    0 => rng.below(400_000),
                    1 => 0,
                    2 => n + 1,
                    _ => rng.below(3000),
                };
                // SAFETY: `p` is live; after success only `q` is used.
                let q = unsafe { realloc(p, m) };
                assert!(!q.is_null());
                assert_eq!(q as usize % 16, 0);
                // SAFETY: `q` is live and at least `m` bytes.
                unsafe {
                    assert!(holds(q, n.min(m), id), "step {step}: {n} -> {m}");
                    assert!(malloc_usable_size(q) >= m);
                    fill(q, m, step);
                }
                live[i] = (q, m, step);
            }
        }
        for (p, n, id) in live {
            // SAFETY: each block is live until freed here.
            unsafe {
                assert!(holds(p, n, id));
                free(p);
            }
        }
    }
}
