//! What the tests of both allocators use: a byte pattern per block to catch overwrites, a
//! small random generator, and a look at which pages are resident.
use core::ptr::NonNull;

use limpet_abi::limits::PAGESIZE;

/// The byte `i` of block `id` holds.
fn pattern(id: usize, i: usize) -> u8 {
    (id.wrapping_mul(0x9e37_79b9) ^ i.wrapping_mul(31)) as u8
}

/// Writes block `id`'s pattern over the `n` bytes at `p`.
pub fn fill(p: NonNull<u8>, n: usize, id: usize) {
    // SAFETY: the callers pass a live block of at least `n` bytes.
    let s = unsafe { core::slice::from_raw_parts_mut(p.as_ptr(), n) };
    s.iter_mut().enumerate().for_each(|(i, b)| *b = pattern(id, i));
}

/// Whether the `n` bytes at `p` still hold block `id`'s pattern.
pub fn holds(p: NonNull<u8>, n: usize, id: usize) -> bool {
    // SAFETY: as for fill.
    let s = unsafe { core::slice::from_raw_parts(p.as_ptr(), n) };
    s.iter().enumerate().all(|(i, &b)| b == pattern(id, i))
}

/// Whether the `n` bytes at `p` are all zero.
pub fn is_zero(p: NonNull<u8>, n: usize) -> bool {
    // SAFETY: as for fill.
    unsafe { core::slice::from_raw_parts(p.as_ptr(), n) }.iter().all(|&b| b == 0)
}

/// xorshift, seeded by the test.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Whether the page holding `addr` is in memory.
pub fn resident(addr: usize) -> bool {
    let mut v = 0u8;
    // SAFETY: mincore writes one byte for the one page asked about.
    let r = unsafe { limpet_syscall::syscall3(limpet_syscall::nr::MINCORE, addr & !(PAGESIZE - 1), PAGESIZE, &raw mut v as usize) };
    r == 0 && v & 1 != 0
}
