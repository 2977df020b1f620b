//! `<complex.h>`: every `c*` function in `float`, `double` and (on x86_64) `long double`,
//! with C Annex G's special values.
//!
//! Each function is written once, over [`Real`], and run in a wider format than its own:
//! - `double complex` in the x87's 80-bit format on x86_64 ([`Wide`]): 11 more bits, and an
//!   exponent range where no double's square or sum over- or underflows, so the results are
//!   the correctly rounded ones but for double rounding's rare half-ulp slips;
//! - `float complex` in `double`;
//! - `long double complex` in the 80-bit format itself, with explicit scaling where its
//!   range ends (`ld80::cx`), in the caller's rounding mode: a part that is a computed
//!   value negated is computed with upward and downward swapped ([`negated`]).
//!
//! The inverse functions follow Hull, Fairgrieve and Tang (ACM TOMS 23, 1997) for asin and
//! acos: A = (|z+1| + |z-1|)/2 and B = x/A, each part from the form that does not cancel;
//! catanh keeps 1 - x² - y² from exact products. The elementary ones are their definitions
//! (e^x cis y; sinh x cos y + i cosh x sin y, halved exponentials past the overflow point;
//! Kahan's tanh with tan y), csqrt is √((|x| + |z|)/2) and the quotient, clog is ln|z| with
//! log1p of x² + y² - 1 from exact products near the unit circle, and cpow is
//! cexp(w · clog z) with Annex G's multiplication (infinities recovered from NaN parts),
//! or where the working format cannot place the phase Im(w·log z), e^ρ·cis θ from the
//! exact w·log z of [`crate::cpow_phase`].
//! `creal`, `cimag`, `conj`, `cproj`, `cabs` (hypot) and `carg` (atan2) are exact or one
//! call.

use crate::cpow_phase::{Parts, Scaled, WLogZ, polar_parts, w_log_z};

/// The arithmetic and elementary functions the complex functions are written over.
pub(crate) trait Real: Copy {
    /// The value of `v`, exactly.
    fn c(v: f64) -> Self;
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn mul(self, o: Self) -> Self;
    fn div(self, o: Self) -> Self;
    fn minus(self) -> Self;
    fn fabs(self) -> Self;
    /// |self| with the sign of `s`.
    fn with_sign(self, s: Self) -> Self;
    /// The sign bit.
    fn sign(self) -> bool;
    fn nan_p(self) -> bool;
    fn inf_p(self) -> bool;
    fn zero_p(self) -> bool;
    /// self < o (false with a NaN).
    fn lt(self, o: Self) -> bool;
    /// self·2^k.
    fn scale(self, k: i32) -> Self;
    fn sqrt(self) -> Self;
    fn ln(self) -> Self;
    fn ln1p(self) -> Self;
    /// ln(1 + self + lo) for a pair whose second part is below an ulp of the first, which
    /// a format with a wider kernel keeps.
    fn ln1p_dw(self, lo: Self) -> Self {
        self.add(lo).ln1p()
    }
    fn exp(self) -> Self;
    fn sin(self) -> Self;
    fn cos(self) -> Self;
    fn tan(self) -> Self;
    fn sinh(self) -> Self;
    fn cosh(self) -> Self;
    fn tanh(self) -> Self;
    fn acosh(self) -> Self;
    /// self^y, the real function.
    fn pow(self, y: Self) -> Self;
    /// atan2(self, x).
    fn atan2(self, x: Self) -> Self;
    fn hypot(self, o: Self) -> Self;
    /// π, and the fractions of it below, rounded in the current mode.
    fn pi() -> Self;
    /// The largest finite value: an exponential past the format's range stands in as it,
    /// so the products after it overflow as the rounding mode says.
    fn max_finite() -> Self;
    fn pi_2() -> Self;
    fn pi_4() -> Self;
    fn three_pi_4() -> Self;
    /// Dekker's splitting constant, 2^ceil(p/2) + 1.
    const SPLIT: f64;
    /// The largest x whose e^x is finite, rounded down.
    const EXP_MAX: f64;
    /// From here on tanh x is ±1 to the format's precision (e^-2x below half an ulp of 1).
    const TANH_ONE: f64;
    /// From here on |z|, asin z ≈ -i ln 2iz and atanh z ≈ 1/z to the format's precision.
    const BIG: f64;
    /// Below this |z|, asin z = z, atanh z = z to the format's precision.
    const SMALL: f64;
    /// The exponent range the complex functions compute in without scaling: |parts| in
    /// [2^-LIMIT, 2^LIMIT] keep every square and sum they form finite and normal.
    const LIMIT: i32;
    /// The binary exponent of a finite nonzero value (⌊log2 |v|⌋).
    fn ilogb(self) -> i32;
    /// A finite value as sign, significand and exponent.
    fn parts(self) -> Parts;
    /// e^ρ·(cos θ, sin θ) for w·log z = ρ + iθ, each part rounded once in the current mode.
    fn polar(w: &WLogZ) -> (Self, Self);
}

#[inline]
fn finite<R: Real>(v: R) -> bool {
    !v.nan_p() && !v.inf_p()
}

fn two<R: Real>() -> R {
    R::c(2.0)
}

fn half<R: Real>() -> R {
    R::c(0.5)
}

fn one<R: Real>() -> R {
    R::c(1.0)
}

fn zero<R: Real>() -> R {
    R::c(0.0)
}

/// a·b = p + e exactly (Dekker, with R::SPLIT), for a·b in range.
fn two_prod<R: Real>(a: R, b: R) -> (R, R) {
    let p = a.mul(b);
    let s = R::c(R::SPLIT);
    let (ca, cb) = (s.mul(a), s.mul(b));
    let (ah, bh) = (ca.sub(ca.sub(a)), cb.sub(cb.sub(b)));
    let (al, bl) = (a.sub(ah), b.sub(bh));
    let e = ah.mul(bh).sub(p).add(ah.mul(bl)).add(al.mul(bh)).add(al.mul(bl));
    (p, e)
}

/// a + b = s + e exactly (Knuth's two-sum).
fn two_sum<R: Real>(a: R, b: R) -> (R, R) {
    let s = a.add(b);
    let bb = s.sub(a);
    (s, a.sub(s.sub(bb)).add(b.sub(bb)))
}

/// x² + y² - 1 for x >= y >= 0 with x² + y² near 1, as a sum hi + lo (|lo| at most about
/// an ulp of hi): the squares split exactly, the sums' errors kept.
/// (Dekker's and Knuth's sums are exact in round-to-nearest only, where this runs.)
fn sq_sum_m1<R: Real>(x: R, y: R) -> (R, R) {
    with_rounding(0, || {
        let (xh, xl) = two_prod(x, x);
        let (yh, yl) = two_prod(y, y);
        let (s1, e1) = two_sum(xh, one::<R>().minus());
        let (s2, e2) = two_sum(s1, yh);
        (s2, e1.add(e2).add(xl.add(yl)))
    })
}

/// f's parts, those `neg_re` and `neg_im` name negated. -v rounded up is v rounded down,
/// negated: so f runs with the upward and downward modes swapped for a negated part, and
/// each part rounds the way the caller's mode asks (twice, where one part is negated and
/// the other not and the mode is directed; nearest and toward zero commute with negation).
fn negated<R: Real>(neg_re: bool, neg_im: bool, f: impl Fn() -> (R, R)) -> (R, R) {
    let (re, im) = if neg_re == neg_im {
        if neg_re { mirrored(&f) } else { f() }
    } else if !directed() {
        f()
    } else if neg_re {
        (mirrored(&f).0, f().1)
    } else {
        (f().0, mirrored(&f).1)
    };
    (if neg_re { re.minus() } else { re }, if neg_im { im.minus() } else { im })
}

/// The rounding-control fields of the x87 control word and of MXCSR.
#[cfg(target_arch = "x86_64")]
const RC_X87: u16 = 3 << 10;
#[cfg(target_arch = "x86_64")]
const RC_SSE: u32 = 3 << 13;

/// Whether either unit rounds upward or downward.
#[cfg(target_arch = "x86_64")]
fn directed() -> bool {
    use crate::fenv::{get_mxcsr, x87_control};
    matches!(x87_control() >> 10 & 3, 1 | 2) || matches!(get_mxcsr() >> 13 & 3, 1 | 2)
}
#[cfg(not(target_arch = "x86_64"))]
fn directed() -> bool {
    false
}

/// `f()` with upward and downward rounding swapped in both units (the 80-bit functions
/// compute in double-doubles too); the flags it raises stay raised.
fn mirrored<T>(f: impl FnOnce() -> T) -> T {
    // Down (1) and up (2) swap as their codes XOR 3.
    with_rounding(3, f)
}

/// `f()` with each unit's rounding mode r replaced by `r ^ flip` where r is upward or
/// downward, or by nearest for a `flip` of 0 (in every mode); the flags it raises stay
/// raised. `black_box` keeps the arithmetic between the mode changes.
#[cfg(target_arch = "x86_64")]
fn with_rounding<T>(flip: u32, f: impl FnOnce() -> T) -> T {
    use crate::fenv::{get_mxcsr, set_mxcsr, set_x87_control, x87_control};
    use core::hint::black_box;
    let (cw, csr) = (x87_control(), get_mxcsr());
    let new = |r: u32| if flip == 0 { 0 } else if matches!(r, 1 | 2) { r ^ flip } else { r };
    let (rx, rs) = (u32::from(cw >> 10 & 3), csr >> 13 & 3);
    let (nx, ns) = (new(rx), new(rs));
    if nx == rx && ns == rs {
        return f();
    }
    set_x87_control(cw & !RC_X87 | (nx as u16) << 10);
    set_mxcsr(csr & !RC_SSE | ns << 13);
    let f = black_box(f);
    let r = black_box(f());
    set_x87_control(cw);
    set_mxcsr(get_mxcsr() & !RC_SSE | csr & RC_SSE);
    r
}
#[cfg(not(target_arch = "x86_64"))]
fn with_rounding<T>(_flip: u32, f: impl FnOnce() -> T) -> T {
    f()
}

/// ln h + k·ln 2, k·ln 2 exact in its high part (ln 2's first 29 bits times a k below
/// 2^15), so the sum rounds once where the logarithm of a scaled value is formed.
fn ln_scaled<R: Real>(h: R, k: i32) -> R {
    const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_ff00_0000);
    const LN2_LO: f64 = -f64::from_bits(0x3dc7_1843_2a1b_0e26);
    let k = R::c(f64::from(k));
    k.mul(R::c(LN2_HI)).add(k.mul(R::c(LN2_LO)).add(h.ln()))
}

// ---- exp, sinh, cosh, tanh ----

/// cexp(x + iy).
pub(crate) fn exp<R: Real>(x: R, y: R) -> (R, R) {
    if y.zero_p() {
        // e^x + i·y (NaN + i0 for a NaN x).
        return (if x.nan_p() { x } else { x.exp() }, y);
    }
    if !finite(y) {
        if x.inf_p() {
            // +inf: ±inf + iNaN; -inf: 0 + i0.
            return if x.sign() { (zero(), zero()) } else { (x, y.sub(y)) };
        }
        // NaN + iNaN, invalid for an infinite y (as musl).
        let n = y.sub(y);
        return (n, n);
    }
    if x.nan_p() {
        return (x, x.add(y));
    }
    let (s, c) = (sin_nz(y), y.cos());
    if R::c(R::EXP_MAX).lt(x) && finite(x) {
        // e^x overflows but e^x·cos y may not: e^(x/2) twice.
        let h = capped(x.mul(half()).exp());
        return (c.mul(h).mul(h), s.mul(h).mul(h));
    }
    let e = x.exp();
    (e.mul(c), e.mul(s))
}

/// sin y, or y itself where that rounds to zero for a nonzero y (a subnormal y, in a
/// directed mode): the sine of a nonzero number is not zero, and inf·0 would be a NaN where
/// Annex G's value is ±inf, a huge e^x·0 a zero where e^x·y is not.
fn sin_nz<R: Real>(y: R) -> R {
    let s = y.sin();
    if s.zero_p() { y } else { s }
}

/// csinh(x + iy).
pub(crate) fn sinh<R: Real>(x: R, y: R) -> (R, R) {
    if finite(x) && finite(y) {
        if y.zero_p() {
            return (x.sinh(), y);
        }
        let (s, c) = (sin_nz(y), y.cos());
        if x.fabs().lt(R::c(R::TANH_ONE)) {
            return (x.sinh().mul(c), x.cosh().mul(s));
        }
        // cosh x and |sinh x| are e^|x|/2 here; halved exponentials past the overflow point.
        return negated(x.sign(), false, || half_exp(x.fabs(), c, s));
    }
    if x.zero_p() {
        // ±0 + iNaN (invalid for an infinite y).
        return (x, y.sub(y));
    }
    if finite(x) {
        let n = y.sub(y);
        return (n, n);
    }
    if x.inf_p() {
        if y.zero_p() {
            return (x, y);
        }
        if finite(y) {
            return (x.mul(y.cos()), x.fabs().mul(sin_nz(y)));
        }
        // ±inf + iNaN.
        return (x.mul(x), y.sub(y));
    }
    // x NaN.
    if y.zero_p() { (x, y) } else { (x, x.add(y)) }
}

/// e^a·c/2 and e^a·s/2 for a large a, without overflow before the end.
fn half_exp<R: Real>(a: R, c: R, s: R) -> (R, R) {
    if a.lt(R::c(R::EXP_MAX)) {
        let e = a.exp().mul(half());
        return (e.mul(c), e.mul(s));
    }
    let h = capped(a.mul(half()).exp());
    (c.mul(half()).mul(h).mul(h), s.mul(half()).mul(h).mul(h))
}

/// An overflowed exponential as the largest finite value: c·h·h then overflows in the
/// caller's mode (to the largest finite number in a directed mode that asks for it) where
/// c·inf would be inf in every mode.
fn capped<R: Real>(h: R) -> R {
    if h.inf_p() { R::max_finite() } else { h }
}

/// ccosh(x + iy).
pub(crate) fn cosh<R: Real>(x: R, y: R) -> (R, R) {
    if finite(x) && finite(y) {
        if y.zero_p() {
            return (x.cosh(), x.mul(y));
        }
        let (s, c) = (sin_nz(y), y.cos());
        if x.fabs().lt(R::c(R::TANH_ONE)) {
            return (x.cosh().mul(c), x.sinh().mul(s));
        }
        return negated(false, x.sign(), || half_exp(x.fabs(), c, s));
    }
    if x.zero_p() {
        // NaN ± i0, the zero's sign that of x·(y - y) (the NaN's, as musl).
        let n = y.sub(y);
        return (n, zero::<R>().with_sign(x.mul(n)));
    }
    if finite(x) {
        let n = y.sub(y);
        return (n, n);
    }
    if x.inf_p() {
        if y.zero_p() {
            // ∞ ± i0, the zero's sign that of x·y.
            return (x.fabs(), if x.sign() { y.minus() } else { y });
        }
        if finite(y) {
            return (x.fabs().mul(y.cos()), x.mul(sin_nz(y)));
        }
        return (x.mul(x), x.mul(y.sub(y)));
    }
    // x NaN: NaN + i0 with the zero's sign that of x·y (the NaN's, as musl), or NaN + iNaN.
    if y.zero_p() { (x.mul(x), zero::<R>().with_sign(x.mul(y))) } else { (x, x.add(y)) }
}

/// ctanh(x + iy).
pub(crate) fn tanh<R: Real>(x: R, y: R) -> (R, R) {
    if x.nan_p() {
        return if y.zero_p() { (x, y) } else { (x, x.add(y)) };
    }
    if x.inf_p() {
        // ±1 + i0 with the sign of sin 2y (of y where that is not finite; y + y raises
        // invalid for a signaling NaN).
        let im = if finite(y) { zero::<R>().with_sign(y.sin().mul(y.cos())) } else { zero::<R>().with_sign(y.add(y)) };
        return (one::<R>().with_sign(x), im);
    }
    if !finite(y) {
        let n = y.sub(y);
        return (if x.zero_p() { x } else { n }, n);
    }
    if y.zero_p() {
        // A real argument: the real tanh, which the formula below rounds less well in the
        // directed modes (√(1 + s²) there is 1 + ulp for a tiny s).
        return (x.tanh(), y);
    }
    if !x.fabs().lt(R::c(R::TANH_ONE)) {
        // ±1 + 4 sin y cos y e^-2|x|.
        let e = x.fabs().minus().exp();
        return (one::<R>().with_sign(x), R::c(4.0).mul(y.sin()).mul(y.cos()).mul(e).mul(e));
    }
    // Kahan: t = tan y, b = 1 + t², s = sinh x, r = √(1 + s²) = cosh x;
    // tanh z = (b r s + i t)/(1 + b s²).
    let t = y.tan();
    let b = one::<R>().add(t.mul(t));
    let s = x.sinh();
    let r = one::<R>().add(s.mul(s)).sqrt();
    let d = one::<R>().add(b.mul(s).mul(s));
    (b.mul(r).mul(s).div(d), t.div(d))
}

// ---- sqrt, log, pow ----

/// csqrt(x + iy).
pub(crate) fn sqrt<R: Real>(x: R, y: R) -> (R, R) {
    if y.inf_p() {
        return (y.fabs(), y);
    }
    if x.nan_p() {
        return (x, x.add(y));
    }
    if x.inf_p() {
        if y.nan_p() {
            // +inf + iNaN, NaN ± i inf.
            return if x.sign() { (y, x.fabs().with_sign(y)) } else { (x, y) };
        }
        return if x.sign() { (zero(), x.fabs().with_sign(y)) } else { (x, zero::<R>().with_sign(y)) };
    }
    if y.nan_p() {
        return (y, y);
    }
    if x.zero_p() && y.zero_p() {
        return (zero(), y);
    }
    if x.zero_p() {
        // Both parts √(|y|/2), each rounded once (the quotient below would round twice).
        return negated(false, y.sign(), || {
            let k = y.fabs().ilogb() & !1;
            let r = y.fabs().scale(-k).mul(half()).sqrt().scale(k / 2);
            (r, r)
        });
    }
    // csqrt(conj z) = conj(csqrt z).
    negated(false, y.sign(), || {
        // Scaled by an even power of two into the safe range.
        let e = x.fabs().ilogb().max(if y.zero_p() { i32::MIN } else { y.fabs().ilogb() });
        let k = if e > R::LIMIT - 4 { -((e - R::LIMIT + 4 + 1) & !1) } else if e < -R::LIMIT / 2 { (-e) & !1 } else { 0 };
        let (ax, ay) = (x.fabs().scale(k), y.fabs().scale(k));
        let t = ax.add(ax.hypot(ay)).mul(half()).sqrt();
        let q = ay.div(t).mul(half());
        let (t, q) = (t.scale(-k / 2), q.scale(-k / 2));
        if x.sign() { (q, t) } else { (t, q) }
    })
}

/// clog(x + iy).
pub(crate) fn log<R: Real>(x: R, y: R) -> (R, R) {
    let im = y.atan2(x);
    if !finite(x) || !finite(y) || (x.zero_p() && y.zero_p()) {
        return (x.hypot(y).ln(), im);
    }
    let (a, b) = if x.fabs().lt(y.fabs()) { (y.fabs(), x.fabs()) } else { (x.fabs(), y.fabs()) };
    let ea = a.ilogb();
    if ea > R::LIMIT / 2 || ea < -R::LIMIT / 2 {
        // ln|z| = ln|z·2^-k| + k ln 2 (b may vanish beside a: it then no longer matters).
        let k = ea;
        let h = a.scale(-k).hypot(b.scale(-k));
        return (ln_scaled(h, k), im);
    }
    let h = a.hypot(b);
    if R::c(0.75).lt(h) && h.lt(R::c(1.5)) {
        // Near the unit circle: ln|z| = log1p(x² + y² - 1)/2, the argument from exact
        // products (a in [0.75, 1.5], so a² - 1 is exact).
        // (|z| = 1 exactly: +0, which x² + y² - 1 = 1 - 1 is not in the downward mode.)
        let (t, e) = sq_sum_m1(a, b);
        let re = t.ln1p_dw(e).mul(half());
        return (if re.zero_p() { zero() } else { re }, im);
    }
    (h.ln(), im)
}

/// Whether a finite nonzero v is an integer.
fn integral<R: Real>(v: R) -> bool {
    let p = v.parts();
    p.e >= 63 || p.e >= 0 && p.m << (p.e + 1) == 0
}

/// For v = k + 1/2 (k an integer), whether k is odd; None for any other v.
fn half_odd<R: Real>(v: R) -> Option<bool> {
    let p = v.parts();
    if p.e < -1 || p.e >= 63 {
        return None;
    }
    // The fraction's bits, the first of weight 1/2, and the integer part's last bit.
    let (frac, int_odd) = if p.e == -1 { (p.m, false) } else { (p.m << (p.e + 1), (p.m >> (63 - p.e)) & 1 == 1) };
    if frac != 1 << 63 {
        return None;
    }
    // k = ⌊v⌋: the integer part for v > 0, less one below.
    Some(int_odd != v.sign())
}

/// Annex G's complex multiplication: the plain products, and where both parts come out
/// NaN, the infinities recovered (an infinite factor times a nonzero one is infinite).
fn cmul<R: Real>(a: R, b: R, c: R, d: R) -> (R, R) {
    let (ac, bd, ad, bc) = (a.mul(c), b.mul(d), a.mul(d), b.mul(c));
    let (mut x, mut y) = (ac.sub(bd), ad.add(bc));
    if x.nan_p() && y.nan_p() {
        let (mut a, mut b, mut c, mut d) = (a, b, c, d);
        let box1 = |v: R| if v.inf_p() { one::<R>() } else { zero::<R>() };
        let unnan = |v: R| if v.nan_p() { zero::<R>().with_sign(v) } else { v };
        let mut recalc = false;
        if a.inf_p() || b.inf_p() {
            a = box1(a).with_sign(a);
            b = box1(b).with_sign(b);
            c = unnan(c);
            d = unnan(d);
            recalc = true;
        }
        if c.inf_p() || d.inf_p() {
            c = box1(c).with_sign(c);
            d = box1(d).with_sign(d);
            a = unnan(a);
            b = unnan(b);
            recalc = true;
        }
        if !recalc && (ac.inf_p() || bd.inf_p() || ad.inf_p() || bc.inf_p()) {
            a = unnan(a);
            b = unnan(b);
            c = unnan(c);
            d = unnan(d);
            recalc = true;
        }
        if recalc {
            let inf = R::c(f64::INFINITY);
            x = inf.mul(a.mul(c).sub(b.mul(d)));
            y = inf.mul(a.mul(d).add(b.mul(c)));
        }
    }
    (x, y)
}

/// cpow(z, w) = cexp(w · clog z), in the format's own arithmetic where that places the
/// phase θ = Im(w·log z) well enough: |w|·|log z| (which bounds θ and its rounding error
/// in ulps of 1) below `exact_from`, and neither part so small beside the other (near a
/// zero of cos θ or sin θ) that θ's error, over |tan θ| or |cot θ|, would show. Elsewhere
/// w·log z comes exactly from [`crate::cpow_phase`] and each part rounds once.
pub(crate) fn pow<R: Real>(x: R, y: R, u: R, v: R, exact_from: f64) -> (R, R) {
    if y.zero_p() && v.zero_p() && finite(x) && finite(u) && !x.zero_p() && !u.zero_p() && (!x.sign() || integral(u)) {
        // z and w real, and so z^w: the real pow's value (exact where it is exact), the
        // imaginary part a zero with the sign of y·u (MPC's: the phase u·arg z is ±0 or
        // a whole number of π).
        return (x.pow(u), zero::<R>().with_sign(y.mul(u)));
    }
    if y.zero_p() && v.zero_p() && finite(x) && x.sign() && !x.zero_p() && finite(u) {
        if let Some(k_odd) = half_odd(u) {
            // z = -|x| ± i0 and w = k + 1/2: z^w = |x|^w·e^(±iπw) = ±(-1)^k·i·|x|^w,
            // exactly on the imaginary axis (the real part +0, as MPC has it), where the
            // rounded phase would leave a real part of an ulp or so.
            let m = x.fabs().pow(u);
            return (zero(), if k_odd != y.sign() { m.minus() } else { m });
        }
    }
    let ordinary = finite(x) && finite(y) && !(x.zero_p() && y.zero_p()) && finite(u) && finite(v) && !(u.zero_p() && v.zero_p());
    let exact = || R::polar(&w_log_z(x.parts(), y.parts(), u.parts(), v.parts()));
    if ordinary && exact_from == 0.0 {
        return exact();
    }
    let (lr, li) = log(x, y);
    if !ordinary {
        let (pr, pi) = cmul(u, v, lr, li);
        return exp(pr, pi);
    }
    let size = u.fabs().add(v.fabs()).mul(lr.fabs().add(li.fabs()));
    if !size.lt(R::c(exact_from)) {
        return exact();
    }
    let (pr, pi) = cmul(u, v, lr, li);
    let (re, im) = exp(pr, pi);
    let (a, b) = (re.fabs(), im.fabs());
    let floor = |q: R| q.mul(if size.lt(one()) { one() } else { size }).div(R::c(exact_from));
    if a.lt(floor(b)) || b.lt(floor(a)) {
        return exact();
    }
    (re, im)
}

// ---- the inverse functions ----

/// asin and acos of x + iy for x, y >= 0 finite: (asin's real part, acos's real part,
/// the imaginary part ≥ 0 that asin has and acos has negated).
fn asin_acos<R: Real>(x: R, y: R) -> (R, R, R) {
    let big = R::c(R::BIG);
    if big.lt(x) || big.lt(y) {
        // asin z ≈ -i ln 2iz: arg and ln 2|z|, scaled where |z| would overflow.
        let ex = x.ilogb().max(if y.zero_p() { i32::MIN } else { y.ilogb() });
        let k = if ex > R::LIMIT / 2 { ex } else { 0 };
        let h = x.scale(-k).hypot(y.scale(-k));
        let im = ln_scaled(h, k + 1);
        return (x.atan2(y), y.atan2(x), im);
    }
    if x.lt(R::c(R::SMALL)) && y.lt(R::c(R::SMALL)) {
        return (x, R::pi_2().sub(x), y);
    }
    let o = one::<R>();
    if !y.zero_p() && y.ilogb() < -R::LIMIT / 2 {
        // y² would underflow: first order in y (only the 80-bit format gets here).
        if x.lt(o) {
            let r = o.sub(x).mul(o.add(x)).sqrt();
            return (x.atan2(r), r.atan2(x), y.div(r));
        }
        if o.lt(x) {
            let r = x.sub(o).mul(x.add(o)).sqrt();
            return (R::pi_2(), y.div(r), x.acosh());
        }
        // x = 1: asin(1 + iy) ≈ π/2 - √y + i√y.
        let r = y.sqrt();
        return (R::pi_2().sub(r), r, r);
    }
    if y.zero_p() {
        if !o.lt(x) {
            let r = o.sub(x).mul(o.add(x)).sqrt();
            return (x.atan2(r), r.atan2(x), y);
        }
        // x > 1: π/2 and 0 on the real parts, acosh x on the imaginary.
        return (R::pi_2(), zero(), x.acosh());
    }
    let xp1 = x.add(o);
    let xm1 = x.sub(o);
    let r = xp1.hypot(y);
    let s = xm1.hypot(y);
    let a = r.add(s).mul(half());
    let b = x.div(a);
    let y2 = y.mul(y);
    let lt1 = x.lt(o);
    // The square root both parts' careful forms share.
    let careful = || {
        if lt1 {
            // √((A + x)/2 · (y²/(r + x + 1) + s + 1 - x)).
            a.add(x).mul(half()).mul(y2.div(r.add(xp1)).add(s.add(o.sub(x)))).sqrt()
        } else {
            // y √(((A + x)/(r + x + 1) + (A + x)/(s + x - 1))/2).
            let apx = a.add(x);
            y.mul(apx.div(r.add(xp1)).add(apx.div(s.add(xm1))).mul(half()).sqrt())
        }
    };
    let limit = R::c(0.6417);
    let (re_s, re_c) = if !limit.lt(b) {
        let rb = o.sub(b).mul(o.add(b)).sqrt();
        (b.atan2(rb), rb.atan2(b))
    } else {
        let c = careful();
        (x.atan2(c), c.atan2(x))
    };
    let im = if !R::c(1.5).lt(a) {
        // A - 1 without cancelling.
        let am1 = if lt1 {
            y2.div(r.add(xp1)).add(y2.div(s.add(o.sub(x)))).mul(half())
        } else {
            y2.div(r.add(xp1)).add(s.add(xm1)).mul(half())
        };
        am1.add(am1.mul(a.add(o)).sqrt()).ln1p()
    } else {
        a.add(a.mul(a).sub(o).sqrt()).ln()
    };
    (re_s, re_c, im)
}

/// casin(x + iy) = -i casinh(iz).
pub(crate) fn asin<R: Real>(x: R, y: R) -> (R, R) {
    times_minus_i(|| asinh(y.minus(), x))
}

/// -i·f(): the parts swap and the new imaginary part is negated, computed in the mode that
/// rounds it as itself.
fn times_minus_i<R: Real>(f: impl Fn() -> (R, R)) -> (R, R) {
    negated(false, true, || {
        let (a, b) = f();
        (b, a)
    })
}

/// casinh(x + iy).
pub(crate) fn asinh<R: Real>(x: R, y: R) -> (R, R) {
    if x.nan_p() {
        if y.inf_p() {
            return (y.fabs(), x);
        }
        if y.zero_p() {
            return (x, y);
        }
        return (x, x.add(y));
    }
    if y.nan_p() {
        return if x.inf_p() { (x, y) } else { (y, y) };
    }
    // Odd, and commuting with conj: the first quadrant's value with the signs of x and y.
    negated(x.sign(), y.sign(), || asinh_upper(x.fabs(), y.fabs()))
}

/// casinh(x + iy) for x, y >= 0.
fn asinh_upper<R: Real>(x: R, y: R) -> (R, R) {
    if x.inf_p() {
        if y.inf_p() {
            // (π/4 and π/2 are inexact: the flag as any rounded value raises it.)
            crate::support::raise_inexact();
            return (x, R::pi_4());
        }
        return (x, zero());
    }
    if y.inf_p() {
        crate::support::raise_inexact();
        return (y, R::pi_2());
    }
    // casinh(x + iy) = i casin(y - ix): casin(y + ix) = (R, I) gives casinh = I + iR.
    let (re_s, _, im) = asin_acos(y, x);
    (im, re_s)
}

/// cacos(x + iy).
pub(crate) fn acos<R: Real>(x: R, y: R) -> (R, R) {
    if x.nan_p() {
        if y.inf_p() {
            return (x, y.minus());
        }
        return (x, x.add(y));
    }
    if y.nan_p() {
        return if x.inf_p() {
            (y, x.fabs().minus())
        } else if x.zero_p() {
            (R::pi_2(), y)
        } else {
            (y, y)
        };
    }
    // The imaginary part is -sign(y)·I, I >= 0 (acos(x + i0) for |x| <= 1 is -i0).
    negated(false, !y.sign(), || acos_upper(x, y.fabs()))
}

/// cacos(x + iy) for y >= 0, conjugated: (the real part, I = -the imaginary part >= 0).
fn acos_upper<R: Real>(x: R, y: R) -> (R, R) {
    if x.inf_p() {
        let re = if y.inf_p() {
            crate::support::raise_inexact();
            if x.sign() { R::three_pi_4() } else { R::pi_4() }
        } else if x.sign() {
            crate::support::raise_inexact();
            R::pi()
        } else {
            zero()
        };
        return (re, x.fabs());
    }
    if y.inf_p() {
        crate::support::raise_inexact();
        return (R::pi_2(), y);
    }
    let (_, re_c, im) = asin_acos(x.fabs(), y);
    (if x.sign() { R::pi().sub(re_c) } else { re_c }, im)
}

/// cacosh(x + iy).
pub(crate) fn acosh<R: Real>(x: R, y: R) -> (R, R) {
    if x.nan_p() {
        if y.inf_p() {
            return (y.fabs(), x);
        }
        return (x, x.add(y));
    }
    if y.nan_p() {
        return if x.inf_p() { (x.fabs(), y) } else { (y, y) };
    }
    // cacosh z = ±i cacos z with the real part >= 0: (I, cacos's real part with y's sign).
    negated(false, y.sign(), || {
        let (re, im) = acos_upper(x, y.fabs());
        (im, re)
    })
}

/// catanh(x + iy).
pub(crate) fn atanh<R: Real>(x: R, y: R) -> (R, R) {
    if x.nan_p() {
        if y.inf_p() {
            // Annex G leaves the zero's sign open: +0, as MPC (musl gives NaN + iNaN).
            return negated(false, y.sign(), || (zero(), R::pi_2()));
        }
        return (x, x.add(y));
    }
    if y.nan_p() {
        return if x.inf_p() { (zero::<R>().with_sign(x), y) } else if x.zero_p() { (x, y) } else { (y, y) };
    }
    // Odd, and commuting with conj.
    negated(x.sign(), y.sign(), || atanh_upper(x.fabs(), y.fabs()))
}

/// catanh(x + iy) for x, y >= 0.
fn atanh_upper<R: Real>(x: R, y: R) -> (R, R) {
    if x.inf_p() || y.inf_p() {
        return (zero(), R::pi_2());
    }
    let big = R::c(R::BIG);
    if big.lt(x) || big.lt(y) {
        // atanh z ≈ 1/z + iπ/2: the real part x/|z|², scaled.
        let e = x.ilogb().max(if y.zero_p() { i32::MIN } else { y.ilogb() });
        let h = x.scale(-e).hypot(y.scale(-e));
        let re = x.scale(-e).div(h).div(h).scale(-e);
        return (re, R::pi_2());
    }
    if x.lt(R::c(R::SMALL)) && y.lt(R::c(R::SMALL)) {
        return (x, y);
    }
    let o = one::<R>();
    // Re = log1p(4x / ((1 - x)² + y²)) / 4; Im = atan2(2y, 1 - x² - y²) / 2.
    let omx = o.sub(x);
    let d = omx.mul(omx).add(y.mul(y));
    let re = R::c(4.0).mul(x).div(d).ln1p().mul(R::c(0.25));
    let (p, q) = if x.lt(y) { (y, x) } else { (x, y) };
    let den = if R::c(0.75).lt(p) && p.lt(R::c(1.5)) {
        let (t, e) = sq_sum_m1(p, q);
        zero::<R>().sub(t.add(e))
    } else {
        omx.mul(o.add(x)).sub(y.mul(y))
    };
    // 1 - x² - y² = 0 as +0 in every mode (catanh(1 + i0) is ∞ + i0, and rounding
    // downward makes v - v a -0).
    let den = if den.zero_p() { zero() } else { den };
    let im = two::<R>().mul(y).atan2(den).mul(half());
    (re, im)
}

/// catan(x + iy) = -i catanh(iz).
pub(crate) fn atan<R: Real>(x: R, y: R) -> (R, R) {
    if y.nan_p() && x.inf_p() {
        // ±π/2 + i0: the zero +0 here too (as MPC), not the negated one.
        return (atanh(y.minus(), x).1, zero());
    }
    times_minus_i(|| atanh(y.minus(), x))
}

/// csin(x + iy) = -i csinh(iz).
pub(crate) fn sin<R: Real>(x: R, y: R) -> (R, R) {
    times_minus_i(|| sinh(y.minus(), x))
}

/// ccos(x + iy) = ccosh(iz) = ccosh(-y + ix).
pub(crate) fn cos<R: Real>(x: R, y: R) -> (R, R) {
    cosh(y.minus(), x)
}

/// ctan(x + iy) = -i ctanh(iz).
pub(crate) fn tan<R: Real>(x: R, y: R) -> (R, R) {
    times_minus_i(|| tanh(y.minus(), x))
}

/// cproj(x + iy): any infinite part projects to inf + i0·sign(y).
pub(crate) fn proj<R: Real>(x: R, y: R) -> (R, R) {
    if x.inf_p() || y.inf_p() { (R::c(f64::INFINITY), zero::<R>().with_sign(y)) } else { (x, y) }
}

// ---- double: the f64 implementation (float complex runs in it) ----

impl Real for f64 {
    fn c(v: f64) -> f64 {
        v
    }
    fn add(self, o: f64) -> f64 {
        self + o
    }
    fn sub(self, o: f64) -> f64 {
        self - o
    }
    fn mul(self, o: f64) -> f64 {
        self * o
    }
    fn div(self, o: f64) -> f64 {
        self / o
    }
    fn minus(self) -> f64 {
        -self
    }
    fn fabs(self) -> f64 {
        libm::fabs(self)
    }
    fn with_sign(self, s: f64) -> f64 {
        libm::copysign(self, s)
    }
    fn sign(self) -> bool {
        self.to_bits() >> 63 != 0
    }
    fn nan_p(self) -> bool {
        self.is_nan()
    }
    fn inf_p(self) -> bool {
        self.is_infinite()
    }
    fn zero_p(self) -> bool {
        self == 0.0
    }
    fn lt(self, o: f64) -> bool {
        self < o
    }
    fn scale(self, k: i32) -> f64 {
        libm::scalbn(self, k)
    }
    fn sqrt(self) -> f64 {
        crate::sqrt(self)
    }
    fn ln(self) -> f64 {
        crate::explog::log(self)
    }
    fn ln1p(self) -> f64 {
        crate::hyper::log1p(self)
    }
    fn exp(self) -> f64 {
        crate::explog::exp(self)
    }
    fn sin(self) -> f64 {
        crate::trig::sin(self)
    }
    fn cos(self) -> f64 {
        crate::trig::cos(self)
    }
    fn tan(self) -> f64 {
        crate::trig::tan(self)
    }
    fn sinh(self) -> f64 {
        crate::hyper::sinh(self)
    }
    fn cosh(self) -> f64 {
        crate::hyper::cosh(self)
    }
    fn tanh(self) -> f64 {
        crate::real::tanh(self)
    }
    fn acosh(self) -> f64 {
        crate::hyper::acosh(self)
    }
    fn pow(self, y: f64) -> f64 {
        crate::pow::pow(self, y)
    }
    fn atan2(self, x: f64) -> f64 {
        crate::atan2(self, x)
    }
    fn hypot(self, o: f64) -> f64 {
        crate::hypot(self, o)
    }
    fn pi() -> f64 {
        core::f64::consts::PI
    }
    fn max_finite() -> f64 {
        f64::MAX
    }
    fn pi_2() -> f64 {
        core::f64::consts::FRAC_PI_2
    }
    fn pi_4() -> f64 {
        core::f64::consts::FRAC_PI_4
    }
    fn three_pi_4() -> f64 {
        3.0 * core::f64::consts::FRAC_PI_4
    }
    const SPLIT: f64 = 134_217_729.0;
    const EXP_MAX: f64 = 709.78;
    const TANH_ONE: f64 = 20.0;
    const BIG: f64 = 1.0e9;
    const SMALL: f64 = 1.0e-9;
    const LIMIT: i32 = 500;
    fn ilogb(self) -> i32 {
        libm::ilogb(self)
    }
    fn parts(self) -> Parts {
        let b = self.to_bits();
        let (neg, e, f) = (b >> 63 != 0, (b >> 52 & 0x7ff) as i32, b & ((1 << 52) - 1));
        match (e, f) {
            (0, 0) => Parts { neg, m: 0, e: 0 },
            // f·2^-1074, its top bit at 63 - lz.
            (0, _) => Parts { neg, m: f << f.leading_zeros(), e: -1074 + 63 - f.leading_zeros() as i32 },
            _ => Parts { neg, m: (f | 1 << 52) << 11, e: e - 1023 },
        }
    }
    fn polar(w: &WLogZ) -> (f64, f64) {
        use crate::trig::{in_nearest, round_dd};
        let (re, im) = in_nearest(*w, |w| polar_parts(&w, crate::explog::exp_dd, 745.0));
        // Rounded, then scaled in the caller's mode (an overflow or underflow as it asks).
        let part = |v: Scaled| if v.d.hi == 0.0 { 0.0 } else { libm::scalbn(round_dd(v.d), v.e) };
        (part(re), part(im))
    }
}

/// The format `double complex` computes in.
#[cfg(target_arch = "x86_64")]
pub(crate) type Wide = crate::ld80::F80;
#[cfg(not(target_arch = "x86_64"))]
pub(crate) type Wide = f64;

/// `double complex`: two doubles, in two SSE (or FP) registers as C passes it.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct C64 {
    pub re: f64,
    pub im: f64,
}

/// `float complex`: two floats, packed in one register's low eight bytes.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct C32 {
    pub re: f32,
    pub im: f32,
}

#[cfg(target_arch = "x86_64")]
fn widen(v: f64) -> Wide {
    crate::ld80::F80::from_f64(v)
}
#[cfg(target_arch = "x86_64")]
fn narrow(v: Wide) -> f64 {
    crate::ld80::cx::narrow(v)
}
#[cfg(not(target_arch = "x86_64"))]
fn widen(v: f64) -> Wide {
    v
}
#[cfg(not(target_arch = "x86_64"))]
fn narrow(v: Wide) -> f64 {
    v
}

/// `f(a)` computed with both units rounding to nearest, the caller's rounding mode back
/// before the parts return: the wide format's intermediates then carry errors of a few of
/// its own ulps in every mode, and only the narrowing rounds in the caller's mode (in a
/// directed mode every intermediate rounding the same way can leave the result an ulp of
/// the narrow format off, cos 2^-1074 · cosh 2^-1074 rounded down being 1 - 2^-53).
/// The flags raised inside stay raised. `black_box` keeps the arithmetic between the
/// mode changes.
///
/// A part that comes out zero or infinite is where the wide format's own range can end
/// (cosh 2^1023 overflows it too) or a zero's sign depends on the mode, so then `f` runs
/// again in the caller's mode, as the narrow format would.
#[cfg(target_arch = "x86_64")]
fn in_nearest<A: Copy, W: Real>(a: A, f: impl Fn(A) -> (W, W)) -> (W, W) {
    use crate::fenv::{get_mxcsr, set_mxcsr, set_x87_control, x87_control};
    use core::hint::black_box;
    let (cw, csr) = (x87_control(), get_mxcsr());
    if cw & RC_X87 == 0 && csr & RC_SSE == 0 {
        return f(a);
    }
    set_x87_control(cw & !RC_X87);
    set_mxcsr(csr & !RC_SSE);
    let r = black_box(f(black_box(a)));
    set_x87_control(cw);
    // MXCSR's flags as they are now, its rounding field as it was.
    set_mxcsr(get_mxcsr() & !RC_SSE | csr & RC_SSE);
    let edge = |v: W| v.zero_p() || v.inf_p();
    if edge(r.0) || edge(r.1) { f(a) } else { r }
}
#[cfg(not(target_arch = "x86_64"))]
fn in_nearest<A, W: Copy>(a: A, f: impl FnOnce(A) -> (W, W)) -> (W, W) {
    f(a)
}
/// A double rounded to float in the current mode, after everything before it (the
/// conversion is kept behind `in_nearest`'s restoring of the mode).
fn narrow_f32(v: f64) -> f32 {
    core::hint::black_box(v) as f32
}
/// The double and float C entry points of the functions of one complex argument.
macro_rules! complex_fns {
    ($($(#[$doc:meta])* $d:ident $f:ident => $g:ident;)*) => {$(
        $(#[$doc])*
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub extern "C" fn $d(z: C64) -> C64 {
            let (re, im) = in_nearest((widen(z.re), widen(z.im)), |(x, y)| $g::<Wide>(x, y));
            C64 { re: narrow(re), im: narrow(im) }
        }
        #[doc = concat!("`", stringify!($f), "`: `", stringify!($d), "` for float, computed in double.")]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub extern "C" fn $f(z: C32) -> C32 {
            let (re, im) = in_nearest((f64::from(z.re), f64::from(z.im)), |(x, y)| $g::<f64>(x, y));
            C32 { re: narrow_f32(re), im: narrow_f32(im) }
        }
    )*};
}

complex_fns! {
    /// `cexp(z)`.
    cexp cexpf => exp;
    /// `clog(z)`.
    clog clogf => log;
    /// `csqrt(z)`.
    csqrt csqrtf => sqrt;
    /// `csin(z)`.
    csin csinf => sin;
    /// `ccos(z)`.
    ccos ccosf => cos;
    /// `ctan(z)`.
    ctan ctanf => tan;
    /// `csinh(z)`.
    csinh csinhf => sinh;
    /// `ccosh(z)`.
    ccosh ccoshf => cosh;
    /// `ctanh(z)`.
    ctanh ctanhf => tanh;
    /// `casin(z)`.
    casin casinf => asin;
    /// `cacos(z)`.
    cacos cacosf => acos;
    /// `catan(z)`.
    catan catanf => atan;
    /// `casinh(z)`.
    casinh casinhf => asinh;
    /// `cacosh(z)`.
    cacosh cacoshf => acosh;
    /// `catanh(z)`.
    catanh catanhf => atanh;
}

/// `cpow`'s |w|·|log z| from which w·log z is exact: the phase's error of about 2^-64 of
/// it then stays below 2^-56 (an eighth of an ulp of double) of the result.
const CPOW_EXACT_FROM: f64 = 256.0;
/// `cpowf`'s: its error of 2^-53 of it below 2^-28.
const CPOWF_EXACT_FROM: f64 = 33_554_432.0;

/// `cpow(z, w)`: cexp(w · clog z).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn cpow(z: C64, w: C64) -> C64 {
    let (re, im) = in_nearest((widen(z.re), widen(z.im), widen(w.re), widen(w.im)), |(x, y, u, v)| pow::<Wide>(x, y, u, v, CPOW_EXACT_FROM));
    C64 { re: narrow(re), im: narrow(im) }
}

/// `cpowf(z, w)`: `cpow` for float, computed in double.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn cpowf(z: C32, w: C32) -> C32 {
    let (re, im) = in_nearest((f64::from(z.re), f64::from(z.im), f64::from(w.re), f64::from(w.im)), |(x, y, u, v)| pow::<f64>(x, y, u, v, CPOWF_EXACT_FROM));
    C32 { re: narrow_f32(re), im: narrow_f32(im) }
}

/// `cproj(z)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn cproj(z: C64) -> C64 {
    let (re, im) = proj(z.re, z.im);
    C64 { re, im }
}

/// `cprojf(z)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn cprojf(z: C32) -> C32 {
    if z.re.is_infinite() || z.im.is_infinite() { C32 { re: f32::INFINITY, im: libm::copysignf(0.0, z.im) } } else { z }
}

/// `cabs(z)`: hypot of the parts.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn cabs(z: C64) -> f64 {
    crate::hypot(z.re, z.im)
}

/// `cabsf(z)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn cabsf(z: C32) -> f32 {
    crate::real::hypotf(z.re, z.im)
}

/// `carg(z)`: atan2 of the parts.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn carg(z: C64) -> f64 {
    crate::atan2(z.im, z.re)
}

/// `cargf(z)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn cargf(z: C32) -> f32 {
    crate::float::atan2f(z.im, z.re)
}

/// `creal(z)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn creal(z: C64) -> f64 {
    z.re
}

/// `crealf(z)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn crealf(z: C32) -> f32 {
    z.re
}

/// `cimag(z)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn cimag(z: C64) -> f64 {
    z.im
}

/// `cimagf(z)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn cimagf(z: C32) -> f32 {
    z.im
}

/// `conj(z)`: the imaginary part negated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn conj(z: C64) -> C64 {
    C64 { re: z.re, im: -z.im }
}

/// `conjf(z)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn conjf(z: C32) -> C32 {
    C32 { re: z.re, im: -z.im }
}
