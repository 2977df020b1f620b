//! SHA-256 (FIPS 180-4), for `$5$`, and through HMAC and PBKDF2 for scrypt and yescrypt.

use crate::digest::{Digest, Pending};

/// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

/// The first 32 bits of the fractional parts of the square roots of the first 8 primes.
const INIT: [u32; 8] =
    [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const BLOCK: usize = 64;
/// Bytes of the message length at the end of the padding.
const LEN_BYTES: usize = 8;

/// A SHA-256 computation.
#[derive(Clone)]
pub struct Sha256 {
    state: [u32; 8],
    pending: Pending<BLOCK>,
}

/// Σ0, Σ1 (of the working variables) and σ0, σ1 (of the message schedule), for
/// [`crate::sha2::compress!`].
#[inline(always)]
fn big_sigma0(x: u32) -> u32 {
    // ROTR2 ^ ROTR13 ^ ROTR22 with one rotation applied to a running value: one copy of x
    // instead of three (x86-64 without BMI2 rotates in place).
    (((x.rotate_right(9) ^ x).rotate_right(11)) ^ x).rotate_right(2)
}
#[inline(always)]
fn big_sigma1(x: u32) -> u32 {
    // ROTR6 ^ ROTR11 ^ ROTR25, in the same way.
    (((x.rotate_right(14) ^ x).rotate_right(5)) ^ x).rotate_right(6)
}
#[inline(always)]
fn small_sigma0(x: u32) -> u32 {
    x.rotate_right(7) ^ x.rotate_right(18) ^ (x >> 3)
}
#[inline(always)]
fn small_sigma1(x: u32) -> u32 {
    x.rotate_right(17) ^ x.rotate_right(19) ^ (x >> 10)
}

crate::sha2::compress!(u32);

impl Digest for Sha256 {
    const LEN: usize = 32;
    const BLOCK: usize = BLOCK;
    type Out = [u8; 32];

    fn new() -> Self {
        Sha256 { state: INIT, pending: Pending::new() }
    }

    fn update(&mut self, data: &[u8]) {
        let state = &mut self.state;
        self.pending.feed(data, |b| compress(state, b));
    }

    fn finish(self) -> [u8; 32] {
        let mut state = self.state;
        self.pending.finish(LEN_BYTES, true, |b| compress(&mut state, b));
        let mut out = [0u8; 32];
        for (o, s) in out.chunks_exact_mut(4).zip(state) {
            o.copy_from_slice(&s.to_be_bytes());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{hex, python_digests};

    #[test]
    fn fips_vectors() {
        assert_eq!(hex(&Sha256::digest(b"abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(hex(&Sha256::digest(b"")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assert_eq!(
            hex(&Sha256::digest(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
    }

    #[test]
    fn every_length_and_split_against_python() {
        python_digests::<Sha256>("sha256");
    }
}
