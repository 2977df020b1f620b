//! `float` functions computed through the `double` ones and rounded once: a `double`
//! result within an ulp or so of the exact value rounds to the correctly rounded `float` in
//! all but a vanishing share of arguments, and in every rounding mode (two roundings in the
//! same direction are one). So where musl's float kernels differ from that, limpet's
//! result is the closer one, and the spurious underflow of intermediate float results in
//! the `libm` crate's float kernels does not arise. Special values follow from the
//! `double` function's; where musl returns a NaN argument as it is (the Bessel functions
//! of order `n`) that is done first, since widening a signalling NaN quiets it.
use core::ffi::c_int;
use core::hint::black_box as bb;

/// Rounds a `double` result to `float`, raising underflow (with inexact) when the float is
/// tiny and the value is not zero: the `double` result of a function is rarely exact, and
/// a conversion of a value that fits a float subnormal exactly raises nothing. Tininess is
/// after rounding, as x86 detects it: the value rounded to 24 bits with an unbounded
/// exponent below 2^-126.
#[inline]
pub(crate) fn narrow(r: f64) -> f32 {
    let f = r as f32;
    if r != 0.0 && r.abs() < f64::from(f32::MIN_POSITIVE) {
        // 2^100 r is exact; rounding it to float rounds as an unbounded exponent would.
        let scaled = (r * 1.267_650_600_228_229_4e30) as f32;
        if scaled.abs() < 1.490_116_1e-8 {
            let _ = bb(bb(f32::MIN_POSITIVE) * bb(f32::MIN_POSITIVE));
        }
    }
    f
}

/// `narrow` for functions whose tiny results can be exact (`exp2f` of an integer, `powf`
/// of a power of two): a tiny float that equals the `double` result exactly raises nothing.
/// (Their `double` results that fit a float are exact when they are tiny: both compute
/// such values by scaling, not by rounding a series.)
#[inline]
pub(crate) fn narrow_exact(r: f64) -> f32 {
    let f = r as f32;
    if f64::from(f) == r {
        return f;
    }
    narrow(r)
}

/// Defines float functions of one float argument as their double function, rounded.
macro_rules! via_double {
    ($($(#[$doc:meta])* $name:ident => $dbl:path;)+) => {
        $(
            $(#[$doc])*
            #[cfg_attr(feature = "export", unsafe(no_mangle))]
            pub extern "C" fn $name(x: f32) -> f32 {
                narrow($dbl(f64::from(x)))
            }
        )+
    };
}

via_double! {
    /// `acosf(x)`—`acos` for float.
    acosf => crate::special::acos;
    /// `coshf(x)`—`cosh` for float.
    coshf => crate::hyper::cosh;
    /// `sinhf(x)`—`sinh` for float.
    sinhf => crate::hyper::sinh;
    /// `erff(x)`—`erf` for float.
    erff => crate::erf::erf;
    /// `erfcf(x)`—`erfc` for float.
    erfcf => crate::erf::erfc;
    /// `exp10f(x)`—`exp10` for float.
    exp10f => crate::hyper::exp10;
    /// `pow10f(x)`—`exp10f`, by its older GNU name.
    pow10f => crate::hyper::exp10;
    /// `tanf(x)`—`tan` for float.
    tanf => crate::trig::tan;
    /// `tgammaf(x)`—`tgamma` for float, computed in double as musl does.
    tgammaf => crate::special::tgamma;
}

/// Defines float functions of one float argument as their double kernel computed in
/// round-to-nearest (where the crate's kernels are accurate: their directed modes are off
/// by ulps of the double) and rounded once in the caller's mode.
macro_rules! via_double_nearest {
    ($($(#[$doc:meta])* $name:ident => $dbl:path;)+) => {
        $(
            $(#[$doc])*
            #[cfg_attr(feature = "export", unsafe(no_mangle))]
            pub extern "C" fn $name(x: f32) -> f32 {
                narrow(crate::trig::in_nearest_flags(f64::from(x), |x| $dbl(x)))
            }
        )+
    };
}

via_double_nearest! {
    /// `asinhf(x)`—`asinh` for float.
    asinhf => libm::asinh;
    /// `j0f(x)`—`j0` for float.
    j0f => libm::j0;
    /// `j1f(x)`—`j1` for float.
    j1f => libm::j1;
    /// `y0f(x)`—`y0` for float.
    y0f => crate::bessel::y0;
    /// `y1f(x)`—`y1` for float.
    y1f => crate::bessel::y1;
}

/// `acoshf(x)`—`acosh` for float: NaN with invalid (only) below 1.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn acoshf(x: f32) -> f32 {
    if !crate::exact::isnanf(x) && x < 1.0 {
        return crate::support::invalid() as f32;
    }
    narrow(libm::acosh(f64::from(x)))
}

/// `log1pf(x)`—`log1p` for float (a positive NaN returned as it is, as in musl).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn log1pf(x: f32) -> f32 {
    if crate::exact::isnanf(x) && !x.is_sign_negative() {
        return x;
    }
    narrow(crate::hyper::log1p(f64::from(x)))
}

/// `atan2f(y, x)`—`atan2` for float: `x + y` (in float) when either is a NaN, as musl's.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn atan2f(y: f32, x: f32) -> f32 {
    if crate::exact::isnanf(x) || crate::exact::isnanf(y) {
        return bb(x) + bb(y);
    }
    narrow(libm::atan2(f64::from(y), f64::from(x)))
}

/// `jnf(n, x)`—`jn` for float (a NaN returned as it is), its double computed in
/// round-to-nearest as `via_double_nearest!`'s.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn jnf(n: c_int, x: f32) -> f32 {
    if crate::exact::isnanf(x) {
        return x;
    }
    let r = crate::trig::in_nearest_flags((n, f64::from(x)), |(n, x)| libm::jn(n, x));
    if r == 0.0 && x != 0.0 && x.is_finite() {
        // The double underflowed to 0 (a high order near 0, where musl's double returns 0
        // quietly): the true value is far below the float range, so 0 or the least
        // subnormal as the caller's mode rounds it, with underflow. Its sign:
        // J_n(-x) = (-1)^n J_n(x), J_(-n) = (-1)^n J_n.
        let neg = n & 1 == 1 && ((n < 0) != (x < 0.0));
        let t = if neg { -f32::MIN_POSITIVE } else { f32::MIN_POSITIVE };
        return bb(t) * bb(f32::MIN_POSITIVE);
    }
    narrow(r)
}

/// `ynf(n, x)`—`yn` for float (a NaN returned as it is), its double computed in
/// round-to-nearest as `via_double_nearest!`'s.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn ynf(n: c_int, x: f32) -> f32 {
    if crate::exact::isnanf(x) {
        return x;
    }
    let r = crate::trig::in_nearest_flags((n, f64::from(x)), |(n, x)| crate::bessel::yn(n, x));
    if r.is_infinite() && x > 0.0 && x.is_finite() {
        // Beyond the double range too (a high order near 0): the float overflow as the
        // caller's mode rounds it (-FLT_MAX toward zero or upward).
        let t = if r < 0.0 { -f32::MAX } else { f32::MAX };
        return bb(t) * bb(2.0f32);
    }
    narrow(r)
}

/// `lgammaf_r(x, sign)`—`lgamma_r` for float.
///
/// # Safety
/// `sign` must be valid for a write.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn lgammaf_r(x: f32, sign: *mut c_int) -> f32 {
    // SAFETY: the caller's pointer.
    narrow(unsafe { crate::special::lgamma_r(f64::from(x), sign) })
}

/// `lgammaf(x)`—`lgammaf_r` storing the sign in `signgam`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn lgammaf(x: f32) -> f32 {
    // SAFETY: `signgam` is the program's, written as C's lgammaf writes it.
    unsafe { lgammaf_r(x, &raw mut crate::real::__signgam) }
}

/// `sincosf(x, s, c)`—`sincos` for float.
///
/// # Safety
/// `s` and `c` must be valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sincosf(x: f32, s: *mut f32, c: *mut f32) {
    let (mut sv, mut cv) = (0.0, 0.0);
    // SAFETY: locals.
    unsafe { crate::trig::sincos(f64::from(x), &mut sv, &mut cv) };
    // SAFETY: the caller's pointers.
    unsafe {
        *s = narrow(sv);
        *c = narrow(cv);
    }
}
