//! The backends and the choice between them.
//!
//! Every backend offers the same raw API, the cores that the C functions are thin wrappers
//! over, laid out the way compiler-builtins' `mem` module is:
//!
//! | core | C functions built on it |
//! |---|---|
//! | `copy_forward`, `copy_backward` | `memcpy`, `memmove`, `strcpy`, ... |
//! | `set_bytes` | `memset`, `bzero`, `strncpy`'s padding |
//! | `compare_bytes` | `memcmp`, `bcmp` |
//! | `compare_strings`, `compare_c_strings` | `strncmp`; `strcmp`, `strcoll` |
//! | `find_byte`, `find_last_byte` | `memchr`, `memrchr`, `strnlen`, `memccpy`, ... |
//! | `find_byte_or_nul`, `c_string_length` | `strchr`, `strchrnul`, `strlen`, ... |
//! | `wide_length`, `find_wide` | `wcslen`, `wmemchr`, `wcsnlen` |
//! | `find_pair` | the candidate scan of `memmem`, `strstr` and their relatives |
//!
//! The backends:
//! - [`all`]: portable, a `usize` word at a time. The only one on aarch64 and riscv64, and
//!   the x86_64 one with the `portable` feature.
//! - `x86_64`: SSE2 (baseline) and AVX2, chosen at run time on first use and then called
//!   through a function pointer; the algorithms are written once in `generic` over a small
//!   `Vector` trait.
//! - `small`: byte loops (and `rep movsb`/`rep stosb` on x86_64), for the size profile
//!   (`size` feature).
// Each backend is built where it is chosen, and for the tests, which check every backend
// the machine can run whichever one the build chose.
#[cfg(any(test, all(not(feature = "size"), any(not(target_arch = "x86_64"), feature = "portable"))))]
pub mod all;
#[cfg(all(target_arch = "x86_64", any(test, not(any(feature = "size", feature = "portable")))))]
pub mod generic;
#[cfg(all(target_arch = "x86_64", any(test, feature = "size", not(feature = "portable"))))]
pub mod rep;
#[cfg(any(test, feature = "size"))]
pub mod small;
#[cfg(all(target_arch = "x86_64", any(test, not(any(feature = "size", feature = "portable")))))]
pub mod x86_64;

#[cfg(test)]
mod tests;

#[cfg(feature = "size")]
pub use small::*;

#[cfg(all(not(feature = "size"), any(not(target_arch = "x86_64"), feature = "portable")))]
pub use all::{
    c_string_length, compare_bytes, compare_c_strings, compare_strings, copy_backward, copy_forward, find_byte, find_byte_or_nul,
    find_last_byte, find_pair, find_wide, set_bytes, wide_length,
};

#[cfg(all(not(feature = "size"), target_arch = "x86_64", not(feature = "portable")))]
pub use x86_64::dispatch::{
    c_string_length, compare_bytes, compare_c_strings, compare_strings, copy_forward, find_byte, find_byte_or_nul, find_last_byte,
    find_pair, find_wide, memcpy, memmove, memset, set_bytes, wide_length,
};

#[cfg(any(feature = "size", not(target_arch = "x86_64"), feature = "portable"))]
pub use whole::{memcpy, memmove, memset};

/// `memcpy`, `memmove` and `memset` as single calls returning `dest`, over the raw API. The
/// x86_64 dispatch has its own, one per backend, so that the C functions are one jump
/// through the chosen backend's pointer.
#[cfg(any(feature = "size", not(target_arch = "x86_64"), feature = "portable"))]
mod whole {
    use super::{copy_backward, copy_forward, set_bytes};

    /// # Safety
    /// As for `copy_forward`.
    #[inline(always)]
    pub unsafe fn memcpy(dest: *mut u8, src: *const u8, n: usize) -> *mut u8 {
        // SAFETY: the caller's contract.
        unsafe { copy_forward(dest, src, n) };
        dest
    }

    /// # Safety
    /// `src` valid for `n` bytes of reads and `dest` for `n` bytes of writes; any overlap.
    #[inline(always)]
    pub unsafe fn memmove(dest: *mut u8, src: *const u8, n: usize) -> *mut u8 {
        // SAFETY: the direction is the one the overlap allows (see `forward_is_safe`).
        unsafe {
            if super::forward_is_safe(dest, src, n) { copy_forward(dest, src, n) } else { copy_backward(dest, src, n) }
        }
        dest
    }

    /// # Safety
    /// As for `set_bytes`.
    #[inline(always)]
    pub unsafe fn memset(dest: *mut u8, c: u8, n: usize) -> *mut u8 {
        // SAFETY: the caller's contract.
        unsafe { set_bytes(dest, c, n) };
        dest
    }
}

/// Whether copying `n` bytes upwards from `src` to `dest` is right: unless `dest` starts
/// inside `src`'s region above `src`. The unsigned difference covers both "dest below src"
/// (it wraps) and "no overlap" at once.
#[inline(always)]
pub fn forward_is_safe(dest: *mut u8, src: *const u8, n: usize) -> bool {
    dest.addr().wrapping_sub(src.addr()) >= n
}

/// What `find_pair` looks for: two units of a needle, at two offsets, each of which may take
/// one of two values (a letter's two cases for `strcasestr`; the same value twice otherwise).
/// The offsets name the needle's rarest-looking units, so candidates are few.
#[derive(Clone, Copy, Debug)]
pub struct Pair {
    pub offsets: [usize; 2],
    pub first: [u32; 2],
    pub second: [u32; 2],
}

impl Pair {
    #[inline(always)]
    pub fn first_matches(&self, u: u32) -> bool {
        u == self.first[0] || u == self.first[1]
    }

    #[inline(always)]
    pub fn second_matches(&self, u: u32) -> bool {
        u == self.second[0] || u == self.second[1]
    }
}

/// Unit `i` of a haystack of `UNIT`-byte units (bytes or wide characters) at `h`.
///
/// # Safety
/// `h` must be aligned for its units and unit `i` readable.
#[inline(always)]
pub unsafe fn unit<const UNIT: usize>(h: *const u8, i: usize) -> u32 {
    // SAFETY: per the contract.
    unsafe { if UNIT == 1 { *h.add(i) as u32 } else { *h.cast::<u32>().add(i) } }
}

/// The number of wide characters before the terminator of the wide string `s`, one unit
/// at a time: `wide_length` of the portable and size backends, and the vector backends'
/// fallback for a misaligned `s`.
///
/// # Safety
/// `s` must be a NUL-terminated wide string.
pub unsafe fn scalar_wide_length(s: *const u32) -> usize {
    let mut n = 0;
    // SAFETY: every unit up to the terminator is readable.
    unsafe {
        while s.add(n).read_unaligned() != 0 {
            n += 1;
        }
    }
    n
}

/// The first of the `n` wide characters at `s` that equals `c`, or null; one unit at a
/// time, like [`scalar_wide_length`].
///
/// # Safety
/// `s` must be readable up to the first `c` or for `n` units, whichever comes first.
pub unsafe fn scalar_find_wide(s: *const u32, c: u32, n: usize) -> *const u32 {
    for i in 0..n {
        // SAFETY: no unit past the first match or the `n`th is read.
        unsafe {
            if s.add(i).read_unaligned() == c {
                return s.add(i);
            }
        }
    }
    core::ptr::null()
}
