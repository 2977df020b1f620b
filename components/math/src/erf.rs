//! `erf` and `erfc`, correctly rounded in every rounding mode (the `float` forms round
//! these once, in `float.rs`).
//!
//! The fast path computes the value to within 2^-64 or so of itself and rounds it if Ziv's
//! test (`explog::ziv`, a bound of 2^-63) decides; about one call in 500 is left to the
//! double-double path.
//! - |x| < 1/4: erf x = x·P(x²), P a polynomial of degree 8 (`ERF_SMALL`);
//!   erfc x = 1 - erf x.
//! - 1/4 <= |x| < 26: erfc |x| = e^(-x²)·G(|x|), G = erfc·e^(x²) below 2 and x·erfc·e^(x²)
//!   (divided by x here) from 2 on, each smooth and slowly varying: 54 polynomials of degree
//!   12, eight to an octave (`ERFC_PIECES`); e^(-x²) from the exponential's fast path
//!   (`exp_parts`) of x² as an exact double-double. erf |x| = 1 - erfc |x|, erfc(-|x|) =
//!   2 - erfc |x|.
//! - Each polynomial's first three terms are double-doubles (a product's rounding error
//!   recovered exactly), the rest plain doubles: the rest is below 2^-12 of the value, so
//!   its roundings stay below 2^-64 of it.
//! - The double-double path (x86_64, where it lives beside `erfl`): `erfl`'s series and
//!   continued fraction (`ld80::erf`), within about 2^-100, rounded once; the results
//!   below the normal range (erfc from 26 on) are rounded there on the subnormal grid.
//!
//! The polynomials come from `tools/erf_constants.py` (Chebyshev interpolation with
//! mpmath, each checked against the function to 2^-67).
//!
//! What the fast path does not reach is as musl computes it: erf of |x| >= 6 is ±(1 -
//! 2^-1022) rounded (inexact), erfc of x <= -6 is 2 - 2^-1022 rounded, of x >= 28 the
//! square of 2^-1022 (0 or the least subnormal, with underflow), and NaNs and infinities
//! as the `libm` crate gives them (musl's expressions: ±1 for ±inf, a NaN returned quiet).
use crate::erf_tables::{ERF_SMALL, ERFC_PIECES};
use crate::explog::{exp_parts, fmadd, mul_err, pow2, scale_round, ziv};
use crate::support::hi;
use crate::trig::{Dd, fast_two_sum, in_nearest, round_dd};
use core::hint::black_box as bb;

/// 2/√π as a double-double (to 2^-107).
pub(crate) const TWO_OVER_SQRT_PI: Dd = Dd::new(f64::from_bits(0x3ff2_0dd7_5042_9b6d), f64::from_bits(0x3c71_ae3a_914f_ed80));

/// A polynomial Σ aₖ (u - c)^k on one interval: the first three coefficients as
/// double-doubles, the others in `b`.
pub(crate) struct Piece<const N: usize> {
    pub c: f64,
    pub a: [(f64, f64); 3],
    pub b: [f64; N],
}

impl<const N: usize> Piece<N> {
    /// The polynomial at t = th + tl (|tl| <= 2^-52 |th|, |t| small enough that each term
    /// is at most 1/16 of the one before), as s + e within about 2^-68 of the value:
    /// a0 + a1·t + a2·t² with the products' rounding errors kept, t³ times the rest.
    #[inline(always)]
    fn eval<const F: bool>(&self, th: f64, tl: f64) -> (f64, f64) {
        let mut tail = self.b[N - 1];
        for k in (0..N - 1).rev() {
            tail = fmadd::<F>(tail, th, self.b[k]);
        }
        let [a0, a1, a2] = self.a;
        let t2 = th * th;
        let t2e = fmadd::<F>(2.0 * th, tl, mul_err::<F>(th, th, t2));
        let h1 = a1.0 * th;
        let e1 = mul_err::<F>(a1.0, th, h1);
        let h2 = a2.0 * t2;
        let e2 = mul_err::<F>(a2.0, t2, h2);
        let (s, u) = fast_two_sum(a0.0, h1);
        let (s, v) = fast_two_sum(s, h2);
        let small = fmadd::<F>(t2 * th, tail, fmadd::<F>(a2.0, t2e, fmadd::<F>(a2.1, t2, e2)))
            + fmadd::<F>(a1.1, th, fmadd::<F>(a1.0, tl, e1))
            + a0.1;
        // t³ times the rest is up to 2^-12 of s: the sum's rounding, 2^-65 of it.
        fast_two_sum(s, (u + v) + small)
    }
}

/// erf x for 2^-900 <= |x| < 1/4, as s + e.
#[inline(always)]
fn erf_small<const F: bool>(x: f64) -> (f64, f64) {
    if x.abs() < f64::from_bits((1023 - 35) << 52) {
        // x² is below 2^-70 (and would underflow, raising the flag, from 2^-511): erf x is
        // (2/√π)·x to 2^-71.
        let Dd { hi: c, lo: cl } = TWO_OVER_SQRT_PI;
        let h = x * c;
        return (h, fmadd::<F>(x, cl, mul_err::<F>(x, c, h)));
    }
    let z = x * x;
    let ze = mul_err::<F>(x, x, z);
    let (p, pe) = ERF_SMALL.eval::<F>(z, ze);
    let h = x * p;
    (h, fmadd::<F>(x, pe, mul_err::<F>(x, p, h)))
}

/// erfc x for 1/4 <= x < 26, as (s + e)·2^k, s in [0.02, 1.6].
#[inline(always)]
fn erfc_parts<const F: bool>(x: f64) -> (f64, f64, i64) {
    let b = x.to_bits();
    // The piece: x's octave from 2^-2, and its first three fraction bits.
    let i = ((((b >> 52) as usize) - (1023 - 2)) << 3) | ((b >> 49) & 7) as usize;
    let p = &ERFC_PIECES[i];
    // Exact: x and c lie in the same octave, c with four significant bits.
    let (mut g, mut ge) = p.eval::<F>(x - p.c, 0.0);
    if x >= 2.0 {
        // G = (x·erfc·e^(x²))/x: 1/x = r(1 + d + d² ...) with d = 1 - r·x exact.
        let r = 1.0 / x;
        let rx = r * x;
        let d = (1.0 - rx) - mul_err::<F>(r, x, rx);
        let h = g * r;
        ge = fmadd::<F>(h, d, fmadd::<F>(ge, r, mul_err::<F>(g, r, h)));
        g = h;
    }
    let x2 = x * x;
    let x2e = mul_err::<F>(x, x, x2);
    let (s, t, k) = exp_parts::<F>(-x2, -x2e);
    let h = s * g;
    (h, fmadd::<F>(s, ge, fmadd::<F>(t, g, mul_err::<F>(s, g, h))), k)
}

/// 2^-900 <= |x| < 6 (`erf` takes the rest).
#[inline(always)]
fn erf_fast<const F: bool>(x: f64) -> Option<f64> {
    let a = x.abs();
    if a < 0.25 {
        let (s, e) = erf_small::<F>(x);
        return ziv(s, e);
    }
    let (h, l, k) = erfc_parts::<F>(a);
    let sc = pow2(k as i32);
    let (s, e) = fast_two_sum(1.0, -(h * sc));
    let (s, e) = (s, e - l * sc);
    if x < 0.0 { ziv(-s, -e) } else { ziv(s, e) }
}

/// 2^-56 <= |x|, -6 < x < 26 (`erfc` takes the rest).
#[inline(always)]
fn erfc_fast<const F: bool>(x: f64) -> Option<f64> {
    let a = x.abs();
    if a < 0.25 {
        let (h, l) = erf_small::<F>(x);
        let (s, e) = fast_two_sum(1.0, -h);
        return ziv(s, e - l);
    }
    let (h, l, k) = erfc_parts::<F>(a);
    if x > 0.0 {
        // Normal: s >= 0.02 and k >= -980 below 26.
        return ziv(h, l).map(|v| v * pow2(k as i32));
    }
    let sc = pow2(k as i32);
    let (s, e) = fast_two_sum(2.0, -(h * sc));
    ziv(s, e - l * sc)
}

dispatch! {
    (x: f64) -> f64:
    erf_go erf_fma erf_plain => erf_fast, erf_slow;
    erfc_go erfc_fma erfc_plain => erfc_fast, erfc_slow;
}

/// The double-double value of erf |x| (0 < |x| < 6) and of erfc x (2^-56 <= |x|, -6 < x <
/// 28), in round-to-nearest: erfc from 2.5 on as (m, k), erfc = m·2^k, m in [1, 2).
#[cfg(target_arch = "x86_64")]
mod dd {
    use crate::explog::pow2;
    use crate::ld80::erf::{erf_series, erfc_cf};
    use crate::trig::Dd;

    /// erfc a for a >= 2.5 as (m, k), m in [1, 2).
    fn erfc_big(a: f64) -> (Dd, i32) {
        let (m, k) = erfc_cf(Dd::new(a, 0.0));
        let e = ((m.hi.to_bits() >> 52) & 0x7ff) as i32 - 1023;
        let sc = pow2(-e);
        (Dd::new(m.hi * sc, m.lo * sc), k + e)
    }

    pub(super) fn erf_abs(a: f64) -> Dd {
        if a < 2.5 {
            return erf_series(Dd::new(a, 0.0));
        }
        let (m, k) = erfc_big(a);
        Dd::new(1.0, 0.0).add(Dd::new(-m.hi * pow2(k), -m.lo * pow2(k)))
    }

    pub(super) fn erfc(x: f64) -> (Dd, i32) {
        let a = x.abs();
        if a < 2.5 {
            let e = erf_series(Dd::new(a, 0.0));
            return (Dd::new(1.0, 0.0).add(if x < 0.0 { e } else { e.neg() }), 0);
        }
        let (m, k) = erfc_big(a);
        if x < 0.0 { (Dd::new(2.0, 0.0).add(Dd::new(-m.hi * pow2(k), -m.lo * pow2(k))), 0) } else { (m, k) }
    }
}

#[cold]
#[inline(never)]
fn erf_slow(x: f64) -> f64 {
    #[cfg(target_arch = "x86_64")]
    {
        let r = in_nearest(x.abs(), dd::erf_abs);
        round_dd(if x < 0.0 { r.neg() } else { r })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        libm::erf(x)
    }
}

#[cold]
#[inline(never)]
fn erfc_slow(x: f64) -> f64 {
    #[cfg(target_arch = "x86_64")]
    {
        let (m, k) = in_nearest(x, dd::erfc);
        if k == 0 { round_dd(m) } else { scale_round(m, k) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        libm::erfc(x)
    }
}

/// erf x for |x| < 2^-900 (where the fast path's error terms would underflow, raising the
/// flag): 2x/√π (x³ is far below its last bit), rounded once on the
/// subnormal grid where it falls there.
#[cold]
fn erf_tiny(x: f64) -> f64 {
    if x == 0.0 {
        return x;
    }
    // x·2^64 is exact; (2/√π)·|x|·2^64 = m·2^e with m in [1, 2), formed in
    // round-to-nearest (where Dekker's product is exact).
    let (m, e) = in_nearest(x.abs() * pow2(64), |y| {
        let Dd { hi: c, lo: cl } = TWO_OVER_SQRT_PI;
        let (h, l) = crate::trig::two_prod(y, c);
        let e = ((h.to_bits() >> 52) & 0x7ff) as i32 - 1023;
        let sc = pow2(-e);
        (Dd::new(h * sc, (l + y * cl) * sc), e)
    });
    scale_round(if x < 0.0 { m.neg() } else { m }, e - 64)
}

/// `erf(x)`—The error function, correctly rounded.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn erf(x: f64) -> f64 {
    let ix = hi(x);
    if ix >= 0x4018_0000 {
        if ix >= 0x7ff0_0000 {
            return libm::erf(x);
        }
        // |x| >= 6: erf is within 2^-54 of ±1.
        let y = bb(1.0f64) - bb(f64::MIN_POSITIVE);
        return if x.is_sign_negative() { -y } else { y };
    }
    if ix < (1023 - 900) << 20 {
        return erf_tiny(x);
    }
    erf_go(x)
}

/// `erfc(x)`—`1 - erf(x)`, correctly rounded: 2 - 2^-1022 rounded below -6, the square of
/// 2^-1022 from 28.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn erfc(x: f64) -> f64 {
    let ix = hi(x);
    let neg = x.is_sign_negative();
    if ix >= 0x7ff0_0000 {
        return libm::erfc(x);
    }
    if ix >= 0x403c_0000 || (neg && ix >= 0x4018_0000) {
        return if neg { bb(2.0f64) - bb(f64::MIN_POSITIVE) } else { bb(f64::MIN_POSITIVE) * bb(f64::MIN_POSITIVE) };
    }
    if ix < 0x3c70_0000 {
        // |x| < 2^-56: 1 - 2x/√π is within a quarter of an ulp of 1, on x's side: 1 - x
        // rounds as it does.
        return bb(1.0f64) - bb(x);
    }
    if x >= 26.0 {
        return erfc_slow(x);
    }
    erfc_go(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A relative distance between s + e and the double-double v.
    fn rel(s: f64, e: f64, v: Dd) -> f64 {
        (((s - v.hi) + (e - v.lo)) / v.hi).abs()
    }

    /// The fast path's value, before its rounding, in every mode: within 2^-64 of the
    /// double-double path's (half the bound Ziv's test assumes).
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn fast_path_is_within_its_bound() {
        fn run<const F: bool>(worst: &mut [f64; 3]) {
            let mut rng = crate::support::XorShift(0x6a09_e667_f3bc_c909);
            for i in 0..crate::support::scaled(200_000) {
                let u = rng.unit();
                let x = match i % 4 {
                    0 => u * 0.25,
                    1 => 0.25 + u * 1.75,
                    2 => 2.0 + u * 24.0,
                    _ => f64::from_bits(rng.0 & 0x3fcf_ffff_ffff_ffff) * 2.0,
                };
                if !(x > f64::from_bits((1023 - 900) << 52) && x < 26.0) {
                    continue;
                }
                if x < 0.25 {
                    let (s, e) = erf_small::<F>(x);
                    let v = in_nearest(x, dd::erf_abs);
                    worst[0] = worst[0].max(rel(s, e, v));
                    continue;
                }
                let (h, l, k) = erfc_parts::<F>(x);
                let (m, mk) = in_nearest(x, dd::erfc);
                let sc = pow2(k as i32 - mk);
                worst[1] = worst[1].max(rel(h * sc, l * sc, m));
                if x < 6.0 {
                    let sc = pow2(k as i32);
                    let (s, e) = fast_two_sum(1.0, -(h * sc));
                    let v = in_nearest(x, dd::erf_abs);
                    worst[2] = worst[2].max(rel(s, e - l * sc, v));
                }
            }
        }
        in_every_mode!(run, [f64; 3], |mode, worst: [f64; 3]| {
            std::println!("mode {mode}: erf small 2^{:.1}, erfc 2^{:.1}, erf 2^{:.1}", worst[0].log2(), worst[1].log2(), worst[2].log2());
            let bound = f64::from_bits((1023 - 64) << 52);
            assert!(worst.iter().all(|&w| w < bound), "{worst:?}");
        });
    }

    /// Every result, in every mode, is the double-double path's rounding (the fast path's
    /// where it decides); the fast path decides all but a few calls in a thousand.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn rounds_as_the_slow_path() {
        fn run<const F: bool>(acc: &mut [u32; 2]) {
            let mut rng = crate::support::XorShift(0xbb67_ae85_84ca_a73b);
            for i in 0..crate::support::scaled(100_000) {
                let u = rng.unit();
                let x = match i % 3 {
                    0 => (u - 0.5) * 0.5,
                    1 => (u - 0.5) * 12.0,
                    _ => (u - 0.2) * 33.0,
                };
                if x.abs() < f64::from_bits((1023 - 900) << 52) {
                    continue;
                }
                if x.abs() < 6.0 {
                    match erf_fast::<F>(x) {
                        Some(v) => assert_eq!(v.to_bits(), erf_slow(x).to_bits(), "erf {x:e}"),
                        None => acc[0] += 1,
                    }
                }
                if x.abs() >= f64::from_bits(0x3c70_0000 << 32) && x > -6.0 && x < 26.0 {
                    match erfc_fast::<F>(x) {
                        Some(v) => assert_eq!(v.to_bits(), erfc_slow(x).to_bits(), "erfc {x:e}"),
                        None => acc[1] += 1,
                    }
                }
            }
        }
        in_every_mode!(run, [u32; 2], |mode, acc: [u32; 2]| {
            std::println!("mode {mode}: undecided erf {}, erfc {}", acc[0], acc[1]);
            assert!(acc[0] < crate::support::scaled(1000) && acc[1] < crate::support::scaled(1000), "{acc:?}");
        });
    }

    /// Underflow only where the result is tiny: not from x² or a product's error term.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn underflow_only_for_tiny_results() {
        use crate::fenv::{FE_ALL_EXCEPT, FE_INEXACT, FE_UNDERFLOW, feclearexcept, fetestexcept};
        for &(x, tiny) in &[(1e-300, false), (3e-290, false), (1e-200, false), (1e-100, false), (1e-20, false), (1e-310, true), (-1.5e-308, true), (-2e-308, false)] {
            feclearexcept(FE_ALL_EXCEPT);
            let _ = bb(erf(bb(x)));
            let want = if tiny { FE_UNDERFLOW | FE_INEXACT } else { FE_INEXACT };
            // x86's denormal-operand flag (2) aside.
            assert_eq!(fetestexcept(FE_ALL_EXCEPT & !2), want, "erf {x:e}");
        }
    }

    #[test]
    fn edges_and_special_values() {
        assert_eq!(erf(0.0).to_bits(), 0);
        assert_eq!(erf(-0.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(erf(f64::INFINITY), 1.0);
        assert_eq!(erf(f64::NEG_INFINITY), -1.0);
        assert!(erf(f64::NAN).is_nan());
        assert_eq!(erf(7.0), 1.0);
        assert_eq!(erfc(f64::INFINITY), 0.0);
        assert_eq!(erfc(f64::NEG_INFINITY), 2.0);
        assert_eq!(erfc(-7.0), 2.0);
        assert_eq!(erfc(30.0), 0.0);
        assert_eq!(erfc(1e-20), 1.0);
        // 2x/√π for the least subnormal is 1.128 of it: 1 ulp in round-to-nearest.
        assert_eq!(erf(f64::from_bits(1)).to_bits(), 1);
        assert_eq!(erf(f64::from_bits(3)).to_bits(), 3);
        // Near the crate (musl's algorithm, within an ulp or so of the exact value; its erfc
        // takes the crate's own exp, and is 3 ulps off at 2.608).
        let mut rng = crate::support::XorShift(0x3c6e_f372_fe94_f82b);
        for _ in 0..crate::support::scaled(20_000) {
            let x = (rng.unit() - 0.3) * 40.0;
            let (a, b) = (erf(x), libm::erf(x));
            assert!(crate::support::ulps(a, b) <= 1, "erf {x}: {a} {b}");
            let (a, b) = (erfc(x), libm::erfc(x));
            assert!(crate::support::ulps(a, b) <= 4, "erfc {x}: {a} {b}");
        }
    }
}
