//! Size classes and group geometry.
//!
//! A slot's stride covers its 8-byte header and its payload, so a request of `n` bytes needs
//! a stride of at least `n + 8`. Strides are multiples of 16 bytes (*units*): every unit count
//! up to 13, then about eight per doubling, so rounding up wastes under a tenth of a slot on
//! average. Each doubling ends one unit short of a power of two (31, 63, ..., 4095 units),
//! which fills a power-of-two number of pages exactly once the group's 16-byte header is
//! counted; the others are the largest strides near an eighth-of-a-doubling step that pack a
//! whole number of slots into a few pages with little left over.
//!
//! A group is a run of whole pages: a 16-byte group header, then its slots back to back. Its
//! length is the smallest number of pages (up to 16) that wastes at most a thirty-second of
//! the group, or else the one that wastes least. Slots are handed out lowest first, so a
//! group's untouched pages cost nothing; large slots come one or a few to a group, which lets
//! freed memory go back to the kernel a group at a time.
use limpet_abi::limits::PAGESIZE;

/// Bytes per unit; every stride is a multiple of it, so every payload is 16-byte aligned.
pub const UNIT: usize = 16;
/// The in-band header under every payload.
pub const HDR: usize = 8;
/// The group header: the group's meta index and its check word.
pub const GROUP_HDR: usize = 16;
/// How many size classes there are.
pub const NUM_CLASSES: usize = STRIDE_UNITS.len();
/// The most slots a group holds: its free-slot bitmap has four words.
pub const MAX_SLOTS: usize = 256;
/// The largest group, in pages.
pub const MAX_GROUP_PAGES: usize = 16;
/// The largest request a slot holds; larger ones get a mapping of their own.
pub const MAX_SMALL: usize = stride(NUM_CLASSES - 1) - HDR;

/// Every class's stride, in units (see the module's documentation for how they were chosen).
const STRIDE_UNITS: [u16; 80] = [
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 18, 20, 21, 23, 25, 28, 31, 34, 37, 41, 45, 49, 53,
    58, 63, 70, 77, 83, 91, 100, 109, 119, 127, 142, 155, 166, 184, 201, 219, 239, 255, 284, 312, 332, 369,
    402, 438, 479, 511, 563, 614, 682, 716, 767, 853, 959, 1023, 1109, 1194, 1279, 1407, 1535, 1663, 1791,
    1919, 2047, 2233, 2303, 2559, 2815, 3071, 3327, 3583, 3839, 4095,
];

/// Strides up to here are every unit count, so their class is the unit count less one.
const LINEAR: usize = 13;

/// Per power of two `2^k` units, the first class at least that wide: where the search for a
/// request of `2^k` to `2^(k+1) - 1` units starts.
const FIRST: [u8; 13] = first_classes();

const fn first_classes() -> [u8; 13] {
    let mut f = [0u8; 13];
    let mut k = 0;
    while k < 13 {
        let mut c = 0;
        while c < NUM_CLASSES - 1 && (STRIDE_UNITS[c] as usize) < 1 << k {
            c += 1;
        }
        f[k] = c as u8;
        k += 1;
    }
    f
}

/// The stride of class `c`, in bytes.
#[inline(always)]
pub const fn stride(c: usize) -> usize {
    STRIDE_UNITS[c] as usize * UNIT
}

/// The smallest class whose slots hold `n` bytes and the header; `n` must be at most
/// [`MAX_SMALL`].
#[inline(always)]
pub const fn class_of(n: usize) -> usize {
    let u = (n + HDR).div_ceil(UNIT);
    if u <= LINEAR {
        return u - 1;
    }
    // At most nine classes lie between 2^k units and the class that holds u.
    let k = (usize::BITS - 1 - u.leading_zeros()) as usize;
    let mut c = FIRST[k] as usize;
    while (STRIDE_UNITS[c] as usize) < u {
        c += 1;
    }
    c
}

/// How many pages a group of class `c` spans.
#[inline]
pub const fn group_pages(c: usize) -> usize {
    GEOMETRY[c].0 as usize
}

/// How many slots a group of class `c` holds.
#[inline]
pub const fn group_slots(c: usize) -> usize {
    GEOMETRY[c].1 as usize
}

/// Per class, pages and slots per group, chosen at compile time.
const GEOMETRY: [(u8, u16); NUM_CLASSES] = geometry();

const fn geometry() -> [(u8, u16); NUM_CLASSES] {
    let mut g = [(0u8, 0u16); NUM_CLASSES];
    let mut c = 0;
    while c < NUM_CLASSES {
        let s = stride(c);
        let (mut best, mut best_waste) = ((0u8, 0u16), usize::MAX);
        let mut pages = 1;
        while pages <= MAX_GROUP_PAGES {
            let room = pages * PAGESIZE - GROUP_HDR;
            let mut slots = room / s;
            if slots > MAX_SLOTS {
                slots = MAX_SLOTS;
            }
            // Waste in 1/4096ths of the group, so groups of different lengths compare.
            let waste = (room - slots * s) * PAGESIZE / (pages * PAGESIZE);
            if slots >= 1 && waste < best_waste {
                (best, best_waste) = ((pages as u8, slots as u16), waste);
            }
            if slots >= 1 && waste * 32 <= PAGESIZE {
                break;
            }
            pages += 1;
        }
        g[c] = best;
        c += 1;
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_gets_the_tightest_class() {
        for n in 0..=MAX_SMALL {
            let c = class_of(n);
            assert!(c < NUM_CLASSES, "{n}");
            assert!(stride(c) >= n + HDR, "{n}");
            if c > 0 {
                assert!(stride(c - 1) < n + HDR, "{n}");
            }
        }
        assert_eq!(class_of(MAX_SMALL), NUM_CLASSES - 1);
        assert_eq!(stride(NUM_CLASSES - 1), 4095 * UNIT);
    }

    #[test]
    fn strides_grow_and_waste_little() {
        for c in 1..NUM_CLASSES {
            let (prev, s) = (stride(c - 1), stride(c));
            assert!(prev < s && s.is_multiple_of(UNIT));
            // The worst request is one byte above the previous class.
            assert!((s - prev - 1) * 8 <= s || s <= 16 * UNIT, "class {c}");
        }
        assert_eq!(stride(NUM_CLASSES - 1), 4095 * UNIT);
        assert!((0..LINEAR).all(|c| stride(c) == (c + 1) * UNIT));
        // Each doubling ends one unit short of a power of two.
        for k in 1..=12 {
            assert!(STRIDE_UNITS.contains(&((1 << k) - 1)), "{k}");
        }
    }

    #[test]
    fn groups_fit_their_pages_and_waste_little() {
        for c in 0..NUM_CLASSES {
            let (pages, slots) = (group_pages(c), group_slots(c));
            assert!((1..=MAX_GROUP_PAGES).contains(&pages));
            assert!((1..=MAX_SLOTS).contains(&slots));
            let used = GROUP_HDR + slots * stride(c);
            assert!(used <= pages * PAGESIZE);
            assert!((pages * PAGESIZE - used) * 32 <= pages * PAGESIZE + 16, "class {c}");
        }
        // The "one unit short" classes fill their pages exactly.
        let c = class_of(4000);
        assert_eq!((stride(c), group_pages(c), group_slots(c)), (4080, 1, 1));
        assert_eq!(group_slots(0), 255);
    }
}
