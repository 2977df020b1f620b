//! The heap behind the lock: finding a pointer's slot and checking it against the metadata
//! (`locate`), and the operations built on that.
use core::ptr::{self, NonNull};

use limpet_abi::limits::PAGESIZE;
use limpet_abi::random::GRND_NONBLOCK;

use super::Block;
use super::class::{GROUP_HDR, HDR, MAX_GROUP_PAGES, MAX_SMALL, NUM_CLASSES, UNIT, class_of, group_slots, stride};
use crate::fault::{Fault, Op, fault};
use super::header::{self, HOLDER, LARGE, Slot};
use super::meta::{MAX_CHUNKS, Meta, NONE, State};

/// The whole heap state. It lives behind the global lock in [`super`].
pub struct Heap {
    /// The per-process key of every check word; zero until the first call.
    pub secret: u64,
    /// Per class, the first group with a free slot.
    pub avail: [u32; NUM_CLASSES],
    /// Per length in pages, the first released run.
    pub runs: [u32; MAX_GROUP_PAGES + 1],
    /// The first spare meta.
    pub spare: u32,
    /// How many metas exist.
    pub metas: u32,
    pub chunks: [*mut Meta; MAX_CHUNKS],
    /// The untouched rest of the current region.
    pub bump: usize,
    pub bump_end: usize,
    /// First pages kept from freed large blocks, oldest first, and how many.
    pub kept_head: u32,
    pub kept_tail: u32,
    pub kept: usize,
}

// SAFETY: the pointers refer to memory the heap owns, whichever thread holds it.
unsafe impl Send for Heap {}

/// Where a live pointer lives, as its header says and its meta confirms.
pub enum Loc {
    /// In a slot: the group's meta, the slot's payload address, and its header.
    Slot { meta: u32, slot: usize, hdr: Slot },
    /// A large block, with its meta.
    Large { meta: u32 },
}

/// Reads the word at `addr`, which may be any address the caller has checked is ours or, at
/// worst, next to a pointer the program passed in.
#[inline(always)]
unsafe fn peek(addr: usize) -> u64 {
    // SAFETY: per the contract; volatile, because the compiler must not reason about memory
    // that a damaged program may have changed.
    unsafe { ptr::read_volatile(addr as *const u64) }
}

impl Heap {
    pub const fn new() -> Self {
        Heap {
            secret: 0,
            avail: [NONE; NUM_CLASSES],
            runs: [NONE; MAX_GROUP_PAGES + 1],
            spare: NONE,
            metas: 0,
            chunks: [ptr::null_mut(); MAX_CHUNKS],
            bump: 0,
            bump_end: 0,
            kept_head: NONE,
            kept_tail: NONE,
            kept: 0,
        }
    }

    #[inline(always)]
    fn init(&mut self) {
        if self.secret == 0 {
            self.seed();
        }
    }

    #[cold]
    fn seed(&mut self) {
        let mut s: u64 = 0;
        // SAFETY: the kernel writes at most 8 bytes into `s`.
        let r = unsafe {
            limpet_syscall::syscall3(limpet_syscall::nr::GETRANDOM, &mut s as *mut u64 as usize, 8, GRND_NONBLOCK as usize)
        };
        if r != 8 {
            // No entropy yet (early boot, old kernel): address-space layout is still random.
            s = (&s as *const u64 as u64).rotate_left(32) ^ (self as *const Heap as u64) ^ (peek as *const () as u64);
        }
        self.secret = if s == 0 { 0x9e37_79b9_7f4a_7c15 } else { s };
    }

    /// Writes the header of a payload at `p` and its check byte, unless the payload reaches
    /// `end` (where the next slot's header or the mapping's end is).
    ///
    /// # Safety
    /// `p - HDR..end` must be the slot's, with `p + h.n <= end`.
    #[inline(always)]
    unsafe fn stamp(&self, p: usize, h: Slot, end: usize) {
        // SAFETY: per the contract.
        unsafe {
            ((p - HDR) as *mut u64).write(header::encode(p, h, self.secret));
            if p + h.n < end {
                ((p + h.n) as *mut u8).write(header::canary(p, self.secret));
            }
        }
    }

    /// A block of `n` bytes, and whether it is known to be zero.
    #[inline]
    pub fn alloc(&mut self, n: usize) -> Option<Block> {
        self.init();
        if n > MAX_SMALL {
            let p = self.alloc_large(n, UNIT)?;
            // SAFETY: mappings are never at address zero.
            return Some(Block { ptr: unsafe { NonNull::new_unchecked(p as *mut u8) }, zeroed: true });
        }
        let c = class_of(n);
        let (slot, idx, zeroed) = self.alloc_slot(c)?;
        // SAFETY: the slot is ours, and holds `n` bytes and its header.
        unsafe {
            self.stamp(slot, Slot { idx, class: c, off: 0, n }, slot + stride(c) - HDR);
            Some(Block { ptr: NonNull::new_unchecked(slot as *mut u8), zeroed })
        }
    }

    /// A block of `n` bytes aligned to `align`, a power of two.
    pub fn alloc_aligned(&mut self, align: usize, n: usize) -> Option<usize> {
        self.init();
        if align <= UNIT {
            return self.alloc(n).map(|b| b.ptr.as_ptr() as usize);
        }
        let want = n.checked_add(align - UNIT)?;
        if align > PAGESIZE || want > MAX_SMALL {
            return self.alloc_large(n, align);
        }
        // The aligned spot is at most `align - UNIT` into a slot that holds `want` bytes.
        let c = class_of(want);
        let (slot, idx, _) = self.alloc_slot(c)?;
        let p = slot.next_multiple_of(align);
        let off = (p - slot) / UNIT;
        // SAFETY: the slot is ours; `p` and its header lie inside it.
        unsafe {
            if off > 0 {
                // The slot's own header vouches for the aligned pointer only, so a free of the
                // slot's start is refused.
                ((slot - HDR) as *mut u64)
                    .write(header::encode(slot, Slot { idx, class: c, off: HOLDER, n: off }, self.secret));
            }
            self.stamp(p, Slot { idx, class: c, off, n }, slot + stride(c) - HDR);
        }
        Some(p)
    }

    /// Frees the block at `p`, or ends the process if it is not a live block.
    ///
    /// # Safety
    /// `p` is whatever the program passed; only the checks in `locate` make it trusted.
    pub unsafe fn free(&mut self, p: usize) {
        self.init();
        // SAFETY: `locate` confirmed the block.
        unsafe {
            match self.locate(p, Op::Free) {
                Loc::Slot { meta, slot, hdr } => self.release(meta, slot, hdr, p),
                Loc::Large { meta } => self.free_large(meta),
            }
        }
    }

    /// Frees the slot at `p`, which `locate` found.
    ///
    /// # Safety
    /// The arguments must come from `locate(p)`.
    unsafe fn release(&mut self, meta: u32, slot: usize, hdr: Slot, p: usize) {
        // SAFETY: per the contract.
        unsafe {
            if hdr.off != 0 {
                // The aligned pointer's header lies in the payload; both go, so that neither
                // pointer can be freed again.
                ((p - HDR) as *mut u64).write(0);
                ((slot - HDR) as *mut u64).write(0);
            }
            self.free_slot(meta, hdr.class, hdr.idx);
        }
    }

    /// The size asked for when the block at `p` was allocated (or last resized).
    ///
    /// # Safety
    /// As for [`Heap::free`].
    pub unsafe fn usable_size(&mut self, p: usize) -> usize {
        self.init();
        // SAFETY: `locate` confirmed the block.
        unsafe {
            match self.locate(p, Op::UsableSize) {
                Loc::Slot { hdr, .. } => hdr.n,
                Loc::Large { meta } => (*self.meta(meta)).size,
            }
        }
    }

    /// Resizes the block at `p` to `n` bytes; `None` leaves it untouched.
    ///
    /// # Safety
    /// As for [`Heap::free`]; on success only the returned pointer may be used.
    pub unsafe fn realloc(&mut self, p: usize, n: usize) -> Option<usize> {
        self.init();
        // SAFETY: `locate` confirmed the block; each pointer is used while its block lives.
        unsafe {
            match self.locate(p, Op::Realloc) {
                Loc::Slot { meta, slot, hdr } => {
                    let s = stride(hdr.class);
                    let end = slot + s - HDR;
                    let room = end - p;
                    // Stay unless the block would end up more than half empty.
                    let stay = n <= room && (2 * (n + HDR + hdr.off * UNIT) > s || s <= 2 * UNIT);
                    if !stay {
                        if let Some(b) = self.alloc(n) {
                            let q = b.ptr.as_ptr() as usize;
                            ptr::copy_nonoverlapping(p as *const u8, q as *mut u8, n.min(hdr.n));
                            self.release(meta, slot, hdr, p);
                            return Some(q);
                        }
                        if n > room {
                            return None;
                        }
                    }
                    self.stamp(p, Slot { n, ..hdr }, end);
                    Some(p)
                }
                Loc::Large { meta } => {
                    let m = &*self.meta(meta);
                    let (base, size) = (m.base, m.size);
                    if n > MAX_SMALL {
                        if p == base + UNIT {
                            return self.resize_large(meta, n);
                        }
                        if n <= self.large_room(meta) {
                            self.set_large_size(meta, n);
                            return Some(p);
                        }
                    }
                    let q = self.alloc(n)?.ptr.as_ptr() as usize;
                    ptr::copy_nonoverlapping(p as *const u8, q as *mut u8, n.min(size));
                    self.free_large(meta);
                    Some(q)
                }
            }
        }
    }

    /// Finds the live block at `p` and checks it, or ends the process: `p` must be aligned;
    /// its header must carry a valid check; the group word the header leads to must name a
    /// meta that describes that very group (or large mapping) and that class; the slot must
    /// be in use; the check byte after the payload and the next slot's header must be intact.
    ///
    /// # Safety
    /// The 8 bytes under `p` must be readable (true of any pointer into a live object that is
    /// not at the very start of a mapping).
    #[inline]
    pub unsafe fn locate(&self, p: usize, op: Op) -> Loc {
        let secret = self.secret;
        let bad = |f| -> ! { fault(op, f, p) };
        if !p.is_multiple_of(UNIT) {
            bad(Fault::Invalid);
        }
        // SAFETY: per the contract.
        let w = unsafe { peek(p - HDR) };
        if !header::valid(p, w, secret) {
            bad(Fault::Invalid);
        }
        let h = header::decode(w);
        if h.class == LARGE {
            // SAFETY: the header is one this process wrote.
            return unsafe { self.locate_large(p, w, op) };
        }
        if h.class >= NUM_CLASSES || h.off == HOLDER || h.idx >= group_slots(h.class) {
            bad(Fault::Invalid);
        }
        let s = stride(h.class);
        if h.off * UNIT + HDR + h.n > s {
            bad(Fault::Invalid);
        }
        let slot = p - h.off * UNIT;
        let g = slot.wrapping_sub(GROUP_HDR + h.idx * s);
        if !g.is_multiple_of(PAGESIZE) {
            bad(Fault::Invalid);
        }
        // SAFETY: a header with a valid check was written by this process at `p`, so the
        // group it names is mapped (groups keep their address space when released).
        let gw = unsafe { peek(g) };
        let Some(i) = header::group_meta(g, gw, secret) else { bad(Fault::Invalid) };
        let Some(m) = self.meta_checked(i) else { bad(Fault::Invalid) };
        // SAFETY: the meta exists; nothing else refers to it now.
        let m = unsafe { &*m };
        if m.state != State::Group || m.base != g || m.class as usize != h.class {
            bad(Fault::Invalid);
        }
        if h.off != 0 {
            // SAFETY: the slot's header lies in the group.
            let hw = unsafe { peek(slot - HDR) };
            if !header::valid(slot, hw, secret) || header::decode(hw) != (Slot { off: HOLDER, n: h.off, ..h }) {
                bad(Fault::Invalid);
            }
        }
        if m.free[h.idx / 64] & 1 << (h.idx % 64) != 0 {
            bad(Fault::Freed);
        }
        let end = slot + s - HDR;
        // SAFETY: the check byte and the next header lie in the group.
        unsafe {
            if p + h.n < end && *((p + h.n) as *const u8) != header::canary(p, secret) {
                bad(Fault::Overflow);
            }
            if h.idx + 1 < group_slots(h.class) {
                let nw = peek(end);
                let next = header::decode(nw);
                if nw != 0 && !(header::valid(end + HDR, nw, secret) && next.idx == h.idx + 1 && next.class == h.class) {
                    bad(Fault::Neighbour);
                }
            }
        }
        Loc::Slot { meta: i, slot, hdr: h }
    }

    /// The rest of [`Heap::locate`] for a header that says "large".
    ///
    /// # Safety
    /// `w`, read under `p`, must carry a valid check.
    #[cold]
    unsafe fn locate_large(&self, p: usize, w: u64, op: Op) -> Loc {
        let bad = |f| -> ! { fault(op, f, p) };
        let dist = header::large_dist(w);
        let g = p.wrapping_sub(dist * UNIT);
        if dist == 0 || !g.is_multiple_of(PAGESIZE) {
            bad(Fault::Invalid);
        }
        // SAFETY: the header was written by this process, so its mapping starts at `g`.
        let gw = unsafe { peek(g) };
        let Some(i) = header::group_meta(g, gw, self.secret) else { bad(Fault::Invalid) };
        let Some(m) = self.meta_checked(i) else { bad(Fault::Invalid) };
        // SAFETY: the meta exists.
        let m = unsafe { &*m };
        if m.state != State::Large || m.base != g || m.user != p {
            bad(Fault::Invalid);
        }
        // SAFETY: the check byte lies in the mapping.
        if p + m.size < g + m.pages * PAGESIZE && unsafe { *((p + m.size) as *const u8) } != header::canary(p, self.secret) {
            bad(Fault::Overflow);
        }
        Loc::Large { meta: i }
    }
}
