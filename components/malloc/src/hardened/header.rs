//! The in-band words: the 8-byte header under every payload, the group header's word, and
//! the check byte after each payload. Each carries a check derived from the per-process
//! secret and its own address, so a stray write or a forged header is noticed. They are
//! hints only: `free` believes nothing they say until the out-of-band meta agrees.
//!
//! A slot header packs, low bits first: the slot index (8 bits), the class (8 bits; [`LARGE`]
//! for a block with a mapping of its own), the pointer's distance past its slot's start in
//! units (12 bits; [`HOLDER`] in the header of a slot whose pointer lies further in), the
//! requested size (20 bits), and a 16-bit check. A large block's header keeps its distance
//! from the start of its mapping, in units, in the 32 bits after the class instead.

/// The class field of a large block.
pub const LARGE: usize = 0xff;
/// The distance field of a slot handed out at an aligned pointer further in: its own header
/// only vouches for that pointer (whose distance it keeps in the size field).
pub const HOLDER: usize = 0xfff;

const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

/// What a slot header says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    pub idx: usize,
    pub class: usize,
    pub off: usize,
    pub n: usize,
}

#[inline(always)]
fn check(addr: usize, body: u64, secret: u64) -> u64 {
    // A multiply carries every input bit into the top ones; the check is never zero, so a
    // header is never all zero bits (the state of a slot never handed out).
    ((((body ^ (addr as u64).rotate_left(23)) ^ secret).wrapping_mul(MIX) >> 48) | 1) << 48
}

/// The header of a slot whose payload is at `p`.
#[inline(always)]
pub fn encode(p: usize, s: Slot, secret: u64) -> u64 {
    let body = s.idx as u64 | (s.class as u64) << 8 | (s.off as u64) << 16 | (s.n as u64) << 28;
    body | check(p, body, secret)
}

/// The header of a large block at `p`, `dist` units past the start of its mapping.
#[inline]
pub fn encode_large(p: usize, dist: usize, secret: u64) -> u64 {
    let body = (LARGE as u64) << 8 | (dist as u64) << 16;
    body | check(p, body, secret)
}

/// Whether `word`, read under `p`, is a header written there by this process.
#[inline(always)]
pub fn valid(p: usize, word: u64, secret: u64) -> bool {
    let body = word & ((1 << 48) - 1);
    word == body | check(p, body, secret)
}

/// The fields of a slot header (check it with [`valid`] first).
#[inline(always)]
pub fn decode(word: u64) -> Slot {
    Slot {
        idx: (word & 0xff) as usize,
        class: (word >> 8 & 0xff) as usize,
        off: (word >> 16 & 0xfff) as usize,
        n: (word >> 28 & 0xf_ffff) as usize,
    }
}

/// The distance field of a large block's header, in units.
#[inline]
pub fn large_dist(word: u64) -> usize {
    (word >> 16 & 0xffff_ffff) as usize
}

/// The word at the start of the group (or large mapping) at `g` that names its meta.
#[inline(always)]
pub fn group_word(g: usize, meta: u32, secret: u64) -> u64 {
    let body = meta as u64;
    body | ((body ^ (g as u64).rotate_left(29) ^ !secret).wrapping_mul(MIX) >> 32 | 1) << 32
}

/// The meta index a group word names, if the word is intact.
#[inline(always)]
pub fn group_meta(g: usize, word: u64, secret: u64) -> Option<u32> {
    let meta = word as u32;
    (word == group_word(g, meta, secret)).then_some(meta)
}

/// The byte kept right after a payload of `p`: never zero, so a string copy's stray
/// terminator is caught too.
#[inline(always)]
pub fn canary(p: usize, secret: u64) -> u8 {
    ((p >> 4) as u8 ^ (secret >> 40) as u8) | 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_rejects_changes() {
        let secret = 0x1234_5678_9abc_def0;
        let s = Slot { idx: 200, class: 43, off: 255, n: 65_512 };
        let p = 0x7f00_1234_5670;
        let w = encode(p, s, secret);
        assert!(valid(p, w, secret));
        assert_eq!(decode(w), s);
        assert!(!valid(p + 16, w, secret));
        assert!(!valid(p, w, secret ^ 1));
        assert!(!valid(p, 0, secret));
        for bit in 0..64 {
            assert!(!valid(p, w ^ 1 << bit, secret), "bit {bit}");
        }
        let l = encode_large(p, 1 << 30, secret);
        assert!(valid(p, l, secret));
        assert_eq!((decode(l).class, large_dist(l)), (LARGE, 1 << 30));
    }

    #[test]
    fn group_words_name_their_meta() {
        let secret = 77;
        let g = 0x5555_0000_0000;
        let w = group_word(g, 12345, secret);
        assert_eq!(group_meta(g, w, secret), Some(12345));
        assert_eq!(group_meta(g + 4096, w, secret), None);
        assert_eq!(group_meta(g, w ^ 1, secret), None);
        assert_eq!(group_meta(g, 0, secret), None);
        assert_ne!(canary(g, secret), 0);
    }
}
