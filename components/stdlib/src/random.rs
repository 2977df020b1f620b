//! `random`, `srandom`, `initstate` and `setstate`, producing musl's sequences.
//!
//! The generator is the additive lagged Fibonacci one of 4.3BSD (`x[i] += x[j]`, output the
//! sum's top 31 bits) with state sizes of 7, 15, 31 or 63 words and their classic lags; a
//! state buffer under 32 bytes gives the degenerate size 0, which steps the ANSI C LCG
//! instead. Seeding fills the state from a 64-bit MMIX LCG. The default state is that of
//! `srandom(1)`. A state buffer starts with one word recording the size and positions, so
//! `setstate` can resume it.
use core::ffi::{c_char, c_long, c_uint};
use core::sync::atomic::{AtomicBool, Ordering};

use crate::rand::{ANSI_A, ANSI_C, MMIX};

/// The default state: one header word, then 31 words.
const DEFAULT_WORDS: usize = 32;

struct State {
    /// The state words; the header word sits just before them.
    x: *mut u32,
    n: usize,
    i: usize,
    j: usize,
}

static mut DEFAULT: [u32; DEFAULT_WORDS] = seeded_default();
static mut STATE: State = State { x: core::ptr::null_mut(), n: 31, i: 3, j: 0 };
static LOCK: AtomicBool = AtomicBool::new(false);

/// The default buffer as `srandom(1)` leaves it, computed at compile time.
const fn seeded_default() -> [u32; DEFAULT_WORDS] {
    let mut t = [0; DEFAULT_WORDS];
    let mut s: u64 = 1;
    let mut k = 0;
    while k < 31 {
        s = s.wrapping_mul(MMIX).wrapping_add(1);
        t[1 + k] = (s >> 32) as u32;
        k += 1;
    }
    t[1] |= 1;
    t
}

/// The lag that goes with a state of `n` words.
fn lag(n: usize) -> usize {
    if n == 7 || n == 31 { 3 } else { 1 }
}

/// Runs `f` on the generator state under the lock.
fn with_state<R>(f: impl FnOnce(&mut State) -> R) -> R {
    while LOCK.swap(true, Ordering::Acquire) {
        core::hint::spin_loop();
    }
    // SAFETY: the lock gives exclusive access to STATE; a null `x` means the default buffer.
    let r = unsafe {
        let st = &mut *(&raw mut STATE);
        if st.x.is_null() {
            st.x = (&raw mut DEFAULT).cast::<u32>().add(1);
        }
        f(st)
    };
    LOCK.store(false, Ordering::Release);
    r
}

impl State {
    fn word(&mut self, k: usize) -> &mut u32 {
        // SAFETY: `x` leads to at least max(n, 1) words (checked by `initstate`).
        unsafe { &mut *self.x.add(k) }
    }
    fn seed(&mut self, seed: c_uint) {
        if self.n == 0 {
            *self.word(0) = seed;
            return;
        }
        self.i = lag(self.n);
        self.j = 0;
        let mut s = seed as u64;
        for k in 0..self.n {
            s = s.wrapping_mul(MMIX).wrapping_add(1);
            *self.word(k) = (s >> 32) as u32;
        }
        *self.word(0) |= 1;
    }
    /// Records the size and positions in the header word; returns the buffer's start.
    fn save(&mut self) -> *mut c_char {
        let header = (self.n << 16 | self.i << 8 | self.j) as u32;
        // SAFETY: every state buffer has its header word just before `x`.
        unsafe {
            *self.x.sub(1) = header;
            self.x.sub(1).cast()
        }
    }
    /// Switches to the buffer at `buf`, whose header word says its size and positions.
    ///
    /// # Safety
    /// `buf` must be a buffer `initstate` or `setstate` returned or set up.
    unsafe fn load(&mut self, buf: *mut c_char) {
        let w = buf.cast::<u32>();
        // SAFETY: the caller passes a state buffer, whose first word is the header.
        let header = unsafe { w.read_unaligned() } as usize;
        self.x = w.wrapping_add(1);
        (self.n, self.i, self.j) = (header >> 16, header >> 8 & 0xff, header & 0xff);
    }
}

/// `srandom(seed)`—Restarts the sequence of [`random`] (in the current state buffer) from `seed`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn srandom(seed: c_uint) {
    with_state(|st| st.seed(seed));
}

/// `random()`—The next number of the sequence, in `0..=2^31 - 1`. Thread-safe.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn random() -> c_long {
    with_state(|st| {
        if st.n == 0 {
            let x = st.word(0).wrapping_mul(ANSI_A).wrapping_add(ANSI_C) & 0x7fff_ffff;
            *st.word(0) = x;
            return x as c_long;
        }
        let (i, j) = (st.i, st.j);
        let sum = st.word(i).wrapping_add(*st.word(j));
        *st.word(i) = sum;
        st.i = if i + 1 == st.n { 0 } else { i + 1 };
        st.j = if j + 1 == st.n { 0 } else { j + 1 };
        (sum >> 1) as c_long
    })
}

/// `initstate(seed, state, size)`—Makes the `size`-byte buffer `state` the generator's state
/// (the more bytes, up to 256, the longer the period), seeds it with `seed`, and returns the
/// previous state buffer. Returns NULL for `size < 8`, leaving errno alone as musl does.
///
/// # Safety
/// `state` must be writable for `size` bytes, 4-byte aligned, and outlive its use.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn initstate(seed: c_uint, state: *mut c_char, size: usize) -> *mut c_char {
    if size < 8 {
        return core::ptr::null_mut();
    }
    with_state(|st| {
        let old = st.save();
        st.n = match size {
            0..32 => 0,
            32..64 => 7,
            64..128 => 15,
            128..256 => 31,
            _ => 63,
        };
        st.x = state.cast::<u32>().wrapping_add(1);
        st.seed(seed);
        st.save();
        old
    })
}

/// `setstate(state)`—Resumes the generator from the buffer `state` (set up by
/// [`initstate`]), saving the current one first; returns the previous buffer.
///
/// # Safety
/// `state` must be a buffer set up by `initstate`, or returned by `initstate`/`setstate`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn setstate(state: *mut c_char) -> *mut c_char {
    with_state(|st| {
        let old = st.save();
        // SAFETY: the caller passes a state buffer.
        unsafe { st.load(state) };
        old
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn musl_sequences_and_state_switching() {
        // Measured on musl 1.2.x: the default state is srandom(1)'s.
        srandom(1);
        assert_eq!([random(), random(), random()], [262836907, 2022765545, 1985587709]);
        srandom(0);
        assert_eq!([random(), random(), random()], [1708849955, 262836907, 2022765545]);
        let mut small = [0u32; 2];
        unsafe {
            assert!(initstate(1, small.as_mut_ptr().cast(), 7).is_null());
            let default = initstate(1, small.as_mut_ptr().cast(), 8);
            assert!(!default.is_null());
            assert_eq!([random(), random()], [1103527590, 377401575]);
            // Switching back resumes the default buffer where it stopped.
            let mut fresh = [0u32; 32];
            let mine = setstate(default);
            assert_eq!(mine, small.as_mut_ptr().cast());
            let next_default = random();
            setstate(mine);
            assert_eq!(random(), ((377401575u32.wrapping_mul(ANSI_A).wrapping_add(ANSI_C)) & 0x7fff_ffff) as c_long);
            // A fresh 128-byte buffer seeded alike gives the same as the default.
            let prev = initstate(1, fresh.as_mut_ptr().cast(), 128);
            assert_eq!(random(), 262836907);
            setstate(prev);
            // Back on the default buffer, which must outlive this test.
            setstate(default);
            assert_ne!(random(), next_default);
        }
    }
}
