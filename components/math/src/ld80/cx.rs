//! The 80-bit format as a [`Real`] for the complex functions (`double complex` computes
//! in it), and the `long double complex` entry points.
//!
//! C passes a `long double complex` in memory, the real part at 8(%rsp) and the imaginary
//! at 24(%rsp) on entry (cpowl's second argument at 40 and 56), and returns it in st(0)
//! (real) and st(1) (imaginary). Each entry point hands its Rust body a pointer to the
//! arguments and one to a 32-byte result, then loads the result's two parts.
use super::exp::{coshl_body, dd_round, exp_big, expl_body, sinhl_body, tanhl_body, to_dd};
use super::hyp::{acoshl_body, log1p_dd};
use super::root::hypotl_body;
use super::trig::{cosl_body, sinl_body, tanl_body};
use super::{BIAS, F80, ilogb_of};
use crate::complex::{self, Real};
use crate::cpow_phase::{Parts, Scaled, WLogZ, polar_parts};
use crate::trig::{Dd, in_nearest};
use core::arch::asm;

/// One x87 operation on one value: `a` in st(0), the lines, the result in st(0).
macro_rules! x87_1 {
    ($a:expr, $($op:literal),+) => {{
        let a: F80 = $a;
        let mut r = F80 { m: 0, se: 0 };
        // SAFETY: loads a 10-byte value from a live local, stores one into `r`; the lines
        // leave one value on the stack, which the store pops.
        unsafe {
            asm!(
                "fld tbyte ptr [{a}]",
                $($op,)+
                "fstp tbyte ptr [{r}]",
                a = in(reg) &a,
                r = in(reg) &mut r,
                out("st(0)") _,
                out("st(1)") _,
                options(nostack),
            )
        };
        r
    }};
}

/// atan2(y, x) by fpatan.
fn atan2(y: F80, x: F80) -> F80 {
    let mut r = F80 { m: 0, se: 0 };
    // SAFETY: loads two values, fpatan pops one, the store pops the other.
    unsafe {
        asm!(
            "fld tbyte ptr [{y}]",
            "fld tbyte ptr [{x}]",
            "fpatan",
            "fstp tbyte ptr [{r}]",
            y = in(reg) &y,
            x = in(reg) &x,
            r = in(reg) &mut r,
            out("st(0)") _,
            out("st(1)") _,
            options(nostack),
        )
    };
    r
}

/// a·2^k by fscale (exact unless it leaves the range; k is exact as an 80-bit value).
fn scale(a: F80, k: i32) -> F80 {
    x87!("fscale", a, F80::from_f64(f64::from(k)))
}

/// A double rounded from the 80-bit format in the current mode, with the x87's flags.
pub(crate) fn narrow(v: F80) -> f64 {
    super::to_f64(v)
}

impl Real for F80 {
    fn c(v: f64) -> F80 {
        F80::from_f64(v)
    }
    fn add(self, o: F80) -> F80 {
        super::add(self, o)
    }
    fn sub(self, o: F80) -> F80 {
        super::sub(self, o)
    }
    fn mul(self, o: F80) -> F80 {
        super::mul(self, o)
    }
    fn div(self, o: F80) -> F80 {
        x87!("fdiv st(0), st(1)", self, o)
    }
    fn minus(self) -> F80 {
        F80 { m: self.m, se: self.se ^ 0x8000 }
    }
    fn fabs(self) -> F80 {
        F80 { m: self.m, se: self.se & 0x7fff }
    }
    fn with_sign(self, s: F80) -> F80 {
        F80 { m: self.m, se: self.se & 0x7fff | s.se & 0x8000 }
    }
    fn sign(self) -> bool {
        self.se & 0x8000 != 0
    }
    fn nan_p(self) -> bool {
        self.is_nan()
    }
    fn inf_p(self) -> bool {
        self.is_inf()
    }
    fn zero_p(self) -> bool {
        self.m == 0 && self.exp() == 0
    }
    fn lt(self, o: F80) -> bool {
        !self.is_nan() && !o.is_nan() && F80::less(self, o)
    }
    fn scale(self, k: i32) -> F80 {
        scale(self, k)
    }
    fn sqrt(self) -> F80 {
        x87_1!(self, "fsqrt")
    }
    fn ln(self) -> F80 {
        x87_1!(self, "fldln2", "fxch st(1)", "fyl2x")
    }
    fn ln1p(self) -> F80 {
        // fyl2xp1 is defined for |x| < 1 - √2/2 only.
        if self.fabs().lt(F80::c(0.29)) { x87_1!(self, "fldln2", "fxch st(1)", "fyl2xp1") } else { F80::c(1.0).add(self).ln() }
    }
    fn ln1p_dw(self, lo: F80) -> F80 {
        // Beside a part of 2^-900, ln(1 + t) is t to far below the last bit; the pair in
        // double-double otherwise, rounded once in the caller's mode.
        if self.zero_p() || self.ilogb() < -900 {
            return self.add(lo);
        }
        let mode = super::x87_mode();
        let r = in_nearest((self, lo), |(t, e)| {
            let e = if e.zero_p() || e.ilogb() < -1000 { Dd::new(0.0, 0.0) } else { to_dd(e) };
            log1p_dd(to_dd(t).add(e))
        });
        dd_round(r, 0, mode)
    }
    fn exp(self) -> F80 {
        expl_body(self)
    }
    fn sin(self) -> F80 {
        sinl_body(self)
    }
    fn cos(self) -> F80 {
        cosl_body(self)
    }
    fn tan(self) -> F80 {
        tanl_body(self)
    }
    fn sinh(self) -> F80 {
        sinhl_body(self)
    }
    fn cosh(self) -> F80 {
        coshl_body(self)
    }
    fn tanh(self) -> F80 {
        tanhl_body(self)
    }
    fn acosh(self) -> F80 {
        acoshl_body(self)
    }
    fn pow(self, y: F80) -> F80 {
        super::pow::powl_body(self, y)
    }
    fn atan2(self, x: F80) -> F80 {
        atan2(self, x)
    }
    fn hypot(self, o: F80) -> F80 {
        hypotl_body(self, o)
    }
    fn pi() -> F80 {
        rounded_pi(1)
    }
    fn max_finite() -> F80 {
        F80::new(false, 0x7ffe, u64::MAX)
    }
    fn pi_2() -> F80 {
        rounded_pi(0)
    }
    fn pi_4() -> F80 {
        rounded_pi(-1)
    }
    fn three_pi_4() -> F80 {
        // 3π/4's nearest value and the rest, which rounds the sum in the current mode.
        F80::new(false, BIAS as u64 + 1, 0x96cb_e3f9_990e_91a8).add(F80::new(true, BIAS as u64 - 64, 0xd8d6_6c2e_beb5_d4c6))
    }
    const SPLIT: f64 = 4_294_967_297.0;
    const EXP_MAX: f64 = 11356.0;
    const TANH_ONE: f64 = 23.0;
    const BIG: f64 = 1.0e11;
    const SMALL: f64 = 1.0e-10;
    const LIMIT: i32 = 8000;
    fn ilogb(self) -> i32 {
        ilogb_of(self)
    }
    fn parts(self) -> Parts {
        let neg = self.sign();
        if self.m == 0 {
            return Parts { neg, m: 0, e: 0 };
        }
        Parts { neg, m: self.m << self.m.leading_zeros(), e: ilogb_of(self) }
    }
    fn polar(w: &WLogZ) -> (F80, F80) {
        let mode = super::x87_mode();
        let (re, im) = in_nearest(*w, |w| polar_parts(&w, exp_big, 11_400.0));
        let part = |v: Scaled| if v.d.hi == 0.0 { F80::c(0.0) } else { dd_round(v.d, v.e, mode) };
        (part(re), part(im))
    }
}

/// π·2^(k-1) rounded in the current mode: the nearest value and the rest, whose sum rounds
/// as π itself would.
fn rounded_pi(k: i32) -> F80 {
    let e = (BIAS + k) as u64;
    F80::new(false, e, 0xc90f_daa2_2168_c235).add(F80::new(true, e - 66, 0xece6_75d1_fc8f_8cbb))
}

/// An argument as C passed it: 10 bytes in a 16-byte slot whose last six are padding.
fn raw_arg(p: *const F80, i: usize) -> F80 {
    // SAFETY: the entry point passes its argument area, i within the arguments.
    let v = unsafe { p.add(i).read() };
    F80 { m: v.m, se: v.se & 0xffff }
}

/// An argument of a function that computes with it: a signaling NaN raises invalid and
/// goes on quiet, as an operation on it does (and as the double functions' narrowing
/// does), since the functions pass some NaN parts through as they are.
fn arg(p: *const F80, i: usize) -> F80 {
    let v = raw_arg(p, i);
    if v.is_nan() { super::add(v, v) } else { v }
}

/// The body of a `long double complex` function of one argument: the result into `out`.
macro_rules! cl_body {
    ($body:ident, $g:path, $arg:ident) => {
        unsafe extern "C" fn $body(out: *mut F80, a: *const F80) {
            let (re, im) = $g($arg(a, 0), $arg(a, 1));
            // SAFETY: the entry point's 32-byte result area.
            unsafe {
                out.write(re);
                out.add(1).write(im);
            }
        }
    };
}

/// An entry point returning a `long double complex` from its body: result area at rsp,
/// the arguments (at 8 on entry) at 48 after the 40 bytes it takes (which also align the call).
macro_rules! cl_fn {
    ($c:literal, $own:literal, $body:ident, $g:path) => {
        cl_fn!($c, $own, $body, $g, arg);
    };
    ($c:literal, $own:literal, $body:ident, $g:path, $arg:ident) => {
        cl_body!($body, $g, $arg);
        ld_fn!(@emit $c, $own, [
            "sub rsp, 40",
            "mov rdi, rsp",
            "lea rsi, [rsp + 48]",
            "call {body}",
            "fld tbyte ptr [rsp + 16]",
            "fld tbyte ptr [rsp]",
            "add rsp, 40",
            "ret"
        ], $body);
    };
}

cl_fn!("cexpl", "limpet_math_cexpl", cexpl_body, complex::exp::<F80>);
cl_fn!("clogl", "limpet_math_clogl", clogl_body, complex::log::<F80>);
cl_fn!("csqrtl", "limpet_math_csqrtl", csqrtl_body, complex::sqrt::<F80>);
cl_fn!("csinl", "limpet_math_csinl", csinl_body, complex::sin::<F80>);
cl_fn!("ccosl", "limpet_math_ccosl", ccosl_body, complex::cos::<F80>);
cl_fn!("ctanl", "limpet_math_ctanl", ctanl_body, complex::tan::<F80>);
cl_fn!("csinhl", "limpet_math_csinhl", csinhl_body, complex::sinh::<F80>);
cl_fn!("ccoshl", "limpet_math_ccoshl", ccoshl_body, complex::cosh::<F80>);
cl_fn!("ctanhl", "limpet_math_ctanhl", ctanhl_body, complex::tanh::<F80>);
cl_fn!("casinl", "limpet_math_casinl", casinl_body, complex::asin::<F80>);
cl_fn!("cacosl", "limpet_math_cacosl", cacosl_body, complex::acos::<F80>);
cl_fn!("catanl", "limpet_math_catanl", catanl_body, complex::atan::<F80>);
cl_fn!("casinhl", "limpet_math_casinhl", casinhl_body, complex::asinh::<F80>);
cl_fn!("cacoshl", "limpet_math_cacoshl", cacoshl_body, complex::acosh::<F80>);
cl_fn!("catanhl", "limpet_math_catanhl", catanhl_body, complex::atanh::<F80>);
// cprojl returns its argument as it is where that is finite, a signaling NaN too (a copy,
// as conjl's).
cl_fn!("cprojl", "limpet_math_cprojl", cprojl_body, complex::proj::<F80>, raw_arg);

/// cpowl's body: z at a[0..2], w at a[2..4].
unsafe extern "C" fn cpowl_body(out: *mut F80, a: *const F80) {
    // The format has no wider one to compute in: w·log z exact always.
    let (re, im) = complex::pow::<F80>(arg(a, 0), arg(a, 1), arg(a, 2), arg(a, 3), 0.0);
    // SAFETY: the entry point's result area.
    unsafe {
        out.write(re);
        out.add(1).write(im);
    }
}
ld_fn!(@emit "cpowl", "limpet_math_cpowl", [
    "sub rsp, 40",
    "mov rdi, rsp",
    "lea rsi, [rsp + 48]",
    "call {body}",
    "fld tbyte ptr [rsp + 16]",
    "fld tbyte ptr [rsp]",
    "add rsp, 40",
    "ret"
], cpowl_body);

// The ones that are one x87 operation or a move: the parts, conj, arg; cabsl is hypotl's
// body on the two parts (which sit where hypotl's x and y do).
ld_fn!(xy call "cabsl", "limpet_math_cabsl", hypotl_body);
ld_fn!(asm "cargl", "limpet_math_cargl": "fld tbyte ptr [rsp + 24]", "fld tbyte ptr [rsp + 8]", "fpatan", "ret");
ld_fn!(asm "creall", "limpet_math_creall": "fld tbyte ptr [rsp + 8]", "ret");
ld_fn!(asm "cimagl", "limpet_math_cimagl": "fld tbyte ptr [rsp + 24]", "ret");
ld_fn!(asm "conjl", "limpet_math_conjl": "fld tbyte ptr [rsp + 24]", "fchs", "fld tbyte ptr [rsp + 8]", "ret");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ld80::{INT_BIT, f};

    fn c(re: f64, im: f64) -> (F80, F80) {
        (f(re), f(im))
    }

    #[test]
    fn the_x87_operations() {
        assert_eq!(narrow(f(2.0).sqrt()), core::f64::consts::SQRT_2);
        assert_eq!(narrow(f(1.0).atan2(f(1.0))), core::f64::consts::FRAC_PI_4);
        assert_eq!(narrow(f(3.0).scale(-2)), 0.75);
        assert_eq!(narrow(Real::exp(f(1.0)).ln()), core::f64::consts::E.ln());
        assert_eq!(narrow(f(1e-5).ln1p()), libm::log1p(1e-5));
        assert_eq!(narrow(F80::pi()), core::f64::consts::PI);
        assert_eq!(f(0.375).ilogb(), -2);
        assert_eq!(F80::c(1.0), F80::new(false, BIAS as u64, INT_BIT));
    }

    #[test]
    fn powers_exact_where_they_are_exact() {
        let p = |x: f64, y: f64, u: f64, v: f64| {
            let (re, im) = complex::pow::<F80>(f(x), f(y), f(u), f(v), 0.0);
            (narrow(re), narrow(im))
        };
        // Real powers from the real pow, the zero's sign y·u's.
        for (x, y, u, want) in [(2.0, 0.0, 3.0, (8.0f64, 0.0f64)), (2.0, -0.0, 3.0, (8.0, -0.0)), (-2.0, 0.0, -3.0, (-0.125, -0.0)), (10.0, 0.0, 22.0, (1e22, 0.0))] {
            let got = p(x, y, u, 0.0);
            assert!(got.0 == want.0 && got.1.to_bits() == want.1.to_bits(), "({x}, {y})^{u}: {got:?}");
        }
        // Whole quarter turns of i: i^(2^70) = 1, i^(2^70 + 2^18) = 1, i^3 = -i.
        assert_eq!(p(0.0, 1.0, 2f64.powi(70), 0.0), (1.0, 0.0));
        assert_eq!(p(0.0, 1.0, 2f64.powi(70) + 2f64.powi(18), 0.0), (1.0, 0.0));
        assert_eq!(p(0.0, 1.0, 3.0, 0.0), (0.0, -1.0));
        // e^(iπ)-like: (-1)^(1/2) = i.
        assert_eq!(p(-1.0, 0.0, 0.5, 0.0), (0.0, 1.0));
        // A negative real to a half-integral power lies on the imaginary axis, +0 its real
        // part (as MPC), in the format's own path too: (-2 ± i0)^(k + 1/2) = ±(-1)^k·i·2^(k+1/2).
        let r2 = core::f64::consts::SQRT_2;
        for (y, u, want) in [(0.0, 0.5, r2), (-0.0, 0.5, -r2), (0.0, 1.5, -2.0 * r2), (-0.0, 1.5, 2.0 * r2), (0.0, -0.5, -r2 / 2.0), (0.0, -1.5, r2 / 4.0), (0.0, 2.5, 4.0 * r2)] {
            let (re, im) = complex::pow::<F80>(f(-2.0), f(y), f(u), f(0.0), 256.0);
            assert_eq!((narrow(re).to_bits(), narrow(im)), (0, want), "(-2, {y})^{u}");
        }
    }

    #[test]
    fn identities() {
        let mut rng = crate::support::XorShift(0x0c0f_fee0_1234_5678);
        for _ in 0..2_000 {
            let (x, y) = ((rng.unit() - 0.5) * 8.0, (rng.unit() - 0.5) * 8.0);
            let (a, b) = c(x, y);
            // exp(log z) = z.
            let (lr, li) = complex::log(a, b);
            let (er, ei) = complex::exp(lr, li);
            assert!((narrow(er) - x).abs() < 1e-15 * (1.0 + x.abs()) && (narrow(ei) - y).abs() < 1e-15 * (1.0 + y.abs()));
            // sin(asin z) = z.
            let (sr, si) = complex::asin(a, b);
            let (zr, zi) = complex::sin(sr, si);
            assert!((narrow(zr) - x).abs() < 1e-13 && (narrow(zi) - y).abs() < 1e-13, "asin {x} {y}");
            // tanh(atanh z) = z.
            let (tr, ti) = complex::atanh(a, b);
            let (zr, zi) = complex::tanh(tr, ti);
            assert!((narrow(zr) - x).abs() < 1e-13 && (narrow(zi) - y).abs() < 1e-13, "atanh {x} {y}");
            // cosh(acosh z) = z, sqrt(z)² = z.
            let (hr, hi) = complex::acosh(a, b);
            let (zr, zi) = complex::cosh(hr, hi);
            assert!((narrow(zr) - x).abs() < 1e-13 && (narrow(zi) - y).abs() < 1e-13, "acosh {x} {y}");
            let (qr, qi) = complex::sqrt(a, b);
            let (qr, qi) = (narrow(qr), narrow(qi));
            assert!((qr * qr - qi * qi - x).abs() < 1e-14 * 8.0 && (2.0 * qr * qi - y).abs() < 1e-14 * 8.0);
            assert!(qr >= 0.0);
        }
    }
}
