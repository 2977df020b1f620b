//! The out-of-band metadata: one [`Meta`] per group, large block or free run of pages, kept
//! in chunks that hold nothing else, apart from user data. Metas are named by index; an index
//! is checked against the count of metas ever made before it is looked up, so a forged group
//! word can name only a real meta, which must then point back at the group.
use core::ptr;

use super::state::Heap;
use crate::os;

/// No meta: the end of a list. Index 0 is never a meta, so that the heap's initial state is
/// all zeros and the static that holds it takes no room in the binary (`.bss`, not `.data`).
pub const NONE: u32 = 0;
/// Metas per chunk; a chunk is mapped when the first of its metas is needed.
pub const CHUNK_METAS: usize = 1024;
/// Chunks the table can hold: room for four million groups, free runs and large blocks.
pub const MAX_CHUNKS: usize = 4096;

/// What a meta describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum State {
    /// Nothing: the meta is on the spare list.
    Spare,
    /// Free pages, released to the kernel, on the run list for their length.
    Run,
    /// A group of slots of one class.
    Group,
    /// A block with a mapping of its own.
    Large,
}

/// One group, large block or free run.
#[repr(C)]
pub struct Meta {
    /// Where its pages start.
    pub base: usize,
    /// How many pages it spans.
    pub pages: usize,
    /// Group: one bit per slot, set while the slot is free.
    pub free: [u64; 4],
    /// Large: the pointer handed out and the size asked for.
    pub user: usize,
    pub size: usize,
    /// Links in the list the meta is on (the class's groups with free slots, a run list, the
    /// spare list).
    pub prev: u32,
    pub next: u32,
    pub state: State,
    /// Group: its class, slots in use, and how many slots from the start have ever been
    /// handed out (the rest are still zero from the kernel).
    pub class: u8,
    pub used: u16,
    pub fresh: u16,
}

impl Heap {
    /// The meta with index `i`. It is reached only under the heap lock, and callers take
    /// care to hold one reference to a meta at a time.
    ///
    /// # Safety
    /// `i` must be below `self.metas`.
    #[inline(always)]
    pub unsafe fn meta(&self, i: u32) -> *mut Meta {
        // SAFETY: metas below the count lie in mapped chunks.
        unsafe { self.chunks[i as usize / CHUNK_METAS].add(i as usize % CHUNK_METAS) }
    }

    /// The meta with index `i`, if there is one.
    #[inline(always)]
    pub fn meta_checked(&self, i: u32) -> Option<*mut Meta> {
        // SAFETY: the index is below the count.
        (i != NONE && i < self.metas).then(|| unsafe { self.meta(i) })
    }

    /// A meta to use, from the spare list or a fresh one; `None` when the kernel has no
    /// memory for a new chunk or the table is full.
    pub fn new_meta(&mut self, state: State) -> Option<u32> {
        let i = if self.spare != NONE {
            let i = self.spare;
            // SAFETY: spare metas exist.
            self.spare = unsafe { (*self.meta(i)).next };
            i
        } else {
            // The first meta made is 1 ([`NONE`] is 0).
            let i = (self.metas as usize).max(1);
            if i / CHUNK_METAS == MAX_CHUNKS {
                return None;
            }
            if self.chunks[i / CHUNK_METAS].is_null() {
                let chunk = os::map(CHUNK_METAS * size_of::<Meta>())?;
                self.chunks[i / CHUNK_METAS] = chunk.as_ptr().cast();
            }
            self.metas = i as u32 + 1;
            i as u32
        };
        // SAFETY: `i` is below the count now, and the meta is ours to overwrite: spare, or
        // never used.
        unsafe {
            ptr::write(
                self.meta(i),
                Meta { base: 0, pages: 0, free: [0; 4], user: 0, size: 0, prev: NONE, next: NONE, state, class: 0, used: 0, fresh: 0 },
            )
        };
        Some(i)
    }

    /// Puts meta `i`, which is on no list, on the spare list.
    ///
    /// # Safety
    /// `i` must be below the count and on no list.
    pub unsafe fn drop_meta(&mut self, i: u32) {
        // SAFETY: per the contract.
        let m = unsafe { &mut *self.meta(i) };
        m.state = State::Spare;
        m.base = 0;
        m.next = self.spare;
        self.spare = i;
    }
}
