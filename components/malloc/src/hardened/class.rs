//! Size classes and group geometry.
//!
//! A slot's stride covers its 8-byte header and its payload, so a request of `n` bytes needs
//! a stride of at least `n + 8`. Strides are multiples of 16 bytes (*units*): every unit count
//! up to 8, then four per doubling, at 5/4, 3/2 and 7/4 of the doubling's start and one unit
//! short of its end. Rounding up wastes at most a fourth of a slot, and the "one short" classes
//! (31, 63, ..., 4095 units) fill a power-of-two number of pages exactly once the group's
//! 16-byte header is counted.
//!
//! A group is a run of whole pages: a 16-byte group header, then its slots back to back. The
//! number of pages is the smallest (up to 16) that wastes at most an eighth of the group, so
//! small programs touch one page per class, and large slots come one or a few to a group,
//! which lets freed memory go back to the kernel a group at a time.

/// Bytes per unit; every stride is a multiple of it, so every payload is 16-byte aligned.
pub const UNIT: usize = 16;
/// The in-band header under every payload.
pub const HDR: usize = 8;
/// The group header: the group's meta index and its check word.
pub const GROUP_HDR: usize = 16;
pub const PAGE: usize = crate::os::PAGE;
/// How many size classes there are.
pub const NUM_CLASSES: usize = 44;
/// The most slots a group holds: its free-slot bitmap has four words.
pub const MAX_SLOTS: usize = 256;
/// The largest group, in pages.
pub const MAX_GROUP_PAGES: usize = 16;
/// The largest request a slot holds; larger ones get a mapping of their own.
pub const MAX_SMALL: usize = stride(NUM_CLASSES - 1) - HDR;

/// The stride of class `c`, in bytes.
#[inline]
pub const fn stride(c: usize) -> usize {
    if c < 8 {
        return (c + 1) * UNIT;
    }
    let j = c - 8;
    let base = 8usize << (j / 4);
    let units = match j % 4 {
        0 => base + base / 4,
        1 => base + base / 2,
        2 => base + base / 4 * 3,
        _ => 2 * base - 1,
    };
    units * UNIT
}

/// The smallest class whose slots hold `n` bytes and the header; `n` must be at most
/// [`MAX_SMALL`].
#[inline]
pub const fn class_of(n: usize) -> usize {
    let u = (n + HDR).div_ceil(UNIT);
    if u <= 8 {
        return u.saturating_sub(1);
    }
    // u lies in [2^k, 2^(k+1)); the doubling's classes sit at quarter steps above 2^k, the
    // last one unit short of 2^(k+1), which still holds every u below 2^(k+1).
    let k = usize::BITS - 1 - u.leading_zeros();
    let step_shift = k - 2;
    let q = (u - (1 << k) + (1 << step_shift) - 1) >> step_shift;
    let q = if q == 0 { 1 } else { q };
    8 + (k as usize - 3) * 4 + q - 1
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
        let mut pages = 1;
        loop {
            let room = pages * PAGE - GROUP_HDR;
            let mut slots = room / s;
            if slots > MAX_SLOTS {
                slots = MAX_SLOTS;
            }
            let waste = room - slots * s;
            if slots >= 1 && (waste * 8 <= pages * PAGE || pages == MAX_GROUP_PAGES) {
                g[c] = (pages as u8, slots as u16);
                break;
            }
            pages += 1;
        }
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
            assert!((s - prev - 1) * 4 <= s || s <= 8 * UNIT, "class {c}");
        }
        assert_eq!(
            [stride(0), stride(7), stride(8), stride(11), stride(12), stride(15)],
            [16, 128, 160, 240, 320, 496]
        );
    }

    #[test]
    fn groups_fit_their_pages_and_waste_little() {
        for c in 0..NUM_CLASSES {
            let (pages, slots) = (group_pages(c), group_slots(c));
            assert!((1..=MAX_GROUP_PAGES).contains(&pages));
            assert!((1..=MAX_SLOTS).contains(&slots));
            let used = GROUP_HDR + slots * stride(c);
            assert!(used <= pages * PAGE);
            assert!((pages * PAGE - used) * 8 <= pages * PAGE, "class {c}");
        }
        // The "one unit short" classes fill their pages exactly.
        assert_eq!((group_pages(27), group_slots(27)), (1, 1));
        assert_eq!(stride(27), 4080);
        assert_eq!(group_slots(0), 255);
    }
}
