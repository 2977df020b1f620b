//! `powl`: x^y = 2^(y·log2 |x|), log2 |x| in double-double (the significand's double part
//! through [`crate::explog::log_dd`], the 11 bits beyond it as a log1p correction, the
//! exponent exactly), the product in double-double, split into an integer n and a fraction
//! f, 2^f from the double-double exponential, one rounding to 64 bits at 2^n in the x87's
//! mode. Positive integral powers whose exact value fits 256 bits are rounded from that
//! value, so exact ones (powl(3, 4) = 81) raise no inexact and near-exact ones round right;
//! powers of two to negative integral powers are exact too.
//!
//! The special cases are C's (Annex F): y = ±0 or x = 1 give 1 even for a NaN, negative
//! bases take only integral exponents (else the default NaN with invalid), and zeros and
//! infinities give zeros and infinities with the sign an odd integral y carries over
//! (divide-by-zero for a zero to a negative power).
use super::exp::{dd_round, nudged, to_dd};
use super::{BIAS, F80, INT_BIT, U256, mul, raise_inexact, round_f80, sub, x87_mode};
use crate::explog::{exp_dd, log_dd};
use crate::explog_tables::{INV_LN2, LN2};
use crate::trig::{Dd, in_nearest, two_prod};

const ONE: F80 = F80::new(false, BIAS as u64, INT_BIT);

/// Whether a finite y is an integer, and whether an odd one.
fn integer_kind(y: F80) -> (bool, bool) {
    if y.m == 0 {
        return (true, false);
    }
    let e = y.exp() as i32 - BIAS;
    if e < 0 {
        return (false, false);
    }
    if e >= 64 {
        return (true, false);
    }
    let fbits = 63 - e as u32;
    let frac = if fbits == 0 { 0 } else { y.m << (64 - fbits) };
    (frac == 0, frac == 0 && (y.m >> fbits) & 1 == 1)
}

/// ln |x| of a finite nonzero x as (e, ln m) with |x| = m·2^e, m in [√2/2, √2) (so ln m
/// does not cancel against e), ln m a double-double to about 2^-100 relative.
pub(super) fn ln_parts(x: F80) -> (i32, Dd) {
    let lz = x.m.leading_zeros();
    let m = x.m << lz;
    let mut e = (if x.exp() == 0 { 1 } else { x.exp() as i32 }) - BIAS - lz as i32;
    let (mut scale, sqrt2) = (1.0 / 9_223_372_036_854_775_808.0, 0xb504_f333_f9de_6484u64);
    if m > sqrt2 {
        scale *= 0.5;
        e += 1;
    }
    let hi = m >> 11 << 11;
    (e, ln_dd(Dd::new(hi as f64 * scale, (m - hi) as f64 * scale)))
}

/// ln w for a double-double w > 0 in the double range: ln w.hi + q - q²/2, q = w.lo/w.hi
/// (below 2^-52) in double-double, so it keeps its relative precision however near 1 w is.
pub(super) fn ln_dd(w: Dd) -> Dd {
    let q = Dd::new(w.lo, 0.0).div(Dd::new(w.hi, 0.0));
    log_dd(w.hi).add(q).add(Dd::new(-0.5 * q.hi * q.hi, 0.0))
}

/// log2 |x| for a finite nonzero x, as a double-double to about 2^-100 relative.
fn log2_dd(x: F80) -> Dd {
    let (e, lnm) = ln_parts(x);
    Dd::new(f64::from(e), 0.0).add(lnm.mul(Dd::new(INV_LN2.0, INV_LN2.1)))
}

/// a·b, or None past 2^256.
pub(super) fn mul_small(a: U256, b: u64) -> Option<U256> {
    let lo = super::root::mul_wide(a.1, u128::from(b));
    let hi = super::root::mul_wide(a.0, u128::from(b));
    if hi.0 != 0 {
        return None;
    }
    let (top, c) = lo.0.overflowing_add(hi.1);
    if c { None } else { Some(U256(top, lo.1)) }
}

/// x^n for a positive integer n, rounded once from the exact power, when x's odd part's
/// n-th power fits 256 bits (so integral powers that land within a hair of a representable
/// number, where the double-double could not tell the side, round right).
fn exact_power(x: F80, n: u64, mode: u32) -> Option<F80> {
    let tz = x.m.trailing_zeros();
    let odd = x.m >> tz;
    let e = (if x.exp() == 0 { 1 } else { x.exp() as i32 }) - BIAS - 63 + tz as i32;
    let mut p = U256(0, 1);
    for _ in 0..n {
        p = mul_small(p, odd)?;
    }
    let pe = i64::from(e) * n as i64;
    if !(-40000..=40000).contains(&pe) {
        return None;
    }
    let neg = x.neg() && n & 1 == 1;
    Some(round_f80(neg, p, pe as i32, mode))
}

/// `powl(x, y)`.
pub extern "C" fn powl_body(x: F80, y: F80) -> F80 {
    let zero = F80::new(false, 0, 0);
    let inf = F80::new(false, 0x7fff, INT_BIT);
    if y.m == 0 && !y.is_nan() && y.exp() == 0 || x == ONE {
        return ONE;
    }
    // A NaN comes back as it is, x's first (musl's choice: no quieting), with invalid only
    // for a signalling y beside a NaN x (which musl compares with 0).
    if x.is_nan() {
        if y.is_nan() && y.m & 1 << 62 == 0 {
            super::raise_invalid();
        }
        return x;
    }
    if y.is_nan() {
        return y;
    }
    let ax = F80 { m: x.m, se: x.exp() };
    if y.is_inf() {
        if ax == ONE {
            return ONE;
        }
        let big = !F80::less(ax, ONE);
        return if big != y.neg() { inf } else { zero };
    }
    let (int, odd) = integer_kind(y);
    let neg = x.neg() && odd;
    let signed = |v: F80| F80 { m: v.m, se: v.se | u64::from(neg) << 15 };
    if x.is_inf() {
        return signed(if y.neg() { zero } else { inf });
    }
    if x.m == 0 {
        if y.neg() {
            // A pole: ±inf with divide-by-zero.
            let _ = core::hint::black_box(core::hint::black_box(1.0f64) / core::hint::black_box(0.0f64));
            return signed(inf);
        }
        return signed(zero);
    }
    if x.neg() && !int {
        return sub(inf, inf);
    }
    // y = 1 and y = 2: x itself and one rounding of x·x.
    let two = F80::new(false, BIAS as u64 + 1, INT_BIT);
    if y == ONE {
        return x;
    }
    if y == two {
        return mul(x, x);
    }
    if ax == ONE {
        // x = -1 to an integral power.
        return signed(ONE);
    }
    let mode = x87_mode();
    if int && !y.neg() && (y.exp() as i32) < BIAS + 7 {
        let n = y.m >> (63 - (y.exp() as i32 - BIAS)) as u32;
        if let Some(r) = exact_power(x, n, mode) {
            return r;
        }
    }
    let l = in_nearest(ax, log2_dd);
    // |log2 |x|| >= 2^-64 here (x != 1): past 2^15/2^-64 in |y| the result is far beyond
    // the format at one end or the other.
    let huge_y = y.exp() as i32 >= BIAS + 80;
    let over = |up: bool| if up { round_f80(neg, U256(0, 1), 20000, mode) } else { round_f80(neg, U256(0, 1), -20000, mode) };
    if huge_y {
        return over((l.hi > 0.0) != y.neg());
    }
    if (y.exp() as i32) < BIAS - 200 {
        // |y·log2 x| < 2^-185: 1 nudged to the side of y·log x.
        return nudged(signed(ONE), (l.hi > 0.0) != y.neg(), mode);
    }
    let t = in_nearest((to_dd(y), l), |(y, l)| y.mul(l));
    if t.hi.abs() > 16500.0 {
        return over(t.hi > 0.0);
    }
    let (m, k, exact) = in_nearest(t, |t| {
        // The nearest integer (this runs in round-to-nearest).
        const SHIFT: f64 = 6_755_399_441_055_744.0;
        let n = (t.hi + SHIFT) - SHIFT;
        let f = Dd::new(t.hi - n, 0.0).add(Dd::new(t.lo, 0.0));
        let (p, pe) = two_prod(f.hi, LN2.0);
        let (m, k) = exp_dd(Dd::new(p, pe + f.hi * LN2.1 + f.lo * LN2.0));
        (m, k + n as i32, f.hi == 0.0)
    });
    if !exact {
        raise_inexact();
    }
    // The sign goes in before the rounding, which then goes the caller's way.
    dd_round(if neg { m.neg() } else { m }, k, mode)
}

ld_fn!(xy call "powl", "limpet_math_powl", powl_body);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ld80::{f, to_f64};

    #[test]
    fn exact_powers_are_exact() {
        assert_eq!(powl_body(f(3.0), f(4.0)), f(81.0));
        assert_eq!(powl_body(f(-2.0), f(3.0)), f(-8.0));
        assert_eq!(powl_body(f(2.0), f(-3.0)), f(0.125));
        assert_eq!(powl_body(f(0.5), f(16445.0)), F80::new(false, 0, 1));
        assert_eq!(powl_body(f(-0.0), f(-3.0)), f(f64::NEG_INFINITY));
        assert_eq!(powl_body(f(-8.0), f(1.0 / 3.0)).is_nan(), true);
        assert_eq!(powl_body(f(f64::NAN), f(0.0)), ONE);
        assert_eq!(powl_body(f(-1.0), f(f64::INFINITY)), ONE);
    }

    /// Rounded to double, within two ulps of the crate's pow (itself within an ulp).
    #[test]
    fn agree_with_the_double_function() {
        let mut rng = crate::support::XorShift(0x0f0f_1e1e_2d2d_3c3c);
        for _ in 0..20_000 {
            let x = rng.unit() * 4.0;
            let y = (rng.unit() - 0.5) * 400.0;
            let (p, w) = (to_f64(powl_body(f(x), f(y))), libm::pow(x, y));
            assert!(p == w || crate::support::ulps(p, w) <= 2, "{x} {y}: {p} {w}");
        }
    }
}
