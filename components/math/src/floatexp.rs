//! `expf`, `exp2f`, `logf` and `log2f`, correctly rounded in every mode, and the double
//! kernels `powf` shares with them.
//!
//! Each computes in double within 2^-48 relative ([`exp_f`]: 2^(j/128) from the table and a
//! polynomial of degree 4, or 5 without SSE4.1's nearest-integer rounding, whose reduction
//! in the directed modes leaves twice the range; [`log_f`]: the 256-entry table of
//! reciprocals and a series of degree 6, or 7 for `powf`), then rounds to float if that is
//! decided: the double's 29 bits below a float's last more than 2^10 from a float and from
//! a midpoint ([`round_bits`], every mode's boundaries; one conversion, in the caller's
//! mode, with its flags). About one call in 2^17 is undecided and goes, with the arguments
//! outside the fast range (tiny and huge ones, subnormal results, specials) and the exact
//! cases (`exp2f` of multiples of 1/128, `log2f` of powers of 2, `logf(1)`), to the double
//! function rounded once, as before. `powf` rounds the same way where its result is a normal
//! float, e^-87 to e^87.
use crate::explog::{fmadd, mul_err, nearest};
use crate::explog_tables::{EXP2_J, INV_LN2, LN2, LOG_INV_C};
use crate::float::{narrow, narrow_exact};

/// 2^q·2^(j/128)·(1 + em1): the scaling from the table and the bits.
#[inline(always)]
fn scale_by(ki: i64, em1: f64, fma: bool) -> f64 {
    let (th, _) = EXP2_J[4 * (ki & 127) as usize];
    let scale = f64::from_bits((th.to_bits() as i64 + ((ki >> 7) << 52)) as u64);
    if fma { fmadd::<true>(scale, em1, scale) } else { scale * em1 + scale }
}

/// e^r - 1 for |r| <= ln2/256 (`F`, the reduction to the nearest integer) to r^5/120
/// (2^-49 of it), or for |r| <= ln2/128 to r^6/720.
#[inline(always)]
fn expm1_f<const F: bool>(r: f64) -> f64 {
    const E: [f64; 4] = [0.5, 1.0 / 6.0, 1.0 / 24.0, 1.0 / 120.0];
    let r2 = r * r;
    let q = if F {
        fmadd::<F>(r2, E[2], fmadd::<F>(r, E[1], E[0]))
    } else {
        fmadd::<F>(r2, fmadd::<F>(r, E[3], E[2]), fmadd::<F>(r, E[1], E[0]))
    };
    fmadd::<F>(r2, q, r)
}

/// 2^(j/128 + q)·e^r - the reduction: e^z within 2^-48 relative for |z| < 104.
#[inline(always)]
pub(crate) fn exp_f<const F: bool>(z: f64) -> f64 {
    // z = (128q + j)·ln2/128 + r, |r| <= ln2/256 with SSE4.1's nearest integer (`F`), or
    // ln2/128 by the shift in the directed modes.
    const N_LN2: f64 = INV_LN2.0 * 128.0;
    let kd = if F { nearest::<F>(z * N_LN2) } else { (z * N_LN2 + SHIFT) - SHIFT };
    // SAFETY: |kd| < 2^15, an integer.
    let ki: i64 = unsafe { kd.to_int_unchecked() };
    let r = fmadd::<F>(-kd, LN2.0 / 128.0, z);
    scale_by(ki, expm1_f::<F>(r), F)
}

/// 1.5·2^52: adding and subtracting it rounds to an integer in the caller's mode.
const SHIFT: f64 = 6_755_399_441_055_744.0;

/// The float `v` rounds to in the caller's mode, if its last 29 bits (those below a
/// normal float's) are more than 2^10 from 0 and from 2^28 (from a float and from a
/// midpoint: every mode's boundaries), which covers an error below 2^-43 of `v`.
#[inline(always)]
pub(crate) fn round_bits(v: f64) -> Option<f32> {
    const M: u64 = (1 << 28) - 1;
    if (v.to_bits().wrapping_add(1 << 10) & M) > 1 << 11 { Some(v as f32) } else { None }
}

/// log x within 2^-52 relative (2^-59 of log1p's series) for a positive normal x other
/// than 1: k·ln 2 + log c + log1p(x/(2^k c) - 1).
#[inline(always)]
pub(crate) fn log_f<const F: bool, const POW: bool>(x: f64) -> f64 {
    // x = 2^k·z with z in [0.6875, 1.375), the interval i of z read from its bits.
    let (i, k, z) = crate::explog::log_reduce(x.to_bits());
    let (invc, lch, _) = LOG_INV_C[i];
    // z/c - 1: exact with FMA; without, the product's error added back.
    let r = if F {
        fmadd::<F>(z, invc, -1.0)
    } else {
        let p = z * invc;
        (p - 1.0) + mul_err::<F>(z, invc, p)
    };
    // log1p(r) for |r| < 2^-8, to r^8/8 (2^-59 of it) for `powf` (`POW`), which multiplies
    // its relative error by |z| up to 104 as the absolute error of z; else to r^7/7 (2^-50
    // of it).
    const C: [f64; 6] = [-0.5, 1.0 / 3.0, -0.25, 0.2, -1.0 / 6.0, 1.0 / 7.0];
    let r2 = r * r;
    let p45 = if POW { fmadd::<F>(r, C[5], C[4]) } else { C[4] };
    let p23 = fmadd::<F>(r, C[3], C[2]);
    let p = fmadd::<F>(r2, fmadd::<F>(r2, p45, p23), fmadd::<F>(r, C[1], C[0]));
    fmadd::<F>(k as f64, LN2.0, lch) + fmadd::<F>(r2, p, r)
}

#[inline(always)]
fn expf_fast<const F: bool>(x: f32) -> Option<f32> {
    round_bits(exp_f::<F>(f64::from(x)))
}

#[inline(always)]
fn exp2f_fast<const F: bool>(x: f32) -> Option<f32> {
    // 2^x = 2^(j/128 + q)·2^r: x - k/128 is exact, so only the product by ln 2 rounds.
    let xd = f64::from(x);
    let kd = if F { nearest::<F>(xd * 128.0) } else { (xd * 128.0 + SHIFT) - SHIFT };
    let rr = xd - kd * (1.0 / 128.0);
    if rr == 0.0 {
        // A multiple of 1/128: exact for integers, so left to the exact path.
        return None;
    }
    // SAFETY: |kd| < 2^15, an integer.
    let ki: i64 = unsafe { kd.to_int_unchecked() };
    round_bits(scale_by(ki, expm1_f::<F>(rr * LN2.0), F))
}

#[inline(always)]
fn logf_fast<const F: bool>(x: f32) -> Option<f32> {
    round_bits(log_f::<F, false>(f64::from(x)))
}

#[inline(always)]
fn log2f_fast<const F: bool>(x: f32) -> Option<f32> {
    round_bits(log_f::<F, false>(f64::from(x)) * INV_LN2.0)
}

#[cold]
#[inline(never)]
fn expf_slow(x: f32) -> f32 {
    narrow(crate::explog::exp(f64::from(x)))
}

#[cold]
#[inline(never)]
fn exp2f_slow(x: f32) -> f32 {
    narrow_exact(crate::explog::exp2(f64::from(x)))
}

#[cold]
#[inline(never)]
fn logf_slow(x: f32) -> f32 {
    narrow(crate::explog::log(f64::from(x)))
}

#[cold]
#[inline(never)]
fn log2f_slow(x: f32) -> f32 {
    narrow_exact(crate::explog::log2(f64::from(x)))
}

dispatch! {
    (x: f32) -> f32:
    expf_go expf_fma expf_plain => expf_fast, expf_slow;
    exp2f_go exp2f_fma exp2f_plain => exp2f_fast, exp2f_slow;
    logf_go logf_fma logf_plain => logf_fast, logf_slow;
    log2f_go log2f_fma log2f_plain => log2f_fast, log2f_slow;
}

/// `expf(x)`—e raised to `x`, correctly rounded.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn expf(x: f32) -> f32 {
    // 2^-25 <= |x| < 87: a normal result, not 1 ± tiny.
    if (x.to_bits() & 0x7fff_ffff).wrapping_sub(0x3300_0000) < 0x42ae_0000 - 0x3300_0000 {
        return expf_go(x);
    }
    expf_slow(x)
}

/// `exp2f(x)`—2 raised to `x`, correctly rounded (exact for integers).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn exp2f(x: f32) -> f32 {
    // 2^-25 <= |x| < 126.
    if (x.to_bits() & 0x7fff_ffff).wrapping_sub(0x3300_0000) < 0x42fc_0000 - 0x3300_0000 {
        return exp2f_go(x);
    }
    exp2f_slow(x)
}

/// `logf(x)`—The natural logarithm, correctly rounded.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn logf(x: f32) -> f32 {
    // Positive, normal and finite, not 1.
    let b = x.to_bits();
    if b.wrapping_sub(0x0080_0000) < 0x7f80_0000 - 0x0080_0000 && b != 0x3f80_0000 {
        return logf_go(x);
    }
    logf_slow(x)
}

/// `log2f(x)`—The base-2 logarithm, correctly rounded (exact for powers of 2).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn log2f(x: f32) -> f32 {
    // Positive, normal and finite, not a power of 2.
    let b = x.to_bits();
    if b.wrapping_sub(0x0080_0000) < 0x7f80_0000 - 0x0080_0000 && b & 0x7f_ffff != 0 {
        return log2f_go(x);
    }
    log2f_slow(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every float of the fast ranges (a stride through them), in every mode, with and
    /// without FMA: the fast path's result, where it decides, is the slow path's.
    #[test]
    fn fast_paths_agree_with_the_slow_ones() {
        fn run<const F: bool>(undecided: &mut u32) {
            let mut b: u32 = 0x0080_0000;
            while b < 0x7f80_0000 {
                for s in [0, 0x8000_0000] {
                    let x = f32::from_bits(b | s);
                    let tiny = f32::from_bits(0x3300_0000);
                    let checks: [(fn(f32) -> Option<f32>, fn(f32) -> f32, bool); 4] = [
                        (expf_fast::<F>, expf_slow, x.abs() >= tiny && x.abs() < 87.0),
                        (exp2f_fast::<F>, exp2f_slow, x.abs() >= tiny && x.abs() < 126.0),
                        (logf_fast::<F>, logf_slow, s == 0 && x != 1.0),
                        (log2f_fast::<F>, log2f_slow, s == 0 && b & 0x7f_ffff != 0),
                    ];
                    for (fast, slow, in_range) in checks {
                        if !in_range {
                            continue;
                        }
                        match fast(x) {
                            Some(v) => assert_eq!(v.to_bits(), slow(x).to_bits(), "{x:e}"),
                            None => *undecided += 1,
                        }
                    }
                }
                b += 2999;
            }
        }
        in_every_mode!(run, u32, |mode, undecided: u32| {
            std::println!("mode {mode}: {undecided} undecided");
            // exp2f leaves the multiples of 1/128 to the slow path: some dozens at this stride.
            assert!(undecided < 1500, "{undecided}");
        });
    }
}
