//! `insque` and `remque`: doubly linked queues of the caller's elements, each starting with
//! a forward and a backward link (`struct qelem`'s first two members). Only those two words
//! are read or written, so an element may be any struct that starts with them.
use core::ffi::c_void;

use limpet_abi::errno::EINVAL;
use limpet_abi::search::Qelem;
use limpet_syscall::set_errno;

/// `insque(element, pred)`—Links `element` into a queue just after `pred`. With a null
/// `pred`, `element` becomes a linear list of its own: both its links null. `pred`'s
/// successor may be null (the end of a linear list) or an element (a circular list, or
/// the middle of a linear one). A null `element` sets EINVAL and links nothing.
///
/// # Safety
/// `element` must be null or start with two writable link words; `pred` null or an
/// element of a well-formed queue.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn insque(element: *mut c_void, pred: *mut c_void) {
    let (e, p) = (element.cast::<Qelem>(), pred.cast::<Qelem>());
    if e.is_null() {
        set_errno(EINVAL);
        return;
    }
    // SAFETY: `e` and a non-null `p` and its successor are elements of the caller's, of
    // which only the two link words are touched (raw places, no reference to the rest).
    unsafe {
        if p.is_null() {
            (*e).q_forw = core::ptr::null_mut();
            (*e).q_back = core::ptr::null_mut();
            return;
        }
        let next = (*p).q_forw;
        (*e).q_forw = next;
        (*e).q_back = p;
        (*p).q_forw = e;
        if !next.is_null() {
            (*next).q_back = e;
        }
    }
}

/// `remque(element)`—Unlinks `element` from its queue, joining its neighbours (either may
/// be null: an end of a linear list). `element`'s own links are left as they were. A null
/// `element` sets EINVAL.
///
/// # Safety
/// `element` must be null or an element of a well-formed queue.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn remque(element: *mut c_void) {
    let e = element.cast::<Qelem>();
    if e.is_null() {
        set_errno(EINVAL);
        return;
    }
    // SAFETY: `e` and its non-null neighbours are elements of one queue; only their link
    // words are touched.
    unsafe {
        let (next, prev) = ((*e).q_forw, (*e).q_back);
        if !next.is_null() {
            (*next).q_back = prev;
        }
        if !prev.is_null() {
            (*prev).q_forw = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ptr::null_mut;

    /// An element as programs write one: the two links, then their own data.
    #[repr(C)]
    struct Item {
        forw: *mut Item,
        back: *mut Item,
        value: u32,
    }

    fn items(n: u32) -> Vec<Item> {
        (0..n).map(|value| Item { forw: null_mut(), back: null_mut(), value }).collect()
    }

    fn ptr(i: &mut Item) -> *mut c_void {
        (i as *mut Item).cast()
    }

    /// The values forwards from `head` (at most `limit`), and backwards from where that ends.
    fn walk(head: *mut Item, limit: usize) -> (Vec<u32>, Vec<u32>) {
        let (mut fwd, mut back) = (Vec::new(), Vec::new());
        let (mut p, mut last) = (head, head);
        while !p.is_null() && fwd.len() < limit {
            fwd.push(unsafe { (*p).value });
            last = p;
            p = unsafe { (*p).forw };
        }
        p = last;
        while !p.is_null() && back.len() < limit {
            back.push(unsafe { (*p).value });
            p = unsafe { (*p).back };
        }
        (fwd, back)
    }

    #[test]
    fn a_linear_list() {
        let mut v = items(4);
        let [a, b, c, d] = [0, 1, 2, 3].map(|i| ptr(&mut v[i]));
        unsafe {
            insque(a, null_mut());
            insque(c, a);
            insque(b, a);
            insque(d, c);
        }
        assert_eq!(walk(a.cast(), 10), (vec![0, 1, 2, 3], vec![3, 2, 1, 0]));
        unsafe { remque(b) };
        assert_eq!(walk(a.cast(), 10), (vec![0, 2, 3], vec![3, 2, 0]));
        unsafe { remque(d) };
        assert_eq!(walk(a.cast(), 10), (vec![0, 2], vec![2, 0]));
        unsafe { remque(a) };
        assert_eq!(walk(c.cast(), 10), (vec![2], vec![2]));
        // The removed element keeps its links.
        assert_eq!(unsafe { (*b.cast::<Item>()).forw }.cast::<c_void>(), c);
    }

    #[test]
    fn a_circular_list() {
        let mut v = items(3);
        let [a, b, c] = [0, 1, 2].map(|i| ptr(&mut v[i]));
        unsafe {
            (*a.cast::<Item>()).forw = a.cast();
            (*a.cast::<Item>()).back = a.cast();
        }
        unsafe {
            insque(b, a);
            insque(c, b);
        }
        // Around twice, each way.
        assert_eq!(walk(a.cast(), 6).0, [0, 1, 2, 0, 1, 2]);
        assert_eq!(unsafe { (*(*a.cast::<Item>()).back).value }, 2);
        unsafe { remque(b) };
        assert_eq!(walk(a.cast(), 4).0, [0, 2, 0, 2]);
        unsafe { remque(c) };
        let head = unsafe { &*a.cast::<Item>() };
        assert_eq!((head.forw.cast::<c_void>(), head.back.cast::<c_void>()), (a, a));
    }

    #[test]
    fn null_elements_are_einval() {
        limpet_syscall::set_errno(0);
        unsafe { insque(null_mut(), null_mut()) };
        assert_eq!(limpet_syscall::errno(), EINVAL);
        limpet_syscall::set_errno(0);
        unsafe { remque(null_mut()) };
        assert_eq!(limpet_syscall::errno(), EINVAL);
    }
}
