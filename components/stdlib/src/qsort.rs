//! `qsort` and `qsort_r`: introsort (quicksort with a median-of-three pivot, insertion sort
//! for short runs, and heapsort once the recursion grows too deep), so the worst case is
//! O(n log n) comparisons. Not stable, as C allows.
use core::ffi::{c_int, c_void};
use core::ptr;

/// Runs at most this long are insertion sorted.
const SHORT: usize = 12;

/// The array being sorted and its comparison.
struct Sorter<F> {
    base: *mut u8,
    size: usize,
    cmp: F,
}

impl<F: FnMut(*const c_void, *const c_void) -> c_int> Sorter<F> {
    fn at(&self, i: usize) -> *mut u8 {
        self.base.wrapping_add(i * self.size)
    }
    /// Whether element `i` orders before element `j`.
    fn less(&mut self, i: usize, j: usize) -> bool {
        let (a, b) = (self.at(i) as *const c_void, self.at(j) as *const c_void);
        (self.cmp)(a, b) < 0
    }
    fn swap(&mut self, i: usize, j: usize) {
        if i != j {
            // SAFETY: `i` and `j` are distinct elements of the caller's array.
            unsafe { ptr::swap_nonoverlapping(self.at(i), self.at(j), self.size) }
        }
    }

    /// Sorts the `n` elements from `lo`.
    fn sort(&mut self, mut lo: usize, mut n: usize, mut depth: u32) {
        while n > SHORT {
            if depth == 0 {
                self.heapsort(lo, n);
                return;
            }
            depth -= 1;
            let p = self.partition(lo, n);
            // Recurse into the smaller side, loop on the larger: the stack stays O(log n).
            let (left, right) = (p - lo, lo + n - p - 1);
            if left < right {
                self.sort(lo, left, depth);
                lo = p + 1;
                n = right;
            } else {
                self.sort(p + 1, right, depth);
                n = left;
            }
        }
        self.insertion(lo, n);
    }

    /// Partitions the `n` elements from `lo` around a median of three; returns the pivot's
    /// final index, with nothing greater before it and nothing smaller after it.
    fn partition(&mut self, lo: usize, n: usize) -> usize {
        let (a, b, c) = (lo, lo + n / 2, lo + n - 1);
        if self.less(b, a) {
            self.swap(a, b);
        }
        if self.less(c, b) {
            self.swap(b, c);
            if self.less(b, a) {
                self.swap(a, b);
            }
        }
        self.swap(lo, b);
        // Both scans stop on elements equal to the pivot, which splits runs of equal keys evenly.
        let (mut i, mut j) = (lo + 1, lo + n - 1);
        loop {
            while i <= j && self.less(i, lo) {
                i += 1;
            }
            while i <= j && self.less(lo, j) {
                j -= 1;
            }
            if i >= j {
                break;
            }
            self.swap(i, j);
            i += 1;
            j -= 1;
        }
        self.swap(lo, j);
        j
    }

    fn insertion(&mut self, lo: usize, n: usize) {
        for i in lo + 1..lo + n {
            let mut j = i;
            while j > lo && self.less(j, j - 1) {
                self.swap(j, j - 1);
                j -= 1;
            }
        }
    }

    fn heapsort(&mut self, lo: usize, n: usize) {
        for root in (0..n / 2).rev() {
            self.sift_down(lo, root, n);
        }
        for end in (1..n).rev() {
            self.swap(lo, lo + end);
            self.sift_down(lo, 0, end);
        }
    }

    /// Restores the max-heap property below `root` in the heap of `n` elements at `lo`.
    fn sift_down(&mut self, lo: usize, mut root: usize, n: usize) {
        loop {
            let mut child = 2 * root + 1;
            if child >= n {
                return;
            }
            if child + 1 < n && self.less(lo + child, lo + child + 1) {
                child += 1;
            }
            if !self.less(lo + root, lo + child) {
                return;
            }
            self.swap(lo + root, lo + child);
            root = child;
        }
    }
}

/// Sorts `n` elements of `size` bytes at `base` with `cmp`.
///
/// # Safety
/// `base` must hold `n` elements of `size` bytes, readable and writable.
pub unsafe fn sort_with(base: *mut c_void, n: usize, size: usize, cmp: impl FnMut(*const c_void, *const c_void) -> c_int) {
    if n < 2 || size == 0 {
        return;
    }
    let depth = 2 * (usize::BITS - n.leading_zeros());
    Sorter { base: base as *mut u8, size, cmp }.sort(0, n, depth);
}

/// `qsort(base, n, size, cmp)`—Sorts the array of `n` elements of `size` bytes at `base`
/// into ascending order by `cmp`, which returns <0, 0 or >0 like `strcmp`. Not stable;
/// O(n log n) comparisons at worst.
///
/// # Safety
/// `base` must hold `n` writable elements; `cmp` must be a consistent total preorder and
/// must not modify the array.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn qsort(
    base: *mut c_void,
    n: usize,
    size: usize,
    cmp: unsafe extern "C" fn(*const c_void, *const c_void) -> c_int,
) {
    // SAFETY: the caller's contract; `cmp` gets pointers to elements of the array.
    unsafe { sort_with(base, n, size, |a, b| cmp(a, b)) }
}

/// `qsort_r(base, n, size, cmp, arg)`—[`qsort`] with `arg` passed to every `cmp` call as its
/// third argument.
///
/// # Safety
/// As for [`qsort`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn qsort_r(
    base: *mut c_void,
    n: usize,
    size: usize,
    cmp: unsafe extern "C" fn(*const c_void, *const c_void, *mut c_void) -> c_int,
    arg: *mut c_void,
) {
    // SAFETY: the caller's contract; `cmp` gets pointers to elements of the array and `arg`.
    unsafe { sort_with(base, n, size, |a, b| cmp(a, b, arg)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    unsafe extern "C" fn cmp_u32(a: *const c_void, b: *const c_void) -> c_int {
        let (a, b) = unsafe { (*(a as *const u32), *(b as *const u32)) };
        a.cmp(&b) as c_int
    }

    unsafe extern "C" fn cmp_rev_counted(a: *const c_void, b: *const c_void, arg: *mut c_void) -> c_int {
        unsafe { *(arg as *mut usize) += 1 };
        let (a, b) = unsafe { (*(a as *const [u8; 7]), *(b as *const [u8; 7])) };
        b.cmp(&a) as c_int
    }

    fn lcg(x: &mut u64) -> u64 {
        *x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        *x >> 33
    }

    #[test]
    fn sorts_like_slice_sort() {
        let mut seed = 7;
        for n in (0..300).chain([1000, 5000]) {
            for modulus in [2, 10, 1 << 31] {
                let mut v: Vec<u32> = (0..n).map(|_| (lcg(&mut seed) % modulus) as u32).collect();
                let mut want = v.clone();
                want.sort();
                unsafe { qsort(v.as_mut_ptr().cast(), v.len(), 4, cmp_u32) };
                assert_eq!(v, want, "n {n}");
            }
        }
    }

    #[test]
    fn odd_sizes_and_adversarial_inputs_stay_n_log_n() {
        let n = 20_000usize;
        let shapes: [Box<dyn Fn(usize) -> u64>; 5] = [
            Box::new(|i| i as u64),
            Box::new(move |i| (n - i) as u64),
            Box::new(|i| (i % 2) as u64),
            Box::new(move |i| if i < n / 2 { i as u64 } else { (n - i) as u64 }),
            Box::new(|i| (i as u64 * 7919) % 13),
        ];
        for shape in shapes {
            let mut v: Vec<[u8; 7]> = (0..n).map(|i| shape(i).to_be_bytes()[1..].try_into().unwrap()).collect();
            let mut want = v.clone();
            want.sort_by(|a, b| b.cmp(a));
            let mut calls = 0usize;
            unsafe { qsort_r(v.as_mut_ptr().cast(), n, 7, cmp_rev_counted, (&raw mut calls).cast()) };
            assert_eq!(v, want);
            assert!(calls < 4 * n * 15, "{calls} comparisons");
        }
    }
}
