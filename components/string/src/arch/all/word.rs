//! Word-at-a-time arithmetic: splatting a byte, finding zero bytes, and moving bytes within a
//! word in memory order. Pure functions on `usize`; the loads and stores live in `impls`.
//!
//! "Memory order" is the order the bytes had at increasing addresses before the word was
//! loaded: the low end of the integer on little-endian targets, the high end on big-endian.

/// Bytes in a word.
pub const WORD: usize = size_of::<usize>();
/// 0x01 in every byte.
const ONES: usize = usize::MAX / 0xff;
/// 0x80 in every byte.
const HIGHS: usize = ONES << 7;

/// How far `addr` is past the previous word boundary.
#[inline(always)]
pub fn misalignment(addr: usize) -> usize {
    addr & (WORD - 1)
}

/// How many bytes from `addr` to the next word boundary (0 if already aligned).
#[inline(always)]
pub fn to_boundary(addr: usize) -> usize {
    addr.wrapping_neg() & (WORD - 1)
}

/// `b` in every byte.
#[inline(always)]
pub fn splat(b: u8) -> usize {
    ONES * b as usize
}

/// Whether `x` has a zero byte. The classic subtract-and-mask test: exact as a yes/no
/// answer, but a borrow can also flag bytes after the first zero, so it cannot locate one.
#[inline(always)]
pub fn has_zero(x: usize) -> bool {
    x.wrapping_sub(ONES) & !x & HIGHS != 0
}

/// 0x80 in exactly the bytes of `x` that are zero, 0 elsewhere. Dearer than [`has_zero`],
/// but carries cannot cross bytes (each byte sums to at most 0xfe), so it can locate them.
#[inline(always)]
pub fn zero_bytes(x: usize) -> usize {
    !(((x & !HIGHS) + !HIGHS) | x | !HIGHS)
}

/// Index, in memory order, of the first byte flagged in a nonzero `mask`.
#[inline(always)]
pub fn first_flagged(mask: usize) -> usize {
    let bits = if cfg!(target_endian = "little") { mask.trailing_zeros() } else { mask.leading_zeros() };
    bits as usize / 8
}

/// Index, in memory order, of the last byte flagged in a nonzero `mask`.
#[inline(always)]
pub fn last_flagged(mask: usize) -> usize {
    let bits = if cfg!(target_endian = "little") { mask.leading_zeros() } else { mask.trailing_zeros() };
    WORD - 1 - bits as usize / 8
}

/// `w` with its first `k` bytes (memory order) dropped and the rest moved to the start;
/// `k < WORD`.
#[inline(always)]
pub fn drop_first(w: usize, k: usize) -> usize {
    if cfg!(target_endian = "little") { w >> (8 * k) } else { w << (8 * k) }
}

/// `w` moved `k` bytes towards the end (memory order), its last `k` bytes dropped; `k < WORD`.
#[inline(always)]
fn drop_last(w: usize, k: usize) -> usize {
    if cfg!(target_endian = "little") { w << (8 * k) } else { w >> (8 * k) }
}

/// The word that starts `k` bytes into `lo` and continues into `hi`, where `hi` is the
/// word after `lo` in memory; `0 < k < WORD`. This is how a misaligned operand is read
/// with aligned loads only.
#[inline(always)]
pub fn splice(lo: usize, hi: usize, k: usize) -> usize {
    drop_first(lo, k) | drop_last(hi, WORD - k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Rng;

    fn word(bytes: [u8; WORD]) -> usize {
        usize::from_ne_bytes(bytes)
    }

    #[test]
    fn zero_tests_agree_with_bytes() {
        let mut rng = Rng::new(1);
        for _ in 0..100_000 {
            let mut b = [0u8; WORD];
            // Mostly 0x00, 0x01, 0x80 and 0xff: the bytes where borrows and carries bite.
            for x in &mut b {
                *x = [0, 1, 0x80, 0xff, 0x7f][rng.below(5)];
                if rng.below(4) == 0 {
                    *x = rng.byte();
                }
            }
            let w = word(b);
            let zeros = b.iter().filter(|&&x| x == 0).count();
            assert_eq!(has_zero(w), zeros != 0, "{b:?}");
            let m = zero_bytes(w);
            for (i, &x) in b.iter().enumerate() {
                assert_eq!(drop_first(m, i).to_ne_bytes()[0] == 0x80, x == 0, "{b:?} byte {i}");
            }
            if zeros != 0 {
                assert_eq!(first_flagged(m), b.iter().position(|&x| x == 0).unwrap());
                assert_eq!(last_flagged(m), b.iter().rposition(|&x| x == 0).unwrap());
            }
        }
    }

    #[test]
    fn splice_reads_across_the_boundary() {
        let bytes: [u8; 2 * WORD] = core::array::from_fn(|i| i as u8 + 1);
        let lo = word(bytes[..WORD].try_into().unwrap());
        let hi = word(bytes[WORD..].try_into().unwrap());
        for k in 1..WORD {
            assert_eq!(splice(lo, hi, k), word(bytes[k..k + WORD].try_into().unwrap()));
        }
        assert_eq!(splat(0xa5), word([0xa5; WORD]));
        assert_eq!((misalignment(0x1003), to_boundary(0x1003)), (3, WORD - 3));
        assert_eq!(to_boundary(0x1000), 0);
    }
}
