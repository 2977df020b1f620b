//! The AVX2 backend: 32-byte vectors. Only the entry points carry
//! `#[target_feature(enable = "avx2")]`; the `Vector` methods are `#[inline(always)]` and so
//! are compiled inside them. Callers must have checked the CPU (`cpu::has_avx2`).
use core::arch::x86_64::*;

use crate::arch::generic::{Block, Vector};

impl Block for __m256i {
    const BYTES: usize = 32;

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: the caller runs on a CPU with AVX2.
        unsafe { _mm256_set1_epi8(b as i8) }
    }
    #[inline(always)]
    unsafe fn load_unaligned(p: *const u8) -> Self {
        // SAFETY: AVX2 present; the caller passes a readable `p`.
        unsafe { _mm256_loadu_si256(p.cast()) }
    }
    #[inline(always)]
    unsafe fn store_aligned(self, p: *mut u8) {
        // SAFETY: AVX2 present; the caller passes an aligned, writable `p`.
        unsafe { _mm256_store_si256(p.cast(), self) }
    }
    #[inline(always)]
    unsafe fn store_unaligned(self, p: *mut u8) {
        // SAFETY: AVX2 present; the caller passes a writable `p`.
        unsafe { _mm256_storeu_si256(p.cast(), self) }
    }
}

impl Vector for __m256i {
    type Mask = u32;
    const ALL: u32 = u32::MAX;

    #[inline(always)]
    unsafe fn splat32(w: u32) -> Self {
        // SAFETY: the caller runs on a CPU with AVX2.
        unsafe { _mm256_set1_epi32(w as i32) }
    }
    #[inline(always)]
    unsafe fn load_aligned(p: *const u8) -> Self {
        // SAFETY: AVX2 present; the caller passes an aligned, readable `p`.
        unsafe { _mm256_load_si256(p.cast()) }
    }
    #[inline(always)]
    unsafe fn cmpeq(self, other: Self) -> Self {
        // SAFETY: the caller runs on a CPU with AVX2.
        unsafe { _mm256_cmpeq_epi8(self, other) }
    }
    #[inline(always)]
    unsafe fn cmpeq32(self, other: Self) -> Self {
        // SAFETY: the caller runs on a CPU with AVX2.
        unsafe { _mm256_cmpeq_epi32(self, other) }
    }
    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: the caller runs on a CPU with AVX2.
        unsafe { _mm256_or_si256(self, other) }
    }
    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: the caller runs on a CPU with AVX2.
        unsafe { _mm256_and_si256(self, other) }
    }
    #[inline(always)]
    unsafe fn movemask(self) -> u32 {
        // SAFETY: the caller runs on a CPU with AVX2.
        unsafe { _mm256_movemask_epi8(self) as u32 }
    }
}

super::entry_points!(__m256i, #[target_feature(enable = "avx2")]);
