//! The AVX-512 backend: 64-byte vectors (AVX-512F for copies and fills, AVX-512BW for the
//! byte compares of scans and comparisons).
//!
//! A 64-byte load or store moves a whole cache line, twice what an AVX2 one does, which is
//! what bounds a copy, fill, scan or comparison that stays in the level-1 cache (a 4 KiB
//! copy took 15.8 ns against 21.6 ns with AVX2 on the AMD EPYC this was measured on;
//! README). Copies and fills of up to 128 bytes run the AVX2 code, whose short cases need
//! no more; the scans and comparisons are whichever of the AVX2 and 64-byte versions
//! measured faster (see [`zmm`]). Callers must have checked the CPU (`cpu::has_avx512`,
//! which also implies AVX2).
use core::arch::x86_64::*;

use crate::arch::generic::{Block, Vector, copy};

impl Block for __m512i {
    const BYTES: usize = 64;

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: the caller runs on a CPU with AVX-512F.
        unsafe { _mm512_set1_epi8(b as i8) }
    }
    #[inline(always)]
    unsafe fn load_unaligned(p: *const u8) -> Self {
        // SAFETY: AVX-512F present; the caller passes a readable `p`.
        unsafe { _mm512_loadu_si512(p.cast()) }
    }
    #[inline(always)]
    unsafe fn store_aligned(self, p: *mut u8) {
        // SAFETY: AVX-512F present; the caller passes an aligned, writable `p`.
        unsafe { _mm512_store_si512(p.cast(), self) }
    }
    #[inline(always)]
    unsafe fn store_unaligned(self, p: *mut u8) {
        // SAFETY: AVX-512F present; the caller passes a writable `p`.
        unsafe { _mm512_storeu_si512(p.cast(), self) }
    }
}

impl Vector for __m512i {
    type Mask = u64;
    const ALL: u64 = u64::MAX;

    #[inline(always)]
    unsafe fn splat32(w: u32) -> Self {
        // SAFETY: the caller runs on a CPU with AVX-512F.
        unsafe { _mm512_set1_epi32(w as i32) }
    }
    #[inline(always)]
    unsafe fn load_aligned(p: *const u8) -> Self {
        // SAFETY: AVX-512F present; the caller passes an aligned, readable `p`.
        unsafe { _mm512_load_si512(p.cast()) }
    }
    // The compares yield mask registers; widening them to vectors keeps the `Vector` shape,
    // and LLVM folds the round trip back into mask-register operations.
    #[inline(always)]
    unsafe fn cmpeq(self, other: Self) -> Self {
        // SAFETY: the caller runs on a CPU with AVX-512BW.
        unsafe { _mm512_movm_epi8(_mm512_cmpeq_epi8_mask(self, other)) }
    }
    #[inline(always)]
    unsafe fn cmpeq32(self, other: Self) -> Self {
        // SAFETY: the caller runs on a CPU with AVX-512F.
        unsafe { _mm512_maskz_mov_epi32(_mm512_cmpeq_epi32_mask(self, other), _mm512_set1_epi32(-1)) }
    }
    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: the caller runs on a CPU with AVX-512F.
        unsafe { _mm512_or_si512(self, other) }
    }
    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: the caller runs on a CPU with AVX-512F.
        unsafe { _mm512_and_si512(self, other) }
    }
    #[inline(always)]
    unsafe fn movemask(self) -> u64 {
        // SAFETY: the caller runs on a CPU with AVX-512BW.
        unsafe { _mm512_movepi8_mask(self) }
    }
}

/// Up to this many bytes, copies and fills run the AVX2 code: its short cases (all loads
/// before any store) are what the 64-byte loop's head and tail need below this anyway.
const SHORT: usize = 4 * 32;

/// See `arch::all::copy_forward`. Copies too large for the level-1 cache go to `rep movsb`
/// (see `super::use_movsb`).
///
/// # Safety
/// As there; and the CPU supports AVX-512F and AVX2.
#[target_feature(enable = "avx512f,avx512bw,avx2")]
#[inline]
pub unsafe fn copy_forward(dest: *mut u8, src: *const u8, n: usize) {
    // SAFETY: the caller's contract.
    unsafe { copy_forward_to(dest, src, n) };
}

/// [`copy_forward`] returning `dest`, for `memcpy`: its long copies are then a tail call,
/// and its short ones keep `dest` in no saved register.
///
/// # Safety
/// As for [`copy_forward`].
#[target_feature(enable = "avx512f,avx512bw,avx2")]
#[inline]
pub unsafe fn copy_forward_to(dest: *mut u8, src: *const u8, n: usize) -> *mut u8 {
    // SAFETY: the caller's contract.
    unsafe {
        if n <= SHORT {
            copy::copy_forward::<__m256i>(dest, src, n);
            dest
        } else {
            forward_long(dest, src, n)
        }
    }
}

/// The long copies of `copy_forward`, out of line so that the short ones need no saved
/// registers. Returns `dest`.
///
/// # Safety
/// As for `copy_forward`, with `n > SHORT`, which is more than two 64-byte blocks.
#[target_feature(enable = "avx512f,avx512bw,avx2")]
#[inline(never)]
unsafe fn forward_long(dest: *mut u8, src: *const u8, n: usize) -> *mut u8 {
    // SAFETY: the caller's contract.
    unsafe {
        if super::use_movsb(dest, src, n) {
            crate::arch::rep::movsb(dest, src, n)
        } else {
            copy::forward_long::<__m512i>(dest, src, n)
        }
    }
    super::opaque(dest)
}

/// See `arch::all::copy_backward`.
///
/// # Safety
/// As there; and the CPU supports AVX-512F and AVX2.
#[target_feature(enable = "avx512f,avx512bw,avx2")]
#[inline]
pub unsafe fn copy_backward(dest: *mut u8, src: *const u8, n: usize) {
    // SAFETY: the caller's contract; `n > SHORT` is more than two 64-byte blocks.
    unsafe {
        if n <= SHORT {
            copy::copy_backward::<__m256i>(dest, src, n)
        } else {
            copy::backward_long::<__m512i>(dest, src, n)
        }
    }
}

/// See `arch::all::set_bytes`. Fills of a MiB or more go to `rep stosb` (see
/// `super::STOSB_MIN`).
///
/// # Safety
/// As there; and the CPU supports AVX-512F and AVX2.
#[target_feature(enable = "avx512f,avx512bw,avx2")]
#[inline]
pub unsafe fn set_bytes(dest: *mut u8, c: u8, n: usize) {
    // SAFETY: the caller's contract; `n > SHORT` is at least one 64-byte block.
    unsafe {
        if n <= SHORT {
            copy::set_bytes::<__m256i>(dest, c, n)
        } else if n >= super::STOSB_MIN && super::cpu::has_erms() {
            crate::arch::rep::stosb(dest, c, n)
        } else {
            copy::set_long::<__m512i>(dest, c, n)
        }
    }
}

super::whole_functions!(#[target_feature(enable = "avx512f,avx512bw,avx2")]);
/// Every scan and comparison over 64-byte vectors. The backend takes those that measured
/// faster than AVX2's (`rep::measure_scans`, numbers in the README): the comparisons and
/// the backward scan. The forward scans (`strlen`, `strchr`, `memchr`: already at the
/// level-1 cache's bandwidth with AVX2), the wide scans and the substring candidate scan
/// were no faster, so the backend keeps AVX2's for them; their 64-byte versions stay here
/// to be measured again.
#[allow(dead_code)]
pub mod zmm {
    use super::*;
    super::super::scan_entry_points!(__m512i, #[target_feature(enable = "avx512f,avx512bw,avx2")]);
}

pub use super::avx2::{c_string_length, find_byte, find_byte_or_nul, find_pair, find_wide, wide_length};
pub use zmm::{compare_bytes, compare_c_strings, compare_strings, find_last_byte};
