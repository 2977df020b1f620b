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
use crate::explog::{exp_dd, expm1_small, log_dd, pow2, scale_round};
use crate::explog_tables::LN10;
use crate::support::{hi, invalid, nudge};
use crate::trig::{Dd, in_nearest, round_dd, two_prod, two_sum};
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
