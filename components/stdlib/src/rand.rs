//! `rand`, `srand` and `rand_r`, producing musl's sequences.
//!
//! `rand` is a 64-bit linear congruential generator (Knuth's MMIX multiplier, increment 1)
//! returning the top 31 bits; `srand(s)` starts it at `s - 1`, so `rand` before any `srand`
//! runs as after `srand(1)`. `rand_r` keeps only 32 bits of state, so it steps the classic
//! ANSI C LCG and tempers the result as MT19937 does, to hide its weak low bits.
use core::ffi::{c_int, c_uint};
use core::sync::atomic::{AtomicU64, Ordering};

/// Knuth's MMIX multiplier, also what `random`'s seeding uses.
pub(crate) const MMIX: u64 = 6364136223846793005;
/// The ANSI C example generator's multiplier and increment.
pub(crate) const ANSI_A: u32 = 1103515245;
pub(crate) const ANSI_C: u32 = 12345;

static SEED: AtomicU64 = AtomicU64::new(0);

/// `srand(seed)`—Restarts the sequence of [`rand`] from `seed`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn srand(seed: c_uint) {
    // The subtraction wraps in 32 bits: srand(0) starts at 2^32 - 1, not at 2^64 - 1.
    SEED.store(seed.wrapping_sub(1) as u64, Ordering::Relaxed);
}

/// `rand()`—The next number of the sequence, in `0..=RAND_MAX` (2^31 - 1). Not thread-safe
/// in C; here concurrent calls may repeat a value but never tear the state.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn rand() -> c_int {
    let s = SEED.load(Ordering::Relaxed).wrapping_mul(MMIX).wrapping_add(1);
    SEED.store(s, Ordering::Relaxed);
    (s >> 33) as c_int
}

/// The MT19937 output tempering.
fn temper(mut x: u32) -> u32 {
    x ^= x >> 11;
    x ^= (x << 7) & 0x9D2C_5680;
    x ^= (x << 15) & 0xEFC6_0000;
    x ^ (x >> 18)
}

/// `rand_r(seed)`—The next number of the sequence whose whole state is `*seed`, in
/// `0..=RAND_MAX`.
///
/// # Safety
/// `seed` must be valid for reading and writing.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn rand_r(seed: *mut c_uint) -> c_int {
    // SAFETY: the caller passes a valid pointer.
    unsafe {
        *seed = (*seed).wrapping_mul(ANSI_A).wrapping_add(ANSI_C);
        (temper(*seed) / 2) as c_int
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn musl_sequences() {
        // Measured on musl 1.2.x.
        srand(1);
        assert_eq!((rand(), rand()), (0, 740882966));
        srand(0);
        assert_eq!(rand(), 2049033599);
        let mut s = 1;
        unsafe {
            let a = rand_r(&mut s);
            let b = rand_r(&mut s);
            assert_eq!((a, b), (1993684161, 1388323688));
        }
    }
}
