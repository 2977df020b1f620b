//! `lsearch` and `lfind`: a linear search of the caller's array of `*nelp` elements of
//! `width` bytes each, calling `compar(key, element)` on each from the first; `lsearch`
//! appends the key when none is equal.
use core::ffi::c_void;
use core::ptr::null_mut;

use limpet_abi::errno::EINVAL;
use limpet_syscall::set_errno;

use crate::{Compare, CompareFn};

/// The first element equal to `key` among `n` elements of `width` bytes at `base`.
///
/// # Safety
/// `base` must hold `n` elements of `width` bytes that `compar` accepts, with `key`.
unsafe fn find(
    key: *const c_void,
    base: *const c_void,
    n: usize,
    width: usize,
    compar: CompareFn,
) -> Option<*mut c_void> {
    (0..n).find_map(|i| {
        // SAFETY: element `i` lies within the caller's array of `n` elements.
        let e = unsafe { base.byte_add(i * width) };
        // SAFETY: `compar` takes the key and an element (the caller's contract).
        (unsafe { compar(key, e) } == 0).then_some(e.cast_mut())
    })
}

/// `lfind(key, base, nelp, width, compar)`—The first of the `*nelp` elements of `width`
/// bytes at `base` that `compar(key, element)` says is equal (returns 0), or null when
/// none is (errno untouched). Null with EINVAL when `nelp` or `compar` is null, or `base`
/// is null with elements to read.
///
/// # Safety
/// `nelp` must be null or readable; `base` must hold `*nelp` elements of `width` bytes
/// that `compar` accepts, with `key`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn lfind(key: *const c_void, base: *const c_void, nelp: *mut usize, width: usize, compar: Compare) -> *mut c_void {
    let Some(compar) = compar.filter(|_| !nelp.is_null()) else {
        set_errno(EINVAL);
        return null_mut();
    };
    // SAFETY: `nelp` is readable (the caller's contract).
    let n = unsafe { *nelp };
    if base.is_null() && n > 0 {
        set_errno(EINVAL);
        return null_mut();
    }
    // SAFETY: `base` holds `n` elements (the caller's contract).
    unsafe { find(key, base, n, width, compar) }.unwrap_or(null_mut())
}

/// `lsearch(key, base, nelp, width, compar)`—As [`lfind`], but when no element is equal,
/// copies the `width` bytes at `key` to the end of the array, adds one to `*nelp` and
/// returns the new element. Null with EINVAL when `base`, `nelp` or `compar` is null.
///
/// # Safety
/// As for [`lfind`]; `nelp` must be writable, `key` must have `width` readable bytes, and
/// the array must have room for one more element.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn lsearch(key: *const c_void, base: *mut c_void, nelp: *mut usize, width: usize, compar: Compare) -> *mut c_void {
    let Some(compar) = compar.filter(|_| !nelp.is_null() && !base.is_null()) else {
        set_errno(EINVAL);
        return null_mut();
    };
    // SAFETY: `nelp` is readable (the caller's contract).
    let n = unsafe { *nelp };
    // SAFETY: `base` holds `n` elements (the caller's contract).
    if let Some(e) = unsafe { find(key, base, n, width, compar) } {
        return e;
    }
    // SAFETY: the array has room for element `n` (the caller's contract), and `key` has
    // `width` bytes; `copy` allows the key to lie in the array itself.
    unsafe {
        let end = base.byte_add(n * width);
        core::ptr::copy(key.cast::<u8>(), end.cast::<u8>(), width);
        *nelp = n + 1;
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::c_int;

    unsafe extern "C" fn int_cmp(a: *const c_void, b: *const c_void) -> c_int {
        let (a, b) = unsafe { (*a.cast::<i32>(), *b.cast::<i32>()) };
        a.cmp(&b) as c_int
    }

    #[test]
    fn lsearch_appends_once_and_lfind_finds() {
        let mut arr = [0i32; 8];
        let mut n = 0usize;
        for v in [5, 3, 5, 9, 3, 1] {
            let p = unsafe { lsearch((&v as *const i32).cast(), arr.as_mut_ptr().cast(), &mut n, 4, Some(int_cmp)) };
            assert_eq!(unsafe { *p.cast::<i32>() }, v);
        }
        assert_eq!((n, &arr[..n]), (4, &[5, 3, 9, 1][..]));
        let p = unsafe { lfind((&9i32 as *const i32).cast(), arr.as_ptr().cast(), &mut n, 4, Some(int_cmp)) };
        assert_eq!(p, arr[2..].as_mut_ptr().cast());
        let p = unsafe { lfind((&7i32 as *const i32).cast(), arr.as_ptr().cast(), &mut n, 4, Some(int_cmp)) };
        assert!(p.is_null());
        assert_eq!(n, 4);
    }

    #[test]
    fn the_first_equal_element_wins() {
        // Equal under the comparison (the low byte), different in the high bytes.
        unsafe extern "C" fn low_byte(a: *const c_void, b: *const c_void) -> c_int {
            let (a, b) = unsafe { (*a.cast::<u32>() & 0xff, *b.cast::<u32>() & 0xff) };
            a.cmp(&b) as c_int
        }
        let arr = [0x100u32, 0x201, 0x301];
        let mut n = 3;
        let p = unsafe { lfind((&1u32 as *const u32).cast(), arr.as_ptr().cast(), &mut n, 4, Some(low_byte)) };
        assert_eq!(unsafe { *p.cast::<u32>() }, 0x201);
    }

    #[test]
    fn null_arguments_are_einval() {
        let mut arr = [1i32; 2];
        let mut n = 2;
        let k = (&1i32 as *const i32).cast();
        for p in [
            unsafe { lfind(k, arr.as_ptr().cast(), null_mut(), 4, Some(int_cmp)) },
            unsafe { lfind(k, arr.as_ptr().cast(), &mut n, 4, None) },
            unsafe { lfind(k, core::ptr::null(), &mut n, 4, Some(int_cmp)) },
            unsafe { lsearch(k, null_mut(), &mut n, 4, Some(int_cmp)) },
            unsafe { lsearch(k, arr.as_mut_ptr().cast(), null_mut(), 4, Some(int_cmp)) },
        ] {
            assert!(p.is_null());
        }
        limpet_syscall::set_errno(0);
        assert!(unsafe { lsearch(k, arr.as_mut_ptr().cast(), &mut n, 4, None) }.is_null());
        assert_eq!(limpet_syscall::errno(), EINVAL);
        // No elements and no array: nothing to find, and no error.
        let mut zero = 0;
        limpet_syscall::set_errno(0);
        assert!(unsafe { lfind(k, core::ptr::null(), &mut zero, 4, Some(int_cmp)) }.is_null());
        assert_eq!(limpet_syscall::errno(), 0);
    }
}
