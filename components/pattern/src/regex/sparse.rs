//! A set of states with constant-time insertion, membership and clearing (the sparse-set
//! of Briggs and Torczon), in insertion order, with one value kept per member.
use crate::list::{Buf, NoSpace};

pub(crate) struct SparseSet<V: Copy> {
    dense: Buf<(u32, V)>,
    sparse: Buf<u32>,
}

impl<V: Copy> SparseSet<V> {
    /// A set for members below `n`.
    pub(crate) fn new(n: usize) -> Result<SparseSet<V>, NoSpace> {
        let mut dense = Buf::new();
        dense.reserve(n)?;
        Ok(SparseSet { dense, sparse: Buf::filled(n, 0)? })
    }

    #[inline(always)]
    pub(crate) fn contains(&self, x: u32) -> bool {
        let i = self.sparse[x as usize] as usize;
        i < self.dense.len() && self.dense[i].0 == x
    }

    /// Adds `x` with `v`; false (and no change) when it was a member already.
    #[inline(always)]
    pub(crate) fn insert(&mut self, x: u32, v: V) -> bool {
        if self.contains(x) {
            return false;
        }
        self.sparse[x as usize] = self.dense.len() as u32;
        // Never grows: the room for every member was reserved by `new`.
        let _ = self.dense.push((x, v));
        true
    }

    pub(crate) fn clear(&mut self) {
        self.dense.clear();
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.dense.is_empty()
    }

    /// The members and their values, in insertion order.
    pub(crate) fn members(&self) -> &[(u32, V)] {
        &self.dense
    }
}
