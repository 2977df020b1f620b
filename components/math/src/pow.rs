//! `pow` and `powf`, correctly rounded in every rounding mode (`pow` up to a one-in-2^40
//! chance on the results its fast path leaves), exact results exact and without inexact.
//!
//! - `pow(x, y)` for positive x: e^(y·log x) from the exponential's and the logarithm's
//!   fast paths ([`crate::explog`]): log x as `lh + ll` within 2^-66 relative, y times it
//!   with the product's error recovered, then e^z with z's error carried into the rounding
//!   test: the result's bound is (1 + |z|)·2^-65 of it, which decides all but about 0.2%
//!   of calls in the benchmark's range.
//! - The rest go to the slow path: y = 1, 2, -1 and 1/2 as one correctly rounded
//!   operation; then the exact cases, found in integers (x = m·2^e with m odd: a power of 2
//!   to a power making the exponent an integer, or y = n/2^k with k <= 5 and m a perfect
//!   2^k-th power a with a^n below 2^53) and scaled with one rounding; the other integral
//!   y below 2^16 by the 256-bit power ([`crate::intpow`]), whose near-midpoint cases
//!   (x near a power of 2) double-double cannot tell; the others as e^(y·log x) in
//!   double-double, in round-to-nearest, rounded once in the caller's mode.
//! - Negative x with an integral y: the magnitude's computation carries the sign, so the
//!   rounding is the caller's mode applied to the signed value.
//! - Special values are C's Annex F's, with musl's NaNs: `x + y` when y is a NaN, x·x
//!   when x is (its sign flipped for a negative NaN to an odd integer), 1 for y = ±0 or
//!   x = 1 even when the other is a signalling NaN.
//! - `powf` computes in double: log x by the same 256-entry table and a degree-7 series,
//!   e^z by 2^(j/128) and a degree-4 or 5 one, within 2^-43 relative (2^-43.8 the largest
//!   error measured); where the result is a normal float (|z| < 87), the float rounding is
//!   decided by the double's bits below the float's last, as `expf`'s is. Otherwise `pow`'s
//!   accurate path, rounded to odd in double and then to float, which is one rounding.
use crate::explog::{exp_dd, exp_parts, fmadd, log_dd, log_parts, mul_err, pow2, scale_round};
use crate::floatexp::{exp_f, log_f, round_bits};
use crate::support::invalid;
use crate::trig::{Dd, fast_two_sum, in_nearest, round_dd_to_odd};
use core::hint::black_box as bb;

/// Whether a finite y is an integer: 0 no, 1 odd, 2 even.
pub(crate) fn int_kind(y: f64) -> u8 {
    let b = y.to_bits();
    let e = ((b >> 52) & 0x7ff) as i32;
    if e < 0x3ff {
        return if y == 0.0 { 2 } else { 0 };
    }
    if e > 0x3ff + 52 {
        return 2;
    }
    let frac_bits = (0x3ff + 52 - e) as u32;
    let m = (b & ((1 << 52) - 1)) | (1 << 52);
    if m & ((1u64 << frac_bits) - 1) != 0 {
        0
    } else if (m >> frac_bits) & 1 == 1 {
        1
    } else {
        2
    }
}

/// A finite nonzero double as (odd integer m, e, negative) with |v| = m·2^e.
fn odd_parts(v: f64) -> (u64, i64, bool) {
    let b = v.to_bits();
    let be = ((b >> 52) & 0x7ff) as i64;
    let (m, e) = if be == 0 { (b & ((1 << 52) - 1), -1074) } else { ((b & ((1 << 52) - 1)) | (1 << 52), be - 1075) };
    let tz = m.trailing_zeros();
    (m >> tz, e + i64::from(tz), v.is_sign_negative())
}

/// ±2^n rounded once in the caller's mode, with its flags.
fn signed_pow2(n: i64, neg: bool) -> f64 {
    let s = if neg { -1.0 } else { 1.0 };
    if n > 1023 {
        return bb(s * f64::MAX) * bb(2.0f64);
    }
    if n >= -1074 {
        return s * pow2(n as i32);
    }
    if n >= -2096 {
        // One product: the exact value 2^n, rounded (and underflowing) as the mode says.
        return bb(s * pow2(-1074)) * bb(pow2((n + 1074) as i32));
    }
    bb(s * f64::MIN_POSITIVE) * bb(f64::MIN_POSITIVE)
}

/// ±a·2^e rounded once in the caller's mode, for an odd integer 1 <= a < 2^54 (beyond
/// 2^53, an exact midpoint when the result is normal).
fn signed_scale(a: u64, e: i64, neg: bool) -> f64 {
    let s = if neg { -1.0 } else { 1.0 };
    let bits = i64::from(64 - a.leading_zeros());
    // The result's exponent is k (a·2^e in [2^k, 2^(k+1))).
    let k = e + bits - 1;
    if k > 1100 {
        return bb(s * f64::MAX) * bb(2.0f64);
    }
    if k < -1200 {
        return bb(s * f64::MIN_POSITIVE) * bb(f64::MIN_POSITIVE);
    }
    if k >= -1022 || a < 1 << 53 {
        // The integer's conversion is its one rounding (none below 2^53) and the scaling
        // exact, the result being normal; or a is exact and the scaling the one rounding
        // (the first factor exact, to a normal number, when 2^e is not a double).
        // (The signed integer converts, so a negative one rounds as its sign asks.)
        let v = if neg { -(a as i64) } else { a as i64 } as f64;
        if (-1022..=1023).contains(&e) {
            return bb(v) * bb(pow2(e as i32));
        }
        let (e1, e2) = if e > 0 { (600, e - 600) } else { (-600, e + 600) };
        return bb(v * pow2(e1)) * bb(pow2(e2 as i32));
    }
    // A 54-bit a, subnormal: a - 1 and 1 as a double-double in [1, 2), rounded once.
    let sc = pow2(1 - bits as i32);
    let m = Dd::new(s * (a - 1) as f64 * sc, s * sc);
    scale_round(m, k as i32)
}

/// The integer square root of a square below 2^53.
fn exact_sqrt(a: u64) -> Option<u64> {
    // Both conversions are exact and a square's root is a double, in every mode.
    let s = crate::sqrt(a as f64) as u64;
    (s * s == a).then_some(s)
}

/// x^y (x > 0 finite, y finite and not 0) rounded once, when it is exactly a double or a
/// midpoint of two (which no approximation decides) or a power of 2 out of range, with the
/// sign of `neg`.
fn pow_exact(ax: f64, y: f64, neg: bool) -> Option<f64> {
    let (mx, ex, _) = odd_parts(ax);
    let (my, ey, yneg) = odd_parts(y);
    if mx == 1 {
        // 2^(ex·y): exact when ex·y is an integer.
        if ex == 0 {
            return Some(if neg { -1.0 } else { 1.0 });
        }
        let q = if ey >= 0 {
            // |ex·y| >= 2^12 is out of range whatever its bits.
            if ey > 12 || my > 1 << 12 { ex.signum() << 40 } else { ex * ((my as i64) << ey) }
        } else {
            let k = -ey;
            if k > 11 || ex & ((1 << k) - 1) != 0 {
                return None;
            }
            if my > 1 << 12 { ex.signum() << 40 } else { (ex >> k) * my as i64 }
        };
        let q = q.clamp(-(1 << 20), 1 << 20);
        return Some(signed_pow2(if yneg { -q } else { q }, neg));
    }
    // An odd mx >= 3: y > 0 with y = n/2^k, k <= 5, mx = a^(2^k), a^n < 2^54 (a double,
    // or a midpoint of two).
    if yneg || ey < -5 || y > 35.0 {
        return None;
    }
    let (n, k) = if ey >= 0 { ((my << ey) as u32, 0) } else { (my as u32, (-ey) as u32) };
    let mut a = mx;
    for _ in 0..k {
        a = exact_sqrt(a)?;
    }
    if ex & ((1 << k) - 1) != 0 {
        return None;
    }
    let mut p: u64 = 1;
    for _ in 0..n {
        p = p.checked_mul(a).filter(|&p| p < 1 << 54)?;
    }
    Some(signed_scale(p, (ex >> k) * i64::from(n), neg))
}

/// The rounding test's bound per unit of |z|, and its constant part, on the unscaled
/// result in [0.99, 2.01]: more than three times the fast path's largest error measured in
/// any mode (`fast_path_is_within_its_bound`).
const POW_EPS: f64 = f64::from_bits((1023 - 65) << 52);

/// ±x^y for x > 0, normal, not 1, 2^-64 <= |y| < 2^64, if the rounding is decided: `sgn`
/// is ±1.
#[inline(always)]
fn pow_fast<const F: bool>(x: f64, y: f64, sgn: f64) -> Option<f64> {
    let (lh, ll) = log_parts::<F>(x);
    // y·(lh + ll) as a normalized pair, as the exponential takes it (ll, the logarithm's
    // unevaluated tail, can be 2^-20 of lh).
    let p = y * lh;
    let (zh, zl) = fast_two_sum(p, fmadd::<F>(y, ll, mul_err::<F>(y, lh, p)));
    if !(zh > -708.39 && zh < 709.78) {
        return None;
    }
    let (s, t, e) = exp_parts::<F>(zh, zl);
    let eps = fmadd::<F>(zh.abs(), POW_EPS, POW_EPS);
    let (s, t) = (s * sgn, t * sgn);
    let lo = s + (t - eps);
    let hi = s + (t + eps);
    if lo == hi { Some(f64::from_bits((lo.to_bits() as i64 + (e << 52)) as u64)) } else { None }
}

dispatch! {
    (x: f64, y: f64, sgn: f64) -> f64:
    pow_go pow_fma pow_plain => pow_fast, pow_slow;
}

/// e^(y·log x) as m·2^k (m of either sign, in [0.7, 1.42]), in double-double, for a z =
/// y·log x within the exponential's range; `None` beyond it (with the overflowing or
/// underflowing result's sign the caller's).
fn pow_dd(ax: f64, y: f64) -> Result<(Dd, i32), bool> {
    let l = in_nearest(ax, log_dd);
    // Far out of range by the plain product (scaled by 2^-64, so it neither overflows nor,
    // |y| being at least 2^-64 and |log x| 2^-53 here, underflows) before the double-double
    // one, whose error terms would overflow.
    let est = (y * f64::from_bits((1023 - 64) << 52)) * l.hi;
    if est > 711.0 * f64::from_bits((1023 - 64) << 52) {
        return Err(true);
    }
    if est < -747.0 * f64::from_bits((1023 - 64) << 52) {
        return Err(false);
    }
    let z = in_nearest((l, y), |(l, y)| l.mul(Dd::new(y, 0.0)));
    if z.hi > 710.0 {
        return Err(true);
    }
    if z.hi < -746.0 {
        return Err(false);
    }
    Ok(in_nearest(z, exp_dd))
}

/// An integral y with |y| < 2^16, by the 256-bit power ([`crate::intpow`]), where that
/// decides the rounding and the result is normal: the powers of numbers near a power of 2
/// land closer to a midpoint or a double than the double-double path resolves.
fn pow_integral(ax: f64, y: f64, neg: bool) -> Option<f64> {
    if int_kind(y) == 0 || !(y.abs() < 65536.0) {
        return None;
    }
    let (m, e, _) = odd_parts(ax);
    // v has 55 bits, a sticky last one: the result's exponent is ev + 54, or one more.
    let (v, ev) = crate::intpow::pow_int(m, e, y as i64, 53)?;
    let k = ev + 54;
    if !(-1022..1023).contains(&k) {
        return None;
    }
    // v's top 53 bits and its last 2 (both exact), added in the caller's mode: the one
    // rounding, then an exact scaling (the result is normal, or overflows as the mode says).
    let s = if neg { -1.0 } else { 1.0 };
    // (Through u64, which v fits: a u128 conversion would need the compiler's runtime.)
    let r = bb(s * (v as u64 >> 2 << 2) as f64) + bb(s * (v as u64 & 3) as f64);
    Some(r * pow2(ev as i32))
}

/// What the fast path leaves: the simple exponents, the exact cases, then double-double.
#[cold]
#[inline(never)]
fn pow_slow(ax: f64, y: f64, sgn: f64) -> f64 {
    let neg = sgn < 0.0;
    let sx = if neg { -ax } else { ax };
    if y == 1.0 {
        return sx;
    }
    if y == 2.0 {
        return bb(sx) * bb(sx);
    }
    if y == -1.0 {
        return bb(1.0f64) / bb(sx);
    }
    if y == 0.5 {
        return crate::sqrt(ax);
    }
    if let Some(r) = pow_exact(ax, y, neg) {
        return r;
    }
    if let Some(r) = pow_integral(ax, y, neg) {
        return r;
    }
    let s = if neg { -1.0 } else { 1.0 };
    match pow_dd(ax, y) {
        Ok((m, k)) => scale_round(if neg { m.neg() } else { m }, k),
        Err(true) => bb(s * f64::MAX) * bb(2.0f64),
        Err(false) => bb(s * f64::MIN_POSITIVE) * bb(f64::MIN_POSITIVE),
    }
}

/// 1.0's bits.
const ONE: u64 = 0x3ff0_0000_0000_0000;

/// 2^-70: 1 plus or minus it rounds as 1 + y·log x does for |y| < 2^-64.
const TINY: f64 = f64::from_bits((1023 - 70) << 52);

/// `pow(x, y)`—`x` raised to the power `y`, correctly rounded.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn pow(x: f64, y: f64) -> f64 {
    // The common case first: x positive, normal and finite, not 1; 2^-64 <= |y| < 2^64.
    let ix = x.to_bits();
    let ey = (y.to_bits() >> 52) & 0x7ff;
    if ix.wrapping_sub(1 << 52) < (0x7fe << 52) && ey.wrapping_sub(0x3ff - 64) < 128 && ix != ONE {
        return pow_go(x, y, 1.0);
    }
    pow_rest(x, y)
}

/// `pow` of the arguments the common case leaves.
#[inline(never)]
fn pow_rest(x: f64, y: f64) -> f64 {
    // (Compared by their bits, which raise nothing for a signalling NaN: through
    // `black_box`, or the compiler makes the zero test a floating-point compare.)
    if bb(y.to_bits()) << 1 == 0 || x.to_bits() == ONE {
        return 1.0;
    }
    let ny = crate::exact::isnan(y);
    if ny || crate::exact::isnan(x) {
        if ny {
            return bb(x) + bb(y);
        }
        let x2 = bb(x) * bb(x);
        return if x.is_sign_negative() && int_kind(y) == 1 { -x2 } else { x2 };
    }
    if y.is_infinite() {
        let ax = x.abs();
        if ax == 1.0 {
            return 1.0;
        }
        return if (ax < 1.0) == (y > 0.0) { 0.0 } else { f64::INFINITY };
    }
    if x == 0.0 || x.is_infinite() {
        // +0 or +inf, signed for a negative x to an odd power; y < 0 divides (1/±0 is a
        // pole, with divide-by-zero).
        let x2 = x * x;
        let r = if x.is_sign_negative() && int_kind(y) == 1 { -x2 } else { x2 };
        return if y < 0.0 { bb(1.0f64) / bb(r) } else { r };
    }
    let neg = x < 0.0 && {
        match int_kind(y) {
            0 => return invalid(),
            k => k == 1,
        }
    };
    let ax = x.abs();
    if ax == 1.0 {
        // -1 to an integer power: exact.
        return if neg { -1.0 } else { 1.0 };
    }
    if (y.to_bits() >> 52) & 0x7ff < 0x3ff - 64 {
        // |y| < 2^-64 (not an integer, so x > 0): x^y = 1 + y·log x + ..., |y·log x| <
        // 2^-54, which rounds in every mode as 1 ± 2^-70 does.
        let up = (ax > 1.0) == (y > 0.0);
        return 1.0 + bb(if up { TINY } else { -TINY });
    }
    if (y.to_bits() >> 52) & 0x7ff >= 0x3ff + 64 {
        // |y| >= 2^64 (an even integer): beyond the fast path's products.
        return pow_slow(ax, y, if neg { -1.0 } else { 1.0 });
    }
    pow_go(ax, y, if neg { -1.0 } else { 1.0 })
}

// powf.

/// x^y within 2^-43 relative, for x > 0 and |y·log x| < 87 (else `None`), in double: a
/// normal float's range (e^-87 > 2^-126), with room below FLT_MAX.
#[inline(always)]
fn powf_approx<const F: bool>(x: f64, y: f64) -> Option<f64> {
    let zz = y * log_f::<F, true>(x);
    if !(zz.abs() < 87.0) {
        return None;
    }
    Some(exp_f::<F>(zz))
}

#[inline(always)]
fn powf_fast<const F: bool>(x: f64, y: f64, sgn: f64) -> Option<f32> {
    round_bits(sgn * powf_approx::<F>(x, y)?)
}

dispatch! {
    (x: f64, y: f64, sgn: f64) -> f32:
    powf_go powf_fma powf_plain => powf_fast, powf_slow;
}

/// `powf`'s accurate path: exact cases rounded once from the exact double, the others
/// from the double-double rounded to odd (53 bits, sticky last bit), then to float.
#[cold]
#[inline(never)]
fn powf_slow(ax: f64, y: f64, sgn: f64) -> f32 {
    let neg = sgn < 0.0;
    if let Some(r) = pow_exact(ax, y, neg) {
        return crate::float::narrow_exact(r);
    }
    let s = if neg { -1.0 } else { 1.0 };
    match pow_dd(ax, y) {
        Ok((m, k)) => {
            // |z| > 104 only beyond the float range, where the double's overflow or
            // underflow is the float's; below, the double is normal and the scaling exact.
            let h = round_dd_to_odd(if neg { m.neg() } else { m });
            let v = h * pow2(k / 2) * pow2(k - k / 2);
            crate::float::narrow(v)
        }
        Err(true) => bb(s as f32 * f32::MAX) * bb(2.0f32),
        Err(false) => bb(s as f32 * f32::MIN_POSITIVE) * bb(f32::MIN_POSITIVE),
    }
}

/// `powf(x, y)`—`pow` for float, correctly rounded.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn powf(x: f32, y: f32) -> f32 {
    let ix = x.to_bits();
    let ey = (y.to_bits() >> 23) & 0xff;
    // The common case: x positive, normal and finite, not a power of 2; |y| >= 2^-64 and
    // finite (y = 1, exact, is left undecided by the rounding test, for the slow path).
    if ix.wrapping_sub(1 << 23) < (0xfe << 23) && ey.wrapping_sub(127 - 64) < 0xff - (127 - 64) && ix & 0x7f_ffff != 0 {
        return powf_go(f64::from(x), f64::from(y), 1.0);
    }
    powf_rest(x, y)
}

#[inline(never)]
fn powf_rest(x: f32, y: f32) -> f32 {
    if bb(y.to_bits()) << 1 == 0 || x.to_bits() == 0x3f80_0000 {
        return 1.0;
    }
    let ny = crate::exact::isnanf(y);
    if ny || crate::exact::isnanf(x) {
        if ny {
            return bb(x) + bb(y);
        }
        let x2 = bb(x) * bb(x);
        return if x.is_sign_negative() && int_kind(f64::from(y)) == 1 { -x2 } else { x2 };
    }
    if y == 1.0 {
        return x;
    }
    if y.is_infinite() || x == 0.0 || x.is_infinite() || (y.to_bits() >> 23) & 0xff < 127 - 64 {
        // The special and tiny powers are the double function's, rounded (exactly, or from
        // 1 ± 2^-70).
        return pow(f64::from(x), f64::from(y)) as f32;
    }
    let neg = x < 0.0 && {
        match int_kind(f64::from(y)) {
            0 => return invalid() as f32,
            k => k == 1,
        }
    };
    let (ax, yd) = (f64::from(x.abs()), f64::from(y));
    if ax.to_bits() & ((1 << 52) - 1) == 0 {
        // A power of 2 (1 among them) to a power that makes an integer exponent: exact
        // and without inexact, as musl's is.
        if let Some(r) = pow_exact(ax, yd, neg) {
            return crate::float::narrow_exact(r);
        }
    }
    powf_go(ax, yd, if neg { -1.0 } else { 1.0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_cases_are_exact() {
        for (x, y, r) in [
            (3.0, 2.0, 9.0),
            (9.0, 1.5, 27.0),
            (0.5, 3.0, 0.125),
            (2.0, -3.0, 0.125),
            (6.25, 0.5, 2.5),
            (1.5, 3.0, 3.375),
            (-3.0, 3.0, -27.0),
            (-2.0, -1.0, -0.5),
            (65536.0, 0.0625, 2.0),
            (81.0, 0.25, 3.0),
            (3.0, 33.0, 5_559_060_566_555_523.0),
        ] {
            assert_eq!(pow(x, y), r, "pow({x}, {y})");
        }
        // 3^34 is an odd 54-bit integer: a midpoint, to even in round-to-nearest.
        assert_eq!(pow(3.0, 34.0).to_bits(), 16_677_181_699_666_568.0f64.to_bits());
        assert_eq!(pow_exact(3.0, 36.0, false), None);
        assert_eq!(pow_exact(2.0, 0.5, false), None);
        assert_eq!(pow_exact(8.0, 1.0 / 3.0, false), None);
        assert_eq!(pow_exact(2.0, -1075.0, false), Some(0.0));
        assert_eq!(pow_exact(0.5, 1074.0, false), Some(f64::from_bits(1)));
        assert_eq!(pow_exact(2.0, 1024.0, false), Some(f64::INFINITY));
    }

    #[test]
    fn special_values() {
        let nan = f64::NAN;
        assert_eq!(pow(nan, 0.0), 1.0);
        assert_eq!(pow(1.0, nan), 1.0);
        assert!(pow(2.0, nan).is_nan());
        assert!(pow(-2.0, 0.5).is_nan());
        assert_eq!(pow(-0.0, -3.0), f64::NEG_INFINITY);
        assert_eq!(pow(0.0, -2.0), f64::INFINITY);
        assert_eq!(pow(-0.0, 3.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(pow(-1.0, f64::INFINITY), 1.0);
        assert_eq!(pow(0.5, f64::NEG_INFINITY), f64::INFINITY);
        assert_eq!(pow(f64::NEG_INFINITY, -3.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(pow(f64::NEG_INFINITY, 3.0), f64::NEG_INFINITY);
        assert_eq!(pow(2.0, 1e-300), 1.0);
        assert_eq!(pow(10.0, 400.0), f64::INFINITY);
        assert_eq!(pow(-10.0, 401.0), f64::NEG_INFINITY);
        assert_eq!(pow(10.0, -400.0), 0.0);
        // A NaN x to an odd power loses the sign its square keeps, as in musl (on x86_64,
        // whose arithmetic keeps a NaN's payload and sign; RISC-V's gives its canonical NaN).
        #[cfg(target_arch = "x86_64")]
        {
            let mnan = f64::from_bits(0xfff8_0000_0000_002a);
            assert_eq!(pow(mnan, 1.0).to_bits(), 0x7ff8_0000_0000_002a);
            assert_eq!(pow(mnan, 2.0).to_bits(), 0xfff8_0000_0000_002a);
            assert_eq!(powf(f32::from_bits(0xffc0_002a), 1.0).to_bits(), 0x7fc0_002a);
        }
    }

    #[test]
    fn agrees_with_the_host() {
        let mut rng = crate::support::XorShift(0x1234_5678_9abc_def1);
        for _ in 0..200_000 {
            let x = rng.unit() * 20.0;
            let y = (rng.unit() - 0.5) * 60.0;
            let (a, b) = (pow(x, y), std::primitive::f64::powf(x, y));
            assert!(crate::support::ulps(a, b) <= 1, "pow({x:e}, {y:e}) = {a:e}, host {b:e}");
            let (xf, yf) = (x as f32, y as f32);
            let (a, b) = (powf(xf, yf), (f64::from(xf).powf(f64::from(yf))) as f32);
            assert!(a == b || (a - b).abs() <= a.abs() * 1.2e-7, "powf({xf:e}, {yf:e}) = {a:e}, host {b:e}");
        }
    }

    /// The fast paths' error measured over arguments of every kind, in every mode, with
    /// and without FMA, against the double-double path: it must stay below half the
    /// bounds the rounding tests assume.
    #[test]
    fn fast_path_is_within_its_bound() {
        fn run<const F: bool>(worst: &mut [f64; 2]) {
            let mut rng = crate::support::XorShift(0x9e37_79b9_7f4a_7c15);
            for i in 0..300_000 {
                let u = rng.unit();
                let v = rng.unit();
                let bits = rng.0;
                let x = match i % 4 {
                    0 => f64::from_bits(bits & 0x7fef_ffff_ffff_ffff) + f64::MIN_POSITIVE,
                    1 => 1.0 + (u - 0.5) / 16.0,
                    2 => u * 20.0,
                    _ => f64::from_bits((bits & 0x000f_ffff_ffff_ffff) | 0x3ff0_0000_0000_0000),
                };
                let y = match i % 3 {
                    0 => (v - 0.5) * 64.0,
                    1 => (v - 0.5) * 1e6,
                    _ => (v - 0.5) * 2.0,
                };
                if x <= 0.0 || x == 1.0 || !x.is_finite() || y.abs() < 1e-19 {
                    continue;
                }
                let Ok((m, k)) = pow_dd(x, y) else { continue };
                let (lh, ll) = log_parts::<F>(x);
                let p = y * lh;
                let (zh, zl) = crate::trig::fast_two_sum(p, fmadd::<F>(y, ll, mul_err::<F>(y, lh, p)));
                if zh > -708.39 && zh < 709.78 {
                    let (s, t, e) = exp_parts::<F>(zh, zl);
                    let sc = pow2((k as i64 - e) as i32);
                    let d = ((s - m.hi * sc) + (t - m.lo * sc)).abs() / (POW_EPS * (1.0 + zh.abs()));
                    worst[0] = worst[0].max(d);
                }
                let (xf, yf) = (x as f32, y as f32);
                if xf > 0.0 && xf.is_finite() && xf != 1.0 && yf != 0.0 {
                    let (xd, yd) = (f64::from(xf), f64::from(yf));
                    if let (Some(a), Ok((m, k))) = (powf_approx::<F>(xd, yd), pow_dd(xd, yd)) {
                        let ex = m.hi * pow2(k / 2) * pow2(k - k / 2);
                        let d = ((a - ex) / ex).abs() / f64::from_bits((1023 - 42) << 52);
                        worst[1] = worst[1].max(d);
                    }
                }
            }
        }
        in_every_mode!(run, [f64; 2], |mode, worst: [f64; 2]| {
            std::println!("mode {mode}: pow {:.3} of its bound, powf {:.3}", worst[0], worst[1]);
            assert!(worst[0] < 0.5 && worst[1] < 0.5, "{worst:?}");
        });
    }
}
