//! The simple allocator (feature `malloc-simple`): small requests come from size classes
//! (`class`) with a free list each, carved from 1 MiB chunks (`small`), all under one
//! global futex lock; large requests get a mapping of their own (`large`) and need no lock.
//! Every block has a 16-byte header (`block`) saying which kind it is.
//!
//! This is the Rust API every allocator of this crate offers. It never touches errno:
//! failure is `None`, and the C functions in `api/` add the C contract.
use core::ptr::{self, NonNull};

use crate::lock::Mutex;

mod block;
mod class;
mod large;
mod small;

use block::{ALIGNED, Block, LARGE, SMALL, corrupt, header};
use class::{GRANULE, MAX_SMALL, class_of, class_size};

/// The alignment of every pointer the allocator returns without being asked for more.
pub const MIN_ALIGN: usize = GRANULE;

static HEAP: Mutex<small::Heap> = Mutex::new(small::Heap::new());

/// The heap, locked; on the way, a reference that keeps its fork hooks in a static link (see
/// `limpet_pthread::hooks`).
#[inline]
fn heap() -> crate::lock::MutexGuard<'static, small::Heap> {
    keep_fork_hooks();
    HEAP.lock()
}

#[inline]
pub(crate) fn alloc_block(n: usize) -> Option<Block> {
    if n <= MAX_SMALL { heap().alloc(class_of(n)) } else { large::alloc(n) }
}

pub use crate::front::{alloc, alloc_zeroed};

/// Allocates at least `n` bytes aligned to `align`, which must be a power of two.
///
/// Above [`MIN_ALIGN`], it allocates enough to find an aligned spot inside an ordinary block
/// and puts an `ALIGNED` header there, pointing back at the block; `free` follows it.
pub fn alloc_aligned(align: usize, n: usize) -> Option<NonNull<u8>> {
    debug_assert!(align.is_power_of_two());
    if align <= MIN_ALIGN {
        return alloc(n);
    }
    // The block's payload is MIN_ALIGN-aligned, so the aligned spot is at most
    // `align - MIN_ALIGN` further on, and when it is not at the start it is at least
    // HEADER further on, leaving room for the header.
    let inner = alloc(n.checked_add(align - MIN_ALIGN)?)?;
    let offset = inner.as_ptr().align_offset(align);
    if offset == 0 {
        return Some(inner);
    }
    // SAFETY: `offset + n` bytes fit in the block, and the header lies inside its payload.
    unsafe {
        let p = inner.add(offset);
        header(p).write(block::Header { word: offset, kind: ALIGNED });
        Some(p)
    }
}

/// The block that holds the [`ALIGNED`] pointer `p`, and how far into it `p` lies.
///
/// # Safety
/// `p` must be a live pointer with an [`ALIGNED`] header.
#[inline]
unsafe fn outer(p: NonNull<u8>) -> (NonNull<u8>, usize) {
    // SAFETY: the header records the distance back to the holding block.
    unsafe {
        let offset = (*header(p)).word;
        (p.sub(offset), offset)
    }
}

/// Frees the block at `p`.
///
/// # Safety
/// `p` must have come from this allocator and not be freed yet. A pointer that carries no
/// valid header stops the program.
pub unsafe fn free(p: NonNull<u8>) {
    // SAFETY: `p` is a live block, so its header is readable.
    unsafe {
        match (*header(p)).kind {
            SMALL => heap().free(p),
            LARGE => large::free(p),
            ALIGNED => free(outer(p).0),
            _ => corrupt(p),
        }
    }
}

/// How many bytes, from `p` on, the caller may use: at least what was asked for.
///
/// # Safety
/// `p` must be a live block from this allocator.
pub unsafe fn usable_size(p: NonNull<u8>) -> usize {
    // SAFETY: `p` is a live block, so its header is readable.
    unsafe {
        let h = header(p);
        match (*h).kind {
            SMALL => class_size((*h).word),
            LARGE => large::usable_size(p),
            ALIGNED => {
                let (q, offset) = outer(p);
                usable_size(q) - offset
            }
            _ => corrupt(p),
        }
    }
}

/// Resizes the block at `p` to `n` bytes, keeping the first `min(n, old size)` bytes; it may
/// move. On `None` the block is untouched and still owned by the caller.
///
/// # Safety
/// `p` must be a live block from this allocator. On success only the returned pointer may
/// be used.
pub unsafe fn realloc(p: NonNull<u8>, n: usize) -> Option<NonNull<u8>> {
    // SAFETY: `p` is a live block; every pointer below is used only while its block lives.
    unsafe {
        if (*header(p)).kind == LARGE && n > MAX_SMALL {
            return large::resize(p, n);
        }
        let usable = usable_size(p);
        // Stay put unless the block would end up more than half empty.
        if n <= usable && n.max(GRANULE) > usable / 2 {
            return Some(p);
        }
        match alloc(n) {
            Some(q) => {
                ptr::copy_nonoverlapping(p.as_ptr(), q.as_ptr(), n.min(usable));
                free(p);
                Some(q)
            }
            // A shrink can always be done by keeping the block.
            None if n <= usable => Some(p),
            None => None,
        }
    }
}

/// Takes the heap lock before `fork`, so that the child does not inherit a heap that another
/// thread was halfway through changing. [`unlock_after_fork`] must follow in both processes.
pub fn lock_for_fork() {
    HEAP.lock().leak();
}

/// Releases the lock [`lock_for_fork`] took; in the child, the forking thread is the only one
/// left, so this leaves the heap usable there.
///
/// # Safety
/// Must pair with a preceding [`lock_for_fork`] in this thread (or, in the child, in the
/// thread that forked).
pub unsafe fn unlock_after_fork() {
    // SAFETY: the caller holds the lock through `lock_for_fork`.
    unsafe { HEAP.unlock() }
}

fn unlock_after_fork_hook() {
    // SAFETY: the fork hooks run this only after lock_for_fork, on the forking thread.
    unsafe { unlock_after_fork() }
}

// The child of a multithreaded parent must find the heap unlocked and whole.
limpet_pthread::on_fork!(
    fn keep_fork_hooks,
    limpet_pthread::hooks::rank::MALLOC,
    lock_for_fork,
    unlock_after_fork_hook,
    unlock_after_fork_hook
);

#[cfg(test)]
mod tests {
    use super::*;

    fn fill(p: NonNull<u8>, n: usize, seed: u8) {
        // SAFETY: the callers pass a live block of at least `n` bytes.
        unsafe { p.write_bytes(seed, n) };
    }

    fn check(p: NonNull<u8>, n: usize, seed: u8) -> bool {
        // SAFETY: as for fill.
        unsafe { core::slice::from_raw_parts(p.as_ptr(), n).iter().all(|&b| b == seed) }
    }

    #[test]
    fn aligned_blocks_resolve_to_their_holders() {
        for shift in 5..=20 {
            let align = 1usize << shift;
            for n in [0, 1, 100, 5000, 70_000] {
                let p = alloc_aligned(align, n).unwrap();
                assert_eq!(p.as_ptr() as usize % align, 0);
                // SAFETY: `p` is live until freed at the end.
                unsafe {
                    let u = usable_size(p);
                    assert!(u >= n);
                    fill(p, u, shift as u8);
                    assert!(check(p, u, shift as u8));
                    free(p);
                }
            }
        }
    }

    #[test]
    fn realloc_keeps_small_blocks_in_place_when_it_can() {
        let p = alloc(1000).unwrap();
        // SAFETY: each pointer is used only while live.
        unsafe {
            let u = usable_size(p);
            assert_eq!(realloc(p, u), Some(p));
            assert_eq!(realloc(p, u / 2 + 1), Some(p));
            fill(p, 10, 9);
            let q = realloc(p, 10).unwrap();
            assert_ne!(q, p);
            assert!(usable_size(q) < u);
            assert!(check(q, 10, 9));
            free(q);
        }
    }

    #[test]
    fn realloc_crosses_between_small_and_large() {
        let p = alloc(1000).unwrap();
        fill(p, 1000, 0x42);
        // SAFETY: each pointer is used only while live.
        unsafe {
            let q = realloc(p, 1 << 20).unwrap();
            assert_eq!((*header(q)).kind, LARGE);
            assert!(check(q, 1000, 0x42));
            fill(q, 1 << 20, 0x43);
            let r = realloc(q, 3 << 20).unwrap();
            assert!(check(r, 1 << 20, 0x43));
            let s = realloc(r, 100).unwrap();
            assert_eq!((*header(s)).kind, SMALL);
            assert!(check(s, 100, 0x43));
            free(s);
        }
    }

    #[test]
    fn failed_realloc_leaves_block_alone() {
        let p = alloc(64).unwrap();
        fill(p, 64, 5);
        // SAFETY: `p` stays live because the realloc fails.
        unsafe {
            assert!(realloc(p, usize::MAX).is_none());
            assert!(realloc(p, isize::MAX as usize).is_none());
            assert!(check(p, 64, 5));
            let q = alloc(1 << 20).unwrap();
            assert!(realloc(q, 1 << 62).is_none());
            free(q);
            free(p);
        }
    }

    #[test]
    fn zeroed_blocks_are_zero_even_when_recycled() {
        for n in [1, 48, 1000, 65536, 100_000] {
            let p = alloc(n).unwrap();
            fill(p, n, 0xff);
            // SAFETY: `p` is freed once; its memory may be handed out again.
            unsafe { free(p) };
            let q = alloc_zeroed(n).unwrap();
            assert!(check(q, n, 0));
            // SAFETY: `q` is live.
            unsafe { free(q) };
        }
    }

    #[test]
    fn fork_lock_pair_leaves_heap_usable() {
        lock_for_fork();
        // SAFETY: paired with the call above, in this thread.
        unsafe { unlock_after_fork() };
        let p = alloc(10).unwrap();
        // SAFETY: `p` is live.
        unsafe { free(p) };
    }

    #[test]
    #[should_panic(expected = "invalid or double free")]
    fn foreign_pointer_is_caught() {
        let mut buf = [0u128; 4];
        // SAFETY: the header read is within `buf`; the bad kind must stop us before anything
        // else happens.
        unsafe { free(NonNull::new_unchecked(buf.as_mut_ptr().add(2).cast())) };
    }
}
