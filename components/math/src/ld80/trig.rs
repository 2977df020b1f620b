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
use crate::trig::{Dd, in_nearest, reduce_parts, sin_cos_of};

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
    trig(x, 0)
}

/// `cosl(x)`.
pub extern "C" fn cosl_body(x: F80) -> F80 {
    trig(x, 1)
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
