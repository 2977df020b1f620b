//! `find_pair`: the candidate scan of the substring searches. For each run of `BYTES /
//! UNIT` positions it compares two unaligned vectors, one at each of the pair's offsets,
//! with the values those units must take, and ANDs the results: a set lane is a position
//! where both units fit.
use super::{Mask, Vector};
use crate::arch::Pair;

/// See `arch::all::find_pair`.
///
/// # Safety
/// As there; and the CPU supports `V`.
#[inline(always)]
pub unsafe fn find_pair<V: Vector, const UNIT: usize>(h: *const u8, mut from: usize, to: usize, pair: &Pair) -> usize {
    let lanes = V::BYTES / UNIT;
    let [o1, o2] = pair.offsets;
    // SAFETY: a vector is loaded for positions `from..from + lanes` only when they are all
    // below `to`, so its last unit is at most `to - 1 + offset`, inside the caller's bound.
    unsafe {
        let splat = |u: u32| if UNIT == 1 { V::splat(u as u8) } else { V::splat32(u) };
        let eq = |a: V, b: V| if UNIT == 1 { a.cmpeq(b) } else { a.cmpeq32(b) };
        let (f0, f1) = (splat(pair.first[0]), splat(pair.first[1]));
        let (s0, s1) = (splat(pair.second[0]), splat(pair.second[1]));
        while to - from >= lanes {
            let a = V::load_unaligned(h.add((from + o1) * UNIT));
            let b = V::load_unaligned(h.add((from + o2) * UNIT));
            let m = eq(a, f0).or(eq(a, f1)).and(eq(b, s0).or(eq(b, s1))).movemask();
            if m != V::Mask::ZERO {
                return from + m.first() / UNIT;
            }
            from += lanes;
        }
        while from < to {
            if pair.first_matches(crate::arch::unit::<UNIT>(h, from + o1))
                && pair.second_matches(crate::arch::unit::<UNIT>(h, from + o2))
            {
                return from;
            }
            from += 1;
        }
        to
    }
}
