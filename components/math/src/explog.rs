//! `exp`, `exp2`, `log` and `log2`, rounded once from a double-double result like the
//! trigonometric functions ([`crate::trig`]): correctly rounded in every rounding mode up
//! to a one-in-2^40 chance.
//!
//! - e^x: x = k·ln 2 + r exactly (ln 2 in three parts, `explog_tables.rs` from
//!   `tools/explog_constants.py`), e^(r/256) - 1 by its series in double-double, squared
//!   back up eight times as `(e^s - 1)(e^s + 1)`, then scaled by 2^k: in the normal range
//!   by rounding then scaling (exact), in the subnormal range by rounding the
//!   double-double to the subnormal grid directly in the caller's mode, so there is one
//!   rounding there too.
//! - log x = e·ln 2 + log m (m in [√2/2, √2)), log m = y + log1p(t) for y the crate's
//!   `log(m)` and t = m·e^-y - 1 = (m - 1) + m·(e^-y - 1), within 2^-52 of 0, so two
//!   terms of the series do.
//! - Exact results are exact with no inexact: `exp(0)`, `exp2` of integers, `log(1)`,
//!   `log2` of powers of 2 (where musl raises inexact).
use crate::explog_tables::{INV_FACT, INV_LN2, LN2, LN2_PARTS};
use crate::support::{invalid, neg_pole, rounding_mode};
use crate::trig::{Dd, in_nearest, round_dd, two_prod};
use core::hint::black_box as bb;

/// e^r - 1 for |r| <= 0.36, to about 2^-98 relative.
pub(crate) fn expm1_small(r: Dd) -> Dd {
    let s = Dd::new(r.hi * (1.0 / 256.0), r.lo * (1.0 / 256.0));
    // e^s - 1 = s·Σ s^n/(n+1)!, the terms from s^5 on (below 2^-50) in double.
    let mut tail = 0.0;
    for n in (5..=10).rev() {
        tail = tail * s.hi + INV_FACT[n + 1].0;
    }
    let mut acc = Dd::new(tail, 0.0);
    for n in (0..5).rev() {
        acc = acc.mul(s).add(Dd::new(INV_FACT[n + 1].0, INV_FACT[n + 1].1));
    }
    let mut em1 = acc.mul(s);
    for _ in 0..8 {
        // e^2s - 1 = (e^s - 1)(e^s - 1 + 2).
        em1 = em1.mul(em1.add(Dd::new(2.0, 0.0)));
    }
    em1
}

/// Nearest integer of a double below 2^51 in magnitude (in round-to-nearest).
fn nearest_int(v: f64) -> f64 {
    const SHIFT: f64 = 6_755_399_441_055_744.0; // 1.5·2^52
    (v + SHIFT) - SHIFT
}

/// e^x for a double-double |x| < 746: (m, k) with e^x = m·2^k, m in [0.7, 1.42].
pub(crate) fn exp_dd(x: Dd) -> (Dd, i32) {
    let kf = nearest_int(x.hi * INV_LN2.0);
    // x - k·ln 2: k·LN2_PARTS.0 is exact and so is the difference (Sterbenz).
    let t = x.hi - kf * LN2_PARTS.0;
    let (p, pe) = two_prod(-kf, LN2_PARTS.1);
    let r = Dd::new(t, 0.0).add(Dd::new(x.lo, 0.0)).add(Dd::new(p, pe)).add(Dd::new(-kf * LN2_PARTS.2, 0.0));
    (expm1_small(r).add(Dd::new(1.0, 0.0)), kf as i32)
}

/// 2^k for -1074 <= k <= 1023, exactly.
pub(crate) fn pow2(k: i32) -> f64 {
    if k >= -1022 { f64::from_bits(((k + 1023) as u64) << 52) } else { f64::from_bits(1 << (k + 1074)) }
}

/// m·2^k rounded once in the caller's mode, with its flags (|m| in [0.7, 1.42]; m > 0
/// when the result is subnormal).
pub(crate) fn scale_round(m: Dd, k: i32) -> f64 {
    // The result's exponent is k or k-1 (m is in [0.7, 1.42]).
    if k >= -1021 {
        // A normal result (or an overflow): round to 53 bits, then scale exactly (in two
        // steps, 2^1024 not being a double; an overflow rounds as the mode says).
        let v = round_dd(m);
        return v * pow2(k / 2) * pow2(k - k / 2);
    }
    // Subnormal: round m·2^(k+1074) to an integer (the grid of 2^-1074) in the mode.
    // k >= -1076 here (exp and exp2 return earlier below that), so the scaling is exact.
    let sc = pow2(k + 1074);
    let v = Dd::new(m.hi * sc, m.lo * sc);
    let (n, inexact) = round_grid(v, rounding_mode());
    if inexact {
        // Tiny (after rounding, with an unbounded exponent: on the grid of 2^-1075) and
        // inexact: underflow; else inexact alone.
        let (n2, _) = round_grid(Dd::new(2.0 * v.hi, 2.0 * v.lo), rounding_mode());
        if n2 < 1 << 53 {
            let _ = bb(bb(f64::MIN_POSITIVE) * bb(f64::MIN_POSITIVE));
        } else {
            crate::support::raise_inexact();
        }
    }
    f64::from_bits(n)
}

/// A positive double-double below 2^53 rounded to an integer in `mode`; whether that was
/// inexact.
fn round_grid(v: Dd, mode: u32) -> (u64, bool) {
    let n0 = libm::floor(v.hi);
    let mut frac = Dd::new(v.hi - n0, 0.0).add(Dd::new(v.lo, 0.0));
    let mut n = n0 as u64;
    if frac.hi < 0.0 {
        n -= 1;
        frac = frac.add(Dd::new(1.0, 0.0));
    }
    if frac.hi == 0.0 && frac.lo == 0.0 {
        return (n, false);
    }
    let up = match mode {
        0 => frac.hi > 0.5 || (frac.hi == 0.5 && (frac.lo > 0.0 || (frac.lo == 0.0 && n & 1 == 1))),
        2 => true,
        _ => false,
    };
    (n + u64::from(up), true)
}

/// `exp(x)`—e raised to `x`, correctly rounded.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn exp(x: f64) -> f64 {
    if crate::exact::isnan(x) {
        return bb(x) + bb(x);
    }
    if x == 0.0 {
        return 1.0;
    }
    if x == f64::INFINITY {
        return x;
    }
    if (x.to_bits() >> 32) as u32 & 0x7fff_ffff < 0x3c90_0000 {
        // |x| < 2^-54: e^x = 1 + x + x²/2... rounds as 1 + x does, in every mode.
        return 1.0 + bb(x);
    }
    if x > 709.782_712_893_384 {
        return bb(f64::MAX) * bb(2.0f64);
    }
    if x < -745.133_219_101_941_2 {
        if x == f64::NEG_INFINITY {
            return 0.0;
        }
        return bb(f64::MIN_POSITIVE) * bb(f64::MIN_POSITIVE);
    }
    let (m, k) = in_nearest(x, |x| exp_dd(Dd::new(x, 0.0)));
    scale_round(m, k)
}

/// `exp2(x)`—2 raised to `x`, correctly rounded (exact for integers).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn exp2(x: f64) -> f64 {
    if crate::exact::isnan(x) {
        return bb(x) + bb(x);
    }
    if x >= 1024.0 {
        return if x == f64::INFINITY { x } else { bb(f64::MAX) * bb(2.0f64) };
    }
    if x < -1075.0 {
        if x == f64::NEG_INFINITY {
            return 0.0;
        }
        return bb(f64::MIN_POSITIVE) * bb(f64::MIN_POSITIVE);
    }
    if (x.to_bits() >> 32) as u32 & 0x7fff_ffff < 0x3c90_0000 {
        // |x| < 2^-54: 2^x = 1 + x·ln 2 + ..., which rounds as 1 + x does.
        return 1.0 + bb(x);
    }
    if x == libm::trunc(x) {
        let n = x as i32;
        if n >= -1074 {
            return pow2(n);
        }
        // 2^-1075: half the smallest subnormal.
        return bb(f64::from_bits(1)) * bb(0.5f64);
    }
    let (m, k) = in_nearest(x, |x| {
        let (p, e) = two_prod(x, LN2.0);
        exp_dd(Dd::new(p, e + x * LN2.1))
    });
    scale_round(m, k)
}

/// log x as a double-double, for finite positive x.
pub(crate) fn log_dd(x: f64) -> Dd {
    let (x, adj) = if x < f64::MIN_POSITIVE { (x * 18_014_398_509_481_984.0, -54) } else { (x, 0) };
    let b = x.to_bits();
    let mut e = ((b >> 52) & 0x7ff) as i32 - 1023 + adj;
    let mut m = f64::from_bits((b & ((1 << 52) - 1)) | (1023 << 52));
    if m > core::f64::consts::SQRT_2 {
        m *= 0.5;
        e += 1;
    }
    let y = libm::log(m);
    // t = m·e^-y - 1 = (m - 1) + m·(e^-y - 1): m - 1 is exact, and e^-y - 1 keeps its
    // relative precision (|y| < ln 2 / 2), so t does however small it is.
    let em1 = expm1_small(Dd::new(-y, 0.0));
    let t = Dd::new(m - 1.0, 0.0).add(Dd::new(m, 0.0).mul(em1));
    // log1p(t) = t - t²/2 + t³/3 for |t| < 2^-50.
    let logm = Dd::new(y, 0.0).add(t).add(Dd::new(-0.5 * t.hi * t.hi, 0.0));
    let ef = f64::from(e);
    let (p, pe) = two_prod(ef, LN2.0);
    Dd::new(p, pe + ef * LN2.1).add(logm)
}

/// The special arguments of the logarithms: NaN quieted, ±0 a pole, negatives invalid,
/// +inf itself.
fn log_special(x: f64) -> Option<f64> {
    if crate::exact::isnan(x) {
        return Some(bb(x) + bb(x));
    }
    if x == 0.0 {
        return Some(neg_pole());
    }
    if x < 0.0 {
        return Some(invalid());
    }
    if x == f64::INFINITY {
        return Some(x);
    }
    None
}

/// `log(x)`—The natural logarithm, correctly rounded.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn log(x: f64) -> f64 {
    if let Some(r) = log_special(x) {
        return r;
    }
    if x == 1.0 {
        return 0.0;
    }
    round_dd(in_nearest(x, log_dd))
}

/// `log2(x)`—The base-2 logarithm, correctly rounded (exact for powers of 2).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn log2(x: f64) -> f64 {
    if let Some(r) = log_special(x) {
        return r;
    }
    let b = x.to_bits();
    if b & ((1 << 52) - 1) == 0 && b >> 52 != 0 {
        return f64::from(((b >> 52) as i32) - 1023);
    }
    if x < f64::MIN_POSITIVE && x.to_bits().is_power_of_two() {
        return f64::from(x.to_bits().trailing_zeros() as i32 - 1074);
    }
    round_dd(in_nearest(x, |x| log_dd(x).mul(Dd::new(INV_LN2.0, INV_LN2.1))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::support::ulps;

    #[test]
    fn agrees_with_the_host() {
        let mut rng = crate::support::XorShift(0x1357_9bdf_2468_ace0);
        for i in 0..100_000 {
            let u = rng.unit();
            let st = rng.0;
            let x = if i % 2 == 0 { (u - 0.5) * 1480.0 } else { (u - 0.5) * 4.0 };
            for (got, want) in [(exp(x), x.exp()), (exp2(x), x.exp2())] {
                assert!(ulps(got, want) <= 1, "exp at {x:e}: {got:e} vs {want:e}");
            }
            let y = f64::from_bits(st & 0x7fef_ffff_ffff_ffff);
            for (got, want) in [(log(y), y.ln()), (log2(y), y.log2())] {
                assert!(ulps(got, want) <= 1, "log at {y:e}: {got:e} vs {want:e}");
            }
        }
        assert_eq!(exp(1.0), core::f64::consts::E);
        assert_eq!(exp(-745.0), f64::from_bits(1));
        assert_eq!(exp2(-1074.0), f64::from_bits(1));
        assert_eq!(exp2(10.0), 1024.0);
        assert_eq!(log2(8.0), 3.0);
        assert_eq!(log2(f64::from_bits(1)), -1074.0);
        assert_eq!(log(core::f64::consts::E), 1.0);
        assert_eq!(log(1.0).to_bits(), 0);
    }
}
