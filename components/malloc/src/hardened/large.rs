//! Large blocks: a mapping each, starting with a group word that names the block's meta, the
//! header under the payload, and the check byte after it when the last page has room. Freeing
//! unmaps the block (but for its first page, see `free_large`); resizing one that starts at
//! the head of its mapping is `mremap`.
use limpet_abi::limits::PAGESIZE;

use super::class::UNIT;
use super::header;
use super::state::Heap;
use super::meta::State;
use crate::os;

/// The mapping length for `n` bytes at most `lead` bytes past its start, or `None` if no
/// mapping can be that big.
fn map_len(lead: usize, n: usize) -> Option<usize> {
    let len = n.checked_add(lead)?.checked_add(PAGESIZE - 1)? & !(PAGESIZE - 1);
    (len <= isize::MAX as usize).then_some(len)
}

impl Heap {
    /// A block of `n` bytes aligned to `align` (a power of two, at least [`UNIT`]) in a new
    /// mapping.
    pub fn alloc_large(&mut self, n: usize, align: usize) -> Option<usize> {
        // The payload starts past the group word and the header, at the first aligned spot.
        let lead = if align > UNIT { align.checked_add(UNIT)? } else { UNIT };
        let len = map_len(lead, n)?;
        let i = self.new_meta(State::Large)?;
        let Some(base) = os::map(len) else {
            // SAFETY: the meta is on no list.
            unsafe { self.drop_meta(i) };
            return None;
        };
        let base = base.as_ptr() as usize;
        let p = (base + UNIT).next_multiple_of(align.max(UNIT));
        if (p - base) / UNIT > u32::MAX as usize {
            // SAFETY: the mapping is ours and unused; the meta is on no list.
            unsafe {
                os::unmap(core::ptr::NonNull::new_unchecked(base as *mut u8), len);
                self.drop_meta(i);
            }
            return None;
        }
        // SAFETY: `i` is a new meta, and the mapping is ours.
        unsafe {
            let m = &mut *self.meta(i);
            m.pages = len / PAGESIZE;
            self.stamp_large(i, base, p, n);
        }
        Some(p)
    }

    /// Writes the in-band words of large block `i`: mapped at `base`, handed out at `p`, `n`
    /// bytes long; records them in its meta.
    ///
    /// # Safety
    /// `i` must be a large block's meta, whose mapping at `base` holds `p..p + n`.
    unsafe fn stamp_large(&mut self, i: u32, base: usize, p: usize, n: usize) {
        // SAFETY: per the contract.
        unsafe {
            let m = &mut *self.meta(i);
            m.base = base;
            m.user = p;
            m.size = n;
            let end = base + m.pages * PAGESIZE;
            (base as *mut u64).write(header::group_word(base, i, self.secret));
            ((p - 8) as *mut u64).write(header::encode_large(p, (p - base) / UNIT, self.secret));
            if p + n < end {
                ((p + n) as *mut u8).write(header::canary(p, self.secret));
            }
        }
    }

    /// The room from the large block `i`'s payload to the end of its mapping.
    ///
    /// # Safety
    /// `i` must be a large block's meta.
    pub unsafe fn large_room(&self, i: u32) -> usize {
        // SAFETY: per the contract.
        let m = unsafe { &*self.meta(i) };
        m.base + m.pages * PAGESIZE - m.user
    }

    /// Records a new size for large block `i`, which has room for it.
    ///
    /// # Safety
    /// `i` must be a large block's meta and `n` at most its room.
    pub unsafe fn set_large_size(&mut self, i: u32, n: usize) {
        // SAFETY: per the contract.
        unsafe {
            let (base, p) = ((*self.meta(i)).base, (*self.meta(i)).user);
            self.stamp_large(i, base, p, n);
        }
    }

    /// Resizes large block `i`, whose payload starts at the head of its mapping, to `n`
    /// bytes with `mremap`; `None` leaves it untouched.
    ///
    /// # Safety
    /// `i` must be a large block's meta whose payload is `UNIT` past its base.
    pub unsafe fn resize_large(&mut self, i: u32, n: usize) -> Option<usize> {
        let len = map_len(UNIT, n)?;
        // SAFETY: per the contract; the block owns its whole mapping.
        unsafe {
            let (base, old) = ((*self.meta(i)).base, (*self.meta(i)).pages * PAGESIZE);
            let base = if len == old {
                base
            } else {
                os::remap(core::ptr::NonNull::new_unchecked(base as *mut u8), old, len)?.as_ptr() as usize
            };
            (*self.meta(i)).pages = len / PAGESIZE;
            self.stamp_large(i, base, base + UNIT, n);
            Some(base + UNIT)
        }
    }

    /// Unmaps large block `i`, all but its first page: that page goes back to the kernel and
    /// is kept mapped (the last [`super::pages::MAX_KEPT`] such pages are), so a second free of
    /// the block reads zeros under it and is refused instead of faulting. One-page groups
    /// reuse kept pages, oldest first.
    ///
    /// # Safety
    /// `i` must be a large block's meta; the block is gone afterwards.
    pub unsafe fn free_large(&mut self, i: u32) {
        // SAFETY: per the contract.
        unsafe {
            let m = &mut *self.meta(i);
            let (base, len) = (m.base, m.pages * PAGESIZE);
            // The kernel's page may be larger than ours; it unmaps whole pages of its own.
            let keep = os::page_size().min(len);
            os::unmap(core::ptr::NonNull::new_unchecked((base + keep) as *mut u8), len - keep);
            m.pages = 1;
            super::pages::release(base, PAGESIZE);
            self.keep(i);
        }
    }
}
