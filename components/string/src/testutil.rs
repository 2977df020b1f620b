//! Test fixtures shared by every function's tests: a seeded PRNG, padded buffers that put an
//! operand at each alignment, and pages fenced by inaccessible ones, to prove that no
//! function reads past the bytes its contract allows.
use core::ffi::{c_int, c_void};

use limpet_syscall::unistd::{mmap, mprotect, munmap};

/// Every length from 0 to this is tested exhaustively.
pub const MAX_LEN: usize = 300;
/// Every operand is tested at each of these offsets from a 64-byte boundary.
pub const ALIGNS: usize = 16;
/// Untouchable bytes on each side of an operand.
const PAD: usize = 64;
const BUF_LEN: usize = 2 * PAD + ALIGNS + MAX_LEN;

/// A xorshift64 generator: deterministic, so a failure names its seed and reproduces.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform enough in `0..n`, `n > 0`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn byte(&mut self) -> u8 {
        self.next_u64() as u8
    }

    /// A byte other than 0.
    pub fn nonzero(&mut self) -> u8 {
        loop {
            let b = self.byte();
            if b != 0 {
                return b;
            }
        }
    }

    /// A byte from a 4-letter alphabet, so that matches and equal runs are common.
    pub fn letter(&mut self) -> u8 {
        [b'a', 0x80, 0xff, 0x01][self.below(4)]
    }
}

#[repr(C, align(64))]
#[derive(Clone, PartialEq, Debug)]
struct Block([u8; BUF_LEN]);

/// A 64-byte-aligned buffer with room for a `MAX_LEN`-byte operand at any of `ALIGNS`
/// alignments and `PAD` bytes on either side. Tests compare whole buffers, which checks the
/// result and the untouched padding at once.
#[derive(Clone, PartialEq, Debug)]
pub struct Buf(Box<Block>);

impl Buf {
    /// Random bytes, none of them 0, so that any NUL was put there by the test.
    pub fn nonzero(rng: &mut Rng) -> Self {
        let mut b = Buf(Box::new(Block([0; BUF_LEN])));
        b.0.0.iter_mut().for_each(|x| *x = rng.nonzero());
        b
    }

    /// The index where an operand at alignment `align` starts.
    pub fn start(align: usize) -> usize {
        PAD + align
    }

    pub fn bytes(&self) -> &[u8] {
        &self.0.0
    }

    pub fn bytes_mut(&mut self) -> &mut [u8] {
        &mut self.0.0
    }

    /// The address of an operand at alignment `align`, valid for `MAX_LEN` bytes.
    pub fn at(&mut self, align: usize) -> *mut u8 {
        self.0.0[Self::start(align)..].as_mut_ptr()
    }

    /// As [`Buf::at`], for reading.
    pub fn ptr(&self, align: usize) -> *const u8 {
        self.0.0[Self::start(align)..].as_ptr()
    }
}

/// One read-write page between two `PROT_NONE` pages: touching a byte outside it faults.
pub struct Fenced {
    base: *mut u8,
    page: usize,
}

const PROT_NONE: c_int = 0;
const PROT_READ_WRITE: c_int = 3;
const MAP_PRIVATE_ANONYMOUS: c_int = 0x22;

impl Fenced {
    pub fn new() -> Self {
        unsafe extern "C" {
            safe fn getpagesize() -> c_int;
        }
        let page = getpagesize() as usize;
        // SAFETY: a fresh anonymous mapping; the guard pages belong to it.
        unsafe {
            let base = mmap(core::ptr::null_mut(), 3 * page, PROT_READ_WRITE, MAP_PRIVATE_ANONYMOUS, -1, 0);
            assert_ne!(base as usize, usize::MAX, "mmap failed");
            assert_eq!(mprotect(base, page, PROT_NONE), 0);
            assert_eq!(mprotect(base.cast::<u8>().add(2 * page).cast(), page, PROT_NONE), 0);
            Fenced { base: base.cast(), page }
        }
    }

    /// The accessible page; its first byte follows a fault and its last precedes one.
    pub fn page(&mut self) -> &mut [u8] {
        // SAFETY: the middle page is mapped read-write and owned by `self`.
        unsafe { core::slice::from_raw_parts_mut(self.base.add(self.page), self.page) }
    }

    /// `bytes` copied so that they end on the page's last byte; returns their address.
    pub fn at_end(&mut self, bytes: &[u8]) -> *mut u8 {
        let page = self.page();
        let at = page.len() - bytes.len();
        page[at..].copy_from_slice(bytes);
        page[at..].as_mut_ptr()
    }

    /// `bytes` copied to the page's start; returns their address.
    pub fn at_start(&mut self, bytes: &[u8]) -> *mut u8 {
        let page = self.page();
        page[..bytes.len()].copy_from_slice(bytes);
        page.as_mut_ptr()
    }
}

impl Drop for Fenced {
    fn drop(&mut self) {
        // SAFETY: the mapping is ours and nothing refers to it any more.
        unsafe { munmap(self.base.cast::<c_void>(), 3 * self.page) };
    }
}

/// A string of `len` random nonzero bytes from `rng`, followed by its NUL.
pub fn c_string(rng: &mut Rng, len: usize) -> Vec<u8> {
    let mut s: Vec<u8> = (0..len).map(|_| rng.nonzero()).collect();
    s.push(0);
    s
}
