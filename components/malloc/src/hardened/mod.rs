//! The hardened allocator (feature `malloc-hardened`): compact, and hard to corrupt.
//!
//! Slots of one size class live in *groups*, runs of whole pages (`class`, `group`, `pages`).
//! What describes a group (its class, which slots are free, where it is) lives out of band,
//! in metas that share their pages with nothing else (`meta`). In band there is only a
//! 16-byte group header, whose word names the group's meta, and an 8-byte header under each
//! payload; both carry a check keyed by a per-process secret (`header`). Every `free`,
//! `realloc` and `malloc_usable_size` trusts a pointer only once its header, the group word
//! and the meta agree, the slot is in use, and the byte after the requested size and the next
//! slot's header are intact (`state::locate`); otherwise it prints one line and ends the
//! process with SIGABRT (`fault`). Blocks above 64 KiB get a mapping of their own (`large`).
//! One futex lock guards everything: it costs plain loads and stores while the process has a
//! single thread.
//!
//! This is the Rust API every allocator of this crate offers. It never touches errno:
//! failure is `None`, and the C functions in `api/` add the C contract.
use core::ptr::NonNull;

use limpet_start::lock::{Mutex, MutexGuard};

mod class;
mod group;
mod header;
mod state;
mod large;
mod meta;
mod pages;

/// The alignment of every pointer the allocator returns without being asked for more.
pub const MIN_ALIGN: usize = class::UNIT;

static HEAP: Mutex<state::Heap> = Mutex::new(state::Heap::new());

/// A freshly allocated block, and whether its payload is known to be all zero (memory
/// straight from the kernel is), which lets `calloc` skip clearing it.
pub struct Block {
    pub ptr: NonNull<u8>,
    pub zeroed: bool,
}

/// The heap, locked; on the way, a reference that keeps its fork hooks in a static link (see
/// `limpet_start::hooks`).
#[inline(always)]
fn heap() -> MutexGuard<'static, state::Heap> {
    keep_fork_hooks();
    HEAP.lock()
}

#[inline]
pub(crate) fn alloc_block(n: usize) -> Option<Block> {
    heap().alloc(n)
}

pub use crate::front::{alloc, alloc_zeroed};

/// Allocates at least `n` bytes aligned to `align`, which must be a power of two.
pub fn alloc_aligned(align: usize, n: usize) -> Option<NonNull<u8>> {
    debug_assert!(align.is_power_of_two());
    NonNull::new(heap().alloc_aligned(align, n)? as *mut u8)
}

/// Frees the block at `p`.
///
/// # Safety
/// `p` must have come from this allocator and not be freed yet. Anything else (a second
/// free, a pointer it never returned) ends the process with SIGABRT, as does a block whose
/// end or neighbour was overwritten, as long as the 8 bytes under `p` are readable.
pub unsafe fn free(p: NonNull<u8>) {
    // SAFETY: forwarded contract; the heap checks the pointer before trusting it.
    unsafe { heap().free(p.as_ptr() as usize) }
}

/// The size asked for when the block at `p` was allocated or last resized: as musl's
/// mallocng, the allocator keeps the exact size, and the byte after it is its check byte.
///
/// # Safety
/// As for [`free`].
pub unsafe fn usable_size(p: NonNull<u8>) -> usize {
    // SAFETY: as for free.
    unsafe { heap().usable_size(p.as_ptr() as usize) }
}

/// Resizes the block at `p` to `n` bytes, keeping the first `min(n, old size)` bytes; it may
/// move. On `None` the block is untouched and still owned by the caller.
///
/// # Safety
/// As for [`free`]. On success only the returned pointer may be used.
pub unsafe fn realloc(p: NonNull<u8>, n: usize) -> Option<NonNull<u8>> {
    // SAFETY: as for free.
    NonNull::new(unsafe { heap().realloc(p.as_ptr() as usize, n) }? as *mut u8)
}

/// Takes the heap lock before `fork`, so that the child does not inherit a heap that another
/// thread was halfway through changing. [`unlock_after_fork`] must follow in both processes.
pub fn lock_for_fork() {
    MutexGuard::leak(HEAP.lock());
}

/// Releases the lock [`lock_for_fork`] took; in the child, the forking thread is the only one
/// left, so this leaves the heap usable there.
///
/// # Safety
/// Must pair with a preceding [`lock_for_fork`] in this thread (or, in the child, in the
/// thread that forked).
pub unsafe fn unlock_after_fork() {
    // SAFETY: the caller holds the lock through `lock_for_fork`.
    unsafe { HEAP.force_unlock() }
}

fn unlock_after_fork_hook() {
    // SAFETY: the fork hooks run this only after lock_for_fork, on the forking thread.
    unsafe { unlock_after_fork() }
}

// The child of a multithreaded parent must find the heap unlocked and whole.
limpet_start::on_fork!(
    fn keep_fork_hooks,
    limpet_start::hooks::rank::MALLOC,
    lock_for_fork,
    unlock_after_fork_hook,
    unlock_after_fork_hook
);

#[cfg(test)]
mod tests;

#[cfg(test)]
mod corruption_tests;

/// Takes the heap's lock as the fork hooks do, for tests that fork.
#[cfg(test)]
pub(crate) fn test_fork_prepare() {
    lock_for_fork();
}

/// Releases it after the fork, in the parent or the child.
#[cfg(test)]
pub(crate) fn test_fork_done(_child: bool) {
    // SAFETY: taken by `test_fork_prepare` before the fork.
    unsafe { unlock_after_fork() };
}
