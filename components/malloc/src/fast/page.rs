//! Pages: a run of memory in a segment holding blocks of one size class for one heap.
//!
//! A block is handed out from the page's `free` list (blocks given back by the owning
//! thread) or, when that is empty, from the untouched tail of the page (`bump..end`), which
//! is still zero from the kernel. Other threads never touch `free`: they push the blocks
//! they free onto `remote` with compare-and-swap, and the owner takes that whole list back
//! when its own runs dry ([`Page::collect`]). While the page is on its heap's full list,
//! `remote` holds the mark [`FULL`] instead, and other threads give their blocks to the
//! heap (`Heap::push_delayed`), which is how the owner learns the page has room again.
use core::cell::UnsafeCell;
use core::ptr;
use core::sync::atomic::{AtomicBool, AtomicPtr, Ordering};

use super::thread_heap::Heap;

/// One page's bookkeeping. It lives in its segment's header, not in the page, so a block
/// needs no header and the page's memory can be handed back to the kernel whole.
#[repr(C)]
pub struct Page {
    /// The first free block; each free block's first word points at the next. Only the
    /// owning heap's thread reads or writes it.
    pub free: *mut u8,
    /// The part of the page never handed out: still zero, carved one block at a time.
    pub bump: usize,
    pub end: usize,
    /// Blocks handed out and not back on `free` (blocks on `remote` still count).
    pub used: u32,
    /// The size of every block; 0 while the page is free in its segment.
    pub block_size: u32,
    pub class: u32,
    /// Where the first block starts.
    pub start: usize,
    /// Blocks freed by other threads, waiting for the owner to collect them; [`FULL`] while
    /// the page is on the full list.
    pub remote: AtomicPtr<u8>,
    /// The heap that owns the page; set when the page is taken, constant while in use.
    pub heap: AtomicPtr<Heap>,
    /// The page is on its heap's full list (see `Heap::move_to_full`); only the owner uses it.
    pub in_full: bool,
    /// The memory was used before and not given back to the kernel since, so the untouched
    /// tail is not known to be zero. For a free page: its memory still counts as RSS.
    pub dirty: bool,
    /// Some block was handed out at an aligned spot inside it, so a pointer to free may lie
    /// inside its block rather than at its start.
    pub has_aligned: AtomicBool,
    /// Neighbours in the heap's list for the class (or its full list).
    pub prev: *mut Page,
    pub next: *mut Page,
}

impl Page {
    /// A free page: every field zero, as a fresh segment's header holds it.
    pub const fn zeroed() -> Page {
        Page {
            free: ptr::null_mut(),
            bump: 0,
            end: 0,
            used: 0,
            block_size: 0,
            class: 0,
            start: 0,
            remote: AtomicPtr::new(ptr::null_mut()),
            heap: AtomicPtr::new(ptr::null_mut()),
            in_full: false,
            dirty: false,
            has_aligned: AtomicBool::new(false),
            prev: ptr::null_mut(),
            next: ptr::null_mut(),
        }
    }

    /// Makes the free page at `start..area_end` hold blocks of `size` bytes, class `class`,
    /// for `heap`; its `dirty` flag says whether the memory is zero.
    pub fn init(&mut self, class: usize, size: usize, heap: *mut Heap, start: usize, area_end: usize) {
        self.free = ptr::null_mut();
        self.start = start;
        self.bump = start;
        self.end = start + (area_end - start) / size * size;
        self.used = 0;
        self.block_size = size as u32;
        self.class = class as u32;
        self.remote.store(ptr::null_mut(), Ordering::Relaxed);
        self.heap.store(heap, Ordering::Relaxed);
        self.in_full = false;
        self.has_aligned.store(false, Ordering::Relaxed);
        self.prev = ptr::null_mut();
        self.next = ptr::null_mut();
    }

    /// A block from the untouched tail (all zero unless the page is `dirty`), or null when
    /// none is left.
    #[inline]
    pub fn take_fresh(&mut self) -> *mut u8 {
        if self.bump == self.end {
            return ptr::null_mut();
        }
        let b = self.bump;
        self.bump += self.block_size as usize;
        self.used += 1;
        b as *mut u8
    }

    /// Takes the first block of `free`, which must not be empty.
    ///
    /// # Safety
    /// The caller owns the page and `free` is not null.
    #[inline]
    pub unsafe fn pop(&mut self) -> *mut u8 {
        let b = self.free;
        // SAFETY: a free block's first word is the link.
        self.free = unsafe { b.cast::<*mut u8>().read() };
        self.used += 1;
        b
    }

    /// The start of the block that holds `p`, which may be an aligned pointer inside it.
    #[inline]
    pub fn block_start(&self, p: usize) -> usize {
        if !self.has_aligned.load(Ordering::Relaxed) {
            return p;
        }
        let bs = self.block_size as usize;
        self.start + (p - self.start) / bs * bs
    }

    /// Puts a block freed by a thread that does not own the page on the remote list; false,
    /// leaving the block alone, when the page is marked [`FULL`]. After a successful push
    /// the caller must not touch the page: the owner may collect the block and give the page
    /// back at once.
    ///
    /// # Safety
    /// `b` must be the start of a live block of this page, given up by the caller.
    pub unsafe fn push_remote(&self, b: *mut u8) -> bool {
        let mut head = self.remote.load(Ordering::Relaxed);
        loop {
            if head == FULL {
                return false;
            }
            // SAFETY: the block is ours to overwrite until it is on the list.
            unsafe { b.cast::<*mut u8>().write(head) };
            match self.remote.compare_exchange_weak(head, b, Ordering::Release, Ordering::Relaxed) {
                Ok(_) => return true,
                Err(h) => head = h,
            }
        }
    }

    /// Marks the page [`FULL`] if no other thread has freed a block into it; false if one has.
    pub fn mark_full(&self) -> bool {
        self.remote.compare_exchange(ptr::null_mut(), FULL, Ordering::Relaxed, Ordering::Relaxed).is_ok()
    }

    /// Clears the [`FULL`] mark: other threads free into the page again.
    pub fn clear_full(&self) {
        self.remote.store(ptr::null_mut(), Ordering::Release);
    }

    /// Moves the blocks other threads freed onto `free`.
    ///
    /// # Safety
    /// The caller owns the page, which is not marked [`FULL`].
    pub unsafe fn collect(&mut self) {
        let list = self.remote.swap(ptr::null_mut(), Ordering::Acquire);
        if list.is_null() {
            return;
        }
        let mut tail = list;
        let mut n = 1;
        // SAFETY: the list is ours now; each block links to the next through its first word.
        unsafe {
            loop {
                let next = tail.cast::<*mut u8>().read();
                if next.is_null() {
                    break;
                }
                tail = next;
                n += 1;
            }
            tail.cast::<*mut u8>().write(self.free);
        }
        self.free = list;
        self.used -= n;
    }
}

/// The mark in `remote` of a page on the full list: not a block address (blocks are
/// 16-byte aligned).
pub const FULL: *mut u8 = ptr::without_provenance_mut(1);

/// A page that never has a block: the head of every empty class list, so the fast path
/// needs no null check. Nothing ever writes it.
pub struct Sentinel(UnsafeCell<Page>);

// SAFETY: the sentinel is never written, only read.
unsafe impl Sync for Sentinel {}

static EMPTY: Sentinel = Sentinel(UnsafeCell::new(Page::zeroed()));

/// The sentinel page.
#[inline(always)]
pub fn empty() -> *mut Page {
    EMPTY.0.get()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carves_pops_and_collects() {
        let mut mem = vec![0u128; 64];
        let start = mem.as_mut_ptr() as usize;
        let mut p = Page::zeroed();
        p.init(1, 32, ptr::null_mut(), start, start + 64 * 16 + 8);
        assert_eq!(p.end - p.start, 32 * 32);
        let a = p.take_fresh();
        let b = p.take_fresh();
        assert_eq!((a as usize, b as usize), (start, start + 32));
        assert_eq!(p.used, 2);
        // SAFETY: both blocks are live blocks of the page.
        unsafe {
            assert!(p.push_remote(a));
            assert!(!p.mark_full());
            assert!(p.push_remote(b));
            assert!(p.free.is_null());
            p.collect();
            assert_eq!(p.used, 0);
            assert_eq!(p.pop(), b);
            assert_eq!(p.pop(), a);
        }
        assert!(p.free.is_null());
        assert!(p.mark_full());
        // SAFETY: `a` is a live block again.
        assert!(!unsafe { p.push_remote(a) });
        p.clear_full();
        p.has_aligned.store(true, Ordering::Relaxed);
        assert_eq!(p.block_start(start + 32 + 17), start + 32);
        while !p.take_fresh().is_null() {}
        assert_eq!(p.used, 32);
    }
}
