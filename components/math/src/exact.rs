//! Exact functions written here rather than taken from the `libm` crate, with the flags and
//! NaNs musl gives: `round`, `fdim`, `fmin`, `fmax`, `nextafter`, for `double` and `float`.
//!
//! - NaN tests are on the bits, never comparisons, which would raise invalid for a
//!   signalling NaN: `fmin`, `fmax` and `fdim` return a NaN argument as it is (the first if
//!   both are), raising nothing.
//! - `round` raises inexact only when it changes its argument, and returns an integral,
//!   infinite or NaN argument unchanged.
//! - `nextafter` raises overflow (with inexact) when it steps to infinity and underflow
//!   (with inexact) when the result is subnormal or zero; with a NaN argument it returns
//!   `y + x` as x86 computes it, which keeps `y`'s payload when both are NaN.
use core::hint::black_box;

/// `a + b` as the x86 `addsd`/`addss` instruction computes it with `a` the destination:
/// with NaN operands the result is `a`'s NaN quieted if `a` is NaN, else `b`'s, and a
/// signalling NaN raises invalid.
#[inline]
pub(crate) fn add_dst(a: f64, b: f64) -> f64 {
    #[cfg(target_arch = "x86_64")]
    {
        let mut r = a;
        // SAFETY: register arithmetic only.
        unsafe { core::arch::asm!("addsd {r}, {b}", r = inout(xmm_reg) r, b = in(xmm_reg) b, options(pure, nomem, nostack)) };
        r
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        a + b
    }
}

/// `add_dst` for float.
#[inline]
pub(crate) fn add_dstf(a: f32, b: f32) -> f32 {
    #[cfg(target_arch = "x86_64")]
    {
        let mut r = a;
        // SAFETY: register arithmetic only.
        unsafe { core::arch::asm!("addss {r}, {b}", r = inout(xmm_reg) r, b = in(xmm_reg) b, options(pure, nomem, nostack)) };
        r
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        a + b
    }
}

/// Defines the functions for one format: `$bits` its unsigned type, `$sig` its fraction
/// bits, `$add` its `add_dst`.
macro_rules! exact_fns {
    (
        $t:ty, $bits:ty, $sig:expr, $add:ident,
        $round:ident, $fdim:ident, $fmin:ident, $fmax:ident, $pick:ident, $nextafter:ident, $isnan:ident
    ) => {
        /// Whether `x` is a NaN, from its bits (raising nothing).
        #[inline]
        pub(crate) fn $isnan(x: $t) -> bool {
            x.to_bits() & !(1 << (<$bits>::BITS - 1)) > <$t>::INFINITY.to_bits()
        }

        #[doc = concat!("`", stringify!($round), "(x)`—`x` rounded to the nearest integer, halfway cases away from zero, in every rounding mode; inexact when that changes `x`.")]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub extern "C" fn $round(x: $t) -> $t {
            const BITS: u32 = <$bits>::BITS;
            const BIAS: i32 = (1 << (BITS - 2 - $sig)) - 1;
            let b = x.to_bits();
            let e = ((b >> $sig) & ((1 << (BITS - 1 - $sig)) - 1)) as i32 - BIAS;
            if e >= $sig {
                // Integral already, or inf or NaN: as it is.
                return x;
            }
            let sign = b & (1 << (BITS - 1));
            let r = if e < -1 {
                // Below one half: zero (inexact unless it was zero).
                if b == sign {
                    return x;
                }
                sign
            } else if e == -1 {
                // [0.5, 1): one.
                sign | ((BIAS as $bits) << $sig)
            } else {
                let frac_mask: $bits = ((1 as $bits) << ($sig - e)) - 1;
                if b & frac_mask == 0 {
                    return x;
                }
                let half: $bits = (1 as $bits) << ($sig - e - 1);
                // Adding half a unit to the magnitude carries into the exponent if needed.
                (b + half) & !frac_mask
            };
            // Not integral: inexact, as musl's addition of 2^52 raises it.
            crate::support::raise_inexact();
            <$t>::from_bits(r)
        }

        #[doc = concat!("`", stringify!($fdim), "(x, y)`—`x - y` when `x > y`, else +0; a NaN argument returned as it is.")]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub extern "C" fn $fdim(x: $t, y: $t) -> $t {
            if $isnan(x) {
                return x;
            }
            if $isnan(y) {
                return y;
            }
            if x > y { x - y } else { 0.0 }
        }

        /// `fmin` (`max` false) or `fmax` (`max` true).
        #[inline]
        fn $pick(x: $t, y: $t, max: bool) -> $t {
            if $isnan(x) {
                return y;
            }
            if $isnan(y) {
                return x;
            }
            let (xn, yn) = (x.is_sign_negative(), y.is_sign_negative());
            if xn != yn {
                return if xn != max { x } else { y };
            }
            if (x < y) != max { x } else { y }
        }

        #[doc = concat!("`", stringify!($fmin), "(x, y)`—The lesser of `x` and `y` (-0 below +0); the other if one is NaN, `y` if both are.")]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub extern "C" fn $fmin(x: $t, y: $t) -> $t {
            $pick(x, y, false)
        }

        #[doc = concat!("`", stringify!($fmax), "(x, y)`—The greater of `x` and `y` (+0 above -0); the other if one is NaN, `y` if both are.")]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub extern "C" fn $fmax(x: $t, y: $t) -> $t {
            $pick(x, y, true)
        }

        #[doc = concat!("`", stringify!($nextafter), "(x, y)`—The next representable value after `x` toward `y`; `y` when they are equal.")]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub extern "C" fn $nextafter(x: $t, y: $t) -> $t {
            const BITS: u32 = <$bits>::BITS;
            const SIGN: $bits = 1 << (BITS - 1);
            if $isnan(x) || $isnan(y) {
                return $add(y, x);
            }
            let (bx, by) = (x.to_bits(), y.to_bits());
            if bx == by {
                return y;
            }
            let (ax, ay) = (bx & !SIGN, by & !SIGN);
            let r = if ax == 0 {
                if ay == 0 {
                    return y;
                }
                (by & SIGN) | 1
            } else if ax > ay || (bx ^ by) & SIGN != 0 {
                bx - 1
            } else {
                bx + 1
            };
            let rv = <$t>::from_bits(r);
            let e = (r & !SIGN) >> $sig;
            if e == (1 << (BITS - 1 - $sig)) - 1 {
                // Stepped to infinity: overflow.
                let _ = black_box(black_box(x) + black_box(x));
            } else if e == 0 {
                // Subnormal or zero: underflow.
                let _ = black_box(black_box(x) * black_box(x) + black_box(rv) * black_box(rv));
            }
            rv
        }
    };
}

exact_fns!(f64, u64, 52, add_dst, round, fdim, fmin, fmax, pick, nextafter, isnan);
exact_fns!(f32, u32, 23, add_dstf, roundf, fdimf, fminf, fmaxf, pickf, nextafterf, isnanf);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_matches_the_definition() {
        let mut rng = crate::support::XorShift(0x0123_4567_89ab_cdef);
        for i in 0..200_000 {
            let s = rng.next();
            let x = if i % 2 == 0 { f64::from_bits(s) } else { (s as i64 as f64) / 2f64.powi((s % 60) as i32) };
            let want = x.round();
            assert!(round(x).to_bits() == want.to_bits() || (x.is_nan() && round(x).is_nan()), "round({x:e})");
            let f = x as f32;
            assert!(roundf(f).to_bits() == f.round().to_bits() || f.is_nan(), "roundf({f:e})");
        }
        assert_eq!(round(0.5), 1.0);
        assert_eq!(round(-0.49999999999999994).to_bits(), (-0.0f64).to_bits());
        assert_eq!(round(4503599627370495.5), 4503599627370496.0);
        assert_eq!(roundf(-2.5), -3.0);
    }

    #[test]
    fn min_max_dim_and_nextafter() {
        assert_eq!(fmin(-0.0, 0.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(fmin(0.0, -0.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(fmax(-0.0, 0.0).to_bits(), 0);
        assert_eq!(fmax(0.0, -0.0).to_bits(), 0);
        assert_eq!(fmin(f64::NAN, 3.0), 3.0);
        assert_eq!(fmax(2.0, f64::NAN), 2.0);
        assert_eq!(fminf(-1.0, 2.0), -1.0);
        let a = f64::from_bits(0x7ff8_0000_0000_0001);
        let b = f64::from_bits(0x7ff8_0000_0000_0002);
        assert_eq!(fmin(a, b).to_bits(), b.to_bits(), "both NaN: the second");
        assert_eq!(fdim(5.0, 3.0), 2.0);
        assert_eq!(fdim(3.0, 5.0), 0.0);
        assert_eq!(fdim(a, 1.0).to_bits(), a.to_bits());
        assert_eq!(nextafter(1.0, 2.0), 1.0 + f64::EPSILON);
        assert_eq!(nextafter(0.0, -1.0), -f64::from_bits(1));
        assert_eq!(nextafter(f64::MAX, f64::INFINITY), f64::INFINITY);
        assert_eq!(nextafter(-0.0, 0.0).to_bits(), 0);
        assert_eq!(nextafterf(1.0, 0.0), 1.0 - f32::EPSILON / 2.0);
        // NaN payloads propagate as x86 propagates them (RISC-V returns the canonical NaN).
        if cfg!(target_arch = "x86_64") {
            assert_eq!(nextafter(a, b).to_bits(), b.to_bits(), "both NaN: y's");
        }
        assert!(nextafter(a, b).is_nan());
    }
}
