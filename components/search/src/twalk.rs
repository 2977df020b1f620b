//! `twalk` and `tdestroy`: the walks over a tree `crate::tsearch` built. Both recurse, one
//! level per tree level, so their depth is bounded by the tree's height (`avl::MAX_HEIGHT`).
use core::ffi::{c_int, c_void};

use limpet_abi::errno::EINVAL;
use limpet_abi::search::{ENDORDER, LEAF, POSTORDER, PREORDER, VISIT};
use limpet_syscall::set_errno;

use crate::avl::{LEFT, Node, RIGHT};
use crate::imports::free;

/// `twalk`'s callback: a node, which visit this is, and the node's depth (the root's is 0).
pub type Action = Option<unsafe extern "C" fn(*const c_void, VISIT, c_int)>;

/// `tdestroy`'s callback, given each key. `None` is C's null pointer.
pub type FreeKey = Option<unsafe extern "C" fn(*mut c_void)>;

/// `twalk(root, action)`—Walks the tree `root` roots (the root node, not the root
/// pointer), depth first and left to right. A node without children gets one call,
/// `leaf`; any other gets `preorder` before its left subtree, `postorder` between its
/// subtrees and `endorder` after its right subtree, also when a subtree is empty. The
/// depth is the root's 0 plus one per level. A null `root` walks nothing; a null `action`
/// walks nothing and sets EINVAL (musl calls it).
///
/// # Safety
/// `root` must be null or a node of a tree `tsearch` built, not changed until `twalk`
/// returns (`action` must not insert or delete).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn twalk(root: *const c_void, action: Action) {
    let Some(action) = action else {
        set_errno(EINVAL);
        return;
    };
    // SAFETY: `root` is null or a node of an unchanging tree (the caller's contract).
    unsafe { walk(root.cast(), action, 0) }
}

/// Visits the subtree `n` roots, at depth `depth`.
///
/// # Safety
/// `n` must be null or a node of a tree that does not change during the walk.
unsafe fn walk(n: *const Node, action: unsafe extern "C" fn(*const c_void, VISIT, c_int), depth: c_int) {
    if n.is_null() {
        return;
    }
    // SAFETY: `n` is a live node, its children null or live nodes (the caller's contract);
    // `action` is the caller's function of twalk's type.
    unsafe {
        let [l, r] = (*n).child;
        if l.is_null() && r.is_null() {
            action(n.cast(), LEAF, depth);
            return;
        }
        action(n.cast(), PREORDER, depth);
        walk(l, action, depth + 1);
        action(n.cast(), POSTORDER, depth);
        walk(r, action, depth + 1);
        action(n.cast(), ENDORDER, depth);
    }
}

/// `tdestroy(root, free_key)`—Frees every node of the tree `root` roots, after passing its
/// key to `free_key` when that is not null: the left subtree first, then the right, then
/// the node (musl's order). A null `root` frees nothing. The caller's root pointer is left
/// as it was, to be set to null.
///
/// # Safety
/// `root` must be null or the root node of a tree `tsearch` built, not used afterwards;
/// `free_key` must accept each key.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn tdestroy(root: *mut c_void, free_key: FreeKey) {
    // SAFETY: `root` is null or a tree's root node, which the caller gives up.
    unsafe { destroy(root.cast(), free_key) }
}

/// Frees the subtree `n` roots, children before parents.
///
/// # Safety
/// `n` must be null or a node of a tree that nothing uses afterwards.
unsafe fn destroy(n: *mut Node, free_key: FreeKey) {
    if n.is_null() {
        return;
    }
    // SAFETY: `n` is a live node the caller gives up, each child freed before it; the node
    // came from `malloc` in `tsearch`.
    unsafe {
        destroy((*n).child[LEFT], free_key);
        destroy((*n).child[RIGHT], free_key);
        if let Some(f) = free_key {
            f((*n).key.cast_mut());
        }
        free(n.cast());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{by_address, key};
    use crate::tsearch::tsearch;
    use core::ptr::null_mut;
    use std::cell::RefCell;

    thread_local! {
        static SEEN: RefCell<Vec<(usize, VISIT, c_int)>> = const { RefCell::new(Vec::new()) };
    }

    unsafe extern "C" fn record(node: *const c_void, v: VISIT, depth: c_int) {
        let k = unsafe { *node.cast::<*const c_void>() } as usize;
        SEEN.with(|s| s.borrow_mut().push((k, v, depth)));
    }

    unsafe extern "C" fn record_key(k: *mut c_void) {
        SEEN.with(|s| s.borrow_mut().push((k as usize, LEAF, -1)));
    }

    fn tree(keys: &[usize]) -> *mut c_void {
        let mut root = null_mut();
        for &k in keys {
            unsafe { tsearch(key(k), &mut root, Some(by_address)) };
        }
        root
    }

    fn take() -> Vec<(usize, VISIT, c_int)> {
        SEEN.with(|s| std::mem::take(&mut *s.borrow_mut()))
    }

    #[test]
    fn visits_in_musls_order_with_depths() {
        // 2 over 1 and 3; then 4 under 3: 3 has an empty left subtree.
        let root = tree(&[2, 1, 3, 4]);
        unsafe { twalk(root, Some(record)) };
        assert_eq!(
            take(),
            [
                (2, PREORDER, 0),
                (1, LEAF, 1),
                (2, POSTORDER, 0),
                (3, PREORDER, 1),
                (3, POSTORDER, 1),
                (4, LEAF, 2),
                (3, ENDORDER, 1),
                (2, ENDORDER, 0),
            ]
        );
        unsafe { tdestroy(root, Some(record_key)) };
        let freed: Vec<usize> = take().iter().map(|v| v.0).collect();
        assert_eq!(freed, [1, 4, 3, 2]);
    }

    #[test]
    fn postorder_and_leaf_visits_are_the_in_order_walk() {
        let keys: Vec<usize> = (1..=5000).map(|i| (i * 7919) % 5003 + 1).collect();
        let root = tree(&keys);
        unsafe { twalk(root, Some(record)) };
        let inorder: Vec<usize> = take().into_iter().filter(|v| v.1 == POSTORDER || v.1 == LEAF).map(|v| v.0).collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(inorder, sorted);
        unsafe { tdestroy(root, None) };
    }

    #[test]
    fn empty_trees_and_null_actions() {
        unsafe { twalk(null_mut(), Some(record)) };
        unsafe { tdestroy(null_mut(), Some(record_key)) };
        assert!(take().is_empty());
        let root = tree(&[1]);
        limpet_syscall::set_errno(0);
        unsafe { twalk(root, None) };
        assert_eq!(limpet_syscall::errno(), EINVAL);
        unsafe { twalk(root, Some(record)) };
        assert_eq!(take(), [(1, LEAF, 0)]);
        unsafe { tdestroy(root, None) };
    }
}
