//! The two BlockMix functions scrypt and yescrypt are built from, behind the trait `Mix`:
//! Salsa20/8's (RFC 7914) and yescrypt's pwxform one, with pwxform's S-boxes (`Sbox`).
//! `Portable` is written for any machine; `arch/x86_64.rs` has the SSE2 backend, which
//! the methods use on x86_64 (SSE2 is part of x86_64 itself, so nothing is detected at
//! run time). The algorithms above them (`smix`) are written once over the trait.

use crate::salsa::{self, Block, WORDS};

/// Rounds of Salsa20 in scrypt's BlockMix.
pub const SALSA_ROUNDS: usize = 8;
/// Rounds of Salsa20 that end yescrypt's BlockMix.
pub const PWX_SALSA_ROUNDS: usize = 2;

/// pwxform's parameters, those of every yescrypt hash crypt accepts (YESCRYPT_DEFAULTS):
/// 6 rounds, 4 lanes gathered in parallel, each 2 64-bit words wide, S-boxes of 2^8
/// entries (12 KiB for the three).
pub const PWX_ROUNDS: usize = 6;
pub const PWX_GATHER: usize = 4;
pub const PWX_SIMPLE: usize = 2;
/// Entries of 16 bytes (`PWX_SIMPLE` words of 64 bits) in one S-box.
const SBOX_ENTRIES: usize = 1 << 8;
/// 64-bit words in one S-box.
pub const BOX_WORDS64: usize = SBOX_ENTRIES * PWX_SIMPLE;
/// Bytes of the three S-boxes.
pub const SBOX_BYTES: usize = 3 * BOX_WORDS64 * 8;
/// Blocks of the three S-boxes, and of one more that keeps their state between phases.
pub const SBOX_BLOCKS: usize = SBOX_BYTES / salsa::BYTES;
pub const SBOX_LANE_BLOCKS: usize = SBOX_BLOCKS + 1;
/// The bits of a word that pick an S-box entry, as a byte offset into the box (16-byte
/// entries).
pub const SMASK: u32 = ((SBOX_ENTRIES - 1) * PWX_SIMPLE * 8) as u32;
/// The position of the next write into S2 counts 64-bit words modulo the box.
pub const W_MASK: usize = BOX_WORDS64 - 1;

/// The three S-boxes of one lane and pwxform's place in them: which third of the memory
/// is S0, S1 and S2 (as offsets in 64-bit words; they rotate after every pwxform), and
/// where the next write into S2 goes.
pub struct Sbox<'a> {
    pub mem: &'a mut [Block],
    pub s0: usize,
    pub s1: usize,
    pub s2: usize,
    pub w: usize,
}

impl<'a> Sbox<'a> {
    /// The boxes of `mem` (`SBOX_LANE_BLOCKS` blocks, the S-boxes already filled) at the
    /// start: S2 first, then S1, then S0.
    pub fn new(mem: &'a mut [Block]) -> Self {
        Sbox { mem, s0: 2 * BOX_WORDS64, s1: BOX_WORDS64, s2: 0, w: 0 }
    }

    /// The boxes of `mem` where `save` left them.
    pub fn resume(mem: &'a mut [Block]) -> Self {
        let st = mem[SBOX_BLOCKS].0;
        Sbox { mem, s0: st[0] as usize, s1: st[1] as usize, s2: st[2] as usize, w: st[3] as usize }
    }

    /// Keeps the state in the lane's last block, for `resume`.
    pub fn save(self) {
        let st = &mut self.mem[SBOX_BLOCKS].0;
        // Each value is below 3 * BOX_WORDS64, so it fits a u32.
        st[..4].copy_from_slice(&[self.s0 as u32, self.s1 as u32, self.s2 as u32, self.w as u32]);
    }

    /// After a pwxform: (S0, S1, S2) become (S2, S0, S1), and the write position wraps.
    #[inline(always)]
    pub fn rotate(&mut self, w: usize) {
        let s2 = self.s2;
        self.s2 = self.s1;
        self.s1 = self.s0;
        self.s0 = s2;
        self.w = w & W_MASK;
    }
}

/// The row of V a BlockMix step also reads: its blocks are XORed into the input first, and
/// with `ReadWrite` the XOR's results are stored back into it (yescrypt's read-write SMix2).
pub enum Row<'a> {
    None,
    Read(&'a [Block]),
    ReadWrite(&'a mut [Block]),
}

impl Row<'_> {
    /// Input block `i`: `src[i]` XOR the row's block, the row left as it is.
    #[inline(always)]
    pub fn peek(&self, src: &[Block], i: usize) -> Block {
        let mut b = src[i];
        match self {
            Row::None => {}
            Row::Read(v) => b.xor(&v[i]),
            Row::ReadWrite(v) => b.xor(&v[i]),
        }
        b
    }

    /// Input block `i`, stored back into a read-write row.
    #[inline(always)]
    pub fn take(&mut self, src: &[Block], i: usize) -> Block {
        let b = self.peek(src, i);
        if let Row::ReadWrite(v) = self {
            v[i] = b;
        }
        b
    }
}

/// What a backend provides: the two BlockMix functions from `src` (XORed with `row`) to
/// `dst`, `2r` blocks each; `dst` is neither `src` nor the row.
pub trait Mix {
    /// scrypt's BlockMix with Salsa20/8.
    fn blockmix_salsa8(src: &[Block], row: Row, dst: &mut [Block]);
    /// yescrypt's BlockMix with pwxform: every block through pwxform, chained, then the
    /// last one through Salsa20/2.
    fn blockmix_pwxform(src: &[Block], row: Row, dst: &mut [Block], s: &mut Sbox);
}

/// The backend for any machine.
pub struct Portable;

impl Mix for Portable {
    fn blockmix_salsa8(src: &[Block], mut row: Row, dst: &mut [Block]) {
        let r = src.len() / 2;
        let mut t = row.peek(src, 2 * r - 1);
        for i in 0..2 * r {
            t.xor(&row.take(src, i));
            salsa::core(&mut t, SALSA_ROUNDS);
            // The even outputs go to the first half, the odd ones to the second.
            dst[i / 2 + (i % 2) * r] = t;
        }
    }

    fn blockmix_pwxform(src: &[Block], mut row: Row, dst: &mut [Block], s: &mut Sbox) {
        let last = src.len() - 1;
        let mut t = row.peek(src, last);
        for (i, d) in dst.iter_mut().enumerate() {
            t.xor(&row.take(src, i));
            pwxform(&mut t, s);
            *d = t;
        }
        salsa::core(&mut dst[last], PWX_SALSA_ROUNDS);
    }
}

/// The 64-bit word `i` of the S-box memory (two stored 32-bit words, low first).
#[inline(always)]
fn word64(mem: &[Block], i: usize) -> u64 {
    let b = &mem[i / 8].0;
    let k = (i % 8) * 2;
    u64::from(b[k]) | (u64::from(b[k + 1]) << 32)
}

#[inline(always)]
fn set_word64(mem: &mut [Block], i: usize, v: u64) {
    let b = &mut mem[i / 8].0;
    let k = (i % 8) * 2;
    b[k] = v as u32;
    b[k + 1] = (v >> 32) as u32;
}

/// pwxform on one block: its eight 64-bit lanes, taken as `PWX_GATHER` groups of
/// `PWX_SIMPLE`, each go through `PWX_ROUNDS` of multiply (high half by low half), add an
/// S0 entry, XOR an S1 entry; the entries are chosen by the group's first lane, so the
/// lookups depend on the password: the algorithm's own cache-timing trade-off (the
/// memory-hardness of the S-boxes comes from exactly these lookups). The middle rounds
/// also write their results into S2.
fn pwxform(x: &mut Block, s: &mut Sbox) {
    let (s0, s1, s2) = (s.s0, s.s1, s.s2);
    let mut w = s.w;
    for round in 0..PWX_ROUNDS {
        let write = round != 0 && round != PWX_ROUNDS - 1;
        for j in 0..PWX_GATHER {
            let base = j * PWX_SIMPLE * 2;
            let p0 = s0 + (x.0[base] & SMASK) as usize / 8;
            let p1 = s1 + (x.0[base + 1] & SMASK) as usize / 8;
            for k in 0..PWX_SIMPLE {
                let at = base + 2 * k;
                let lo = u64::from(x.0[at]);
                let hi = u64::from(x.0[at + 1]);
                let v = (hi * lo).wrapping_add(word64(s.mem, p0 + k)) ^ word64(s.mem, p1 + k);
                x.0[at] = v as u32;
                x.0[at + 1] = (v >> 32) as u32;
                if write {
                    set_word64(s.mem, s2 + w, v);
                    w += 1;
                }
            }
        }
    }
    s.rotate(w);
}

const _: () = assert!(PWX_GATHER * PWX_SIMPLE * 2 == WORDS, "pwxform works on exactly one block");

/// The backend the methods use: SSE2 on x86_64, `Portable` elsewhere.
#[cfg(target_arch = "x86_64")]
pub use crate::arch::x86_64::Sse2 as Native;
#[cfg(not(target_arch = "x86_64"))]
pub use Portable as Native;
