//! The fast allocator (feature `malloc-fast`), in mimalloc's manner: every thread has a heap
//! of its own (`thread_heap`, found through the thread pointer by `thread`), with a list of
//! pages per size class (`page`), carved from 4 MiB segments (`segment`) over the OS layer.
//! Allocating and freeing a block of the calling thread's heap takes no lock and no atomic
//! read-modify-write: pop or push on the page's free list. A block freed by another thread
//! goes on its page's remote list, which the owner collects when its own list runs dry.
//! Large requests get a mapping of their own with a header (`large`), resized with `mremap`.
//!
//! This is the Rust API every allocator of this crate offers. It never touches errno:
//! failure is `None`, and the C functions in `api/` add the C contract.
use core::ptr::{self, NonNull};

mod block;
mod class;
mod large;
mod page;
mod segment;
mod thread;
mod thread_heap;

use block::{ALIGNED, Block, LARGE, corrupt, header};
use class::{GRANULE, MAX_SMALL, class_of};
use page::Page;
use segment::{SEGMENT, is_segment, page_of};

/// The alignment of every pointer the allocator returns without being asked for more.
pub const MIN_ALIGN: usize = GRANULE;

#[inline(always)]
pub(crate) fn alloc_block(n: usize) -> Option<Block> {
    if n > MAX_SMALL {
        return large::alloc(n);
    }
    let c = class_of(n);
    let h = thread::current();
    if !h.is_null() {
        // SAFETY: the heap is the calling thread's; its class heads are pages it owns or
        // the sentinel, whose free list is always empty. `class_of` is below NUM_CLASSES for
        // sizes up to MAX_SMALL.
        unsafe {
            let page = *(*h).pages.get_unchecked(c);
            if !(*page).free.is_null() {
                return Some(Block { ptr: NonNull::new_unchecked((*page).pop()), zeroed: false });
            }
            // Then the page's never-used tail (the sentinel has none, so it is never written),
            // unless other threads have freed blocks here: reusing those first keeps the
            // touched part of the page, and so RSS, small.
            let b = (*page).bump;
            if b != (*page).end && (*page).remote.load(core::sync::atomic::Ordering::Relaxed).is_null() {
                (*page).bump = b + (*page).block_size as usize;
                (*page).used += 1;
                return Some(Block { ptr: NonNull::new_unchecked(b as *mut u8), zeroed: !(*page).dirty });
            }
        }
    }
    alloc_slow(h, c)
}

#[cold]
#[inline(never)]
fn alloc_slow(h: *mut thread_heap::Heap, c: usize) -> Option<Block> {
    let h = if h.is_null() { thread::claim()? } else { h };
    // SAFETY: the heap is the calling thread's.
    unsafe { (*h).alloc_slow(c) }
}

pub use crate::front::{alloc, alloc_zeroed};

/// Allocates at least `n` bytes aligned to `align`, which must be a power of two.
///
/// Above [`MIN_ALIGN`], it allocates enough to find an aligned spot inside an ordinary
/// block. In a page, the page is marked so that `free` rounds pointers down to their block;
/// in a large block, an `ALIGNED` header at the spot points back at the block.
pub fn alloc_aligned(align: usize, n: usize) -> Option<NonNull<u8>> {
    debug_assert!(align.is_power_of_two());
    if align <= MIN_ALIGN {
        return alloc(n);
    }
    // At least one byte, so that the aligned spot lies inside the block: at its very end it
    // would be taken for the next block, or for whatever follows a large block's mapping.
    let inner = alloc(n.max(1).checked_add(align - MIN_ALIGN)?)?;
    let offset = inner.as_ptr().align_offset(align);
    if offset == 0 {
        return Some(inner);
    }
    let addr = inner.as_ptr() as usize;
    // SAFETY: `offset + n` bytes fit in the block; a page of ours is ours to mark, and a
    // large block's header goes inside its payload, at least HEADER past its start.
    unsafe {
        let p = inner.add(offset);
        if is_segment(addr & !(SEGMENT - 1)) {
            (*page_of(addr & !(SEGMENT - 1), addr)).has_aligned.store(true, core::sync::atomic::Ordering::Relaxed);
        } else {
            header(p).write(block::Header { word: offset, kind: ALIGNED });
        }
        Some(p)
    }
}

/// The page holding `p`, or `None` for a pointer outside every segment. A page that is not
/// in use stops the program.
///
/// # Safety
/// `p` must be a live block from this allocator.
#[inline(always)]
unsafe fn page_for(p: NonNull<u8>) -> Option<*mut Page> {
    let addr = p.as_ptr() as usize;
    let seg = addr & !(SEGMENT - 1);
    if !is_segment(seg) {
        return None;
    }
    // SAFETY: the segment is live and holds `addr`.
    let page = unsafe { page_of(seg, addr) };
    // SAFETY: page headers stay readable while their segment is mapped.
    if unsafe { (*page).block_size } == 0 {
        corrupt(p);
    }
    Some(page)
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
/// `p` must have come from this allocator and not be freed yet. A pointer in no segment
/// and without a valid header, or in a page not in use, stops the program.
#[inline]
pub unsafe fn free(p: NonNull<u8>) {
    // SAFETY: `p` is a live block: its page, or else its header, is readable.
    unsafe {
        let Some(page) = page_for(p) else { return free_large(p) };
        let h = thread::current();
        if (*page).heap.load(core::sync::atomic::Ordering::Relaxed) != h {
            return thread_heap::free_remote(page, p.as_ptr() as usize);
        }
        if (*page).used == 0 {
            corrupt(p);
        }
        (*h).free_local(page, (*page).block_start(p.as_ptr() as usize) as *mut u8);
    }
}

/// Frees a block outside the segments: a large block, or an aligned pointer into one.
///
/// # Safety
/// As for [`free`].
#[cold]
unsafe fn free_large(p: NonNull<u8>) {
    // SAFETY: `p` is a live block outside the segments, so it has a header.
    unsafe {
        match (*header(p)).kind {
            LARGE => large::free(p),
            ALIGNED => free(outer(p).0),
            _ => corrupt(p),
        }
    }
}

/// The bytes from `p` to the end of its block in `page`.
///
/// # Safety
/// `p` must be a live block (or an aligned pointer into one) of `page`.
#[inline]
unsafe fn in_page_usable(page: *mut Page, p: NonNull<u8>) -> usize {
    let addr = p.as_ptr() as usize;
    // SAFETY: the page is in use while it holds `p`.
    unsafe { (*page).block_size as usize - (addr - (*page).block_start(addr)) }
}

/// How many bytes, from `p` on, the caller may use: at least what was asked for.
///
/// # Safety
/// `p` must be a live block from this allocator.
pub unsafe fn usable_size(p: NonNull<u8>) -> usize {
    // SAFETY: `p` is a live block: its page, or else its header, is readable.
    unsafe {
        if let Some(page) = page_for(p) {
            return in_page_usable(page, p);
        }
        match (*header(p)).kind {
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
        let usable = match page_for(p) {
            Some(page) => in_page_usable(page, p),
            None if (*header(p)).kind == LARGE && n > MAX_SMALL => return large::resize(p, n),
            None => usable_size(p),
        };
        // Stay put unless the block would end up more than half empty.
        if n <= usable && n.max(GRANULE) > usable / 2 {
            return Some(p);
        }
        // A small block that grows gets half as much again as it had, so a buffer grown a
        // little at a time moves a logarithmic number of times, not once per size class.
        let want = if n > usable && n <= MAX_SMALL { n.max(usable + usable / 2).min(MAX_SMALL) } else { n };
        match alloc(want).or_else(|| if want > n { alloc(n) } else { None }) {
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

// The child of a multithreaded parent must find the pool and registry unlocked and whole.
limpet_start::on_fork!(
    pub(crate) fn keep_fork_hooks,
    limpet_start::hooks::rank::MALLOC,
    thread::lock_for_fork,
    thread::unlock_after_fork_parent,
    thread::unlock_after_fork_child
);

/// Takes the heap's locks as the fork hooks do, for tests that fork.
#[cfg(test)]
pub(crate) fn test_fork_prepare() {
    thread::lock_for_fork();
}

/// Releases them after the fork, in the parent or the child.
#[cfg(test)]
pub(crate) fn test_fork_done(child: bool) {
    if child { thread::unlock_after_fork_child() } else { thread::unlock_after_fork_parent() }
}

#[cfg(test)]
mod tests;
