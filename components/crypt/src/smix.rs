//! scrypt's ROMix (RFC 7914, section 5) and yescrypt's extension of it, SMix, written once
//! over a BlockMix backend (`mix::Mix`). Classic scrypt is SMix without yescrypt's flags.
//!
//! The block read from V at each step is chosen by the data itself (`integerify`): both
//! algorithms' memory-hardness rests on these password-dependent reads, so they cannot be
//! made independent of the secret.

use crate::hmac::hmac;
use crate::mix::{Mix, Row, Sbox, SBOX_BLOCKS, SBOX_LANE_BLOCKS};
use crate::salsa::{self, Block};
use crate::sha256::Sha256;

/// Bytes of a row of V, per unit of r: two blocks.
const ROW_BYTES: usize = 2 * salsa::BYTES;
/// Rounds of the scrypt that fills the S-boxes: one row of r = 1 for every 128 bytes of
/// them.
const SBOX_FILL_N: u64 = (SBOX_BLOCKS / 2) as u64;

/// The memory SMix works in, all from one mapping: V (`n * 2r` blocks), the scratch X and
/// Y (`2r` each), and for yescrypt one `SBOX_LANE_BLOCKS` stretch per lane.
pub struct Work<'a> {
    pub v: &'a mut [Block],
    pub xy: &'a mut [Block],
    pub s: &'a mut [Block],
}

/// What decides the shape of the work: the flags (0 for classic scrypt) and the costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub rw: bool,
    pub n: u64,
    pub r: usize,
    pub p: u64,
    pub t: u32,
}

impl Shape {
    /// yescrypt's Nloop_all: how many SMix2 steps each lane takes, before rounding to even
    /// (in read-write mode the lanes split V, and the count is from their share of it).
    pub fn nloop_all(&self) -> u64 {
        if self.rw {
            let n = self.n / self.p;
            match self.t {
                0 => n.div_ceil(3),
                1 => (2 * n).div_ceil(3),
                t => n * u64::from(t - 1),
            }
        } else {
            let n = self.n;
            match self.t {
                0 => n,
                1 => n + n.div_ceil(2),
                t => n * u64::from(t),
            }
        }
    }
}

/// The last block's first two words, as scrypt and yescrypt read them: the block's words 0
/// and 1, which the diagonal order stores at 0 and 13.
#[inline(always)]
fn integerify(x: &[Block]) -> u64 {
    let last = &x[x.len() - 1].0;
    u64::from(last[0]) | (u64::from(last[13]) << 32)
}

/// `x` mapped into `[i - 2^k, i)`, with 2^k the largest power of two not above `i`.
fn wrap(x: u64, i: u64) -> u64 {
    let n = p2floor(i);
    (x & (n - 1)) + (i - n)
}

/// The largest power of two not above `x` (`x` > 0).
fn p2floor(x: u64) -> u64 {
    1 << (63 - x.leading_zeros())
}

fn load(x: &mut [Block], b: &[u8]) {
    for (x, chunk) in x.iter_mut().zip(b.chunks_exact(salsa::BYTES)) {
        *x = Block::load(chunk);
    }
}

fn store(x: &[Block], b: &mut [u8]) {
    for (x, chunk) in x.iter().zip(b.chunks_exact_mut(salsa::BYTES)) {
        x.store(chunk);
    }
}

/// One BlockMix step by the backend, from `src` XOR `row` into `dst`: pwxform when the
/// lane has S-boxes.
#[inline(always)]
fn mix<M: Mix>(src: &[Block], row: Row, dst: &mut [Block], s: &mut Option<&mut Sbox>) {
    match s {
        Some(s) => M::blockmix_pwxform(src, row, dst, s),
        None => M::blockmix_salsa8(src, row, dst),
    }
}

/// SMix1: fills `v` (`n` rows of `2r` blocks) from `b`, each row the BlockMix of the one
/// before; yescrypt's read-write mode also mixes an earlier row into each from the third on.
/// X lives in V itself: row `i + 1` is made from row `i`, so nothing is copied; the last
/// step's result goes to `x`, and back to `b`.
fn smix1<M: Mix>(b: &mut [u8], n: u64, rw: bool, v: &mut [Block], x: &mut [Block], mut s: Option<&mut Sbox>) {
    let s2r = b.len() / salsa::BYTES;
    let n = n as usize;
    load(&mut v[..s2r], b);
    for i in 0..n {
        let (done, rest) = v.split_at_mut((i + 1) * s2r);
        let src = &done[i * s2r..];
        let row = if rw && i > 1 {
            let j = wrap(integerify(src), i as u64) as usize;
            Row::Read(&done[j * s2r..(j + 1) * s2r])
        } else {
            Row::None
        };
        let dst = if i + 1 < n { &mut rest[..s2r] } else { &mut *x };
        mix::<M>(src, row, dst, &mut s);
    }
    store(x, b);
}

/// SMix2: `nloop` steps, each XORing the row that the data chooses into X (and in
/// read-write mode writing the result back to that row) before a BlockMix. `n` is a
/// power of two, the rows of `v` used. X moves between the two halves of `xy`.
fn smix2<M: Mix>(b: &mut [u8], n: u64, nloop: u64, rw: bool, v: &mut [Block], xy: &mut [Block], mut s: Option<&mut Sbox>) {
    if nloop == 0 {
        return;
    }
    let s2r = b.len() / salsa::BYTES;
    let (x, y) = xy.split_at_mut(s2r);
    let (mut cur, mut next) = (x, &mut y[..s2r]);
    load(cur, b);
    for _ in 0..nloop {
        let j = (integerify(cur) & (n - 1)) as usize;
        let v_j = &mut v[j * s2r..(j + 1) * s2r];
        let row = if rw { Row::ReadWrite(v_j) } else { Row::Read(v_j) };
        mix::<M>(cur, row, next, &mut s);
        core::mem::swap(&mut cur, &mut next);
    }
    store(cur, b);
}

/// SMix over the `p` lanes of `b` (each `128 r` bytes). For yescrypt in read-write mode
/// the lanes share V, each filling its own part, and `passwd` (the 32 bytes the final
/// PBKDF2 is keyed with) is mixed with lane 0's S-box seed; otherwise each lane runs
/// classic ROMix over the whole of V in turn.
pub fn smix<M: Mix>(b: &mut [u8], shape: Shape, work: &mut Work, passwd: &mut [u8; 32]) {
    let Shape { rw, n, r, p, t: _ } = shape;
    let lane = ROW_BYTES * r;
    if !rw {
        let nloop = (shape.nloop_all() + 1) & !1;
        for bi in b.chunks_exact_mut(lane) {
            smix1::<M>(bi, n, false, work.v, &mut work.xy[..2 * r], None);
            smix2::<M>(bi, n, nloop, false, work.v, work.xy, None);
        }
        return;
    }
    let nchunk = (n / p) & !1;
    let nloop_all = (shape.nloop_all() + 1) & !1;
    let nloop_rw = (shape.nloop_all() / p + 1) & !1;
    let s2r = 2 * r;
    for (i, (bi, si)) in b.chunks_exact_mut(lane).zip(work.s.chunks_exact_mut(SBOX_LANE_BLOCKS)).enumerate() {
        let i = i as u64;
        let start = i * nchunk;
        let np = if i < p - 1 { nchunk } else { n - start };
        let vp = &mut work.v[(start as usize) * s2r..((start + np) as usize) * s2r];
        // The S-boxes are the rows of a small classic scrypt seeded by the lane.
        let sbox_v = &mut si[..SBOX_BLOCKS];
        smix1::<M>(&mut bi[..ROW_BYTES], SBOX_FILL_N, false, sbox_v, &mut work.xy[..2], None);
        if i == 0 {
            // Keyed with the lane's last block, which the fill (of its first row) left alone
            // unless r = 1.
            let mut mixed = hmac::<Sha256>(&bi[lane - salsa::BYTES..], passwd);
            passwd.copy_from_slice(&mixed);
            mixed.fill(0);
        }
        let mut sb = Sbox::new(si);
        smix1::<M>(bi, np, true, vp, &mut work.xy[..s2r], Some(&mut sb));
        smix2::<M>(bi, p2floor(np), nloop_rw, true, vp, work.xy, Some(&mut sb));
        sb.save();
    }
    if nloop_all > nloop_rw {
        for (bi, si) in b.chunks_exact_mut(lane).zip(work.s.chunks_exact_mut(SBOX_LANE_BLOCKS)) {
            let mut sb = Sbox::resume(si);
            smix2::<M>(bi, n, nloop_all - nloop_rw, false, work.v, work.xy, Some(&mut sb));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_stays_below_i() {
        for i in 2..300u64 {
            for x in [0, 1, 7, 1 << 40, u64::MAX] {
                let j = wrap(x, i);
                assert!(j < i && j >= i - p2floor(i), "{x} {i} {j}");
            }
        }
        assert_eq!(p2floor(1), 1);
        assert_eq!(p2floor(4097), 4096);
    }
}
