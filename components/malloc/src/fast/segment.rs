//! Segments: 4 MiB of address space aligned to 4 MiB, cut into pages of one size, with the
//! pages' bookkeeping in a header at the start. Any pointer into a segment finds its page by
//! masking and shifting, so small blocks need no header.
//!
//! Small segments have 64 pages of 64 KiB, for classes up to 8 KiB; medium segments have
//! 8 pages of 512 KiB for the rest, so every page holds at least 7 blocks. Pages come from a
//! global pool under one lock: a heap takes one when a class runs out, which happens once
//! per page of blocks. A page whose blocks are all free goes back to the pool. Up to
//! [`DIRTY_MAX`] bytes of such pages keep their memory, so a program that frees and
//! allocates again does not pay a system call and page faults each time; beyond that the
//! memory is released (`MADV_DONTNEED`, so it reads as zero again and costs no RSS). An
//! empty segment is
//! unmapped, except one of each kind, kept so that a heap that grows and shrinks around a
//! boundary does not map and unmap every time. (No thread reads a page's header once the
//! page has no live block: see `thread_heap::free_remote`.)
//!
//! A map with one bit per 4 MiB of address space says which addresses are segments: it
//! tells a small block from a large one (which has a mapping of its own and a header), and
//! catches a pointer that was never allocated.
use core::mem::size_of;
use core::ptr::{self, NonNull};
use core::sync::atomic::{AtomicPtr, AtomicU64, Ordering};

use limpet_abi::limits::PAGESIZE;
use limpet_abi::mman::MADV_DONTNEED;
use limpet_syscall::{nr, syscall3};

use super::page::Page;
use super::thread_heap::Heap;
use limpet_start::lock::{Mutex, MutexGuard};
use crate::os;

pub const SEGMENT_SHIFT: u32 = 22;
pub const SEGMENT: usize = 1 << SEGMENT_SHIFT;
const SMALL_SHIFT: u32 = 16;
const MEDIUM_SHIFT: u32 = 19;
/// The largest block size small pages hold.
pub const SMALL_BLOCK_MAX: usize = 8 * 1024;
const MAX_PAGES: usize = SEGMENT >> SMALL_SHIFT;

#[repr(C)]
pub struct Segment {
    /// log2 of the page size: every page of a segment is the same size.
    page_shift: u32,
    /// Pages in use.
    pages_used: u32,
    /// The pool's list of segments of this kind.
    prev: *mut Segment,
    next: *mut Segment,
    pages: [Page; MAX_PAGES],
}

/// The header's size, rounded to whole pages so that page 0's blocks start page-aligned.
const HEADER: usize = (size_of::<Segment>() + PAGESIZE - 1) & !(PAGESIZE - 1);
// Page 0 of a small segment must keep room for at least one of the largest small blocks.
const _: () = assert!(HEADER + SMALL_BLOCK_MAX <= 1 << SMALL_SHIFT);

impl Segment {
    fn page_count(&self) -> usize {
        SEGMENT >> self.page_shift
    }

    /// Page `i`'s usable memory: the header is at the start of page 0.
    fn area(&self, i: usize) -> (usize, usize) {
        let base = self as *const Segment as usize;
        let lo = (i << self.page_shift).max(HEADER);
        (base + lo, base + ((i + 1) << self.page_shift))
    }
}

/// The page that holds address `p` of the segment at `seg`.
///
/// # Safety
/// `seg` must be a live segment (see [`is_segment`]) and `p` an address inside it.
#[inline(always)]
pub unsafe fn page_of(seg: usize, p: usize) -> *mut Page {
    let s = seg as *mut Segment;
    // SAFETY: the segment is live; the index is below its page count.
    unsafe {
        let i = (p - seg) >> (*s).page_shift;
        (&raw mut (*s).pages).cast::<Page>().add(i)
    }
}

/// The segment that holds `page`.
fn segment_of(page: *mut Page) -> *mut Segment {
    (page as usize & !(SEGMENT - 1)) as *mut Segment
}

// The segment map: one bit per segment-sized slot of a 48-bit address space, in leaves of
// one page each, made when a segment first lands in their range.
const ADDRESS_BITS: u32 = 48;
const LEAF_BITS: u32 = 15;
const LEAF_WORDS: usize = (1 << LEAF_BITS) / 64;
const ROOTS: usize = 1 << (ADDRESS_BITS - SEGMENT_SHIFT - LEAF_BITS);

static MAP: [AtomicPtr<AtomicU64>; ROOTS] = [const { AtomicPtr::new(ptr::null_mut()) }; ROOTS];

/// Whether `seg`, an address aligned to [`SEGMENT`], starts a live segment.
#[inline(always)]
pub fn is_segment(seg: usize) -> bool {
    let i = seg >> SEGMENT_SHIFT;
    let root = i >> LEAF_BITS;
    if root >= ROOTS {
        return false;
    }
    let leaf = MAP[root].load(Ordering::Acquire);
    if leaf.is_null() {
        return false;
    }
    let bit = i & ((1 << LEAF_BITS) - 1);
    // SAFETY: leaves are never freed and hold LEAF_WORDS words.
    let word = unsafe { (*leaf.add(bit / 64)).load(Ordering::Relaxed) };
    word >> (bit % 64) & 1 != 0
}

/// Sets or clears the map's bit for `seg`. Called under the pool's lock.
fn mark(seg: usize, on: bool) -> Option<()> {
    let i = seg >> SEGMENT_SHIFT;
    let root = i >> LEAF_BITS;
    if root >= ROOTS {
        return None;
    }
    let mut leaf = MAP[root].load(Ordering::Acquire);
    if leaf.is_null() {
        leaf = os::map(LEAF_WORDS * 8)?.as_ptr().cast();
        MAP[root].store(leaf, Ordering::Release);
    }
    let bit = i & ((1 << LEAF_BITS) - 1);
    // SAFETY: the leaf holds LEAF_WORDS words.
    let w = unsafe { &*leaf.add(bit / 64) };
    if on {
        w.fetch_or(1 << (bit % 64), Ordering::Release);
    } else {
        w.fetch_and(!(1 << (bit % 64)), Ordering::Release);
    }
    Some(())
}

/// How many bytes of free pages may keep their memory (see the module docs).
pub const DIRTY_MAX: usize = 4 << 20;

/// The pool: per kind (small, medium), the segments that have a free page, and whether one
/// of them is entirely free (the one kept mapped); and the bytes of free pages that kept
/// their memory.
struct Pool {
    avail: [*mut Segment; 2],
    spare: [bool; 2],
    dirty: usize,
}

// SAFETY: the segments belong to the pool, whichever thread holds its lock.
unsafe impl Send for Pool {}

static POOL: Mutex<Pool> = Mutex::new(Pool { avail: [ptr::null_mut(); 2], spare: [false; 2], dirty: 0 });

/// Which pool list and page size serve blocks of `size` bytes.
fn kind(size: usize) -> (usize, u32) {
    if size <= SMALL_BLOCK_MAX { (0, SMALL_SHIFT) } else { (1, MEDIUM_SHIFT) }
}

/// Maps a new segment with pages of `1 << shift` bytes, aligned to its size.
fn new_segment(shift: u32) -> Option<*mut Segment> {
    // Twice the size, then the unaligned ends go back.
    let raw = os::map(2 * SEGMENT)?.as_ptr() as usize;
    let seg = (raw + SEGMENT - 1) & !(SEGMENT - 1);
    // SAFETY: both ranges are parts of the mapping just made that nobody uses.
    unsafe {
        if seg > raw {
            os::unmap(NonNull::new_unchecked(raw as *mut u8), seg - raw);
        }
        let tail = raw + 2 * SEGMENT - (seg + SEGMENT);
        if tail > 0 {
            os::unmap(NonNull::new_unchecked((seg + SEGMENT) as *mut u8), tail);
        }
    }
    if mark(seg, true).is_none() {
        // SAFETY: the segment was never handed out.
        unsafe { os::unmap(NonNull::new_unchecked(seg as *mut u8), SEGMENT) };
        return None;
    }
    let s = seg as *mut Segment;
    // SAFETY: the mapping is zero, which is a valid header with every page free.
    unsafe { (*s).page_shift = shift };
    Some(s)
}

/// A page for blocks of class `class` (`size` bytes each), owned by `heap`, its memory zero.
pub fn alloc_page(class: usize, size: usize, heap: *mut Heap) -> Option<*mut Page> {
    let (k, shift) = kind(size);
    let mut pool = POOL.lock();
    let mut s = pool.avail[k];
    if s.is_null() {
        s = new_segment(shift)?;
        pool.avail[k] = s;
    }
    // SAFETY: segments on the lists are live and only changed under the lock.
    unsafe {
        let seg = &mut *s;
        if seg.pages_used == 0 {
            pool.spare[k] = false;
        }
        // A page that kept its memory first: it costs no page faults.
        let free = |i: &usize| seg.pages[*i].block_size == 0;
        let i = (0..seg.page_count())
            .filter(free)
            .find(|&i| seg.pages[i].dirty)
            .or_else(|| (0..seg.page_count()).find(free))?;
        let (lo, hi) = seg.area(i);
        if seg.pages[i].dirty {
            pool.dirty -= hi - lo;
        }
        seg.pages[i].init(class, size, heap, lo, hi);
        seg.pages_used += 1;
        if seg.pages_used as usize == seg.page_count() {
            // Full: off the list until a page comes back.
            unlink(&mut pool, k, s);
        }
        Some(&raw mut seg.pages[i])
    }
}

/// Takes segment `s` off pool list `k`.
///
/// # Safety
/// `s` must be on that list; the lock is held through `pool`.
unsafe fn unlink(pool: &mut Pool, k: usize, s: *mut Segment) {
    // SAFETY: per the contract.
    unsafe {
        let (prev, next) = ((*s).prev, (*s).next);
        if prev.is_null() {
            pool.avail[k] = next
        } else {
            (*prev).next = next
        }
        if !next.is_null() {
            (*next).prev = prev;
        }
        (*s).prev = ptr::null_mut();
        (*s).next = ptr::null_mut();
    }
}

/// Gives back a page with no live block: its memory to the kernel, the page to the pool.
///
/// # Safety
/// `page` must be in use, on no heap list, and hold no live or pending block.
pub unsafe fn release_page(page: *mut Page) {
    let s = segment_of(page);
    let mut pool = POOL.lock();
    // SAFETY: the page is ours until marked free; segment headers change only under the lock.
    unsafe {
        let seg = &mut *s;
        let i = page.offset_from((&raw mut seg.pages).cast::<Page>()) as usize;
        let (k, _) = kind((*page).block_size as usize);
        let (lo, hi) = seg.area(i);
        if pool.dirty + (hi - lo) <= DIRTY_MAX {
            pool.dirty += hi - lo;
            (*page).dirty = true;
        } else {
            // Later reads of the range see zero, which makes the page clean again.
            syscall3(nr::MADVISE, lo, hi - lo, MADV_DONTNEED as usize);
            (*page).dirty = false;
        }
        // A block size of 0 marks the page free; `Page::init` sets the rest when it is taken.
        (*page).block_size = 0;
        let was_full = seg.pages_used as usize == seg.page_count();
        seg.pages_used -= 1;
        if was_full {
            seg.prev = ptr::null_mut();
            seg.next = pool.avail[k];
            if !seg.next.is_null() {
                (*seg.next).prev = s;
            }
            pool.avail[k] = s;
        }
        if seg.pages_used == 0 {
            if pool.spare[k] {
                for j in 0..seg.page_count() {
                    if seg.pages[j].dirty {
                        let (lo, hi) = seg.area(j);
                        pool.dirty -= hi - lo;
                    }
                }
                unlink(&mut pool, k, s);
                mark(s as usize, false);
                os::unmap(NonNull::new_unchecked(s.cast()), SEGMENT);
            } else {
                pool.spare[k] = true;
            }
        }
    }
}

/// Takes the pool's lock before `fork` and keeps it; [`unlock_after_fork`] releases it.
pub fn lock_for_fork() {
    MutexGuard::leak(POOL.lock());
}

/// Releases the lock [`lock_for_fork`] took.
///
/// # Safety
/// Must follow [`lock_for_fork`] on this thread (in the child, the thread that forked).
pub unsafe fn unlock_after_fork() {
    // SAFETY: per the contract, the lock is held by this thread.
    unsafe { POOL.force_unlock() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_fits_and_pages_tile_the_segment() {
        let s = new_segment(MEDIUM_SHIFT).unwrap();
        // SAFETY: the segment is ours and never handed to the pool.
        unsafe {
            assert_eq!(s as usize % SEGMENT, 0);
            assert!(is_segment(s as usize));
            assert!(!is_segment(s as usize + SEGMENT));
            assert_eq!((*s).page_count(), 8);
            assert_eq!((*s).area(0), (s as usize + HEADER, s as usize + (1 << MEDIUM_SHIFT)));
            assert_eq!((*s).area(7).1, s as usize + SEGMENT);
            let p = page_of(s as usize, s as usize + 3 * (1 << MEDIUM_SHIFT) + 5);
            assert_eq!(p, (&raw mut (*s).pages).cast::<Page>().add(3));
            assert_eq!(segment_of(p), s);
            mark(s as usize, false);
            assert!(!is_segment(s as usize));
            os::unmap(NonNull::new_unchecked(s.cast()), SEGMENT);
        }
        assert!(!is_segment(0));
        assert!(!is_segment(usize::MAX & !(SEGMENT - 1)));
    }
}
