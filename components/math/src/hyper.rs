//! `cosh`, `sinh`, `log1p` and `exp10` from the double-double exponential and logarithm
//! of [`crate::explog`], rounded once: correctly rounded in every rounding mode like them.
//!
//! - cosh x = (e^|x| + e^-|x|)/2 and, for |x| > 0.36, sinh x = (e^x - e^-x)/2; below that
//!   sinh x = E(E+2)/(2(E+1)) with E = e^|x| - 1 from its series, which does not cancel.
//!   From |x| = 40 on the e^-|x| term is below the double-double's precision and the result
//!   is e^|x|/2, overflowing (with its sign, in the mode) past 710.4758600739439.
//! - log1p x = y + log1p(t) with y the crate's `log1p(x)` and t = x + (1+x)(e^-y - 1),
//!   tiny and exact enough however close x is to 0; 1+x beyond [√2/2 - 1, √2 - 1) is the
//!   double-double logarithm of the (exact) double-double 1+x.
//! - exp10 x = e^(x ln 10), ln 10 as a double-double; 10^n for n in 0..=22 is exact (no
//!   inexact, where musl raises it for the larger ones).
//! - Special arguments as musl's: cosh of a NaN is the NaN with its sign cleared, quieted;
//!   so is sinh's; log1p returns a positive NaN as it is and quiets a negative one.
use crate::explog::{exp_dd, expm1_small, log_dd, log_parts, mul_err, pow2, scale_round, ziv};
use crate::explog_tables::{LN10, LN2};
use crate::support::{hi, invalid, nudge};
use crate::trig::{Dd, fast_two_sum, in_nearest, round_dd, two_prod, two_sum};
use core::hint::black_box as bb;

/// Past this cosh and sinh overflow.
const OVERFLOW: f64 = 710.475_860_073_943_9;

/// `cosh(x)`—The hyperbolic cosine, correctly rounded.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn cosh(x: f64) -> f64 {
    let a = x.abs();
    if crate::exact::isnan(x) {
        return bb(a) + bb(a);
    }
    if a == f64::INFINITY {
        return a;
    }
    if x == 0.0 {
        return 1.0;
    }
    if a > OVERFLOW {
        return bb(f64::MAX) * bb(2.0f64);
    }
    if hi(x) < 0x3e40_0000 {
        // |x| < 2^-27: 1 + x²/2, within half an ulp of 1 and above it.
        return crate::real::fma(a, a, 1.0);
    }
    let (m, k) = in_nearest(a, |a| exp_dd(Dd::new(a, 0.0)));
    if a >= 40.0 {
        return scale_round(m, k - 1);
    }
    round_dd(in_nearest((m, k), |(m, k)| {
        let e = Dd::new(m.hi * pow2(k), m.lo * pow2(k));
        let inv = Dd::new(1.0, 0.0).div(e);
        let s = e.add(inv);
        Dd::new(s.hi * 0.5, s.lo * 0.5)
    }))
}

/// `sinh(x)`—The hyperbolic sine, correctly rounded.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sinh(x: f64) -> f64 {
    let a = x.abs();
    if crate::exact::isnan(x) {
        return bb(a) + bb(a);
    }
    if a == f64::INFINITY || x == 0.0 {
        return x;
    }
    if a > OVERFLOW {
        return bb(f64::MAX.copysign(x)) * bb(2.0f64);
    }
    if hi(x) < 0x3e40_0000 {
        // |x| < 2^-27: x + x³/6, within half an ulp of x and beyond it.
        return nudge(x, true);
    }
    let neg = x < 0.0;
    if a >= 40.0 {
        let (m, k) = in_nearest(a, |a| exp_dd(Dd::new(a, 0.0)));
        let m = if neg { m.neg() } else { m };
        return scale_round(m, k - 1);
    }
    let r = in_nearest(a, |a| {
        if a <= 0.36 {
            let e = expm1_small(Dd::new(a, 0.0));
            let num = e.mul(e.add(Dd::new(2.0, 0.0)));
            let den = e.add(Dd::new(1.0, 0.0));
            let q = num.div(den);
            Dd::new(q.hi * 0.5, q.lo * 0.5)
        } else {
            let (m, k) = exp_dd(Dd::new(a, 0.0));
            let e = Dd::new(m.hi * pow2(k), m.lo * pow2(k));
            let inv = Dd::new(1.0, 0.0).div(e);
            let s = e.add(inv.neg());
            Dd::new(s.hi * 0.5, s.lo * 0.5)
        }
    });
    round_dd(if neg { r.neg() } else { r })
}

/// `log1p(x)`—`log(1 + x)`, correctly rounded; -inf with divide-by-zero at -1, NaN with
/// invalid below.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn log1p(x: f64) -> f64 {
    if crate::exact::isnan(x) {
        return if x.is_sign_negative() { bb(x) + bb(x) } else { x };
    }
    if x == -1.0 {
        return x / bb(0.0f64);
    }
    if x < -1.0 {
        return invalid();
    }
    if x == f64::INFINITY || x == 0.0 {
        return x;
    }
    if hi(x) < 0x3c90_0000 {
        // |x| < 2^-54: x - x²/2, within half an ulp of x and below it (larger in
        // magnitude for a negative x).
        return nudge(x, x < 0.0);
    }
    round_dd(in_nearest(x, |x| {
        let (u, ue) = two_sum(1.0, x);
        if (core::f64::consts::FRAC_1_SQRT_2..core::f64::consts::SQRT_2).contains(&u) {
            let y = libm::log1p(x);
            // t = x + (1+x)(e^-y - 1).
            let em1 = expm1_small(Dd::new(-y, 0.0));
            let t = Dd::new(x, 0.0).add(Dd::new(u, ue).mul(em1));
            Dd::new(y, 0.0).add(t).add(Dd::new(-0.5 * t.hi * t.hi, 0.0))
        } else {
            // log(u + ue) = log u + ue/u (the next term is below 2^-107 of the result).
            log_dd(u).add(Dd::new(ue / u, 0.0))
        }
    }))
}

/// sqrt(a) for a positive double-double, to about 2^-104 relative: the double root and
/// one Newton correction (a - s²)/2s.
#[inline(always)]
pub(crate) fn sqrt_dd<const F: bool>(a: Dd) -> Dd {
    let s = crate::sqrt(a.hi);
    let p = s * s;
    let pe = mul_err::<F>(s, s, p);
    let (h, l) = fast_two_sum(s, (((a.hi - p) - pe) + a.lo) / (2.0 * s));
    Dd::new(h, l)
}

/// x·y + z for doubles, as a double-double (the product's error recovered).
#[inline(always)]
fn mul_add_dd<const F: bool>(x: f64, y: f64, z: f64) -> Dd {
    let p = x * y;
    let pe = mul_err::<F>(x, y, p);
    let (h, l) = two_sum(p, z);
    let (h, l2) = fast_two_sum(h, l + pe);
    Dd::new(h, l2)
}

/// The argument u of the logarithm: asinh |x| = log(|x| + √(x² + 1)) (`ACOSH` false) or
/// acosh x = log(x + √(x² - 1)), for 2^-26 <= |x| < 2^26 (and x > 1 for acosh), as a
/// double-double; x² - 1 as (x - 1)·x + (x - 1) below 2, where x - 1 is exact.
#[inline(always)]
fn ah_arg<const F: bool, const ACOSH: bool>(ax: f64) -> Dd {
    let a = if !ACOSH {
        mul_add_dd::<F>(ax, ax, 1.0)
    } else if ax < 2.0 {
        let d = ax - 1.0;
        mul_add_dd::<F>(d, ax, d)
    } else {
        mul_add_dd::<F>(ax, ax, -1.0)
    };
    Dd::new(ax, 0.0).add(sqrt_dd::<F>(a))
}

/// asinh |x| or acosh x (`ACOSH`) as (s, t) within 2^-65 relative: log u from the
/// logarithm's fast path (u's tail adding ul/uh), or from 2^26 log x + ln 2 ± 1/(4x²).
#[inline(always)]
fn ah_log<const F: bool, const ACOSH: bool>(ax: f64) -> (f64, f64) {
    if ax >= 67_108_864.0 {
        // log(2x) + log(√(1 ± 1/x²) + 1)/2... = log x + ln 2 ± 1/(4x²) (the next term is
        // below 2^-104 of it); the correction only while it is above 2^-200.
        let (s, t) = log_parts::<F>(ax);
        let (h, e) = two_sum(s, LN2.0);
        let c = if ax < 1.0e30 { 0.25 / (ax * ax) } else { 0.0 };
        return (h, t + e + LN2.1 + if ACOSH { -c } else { c });
    }
    let u = ah_arg::<F, ACOSH>(ax);
    let (s, t) = log_parts::<F>(u.hi);
    (s, t + u.lo / u.hi)
}

#[inline(always)]
fn asinh_fast<const F: bool>(x: f64) -> Option<f64> {
    let (s, t) = ah_log::<F, false>(x.abs());
    if x < 0.0 { ziv(-s, -t) } else { ziv(s, t) }
}

#[inline(always)]
fn acosh_fast<const F: bool>(x: f64) -> Option<f64> {
    let (s, t) = ah_log::<F, true>(x);
    ziv(s, t)
}

/// The double-double value for the arguments the fast paths leave, in round-to-nearest.
fn ah_dd<const ACOSH: bool>(ax: f64) -> Dd {
    if ax >= 67_108_864.0 {
        let c = if ax < 1.0e30 { 0.25 / (ax * ax) } else { 0.0 };
        return log_dd(ax).add(Dd::new(LN2.0, LN2.1)).add(Dd::new(if ACOSH { -c } else { c }, 0.0));
    }
    let u = ah_arg::<false, ACOSH>(ax);
    log_dd(u.hi).add(Dd::new(u.lo / u.hi, 0.0))
}

#[cold]
#[inline(never)]
fn asinh_slow(x: f64) -> f64 {
    let r = in_nearest(x.abs(), ah_dd::<false>);
    round_dd(if x < 0.0 { r.neg() } else { r })
}

#[cold]
#[inline(never)]
fn acosh_slow(x: f64) -> f64 {
    round_dd(in_nearest(x, ah_dd::<true>))
}

dispatch! {
    (x: f64) -> f64:
    asinh_go asinh_fma asinh_plain => asinh_fast, asinh_slow;
    acosh_go acosh_fma acosh_plain => acosh_fast, acosh_slow;
}

/// `asinh(x)`—The inverse hyperbolic sine, correctly rounded (below 2^-26 in magnitude,
/// and for inf and NaN, musl's: x itself).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn asinh(x: f64) -> f64 {
    let top = (x.to_bits() >> 52) & 0x7ff;
    if (0x3ff - 26..0x7ff).contains(&top) {
        return asinh_go(x);
    }
    libm::asinh(x)
}

/// `acosh(x)`—The inverse hyperbolic cosine, correctly rounded; 0 at 1, NaN (invalid)
/// below 1.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn acosh(x: f64) -> f64 {
    let b = x.to_bits();
    if b > 0x3ff0_0000_0000_0000 && b < 0x7ff0_0000_0000_0000 {
        return acosh_go(x);
    }
    if !crate::exact::isnan(x) && x < 1.0 {
        // (musl's formulas give a number for some large negative x.)
        return invalid();
    }
    libm::acosh(x)
}

/// `exp10(x)`—10 raised to `x` (a GNU extension), correctly rounded; exact for integral
/// `x` in 0..=22.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn exp10(x: f64) -> f64 {
    if crate::exact::isnan(x) {
        return bb(x) + bb(x);
    }
    if x == 0.0 {
        return 1.0;
    }
    if x == f64::INFINITY {
        return x;
    }
    if x > 308.254_715_559_916_7 {
        return bb(f64::MAX) * bb(2.0f64);
    }
    if x < -323.607 {
        if x == f64::NEG_INFINITY {
            return 0.0;
        }
        return bb(f64::MIN_POSITIVE) * bb(f64::MIN_POSITIVE);
    }
    if (0.0..=22.0).contains(&x) && x == libm::trunc(x) {
        let mut p = 1.0;
        for _ in 0..x as u32 {
            p *= 10.0;
        }
        return p;
    }
    if hi(x) < 0x3c30_0000 {
        // |x| < 2^-60: 1 + x ln 10, which rounds as 1 + 2x does (both below 2^-58).
        return 1.0 + bb(2.0 * x);
    }
    let (m, k) = in_nearest(x, |x| {
        let (p, e) = two_prod(x, LN10.0);
        exp_dd(Dd::new(p, e + x * LN10.1))
    });
    scale_round(m, k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::support::ulps;

    /// asinh's and acosh's fast paths, where they decide, give the double-double path's
    /// result, in every mode, with and without FMA; and both are within an ulp of the host.
    #[test]
    fn inverse_hyperbolic_fast_paths_agree_with_the_slow_ones() {
        fn run<const F: bool>(undecided: &mut u32) {
            let mut rng = crate::support::XorShift(0x5851_f42d_4c95_7f2d);
            for i in 0..100_000 {
                let u = rng.unit();
                let x = match i % 4 {
                    0 => (u - 0.5) * 8.0,
                    1 => 1.0 + u * 1e-6,
                    2 => f64::from_bits((rng.0 & 0x3fff_ffff_ffff_ffff) + 0x3e50_0000_0000_0000),
                    _ => u * 1e9,
                };
                let a = x.abs();
                if a >= f64::from_bits(0x3e50_0000_0000_0000) && a.is_finite() {
                    match asinh_fast::<F>(x) {
                        Some(v) => assert_eq!(v.to_bits(), asinh_slow(x).to_bits(), "asinh {x:e}"),
                        None => *undecided += 1,
                    }
                }
                if a > 1.0 && a.is_finite() {
                    match acosh_fast::<F>(a) {
                        Some(v) => assert_eq!(v.to_bits(), acosh_slow(a).to_bits(), "acosh {a:e}"),
                        None => *undecided += 1,
                    }
                }
            }
        }
        in_every_mode!(run, u32, |mode, undecided: u32| {
            // About one in 2^9, as the logarithm's own fast path.
            assert!(undecided < 1500, "mode {mode}: {undecided} undecided");
        });
        for x in [0.5, 3.0, 1e-5, 123.456, 1e20, -7.25] {
            assert!(ulps(asinh(x), x.asinh()) <= 1, "asinh {x}");
            if x > 1.0 {
                assert!(ulps(acosh(x), x.acosh()) <= 1, "acosh {x}");
            }
        }
        assert_eq!(acosh(1.0).to_bits(), 0);
        assert!(acosh(-1e6).is_nan() && acosh(0.5).is_nan());
    }

    #[test]
    fn agrees_with_the_host() {
        let mut rng = crate::support::XorShift(0x2468_ace0_1357_9bdf);
        for i in 0..100_000 {
            let u = rng.unit();
            let x = if i % 2 == 0 { (u - 0.5) * 1400.0 } else { (u - 0.5) * 3.0 };
            let want = [x.cosh(), x.sinh()];
            for (got, want) in [cosh(x), sinh(x)].into_iter().zip(want) {
                assert!(ulps(got, want) <= 2 || (got.is_infinite() && want.is_infinite()), "at {x:e}: {got:e} vs {want:e}");
            }
            let y = u * 4.0 - 0.9999;
            assert!(ulps(log1p(y), y.ln_1p()) <= 1, "log1p at {y:e}");
            let z = (u - 0.5) * 600.0;
            assert!(ulps(exp10(z), 10f64.powf(z)) <= 2, "exp10 at {z:e}");
        }
        assert_eq!(exp10(22.0), 1e22);
        assert_eq!(exp10(-3.0), 1e-3);
        assert_eq!(cosh(0.0), 1.0);
        assert_eq!(log1p(1e-300), 1e-300);
    }
}
