//! `tsearch`, `tfind` and `tdelete`: the caller's root pointer (`void *root = NULL`) holds
//! an AVL tree of keys (`crate::avl`), ordered by the caller's comparison function, which
//! is always called as `compar(key, node's key)`. The walks are `crate::twalk`'s.
use core::ffi::c_void;
use core::ptr::null_mut;

use limpet_abi::errno::{EINVAL, ENOMEM};
use limpet_syscall::set_errno;

use crate::{Compare, CompareFn};
use crate::avl::{LEFT, Node, Path, RIGHT, side};
use crate::imports::{free, malloc};

/// Walks from the root pointer towards `key`, recording the slots it passes in `path`
/// (which holds the root pointer alone): its last slot then holds the node with an equal key
/// or, when there is none, is the empty slot where `key` belongs. The path is the caller's,
/// filled in place: returning one would copy its 97 words at every call.
///
/// # Safety
/// `rootp` must point at a root pointer of a tree that `tsearch` built; `compar` must
/// accept `key` and every key of the tree.
#[inline(always)]
unsafe fn descend(key: *const c_void, path: &mut Path, compar: CompareFn) {
    loop {
        // SAFETY: the last slot is the root pointer or a child link of a live node.
        let n = unsafe { *path.last() };
        if n.is_null() {
            return;
        }
        // SAFETY: `n` is a live node; `compar` takes the caller's key and a stored key.
        let c = unsafe { compar(key, (*n).key) };
        if c == 0 {
            return;
        }
        // SAFETY: `n` is a live node, so its child array is a valid place.
        path.push(unsafe { &raw mut (*n).child[side(c)] });
    }
}

/// `tsearch(key, rootp, compar)`—Finds `key` in the tree `*rootp` roots, or inserts it.
/// Returns the node holding the equal key already there (which is not replaced) or the new
/// node holding `key`; `*(void **)node` is that key. Null with ENOMEM when no node can be
/// allocated (the tree is unchanged); null with EINVAL when `rootp` or `compar` is null
/// (musl returns null for a null `rootp`, as POSIX asks, and leaves errno alone).
///
/// # Safety
/// `rootp` must be null or point at a null pointer or a tree built by these functions;
/// `compar` must order `key` and the tree's keys consistently.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn tsearch(key: *const c_void, rootp: *mut *mut c_void, compar: Compare) -> *mut c_void {
    let Some(compar) = compar.filter(|_| !rootp.is_null()) else {
        set_errno(EINVAL);
        return null_mut();
    };
    // SAFETY: `rootp` is a tree's root pointer (the caller's contract).
    let mut path = Path::new(rootp.cast());
    unsafe { descend(key, &mut path, compar) };
    // SAFETY: the last slot is a valid link, holding the equal node or null.
    let found = unsafe { *path.last() };
    if !found.is_null() {
        return found.cast();
    }
    // SAFETY: a request of a node's size; the result is checked before use.
    let node = unsafe { malloc(size_of::<Node>()) }.cast::<Node>();
    if node.is_null() {
        set_errno(ENOMEM);
        return null_mut();
    }
    // SAFETY: `node` is a fresh block of a node's size and alignment (malloc's), and the last
    // slot is the empty link where `key` belongs: linking it there makes that subtree one
    // level taller, which is what `retrace` mends.
    unsafe {
        node.write(Node { key, child: [null_mut(); 2], height: 1 });
        *path.last() = node;
        path.retrace();
    }
    node.cast()
}

/// `tfind(key, rootp, compar)`—The node of the tree `*rootp` roots whose key equals `key`,
/// or null when there is none (errno untouched). Null with EINVAL when `rootp` or `compar`
/// is null.
///
/// # Safety
/// As for [`tsearch`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn tfind(key: *const c_void, rootp: *const *mut c_void, compar: Compare) -> *mut c_void {
    let Some(compar) = compar.filter(|_| !rootp.is_null()) else {
        set_errno(EINVAL);
        return null_mut();
    };
    // SAFETY: `rootp` points at a root pointer (the caller's contract).
    let mut n = unsafe { *rootp }.cast::<Node>();
    while !n.is_null() {
        // SAFETY: `n` is a live node of the caller's tree.
        let c = unsafe { compar(key, (*n).key) };
        if c == 0 {
            break;
        }
        // SAFETY: as above.
        n = unsafe { (*n).child[side(c)] };
    }
    n.cast()
}

/// `tdelete(key, rootp, compar)`—Removes the node whose key equals `key` from the tree
/// `*rootp` roots and frees it (not the key). Returns, as musl does, the removed node's
/// parent, or, when the removed node was the root, the address the root had (a non-null
/// pointer, no longer a node, to compare and never to follow); `*rootp` then holds the new
/// root, null for an empty tree. Null when no key is equal (errno untouched); null with
/// EINVAL when `rootp` or `compar` is null.
///
/// A removed node with a left subtree gives its place to its in-order predecessor's node
/// (musl copies the predecessor's key into it and frees the predecessor's node instead):
/// the tree's shape and every return value are musl's, and a node pointer the program
/// holds stays valid until its own key is deleted.
///
/// # Safety
/// As for [`tsearch`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn tdelete(key: *const c_void, rootp: *mut *mut c_void, compar: Compare) -> *mut c_void {
    let Some(compar) = compar.filter(|_| !rootp.is_null()) else {
        set_errno(EINVAL);
        return null_mut();
    };
    // SAFETY: `rootp` is a tree's root pointer (the caller's contract).
    let mut path = Path::new(rootp.cast());
    unsafe { descend(key, &mut path, compar) };
    let depth = path.len() - 1;
    // SAFETY: the last slot is a valid link, holding the equal node or null.
    let gone = unsafe { *path.last() };
    if gone.is_null() {
        return null_mut();
    }
    // SAFETY: the slot above a non-root node's links its parent.
    let parent = if depth == 0 { gone } else { unsafe { *path.at(depth - 1) } };
    // SAFETY: `gone` and every node reached from it are live nodes of the tree, and the path
    // records the links down to each: unlinking the predecessor from its slot, and moving it
    // into `gone`'s, leaves a search tree whose deepest recorded subtree is one level lower.
    unsafe {
        if (*gone).child[LEFT].is_null() {
            *path.last() = (*gone).child[RIGHT];
        } else {
            path.push(&raw mut (*gone).child[LEFT]);
            while !(**path.last()).child[RIGHT].is_null() {
                let n = *path.last();
                path.push(&raw mut (*n).child[RIGHT]);
            }
            let pred = *path.last();
            *path.last() = (*pred).child[LEFT];
            (*pred).child = (*gone).child;
            (*pred).height = (*gone).height;
            *path.at(depth) = pred;
            // The link below `gone` on the path now lives in `pred`.
            path.set(depth + 1, &raw mut (*pred).child[LEFT]);
        }
        free(gone.cast());
        path.retrace();
    }
    parent.cast()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::avl::{MAX_HEIGHT, height};
    use crate::testutil::{Rng, by_address, key};
    use crate::twalk::tdestroy;
    use std::collections::BTreeSet;

    /// Checks the tree's order, stored heights and AVL balance; returns its keys in order.
    fn check(root: *mut c_void) -> Vec<usize> {
        fn walk(n: *mut Node, keys: &mut Vec<usize>) -> i32 {
            if n.is_null() {
                return 0;
            }
            let (l, r) = unsafe { ((*n).child[LEFT], (*n).child[RIGHT]) };
            let hl = walk(l, keys);
            keys.push(unsafe { (*n).key } as usize);
            let hr = walk(r, keys);
            assert!((hl - hr).abs() <= 1, "unbalanced at {}", unsafe { (*n).key } as usize);
            assert_eq!(unsafe { height(n) }, 1 + hl.max(hr));
            1 + hl.max(hr)
        }
        let mut keys = Vec::new();
        let h = walk(root.cast(), &mut keys);
        assert!(keys.windows(2).all(|w| w[0] < w[1]), "out of order");
        let bound = 1.45 * ((keys.len() + 2) as f64).log2();
        assert!(f64::from(h) <= bound, "height {h} for {} nodes", keys.len());
        assert!(h as usize <= MAX_HEIGHT);
        keys
    }

    #[test]
    fn random_operations_agree_with_a_btreeset() {
        let mut rng = Rng::new(0x5eed_7ee5);
        let mut root: *mut c_void = null_mut();
        let mut model = BTreeSet::new();
        // Keys from a range a little wider than the live set, so inserts find equal keys,
        // deletes miss, and the tree grows and shrinks through every shape.
        for op in 0..100_000u32 {
            let span = if op < 50_000 { 4096 } else { 600 };
            let k = 1 + rng.below(span);
            match rng.below(8) {
                0..=3 => {
                    let n = unsafe { tsearch(key(k), &mut root, Some(by_address)) };
                    assert!(!n.is_null());
                    assert_eq!(unsafe { *n.cast::<*const c_void>() }, key(k));
                    model.insert(k);
                }
                4..=5 => {
                    let before = root;
                    let parent = unsafe { tdelete(key(k), &mut root, Some(by_address)) };
                    assert_eq!(parent.is_null(), !model.remove(&k));
                    if !parent.is_null() && parent != before {
                        // A parent is a live node, whose key is still in the tree.
                        let pk = unsafe { *parent.cast::<*const c_void>() } as usize;
                        assert!(model.contains(&pk));
                    }
                }
                _ => {
                    let n = unsafe { tfind(key(k), &root, Some(by_address)) };
                    assert_eq!(!n.is_null(), model.contains(&k));
                }
            }
            if op % 997 == 0 {
                assert_eq!(check(root), model.iter().copied().collect::<Vec<_>>());
            }
        }
        assert_eq!(check(root), model.iter().copied().collect::<Vec<_>>());
        unsafe { tdestroy(root, None) };
    }

    #[test]
    fn ascending_inserts_stay_balanced() {
        let mut root: *mut c_void = null_mut();
        for k in 1..=100_000 {
            unsafe { tsearch(key(k), &mut root, Some(by_address)) };
        }
        assert_eq!(check(root).len(), 100_000);
        // Deleting every other key from the front keeps it balanced on the way down.
        for k in (1..=100_000).step_by(2) {
            assert!(!unsafe { tdelete(key(k), &mut root, Some(by_address)) }.is_null());
        }
        assert_eq!(check(root), (2..=100_000).step_by(2).collect::<Vec<_>>());
        unsafe { tdestroy(root, None) };
    }

    #[test]
    fn equal_keys_return_the_node_already_there() {
        let mut root: *mut c_void = null_mut();
        let a = unsafe { tsearch(key(7), &mut root, Some(by_address)) };
        let b = unsafe { tsearch(key(7), &mut root, Some(by_address)) };
        assert_eq!(a, b);
        assert_eq!(unsafe { tfind(key(7), &root, Some(by_address)) }, a);
        unsafe { tdestroy(root, None) };
    }

    #[test]
    fn deleting_the_root_returns_its_old_address() {
        let mut root: *mut c_void = null_mut();
        for k in [5, 3, 8] {
            unsafe { tsearch(key(k), &mut root, Some(by_address)) };
        }
        let old = root;
        assert_eq!(unsafe { tdelete(key(5), &mut root, Some(by_address)) }, old);
        assert_eq!(check(root), [3, 8]);
        // The parent, otherwise.
        let r = root;
        assert_eq!(unsafe { tdelete(key(8), &mut root, Some(by_address)) }, r);
        let last = root;
        assert_eq!(unsafe { tdelete(key(3), &mut root, Some(by_address)) }, last);
        assert!(root.is_null());
        assert!(unsafe { tdelete(key(3), &mut root, Some(by_address)) }.is_null());
    }

    #[test]
    fn other_nodes_survive_a_deletion() {
        // Deleting a key with two subtrees moves its predecessor's node, which stays valid.
        let mut root: *mut c_void = null_mut();
        let nodes: Vec<_> = (1..=31).map(|k| unsafe { tsearch(key(k), &mut root, Some(by_address)) }).collect();
        unsafe { tdelete(key(16), &mut root, Some(by_address)) };
        for (i, n) in nodes.iter().enumerate() {
            if i + 1 != 16 {
                assert_eq!(unsafe { *n.cast::<*const c_void>() }, key(i + 1));
                assert_eq!(unsafe { tfind(key(i + 1), &root, Some(by_address)) }, *n);
            }
        }
        check(root);
        unsafe { tdestroy(root, None) };
    }

    #[test]
    fn null_arguments_are_einval() {
        let mut root: *mut c_void = null_mut();
        for f in [
            unsafe { tsearch(key(1), null_mut(), Some(by_address)) },
            unsafe { tsearch(key(1), &mut root, None) },
            unsafe { tfind(key(1), core::ptr::null(), Some(by_address)) },
            unsafe { tdelete(key(1), null_mut(), Some(by_address)) },
            unsafe { tdelete(key(1), &mut root, None) },
        ] {
            assert!(f.is_null());
        }
        limpet_syscall::set_errno(0);
        assert!(unsafe { tfind(key(1), null_mut(), None) }.is_null());
        assert_eq!(limpet_syscall::errno(), EINVAL);
        // A miss is not an error.
        limpet_syscall::set_errno(0);
        assert!(unsafe { tfind(key(1), &root, Some(by_address)) }.is_null());
        assert_eq!(limpet_syscall::errno(), 0);
    }
}
