//! What the tests share: a small deterministic generator, and keys that are numbers
//! stored as pointers, compared by address.
use core::ffi::{c_int, c_void};

/// xorshift64: deterministic, so a failing sequence can be run again.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n`.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The key `k`, stored as the pointer value `k` (never followed).
pub(crate) fn key(k: usize) -> *const c_void {
    k as *const c_void
}

/// Orders keys made by [`key`].
pub(crate) unsafe extern "C" fn by_address(a: *const c_void, b: *const c_void) -> c_int {
    (a as usize).cmp(&(b as usize)) as c_int
}
