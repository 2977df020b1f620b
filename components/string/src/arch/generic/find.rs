//! Scans: `find_byte`, `find_last_byte`, `find_byte_or_nul`, `c_string_length`,
//! `wide_length` and `find_wide`, all built on two aligned-block walkers.
use core::ptr::null;

use super::{Mask, Vector, below_byte, from_byte};

/// The first byte at or after `s` and below the address `end` that `flag` marks, or null.
///
/// `flag` maps a loaded vector to one whose marked lanes are all ones. Only aligned vectors
/// are loaded: first the one holding `s` (its bytes before `s` ignored), then each next one
/// while no mark was found and it starts below `end`; once four vectors' worth is aligned,
/// four at a time, as one `4 * BYTES` block that lies on a single page.
///
/// # Safety
/// The bytes from `s` up to the first marked one, or up to `end`, whichever comes first,
/// must be readable (`end` may be `usize::MAX` for a scan bounded only by its mark).
#[inline(always)]
unsafe fn first_marked<V: Vector>(s: *const u8, end: usize, flag: impl Fn(V) -> V) -> *const u8 {
    let step = V::BYTES;
    let block = 4 * step;
    let mut p = s.wrapping_sub(s.addr() & (step - 1));
    // SAFETY: each aligned vector loaded holds a byte the caller lets us read: the first holds
    // `s`; a later one is loaded only when it starts below `end` and nothing earlier was
    // marked. The four-vector loads start at a `block`-aligned address below `end` with
    // nothing marked before it, and a page holds whole blocks.
    unsafe {
        let mut mask = flag(V::load_aligned(p)).movemask() & from_byte::<V>(s.addr() - p.addr());
        loop {
            if mask != V::Mask::ZERO {
                return hit::<V>(p, mask, end);
            }
            p = p.wrapping_add(step);
            if p.addr() >= end {
                return null();
            }
            if p.addr() & (block - 1) == 0 {
                break;
            }
            mask = flag(V::load_aligned(p)).movemask();
        }
        while end - p.addr() >= block {
            let a = flag(V::load_aligned(p));
            let b = flag(V::load_aligned(p.add(step)));
            let c = flag(V::load_aligned(p.add(2 * step)));
            let d = flag(V::load_aligned(p.add(3 * step)));
            if a.or(b).or(c.or(d)).movemask() != V::Mask::ZERO {
                for (k, v) in [a, b, c, d].into_iter().enumerate() {
                    let m = v.movemask();
                    if m != V::Mask::ZERO {
                        return p.add(k * step + m.first());
                    }
                }
            }
            p = p.add(block);
        }
        while p.addr() < end {
            let mask = flag(V::load_aligned(p)).movemask();
            if mask != V::Mask::ZERO {
                return hit::<V>(p, mask, end);
            }
            p = p.add(step);
        }
        null()
    }
}

/// The first marked byte of the vector at `p`, unless it lies at or past `end`.
#[inline(always)]
fn hit<V: Vector>(p: *const u8, mask: V::Mask, end: usize) -> *const u8 {
    let at = p.wrapping_add(mask.first());
    if at.addr() < end { at } else { null() }
}

/// The address one past `n` bytes at `s`, or `usize::MAX` if that overflows (a bound that
/// only says "until the match").
#[inline(always)]
fn end_of(s: *const u8, n: usize) -> usize {
    s.addr().saturating_add(n)
}

/// See `arch::all::find_byte`.
///
/// # Safety
/// As there; and the CPU supports `V`.
#[inline(always)]
pub unsafe fn find_byte<V: Vector>(s: *const u8, c: u8, n: usize) -> *const u8 {
    if n == 0 {
        return null();
    }
    // SAFETY: the caller's contract is first_marked's; `V` is supported.
    unsafe {
        let vc = V::splat(c);
        first_marked::<V>(s, end_of(s, n), |v| v.cmpeq(vc))
    }
}

/// See `arch::all::find_byte_or_nul`.
///
/// # Safety
/// As there; and the CPU supports `V`.
#[inline(always)]
pub unsafe fn find_byte_or_nul<V: Vector>(s: *const u8, c: u8) -> *const u8 {
    // SAFETY: a string always has its terminator marked, so the scan ends there at the latest.
    unsafe {
        let (vc, zero) = (V::splat(c), V::splat(0));
        first_marked::<V>(s, usize::MAX, |v| v.cmpeq(vc).or(v.cmpeq(zero)))
    }
}

/// See `arch::all::c_string_length`.
///
/// # Safety
/// As there; and the CPU supports `V`.
#[inline(always)]
pub unsafe fn c_string_length<V: Vector>(s: *const u8) -> usize {
    // SAFETY: as in find_byte_or_nul.
    unsafe {
        let zero = V::splat(0);
        first_marked::<V>(s, usize::MAX, |v| v.cmpeq(zero)).addr() - s.addr()
    }
}

/// See `arch::all::wide_length`. Lanes are the aligned 32-bit units, so the first marked
/// byte is the first byte of the terminator.
///
/// # Safety
/// As there; and the CPU supports `V`.
#[inline(always)]
pub unsafe fn wide_length<V: Vector>(s: *const u32) -> usize {
    if !s.addr().is_multiple_of(4) {
        // SAFETY: as the caller promises; C never passes such a pointer, but the lanes
        // below would not line up with its units.
        return unsafe { crate::arch::scalar_wide_length(s) };
    }
    // SAFETY: as in find_byte_or_nul; `s` is aligned, so the vector lanes are its units.
    unsafe {
        let zero = V::splat32(0);
        (first_marked::<V>(s.cast(), usize::MAX, |v| v.cmpeq32(zero)).addr() - s.addr()) / 4
    }
}

/// See `arch::all::find_wide`.
///
/// # Safety
/// As there; and the CPU supports `V`.
#[inline(always)]
pub unsafe fn find_wide<V: Vector>(s: *const u32, c: u32, n: usize) -> *const u32 {
    if n == 0 {
        return null();
    }
    if !s.addr().is_multiple_of(4) {
        // SAFETY: as in wide_length.
        return unsafe { crate::arch::scalar_find_wide(s, c, n) };
    }
    // SAFETY: as in find_byte, with `n` units of 4 bytes.
    unsafe {
        let vc = V::splat32(c);
        first_marked::<V>(s.cast(), end_of(s.cast(), n.saturating_mul(4)), |v| v.cmpeq32(vc)).cast()
    }
}

/// See `arch::all::find_last_byte`: aligned vectors from the one holding the last byte
/// down to the one holding `s`.
///
/// # Safety
/// As there; and the CPU supports `V`.
#[inline(always)]
pub unsafe fn find_last_byte<V: Vector>(s: *const u8, c: u8, n: usize) -> *const u8 {
    if n == 0 {
        return null();
    }
    let step = V::BYTES;
    let end = s.wrapping_add(n);
    let last = end.wrapping_sub(1);
    let mut p = last.wrapping_sub(last.addr() & (step - 1));
    // SAFETY: every vector loaded is aligned and holds one of the `n` bytes: the first holds
    // the last byte, and the walk stops after the one holding `s`.
    unsafe {
        let vc = V::splat(c);
        let mut mask = V::load_aligned(p).cmpeq(vc).movemask() & below_byte::<V>(end.addr() - p.addr());
        loop {
            if p.addr() <= s.addr() {
                mask = mask & from_byte::<V>(s.addr() - p.addr());
            }
            if mask != V::Mask::ZERO {
                return p.add(mask.last());
            }
            if p.addr() <= s.addr() {
                return null();
            }
            p = p.sub(step);
            mask = V::load_aligned(p).cmpeq(vc).movemask();
        }
    }
}
