//! `asinhl`, `acoshl` and `atanhl` from the natural logarithm in double-double
//! ([`super::pow::ln_dd`]), rounded once to 64 bits in the x87's mode:
//! - asinh a = log1p(a + a²/(√(a²+1) + 1)) below 2^40 (no cancellation near 0), beyond
//!   ln 2a + 1/(4a²);
//! - acosh x = log1p(t + √(t(t+2))) for t = x - 1 (exact) below 2^40, beyond
//!   ln 2x - 1/(4x²);
//! - atanh a = log1p(2a/(1-a))/2, 1 - a exact;
//! - log1p u = ln w + ((1 + u) - w)/w for w = 1 + u rounded, the rounding error recovered.
//!
//! Tiny arguments are x nudged the way the series goes; asinh(±inf) and acosh(inf) are
//! themselves; acosh below 1 and atanh beyond ±1 give the default NaN with invalid, and
//! atanh(±1) is ±inf with divide-by-zero.
use super::exp::{dd_round, nudged, to_dd};
use super::pow::{ln_dd, ln_parts};
use super::{BIAS, F80, INT_BIT, add, raise_inexact, sub, x87_mode};
use crate::explog_tables::LN2;
use crate::trig::{Dd, in_nearest, two_prod, two_sum};

const ONE: F80 = F80::new(false, BIAS as u64, INT_BIT);

/// √v for a double-double v > 0 (in round-to-nearest, where Dekker's product is exact).
fn sqrt_dd(v: Dd) -> Dd {
    crate::hyper::sqrt_dd::<false>(v)
}

/// log1p u for a double-double u > -1.
pub(super) fn log1p_dd(u: Dd) -> Dd {
    let w = Dd::new(1.0, 0.0).add(u);
    if !(-0.25..=0.5).contains(&u.hi) {
        return ln_dd(w);
    }
    // (1 + u) - w exactly: 1 - w.hi is exact (Sterbenz), the rest is tiny.
    let (d, de) = two_sum(1.0 - w.hi, u.hi);
    let e = Dd::new(d, de).add(Dd::new(u.lo, 0.0)).add(Dd::new(-w.lo, 0.0));
    ln_dd(w).add(e.div(w))
}

/// ln 2a ± 1/(4a²) for a >= 2^40.
fn ln2x(a: F80, sign: f64) -> Dd {
    let (e, lnm) = ln_parts(a);
    let (p, pe) = two_prod(f64::from(e + 1), LN2.0);
    let l = Dd::new(p, pe + f64::from(e + 1) * LN2.1).add(lnm);
    if (a.exp() as i32) < BIAS + 500 {
        let ad = to_dd(a).hi;
        l.add(Dd::new(sign * 0.25 / ad / ad, 0.0))
    } else {
        l
    }
}

/// |x| >= 2^40 (exponent 40 or more).
fn large(a: F80) -> bool {
    a.exp() as i32 >= BIAS + 40
}

/// `asinhl(x)`.
pub extern "C" fn asinhl_body(x: F80) -> F80 {
    if x.exp() == 0x7fff {
        return add(x, x);
    }
    if x.m == 0 {
        return x;
    }
    let mode = x87_mode();
    if (x.exp() as i32) < BIAS - 33 {
        // x - x³/6: toward 0.
        return nudged(x, false, mode);
    }
    let a = F80 { m: x.m, se: x.exp() };
    let r = in_nearest(a, |a| {
        if large(a) {
            return ln2x(a, 1.0);
        }
        let ad = to_dd(a);
        let s = sqrt_dd(ad.mul(ad).add(Dd::new(1.0, 0.0)));
        let u = ad.add(ad.mul(ad).div(s.add(Dd::new(1.0, 0.0))));
        log1p_dd(u)
    });
    raise_inexact();
    dd_round(if x.neg() { r.neg() } else { r }, 0, mode)
}

/// `acoshl(x)`.
pub extern "C" fn acoshl_body(x: F80) -> F80 {
    if x.is_nan() {
        return add(x, x);
    }
    if x.neg() && x.m != 0 || F80::less(x, ONE) {
        let inf = F80::new(false, 0x7fff, INT_BIT);
        return sub(inf, inf);
    }
    if x.is_inf() {
        return x;
    }
    if x == ONE {
        return F80::new(false, 0, 0);
    }
    let mode = x87_mode();
    let r = in_nearest(x, |x| {
        if large(x) {
            return ln2x(x, -1.0);
        }
        let xd = to_dd(x);
        // t = x - 1: xd.hi - 1 is exact (xd.hi < 2^40), and so is the sum with xd.lo.
        let (t, te) = two_sum(xd.hi - 1.0, xd.lo);
        let t = Dd::new(t, te);
        let u = t.add(sqrt_dd(t.mul(t.add(Dd::new(2.0, 0.0)))));
        log1p_dd(u)
    });
    raise_inexact();
    dd_round(r, 0, mode)
}

/// `atanhl(x)`.
pub extern "C" fn atanhl_body(x: F80) -> F80 {
    if x.is_nan() {
        return add(x, x);
    }
    let a = F80 { m: x.m, se: x.exp() };
    if a == ONE {
        let _ = core::hint::black_box(core::hint::black_box(1.0f64) / core::hint::black_box(0.0f64));
        return F80::new(x.neg(), 0x7fff, INT_BIT);
    }
    if !F80::less(a, ONE) {
        let inf = F80::new(false, 0x7fff, INT_BIT);
        return sub(inf, inf);
    }
    if x.m == 0 {
        return x;
    }
    let mode = x87_mode();
    if (x.exp() as i32) < BIAS - 33 {
        // x + x³/3: away from 0.
        return nudged(x, true, mode);
    }
    let r = in_nearest(a, |a| {
        let ad = to_dd(a);
        let (s, se) = two_sum(1.0, -ad.hi);
        let one_minus = Dd::new(s, se).add(Dd::new(-ad.lo, 0.0));
        let q = Dd::new(2.0 * ad.hi, 2.0 * ad.lo).div(one_minus);
        let l = log1p_dd(q);
        Dd::new(0.5 * l.hi, 0.5 * l.lo)
    });
    raise_inexact();
    dd_round(if x.neg() { r.neg() } else { r }, 0, mode)
}

ld_fn!(x call "asinhl", "limpet_math_asinhl", asinhl_body);
ld_fn!(x call "acoshl", "limpet_math_acoshl", acoshl_body);
ld_fn!(x call "atanhl", "limpet_math_atanhl", atanhl_body);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ld80::{f, to_f64};

    /// Rounded to double, within two ulps of the crate's functions (each within an ulp or
    /// so; the crate's asinh and acosh a little more, hence three for those).
    #[test]
    fn agree_with_the_double_functions() {
        let mut rng = crate::support::XorShift(0xa5a5_5a5a_c3c3_3c3c);
        let near = |a: f64, b: f64, n: u64| a == b || crate::support::ulps(a, b) <= n;
        for i in 0..20_000 {
            let u = rng.unit();
            let x = match i % 3 {
                0 => (u - 0.5) * 2.0,
                1 => f64::from_bits(rng.next() & 0x7fef_ffff_ffff_ffff),
                _ => 1.0 + u * 1e-6,
            };
            assert!(near(to_f64(asinhl_body(f(x))), libm::asinh(x), 3), "asinh {x}");
            if x >= 1.0 {
                assert!(near(to_f64(acoshl_body(f(x))), libm::acosh(x), 3), "acosh {x}");
            }
            if x.abs() < 1.0 {
                assert!(near(to_f64(atanhl_body(f(x))), libm::atanh(x), 2), "atanh {x}");
            }
        }
        assert_eq!(acoshl_body(f(1.0)), f(0.0));
        assert!(acoshl_body(f(0.5)).is_nan());
        assert!(atanhl_body(f(-1.0)) == f(f64::NEG_INFINITY));
    }
}
