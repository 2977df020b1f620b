//! Blowfish (Schneier, 1993): the 64-bit block cipher whose expensive key schedule bcrypt
//! repeats. This module holds the cipher state, one block's encryption, and the key
//! expansion bcrypt's setup is built from (`bcrypt` drives it).
//!
//! The round function looks its four S-boxes up by bytes of the block being encrypted; in
//! bcrypt those blocks derive from the password, so the lookups are indexed by secret data.
//! The algorithm forces this (it is what makes bcrypt costly in memory), and there is no
//! way around it short of scanning every table on every lookup.

use crate::opaque::opaque;
use crate::blowfish_pi;

/// Rounds of the Feistel network; the P-array has one subkey per round plus two.
pub const ROUNDS: usize = 16;
/// Words of the P-array.
pub const P_LEN: usize = ROUNDS + 2;
/// Entries of each S-box: one per byte value.
const S_LEN: usize = 256;

/// A Blowfish key schedule: the P-array and the four S-boxes.
#[derive(Clone)]
pub struct Blowfish {
    p: [u32; P_LEN],
    s: [[u32; S_LEN]; 4],
}

impl Blowfish {
    /// The state before any key: pi's digits.
    pub fn initial() -> Self {
        Blowfish { p: blowfish_pi::P, s: blowfish_pi::S }
    }

    /// The round function: the four bytes of `x`, high to low, pick one word of each S-box.
    #[inline(always)]
    fn f(&self, x: u32) -> u32 {
        // Indexes are bytes (shifts and `as u8`, which x86 reads from a register's low and
        // second bytes directly), so they are always inside the 256-entry boxes and the
        // compiler drops the bounds checks.
        let a = (x >> 24) as usize;
        let b = (x >> 16) as u8 as usize;
        let c = (x >> 8) as u8 as usize;
        let d = x as u8 as usize;
        (self.s[0][a].wrapping_add(self.s[1][b]) ^ self.s[2][c]).wrapping_add(self.s[3][d])
    }

    /// Encrypts the block `(l, r)` (its high and low halves).
    #[inline(always)]
    pub fn encrypt(&self, mut l: u32, mut r: u32) -> (u32, u32) {
        // Two rounds a turn, so the halves never need swapping. Each subkey is XORed into
        // the half waiting for the round function's result, not into that result, so it
        // stays off the chain of dependent lookups that bounds the speed (`opaque` keeps
        // the compiler from moving it back).
        l ^= self.p[0];
        let mut pair = |i: usize| {
            r = opaque(r ^ self.p[i + 1]) ^ self.f(l);
            l = opaque(l ^ self.p[i + 2]) ^ self.f(r);
        };
        // The eight pairs of the 16 rounds, spelled out: LLVM does not unroll a loop with
        // the asm barriers in it, and unrolled (constant subkey offsets, no counter) bcrypt
        // is 4% faster.
        pair(0);
        pair(2);
        pair(4);
        pair(6);
        pair(8);
        pair(10);
        pair(12);
        pair(14);
        (r ^ self.p[ROUNDS + 1], l)
    }

    /// Blowfish's key schedule with bcrypt's salt: XORs `key` into the P-array, then
    /// replaces the P-array and the S-boxes, in order, with the successive encryptions of a
    /// block that starts at zero, XORing the next two salt words into it before each
    /// encryption (the four salt words are used in turn). With `SALTED` false the salt is
    /// all zeros and skipped: that is plain Blowfish's schedule, and bcrypt's costly loop.
    #[inline(always)]
    fn expand<const SALTED: bool>(&mut self, key: &[u32; P_LEN], salt: &[u32; 4]) {
        for (p, k) in self.p.iter_mut().zip(key) {
            *p ^= k;
        }
        let (mut l, mut r) = (0, 0);
        // Which half of the salt the next block takes; it alternates and carries on from
        // the P-array into the S-boxes.
        let mut half = 0;
        for i in (0..P_LEN).step_by(2) {
            if SALTED {
                l ^= salt[half];
                r ^= salt[half + 1];
                half ^= 2;
            }
            (l, r) = self.encrypt(l, r);
            self.p[i] = l;
            self.p[i + 1] = r;
        }
        for b in 0..self.s.len() {
            for i in (0..S_LEN).step_by(2) {
                if SALTED {
                    l ^= salt[half];
                    r ^= salt[half + 1];
                    half ^= 2;
                }
                (l, r) = self.encrypt(l, r);
                self.s[b][i] = l;
                self.s[b][i + 1] = r;
            }
        }
    }

    /// bcrypt's salted expansion (its `ExpandKey(state, salt, key)`).
    pub fn expand_salted(&mut self, key: &[u32; P_LEN], salt: &[u32; 4]) {
        self.expand::<true>(key, salt);
    }

    /// The unsalted expansion: Blowfish's own key schedule, and each half of a bcrypt
    /// round.
    pub fn expand_plain(&mut self, key: &[u32; P_LEN]) {
        self.expand::<false>(key, &[0; 4]);
    }

    /// Blowfish keyed the standard way: the key's bytes repeated to fill the P-array's 72
    /// bytes (a key of 1 to 56 bytes, as Schneier defines it; bcrypt uses up to 72).
    pub fn with_key(key: &[u8]) -> Self {
        let mut bf = Self::initial();
        bf.expand_plain(&cycled_words(key));
        bf
    }
}

/// `bytes` repeated to fill 18 big-endian words (zeros when `bytes` is empty).
pub fn cycled_words(bytes: &[u8]) -> [u32; P_LEN] {
    let mut words = [0; P_LEN];
    let mut it = bytes.iter().cycle();
    for w in &mut words {
        for _ in 0..4 {
            *w = (*w << 8) | u32::from(*it.next().unwrap_or(&0));
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    /// The state is pi's digits: the first and last words, as published with the cipher.
    #[test]
    fn initial_state_is_pi() {
        let bf = Blowfish::initial();
        assert_eq!(bf.p[0], 0x243f6a88);
        assert_eq!(bf.p[1], 0x85a308d3);
        assert_eq!(bf.p[P_LEN - 1], 0x8979fb1b);
        assert_eq!(bf.s[0][0], 0xd1310ba6);
        assert_eq!(bf.s[0][1], 0x98dfb5ac);
        assert_eq!(bf.s[3][S_LEN - 1], 0x3ac372e6);
    }

    /// The committed table is what the script writes today.
    #[test]
    fn table_matches_its_generator() {
        let dir = env!("CARGO_MANIFEST_DIR");
        let committed = std::fs::read_to_string(format!("{dir}/src/blowfish_pi.rs")).unwrap();
        let tmp = std::env::temp_dir().join(format!("limpet-crypt-pi-{}", std::process::id()));
        std::fs::create_dir_all(tmp.join("gen")).unwrap();
        std::fs::create_dir_all(tmp.join("src")).unwrap();
        std::fs::copy(format!("{dir}/gen/pi.py"), tmp.join("gen/pi.py")).unwrap();
        let ok = Command::new("python3").arg(tmp.join("gen/pi.py")).status().expect("python3 runs");
        assert!(ok.success());
        let fresh = std::fs::read_to_string(tmp.join("src/blowfish_pi.rs")).unwrap();
        std::fs::remove_dir_all(&tmp).unwrap();
        assert!(committed == fresh, "src/blowfish_pi.rs differs from gen/pi.py's output");
    }

    /// Eric Young's published Blowfish test vectors (key, plaintext, ciphertext).
    #[test]
    fn known_answers() {
        let cases: [(u64, u64, u64); 6] = [
            (0x0000000000000000, 0x0000000000000000, 0x4ef997456198dd78),
            (0xffffffffffffffff, 0xffffffffffffffff, 0x51866fd5b85ecb8a),
            (0x3000000000000000, 0x1000000000000001, 0x7d856f9a613063f2),
            (0x1111111111111111, 0x1111111111111111, 0x2466dd878b963c9d),
            (0x0123456789abcdef, 0x1111111111111111, 0x61f9c3802281b096),
            (0xfedcba9876543210, 0x0123456789abcdef, 0x0aceab0fc6a0a28d),
        ];
        for (key, plain, cipher) in cases {
            let bf = Blowfish::with_key(&key.to_be_bytes());
            let (l, r) = bf.encrypt((plain >> 32) as u32, plain as u32);
            assert_eq!((u64::from(l) << 32) | u64::from(r), cipher, "key {key:016x}");
        }
    }
}
