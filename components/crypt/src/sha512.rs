//! SHA-512 (FIPS 180-4), for `$6$`.

use crate::digest::{Digest, Pending};

/// The first 64 bits of the fractional parts of the cube roots of the first 80 primes.
const K: [u64; 80] = [
    0x428a2f98d728ae22,
    0x7137449123ef65cd,
    0xb5c0fbcfec4d3b2f,
    0xe9b5dba58189dbbc,
    0x3956c25bf348b538,
    0x59f111f1b605d019,
    0x923f82a4af194f9b,
    0xab1c5ed5da6d8118,
    0xd807aa98a3030242,
    0x12835b0145706fbe,
    0x243185be4ee4b28c,
    0x550c7dc3d5ffb4e2,
    0x72be5d74f27b896f,
    0x80deb1fe3b1696b1,
    0x9bdc06a725c71235,
    0xc19bf174cf692694,
    0xe49b69c19ef14ad2,
    0xefbe4786384f25e3,
    0x0fc19dc68b8cd5b5,
    0x240ca1cc77ac9c65,
    0x2de92c6f592b0275,
    0x4a7484aa6ea6e483,
    0x5cb0a9dcbd41fbd4,
    0x76f988da831153b5,
    0x983e5152ee66dfab,
    0xa831c66d2db43210,
    0xb00327c898fb213f,
    0xbf597fc7beef0ee4,
    0xc6e00bf33da88fc2,
    0xd5a79147930aa725,
    0x06ca6351e003826f,
    0x142929670a0e6e70,
    0x27b70a8546d22ffc,
    0x2e1b21385c26c926,
    0x4d2c6dfc5ac42aed,
    0x53380d139d95b3df,
    0x650a73548baf63de,
    0x766a0abb3c77b2a8,
    0x81c2c92e47edaee6,
    0x92722c851482353b,
    0xa2bfe8a14cf10364,
    0xa81a664bbc423001,
    0xc24b8b70d0f89791,
    0xc76c51a30654be30,
    0xd192e819d6ef5218,
    0xd69906245565a910,
    0xf40e35855771202a,
    0x106aa07032bbd1b8,
    0x19a4c116b8d2d0c8,
    0x1e376c085141ab53,
    0x2748774cdf8eeb99,
    0x34b0bcb5e19b48a8,
    0x391c0cb3c5c95a63,
    0x4ed8aa4ae3418acb,
    0x5b9cca4f7763e373,
    0x682e6ff3d6b2b8a3,
    0x748f82ee5defb2fc,
    0x78a5636f43172f60,
    0x84c87814a1f0ab72,
    0x8cc702081a6439ec,
    0x90befffa23631e28,
    0xa4506cebde82bde9,
    0xbef9a3f7b2c67915,
    0xc67178f2e372532b,
    0xca273eceea26619c,
    0xd186b8c721c0c207,
    0xeada7dd6cde0eb1e,
    0xf57d4f7fee6ed178,
    0x06f067aa72176fba,
    0x0a637dc5a2c898a6,
    0x113f9804bef90dae,
    0x1b710b35131c471b,
    0x28db77f523047d84,
    0x32caab7b40c72493,
    0x3c9ebe0a15c9bebc,
    0x431d67c49c100d4c,
    0x4cc5d4becb3e42b6,
    0x597f299cfc657e2a,
    0x5fcb6fab3ad6faec,
    0x6c44198c4a475817,
];

/// The first 64 bits of the fractional parts of the square roots of the first 8 primes.
const INIT: [u64; 8] = [
    0x6a09e667f3bcc908,
    0xbb67ae8584caa73b,
    0x3c6ef372fe94f82b,
    0xa54ff53a5f1d36f1,
    0x510e527fade682d1,
    0x9b05688c2b3e6c1f,
    0x1f83d9abfb41bd6b,
    0x5be0cd19137e2179,
];

const BLOCK: usize = 128;
/// Bytes of the message length at the end of the padding.
const LEN_BYTES: usize = 16;

/// A SHA-512 computation.
#[derive(Clone)]
pub struct Sha512 {
    state: [u64; 8],
    pending: Pending<BLOCK>,
}

/// Σ0, Σ1 (of the working variables) and σ0, σ1 (of the message schedule), for
/// [`crate::sha2::compress!`].
#[inline(always)]
fn big_sigma0(x: u64) -> u64 {
    // ROTR28 ^ ROTR34 ^ ROTR39 with one rotation applied to a running value: one copy of
    // x instead of three (x86-64 without BMI2 rotates in place).
    (((x.rotate_right(5) ^ x).rotate_right(6)) ^ x).rotate_right(28)
}
#[inline(always)]
fn big_sigma1(x: u64) -> u64 {
    // ROTR14 ^ ROTR18 ^ ROTR41, in the same way.
    (((x.rotate_right(23) ^ x).rotate_right(4)) ^ x).rotate_right(14)
}
#[inline(always)]
fn small_sigma0(x: u64) -> u64 {
    x.rotate_right(1) ^ x.rotate_right(8) ^ (x >> 7)
}
#[inline(always)]
fn small_sigma1(x: u64) -> u64 {
    x.rotate_right(19) ^ x.rotate_right(61) ^ (x >> 6)
}

crate::sha2::compress!(u64);

/// SHA-512's 64-byte digest, as an array type the trait can name (arrays past 32 bytes
/// have no `Default`).
#[derive(Clone, Copy)]
pub struct Out512(pub [u8; 64]);

impl Default for Out512 {
    fn default() -> Self {
        Out512([0; 64])
    }
}

impl AsRef<[u8]> for Out512 {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl AsMut<[u8]> for Out512 {
    fn as_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}

impl Digest for Sha512 {
    const LEN: usize = 64;
    const BLOCK: usize = BLOCK;
    type Out = Out512;

    fn new() -> Self {
        Sha512 {
            state: INIT,
            pending: Pending::new(),
        }
    }

    fn update(&mut self, data: &[u8]) {
        let state = &mut self.state;
        self.pending.feed(data, |b| compress(state, b));
    }

    fn finish(self) -> Out512 {
        let mut state = self.state;
        self.pending
            .finish(LEN_BYTES, true, |b| compress(&mut state, b));
        let mut out = [0u8; 64];
        for (o, s) in out.chunks_exact_mut(8).zip(state) {
            o.copy_from_slice(&s.to_be_bytes());
        }
        Out512(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{hex, python_digests};

    #[test]
    fn fips_vectors() {
        assert_eq!(
            hex(Sha512::digest(b"abc").as_ref()),
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a\
             2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
        );
        assert_eq!(
            hex(Sha512::digest(b"").as_ref()),
            "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce\
             47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"
        );
    }

    #[test]
    fn every_length_and_split_against_python() {
        python_digests::<Sha512>("sha512");
    }
}
