//! cpow's w·log z where the working format cannot place it: log z in fixed point to as
//! many bits as w's size asks for, and the phase reduced modulo 2π exactly.
//!
//! With w = u + iv, L = ln|z| and A = arg z, w·log z = ρ + iθ, ρ = uL - vA, θ = uA + vL.
//! A part of w of 2^E times L or A places θ modulo 2π (and ρ) to 2^-100 only when L and A
//! are known to E + 110 bits: the numbers here are fixed point, in 64-bit limbs, one of
//! them integral and as many fractional ones as that needs (up to 264: w below 2^16384;
//! `cpow_tables` and `trig_tables` hold π, ln 2 and 2/π that far).
//! - L = e ln 2 + ½ ln Q for |z|² = Q·2^2e, Q in [1, 8) formed exactly (to the precision);
//!   ln s for s = Q/2^j in [0.7, 1.42] is ln c + ln(1 + δ), c = C/2^30 the nearest 30-bit
//!   value: ln c = 2 atanh((C - 2^30)/(C + 2^30)) by its series in integers, and
//!   δ = D/C, D = s·2^30 - C (as short as s), by the series of ln(1 + δ) (|δ| < 2^-30).
//! - A: the octant, then rotations of (|x|, |y|) by -atan(j/2^k) (j of 25 bits, each atan
//!   by its series in integers) that leave an angle below 2^-k, until it is below the
//!   precision.
//! - θ in turns: A/(2π) and L/(2π) (2/π's bits over 4), times the significand of u or v,
//!   and the 192 bits below the point after the exponent's shift, so the whole turns drop
//!   out; a term below 2^-8 of a turn keeps its own relative precision instead, so a phase
//!   left near a multiple of π/2 (i^(4k + 2^-1000 i)) keeps its bits.
//! - ρ: the two products aligned and added exactly over as many limbs as they need, so that
//!   cancellation leaves the right bits; past 2^16 only its sign matters.
use crate::cpow_tables::{LN2_FRAC, PI_FRAC};
use crate::trig::Dd;
use crate::trig_tables::{PIO2, TWO_OVER_PI};

/// The most limbs a number has: the integral one and the tables' 264 fractional ones.
const MAXL: usize = 265;
/// The smaller sizes of the numbers, so that the usual cases keep to a little stack: 8
/// limbs serve w below 2^275, 24 below 2^1235 (every `double` and `float`).
const SMALL: usize = 8;
const MEDIUM: usize = 24;

/// The accuracy θ and ρ are computed to (2^-100), plus the guard bits the truncations
/// of the series and products use up.
const TARGET_BITS: i32 = 110;

/// A finite value as its sign, its significand with the top bit set (0 for zero) and the
/// exponent of that top bit: ±m·2^(e-63).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Parts {
    pub neg: bool,
    pub m: u64,
    pub e: i32,
}

impl Parts {
    /// Orders by magnitude (zeros first).
    fn below(self, o: Parts) -> bool {
        if self.m == 0 || o.m == 0 {
            return self.m == 0 && o.m != 0;
        }
        (self.e, self.m) < (o.e, o.m)
    }
}

/// Re(w·log z): its value, or its sign where it is beyond ±2^16 (where every format's
/// exponential has overflowed or underflowed).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Rho {
    Value(Dd),
    Huge { neg: bool },
}

/// A value d·2^e (d 0 for zero): θ's remainder can be far below a double's range.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scaled {
    pub d: Dd,
    pub e: i32,
}

impl Scaled {
    const ZERO: Scaled = Scaled { d: Dd::new(0.0, 0.0), e: 0 };

    /// d in [1, 2) (or 0).
    fn normal(self) -> Scaled {
        if self.d.hi == 0.0 {
            return Scaled::ZERO;
        }
        let k = libm::ilogb(self.d.hi);
        Scaled { d: scale_dd(self.d, -k), e: self.e + k }
    }

    fn add(self, o: Scaled) -> Scaled {
        let (a, b) = if self.d.hi == 0.0 || (o.d.hi != 0.0 && o.e > self.e) { (o, self) } else { (self, o) };
        if b.d.hi == 0.0 || a.e - b.e > 300 {
            return a;
        }
        Scaled { d: a.d.add(scale_dd(b.d, b.e - a.e)), e: a.e }.normal()
    }
}

/// d·2^k, exactly while the parts stay normal.
fn scale_dd(d: Dd, k: i32) -> Dd {
    Dd::new(libm::scalbn(d.hi, k), libm::scalbn(d.lo, k))
}

/// w·log z = ρ + iθ, θ ≡ nπ/2 + r (mod 2π) with |r| <= π/4 or a little more.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WLogZ {
    pub rho: Rho,
    pub n: u32,
    pub r: Scaled,
}

/// A fixed-point number of up to L limbs: limb 0 is the integral part (two's complement
/// where a value is signed), limb i the i-th 64 bits after the point; the functions use the
/// first `n`.
#[derive(Clone, Copy)]
struct Fix<const L: usize>([u64; L]);

/// (hi·2^64 + lo)/d and the remainder, for hi < d.
#[cfg(target_arch = "x86_64")]
#[inline]
fn div_step(hi: u64, lo: u64, d: u64) -> (u64, u64) {
    let (q, r);
    // SAFETY: div divides rdx:rax by d; hi < d keeps the quotient within 64 bits.
    unsafe {
        core::arch::asm!("div {d}", d = in(reg) d, inout("rax") lo => q, inout("rdx") hi => r,
            options(pure, nomem, nostack))
    };
    (q, r)
}
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn div_step(hi: u64, lo: u64, d: u64) -> (u64, u64) {
    let n = u128::from(hi) << 64 | u128::from(lo);
    ((n / u128::from(d)) as u64, (n % u128::from(d)) as u64)
}

impl<const L: usize> Fix<L> {
    const ZERO: Self = Fix([0; L]);

    fn int(v: u64) -> Self {
        let mut f = Self::ZERO;
        f.0[0] = v;
        f
    }

    /// `i` plus a table's fraction.
    fn table(i: u64, frac: &[u64; 264], n: usize) -> Self {
        let mut f = Self::int(i);
        f.0[1..n].copy_from_slice(&frac[..n - 1]);
        f
    }

    /// A significand with its top bit as the units: m·2^-63, in [1, 2).
    fn sig(m: u64) -> Self {
        let mut f = Self::int(m >> 63);
        f.0[1] = m << 1;
        f
    }

    fn is_zero(&self, n: usize) -> bool {
        self.0[..n].iter().all(|&d| d == 0)
    }

    fn negative(&self) -> bool {
        self.0[0] >> 63 != 0
    }

    fn add(&mut self, o: &Self, n: usize) {
        let mut c = false;
        for i in (0..n).rev() {
            let (s, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s, c2) = s.overflowing_add(u64::from(c));
            self.0[i] = s;
            c = c1 || c2;
        }
    }

    fn sub(&mut self, o: &Self, n: usize) {
        let mut b = false;
        for i in (0..n).rev() {
            let (s, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (s, b2) = s.overflowing_sub(u64::from(b));
            self.0[i] = s;
            b = b1 || b2;
        }
    }

    /// self += o or self -= o.
    fn add_signed(&mut self, o: &Self, minus: bool, n: usize) {
        if minus { self.sub(o, n) } else { self.add(o, n) }
    }

    fn negate(&mut self, n: usize) {
        let mut c = true;
        for i in (0..n).rev() {
            let (s, c1) = (!self.0[i]).overflowing_add(u64::from(c));
            self.0[i] = s;
            c = c1;
        }
    }

    /// |self| and whether it was negative.
    fn abs(mut self, n: usize) -> (Self, bool) {
        let neg = self.negative();
        if neg {
            self.negate(n);
        }
        (self, neg)
    }

    /// self·m for self >= 0; returns what carries out of the integral limb.
    fn mul_small(&mut self, m: u64, n: usize) -> u64 {
        let mut c = 0u64;
        for i in (0..n).rev() {
            let p = u128::from(self.0[i]) * u128::from(m) + u128::from(c);
            self.0[i] = p as u64;
            c = (p >> 64) as u64;
        }
        c
    }

    /// self/m for self >= 0, truncated.
    fn div_small(&mut self, m: u64, n: usize) {
        let mut r = 0u64;
        for i in 0..n {
            let (q, rem) = div_step(r, self.0[i], m);
            self.0[i] = q;
            r = rem;
        }
    }

    /// self/m into `out`, as `div_small`.
    fn div_into(&self, m: u64, out: &mut Self, n: usize) {
        let mut r = 0u64;
        for i in 0..n {
            let (q, rem) = div_step(r, self.0[i], m);
            out.0[i] = q;
            r = rem;
        }
    }

    /// self·2^-k for self >= 0, truncated.
    fn shr(&mut self, k: u32, n: usize) {
        let (w, b) = ((k / 64) as usize, k % 64);
        for i in (0..n).rev() {
            let at = |j: usize| if j < n { self.0[j] } else { 0 };
            let lo = if i >= w { at(i - w) >> b } else { 0 };
            let hi = if b != 0 && i > w { at(i - w - 1) << (64 - b) } else { 0 };
            self.0[i] = lo | hi;
        }
    }

    /// self·2^k, k < 64, for a value that stays below 2^64.
    fn shl(&mut self, k: u32, n: usize) {
        if k == 0 {
            return;
        }
        for i in 0..n {
            let next = if i + 1 < n { self.0[i + 1] } else { 0 };
            self.0[i] = self.0[i] << k | next >> (64 - k);
        }
    }

    /// self·o for self, o >= 0 with a product below 2^64, truncated (to a few units of the
    /// last limb). `o`'s zero limbs cost nothing: a short `o` makes it a short product.
    fn mul(&self, o: &Self, n: usize) -> Self {
        let mut r = [0u64; L];
        // The limb below the last (n), kept for its carries.
        let mut guard = 0u64;
        for j in 0..n {
            let oj = o.0[j];
            if oj == 0 {
                continue;
            }
            // Limb i of self times limb j of o lands in limb i + j.
            let mut c = 0u64;
            if j >= 1 {
                let p = u128::from(self.0[n - j]) * u128::from(oj) + u128::from(guard);
                guard = p as u64;
                c = (p >> 64) as u64;
            }
            for i in (0..n - j).rev() {
                let p = u128::from(self.0[i]) * u128::from(oj) + u128::from(r[i + j]) + u128::from(c);
                r[i + j] = p as u64;
                c = (p >> 64) as u64;
            }
            let mut k = j;
            while c != 0 && k > 0 {
                k -= 1;
                let (s, o) = r[k].overflowing_add(c);
                r[k] = s;
                c = u64::from(o);
            }
        }
        let mut f = Self::ZERO;
        f.0[..n].copy_from_slice(&r[..n]);
        f
    }

    /// An approximation of self >= 0 (to about 2^-60 relative), as a double and an
    /// exponent: self ≈ d·2^k.
    fn approx(&self, n: usize) -> (f64, i32) {
        match self.0[..n].iter().position(|&d| d != 0) {
            None => (0.0, 0),
            Some(i) => {
                let next = if i + 1 < n { self.0[i + 1] } else { 0 };
                (self.0[i] as f64 + next as f64 * (1.0 / 18_446_744_073_709_551_616.0), -64 * i as i32)
            }
        }
    }
}

/// Limbs read by index, 0 outside them: limb i of weight 2^(64(top - i)).
trait Limbs {
    fn top(&self) -> i32;
    fn at(&self, i: i32) -> u64;
    /// The index of the first nonzero limb.
    fn first(&self) -> Option<i32>;
}

impl Limbs for [u64] {
    /// A fraction: limb 0 holds the first 64 bits after the point.
    fn top(&self) -> i32 {
        -1
    }
    fn at(&self, i: i32) -> u64 {
        if i >= 0 && (i as usize) < self.len() { self[i as usize] } else { 0 }
    }
    fn first(&self) -> Option<i32> {
        self.iter().position(|&d| d != 0).map(|i| i as i32)
    }
}

/// A product f·m: the carry out of f's integral limb (limb 0, of weight 2^64), then f's
/// first n limbs.
struct Prod<const L: usize> {
    carry: u64,
    f: Fix<L>,
    n: usize,
}

impl<const L: usize> Limbs for Prod<L> {
    fn top(&self) -> i32 {
        1
    }
    fn at(&self, i: i32) -> u64 {
        match i {
            0 => self.carry,
            _ if i >= 1 && i as usize <= self.n => self.f.0[i as usize - 1],
            _ => 0,
        }
    }
    fn first(&self) -> Option<i32> {
        if self.carry != 0 { Some(0) } else { Limbs::first(&self.f.0[..self.n]).map(|i| i + 1) }
    }
}

/// floor(V/2^w) mod 2^64 for the limbs' value V.
fn get64(v: &(impl Limbs + ?Sized), w: i32) -> u64 {
    let (a, b) = (w.div_euclid(64), w.rem_euclid(64) as u32);
    let i = v.top() - a;
    let lo = v.at(i) >> b;
    let hi = if b == 0 { 0 } else { v.at(i - 1) << (64 - b) };
    lo | hi
}

/// The exponent of the top bit of the limbs' value, if it is nonzero.
fn top_bit(v: &(impl Limbs + ?Sized)) -> Option<i32> {
    let i = v.first()?;
    Some(64 * (v.top() - i) + 63 - v.at(i).leading_zeros() as i32)
}

/// |f|·m.
fn times<const L: usize>(f: &Fix<L>, m: u64, n: usize) -> Prod<L> {
    let mut p = *f;
    let carry = p.mul_small(m, n);
    Prod { carry, f: p, n }
}

/// Σ s^k t^(2k+1)/(2k+1) for t = p/q, s = 1 (atanh) or -1 (atan), p < q: the terms in
/// integers, t² = p²/q² (a shift where q is 2^`q_log2`, else p² and q² below 2^64).
fn arctan_series<const L: usize>(p: u64, q: u64, q_log2: Option<u32>, hyperbolic: bool, n: usize) -> Fix<L> {
    let mut t = Fix::<L>::int(p);
    match q_log2 {
        Some(k) => t.shr(k, n),
        None => t.div_small(q, n),
    }
    let mut sum = t;
    let mut term = Fix::ZERO;
    let mut k = 0u64;
    loop {
        t.mul_small(p * p, n);
        match q_log2 {
            Some(s) => t.shr(2 * s, n),
            None => t.div_small(q * q, n),
        }
        if t.is_zero(n) {
            return sum;
        }
        k += 1;
        t.div_into(2 * k + 1, &mut term, n);
        sum.add_signed(&term, !hyperbolic && k % 2 == 1, n);
    }
}

/// ln s for s in [0.7, 1.42] (signed).
fn ln_unit<const L: usize>(s: &Fix<L>, n: usize) -> Fix<L> {
    const ONE: u64 = 1 << 30;
    // c = C/2^30, the nearest.
    let c = (s.0[0] << 30 | s.0[1] >> 34) + (s.0[1] >> 33 & 1);
    let (p, below) = if c >= ONE { (c - ONE, false) } else { (ONE - c, true) };
    let mut l = arctan_series::<L>(p, c + ONE, None, true, n);
    l.mul_small(2, n);
    if below {
        l.negate(n);
    }
    // D = s·2^30 - C, |D| <= 1/2; ln(1 + D/C) = Σ (-1)^(k+1) (D/C)^k / k.
    let mut d = *s;
    d.shl(30, n);
    d.0[0] = d.0[0].wrapping_sub(c);
    let (d, d_neg) = d.abs(n);
    let mut t = d;
    t.div_small(c, n);
    let mut sum = t;
    let mut term = Fix::ZERO;
    let mut k = 1u64;
    loop {
        t = t.mul(&d, n);
        t.div_small(c, n);
        if t.is_zero(n) {
            break;
        }
        k += 1;
        t.div_into(k, &mut term, n);
        // With δ < 0 every term is negative: the sum of |δ|^k/k is negated at the end.
        sum.add_signed(&term, !d_neg && k.is_multiple_of(2), n);
    }
    if d_neg {
        sum.negate(n);
    }
    l.add(&sum, n);
    l
}

/// ln |x + iy| (signed), z nonzero.
fn ln_abs<const L: usize>(x: Parts, y: Parts, n: usize) -> Fix<L> {
    let (a, b) = if x.below(y) { (y, x) } else { (x, y) };
    let ma = Fix::<L>::sig(a.m);
    let mut q = ma.mul(&ma, n);
    if b.m != 0 {
        let g = 2 * (a.e - b.e) as u32;
        if (g as usize) < 64 * n {
            let mb = Fix::<L>::sig(b.m);
            let mut t = mb.mul(&mb, n);
            t.shr(g, n);
            q.add(&t, n);
        }
    }
    // Q in [1, 8) = 2^j·s, s in [0.7, 1.42].
    let (qa, _) = q.approx(n);
    use core::f64::consts::SQRT_2;
    let j = if qa < SQRT_2 {
        0
    } else if qa < 2.0 * SQRT_2 {
        1
    } else if qa < 4.0 * SQRT_2 {
        2
    } else {
        3
    };
    q.shr(j, n);
    let mut l = ln_unit(&q, n);
    // + (2e + j) ln 2, and the whole halved.
    let k = 2 * i64::from(a.e) + i64::from(j);
    let mut t = Fix::<L>::table(0, &LN2_FRAC, n);
    t.mul_small(k.unsigned_abs(), n);
    l.add_signed(&t, k < 0, n);
    let neg = l.negative();
    l.shr(1, n);
    if neg {
        l.0[0] |= 1 << 63;
    }
    l
}

/// atan(t) for 0 < t = b/a <= 1 (a, b the magnitudes of two nonzero values).
fn atan_ratio<const L: usize>(b: Parts, a: Parts, n: usize) -> Fix<L> {
    let pi = Fix::<L>::table(3, &PI_FRAC, n);
    let mut fa = Fix::<L>::sig(a.m);
    let mut fb = Fix::<L>::sig(b.m);
    fb.shr(((a.e - b.e) as u32).min(64 * L as u32), n);
    let mut acc = Fix::<L>::ZERO;
    // t = b/a ≈ d·2^k (d = 0 for b = 0).
    let ratio = |fa: &Fix<L>, fb: &Fix<L>| {
        let (bm, bneg) = fb.abs(n);
        let ((ad, ak), (bd, bk)) = (fa.approx(n), bm.approx(n));
        let d = bd / ad;
        (if bneg { -d } else { d }, bk - ak)
    };
    // Above 0.4, the angle less π/4: (a + b, b - a).
    let (d, k) = ratio(&fa, &fb);
    if k >= -64 && d * crate::explog::pow2(k) > 0.4 {
        let d = fb;
        fb.sub(&fa, n);
        fa.add(&d, n);
        acc = pi;
        acc.shr(2, n);
    }
    // Each rotation by -atan(j/2^k), j the angle's 24 or 25 leading bits, leaves it below
    // 2^-k.
    let mut term;
    loop {
        let (d, e) = ratio(&fa, &fb);
        if d == 0.0 {
            return acc;
        }
        // j = t·2^k in [2^23, 2^24], from d's own exponent.
        let l = libm::ilogb(d);
        let k = 23 - l - e;
        // An angle below 2^-8 of the last limb is what the truncations leave.
        if k > 64 * (n as i32 - 1) + 15 {
            return acc;
        }
        let j = libm::round(d * crate::explog::pow2(23 - l)) as i64;
        let (jm, jneg) = (j.unsigned_abs(), j < 0);
        // (a, b) ← (a + b·j/2^k, b - a·j/2^k).
        let (bm, bneg) = fb.abs(n);
        let mut bj = bm;
        bj.mul_small(jm, n);
        bj.shr(k as u32, n);
        let mut aj = fa;
        aj.mul_small(jm, n);
        aj.shr(k as u32, n);
        fa.add_signed(&bj, bneg != jneg, n);
        fb.add_signed(&aj, !jneg, n);
        term = arctan_series(jm, 0, Some(k as u32), false, n);
        acc.add_signed(&term, jneg, n);
    }
}

/// arg(x + iy) in radians and in turns (signed), z nonzero.
fn arg<const L: usize>(x: Parts, y: Parts, n: usize) -> (Fix<L>, Fix<L>) {
    let pi = Fix::<L>::table(3, &PI_FRAC, n);
    let (mut a, mut turns) = (Fix::<L>::ZERO, Fix::<L>::ZERO);
    if y.m == 0 {
        if x.neg {
            // ±π, half a turn.
            a = pi;
            turns.0[1] = 1 << 63;
        }
    } else if x.m == 0 {
        a = pi;
        a.shr(1, n);
        turns.0[1] = 1 << 62;
    } else {
        a = if y.below(x) || (y.e, y.m) == (x.e, x.m) {
            atan_ratio(y, x, n)
        } else {
            let mut h = pi;
            h.shr(1, n);
            h.sub(&atan_ratio(x, y, n), n);
            h
        };
        if x.neg {
            let t = a;
            a = pi;
            a.sub(&t, n);
        }
        let mut inv = Fix::<L>::table(0, &TWO_OVER_PI, n);
        inv.shr(2, n);
        turns = a.mul(&inv, n);
    }
    if y.neg {
        a.negate(n);
        turns.negate(n);
    }
    (a, turns)
}

/// The nonnegative value of `bits` times 2^shift as a scaled double-double, from its top
/// 128 bits.
fn scaled_of(bits: &(impl Limbs + ?Sized), shift: i32, neg: bool) -> Scaled {
    // The top bit's weight, before the shift.
    let Some(t) = top_bit(bits) else {
        return Scaled::ZERO;
    };
    let m = u128::from(get64(bits, t - 63)) << 64 | u128::from(get64(bits, t - 127));
    // m·2^(t - 127): its top 53 bits and the next 75 as two doubles of [1, 2) scale.
    const TWO_M52: f64 = 1.0 / 4_503_599_627_370_496.0;
    // Through u64 (a u128's conversion would need the compiler's runtime helper): the low
    // 75 bits as their top 53 and last 22, exact apart from the sum's one rounding.
    let hi = ((m >> 75) as u64) as f64 * TWO_M52;
    let low = (((m >> 22) as u64 & ((1 << 53) - 1)) as f64 * 4_194_304.0 + (m as u64 & ((1 << 22) - 1)) as f64)
        * (1.0 / 37_778_931_862_957_161_709_568.0);
    let lo = low * TWO_M52;
    let d = Dd::new(hi, lo);
    Scaled { d: if neg { d.neg() } else { d }, e: t + shift }
}

/// Adds f·p, in turns, to θ/2π: into the 192 bits below the point `big` (wrapping, so whole
/// turns drop out) where it is 2^-8 or more, else into `small`, which keeps its relative
/// precision however small it is.
fn add_turns<const L: usize>(f: &Fix<L>, p: Parts, n: usize, big: &mut [u64; 3], small: &mut Scaled) {
    if p.m == 0 {
        return;
    }
    let (m, neg) = f.abs(n);
    let prod = times(&m, p.m, n);
    let s = p.e - 63;
    let Some(t) = top_bit(&prod) else {
        return;
    };
    if t + s < -8 {
        *small = small.add(scaled_of(&prod, s, neg != p.neg));
        return;
    }
    let mut w = Fix::<3>::ZERO;
    for (j, d) in w.0.iter_mut().enumerate() {
        *d = get64(&prod, -64 * (j as i32 + 1) - s);
    }
    if neg != p.neg {
        w.negate(3);
    }
    let mut acc = Fix::<3>::ZERO;
    acc.0[..3].copy_from_slice(big);
    acc.add(&w, 3);
    big.copy_from_slice(&acc.0[..3]);
}

/// One term of ρ, f·p (negated for `minus`): its magnitude's limbs, shift and sign.
struct Term<const L: usize> {
    prod: Prod<L>,
    shift: i32,
    neg: bool,
    top: Option<i32>,
}

fn term<const L: usize>(f: &Fix<L>, p: Parts, minus: bool, n: usize) -> Term<L> {
    let (m, neg) = f.abs(n);
    let prod = times(&m, p.m, if p.m == 0 { 0 } else { n });
    let shift = p.e - 63;
    Term { top: top_bit(&prod).map(|t| t + shift), prod, shift, neg: (neg != p.neg) != minus }
}

/// ρ = t1 + t2.
fn rho<const L: usize>(t1: &Term<L>, t2: &Term<L>) -> Rho {
    const HUGE: i32 = 16;
    let k = match (t1.top, t2.top) {
        (None, None) => return Rho::Value(Dd::new(0.0, 0.0)),
        (Some(a), None) | (None, Some(a)) => a,
        (Some(a), Some(b)) => a.max(b),
    };
    // One term at least twice the other: |ρ| >= 2^(k-1).
    let lone = |a: &Term<L>, b: &Term<L>| a.top == Some(k) && b.top.is_none_or(|t| t <= k - 2);
    for (a, b) in [(t1, t2), (t2, t1)] {
        if lone(a, b) && k > HUGE {
            return Rho::Huge { neg: a.neg };
        }
    }
    // Both aligned over limbs from 2^-128 up to 2^(64·int): exact (to 2^-128), so the
    // integral parts cancel as they do.
    let int = (k.max(0) + 2) as usize / 64 + 1;
    let w = int + 2;
    let mut sum = Fix::<L>::ZERO;
    for t in [t1, t2] {
        let mut f = Fix::<L>::ZERO;
        for (j, d) in f.0[..w].iter_mut().enumerate() {
            *d = get64(&t.prod, 64 * (int as i32 - 1 - j as i32) - t.shift);
        }
        if t.neg {
            f.negate(w);
        }
        sum.add(&f, w);
    }
    let (m, neg) = sum.abs(w);
    if m.0[..int - 1].iter().any(|&d| d != 0) || m.0[int - 1] >> HUGE != 0 {
        return Rho::Huge { neg };
    }
    let (i, f1, f2) = (m.0[int - 1], m.0[int], m.0[int + 1]);
    const TWO_M64: f64 = 1.0 / 18_446_744_073_709_551_616.0;
    let v = Dd::new(i as f64, 0.0)
        .add(Dd::new((f1 & !0x7ff) as f64 * TWO_M64, (f1 & 0x7ff) as f64 * TWO_M64))
        .add(Dd::new(f2 as f64 * TWO_M64 * TWO_M64, 0.0));
    Rho::Value(if neg { v.neg() } else { v })
}

/// sin θ and cos θ for `w`'s θ.
pub(crate) fn sin_cos(w: &WLogZ) -> (Scaled, Scaled) {
    let one = Scaled { d: Dd::new(1.0, 0.0), e: 0 };
    let (s, c) = if w.r.d.hi == 0.0 {
        (Scaled::ZERO, one)
    } else if w.r.e < -60 {
        // sin r = r and cos r = 1 to far below the last bit.
        (w.r, one)
    } else {
        let (s, c) = crate::trig::sin_cos_of(0, scale_dd(w.r.d, w.r.e));
        (Scaled { d: s, e: 0 }, Scaled { d: c, e: 0 })
    };
    let neg = |v: Scaled| Scaled { d: v.d.neg(), e: v.e };
    match w.n & 3 {
        0 => (s, c),
        1 => (c, neg(s)),
        2 => (neg(s), neg(c)),
        _ => (neg(c), s),
    }
}

/// e^ρ·(cos θ, sin θ) for `w`'s ρ + iθ, as scaled double-doubles: e^ρ from `exp` (m·2^k,
/// for |ρ| below `limit`) of ρ/2^j, squared j times; past 2^16, as 2^±2^18, beyond every
/// format's range whatever the sine or cosine it multiplies. Runs in round-to-nearest.
pub(crate) fn polar_parts(w: &WLogZ, exp: fn(Dd) -> (Dd, i32), limit: f64) -> (Scaled, Scaled) {
    const SATURATED: i32 = 1 << 18;
    let (s, c) = sin_cos(w);
    let (m, k) = match w.rho {
        Rho::Huge { neg } => (Dd::new(1.0, 0.0), if neg { -SATURATED } else { SATURATED }),
        Rho::Value(r) => {
            let mut j = 0;
            while r.hi.abs() >= limit * crate::explog::pow2(j) {
                j += 1;
            }
            let (mut m, mut k) = exp(scale_dd(r, -j));
            for _ in 0..j {
                m = m.mul(m);
                k *= 2;
            }
            (m, k)
        }
    };
    (Scaled { d: m.mul(c.d), e: k + c.e }, Scaled { d: m.mul(s.d), e: k + s.e })
}

/// w·log z for finite z ≠ 0 and w ≠ 0. Runs in round-to-nearest (its double-doubles).
pub(crate) fn w_log_z(x: Parts, y: Parts, u: Parts, v: Parts) -> WLogZ {
    let e = [u, v].iter().filter(|p| p.m != 0).map(|p| p.e).max().unwrap_or(0);
    let n = (((e.max(0) + TARGET_BITS + 63) / 64 + 2) as usize).min(MAXL);
    if n <= SMALL {
        w_log_z_in::<SMALL>(x, y, u, v, n)
    } else if n <= MEDIUM {
        w_log_z_in::<MEDIUM>(x, y, u, v, n)
    } else {
        w_log_z_in::<MAXL>(x, y, u, v, n)
    }
}

/// `w_log_z` in numbers of n limbs, n <= L.
fn w_log_z_in<const L: usize>(x: Parts, y: Parts, u: Parts, v: Parts, n: usize) -> WLogZ {
    let l = ln_abs::<L>(x, y, n);
    let (a, a_turns) = arg::<L>(x, y, n);
    let mut inv = Fix::<L>::table(0, &TWO_OVER_PI, n);
    inv.shr(2, n);
    let (lm, lneg) = l.abs(n);
    let mut l_turns = lm.mul(&inv, n);
    if lneg {
        l_turns.negate(n);
    }
    // θ/2π modulo 1, to the nearest quarter turn and the rest.
    let (mut big, mut small) = ([0u64; 3], Scaled::ZERO);
    add_turns(&a_turns, u, n, &mut big, &mut small);
    add_turns(&l_turns, v, n, &mut big, &mut small);
    let approx = big[0] as f64 * (1.0 / 18_446_744_073_709_551_616.0) + small.d.hi * crate::explog::pow2(small.e.max(-1074));
    let q = (libm::round(approx * 4.0) as i64).rem_euclid(4) as u64;
    let mut f = Fix(big);
    f.0[0] = f.0[0].wrapping_sub(q << 62);
    let (fm, fneg) = f.abs(3);
    let turns = scaled_of(&fm.0[..], 0, fneg).add(small);
    // 2π·r in turns.
    let r = Scaled { d: turns.d.mul(Dd::new(4.0 * PIO2.0, 4.0 * PIO2.1)), e: turns.e }.normal();
    let rho = rho(&term(&l, u, false, n), &term(&a, v, true, n));
    WLogZ { rho, n: q as u32, r }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(v: f64) -> Parts {
        if v == 0.0 {
            return Parts { neg: v.is_sign_negative(), m: 0, e: 0 };
        }
        let e = libm::ilogb(v);
        let m = (libm::scalbn(v.abs(), 63 - e)) as u64;
        Parts { neg: v < 0.0, m, e }
    }

    fn value<const L: usize>(f: &Fix<L>, n: usize) -> f64 {
        let (m, neg) = f.abs(n);
        let v = m.0[0] as f64 + m.0[1] as f64 / 18_446_744_073_709_551_616.0;
        if neg { -v } else { v }
    }

    fn check<const L: usize>(x: f64, y: f64, n: usize) {
        let l = value(&ln_abs::<L>(parts(x), parts(y), n), n);
        let want = libm::log(libm::hypot(x, y));
        assert!((l - want).abs() <= 1e-15 * want.abs().max(1.0), "ln |{x} + i{y}| = {l}, not {want}");
        let (a, t) = arg::<L>(parts(x), parts(y), n);
        let want = libm::atan2(y, x);
        assert!((value(&a, n) - want).abs() <= 1e-15, "arg({x} + i{y}) = {}, not {want}", value(&a, n));
        assert!((value(&t, n) * 2.0 * core::f64::consts::PI - want).abs() <= 1e-15);
    }

    #[test]
    fn logarithms_and_arguments() {
        for &(x, y) in &[(3.0, 4.0), (0.0, 2.0), (-1.5, 0.25), (1e-300, -7.0), (5.0, 0.0), (-2.0, -2.0), (1.0, 1e-9)] {
            check::<SMALL>(x, y, 3);
            check::<MEDIUM>(x, y, 20);
            check::<MAXL>(x, y, MAXL);
        }
    }

    /// θ as a double in (-π, π].
    fn theta(w: &WLogZ) -> f64 {
        let r = if w.r.d.hi == 0.0 { 0.0 } else { libm::scalbn(w.r.d.hi, w.r.e) };
        let t = f64::from(w.n) * core::f64::consts::FRAC_PI_2 + r;
        if t > core::f64::consts::PI { t - 2.0 * core::f64::consts::PI } else { t }
    }

    fn rho(w: &WLogZ) -> Option<f64> {
        match w.rho {
            Rho::Value(r) => Some(r.hi),
            Rho::Huge { .. } => None,
        }
    }

    #[test]
    fn the_phase_of_small_and_huge_exponents() {
        // 2^i = cis(ln 2).
        let w = w_log_z(parts(2.0), parts(0.0), parts(0.0), parts(1.0));
        assert!((theta(&w) - core::f64::consts::LN_2).abs() < 1e-15 && rho(&w) == Some(0.0));
        // i^u = cis(uπ/2): whole quarter turns exactly.
        for (u, n) in [(5.0, 1), (3.0 * 2f64.powi(68), 0), (2f64.powi(1000) + 2f64.powi(948), 0), (-7.0, 1)] {
            let w = w_log_z(parts(0.0), parts(1.0), parts(u), parts(0.0));
            assert_eq!((w.n, w.r.d.hi), (n, 0.0), "i^{u}");
        }
        // (-i)^(iv) = e^(vπ/2); i^(i·10^30) underflows whatever the format.
        let w = w_log_z(parts(0.0), parts(-1.0), parts(0.0), parts(2.0));
        assert!((rho(&w).unwrap() - core::f64::consts::PI).abs() < 1e-15);
        let w = w_log_z(parts(0.0), parts(1.0), parts(0.0), parts(1e30));
        assert!(matches!(w.rho, Rho::Huge { neg: true }));
        // 2^(i·2^k) = cis(2^k ln 2): each phase twice the one before, modulo 2π, as far as
        // the exponents go (the bits of ln 2 and 1/2π far below the point).
        let mut prev = core::f64::consts::LN_2;
        for k in 1..1023 {
            let w = w_log_z(parts(2.0), parts(0.0), parts(0.0), parts(2f64.powi(k)));
            let t = theta(&w);
            let d = libm::remainder(t - 2.0 * prev, 2.0 * core::f64::consts::PI);
            assert!(d.abs() < 1e-14, "2^(i·2^{k}): {t} is not twice {prev}");
            prev = t;
        }
        // A phase left over below the whole turns: i^(u + i·2^-1074·…) with u a multiple of
        // 4, times a z whose log is ln 3 + iπ/2: θ = v ln 3, kept to its own precision.
        let w = w_log_z(parts(0.0), parts(3.0), parts(2f64.powi(900)), parts(f64::from_bits(1)));
        assert_eq!(w.n, 0);
        let want = f64::from_bits(1) * libm::log(3.0);
        assert!(libm::scalbn(w.r.d.hi, w.r.e) == want || (libm::scalbn(w.r.d.hi, w.r.e + 1074) - libm::log(3.0)).abs() < 1e-15);
    }
}
