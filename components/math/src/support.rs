//! Small pieces the function files share: the high word musl's thresholds read, the
//! run-time expressions that raise a flag (the compiler would fold constant ones), the
//! caller's rounding mode, and the tests' input generator and ulp distance.
use core::hint::black_box as bb;

/// The high word of |x|, as musl's thresholds read it.
#[inline]
pub(crate) fn hi(x: f64) -> u32 {
    (x.to_bits() >> 32) as u32 & 0x7fff_ffff
}

/// 0/0 at run time: x86's default NaN (sign set), with invalid.
#[inline(never)]
pub(crate) fn invalid() -> f64 {
    bb(0.0f64) / bb(0.0f64)
}

/// -1/0 at run time: -inf, with divide-by-zero.
#[inline]
pub(crate) fn neg_pole() -> f64 {
    -1.0 / bb(0.0f64)
}

/// Raises inexact (only): 1 plus the smallest normal double is not representable. On
/// x86_64 one `addsd` on registers (the compiler may not fold or drop an `asm!` block),
/// instead of a round trip through memory for each operand.
#[inline]
pub(crate) fn raise_inexact() {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: an addition on two registers; it only sets MXCSR's inexact flag.
    unsafe {
        core::arch::asm!("addsd {a}, {b}", a = inout(xmm_reg) 1.0f64 => _, b = in(xmm_reg) f64::MIN_POSITIVE,
            options(nomem, nostack, preserves_flags));
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = bb(bb(1.0f64) + bb(f64::MIN_POSITIVE));
}

/// `x(1 ± 2^-60)` rounded once in the caller's mode (a fused multiply-add, exact for
/// subnormals too): the value of a function that is `x` to within far less than half an ulp,
/// just above it in magnitude (`up`) or just below, such as sin, tan, sinh and log1p of a
/// tiny `x`.
#[inline]
pub(crate) fn nudge(x: f64, up: bool) -> f64 {
    const D: f64 = f64::from_bits((1023 - 60) << 52);
    if x == 0.0 {
        return x;
    }
    crate::real::fma(x, if up { D } else { -D }, x)
}

/// The SSE rounding mode, found by rounding 1.5 and -1.5 to integers in it (SSE4.1's
/// `roundpd` in the current mode, the inexact exception suppressed, so no flag changes):
/// 2 and -2 to nearest, 1 and -2 down, 2 and -1 up, 1 and -1 toward zero. Which lanes
/// came out as 1 and -1 spells the mode's number. Reading MXCSR (`stmxcsr`, through
/// memory) takes about 6 ns on the machines measured, this a few cycles. The CPU must
/// have SSE4.1, which the callers know from `has_fma`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn sse_mode_by_rounding() -> u32 {
    use core::arch::x86_64::{_mm_cmpeq_pd, _mm_movemask_pd, _mm_set_pd};
    // SAFETY: SSE2 is x86_64's baseline, and the caller has checked for SSE4.1; the
    // instruction reads and writes only `v` (not `pure`: the mode it reads can change
    // between two calls).
    unsafe {
        let mut v = _mm_set_pd(-1.5, 1.5);
        core::arch::asm!("roundpd {v}, {v}, 12", v = inout(xmm_reg) v, options(nomem, nostack, preserves_flags));
        _mm_movemask_pd(_mm_cmpeq_pd(v, _mm_set_pd(-1.0, 1.0))) as u32
    }
}

/// Whether the caller rounds to nearest.
#[inline]
pub(crate) fn rounds_to_nearest() -> bool {
    rounding_mode() == 0
}

/// The current rounding mode: 0 nearest, 1 down, 2 up, 3 toward zero.
#[inline]
pub(crate) fn rounding_mode() -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::real::has_fma() {
            return sse_mode_by_rounding();
        }
        match crate::fenv::fegetround() {
            crate::fenv::FE_DOWNWARD => 1,
            crate::fenv::FE_UPWARD => 2,
            crate::fenv::FE_TOWARDZERO => 3,
            _ => 0,
        }
    }
    #[cfg(target_arch = "aarch64")]
    {
        let fpcr: u64;
        // SAFETY: reads the floating-point control register.
        unsafe { core::arch::asm!("mrs {}, fpcr", out(reg) fpcr, options(nomem, nostack)) };
        // FPCR.RMode: 0 nearest, 1 toward +inf, 2 toward -inf, 3 toward zero.
        [0, 2, 1, 3][((fpcr >> 22) & 3) as usize]
    }
    #[cfg(target_arch = "riscv64")]
    {
        let frm: u64;
        // SAFETY: reads the rounding-mode CSR.
        unsafe { core::arch::asm!("frrm {}", out(reg) frm, options(nomem, nostack)) };
        // frm: 0 nearest, 1 toward zero, 2 down, 3 up.
        match frm {
            1 => 3,
            2 => 1,
            3 => 2,
            _ => 0,
        }
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64", target_arch = "riscv64")))]
    {
        0
    }
}

/// The tests' pseudo-random source (xorshift64).
/// The rounding modes the tests run in: the four on x86_64, where `fenv` sets them; only
/// round-to-nearest elsewhere.
#[cfg(all(test, target_arch = "x86_64"))]
pub(crate) const TEST_MODES: [i32; 4] = [crate::fenv::FE_TONEAREST, crate::fenv::FE_DOWNWARD, crate::fenv::FE_UPWARD, crate::fenv::FE_TOWARDZERO];
#[cfg(all(test, not(target_arch = "x86_64")))]
pub(crate) const TEST_MODES: [i32; 1] = [0];

/// Sets one of `TEST_MODES`.
#[cfg(test)]
pub(crate) fn set_test_mode(mode: i32) {
    #[cfg(target_arch = "x86_64")]
    crate::fenv::fesetround(mode);
    #[cfg(not(target_arch = "x86_64"))]
    let _ = mode;
}

/// A test's loop count: `n` where the build is optimized, an eighth of it in debug builds
/// (which `cargo xtask test` runs, natively and under qemu).
#[cfg(test)]
pub(crate) const fn scaled(n: u32) -> u32 {
    if cfg!(debug_assertions) { n / 8 } else { n }
}

#[cfg(test)]
pub(crate) struct XorShift(pub u64);

#[cfg(test)]
impl XorShift {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in [0, 1).
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The distance in ulps between two doubles of the same sign.
#[cfg(test)]
pub(crate) fn ulps(a: f64, b: f64) -> u64 {
    (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs()
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// The mode found by rounding is MXCSR's, in each mode (set through MXCSR alone too,
    /// as `_mm_setcsr` would), and finding it changes no flag.
    #[test]
    fn the_mode_by_rounding_is_mxcsrs() {
        if !crate::real::has_fma() {
            return;
        }
        for (i, mode) in TEST_MODES.into_iter().enumerate() {
            for direct in [false, true] {
                if direct {
                    crate::fenv::fesetround(0);
                    crate::fenv::set_mxcsr(crate::fenv::get_mxcsr() & !0x6000 | (mode as u32) << 3);
                } else {
                    set_test_mode(mode);
                }
                crate::fenv::feclearexcept(crate::fenv::FE_ALL_EXCEPT);
                let found = sse_mode_by_rounding();
                let flags = crate::fenv::fetestexcept(crate::fenv::FE_ALL_EXCEPT);
                crate::fenv::fesetround(0);
                assert_eq!((found, flags), (i as u32, 0), "mode {mode:#x}, through MXCSR only: {direct}");
            }
        }
    }
}
