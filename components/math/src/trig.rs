//! `sin`, `cos`, `tan` and `sincos`. In round-to-nearest they are the `libm` crate's
//! (musl's algorithm: the same bits as musl on every input of the differential test, at
//! its speed); in the directed modes, where the crate's argument reduction goes wrong, they
//! are rounded once from a double-double result, so correctly rounded there (up to the one
//! case in 2^40 or so where the exact value lies within the double-double's error of a
//! rounding boundary).
//!
//! - The argument is reduced exactly: `x·2/π` is formed in integer arithmetic from `x`'s
//!   53-bit significand and a 256-bit window of the bits of 2/π (`trig_tables.rs`, computed
//!   by `tools/trig_constants.py`), which leaves the quadrant and at least 120 significant
//!   bits of the remainder however close `x` is to a multiple of π/2.
//! - sin and cos of the remainder (|r| ≤ π/4) are Taylor series in double-double, the
//!   terms below 2^-53 in plain double.
//! - The work is done in round-to-nearest (the double-double steps are exact only there),
//!   with MXCSR put back as the caller had it, flags included; then the one final addition
//!   `hi + lo` rounds in the caller's mode and raises inexact (and underflow) as it should.
//! - Tiny arguments, where sin x and tan x are x and cos x is 1 to within half an ulp, are
//!   a fused multiply-add that moves the value by less than half an ulp in the right
//!   direction, so directed rounding and the flags come out right there too.
//! - Infinities and NaNs: `x - x`, as musl computes it (the default NaN with invalid for
//!   ±inf, a NaN argument quieted).
use crate::trig_tables::{COS_COEF, PIO2, SIN_COEF, TWO_OVER_PI};
use crate::support::{hi, nudge};
use core::hint::black_box as bb;

/// A double-double: the unevaluated sum `hi + lo`, `|lo| <= ulp(hi)/2`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dd {
    pub hi: f64,
    pub lo: f64,
}

#[inline]
pub(crate) fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let v = s - a;
    (s, (a - (s - v)) + (b - v))
}

#[inline]
pub(crate) fn fast_two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    (s, b - (s - a))
}

/// Veltkamp's split into two 26-bit halves.
#[inline]
fn split(a: f64) -> (f64, f64) {
    let c = 134_217_729.0 * a;
    let h = c - (c - a);
    (h, a - h)
}

/// Dekker's exact product.
#[inline]
pub(crate) fn two_prod(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
}

impl Dd {
    pub(crate) const fn new(hi: f64, lo: f64) -> Dd {
        Dd { hi, lo }
    }

    #[inline]
    pub(crate) fn add(self, y: Dd) -> Dd {
        let (s, e) = two_sum(self.hi, y.hi);
        let (t, f) = two_sum(self.lo, y.lo);
        let (s, e) = fast_two_sum(s, e + t);
        let (s, e) = fast_two_sum(s, e + f);
        Dd::new(s, e)
    }

    #[inline]
    pub(crate) fn mul(self, y: Dd) -> Dd {
        let (p, e) = two_prod(self.hi, y.hi);
        let (p, e) = fast_two_sum(p, e + (self.hi * y.lo + self.lo * y.hi));
        Dd::new(p, e)
    }

    #[inline]
    pub(crate) fn div(self, y: Dd) -> Dd {
        let q1 = self.hi / y.hi;
        let r = self.add(y.mul(Dd::new(-q1, 0.0)));
        let q2 = r.hi / y.hi;
        let r = r.add(y.mul(Dd::new(-q2, 0.0)));
        let q3 = r.hi / y.hi;
        let (q1, q2) = fast_two_sum(q1, q2);
        Dd::new(q1, q2).add(Dd::new(q3, 0.0))
    }

    #[inline]
    pub(crate) fn neg(self) -> Dd {
        Dd::new(-self.hi, -self.lo)
    }
}

/// Runs `f(a)` in round-to-nearest and puts MXCSR back as it was, flags included. The
/// compiler takes floating-point arithmetic for free of side effects and could move it
/// across the MXCSR writes, so the argument and the result pass through `black_box`, which
/// pins the work between them (and the caller's work on the result after them).
#[inline]
pub(crate) fn in_nearest<A, T>(a: A, f: impl FnOnce(A) -> T) -> T {
    nearest_then::<false, A, T>(a, f)
}

/// `in_nearest`, keeping the exception flags `f` raises (for a kernel whose own flags are
/// its result's, run in round-to-nearest for its accuracy).
#[inline]
pub(crate) fn in_nearest_flags<A, T>(a: A, f: impl FnOnce(A) -> T) -> T {
    nearest_then::<true, A, T>(a, f)
}

/// `f(a)` with MXCSR's rounding field at nearest, then MXCSR as it was: its flags too, or
/// (`KEEP`) the union of those and the ones `f` raised.
#[inline]
fn nearest_then<const KEEP: bool, A, T>(a: A, f: impl FnOnce(A) -> T) -> T {
    #[cfg(target_arch = "x86_64")]
    {
        let mut saved: u32 = 0;
        // SAFETY: stores and loads MXCSR through locals; only its rounding bits change.
        unsafe {
            core::arch::asm!("stmxcsr [{}]", in(reg) &raw mut saved, options(nostack, preserves_flags));
            let nearest = saved & !0x6000;
            core::arch::asm!("ldmxcsr [{}]", in(reg) &raw const nearest, options(nostack, preserves_flags));
        }
        let r = bb(f(bb(a)));
        let mut back = saved;
        if KEEP {
            let mut after: u32 = 0;
            // SAFETY: as above.
            unsafe { core::arch::asm!("stmxcsr [{}]", in(reg) &raw mut after, options(nostack, preserves_flags)) };
            back |= after & 0x3f;
        }
        // SAFETY: as above.
        unsafe { core::arch::asm!("ldmxcsr [{}]", in(reg) &raw const back, options(nostack, preserves_flags)) };
        // Through `black_box` again: the caller's arithmetic on the result would otherwise
        // be free to run before the ldmxcsr, in round-to-nearest (ynf's narrowing of an
        // overflowing double did, giving -inf in the upward mode, and lost its flags).
        bb(r)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        f(a)
    }
}

/// The double-double rounded to odd: its high part, moved to the neighbour toward the tail
/// when that is not zero and the last bit is even. A float rounded from this in any mode is
/// the double-double's value rounded once (53 bits hold 24 + 2).
pub(crate) fn round_dd_to_odd(d: Dd) -> f64 {
    let h = d.hi;
    if d.lo == 0.0 || h.to_bits() & 1 == 1 {
        return h;
    }
    let away = (d.lo > 0.0) == (h > 0.0);
    f64::from_bits(if away { h.to_bits() + 1 } else { h.to_bits() - 1 })
}

/// The double-double rounded once, in the caller's rounding mode (after `in_nearest` has
/// put it back: `black_box` keeps the addition there).
#[inline]
pub(crate) fn round_dd(d: Dd) -> f64 {
    if d.lo == 0.0 {
        // The functions here are never exact where they get this far: a zero tail is
        // the last bits of precision running out, not an exact result, so inexact stands.
        crate::support::raise_inexact();
    }
    bb(d.hi) + bb(d.lo)
}

/// 64 bits of a little-endian multi-word integer starting at bit `lo` (bits beyond the
/// ends are 0).
pub(crate) fn bits64(p: &[u64], lo: i32) -> u64 {
    let word = lo.div_euclid(64);
    let off = lo.rem_euclid(64) as u32;
    let at = |i: i32| if (0..p.len() as i32).contains(&i) { p[i as usize] } else { 0 };
    if off == 0 { at(word) } else { (at(word) >> off) | (at(word + 1) << (64 - off)) }
}

/// 64 bits of 2/π starting at bit `i` (1-based) of its expansion.
fn two_over_pi_at(i: i32) -> u64 {
    let p = i - 1;
    let word = (p / 64) as usize;
    let off = (p % 64) as u32;
    let at = |k: usize| TWO_OVER_PI.get(k).copied().unwrap_or(0);
    if off == 0 { at(word) } else { (at(word) << off) | (at(word + 1) >> (64 - off)) }
}

/// Reduces a finite `x` with |x| >= π/4: returns `n` and `r` with x = n·π/2 + r, |r| <=
/// π/4 (a little more in rounding), `r` to about 2^-106 relative.
pub(crate) fn reduce(x: f64) -> (u32, Dd) {
    let b = x.to_bits();
    let be = ((b >> 52) & 0x7ff) as i32;
    let (n, r) = reduce_parts((b & ((1 << 52) - 1)) | (1 << 52), be - 1075);
    if x < 0.0 { (n.wrapping_neg() & 3, r.neg()) } else { (n, r) }
}

/// `reduce` for the magnitude m·2^e (m up to 64 bits, as `long double`'s significand, and
/// e up to 16320: the table holds enough of 2/π for both formats).
pub(crate) fn reduce_parts(m: u64, e: i32) -> (u32, Dd) {
    // Bits of 2/π of weight 2^(e-i) with i <= e-2 make multiples of 4 in m·2^(e-i):
    // the quadrant does not need them.
    let i0 = (e - 1).max(1);
    // W: 256 bits of 2/π from bit i0, as little-endian words.
    let w = [two_over_pi_at(i0 + 192), two_over_pi_at(i0 + 128), two_over_pi_at(i0 + 64), two_over_pi_at(i0)];
    // P = m·W, 309 bits; |x|·2/π = P·2^(e - i0 - 255) (to 2^-200 or so).
    let mut p = [0u64; 5];
    let mut carry: u128 = 0;
    for k in 0..4 {
        let t = u128::from(m) * u128::from(w[k]) + carry;
        p[k] = t as u64;
        carry = t >> 64;
    }
    p[4] = carry as u64;
    let s = i0 + 255 - e; // the number of fraction bits in P
    let mut n = (bits64(&p, s) & 3) as u32;
    let mut f = [bits64(&p, s - 64), bits64(&p, s - 128), bits64(&p, s - 192)];
    let mut negative = false;
    if f[0] >> 63 != 0 {
        // The fraction is at least 1/2: round the quotient up, the remainder is f - 1.
        n = (n + 1) & 3;
        negative = true;
        // 2^192 - f, the magnitude.
        let (a, c0) = (!f[2]).overflowing_add(1);
        let (bw, c1) = (!f[1]).overflowing_add(u64::from(c0));
        let cw = (!f[0]).wrapping_add(u64::from(c1));
        f = [cw, bw, a];
    }
    // Normalize the 192-bit fraction and take 106 bits of it.
    let lz = if f[0] != 0 {
        f[0].leading_zeros()
    } else if f[1] != 0 {
        64 + f[1].leading_zeros()
    } else {
        128 + f[2].leading_zeros()
    };
    let v = [bits64(&[f[2], f[1], f[0]], 128 - lz as i32), bits64(&[f[2], f[1], f[0]], 64 - lz as i32)];
    let hi_int = v[0] >> 11;
    let lo_int = ((v[0] & 0x7ff) << 42) | (v[1] >> 22);
    let scale = |k: u32| f64::from_bits(u64::from(1023 - k) << 52);
    let fr = Dd::new(hi_int as f64 * scale(53 + lz), lo_int as f64 * scale(106 + lz));
    let (fh, fl) = fast_two_sum(fr.hi, fr.lo);
    let mut r = Dd::new(fh, fl).mul(Dd::new(PIO2.0, PIO2.1));
    if negative {
        r = r.neg();
    }
    (n, r)
}

/// Horner's rule over the coefficients in double-double for the first `dd_terms` and in
/// double beyond: Σ c[n] z^n.
fn series(c: &[(f64, f64); 17], z: Dd, dd_terms: usize) -> Dd {
    let mut tail = 0.0;
    for k in (dd_terms..17).rev() {
        tail = tail * z.hi + c[k].0;
    }
    let mut acc = Dd::new(tail, 0.0);
    for k in (0..dd_terms).rev() {
        acc = acc.mul(z).add(Dd::new(c[k].0, c[k].1));
    }
    acc
}

fn sin_kernel(r: Dd) -> Dd {
    let z = r.mul(r);
    series(&SIN_COEF, z, 8).mul(r)
}

fn cos_kernel(r: Dd) -> Dd {
    let z = r.mul(r);
    series(&COS_COEF, z, 9)
}

/// sin and cos of a finite `x` with |x| >= 2^-27, as double-doubles.
pub(crate) fn sin_cos_dd(x: f64) -> (Dd, Dd) {
    let (n, r) = if x.abs() < core::f64::consts::FRAC_PI_4 { (0, Dd::new(x, 0.0)) } else { reduce(x) };
    sin_cos_of(n, r)
}

/// sin and cos of n·π/2 + r (|r| <= π/4 or so).
pub(crate) fn sin_cos_of(n: u32, r: Dd) -> (Dd, Dd) {
    let (s, c) = (sin_kernel(r), cos_kernel(r));
    match n & 3 {
        0 => (s, c),
        1 => (c, s.neg()),
        2 => (s.neg(), c.neg()),
        _ => (c.neg(), s),
    }
}

/// Whether the caller rounds to nearest: there the `libm` crate's kernels (musl's algorithm,
/// bit for bit on the differential test's inputs, at musl's speed) serve; the
/// double-double path is for the directed modes, where the crate's reduction goes wrong.
#[inline]
fn nearest() -> bool {
    crate::support::rounds_to_nearest()
}

/// |x| < 2^-27 (as musl's threshold reads the high word).
fn tiny(x: f64) -> bool {
    hi(x) < 0x3e40_0000
}

/// `sin(x)`—The sine of `x` radians, correctly rounded.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sin(x: f64) -> f64 {
    if !x.is_finite() {
        return bb(x) - bb(x);
    }
    if nearest() {
        return libm::sin(x);
    }
    if tiny(x) {
        return nudge(x, false);
    }
    round_dd(in_nearest(x, |x| sin_cos_dd(x).0))
}

/// `cos(x)`—The cosine of `x` radians, correctly rounded.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn cos(x: f64) -> f64 {
    if !x.is_finite() {
        return bb(x) - bb(x);
    }
    if nearest() {
        return libm::cos(x);
    }
    if tiny(x) {
        // 1 - x²/2 is within half an ulp of 1 and below it: 1 - x² rounds the same way
        // (and, unlike forming x/2, raises no underflow for a subnormal x); exactly 1 for 0.
        return crate::real::fma(-x, x, 1.0);
    }
    round_dd(in_nearest(x, |x| sin_cos_dd(x).1))
}

/// `tan(x)`—The tangent of `x` radians, correctly rounded.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tan(x: f64) -> f64 {
    if !x.is_finite() {
        return bb(x) - bb(x);
    }
    if nearest() {
        return libm::tan(x);
    }
    if tiny(x) {
        return nudge(x, true);
    }
    round_dd(in_nearest(x, |x| {
        let (s, c) = sin_cos_dd(x);
        s.div(c)
    }))
}

/// `sincos(x, s, c)`—Stores `sin(x)` in `*s` and `cos(x)` in `*c` (a GNU extension),
/// reducing the argument once.
///
/// # Safety
/// `s` and `c` must be valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sincos(x: f64, s: *mut f64, c: *mut f64) {
    let (sv, cv) = if !x.is_finite() {
        let n = bb(x) - bb(x);
        (n, n)
    } else if nearest() {
        libm::sincos(x)
    } else if tiny(x) {
        (nudge(x, false), crate::real::fma(-x, x, 1.0))
    } else {
        let (sd, cd) = in_nearest(x, sin_cos_dd);
        (round_dd(sd), round_dd(cd))
    };
    // SAFETY: the caller's pointers.
    unsafe {
        *s = sv;
        *c = cv;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_host_within_half_an_ulp_and_a_bit() {
        let mut rng = crate::support::XorShift(0x5eed_5eed_1234_5678);
        for i in 0..100_000 {
            let st = rng.next();
            let x = match i % 3 {
                0 => f64::from_bits(st & 0x7fff_ffff_ffff_ffff) % 1e6,
                1 => ((st >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 20.0,
                _ => f64::from_bits((st & 0x800f_ffff_ffff_ffff) | (((st >> 52) % 1100) << 52)),
            };
            if !x.is_finite() {
                continue;
            }
            for (got, want) in [(sin(x), x.sin()), (cos(x), x.cos()), (tan(x), x.tan())] {
                assert!(crate::support::ulps(got, want) <= 1, "at {x:e} ({:#x}): {got:e} vs {want:e}", x.to_bits());
            }
        }
    }

    #[test]
    fn exact_points_and_huge_arguments() {
        assert_eq!(sin(0.0).to_bits(), 0);
        assert_eq!(sin(-0.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(cos(0.0), 1.0);
        assert!(sin(f64::INFINITY).is_nan());
        // sin(1e22) = -0.8522008497671888..., a classic test of the reduction.
        assert_eq!(sin(1e22), -0.852_200_849_767_188_8);
        assert_eq!(cos(f64::MAX), -0.999_987_689_426_559_9);
        let (mut s, mut c) = (0.0, 0.0);
        unsafe { sincos(1.0, &mut s, &mut c) };
        assert_eq!((s, c), (sin(1.0), cos(1.0)));
    }
}
