//! The SSE2 backend: 16-byte vectors. SSE2 is part of the x86_64 baseline, so these entry
//! points need no `#[target_feature]` and no check.
use core::arch::x86_64::*;

use crate::arch::generic::{Block, Vector};

impl Block for __m128i {
    const BYTES: usize = 16;

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: SSE2 is baseline.
        unsafe { _mm_set1_epi8(b as i8) }
    }
    #[inline(always)]
    unsafe fn load_unaligned(p: *const u8) -> Self {
        // SAFETY: the caller passes a readable `p`.
        unsafe { _mm_loadu_si128(p.cast()) }
    }
    #[inline(always)]
    unsafe fn store_aligned(self, p: *mut u8) {
        // SAFETY: the caller passes an aligned, writable `p`.
        unsafe { _mm_store_si128(p.cast(), self) }
    }
    #[inline(always)]
    unsafe fn store_unaligned(self, p: *mut u8) {
        // SAFETY: the caller passes a writable `p`.
        unsafe { _mm_storeu_si128(p.cast(), self) }
    }
}

impl Vector for __m128i {
    type Mask = u32;
    const ALL: u32 = 0xffff;

    #[inline(always)]
    unsafe fn splat32(w: u32) -> Self {
        // SAFETY: SSE2 is baseline.
        unsafe { _mm_set1_epi32(w as i32) }
    }
    #[inline(always)]
    unsafe fn load_aligned(p: *const u8) -> Self {
        // SAFETY: the caller passes an aligned, readable `p`.
        unsafe { _mm_load_si128(p.cast()) }
    }
    #[inline(always)]
    unsafe fn cmpeq(self, other: Self) -> Self {
        // SAFETY: SSE2 is baseline.
        unsafe { _mm_cmpeq_epi8(self, other) }
    }
    #[inline(always)]
    unsafe fn cmpeq32(self, other: Self) -> Self {
        // SAFETY: SSE2 is baseline.
        unsafe { _mm_cmpeq_epi32(self, other) }
    }
    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: SSE2 is baseline.
        unsafe { _mm_or_si128(self, other) }
    }
    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: SSE2 is baseline.
        unsafe { _mm_and_si128(self, other) }
    }
    #[inline(always)]
    unsafe fn movemask(self) -> u32 {
        // SAFETY: SSE2 is baseline.
        unsafe { _mm_movemask_epi8(self) as u32 }
    }
}

super::entry_points!(__m128i,);
