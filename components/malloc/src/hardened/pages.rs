//! Pages for groups: carved from 1 MiB regions, and given back to the kernel when a group
//! empties. A released run keeps its address space (`MADV_DONTNEED` frees the memory, and
//! the pages read as zero again), so a stale pointer into it still reads zeros instead of
//! faulting and is refused cleanly; the run waits on the list for its length, as a meta of
//! its own, without touching its pages. The first pages of freed large blocks wait the same
//! way on a list of their own, oldest first (see `Heap::free_large`).
use limpet_abi::limits::PAGESIZE;
use limpet_abi::mman::{MADV_DONTNEED, MADV_NOHUGEPAGE};
use limpet_syscall::{nr, syscall3};

use super::class::MAX_GROUP_PAGES;
use super::state::Heap;
use super::meta::{NONE, State};
use crate::os;

/// Address space mapped at a time for groups; only the pages groups touch cost memory.
const REGION: usize = 1 << 20;

/// How many first pages of freed large blocks are kept mapped (see `Heap::free_large`): each
/// is a mapping of its own until a group takes it, and mappings are a limited resource.
pub const MAX_KEPT: usize = 1024;


/// Gives the memory of `len` bytes at `p` back to the kernel; they read as zero afterwards.
///
/// # Safety
/// The range must be whole pages of a region, unused by anything.
pub unsafe fn release(p: usize, len: usize) {
    // SAFETY: per the contract; a private anonymous range always accepts this.
    let r = unsafe { syscall3(nr::MADVISE, p, len, MADV_DONTNEED as usize) };
    if limpet_syscall::result(r).is_err() {
        // Groups rely on fresh runs reading as zero.
        // SAFETY: per the contract.
        unsafe { (p as *mut u8).write_bytes(0, len) };
    }
}

impl Heap {
    /// A run of `pages` pages of zeroed memory, described by a meta in state `state`:
    /// `(meta, base)`. `None` when the kernel has no more memory.
    pub fn take_run(&mut self, pages: usize, state: State) -> Option<(u32, usize)> {
        debug_assert!((1..=MAX_GROUP_PAGES).contains(&pages));
        let len = pages * PAGESIZE;
        // A released run of the same length, then the current region, then a longer run
        // split, then a new region.
        if let Some(i) = self.pop_run(pages).or_else(|| if pages == 1 { self.pop_kept() } else { None }) {
            return Some((i, self.claim(i, pages, state)));
        }
        if self.bump_end - self.bump < len {
            if let Some(i) = (pages + 1..=MAX_GROUP_PAGES).find_map(|k| self.pop_run(k)) {
                // SAFETY: `i` came off a run list.
                let (base, k) = unsafe { ((*self.meta(i)).base, (*self.meta(i)).pages) };
                let Some(rest) = self.new_meta(State::Run) else {
                    self.push_run(i);
                    return None;
                };
                // SAFETY: `rest` is a new meta; the split keeps both halves released.
                unsafe {
                    (*self.meta(rest)).base = base + len;
                    (*self.meta(rest)).pages = k - pages;
                }
                self.push_run(rest);
                return Some((i, self.claim(i, pages, state)));
            }
            self.new_region(len)?;
        }
        let i = self.new_meta(state)?;
        let base = self.bump;
        self.bump += len;
        // SAFETY: `i` is a new meta.
        unsafe {
            (*self.meta(i)).base = base;
            (*self.meta(i)).pages = pages;
        }
        Some((i, base))
    }

    /// Turns run meta `i` into one of `state` spanning `pages` pages; returns its base.
    fn claim(&mut self, i: u32, pages: usize, state: State) -> usize {
        // SAFETY: `i` is a run's meta, off its list.
        let m = unsafe { &mut *self.meta(i) };
        m.state = state;
        m.pages = pages;
        m.base
    }

    /// Maps a new region for at least `len` bytes; what was left of the old one goes on the
    /// run lists.
    #[cold]
    fn new_region(&mut self, len: usize) -> Option<()> {
        let (base, size) = match os::map(REGION) {
            Some(p) => (p, REGION),
            // Near the address-space limit, a mapping just big enough may still fit.
            None => (os::map(len)?, len),
        };
        // Huge pages would turn one touched page into 2 MiB of memory.
        // SAFETY: advice on our own fresh mapping.
        unsafe { syscall3(nr::MADVISE, base.as_ptr() as usize, size, MADV_NOHUGEPAGE as usize) };
        while self.bump < self.bump_end {
            let pages = ((self.bump_end - self.bump) / PAGESIZE).min(MAX_GROUP_PAGES);
            let Some(i) = self.new_meta(State::Run) else { break };
            // SAFETY: `i` is a new meta.
            unsafe {
                (*self.meta(i)).base = self.bump;
                (*self.meta(i)).pages = pages;
            }
            self.push_run(i);
            self.bump += pages * PAGESIZE;
        }
        self.bump = base.as_ptr() as usize;
        self.bump_end = self.bump + size;
        Some(())
    }

    /// Releases the memory of meta `i`'s pages and puts them on the run list for their length.
    ///
    /// # Safety
    /// Meta `i` must span whole pages of a region that nothing uses any more, and be on no list.
    pub unsafe fn give_back(&mut self, i: u32) {
        // SAFETY: per the contract.
        unsafe {
            let m = &mut *self.meta(i);
            release(m.base, m.pages * PAGESIZE);
            m.state = State::Run;
        }
        self.push_run(i);
    }

    /// Keeps the first page of a freed large block (meta `i`, now one page long and released)
    /// at the end of the kept list; past [`MAX_KEPT`], the oldest kept page is unmapped.
    ///
    /// # Safety
    /// Meta `i` must describe one released page, mapped on its own, on no list.
    pub unsafe fn keep(&mut self, i: u32) {
        if self.kept == MAX_KEPT {
            let old = self.pop_kept().unwrap_or(NONE);
            // SAFETY: kept pages are mappings of their own that nothing uses.
            unsafe {
                os::unmap(core::ptr::NonNull::new_unchecked((*self.meta(old)).base as *mut u8), PAGESIZE);
                self.drop_meta(old);
            }
        }
        // SAFETY: per the contract; the tail, if any, is a kept meta.
        unsafe {
            (*self.meta(i)).state = State::Run;
            (*self.meta(i)).next = NONE;
            if self.kept_tail == NONE {
                self.kept_head = i;
            } else {
                (*self.meta(self.kept_tail)).next = i;
            }
        }
        self.kept_tail = i;
        self.kept += 1;
    }

    /// The oldest kept page, off the kept list.
    fn pop_kept(&mut self) -> Option<u32> {
        let i = self.kept_head;
        if i == NONE {
            return None;
        }
        // SAFETY: metas on the kept list exist.
        self.kept_head = unsafe { (*self.meta(i)).next };
        if self.kept_head == NONE {
            self.kept_tail = NONE;
        }
        self.kept -= 1;
        Some(i)
    }

    fn push_run(&mut self, i: u32) {
        // SAFETY: `i` is a run's meta, on no list.
        let pages = unsafe {
            let m = &mut *self.meta(i);
            m.next = self.runs[m.pages];
            m.pages
        };
        self.runs[pages] = i;
    }

    fn pop_run(&mut self, pages: usize) -> Option<u32> {
        let i = self.runs[pages];
        if i == NONE {
            return None;
        }
        // SAFETY: metas on a run list exist.
        self.runs[pages] = unsafe { (*self.meta(i)).next };
        Some(i)
    }
}
