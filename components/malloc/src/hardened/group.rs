//! Slots in groups: per class, a doubly linked list of the groups with a free slot. A slot
//! is taken from the first group, lowest index first (which keeps groups dense and lets a
//! group's never-used tail stay zero); a group that empties is given back to the kernel,
//! unless it is its class's only group with room, so that a malloc/free loop does not map
//! and release a group each time.
use super::class::{GROUP_HDR, group_pages, group_slots, stride};
use super::header;
use super::state::Heap;
use super::meta::{NONE, State};

impl Heap {
    /// A free slot of class `c`: its payload address, its index, and whether its payload is
    /// still zero from the kernel.
    #[inline]
    pub fn alloc_slot(&mut self, c: usize) -> Option<(usize, usize, bool)> {
        let mut i = self.avail[c];
        if i == NONE {
            i = self.new_group(c)?;
        }
        // SAFETY: groups on a class list exist; this is the only reference to the meta.
        let m = unsafe { &mut *self.meta(i) };
        let w = m.free.iter().position(|&w| w != 0).unwrap_or(3);
        let idx = w * 64 + m.free[w].trailing_zeros() as usize;
        m.free[w] &= m.free[w] - 1;
        m.used += 1;
        let zeroed = idx >= m.fresh as usize;
        if zeroed {
            m.fresh = idx as u16 + 1;
        }
        let slot = m.base + GROUP_HDR + idx * stride(c);
        if m.used as usize == group_slots(c) {
            self.unlink(c, i);
        }
        Some((slot, idx, zeroed))
    }

    /// Marks slot `idx` of group `i` (class `c`) free; an emptied group may go back to the
    /// kernel.
    ///
    /// # Safety
    /// `i` must be a group of class `c` whose slot `idx` is in use and no longer used.
    #[inline]
    pub unsafe fn free_slot(&mut self, i: u32, c: usize, idx: usize) {
        // SAFETY: per the contract; this is the only reference to the meta.
        let m = unsafe { &mut *self.meta(i) };
        let was_full = m.used as usize == group_slots(c);
        m.free[idx / 64] |= 1 << (idx % 64);
        m.used -= 1;
        let empty = m.used == 0;
        if was_full {
            self.push_avail(c, i);
        }
        // SAFETY: as above.
        let m = unsafe { &*self.meta(i) };
        if empty && (m.prev != NONE || m.next != NONE) {
            self.unlink(c, i);
            // SAFETY: the group has no slot in use and is off its list.
            unsafe { self.give_back(i) };
        }
    }

    /// A new, empty group of class `c`, at the head of its list.
    #[cold]
    fn new_group(&mut self, c: usize) -> Option<u32> {
        let (i, base) = self.take_run(group_pages(c), State::Group)?;
        let slots = group_slots(c);
        // SAFETY: `i` is the run's meta; the run is ours, zeroed, at least a page long.
        unsafe {
            let m = &mut *self.meta(i);
            m.class = c as u8;
            m.used = 0;
            m.fresh = 0;
            for (w, word) in m.free.iter_mut().enumerate() {
                let n = slots.saturating_sub(w * 64).min(64);
                *word = if n == 64 { u64::MAX } else { (1 << n) - 1 };
            }
            (base as *mut u64).write(header::group_word(base, i, self.secret));
        }
        self.push_avail(c, i);
        Some(i)
    }

    fn push_avail(&mut self, c: usize, i: u32) {
        let head = self.avail[c];
        // SAFETY: `i` and the head are groups of class `c`; one reference at a time.
        unsafe {
            let m = &mut *self.meta(i);
            m.prev = NONE;
            m.next = head;
            if head != NONE {
                (*self.meta(head)).prev = i;
            }
        }
        self.avail[c] = i;
    }

    fn unlink(&mut self, c: usize, i: u32) {
        // SAFETY: `i` is on class `c`'s list, as are its neighbours.
        unsafe {
            let (prev, next) = ((*self.meta(i)).prev, (*self.meta(i)).next);
            if prev == NONE {
                self.avail[c] = next;
            } else {
                (*self.meta(prev)).next = next;
            }
            if next != NONE {
                (*self.meta(next)).prev = prev;
            }
            let m = &mut *self.meta(i);
            m.prev = NONE;
            m.next = NONE;
        }
    }
}
