//! What the conversions' tests share: a small fixed generator, so failures reproduce, and
//! the wide form of a test string.

/// xorshift64*.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545F4914F6CDD1D)
    }

    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// One of `items`.
    pub(crate) fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

/// `s` as a wide string: one unit per character, and the terminator.
pub(crate) fn wide(s: &str) -> Vec<u32> {
    s.chars().map(|c| c as u32).chain([0]).collect()
}
