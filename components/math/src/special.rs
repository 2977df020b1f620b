//! The special arguments of functions whose kernels are the `libm` crate's, handled here
//! the way musl handles them, then the crate's kernel for the rest.
//!
//! The crate computes the same results, but its special cases are constant expressions
//! (`pio2_hi + 0x1p-120`, `1 - 0x1p-1022`, `0.0/0.0`, `-1/0.0`) that the compiler folds:
//! the flag they exist to raise is lost, a rounding mode other than nearest is ignored, and
//! `0.0/0.0` folds to +NaN where x86 computes the default NaN (-NaN) that musl returns. Here
//! each is evaluated at run time through [`black_box`]. A few arguments take other paths
//! too: a signalling NaN comes back quieted (with invalid) where musl's arithmetic quiets
//! it, or untouched where musl returns it as it is; `acoshf` of a large negative argument
//! is NaN with invalid (the crate returns a number).
use core::ffi::c_int;
#[cfg(test)]
use crate::float::{acosf, erfcf, tgammaf, ynf, acoshf};
use crate::support::{hi, invalid};
use core::hint::black_box as bb;
use crate::trig::{Dd, in_nearest, round_dd, sin_cos_dd};

/// A float's magnitude bits.
fn mag(x: f32) -> u32 {
    x.to_bits() & 0x7fff_ffff
}

fn nan(x: f64) -> bool {
    crate::exact::isnan(x)
}

fn nanf(x: f32) -> bool {
    crate::exact::isnanf(x)
}

/// π/2's leading part (musl's `pio2_hi`) and its float form.
const PIO2_HI: f64 = f64::from_bits(0x3ff9_21fb_5444_2d18);
const PIO2_HI_F: f32 = f32::from_bits(0x3fc9_0fda);
/// 2^-120, the tiny term musl adds to raise inexact and follow the rounding mode.
const TINY: f64 = f64::from_bits(0x3870_0000_0000_0000);
const TINY_F: f32 = f32::from_bits(0x0380_0000);

/// `acos(x)`—The arc cosine, in `[0, pi]`; NaN (invalid) outside `[-1, 1]`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn acos(x: f64) -> f64 {
    let ix = hi(x);
    if ix <= 0x3c60_0000 {
        // |x| below about 2^-57: π/2, inexact, rounded in the current mode.
        return bb(PIO2_HI) + bb(TINY);
    }
    if x == -1.0 {
        return 2.0 * bb(PIO2_HI) + bb(TINY);
    }
    if ix < 0x3ff0_0000 && !crate::support::rounds_to_nearest() {
        // |x| < 1 in a directed mode: the kernel's value in round-to-nearest, one Newton
        // step on cos y = x in double-double, rounded once.
        return acos_directed(x);
    }
    libm::acos(x)
}

/// asin x in a directed mode: y0 = the kernel's asin x in round-to-nearest (within an ulp),
/// then y0 + (x - sin y0)/cos y0 with the sine and cosine in double-double, whose error is
/// about the square of y0's (2^-100 relative, 2^-77 within 2^-50 of ±1), rounded once.
#[cold]
fn asin_directed(x: f64) -> f64 {
    round_dd(in_nearest(x, |x| {
        let y0 = libm::asin(x);
        let (s, c) = sin_cos_dd(y0);
        Dd::new(y0, 0.0).add(Dd::new(x, 0.0).add(s.neg()).div(c))
    }))
}

/// acos x in a directed mode, as `asin_directed`: y0 - (x - cos y0)/sin y0.
#[cold]
fn acos_directed(x: f64) -> f64 {
    round_dd(in_nearest(x, |x| {
        let y0 = libm::acos(x);
        let (s, c) = sin_cos_dd(y0);
        Dd::new(y0, 0.0).add(Dd::new(x, 0.0).add(c.neg()).div(s).neg())
    }))
}

/// `asin(x)`—The arc sine, in `[-pi/2, pi/2]`; NaN (invalid) outside `[-1, 1]`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn asin(x: f64) -> f64 {
    let ix = hi(x);
    if (0x3e40_0000..0x3ff0_0000).contains(&ix) && !crate::support::rounds_to_nearest() {
        // 2^-27 <= |x| < 1 in a directed mode, as `acos`.
        return asin_directed(x);
    }
    libm::asin(x)
}


/// `atan(x)`—The arc tangent, in `[-pi/2, pi/2]` (a NaN returned as it is).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn atan(x: f64) -> f64 {
    let ix = hi(x);
    if ix >= 0x4410_0000 {
        // |x| >= 2^66, inf or NaN.
        if nan(x) {
            return x;
        }
        let z = bb(PIO2_HI) + bb(TINY);
        return if x.is_sign_negative() { -z } else { z };
    }
    if ix < 0x3e40_0000 {
        // |x| < 2^-27: x itself, raising underflow for a subnormal.
        if ix < 0x0010_0000 {
            let _ = bb(bb(x) as f32);
        }
        return x;
    }
    libm::atan(x)
}

/// `atan2(y, x)`—The angle of the point `(x, y)`, in `[-pi, pi]`: `x + y` when either is a
/// NaN and `atan(y)` (its flags included) for x = 1, as musl's; the crate's kernel else,
/// but for a subnormal x under a finite y whose quotient passes 2^66.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn atan2(y: f64, x: f64) -> f64 {
    if nan(x) || nan(y) {
        return bb(x) + bb(y);
    }
    if x.to_bits() == 0x3ff0_0000_0000_0000 {
        return atan(y);
    }
    if hi(x) & 0x7fff_ffff < 0x0010_0000 && x != 0.0 && y != 0.0 && hi(y) & 0x7fff_ffff < 0x7ff0_0000 {
        return atan2_subnormal_x(y, x);
    }
    libm::atan2(y, x)
}

/// `atan2` for a subnormal x and a finite nonzero y. The |y/x| > 2^64 test on the high
/// words does not see a subnormal's size, so such a quotient goes to atan(|y/x|), which
/// past 2^66 is π/2 rounded in the caller's mode with inexact (musl's, and `atan`'s here);
/// the crate's atan has the constant folded in round-to-nearest, without the flag. So the
/// quotient goes to `atan`, the rest as the crate's (and musl's) formula has it.
#[cold]
#[inline(never)]
fn atan2_subnormal_x(y: f64, x: f64) -> f64 {
    const PI: f64 = core::f64::consts::PI;
    const PI_LO: f64 = 1.224_646_799_147_353_2e-16;
    let (ix, iy) = (hi(x) & 0x7fff_ffff, hi(y) & 0x7fff_ffff);
    if ix + (64 << 20) < iy {
        return libm::atan2(y, x);
    }
    let q = (bb(y) / bb(x)).abs();
    if q < f64::from_bits((1023 + 66) << 52) {
        return libm::atan2(y, x);
    }
    let z = atan(q);
    match (y.is_sign_negative(), x.is_sign_negative()) {
        (false, false) => z,
        (true, false) => -z,
        (false, true) => bb(PI) - (z - bb(PI_LO)),
        (true, true) => (z - bb(PI_LO)) - bb(PI),
    }
}

/// `atanf(x)`—`atan` for float.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn atanf(x: f32) -> f32 {
    let ix = mag(x);
    if ix >= 0x4c80_0000 {
        if nanf(x) {
            return x;
        }
        let z = bb(PIO2_HI_F) + bb(TINY_F);
        return if x.is_sign_negative() { -z } else { z };
    }
    if ix < 0x3980_0000 {
        if ix < 0x0080_0000 {
            let _ = bb(bb(x) * bb(x));
        }
        return x;
    }
    libm::atanf(x)
}

/// `expm1(x)`—`exp(x) - 1`, accurate near 0 (a NaN returned as it is).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn expm1(x: f64) -> f64 {
    if nan(x) {
        return x;
    }
    let ix = hi(x);
    if ix < 0x3c90_0000 {
        // |x| < 2^-54: x, raising underflow for a subnormal.
        if ix < 0x0010_0000 {
            let _ = bb(bb(x) as f32);
        }
        return x;
    }
    libm::expm1(x)
}





/// `tgamma(x)`—The gamma function: exact factorials (no inexact) at 1 to 23, NaN with
/// invalid at the negative integers and -inf, ±inf (divide-by-zero) at ±0.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tgamma(x: f64) -> f64 {
    let ix = hi(x);
    if ((0x3ff - 54) << 20..0x7ff0_0000).contains(&ix) && x == libm::trunc(x) {
        if x < 0.0 {
            return invalid();
        }
        if x <= 23.0 {
            // (x-1)!: every partial product is exact.
            let mut f = 1.0;
            let mut k = 2.0;
            while k < x {
                f *= k;
                k += 1.0;
            }
            return f;
        }
    }
    #[cfg(target_arch = "x86_64")]
    if let Some(r) = tgamma_dd(x) {
        return r;
    }
    libm::tgamma(x)
}

/// Γ(x) correctly rounded from `tgammal`'s double-double evaluation (x86_64, where that
/// lives), for finite non-integral or large x with |x| >= 2^-960 (the crate takes the
/// rest): overflow from 172, underflow below -200 with Γ's sign there.
#[cfg(target_arch = "x86_64")]
fn tgamma_dd(x: f64) -> Option<f64> {
    if !(x.abs() >= f64::from_bits((1023 - 960) << 52)) || !x.is_finite() {
        return None;
    }
    if x > 172.0 {
        return Some(bb(f64::MAX) * bb(2.0f64));
    }
    if x < -200.0 {
        // Γ is negative on (-n-1, -n) for an even n = ⌊|x|⌋ (x is not an integer here).
        let even = libm::trunc(-x) % 2.0 == 0.0;
        let t = if even { -f64::MIN_POSITIVE } else { f64::MIN_POSITIVE };
        return Some(bb(t) * bb(f64::MIN_POSITIVE));
    }
    let (m, k) = in_nearest(x, |x| crate::ld80::gamma::gamma_dd(Dd::new(x, 0.0)));
    // m into [1, 2) by a power of 2, then one rounding (overflow and subnormals included).
    let e = ((m.hi.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let sc = crate::explog::pow2(-e);
    Some(crate::explog::scale_round(Dd::new(m.hi * sc, m.lo * sc), k + e))
}


/// Whether a finite `x` at or beyond 2^-70 in magnitude is a negative integer: a pole of
/// `lgamma`, where musl raises inexact (from its sin(πx)) and divide-by-zero.
fn lgamma_pole(x: f64) -> bool {
    x < 0.0 && x.is_finite() && hi(x) >= (0x3ff - 70) << 20 && x == libm::trunc(x)
}

/// Whether an integral `x` is odd (musl's sin(πx) raises inexact for those only).
fn odd(x: f64) -> bool {
    let h = x * 0.5;
    h != libm::trunc(h)
}

/// `lgamma_r(x, sign)`—`log|Γ(x)|`, storing the sign of Γ(x) in `*sign` (+inf,
/// divide-by-zero, at 0 and the negative integers, with the sign 1 there).
///
/// # Safety
/// `sign` must be valid for a write.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn lgamma_r(x: f64, sign: *mut c_int) -> f64 {
    if lgamma_pole(x) {
        if odd(x) {
            crate::support::raise_inexact();
        }
        // SAFETY: the caller's pointer.
        unsafe { *sign = 1 };
        return 1.0 / bb(0.0f64);
    }
    #[cfg(target_arch = "x86_64")]
    {
        let a = x.abs();
        if a != 0.0 && a < f64::from_bits((1023 - 40) << 52) {
            // -ln|x| - γx, correctly rounded.
            let r = in_nearest(x, |x| {
                crate::explog::log_dd(x.abs()).add(crate::ld80::gamma::EULER.mul(Dd::new(x, 0.0))).neg()
            });
            // SAFETY: the caller's pointer.
            unsafe { *sign = if x < 0.0 { -1 } else { 1 } };
            return round_dd(r);
        }
        if a >= f64::from_bits((1023 - 40) << 52) && a < f64::from_bits((1023 + 990) << 52) && x != 1.0 && x != 2.0 {
            // Correctly rounded from `lgammal`'s double-double evaluation (x86_64, where
            // that lives); the crate's kernel for the tiny, huge and special arguments.
            let (r, s) = in_nearest(x, crate::ld80::gamma::lgamma_dd);
            // SAFETY: the caller's pointer.
            unsafe { *sign = s };
            return if r.hi == 0.0 { 0.0 } else { round_dd(r) };
        }
    }
    let (r, s) = libm::lgamma_r(x);
    // SAFETY: the caller's pointer.
    unsafe { *sign = s };
    r
}


#[cfg(test)]
mod tests {
    use super::*;

    /// In the directed modes asin and acos bracket the host's round-to-nearest value
    /// (glibc's, within an ulp of the exact one) by one ulp at most: downward <= nearest <=
    /// upward, toward zero the one of them nearer 0.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn asin_and_acos_round_in_the_directed_modes() {
        use crate::fenv::{FE_DOWNWARD, FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, fesetround};
        let mut rng = crate::support::XorShift(0x2545_f491_4f6c_dd1d);
        for i in 0..100_000 {
            let u = rng.unit();
            let x = match i % 3 {
                0 => u * 2.0 - 1.0,
                1 => 1.0 - u * 1e-9,
                _ => (u - 0.5) * 1e-6,
            };
            if x.abs() < 1e-8 {
                continue;
            }
            for f in [asin as extern "C" fn(f64) -> f64, acos] {
                let near = f(x);
                fesetround(FE_DOWNWARD);
                let down = f(x);
                fesetround(FE_UPWARD);
                let up = f(x);
                fesetround(FE_TOWARDZERO);
                let tz = f(x);
                fesetround(FE_TONEAREST);
                assert!(down < up && f64::from_bits(down.to_bits().wrapping_add(if down > 0.0 { 1 } else { u64::MAX })) == up, "{x:e}: {down:e} {up:e}");
                assert!(near == down || near == up, "{x:e}");
                assert_eq!(tz, if down > 0.0 { down } else { up }, "{x:e}");
            }
        }
    }

    #[test]
    fn special_values() {
        assert_eq!(acos(0.0), PIO2_HI);
        assert_eq!(acos(-1.0), core::f64::consts::PI);
        // The float nearest π (musl's 2*pio2_hi + 0x1p-120f is an ulp below).
        assert_eq!(acosf(-1.0), core::f32::consts::PI);
        assert_eq!(atan(f64::INFINITY), PIO2_HI);
        assert_eq!(atanf(f32::NEG_INFINITY), -PIO2_HI_F);
        let snan = f64::from_bits(0x7ff0_0000_0000_0001);
        assert_eq!(atan(snan).to_bits(), snan.to_bits(), "returned as it is");
        assert_eq!(expm1(snan).to_bits(), snan.to_bits());
        if cfg!(target_arch = "x86_64") {
            assert_eq!(crate::explog::log(snan).to_bits(), 0x7ff8_0000_0000_0001, "quieted");
        }
        assert!(crate::explog::log(snan).is_nan());
        assert_eq!(erfcf(-7.0), 2.0);
        assert_eq!(tgamma(5.0), 24.0);
        assert_eq!(tgamma(23.0), 1_124_000_727_777_607_680_000.0);
        assert!(tgamma(-3.0).is_nan());
        assert_eq!(tgammaf(4.0), 6.0);
        assert_eq!(ynf(2, -0.0), f32::NEG_INFINITY);
        assert!(acoshf(-1000.0).is_nan());
        let mut s = 7;
        assert_eq!(unsafe { lgamma_r(-2.0, &mut s) }, f64::INFINITY);
        assert_eq!(s, 1);
    }
}
