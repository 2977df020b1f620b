//! A thread's heap: per size class, a list of pages to allocate from, the first being the
//! one the fast path uses; and the pages that have no free block left (the full list).
//!
//! Only the owning thread changes a heap. Other threads reach it in two ways only: they push
//! blocks they free onto a page's remote list, or, when that page is on the full list (its
//! remote list marked `FULL`), onto the heap's `delayed` list, which the owner frees as its
//! own on its slow path: that is what moves a full page back to its class.
use core::ptr;
use core::sync::atomic::{AtomicPtr, Ordering};

use super::block::Block;
use super::class::{NUM_CLASSES, class_size};
use super::page::{Page, empty};
use super::segment::{self, SEGMENT};

#[repr(C)]
pub struct Heap {
    /// Per class, the first page of its list, or the sentinel [`empty`] page.
    pub pages: [*mut Page; NUM_CLASSES],
    /// Pages found with no free block, which allocation skips.
    full: *mut Page,
    /// Blocks other threads freed into pages on the full list, linked through their first
    /// word.
    delayed: AtomicPtr<u8>,
    /// Owned by a thread, pooled, or dead (see `thread`); changed under the registry's lock.
    pub state: u32,
    /// The registry's list of every heap.
    pub next_heap: *mut Heap,
    /// The kernel id of the owning thread, for processes limpet did not start (see `thread`).
    pub tid: i32,
}

impl Heap {
    /// A heap for static memory; [`Heap::init`] must run before use.
    pub const fn zeroed() -> Heap {
        Heap {
            pages: [ptr::null_mut(); NUM_CLASSES],
            full: ptr::null_mut(),
            delayed: AtomicPtr::new(ptr::null_mut()),
            state: 0,
            next_heap: ptr::null_mut(),
            tid: 0,
        }
    }

    /// Empties every list.
    pub fn init(&mut self) {
        self.pages = [empty(); NUM_CLASSES];
        self.full = ptr::null_mut();
        self.delayed.store(ptr::null_mut(), Ordering::Relaxed);
    }

    /// Puts `page` first in its class's list.
    ///
    /// # Safety
    /// `page` belongs to this heap and is on no list.
    unsafe fn push_front(&mut self, page: *mut Page) {
        // SAFETY: per the contract; list pages are this heap's.
        unsafe {
            let c = (*page).class as usize;
            let head = self.pages[c];
            (*page).prev = ptr::null_mut();
            (*page).next = if head == empty() { ptr::null_mut() } else { head };
            if head != empty() {
                (*head).prev = page;
            }
            self.pages[c] = page;
        }
    }

    /// Puts `page` second in its class's list (first if the list is empty): the first page
    /// stays the one the fast path uses, and `page` is freed when it empties.
    ///
    /// # Safety
    /// `page` belongs to this heap and is on no list.
    unsafe fn push_second(&mut self, page: *mut Page) {
        // SAFETY: per the contract; list pages are this heap's.
        unsafe {
            let head = self.pages[(*page).class as usize];
            if head == empty() {
                return self.push_front(page);
            }
            let next = (*head).next;
            (*page).prev = head;
            (*page).next = next;
            if !next.is_null() {
                (*next).prev = page;
            }
            (*head).next = page;
        }
    }

    /// Takes `page` off the full list (`full`) or off its class's list.
    ///
    /// # Safety
    /// `page` must be on that list of this heap.
    unsafe fn unlink(&mut self, page: *mut Page, full: bool) {
        // SAFETY: per the contract.
        unsafe {
            let (prev, next) = ((*page).prev, (*page).next);
            if !next.is_null() {
                (*next).prev = prev;
            }
            if !prev.is_null() {
                (*prev).next = next;
            } else if full {
                self.full = next;
            } else {
                self.pages[(*page).class as usize] = if next.is_null() { empty() } else { next };
            }
            (*page).prev = ptr::null_mut();
            (*page).next = ptr::null_mut();
        }
    }

    /// Moves a page with no free block to the full list, unless another thread has just
    /// freed a block into it: then it collects that and returns false.
    ///
    /// # Safety
    /// `page` must be on its class's list of this heap.
    unsafe fn move_to_full(&mut self, page: *mut Page) -> bool {
        // SAFETY: per the contract.
        unsafe {
            if !(*page).mark_full() {
                (*page).collect();
                return false;
            }
            self.unlink(page, false);
            (*page).in_full = true;
            (*page).next = self.full;
            if !self.full.is_null() {
                (*self.full).prev = page;
            }
            self.full = page;
            true
        }
    }

    /// A block of class `c` when the first page of the class has no free block: the next
    /// page that has one, or a fresh page.
    ///
    /// # Safety
    /// The calling thread must own the heap.
    pub unsafe fn alloc_slow(&mut self, c: usize) -> Option<Block> {
        // SAFETY: the heap's pages are ours; each is used only while on our lists.
        unsafe {
            if !self.delayed.load(Ordering::Relaxed).is_null() {
                self.collect_delayed();
            }
            let mut page = self.pages[c];
            while page != empty() && !page.is_null() {
                let next = (*page).next;
                (*page).collect();
                if (*page).free.is_null() {
                    let b = (*page).take_fresh();
                    if !b.is_null() {
                        return Some(Block { ptr: ptr::NonNull::new_unchecked(b), zeroed: !(*page).dirty });
                    }
                    if self.move_to_full(page) {
                        page = next;
                        continue;
                    }
                }
                if page != self.pages[c] {
                    self.unlink(page, false);
                    self.push_front(page);
                }
                return Some(Block { ptr: ptr::NonNull::new_unchecked((*page).pop()), zeroed: false });
            }
            let page = segment::alloc_page(c, class_size(c), self as *mut Heap)?;
            self.push_front(page);
            Some(Block { ptr: ptr::NonNull::new_unchecked((*page).take_fresh()), zeroed: !(*page).dirty })
        }
    }

    /// Frees block `b` of `page`, one of this heap's pages.
    ///
    /// # Safety
    /// The calling thread must own the heap; `b` must be the start of a live block of `page`.
    #[inline(always)]
    pub unsafe fn free_local(&mut self, page: *mut Page, b: *mut u8) {
        // SAFETY: per the contract.
        unsafe {
            let pg = &mut *page;
            b.cast::<*mut u8>().write(pg.free);
            pg.free = b;
            pg.used -= 1;
            if (pg.used == 0 && *self.pages.get_unchecked(pg.class as usize) != page) || pg.in_full {
                self.page_freed(page);
            }
        }
    }

    /// After a local free: moves a page off the full list, and gives back a page whose
    /// blocks are all free unless it is the first of its class (kept so that a loop of
    /// malloc and free does not take and return a page each time).
    ///
    /// # Safety
    /// The calling thread must own the heap, and `page` must be one of its pages.
    #[cold]
    #[inline(never)]
    unsafe fn page_freed(&mut self, page: *mut Page) {
        // SAFETY: per the contract.
        unsafe {
            if (*page).in_full {
                self.unlink(page, true);
                (*page).in_full = false;
                (*page).clear_full();
                self.push_second(page);
            }
            if (*page).used == 0 && self.pages[(*page).class as usize] != page {
                self.unlink(page, false);
                segment::release_page(page);
            }
        }
    }

    /// Frees, as its own, every block other threads freed into its full pages.
    ///
    /// # Safety
    /// The calling thread must own the heap.
    unsafe fn collect_delayed(&mut self) {
        let mut b = self.delayed.swap(ptr::null_mut(), Ordering::Acquire);
        // SAFETY: the list holds live blocks of this heap's pages, linked by first word.
        unsafe {
            while !b.is_null() {
                let next = b.cast::<*mut u8>().read();
                let addr = b as usize;
                self.free_local(segment::page_of(addr & !(SEGMENT - 1), addr), b);
                b = next;
            }
        }
    }

    /// Gives block `b`, freed by another thread into a full page of this heap, to the owner.
    ///
    /// # Safety
    /// `b` must be the start of a live block of one of this heap's pages, given up by the caller.
    pub unsafe fn push_delayed(&self, b: *mut u8) {
        let mut head = self.delayed.load(Ordering::Relaxed);
        loop {
            // SAFETY: the block is ours to overwrite until it is on the list.
            unsafe { b.cast::<*mut u8>().write(head) };
            match self.delayed.compare_exchange_weak(head, b, Ordering::Release, Ordering::Relaxed) {
                Ok(_) => return,
                Err(h) => head = h,
            }
        }
    }

    /// Collects every remote free and gives back every page with no live block, so that a
    /// heap whose thread has ended holds only memory still in use.
    ///
    /// # Safety
    /// The calling thread must own the heap.
    pub unsafe fn tidy(&mut self) {
        // SAFETY: the lists hold this heap's pages.
        unsafe {
            self.collect_delayed();
            for c in 0..NUM_CLASSES {
                let mut page = self.pages[c];
                while page != empty() && !page.is_null() {
                    let next = (*page).next;
                    (*page).collect();
                    if (*page).used == 0 {
                        self.unlink(page, false);
                        segment::release_page(page);
                    }
                    page = next;
                }
            }
        }
    }
}

/// Frees block `p` of `page`, a page of another thread's heap (or of a heap with no thread).
///
/// # Safety
/// `p` must be a live block (or an aligned pointer into one) of `page`.
pub unsafe fn free_remote(page: *mut Page, p: usize) {
    // SAFETY: the block keeps the page in use, and its heap, until it is pushed; after that
    // neither is touched (the owner may give the page back at once).
    unsafe {
        let page = &*page;
        let heap = page.heap.load(Ordering::Relaxed);
        let b = page.block_start(p) as *mut u8;
        if !page.push_remote(b) {
            (*heap).push_delayed(b);
        }
    }
}
