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
use super::exp::{dd_round, exp_parts_dd, nudged, to_dd};
use super::{BIAS, F80, INT_BIT, U256, mul, raise_inexact, round_f80, sub, x87_mode};
use crate::explog::{exp_dd, fmadd, log_dd, log_reduce, mul_err, pow2};
use crate::explog_tables::{INV_LN2, INV_N, LN2, LN2_PARTS, LOG_INV_C};
use crate::trig::{Dd, fast_two_sum, in_nearest, two_prod, two_sum};

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
    powl_go(ax, y, neg)
}

/// An integral y with |y| < 2^16 and a normal x, by the 256-bit power
/// ([`crate::intpow`]), where that decides the rounding and the result is normal: the
/// powers of numbers near a power of 2 land closer to a midpoint or a representable number
/// (2^-128 or so) than the double-double path resolves.
fn powl_integral(ax: F80, y: F80, neg: bool, mode: u32) -> Option<F80> {
    let ey = y.exp() as i32 - BIAS;
    if ax.exp() == 0 || !(0..16).contains(&ey) || y.m << (ey + 1) != 0 {
        return None;
    }
    let n = (y.m >> (63 - ey)) as i64;
    let n = if y.neg() { -n } else { n };
    let (v, ev) = crate::intpow::pow_int(ax.m, i64::from(ax.exp() as i32 - BIAS - 63), n, 64)?;
    // v has 66 bits: the result's exponent is ev + 65, or one more.
    let top = ev + 65;
    if !(i64::from(1 - BIAS)..i64::from(BIAS)).contains(&top) {
        return None;
    }
    Some(round_f80(neg, U256(0, v), ev as i32, mode))
}

/// The rest of `powl` for a positive finite x != 1 and a finite y (not 0, 1 or 2, and
/// not a small positive integer whose exact power fits): x^y with the sign `neg`.
#[cold]
#[inline(never)]
fn powl_slow(ax: F80, y: F80, neg: bool) -> F80 {
    let mode = x87_mode();
    if let Some(r) = powl_integral(ax, y, neg, mode) {
        return r;
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
        let one = F80 { m: ONE.m, se: ONE.se | u64::from(neg) << 15 };
        return nudged(one, (l.hi > 0.0) != y.neg(), mode);
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

/// The fast path's bound on its error relative to its value, for |y·ln x| < 2^10: 2^-80,
/// with room over the largest seen, 2^-83.2 (`powl_fast_is_within_its_bound`).
const POWL_EPS: f64 = f64::from_bits((1023 - 80) << 52);

/// ln x for a positive normal x whose significand's double part is normal, to about
/// 2^-100: x = 2^k·z with z in [0.6875, 1.375) and its interval's 1/c (`LOG_INV_C`), u =
/// z/c - 1 exactly (the significand's 11 bits past the double in a second term), ln x =
/// k·ln 2 - log(1/c) + log1p(u) with log1p(u) = u·Σ (-u)^n/(n+1), the first five steps of
/// Horner's rule in double-double and the terms from u^5 on (below 2^-45) in double.
#[inline(always)]
fn ln_quick<const F: bool>(x: F80) -> Option<Dd> {
    let e = x.exp() as i32 - BIAS;
    if !(-1000..1000).contains(&e) {
        return None;
    }
    let xh = (x.m >> 11) as f64 * pow2(e - 52);
    let xl = (x.m & 0x7ff) as f64 * pow2(e - 63);
    let (i, k, z) = log_reduce(xh.to_bits());
    let zl = xl * pow2(-k as i32);
    let (invc, lch, lcl) = LOG_INV_C[i];
    let p = z * invc;
    // p - 1 exact (Sterbenz), then p's rounding error and the low part's product.
    let (uh, ul) = two_sum(p - 1.0, fmadd::<F>(zl, invc, mul_err::<F>(z, invc, p)));
    let mut t = 0.0;
    for n in (6..=11).rev() {
        let c = if n & 1 == 1 { INV_N[n].0 } else { -INV_N[n].0 };
        t = fmadd::<F>(t, uh, c);
    }
    let (mut h, mut l) = (t, 0.0);
    for n in (1..=5).rev() {
        let (ch, cl) = if n & 1 == 1 { INV_N[n] } else { (-INV_N[n].0, -INV_N[n].1) };
        let q = h * uh;
        let small = fmadd::<F>(h, ul, fmadd::<F>(l, uh, mul_err::<F>(h, uh, q))) + cl;
        let (s, e) = two_sum(q, ch);
        (h, l) = fast_two_sum(s, e + small);
    }
    let q = h * uh;
    let (l1h, l1l) = fast_two_sum(q, fmadd::<F>(h, ul, fmadd::<F>(l, uh, mul_err::<F>(h, uh, q))));
    // k·ln 2 (the first part's product exact for |k| < 2^11, the second's by mul_err) and
    // -log(1/c), then log1p(u).
    let kf = k as f64;
    let (a, ae) = fast_two_sum(kf * LN2_PARTS.0, lch);
    let (s, e) = two_sum(a, l1h);
    let k1 = kf * LN2_PARTS.1;
    let low = (ae + e) + (l1l + lcl) + (k1 + mul_err::<F>(kf, LN2_PARTS.1, k1)) + kf * LN2_PARTS.2;
    let (h, l) = fast_two_sum(s, low);
    Some(Dd::new(h, l))
}

/// x^y for a positive x (not a power of 2, whose exact cases the slow path keeps exact)
/// and |y·ln x| < 2^10, as (s + t)·2^K within `POWL_EPS`/4: e^(y·ln x) from `ln_quick`
/// and `exp_parts_dd`.
#[inline(always)]
fn powl_parts<const F: bool>(ax: F80, y: F80) -> Option<(f64, f64, i32)> {
    if ax.m == INT_BIT {
        return None;
    }
    let l = ln_quick::<F>(ax)?;
    let yd = to_dd(y);
    let wh = yd.hi * l.hi;
    let wl = fmadd::<F>(yd.hi, l.lo, fmadd::<F>(yd.lo, l.hi, mul_err::<F>(yd.hi, l.hi, wh)));
    let (wh, wl) = fast_two_sum(wh, wl);
    if !(wh.abs() < 1024.0 && wh.abs() > f64::from_bits((1023 - 60) << 52)) {
        return None;
    }
    Some(exp_parts_dd::<F>(Dd::new(wh, wl)))
}

/// `powl` by `powl_parts`, rounded on the x87 (s + t one addition in its mode) when the
/// bound decides it and the result is normal.
#[inline(always)]
fn powl_fast<const F: bool>(ax: F80, y: F80, neg: bool) -> Option<F80> {
    if (y.exp() as i32) < BIAS - 100 || (y.exp() as i32) > BIAS + 20 {
        return None;
    }
    let (s, t, k) = powl_parts::<F>(ax, y)?;
    let (s, t) = if neg { (-s, -t) } else { (s, t) };
    super::x87_decide(s, t, s.abs() * POWL_EPS, k)
}

dispatch! {
    (ax: F80, y: F80, neg: bool) -> F80:
    powl_go powl_fma powl_plain => powl_fast, powl_slow;
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

    /// `powl_parts` against the double-double path in every mode: within a quarter of
    /// `POWL_EPS`.
    #[test]
    fn powl_fast_is_within_its_bound() {
        fn run<const F: bool>(worst: &mut f64) {
            let mut rng = crate::support::XorShift(0x4528_21e6_38d0_1377);
            for i in 0..crate::support::scaled(100_000) {
                let u = rng.unit();
                let (xv, yv) = match i % 3 {
                    0 => (0.5 + u * 9.5, (rng.unit() - 0.5) * 8.0),
                    1 => (libm::exp2((u - 0.5) * 200.0), (rng.unit() - 0.5) * 10.0),
                    _ => (1.0 + (u - 0.5) * 1e-6, (rng.unit() - 0.5) * 1e6),
                };
                let b = f(xv);
                let x = F80 { m: b.m ^ (rng.0 & 0x7ff), se: b.se };
                let y = f(yv);
                let Some((s, t, k)) = powl_parts::<F>(x, y) else { continue };
                let l = in_nearest(x, log2_dd);
                let w = in_nearest((to_dd(y), l), |(y, l)| y.mul(l));
                let (m, mk) = in_nearest(w, |w| {
                    // The nearest integer, so w - n is exact (Sterbenz).
                    let n = libm::round(w.hi);
                    let fr = Dd::new(w.hi - n, 0.0).add(Dd::new(w.lo, 0.0));
                    let (p, pe) = two_prod(fr.hi, LN2.0);
                    let (m, k) = exp_dd(Dd::new(p, pe + fr.hi * LN2.1 + fr.lo * LN2.0));
                    (m, k + n as i32)
                });
                let sc = pow2(k - mk);
                let d = ((s * sc - m.hi) + (t * sc - m.lo)) / m.hi;
                *worst = worst.max(d.abs());
            }
        }
        in_every_mode!(run, f64, |mode, worst: f64| {
            std::println!("mode {mode}: powl_parts within 2^{:.1}", worst.log2());
            assert!(worst < POWL_EPS / 4.0, "{worst:e}");
        });
    }

    /// Every powl the fast path decides, in every mode, is the slow path's; it decides all
    /// but a few in 10,000.
    #[test]
    fn powl_fast_rounds_as_the_slow_path() {
        fn run<const F: bool>(undecided: &mut u32) {
            let mut rng = crate::support::XorShift(0xbe54_66cf_34e9_0c6c);
            for _ in 0..crate::support::scaled(50_000) {
                let b = f(0.5 + rng.unit() * 9.5);
                let x = F80 { m: b.m ^ (rng.0 & 0x7ff), se: b.se };
                let y = f((rng.unit() - 0.5) * 8.0);
                for neg in [false, true] {
                    match powl_fast::<F>(x, y, neg) {
                        Some(r) => assert_eq!(r, powl_slow(x, y, neg), "powl {x:?} {y:?}"),
                        None => *undecided += 1,
                    }
                }
            }
        }
        in_every_mode!(run, u32, |mode, undecided: u32| {
            std::println!("mode {mode}: undecided {undecided} of 100000");
            assert!(undecided < 100, "{undecided}");
        });
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
