//! `sinl`, `cosl`, `tanl` and `sincosl`: the argument reduced exactly against the bits of
//! 2/π ([`crate::trig::reduce_parts`], whose table covers every `long double` exponent),
//! the double-double series of [`crate::trig`] for the remainder, one rounding to the
//! 64-bit significand in the x87's mode ([`super::exp`]'s `dd_round`): correctly rounded up
//! to the double-double's error (about 2^-100 relative, a chance of one in 2^35 or so per
//! call of landing on the wrong side of a rounding boundary). Tiny arguments, where sin and
//! tan are x and cos is 1 within a fraction of an ulp, are those values nudged the right
//! way; infinities give the default NaN with invalid (x - x) and NaNs come back quieted.
use super::exp::{dd_round, nudged, to_dd};
use super::{BIAS, F80, INT_BIT, add, raise_inexact, store, sub, x87_mode};
use crate::explog::{fmadd, mul_err, nearest};
use crate::trig::{Dd, fast_two_sum, in_nearest, reduce_parts, sin_cos_of, two_sum};
use crate::trig_tables::{COS_COEF, PIO2, SIN_COEF};
use core::f64::consts::FRAC_2_PI;

const ONE: F80 = F80::new(false, BIAS as u64, INT_BIT);

/// sin and cos of a finite x with |x| >= 2^-33, as double-doubles.
fn sin_cos(x: F80) -> (Dd, Dd) {
    in_nearest(x, |x| {
        // π/4 is 0x3ffe:c90fdaa22168c235 (rounded up): below it no reduction.
        let small = (x.exp() as i32) < BIAS - 1 || x.exp() as i32 == BIAS - 1 && x.m < 0xc90f_daa2_2168_c234;
        let (n, r) = if small {
            (0, to_dd(x))
        } else {
            let (n, r) = reduce_parts(x.m, x.exp() as i32 - BIAS - 63);
            if x.neg() { (n.wrapping_neg() & 3, r.neg()) } else { (n, r) }
        };
        sin_cos_of(n, r)
    })
}

fn tiny(x: F80) -> bool {
    (x.exp() as i32) < BIAS - 33
}

/// sin (`which` 0), cos (1) or tan (2) where no series is needed: NaN (quieted), infinity
/// (invalid), zero, and tiny x (x or 1 nudged the way x - x³/6, 1 - x²/2, x + x³/3 go).
fn edge(x: F80, which: u8) -> Option<F80> {
    if x.exp() == 0x7fff {
        return Some(if x.is_nan() { add(x, x) } else { sub(x, x) });
    }
    let at = if which == 1 { ONE } else { x };
    if x.m == 0 {
        return Some(at);
    }
    if tiny(x) {
        return Some(nudged(at, which == 2, x87_mode()));
    }
    None
}

fn trig(x: F80, which: u8) -> F80 {
    if let Some(r) = edge(x, which) {
        return r;
    }
    let mode = x87_mode();
    let (s, c) = sin_cos(x);
    let r = match which {
        0 => s,
        1 => c,
        _ => in_nearest((s, c), |(s, c)| s.div(c)),
    };
    raise_inexact();
    dd_round(r, 0, mode)
}

/// `sinl(x)`.
pub extern "C" fn sinl_body(x: F80) -> F80 {
    if let Some(r) = edge(x, 0) {
        return r;
    }
    sinl_go(x)
}

/// `cosl(x)`.
pub extern "C" fn cosl_body(x: F80) -> F80 {
    if let Some(r) = edge(x, 1) {
        return r;
    }
    cosl_go(x)
}

/// π/2 in four parts for the fast path's reduction: the double's first 29 bits and its
/// other 24 (n times either is exact for |n| < 2^24), then the next two doubles (to
/// 2^-160).
const PIO2_4: (f64, f64, f64, f64) = {
    let h = f64::from_bits(PIO2.0.to_bits() & !((1 << 24) - 1));
    (h, PIO2.0 - h, PIO2.1, f64::from_bits(0xb91f_1976_b7ed_8fbc))
};

/// The fast path's bound on its error relative to its value: 2^-80, with room over the
/// largest seen, 2^-84.3 (`trig_fast_is_within_its_bound`).
const TRIG_EPS: f64 = f64::from_bits((1023 - 80) << 52);

/// Σ c[k] z^k for k < 13 (|z| <= 0.62): the terms from z^6 on (below 2^-33 of the sum)
/// by Horner's rule in double, the first six steps in double-double (with z's low part).
#[inline(always)]
fn poly_dd<const F: bool>(c: &[(f64, f64); 17], zh: f64, zl: f64) -> (f64, f64) {
    let mut t = c[12].0;
    for k in (6..12).rev() {
        t = fmadd::<F>(t, zh, c[k].0);
    }
    let (mut h, mut l) = (t, 0.0);
    for k in (0..6).rev() {
        let p = h * zh;
        let small = fmadd::<F>(h, zl, fmadd::<F>(l, zh, mul_err::<F>(h, zh, p))) + c[k].1;
        let (s, e) = two_sum(p, c[k].0);
        (h, l) = fast_two_sum(s, e + small);
    }
    (h, l)
}

/// (a + al)(b + bl) as a double-double.
#[inline(always)]
fn mul2<const F: bool>(a: f64, al: f64, b: f64, bl: f64) -> (f64, f64) {
    let p = a * b;
    fast_two_sum(p, fmadd::<F>(a, bl, fmadd::<F>(al, b, mul_err::<F>(a, b, p))))
}

/// sin x (`COS` false) or cos x for 2^-33 <= |x| < 2^20 as s + t within `TRIG_EPS`/4 of
/// it, or None where the remainder of the reduction is below 2^-40 (the exact reduction's
/// case). x = nπ/2 + r with r to 2^-130 (π/2 in four parts, the products exact), then
/// sin r = r·Σ (-1)^k z^k/(2k+1)! and cos r = Σ (-1)^k z^k/(2k)!, z = r², to z^12 (the
/// next term is below 2^-90).
#[inline(always)]
fn trig_parts<const F: bool, const COS: bool>(x: F80) -> Option<(f64, f64)> {
    let d = to_dd(x);
    let n = nearest::<F>(d.hi * FRAC_2_PI);
    let a = fmadd::<F>(-n, PIO2_4.0, d.hi); // exact: Sterbenz, or n = 0
    let (s, e) = two_sum(a, -n * PIO2_4.1);
    let p = n * PIO2_4.2;
    let pe = mul_err::<F>(n, PIO2_4.2, p);
    let (s, e2) = two_sum(s, -p);
    let (s, e3) = two_sum(s, d.lo);
    let (rh, rl) = fast_two_sum(s, ((e + e2) + e3) - fmadd::<F>(n, PIO2_4.3, pe));
    if rh.abs() < f64::from_bits((1023 - 40) << 52) {
        return None;
    }
    let zh = rh * rh;
    let zl = fmadd::<F>(2.0 * rh, rl, mul_err::<F>(rh, rh, zh));
    // SAFETY: |n| < 2^21, an integer.
    let q = (unsafe { n.to_int_unchecked::<i32>() } as u32).wrapping_add(u32::from(COS));
    let (h, l) = if q & 1 == 0 {
        let (ph, pl) = poly_dd::<F>(&SIN_COEF, zh, zl);
        mul2::<F>(rh, rl, ph, pl)
    } else {
        poly_dd::<F>(&COS_COEF, zh, zl)
    };
    Some(if q & 2 == 0 { (h, l) } else { (-h, -l) })
}

/// `trig_parts` rounded on the x87 when its bound decides.
#[inline(always)]
fn trig_fast<const F: bool, const COS: bool>(x: F80) -> Option<F80> {
    if x.exp() as i32 >= BIAS + 20 {
        return None;
    }
    let (s, t) = trig_parts::<F, COS>(x)?;
    super::x87_decide(s, t, s.abs() * TRIG_EPS, 0)
}

#[inline(always)]
fn sinl_fast<const F: bool>(x: F80) -> Option<F80> {
    trig_fast::<F, false>(x)
}

#[inline(always)]
fn cosl_fast<const F: bool>(x: F80) -> Option<F80> {
    trig_fast::<F, true>(x)
}

#[cold]
#[inline(never)]
fn sinl_slow(x: F80) -> F80 {
    trig(x, 0)
}

#[cold]
#[inline(never)]
fn cosl_slow(x: F80) -> F80 {
    trig(x, 1)
}

dispatch! {
    (x: F80) -> F80:
    sinl_go sinl_fma sinl_plain => sinl_fast, sinl_slow;
    cosl_go cosl_fma cosl_plain => cosl_fast, cosl_slow;
}


/// `tanl(x)`.
pub extern "C" fn tanl_body(x: F80) -> F80 {
    trig(x, 2)
}

/// `sincosl(x, s, c)`: both at once, each as `sinl` and `cosl` give it.
///
/// # Safety
/// `s` and `c` must be valid for 10-byte writes.
pub unsafe extern "C" fn sincosl_body(x: F80, sp: *mut u8, cp: *mut u8) {
    let (s, c) = match (edge(x, 0), edge(x, 1)) {
        (Some(s), Some(c)) => (s, c),
        _ => {
            let mode = x87_mode();
            let (s, c) = sin_cos(x);
            raise_inexact();
            (dd_round(s, 0, mode), dd_round(c, 0, mode))
        }
    };
    // SAFETY: the caller's.
    unsafe {
        store(sp, s);
        store(cp, c);
    }
}

ld_fn!(x call "sinl", "limpet_math_sinl", sinl_body);
ld_fn!(x call "cosl", "limpet_math_cosl", cosl_body);
ld_fn!(x call "tanl", "limpet_math_tanl", tanl_body);
ld_fn!(jmp "sincosl", "limpet_math_sincosl", sincosl_body:
    "mov rdx, rdi", "mov rcx, rsi", "mov rdi, qword ptr [rsp + 8]", "movzx esi, word ptr [rsp + 16]");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ld80::f;
    use crate::ld80::to_f64;

    /// Rounded to double, the results are within an ulp of limpet's double functions (in
    /// round-to-nearest the crate's, within an ulp of the exact value, so two between them),
    /// on small and huge arguments alike.
    #[test]
    fn agree_with_the_double_functions() {
        let mut rng = crate::support::XorShift(0x7777_1111_2222_3333);
        let near = |a: f64, b: f64| a == b || crate::support::ulps(a, b) <= 2;
        for i in 0..20_000 {
            let u = rng.unit();
            let x = match i % 3 {
                0 => (u - 0.5) * 20.0,
                1 => f64::from_bits(rng.next() & 0x7fef_ffff_ffff_ffff),
                _ => (u - 0.5) * 1e-3,
            };
            assert!(near(to_f64(sinl_body(f(x))), crate::trig::sin(x)), "sin {x}");
            assert!(near(to_f64(cosl_body(f(x))), crate::trig::cos(x)), "cos {x}");
            let t = crate::trig::tan(x);
            if t.abs() < 1e15 {
                assert!(near(to_f64(tanl_body(f(x))), t), "tan {x}");
            }
        }
    }

    /// `trig_parts` against the exact reduction's double-double values, in every mode:
    /// within a quarter of `TRIG_EPS`.
    #[test]
    fn trig_fast_is_within_its_bound() {
        fn run<const F: bool>(worst: &mut f64) {
            let mut rng = crate::support::XorShift(0xa409_3822_299f_31d0);
            for i in 0..crate::support::scaled(100_000) {
                let u = rng.unit();
                let v = match i % 3 {
                    0 => (u - 0.5) * 20.0,
                    1 => (u - 0.5) * 2e6,
                    _ => (u - 0.5) * 1e-3,
                };
                let b = f(v);
                let x = F80 { m: b.m ^ (rng.0 & 0x7ff), se: b.se };
                if tiny(x) || x.m == 0 {
                    continue;
                }
                let (sd, cd) = sin_cos(x);
                for (got, want) in [(trig_parts::<F, false>(x), sd), (trig_parts::<F, true>(x), cd)] {
                    if let Some((h, l)) = got {
                        let d = ((h - want.hi) + (l - want.lo)) / want.hi;
                        *worst = worst.max(d.abs());
                    }
                }
            }
        }
        in_every_mode!(run, f64, |mode, worst: f64| {
            std::println!("mode {mode}: trig_parts within 2^{:.1}", worst.log2());
            assert!(worst < TRIG_EPS / 4.0, "{worst:e}");
        });
    }

    /// Every sinl and cosl the fast path decides, in every mode, is the slow path's; it
    /// decides all but a few in 10,000.
    #[test]
    fn trig_fast_rounds_as_the_slow_path() {
        fn run<const F: bool>(undecided: &mut u32) {
            let mut rng = crate::support::XorShift(0x0801_f2e2_8581_9c4f);
            for i in 0..crate::support::scaled(50_000) {
                let u = rng.unit();
                let v = if i % 2 == 0 { (u - 0.5) * 20.0 } else { (u - 0.5) * 2e6 };
                let b = f(v);
                let x = F80 { m: b.m ^ (rng.0 & 0x7ff), se: b.se };
                if edge(x, 0).is_some() {
                    continue;
                }
                match sinl_fast::<F>(x) {
                    Some(r) => assert_eq!(r, sinl_slow(x), "sinl {v}"),
                    None => *undecided += 1,
                }
                match cosl_fast::<F>(x) {
                    Some(r) => assert_eq!(r, cosl_slow(x), "cosl {v}"),
                    None => *undecided += 1,
                }
            }
        }
        in_every_mode!(run, u32, |mode, undecided: u32| {
            std::println!("mode {mode}: undecided {undecided} of 100000");
            assert!(undecided < 100, "{undecided}");
        });
    }

    /// Arguments past the double range: sin² + cos² = 1 to the double-double's precision
    /// after rounding, and sincosl gives what sinl and cosl give.
    #[test]
    fn huge_arguments_reduce_exactly() {
        let mut rng = crate::support::XorShift(0x1357_9bdf_2468_ace0);
        for _ in 0..5_000 {
            let x = F80::new(false, 0x4400 + rng.next() % 0x3bff, rng.next() | INT_BIT);
            let (s, c) = (sinl_body(x), cosl_body(x));
            let (sd, cd) = (to_f64(s), to_f64(c));
            assert!((sd * sd + cd * cd - 1.0).abs() < 1e-15, "{x:?}");
            let (mut s2, mut c2) = ([0u8; 16], [0u8; 16]);
            unsafe { sincosl_body(x, s2.as_mut_ptr(), c2.as_mut_ptr()) };
            assert_eq!(u64::from_le_bytes(s2[..8].try_into().unwrap()), s.m);
            assert_eq!(u64::from_le_bytes(c2[..8].try_into().unwrap()), c.m);
        }
    }
}
