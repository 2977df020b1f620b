//! Size classes for small blocks: every multiple of 16 up to 128 bytes, then four classes per
//! doubling up to [`MAX_SMALL`], so rounding up wastes at most a fifth of a block.

/// Every block's usable size is a multiple of this, which keeps payloads 16-byte aligned.
pub const GRANULE: usize = 16;
/// The largest request served from a size class; larger ones get their own mapping.
pub const MAX_SMALL: usize = 64 * 1024;

/// Up to here the classes step by [`GRANULE`].
const LINEAR_MAX: usize = 128;
const LINEAR_CLASSES: usize = LINEAR_MAX / GRANULE;
const LINEAR_SHIFT: u32 = LINEAR_MAX.trailing_zeros();
/// Classes per doubling above [`LINEAR_MAX`]; a power of two so a class splits evenly.
const STEPS: usize = 4;
const STEP_SHIFT: u32 = STEPS.trailing_zeros();

/// How many size classes there are.
pub const NUM_CLASSES: usize = LINEAR_CLASSES + (MAX_SMALL.trailing_zeros() - LINEAR_SHIFT) as usize * STEPS;

/// The smallest class whose size holds `n` bytes; `n` must be at most [`MAX_SMALL`].
#[inline]
pub const fn class_of(n: usize) -> usize {
    if n <= LINEAR_MAX {
        return n.saturating_sub(1) / GRANULE;
    }
    // n lies in (2^k, 2^(k+1)], which the classes split into STEPS equal steps.
    let k = usize::BITS - 1 - (n - 1).leading_zeros();
    let step_shift = k - STEP_SHIFT;
    let steps = (n - (1 << k) + (1 << step_shift) - 1) >> step_shift;
    LINEAR_CLASSES + (k - LINEAR_SHIFT) as usize * STEPS + steps - 1
}

/// The usable size of a block of class `c`.
#[inline]
pub const fn class_size(c: usize) -> usize {
    if c < LINEAR_CLASSES {
        return (c + 1) * GRANULE;
    }
    let j = c - LINEAR_CLASSES;
    let k = LINEAR_SHIFT + (j / STEPS) as u32;
    (1 << k) + ((j % STEPS + 1) << (k - STEP_SHIFT))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_gets_the_tightest_class() {
        for n in 0..=MAX_SMALL {
            let c = class_of(n);
            assert!(c < NUM_CLASSES, "{n}");
            assert!(class_size(c) >= n, "{n}");
            if c > 0 {
                assert!(class_size(c - 1) < n, "{n}");
            }
        }
        assert_eq!(class_of(MAX_SMALL), NUM_CLASSES - 1);
        assert_eq!(class_size(NUM_CLASSES - 1), MAX_SMALL);
    }

    #[test]
    fn classes_grow_in_granules_and_waste_little() {
        for c in 0..NUM_CLASSES {
            let s = class_size(c);
            assert_eq!(s % GRANULE, 0);
            assert_eq!(class_of(s), c);
            if c > 0 {
                let prev = class_size(c - 1);
                assert!(prev < s);
                // The worst request is one byte above the previous class.
                assert!(s - (prev + 1) <= s / 4 || s <= LINEAR_MAX, "class {c}");
            }
        }
        assert_eq!(
            &[class_size(0), class_size(7), class_size(8), class_size(11), class_size(12)],
            &[16, 128, 160, 256, 320]
        );
    }
}
