//! `bsearch`.
use core::ffi::{c_int, c_void};

/// `bsearch(key, base, n, size, cmp)`—A pointer to an element of the sorted array `base`
/// (`n` elements of `size` bytes) that `cmp(key, element)` finds equal, or NULL. Which of
/// several equal elements is unspecified.
///
/// # Safety
/// `base` must hold `n` elements sorted consistently with `cmp`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn bsearch(
    key: *const c_void,
    base: *const c_void,
    n: usize,
    size: usize,
    cmp: unsafe extern "C" fn(*const c_void, *const c_void) -> c_int,
) -> *mut c_void {
    let (mut lo, mut hi) = (0, n);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let p = (base as *const u8).wrapping_add(mid * size) as *const c_void;
        // SAFETY: `mid < n`, so `p` is an element of the caller's array.
        let c = unsafe { cmp(key, p) };
        if c == 0 {
            return p as *mut c_void;
        }
        if c < 0 {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    core::ptr::null_mut()
}

#[cfg(test)]
mod tests {
    use super::*;

    unsafe extern "C" fn cmp_i32(a: *const c_void, b: *const c_void) -> c_int {
        let (a, b) = unsafe { (*(a as *const i32), *(b as *const i32)) };
        a.cmp(&b) as c_int
    }

    #[test]
    fn finds_every_element_and_no_gap() {
        for n in 0..40 {
            let v: Vec<i32> = (0..n).map(|i| 2 * i).collect();
            for k in -1..2 * n + 1 {
                let p = unsafe { bsearch((&raw const k).cast(), v.as_ptr().cast(), v.len(), 4, cmp_i32) };
                if k % 2 == 0 && k >= 0 && k < 2 * n {
                    assert_eq!(p as *const i32, &v[k as usize / 2] as *const i32);
                } else {
                    assert!(p.is_null());
                }
            }
        }
    }
}
