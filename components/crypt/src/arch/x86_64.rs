//! The SSE2 backend of `mix::Mix`. SSE2 is part of x86_64 itself, so it needs no run-time
//! check. A block's diagonal word order (see `salsa`) puts each Salsa20 diagonal in one
//! vector, so a column round is four vector steps and a row round the same after rotating
//! three of the vectors; pwxform's 16-byte lanes are the block's four vectors as they
//! stand, and their multiplications are `pmuludq`.

use core::arch::x86_64::{
    __m128i, _mm_add_epi32, _mm_add_epi64, _mm_cvtsi128_si64, _mm_load_si128, _mm_mul_epu32, _mm_or_si128,
    _mm_shuffle_epi32, _mm_slli_epi32, _mm_srli_epi32, _mm_store_si128, _mm_xor_si128,
};

use crate::mix::{Mix, Row, Sbox, PWX_GATHER, PWX_ROUNDS, PWX_SALSA_ROUNDS, PWX_SIMPLE, SALSA_ROUNDS, SBOX_BLOCKS, SMASK, W_MASK};
use crate::salsa::Block;

/// The SSE2 backend.
pub struct Sse2;

/// A block in four vectors.
type Vecs = [__m128i; 4];

/// `_mm_shuffle_epi32` selectors: each lane takes the next one, the one two on, or the one
/// three on (that is, the one before).
const NEXT: i32 = 0x39;
const OPPOSITE: i32 = 0x4e;
const PREVIOUS: i32 = 0x93;
/// Swaps the 32-bit halves of each 64-bit lane (for multiplying high by low).
const SWAP_HALVES: i32 = 0xb1;
/// `SMASK` in both halves of a 64-bit word.
const PAIR_MASK: u64 = SMASK as u64 | ((SMASK as u64) << 32);

#[target_feature(enable = "sse2")]
#[inline]
fn load(b: &Block) -> Vecs {
    let p = b.0.as_ptr().cast::<__m128i>();
    // SAFETY: a Block is 64 bytes aligned to 64, so its four 16-byte parts are aligned
    // and inside it.
    unsafe { [_mm_load_si128(p), _mm_load_si128(p.add(1)), _mm_load_si128(p.add(2)), _mm_load_si128(p.add(3))] }
}

#[target_feature(enable = "sse2")]
#[inline]
fn store(b: &mut Block, v: Vecs) {
    let p = b.0.as_mut_ptr().cast::<__m128i>();
    // SAFETY: as in `load`, and `b` is borrowed for writing.
    unsafe {
        _mm_store_si128(p, v[0]);
        _mm_store_si128(p.add(1), v[1]);
        _mm_store_si128(p.add(2), v[2]);
        _mm_store_si128(p.add(3), v[3]);
    }
}

#[target_feature(enable = "sse2")]
#[inline]
fn xor(a: Vecs, b: Vecs) -> Vecs {
    [_mm_xor_si128(a[0], b[0]), _mm_xor_si128(a[1], b[1]), _mm_xor_si128(a[2], b[2]), _mm_xor_si128(a[3], b[3])]
}

/// Each 32-bit lane of `a + b` rotated left by `L` (`R` is 32 - `L`).
#[target_feature(enable = "sse2")]
#[inline]
fn add_rotl<const L: i32, const R: i32>(a: __m128i, b: __m128i) -> __m128i {
    let s = _mm_add_epi32(a, b);
    _mm_or_si128(_mm_slli_epi32::<L>(s), _mm_srli_epi32::<R>(s))
}

/// The Salsa20 core with `rounds` rounds, feed-forward included.
#[target_feature(enable = "sse2")]
#[inline]
fn salsa(x: Vecs, rounds: usize) -> Vecs {
    let [mut a, mut b, mut c, mut d] = x;
    for _ in 0..rounds / 2 {
        // Columns: each lane holds one column, from its diagonal element down.
        b = _mm_xor_si128(b, add_rotl::<7, 25>(a, d));
        c = _mm_xor_si128(c, add_rotl::<9, 23>(b, a));
        d = _mm_xor_si128(d, add_rotl::<13, 19>(c, b));
        a = _mm_xor_si128(a, add_rotl::<18, 14>(d, c));
        // Rows: the same steps once each lane holds one row, from its diagonal element on.
        let (mut rb, mut rc, mut rd) =
            (_mm_shuffle_epi32::<NEXT>(d), _mm_shuffle_epi32::<OPPOSITE>(c), _mm_shuffle_epi32::<PREVIOUS>(b));
        rb = _mm_xor_si128(rb, add_rotl::<7, 25>(a, rd));
        rc = _mm_xor_si128(rc, add_rotl::<9, 23>(rb, a));
        rd = _mm_xor_si128(rd, add_rotl::<13, 19>(rc, rb));
        a = _mm_xor_si128(a, add_rotl::<18, 14>(rd, rc));
        b = _mm_shuffle_epi32::<NEXT>(rd);
        c = _mm_shuffle_epi32::<OPPOSITE>(rc);
        d = _mm_shuffle_epi32::<PREVIOUS>(rb);
    }
    [_mm_add_epi32(a, x[0]), _mm_add_epi32(b, x[1]), _mm_add_epi32(c, x[2]), _mm_add_epi32(d, x[3])]
}

/// One pwxform round on the four gathered pairs: multiply each 64-bit lane's halves, add
/// an S0 entry, XOR an S1 entry, the entries picked by password-dependent bits of the
/// pair's first lane (as the algorithm requires); the middle rounds (`WRITE`) also store
/// each result into S2 at `w`, advancing it.
#[target_feature(enable = "sse2")]
#[inline]
fn round<const WRITE: bool>(x: &mut Vecs, s0: *const u8, s1: *const u8, s2: *mut u8, w: &mut usize) {
    for v in x.iter_mut() {
        // Both halves of the first lane masked at once.
        let first = _mm_cvtsi128_si64(*v) as u64 & PAIR_MASK;
        let lo = first as u32 as usize;
        let hi = (first >> 32) as usize;
        // SAFETY: `s0` and `s1` start 4 KiB boxes (the caller's promise); `lo` and `hi` are
        // multiples of 16 up to 4080, so each 16-byte entry is inside its box, and aligned,
        // as the boxes start on blocks.
        let (e0, e1) = unsafe { (_mm_load_si128(s0.add(lo).cast()), _mm_load_si128(s1.add(hi).cast())) };
        let product = _mm_mul_epu32(*v, _mm_shuffle_epi32::<SWAP_HALVES>(*v));
        *v = _mm_xor_si128(_mm_add_epi64(product, e0), e1);
        if WRITE {
            // SAFETY: `s2` starts a 4 KiB box and `w` counts 64-bit words below 512, a
            // multiple of PWX_SIMPLE here (32 writes a call, from a multiple of 32), so the
            // 16 bytes are aligned and inside it.
            unsafe { _mm_store_si128(s2.add(*w * 8).cast(), *v) };
            *w += PWX_SIMPLE;
        }
    }
}

/// pwxform (see `mix::pwxform`, the portable form): each vector is one gathered pair of
/// 64-bit lanes; the first and last rounds do not write S2. `boxes` are S0, S1 and S2,
/// rotated afterwards; `w` is where the next S2 write goes.
#[target_feature(enable = "sse2")]
#[inline]
fn pwxform(mut x: Vecs, boxes: &mut [*mut u8; 3], w: &mut usize) -> Vecs {
    let [s0, s1, s2] = *boxes;
    round::<false>(&mut x, s0, s1, s2, w);
    for _ in 1..PWX_ROUNDS - 1 {
        round::<true>(&mut x, s0, s1, s2, w);
    }
    round::<false>(&mut x, s0, s1, s2, w);
    *boxes = [s2, s0, s1];
    *w &= W_MASK;
    x
}

/// Input block `i` (see `Row::peek`).
#[target_feature(enable = "sse2")]
#[inline]
fn peek(src: &[Block], row: &Row, i: usize) -> Vecs {
    let b = load(&src[i]);
    match row {
        Row::None => b,
        Row::Read(v) => xor(b, load(&v[i])),
        Row::ReadWrite(v) => xor(b, load(&v[i])),
    }
}

/// Input block `i`, stored back into a read-write row (see `Row::take`).
#[target_feature(enable = "sse2")]
#[inline]
fn take(src: &[Block], row: &mut Row, i: usize) -> Vecs {
    let b = peek(src, row, i);
    if let Row::ReadWrite(v) = row {
        store(&mut v[i], b);
    }
    b
}

#[target_feature(enable = "sse2")]
fn blockmix_salsa8(src: &[Block], mut row: Row, dst: &mut [Block]) {
    let r = src.len() / 2;
    let mut t = peek(src, &row, 2 * r - 1);
    for i in 0..2 * r {
        t = salsa(xor(t, take(src, &mut row, i)), SALSA_ROUNDS);
        store(&mut dst[i / 2 + (i % 2) * r], t);
    }
}

/// The S-boxes' state is kept in registers for the whole BlockMix.
#[target_feature(enable = "sse2")]
fn blockmix_pwxform(src: &[Block], mut row: Row, dst: &mut [Block], s: &mut Sbox) {
    assert!(s.mem.len() >= SBOX_BLOCKS);
    let base = s.mem.as_mut_ptr().cast::<u8>();
    // SAFETY: s0, s1 and s2 are 0, 512 or 1024 (64-bit words), the starts of the three
    // 4 KiB boxes inside the `SBOX_BLOCKS` blocks checked above.
    let mut boxes = unsafe { [base.add(s.s0 * 8), base.add(s.s1 * 8), base.add(s.s2 * 8)] };
    let mut w = s.w;
    let last = src.len() - 1;
    let mut t = peek(src, &row, last);
    for (i, d) in dst.iter_mut().enumerate() {
        t = pwxform(xor(t, take(src, &mut row, i)), &mut boxes, &mut w);
        store(d, t);
    }
    store(&mut dst[last], salsa(t, PWX_SALSA_ROUNDS));
    // Back to offsets (each box's start less the base, in 64-bit words).
    let [s0, s1, s2] = boxes.map(|p| (p as usize - base as usize) / 8);
    (s.s0, s.s1, s.s2, s.w) = (s0, s1, s2, w);
}

impl Mix for Sse2 {
    fn blockmix_salsa8(src: &[Block], row: Row, dst: &mut [Block]) {
        // SAFETY: SSE2 is part of every x86_64 processor.
        unsafe { blockmix_salsa8(src, row, dst) }
    }

    fn blockmix_pwxform(src: &[Block], row: Row, dst: &mut [Block], s: &mut Sbox) {
        // SAFETY: SSE2 is part of every x86_64 processor.
        unsafe { blockmix_pwxform(src, row, dst, s) }
    }
}

const _: () = assert!(PWX_GATHER == 4 && PWX_SIMPLE == 2, "one vector per gathered pair");
