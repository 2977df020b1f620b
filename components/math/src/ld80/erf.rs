//! `erfl` and `erfcl` in double-double, rounded once to 64 bits in the x87's mode:
//! - erf a = (2/√π)·e^(-a²)·Σ (2a²)^n·a/(1·3·5···(2n+1)) below 2.5: every term positive, so
//!   nothing cancels;
//! - erfc a = e^(-a²)/√π · 1/(a + (1/2)/(a + 1/(a + (3/2)/(a + ...)))) from 2.5 on, the
//!   continued fraction cut at a depth that leaves it within 2^-119 (200 levels at 2.5,
//!   fewer further out: measured against a 300-bit evaluation);
//! - the other function of each pair by 1 - the first, where that cancels little;
//!   erfc(-a) = 1 + erf a; erf near 1 and erfc near 2 nudged once the rest is below them.
//!
//! The constants 2/√π and 1/√π are double-doubles (and 2/√π·2^127 an integer, for the
//! arguments below the double range) computed to 400 bits.
use super::exp::{dd_round, exp_big, nudged, odd_to_one_edges, tiny, to_dd};
use super::{BIAS, F80, INT_BIT, U256, add, raise_inexact, round_f80, x87_mode};
use crate::erf::TWO_OVER_SQRT_PI;
use crate::trig::{Dd, in_nearest};

const ONE: F80 = F80::new(false, BIAS as u64, INT_BIT);
const INV_SQRT_PI: Dd = Dd::new(f64::from_bits(0x3fe2_0dd7_5042_9b6d), f64::from_bits(0x3c61_ae3a_914f_ed80));
/// ⌊2/√π·2^127⌋.
const TWO_OVER_SQRT_PI_127: u128 = 0x906e_ba82_14db_688d_71d4_8a7f_6bfe_c344;

/// erf a for a double-double 0 < a < 2.5.
pub(crate) fn erf_series(a: Dd) -> Dd {
    let a2 = a.mul(a);
    let two_a2 = Dd::new(2.0 * a2.hi, 2.0 * a2.lo);
    let mut t = a;
    let mut s = a;
    for n in 1..200 {
        t = t.mul(two_a2).div(Dd::new(f64::from(2 * n + 1), 0.0));
        s = s.add(t);
        if t.hi < s.hi * 1e-34 {
            break;
        }
    }
    let (m, k) = exp_big(a2.neg());
    let e = Dd::new(m.hi * crate::explog::pow2(k), m.lo * crate::explog::pow2(k));
    TWO_OVER_SQRT_PI.mul(e).mul(s)
}

/// erfc a for a double-double 2.5 <= a < 106.8, as (m, k): erfc a = m·2^k.
pub(crate) fn erfc_cf(a: Dd) -> (Dd, i32) {
    let depth = if a.hi < 3.0 {
        200
    } else if a.hi < 5.0 {
        120
    } else if a.hi < 8.0 {
        80
    } else {
        40
    };
    let mut f = a;
    for k in (1..=depth).rev() {
        f = a.add(Dd::new(f64::from(k) * 0.5, 0.0).div(f));
    }
    let (m, k) = exp_big(a.mul(a).neg());
    (m.mul(INV_SQRT_PI).div(f), k)
}

/// Whether |x| is at least `v` (a small positive double).
fn at_least(x: F80, v: f64) -> bool {
    !F80::less(F80 { m: x.m, se: x.exp() }, F80::from_f64(v))
}

/// `erfl(x)`.
pub extern "C" fn erfl_body(x: F80) -> F80 {
    if let Some(r) = odd_to_one_edges(x) {
        return r;
    }
    let one = F80::new(x.neg(), BIAS as u64, INT_BIT);
    let mode = x87_mode();
    if (x.exp() as i32) < BIAS - 900 {
        // 2x/√π·(1 - x²/3): the product with the truncated constant, its tail a sticky bit
        // (the constant's truncation outweighs x²/3 by far, so the value lies above).
        let p = super::root::mul_wide(u128::from(x.m), TWO_OVER_SQRT_PI_127).add(U256(0, 1));
        let e = if x.exp() == 0 { 1 } else { x.exp() as i32 };
        return round_f80(x.neg(), p, e - BIAS - 63 - 127, mode);
    }
    if at_least(x, 7.0) {
        // erfc below 2^-74: ±1 nudged toward 0.
        return nudged(one, false, mode);
    }
    let a = F80 { m: x.m, se: x.exp() };
    let r = in_nearest(a, |a| {
        let ad = to_dd(a);
        if ad.hi < 2.5 {
            erf_series(ad)
        } else {
            let (m, k) = erfc_cf(ad);
            Dd::new(1.0, 0.0).add(Dd::new(-m.hi * crate::explog::pow2(k), -m.lo * crate::explog::pow2(k)))
        }
    });
    raise_inexact();
    dd_round(if x.neg() { r.neg() } else { r }, 0, mode)
}

/// `erfcl(x)`: 1 - erf x without the cancellation.
pub extern "C" fn erfcl_body(x: F80) -> F80 {
    if x.is_nan() {
        return add(x, x);
    }
    if x.is_inf() {
        return if x.neg() { F80::new(false, BIAS as u64 + 1, INT_BIT) } else { F80::new(false, 0, 0) };
    }
    if x.m == 0 {
        return ONE;
    }
    let mode = x87_mode();
    if (x.exp() as i32) < BIAS - 70 {
        // 1 - 2x/√π: 1 nudged against x's sign.
        return nudged(ONE, x.neg(), mode);
    }
    if x.neg() && at_least(x, 7.0) {
        return nudged(F80::new(false, BIAS as u64 + 1, INT_BIT), false, mode);
    }
    if !x.neg() && at_least(x, 106.8) {
        return tiny(false, mode);
    }
    let a = F80 { m: x.m, se: x.exp() };
    let (r, k) = in_nearest(a, |a| {
        let ad = to_dd(a);
        if ad.hi < 2.5 {
            let e = erf_series(ad);
            (Dd::new(1.0, 0.0).add(if x.neg() { e } else { e.neg() }), 0)
        } else if x.neg() {
            let (m, k) = erfc_cf(ad);
            (Dd::new(2.0, 0.0).add(Dd::new(-m.hi * crate::explog::pow2(k), -m.lo * crate::explog::pow2(k))), 0)
        } else {
            erfc_cf(ad)
        }
    });
    raise_inexact();
    dd_round(r, k, mode)
}

ld_fn!(x call "erfl", "limpet_math_erfl", erfl_body);
ld_fn!(x call "erfcl", "limpet_math_erfcl", erfcl_body);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ld80::{f, to_f64};

    /// Rounded to double, within two ulps of the crate's erf and erfc (each within an ulp
    /// or two where they are not tiny).
    #[test]
    fn agree_with_the_double_functions() {
        let mut rng = crate::support::XorShift(0x3c3c_a5a5_5a5a_c3c3);
        for i in 0..20_000 {
            let u = rng.unit();
            let x = match i % 2 {
                0 => (u - 0.5) * 8.0,
                _ => (u - 0.5) * 60.0,
            };
            let (e, w) = (to_f64(erfl_body(f(x))), libm::erf(x));
            assert!(e == w || crate::support::ulps(e, w) <= 2, "erf {x}: {e} {w}");
            let (c, w) = (to_f64(erfcl_body(f(x))), libm::erfc(x));
            assert!(c == w || crate::support::ulps(c, w) <= 3, "erfc {x}: {c} {w}");
        }
        assert_eq!(erfcl_body(f(f64::NEG_INFINITY)), f(2.0));
        assert_eq!(erfl_body(f(-0.0)), f(-0.0));
    }
}
