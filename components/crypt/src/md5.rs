//! MD5 (RFC 1321), for `$1$` only: broken as a hash, it survives in old password files.

use crate::digest::{Digest, Pending};
use crate::opaque::opaque;

/// RFC 1321's table T: `T[i]` is the integer part of 2^32 × |sin(i + 1)| (radians).
const T: [u32; 64] = [
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
];

/// The left rotations of each round's four steps (they repeat four times in a round).
const SHIFTS: [[u32; 4]; 4] = [
    [7, 12, 17, 22],
    [5, 9, 14, 20],
    [4, 11, 16, 23],
    [6, 10, 15, 21],
];

/// RFC 1321's initial A, B, C, D.
const INIT: [u32; 4] = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];

const BLOCK: usize = 64;
/// Bytes of the message length at the end of the padding.
const LEN_BYTES: usize = 8;
/// Steps in each of the four rounds.
const STEPS: usize = 16;

/// An MD5 computation.
#[derive(Clone)]
pub struct Md5 {
    state: [u32; 4],
    pending: Pending<BLOCK>,
}

/// The message word step `i` (0 to 63) reads: round 0 in order, then every fifth word from
/// 1, every third from 5, every seventh from 0.
const fn word(i: usize) -> usize {
    match i / STEPS {
        0 => i,
        1 => (5 * i + 1) % STEPS,
        2 => (3 * i + 5) % STEPS,
        _ => (7 * i) % STEPS,
    }
}

/// Step `i` of round `$round`, whose function of B, C, D is `$f`, with the working
/// variables named in their rotated order, so no value moves between steps.
macro_rules! step {
    (($early:ident, $f:ident), $x:ident, $i:expr, $a:ident, $b:ident, $c:ident, $d:ident) => {{
        const I: usize = $i;
        // A, the step's word, its constant and the part of the function that does not read
        // B first: only the rest waits for the step before (B is its result), so it is
        // added last, and the barrier keeps LLVM from moving the other additions after it.
        let early = opaque($x[word(I)].wrapping_add(T[I]).wrapping_add($early($c, $d)));
        let sum = $a.wrapping_add(early).wrapping_add($f($b, $c, $d));
        $a = $b.wrapping_add(sum.rotate_left(SHIFTS[I / STEPS][I % 4]));
    }};
}

/// Sixteen steps of one round, starting at step `$base`.
macro_rules! round {
    ($f:tt, $x:ident, $base:expr, $a:ident, $b:ident, $c:ident, $d:ident) => {
        step!($f, $x, $base, $a, $b, $c, $d);
        step!($f, $x, $base + 1, $d, $a, $b, $c);
        step!($f, $x, $base + 2, $c, $d, $a, $b);
        step!($f, $x, $base + 3, $b, $c, $d, $a);
        step!($f, $x, $base + 4, $a, $b, $c, $d);
        step!($f, $x, $base + 5, $d, $a, $b, $c);
        step!($f, $x, $base + 6, $c, $d, $a, $b);
        step!($f, $x, $base + 7, $b, $c, $d, $a);
        step!($f, $x, $base + 8, $a, $b, $c, $d);
        step!($f, $x, $base + 9, $d, $a, $b, $c);
        step!($f, $x, $base + 10, $c, $d, $a, $b);
        step!($f, $x, $base + 11, $b, $c, $d, $a);
        step!($f, $x, $base + 12, $a, $b, $c, $d);
        step!($f, $x, $base + 13, $d, $a, $b, $c);
        step!($f, $x, $base + 14, $c, $d, $a, $b);
        step!($f, $x, $base + 15, $b, $c, $d, $a);
    };
}

// The four rounds' functions of B, C, D, each as a part that does not read B, added
// early, and the rest (the two parts have no bit in common, so adding is OR-ing).
#[inline(always)]
fn none(_c: u32, _d: u32) -> u32 {
    0
}
#[inline(always)]
fn f(b: u32, c: u32, d: u32) -> u32 {
    // (b & c) | (!b & d), with one operation fewer.
    d ^ (b & (c ^ d))
}
#[inline(always)]
fn g_early(c: u32, d: u32) -> u32 {
    c & !d
}
#[inline(always)]
fn g(b: u32, _c: u32, d: u32) -> u32 {
    b & d
}
#[inline(always)]
fn h(b: u32, c: u32, d: u32) -> u32 {
    b ^ c ^ d
}
#[inline(always)]
fn i(b: u32, c: u32, d: u32) -> u32 {
    c ^ (b | !d)
}

/// One block into the state: four rounds of sixteen steps, each round with its own
/// function of B, C, D and its own order of the message words, spelled out.
fn compress(state: &mut [u32; 4], block: &[u8; BLOCK]) {
    let mut x = [0u32; 16];
    for (w, b) in x.iter_mut().zip(block.chunks_exact(4)) {
        *w = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    }
    let [mut a, mut b, mut c, mut d] = *state;
    round!((none, f), x, 0, a, b, c, d);
    round!((g_early, g), x, STEPS, a, b, c, d);
    round!((none, h), x, 2 * STEPS, a, b, c, d);
    round!((none, i), x, 3 * STEPS, a, b, c, d);
    for (s, v) in state.iter_mut().zip([a, b, c, d]) {
        *s = s.wrapping_add(v);
    }
}

impl Digest for Md5 {
    const LEN: usize = 16;
    const BLOCK: usize = BLOCK;
    type Out = [u8; 16];

    fn new() -> Self {
        Md5 {
            state: INIT,
            pending: Pending::new(),
        }
    }

    fn update(&mut self, data: &[u8]) {
        let state = &mut self.state;
        self.pending.feed(data, |b| compress(state, b));
    }

    fn finish(self) -> [u8; 16] {
        let mut state = self.state;
        self.pending
            .finish(LEN_BYTES, false, |b| compress(&mut state, b));
        let mut out = [0u8; 16];
        for (o, s) in out.chunks_exact_mut(4).zip(state) {
            o.copy_from_slice(&s.to_le_bytes());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{hex, python_digests};

    /// RFC 1321's test suite (appendix A.5).
    #[test]
    fn rfc_1321_suite() {
        let cases: [(&[u8], &str); 7] = [
            (b"", "d41d8cd98f00b204e9800998ecf8427e"),
            (b"a", "0cc175b9c0f1b6a831c399e269772661"),
            (b"abc", "900150983cd24fb0d6963f7d28e17f72"),
            (b"message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            (
                b"abcdefghijklmnopqrstuvwxyz",
                "c3fcd3d76192e4007dfb496cca67e13b",
            ),
            (
                b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
                "d174ab98d277d9f5a5611c2c9f419d9f",
            ),
            (
                b"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
                "57edf4a22be3c955ac49da2e2107b67a",
            ),
        ];
        for (m, want) in cases {
            assert_eq!(hex(&Md5::digest(m)), want, "{:?}", core::str::from_utf8(m));
        }
    }

    #[test]
    fn every_length_and_split_against_python() {
        python_digests::<Md5>("md5");
    }
}
