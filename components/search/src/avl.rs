//! The tree under `tsearch`: an AVL tree, each node holding its subtree's height, and the
//! path of child slots that an insertion or a deletion walks down and then back up.
//!
//! A node starts with the key pointer: POSIX programs read `*(void **)node` to get the key
//! `tsearch` stored, and `twalk` hands them nodes. Everything after it is limpet's own.
//!
//! The shapes are musl's: an insertion or a deletion changes one subtree's height by one
//! level; each ancestor, from the lowest up, is rotated when its two subtrees now differ by
//! two (a double rotation when the taller child leans inwards, a single one otherwise, also
//! when that child is even) and the climb stops at the first ancestor whose height stays.
//! So the same sequence of calls builds the same tree on both, which `twalk` shows.
use core::ffi::{c_int, c_void};
use core::mem::MaybeUninit;

/// A tree node, as `tsearch` and `tfind` return it and `twalk` passes it.
#[repr(C)]
pub(crate) struct Node {
    /// The caller's key: first, so that `*(void **)node` is it.
    pub(crate) key: *const c_void,
    /// The subtrees: [`LEFT`] holds the smaller keys, [`RIGHT`] the larger; null when empty.
    pub(crate) child: [*mut Node; 2],
    /// The height of the subtree this node roots: 1 for a node without children.
    pub(crate) height: c_int,
}

/// The index of the subtree of smaller keys in [`Node::child`].
pub(crate) const LEFT: usize = 0;
/// The index of the subtree of larger keys.
pub(crate) const RIGHT: usize = 1;

/// An upper bound on any tree's height. An AVL tree of height h has at least F(h+2)-1
/// nodes (F the Fibonacci numbers), so its height is below 1.45·log2(n+2), and fewer than
/// 2^BITS nodes fit in the address space.
pub(crate) const MAX_HEIGHT: usize = usize::BITS as usize * 3 / 2;

/// The height of the subtree `n` roots, 0 when it is empty.
///
/// # Safety
/// `n` must be null or a node of a tree.
#[inline]
pub(crate) unsafe fn height(n: *const Node) -> c_int {
    // SAFETY: the caller passes null or a live node.
    if n.is_null() { 0 } else { unsafe { (*n).height } }
}

/// The side of a node a key that compares as `c` with the node's key belongs on.
#[inline]
pub(crate) fn side(c: c_int) -> usize {
    if c > 0 { RIGHT } else { LEFT }
}

/// Sets a node's height from its children's.
///
/// # Safety
/// `n` must be a node whose children are null or nodes with correct heights.
unsafe fn fix_height(n: *mut Node) {
    // SAFETY: `n` and its non-null children are live nodes (the caller's contract).
    unsafe { (*n).height = 1 + height((*n).child[LEFT]).max(height((*n).child[RIGHT])) }
}

/// Lifts `n`'s child on `side` into `n`'s place, `n` becoming that child's subtree on the
/// other side; returns the subtree's new root.
///
/// # Safety
/// `n` must be a node with a child on `side`, all heights below them correct.
unsafe fn lift(n: *mut Node, side: usize) -> *mut Node {
    let other = 1 - side;
    // SAFETY: `n` and its child `c` are live nodes of the caller's tree, and only their
    // child links and heights change.
    unsafe {
        let c = (*n).child[side];
        (*n).child[side] = (*c).child[other];
        (*c).child[other] = n;
        fix_height(n);
        fix_height(c);
        c
    }
}

/// Restores the AVL condition at the subtree in `*slot` after one of its subtrees grew or
/// shrank by one level, and updates its height. Returns whether the subtree's height
/// changed, which is when its parent needs the same.
///
/// # Safety
/// `slot` must point at a non-null node whose subtrees are AVL trees with correct heights,
/// differing by at most two.
pub(crate) unsafe fn rebalance(slot: *mut *mut Node) -> bool {
    // SAFETY: `*slot` is a live node (the caller's contract); each rotation is given the
    // child it lifts, which exists because that side is the taller by two levels.
    unsafe {
        let n = *slot;
        let before = (*n).height;
        let (l, r) = (height((*n).child[LEFT]), height((*n).child[RIGHT]));
        let heavy = if l > r + 1 {
            LEFT
        } else if r > l + 1 {
            RIGHT
        } else {
            fix_height(n);
            return (*n).height != before;
        };
        let light = 1 - heavy;
        let c = (*n).child[heavy];
        // A child leaning inwards would stay too tall after one rotation, on the other side.
        if height((*c).child[light]) > height((*c).child[heavy]) {
            (*n).child[heavy] = lift(c, light);
        }
        let top = lift(n, heavy);
        *slot = top;
        (*top).height != before
    }
}

/// The child slots from the root pointer down to one node: `slots[0]` is the caller's
/// root pointer, `slots[k]` the link to the node at depth k.
pub(crate) struct Path {
    /// The first `len` are set; the rest are never read (not cleared either: a path is made
    /// for every call, and clearing 97 words would cost more than the walk).
    slots: [MaybeUninit<*mut *mut Node>; MAX_HEIGHT + 1],
    len: usize,
}

impl Path {
    /// A path holding only the root pointer.
    #[inline(always)]
    pub(crate) fn new(rootp: *mut *mut Node) -> Path {
        let mut slots = [MaybeUninit::uninit(); MAX_HEIGHT + 1];
        slots[0].write(rootp);
        Path { slots, len: 1 }
    }

    /// The deepest slot.
    #[inline]
    pub(crate) fn last(&self) -> *mut *mut Node {
        self.at(self.len - 1)
    }

    /// The number of slots, the root pointer's included.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The slot at depth `k`.
    #[inline]
    pub(crate) fn at(&self, k: usize) -> *mut *mut Node {
        assert!(k < self.len);
        // SAFETY: the first `len` slots are set.
        unsafe { self.slots[k].assume_init() }
    }

    /// Replaces the slot at depth `k`, after the node that held it moved.
    #[inline]
    pub(crate) fn set(&mut self, k: usize, slot: *mut *mut Node) {
        assert!(k < self.len);
        self.slots[k].write(slot);
    }

    /// Goes one level down, through `slot`. A tree built by `tsearch` is never deeper than
    /// [`MAX_HEIGHT`]; a deeper one (memory the caller corrupted) ends in a bounds panic,
    /// not a write past the array.
    #[inline]
    pub(crate) fn push(&mut self, slot: *mut *mut Node) {
        self.slots[self.len].write(slot);
        self.len += 1;
    }

    /// Rebalances the ancestors of the deepest slot's subtree, which grew or shrank by one
    /// level, from the lowest up, until one keeps its height.
    ///
    /// # Safety
    /// Every slot of the path must be a live link of one tree, each below the one before,
    /// and the tree an AVL tree but for the deepest subtree's one-level change.
    pub(crate) unsafe fn retrace(&self) {
        for k in (0..self.len - 1).rev() {
            // SAFETY: slot k links the parent of the subtree that changed (the caller's
            // contract), so its node is non-null and its subtrees differ by at most two.
            if !unsafe { rebalance(self.at(k)) } {
                break;
            }
        }
    }
}
