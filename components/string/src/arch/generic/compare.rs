//! Comparisons: `compare_bytes` (`memcmp`), `compare_strings` (`strncmp`) and
//! `compare_c_strings` (`strcmp`).
use super::{Mask, PAGE, Vector, below_byte};

/// Whether a `V` loaded at `p` stays on the page of `p`.
#[inline(always)]
fn fits_page<V: Vector>(p: *const u8) -> bool {
    p.addr() & (PAGE - 1) <= PAGE - V::BYTES
}

/// `x - y` for the bytes at `a[i]` and `b[i]`.
///
/// # Safety
/// Both bytes readable.
#[inline(always)]
unsafe fn difference(a: *const u8, b: *const u8, i: usize) -> i32 {
    // SAFETY: per the contract.
    unsafe { *a.add(i) as i32 - *b.add(i) as i32 }
}

/// Bit `i` set where byte `i` of the vectors at `a` and `b` differs.
///
/// # Safety
/// `V` supported; both loads valid.
#[inline(always)]
unsafe fn differing<V: Vector>(a: *const u8, b: *const u8) -> V::Mask {
    // SAFETY: per the contract.
    unsafe { !V::load_unaligned(a).cmpeq(V::load_unaligned(b)).movemask() & V::ALL }
}

/// See `arch::all::compare_bytes`. Whole vectors from the start, then one ending at the
/// last byte (overlapping the previous one); fewer than `BYTES` bytes take one vector
/// each when that stays on the operands' pages, else a byte loop.
///
/// # Safety
/// As there; and the CPU supports `V`.
#[inline(always)]
pub unsafe fn compare_bytes<V: Vector>(a: *const u8, b: *const u8, n: usize) -> i32 {
    let step = V::BYTES;
    // SAFETY: vector loads are either inside the `n` bytes or, for a short `n`, on the page
    // of the operand's first byte (which is inside them, as `n > 0`).
    unsafe {
        if n < step {
            if n == 0 {
                return 0;
            }
            if fits_page::<V>(a) && fits_page::<V>(b) {
                let m = differing::<V>(a, b) & below_byte::<V>(n);
                return if m == V::Mask::ZERO { 0 } else { difference(a, b, m.first()) };
            }
            for i in 0..n {
                let d = difference(a, b, i);
                if d != 0 {
                    return d;
                }
            }
            return 0;
        }
        let mut i = 0;
        // Four vectors per step with one branch: their equality masks ANDed together.
        while n - i >= 4 * step {
            let eq = |k: usize| V::load_unaligned(a.add(i + k * step)).cmpeq(V::load_unaligned(b.add(i + k * step)));
            let (e0, e1, e2, e3) = (eq(0), eq(1), eq(2), eq(3));
            if e0.and(e1).and(e2.and(e3)).movemask() != V::ALL {
                for (k, e) in [e0, e1, e2, e3].into_iter().enumerate() {
                    let m = !e.movemask() & V::ALL;
                    if m != V::Mask::ZERO {
                        return difference(a, b, i + k * step + m.first());
                    }
                }
            }
            i += 4 * step;
        }
        while n - i >= 2 * step {
            let m = differing::<V>(a.add(i), b.add(i));
            if m != V::Mask::ZERO {
                return difference(a, b, i + m.first());
            }
            let m = differing::<V>(a.add(i + step), b.add(i + step));
            if m != V::Mask::ZERO {
                return difference(a, b, i + step + m.first());
            }
            i += 2 * step;
        }
        if n - i > step {
            let m = differing::<V>(a.add(i), b.add(i));
            if m != V::Mask::ZERO {
                return difference(a, b, i + m.first());
            }
        }
        let m = differing::<V>(a.add(n - step), b.add(n - step));
        if m != V::Mask::ZERO { difference(a, b, n - step + m.first()) } else { 0 }
    }
}

/// See `arch::all::compare_strings`. Unaligned vectors of both strings side by side; when
/// either would cross a page boundary, a byte loop first carries both past it.
///
/// # Safety
/// As there; and the CPU supports `V`.
#[inline(always)]
pub unsafe fn compare_strings<V: Vector>(a: *const u8, b: *const u8, n: usize) -> i32 {
    let step = V::BYTES;
    let mut i = 0;
    // SAFETY: a pair of bytes is read only while all earlier pairs were equal and nonzero and
    // fewer than `n` were read, so both strings reach it. A vector is loaded at `a + i` and
    // `b + i` only when neither crosses a page boundary: each stays on the page of its first
    // byte, which the string reaches.
    unsafe {
        let zero = V::splat(0);
        while i < n {
            if !fits_page::<V>(a.add(i)) || !fits_page::<V>(b.add(i)) {
                for _ in 0..step.min(n - i) {
                    let (x, y) = (*a.add(i), *b.add(i));
                    if x != y || x == 0 {
                        return x as i32 - y as i32;
                    }
                    i += 1;
                }
                continue;
            }
            let va = V::load_unaligned(a.add(i));
            let vb = V::load_unaligned(b.add(i));
            let ends = (!va.cmpeq(vb).movemask() | va.cmpeq(zero).movemask()) & below_byte::<V>(n - i);
            if ends != V::Mask::ZERO {
                return difference(a, b, i + ends.first());
            }
            i += step;
        }
        0
    }
}

/// See `arch::all::compare_c_strings`: [`compare_strings`] without a length, so without its
/// masks, and with the byte loop for page boundaries out of line, which leaves the common
/// path short enough to need no saved registers.
///
/// # Safety
/// As there; and the CPU supports `V`.
#[inline(always)]
pub unsafe fn compare_c_strings<V: Vector>(a: *const u8, b: *const u8) -> i32 {
    let step = V::BYTES;
    let mut i = 0;
    // SAFETY: as in compare_strings: vectors are loaded only where neither crosses a page
    // boundary, from positions both strings reach because every earlier byte was equal and
    // nonzero.
    unsafe {
        let zero = V::splat(0);
        loop {
            if fits_page::<V>(a.add(i)) && fits_page::<V>(b.add(i)) {
                let va = V::load_unaligned(a.add(i));
                let vb = V::load_unaligned(b.add(i));
                let ends = (!va.cmpeq(vb).movemask() | va.cmpeq(zero).movemask()) & V::ALL;
                if ends != V::Mask::ZERO {
                    return difference(a, b, i + ends.first());
                }
            } else if let Some(d) = bytes_across_page(a.add(i), b.add(i), step) {
                return d;
            }
            i += step;
        }
    }
}

/// Compares the next `k` bytes of two strings one at a time: the difference at the first
/// unequal or terminating pair, or `None` if all `k` pairs are equal and nonzero.
///
/// # Safety
/// Both strings reach their current position.
#[cold]
#[inline(never)]
unsafe fn bytes_across_page(a: *const u8, b: *const u8, k: usize) -> Option<i32> {
    for j in 0..k {
        // SAFETY: byte `j` is read only after bytes before it were equal and nonzero.
        let (x, y) = unsafe { (*a.add(j), *b.add(j)) };
        if x != y || x == 0 {
            return Some(x as i32 - y as i32);
        }
    }
    None
}
