//! The 64-byte block scrypt and yescrypt work on, and the Salsa20 core (Salsa20/8 for
//! scrypt's BlockMix, Salsa20/2 at the end of yescrypt's) written for any machine;
//! `arch/x86_64.rs` has the SSE2 form of the same.
//!
//! A block's sixteen words are kept in the order that puts each of Salsa20's four
//! diagonals in one 16-byte vector: stored word `i` is the block's word `5 * i mod 16`.
//! yescrypt's pwxform reads the words in that stored order, so the order is part of the
//! algorithm, not only of its SIMD form; scrypt's result does not depend on it.

/// Words in a block.
pub const WORDS: usize = 16;
/// Bytes in a block.
pub const BYTES: usize = 64;
/// The stored word `i` is the block's word `i * SHUFFLE mod 16`.
const SHUFFLE: usize = 5;

/// One 64-byte block, its words in the diagonal order above.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub struct Block(pub [u32; WORDS]);

impl Block {
    /// The block whose little-endian bytes, in Salsa20's own word order, are `b`.
    pub fn load(b: &[u8]) -> Block {
        let mut x = [0u32; WORDS];
        for (i, w) in x.iter_mut().enumerate() {
            let at = (i * SHUFFLE % WORDS) * 4;
            *w = u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]);
        }
        Block(x)
    }

    /// Writes the block back as `load` read it.
    pub fn store(&self, b: &mut [u8]) {
        for (i, w) in self.0.iter().enumerate() {
            let at = (i * SHUFFLE % WORDS) * 4;
            b[at..at + 4].copy_from_slice(&w.to_le_bytes());
        }
    }

    /// `self ^= other`.
    #[inline(always)]
    pub fn xor(&mut self, other: &Block) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a ^= b;
        }
    }
}

/// The bytes of `blocks`, for PBKDF2 and for zeroising.
pub fn bytes_mut(blocks: &mut [Block]) -> &mut [u8] {
    // SAFETY: a Block is 16 u32s with no padding (repr(C)), so the slice is
    // `len * BYTES` initialised bytes, and any byte pattern is a valid u32; the borrow is
    // handed on whole.
    unsafe { core::slice::from_raw_parts_mut(blocks.as_mut_ptr().cast::<u8>(), blocks.len() * BYTES) }
}

/// The Salsa20 core with `rounds` rounds (an even number), applied to `b` in place: the
/// rounds on a copy, then the copy added to the input (Salsa20's feed-forward).
pub fn core(b: &mut Block, rounds: usize) {
    // Back into Salsa20's own order.
    let mut x = [0u32; WORDS];
    for (i, &w) in b.0.iter().enumerate() {
        x[i * SHUFFLE % WORDS] = w;
    }
    let input = x;
    let quarter = |x: &mut [u32; WORDS], a: usize, b: usize, c: usize, d: usize| {
        x[b] ^= x[a].wrapping_add(x[d]).rotate_left(7);
        x[c] ^= x[b].wrapping_add(x[a]).rotate_left(9);
        x[d] ^= x[c].wrapping_add(x[b]).rotate_left(13);
        x[a] ^= x[d].wrapping_add(x[c]).rotate_left(18);
    };
    for _ in 0..rounds / 2 {
        // Columns, then rows.
        quarter(&mut x, 0, 4, 8, 12);
        quarter(&mut x, 5, 9, 13, 1);
        quarter(&mut x, 10, 14, 2, 6);
        quarter(&mut x, 15, 3, 7, 11);
        quarter(&mut x, 0, 1, 2, 3);
        quarter(&mut x, 5, 6, 7, 4);
        quarter(&mut x, 10, 11, 8, 9);
        quarter(&mut x, 15, 12, 13, 14);
    }
    for (i, w) in b.0.iter_mut().enumerate() {
        let k = i * SHUFFLE % WORDS;
        *w = x[k].wrapping_add(input[k]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::hex;

    /// RFC 7914 section 8: Salsa20/8 of one 64-byte input.
    #[test]
    fn rfc7914_salsa20_8() {
        let input = "7e879a214f3ec9867ca940e641718f26baee555b8c61c1b50df846116dcd3b1d\
                     ee24f319df9b3d8514121e4b5ac5aa3276021d2909c74829edebc68db8b8c25e";
        let bytes: Vec<u8> = (0..128).step_by(2).map(|i| u8::from_str_radix(&input[i..i + 2], 16).unwrap()).collect();
        let mut b = Block::load(&bytes);
        core(&mut b, 8);
        let mut out = [0u8; BYTES];
        b.store(&mut out);
        assert_eq!(
            hex(&out),
            "a41f859c6608cc993b81cacb020cef05044b2181a2fd337dfd7b1c6396682f29\
             b4393168e3c9e6bcfe6bc5b7a06d96bae424cc102c91745c24ad673dc7618f81"
        );
    }

    #[test]
    fn load_store_round_trip() {
        let bytes: Vec<u8> = (0..64u8).collect();
        let b = Block::load(&bytes);
        // Stored word 1 is the block's word 5 (bytes 20..24).
        assert_eq!(b.0[1], u32::from_le_bytes([20, 21, 22, 23]));
        let mut out = [0u8; BYTES];
        b.store(&mut out);
        assert_eq!(&out[..], &bytes[..]);
    }
}
