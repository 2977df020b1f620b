//! `hypotl` and `cbrtl` in integer arithmetic, so correctly rounded in every mode with no
//! exceptions: the exact x² + y² (or x scaled to a multiple-of-3 exponent) in 256 bits, its
//! integer square (or cube) root with a sticky bit for a nonzero remainder, one rounding to
//! the 64-bit significand in the x87's mode. Exact results (hypotl(3, 4), cbrtl(-27)) are
//! exact without inexact.
use super::exp::nudged;
use super::{BIAS, F80, U256, add, round_f80, x87_mode};

/// A finite nonzero value's magnitude as (significand with bit 63 set, exponent of its last bit).
fn normalized(x: F80) -> (u64, i32) {
    let e = if x.exp() == 0 { 1 } else { x.exp() as i32 };
    let lz = x.m.leading_zeros();
    (x.m << lz, e - BIAS - 63 - lz as i32)
}

/// ⌊√n⌋ of a 256-bit n (below 2^256, so the root is below 2^128), and whether it was exact.
fn isqrt(n: U256) -> (u128, bool) {
    let mut rem = U256(0, 0);
    let mut root: u128 = 0;
    for i in (0..128u32).rev() {
        let k = 2 * i;
        let two = if k >= 128 { n.0 >> (k - 128) & 3 } else { n.1 >> k & 3 };
        rem = rem.shl(2).add(U256(0, two));
        // (2·root + 1)·... : the trial subtrahend 4·root + 1 at this step.
        let trial = U256(0, root).shl(2).add(U256(0, 1));
        root <<= 1;
        if rem >= trial {
            rem = rem.sub(trial);
            root |= 1;
        }
    }
    (root, rem == U256(0, 0))
}

/// a·b in 256 bits.
pub(super) fn mul_wide(a: u128, b: u128) -> U256 {
    let (a1, a0) = (a >> 64, a & u128::from(u64::MAX));
    let (b1, b0) = (b >> 64, b & u128::from(u64::MAX));
    let lo = U256(0, a0 * b0);
    let mid1 = U256(0, a0 * b1).shl(64);
    let mid2 = U256(0, a1 * b0).shl(64);
    let hi = U256(a1 * b1, 0);
    lo.add(mid1).add(mid2).add(hi)
}

/// c³ for c < 2^85 (so below 2^255).
fn cube(c: u128) -> U256 {
    let sq = mul_wide(c, c);
    // sq = h·2^128 + l with h < 2^42: c·h < 2^127.
    mul_wide(sq.1, c).add(U256(sq.0 * c, 0))
}

/// `hypotl(x, y)`: √(x² + y²) without overflow or underflow along the way; +inf if either
/// is infinite (even with a NaN), else a NaN argument (x's first, its sign cleared) as it is.
pub extern "C" fn hypotl_body(x: F80, y: F80) -> F80 {
    let (ax, ay) = (F80 { m: x.m, se: x.exp() }, F80 { m: y.m, se: y.exp() });
    if x.is_inf() || y.is_inf() {
        return F80::new(false, 0x7fff, super::INT_BIT);
    }
    // A NaN as it is with its sign cleared, x's first (musl's choice).
    if x.is_nan() {
        return ax;
    }
    if y.is_nan() {
        return ay;
    }
    let (a, b) = if (ax.exp(), ax.m) >= (ay.exp(), ay.m) { (ax, ay) } else { (ay, ax) };
    if b.m == 0 {
        return a;
    }
    let mode = x87_mode();
    let (ma, ea) = normalized(a);
    let (mb, eb) = normalized(b);
    let d = ea - eb;
    if d > 62 {
        // b²/(2a²) is below 2^-125: a, nudged up.
        return nudged(a, true, mode);
    }
    let s = U256(0, u128::from(ma) * u128::from(ma)).shl(2 * d as u32).add(U256(0, u128::from(mb) * u128::from(mb)));
    // Scale by an even power of two so the root has 128 bits; s·2^(2eb) = (s·4^j)·2^(2(eb-j)).
    let j = s.leading_zeros() / 2;
    let (root, exact) = isqrt(s.shl(2 * j));
    let m = U256(0, root).shl(1).add(U256(0, u128::from(!exact)));
    round_f80(false, m, eb - j as i32 - 1, mode)
}

/// `cbrtl(x)`: the real cube root, with x's sign; a NaN quieted, infinities and zeros as
/// they are.
pub extern "C" fn cbrtl_body(x: F80) -> F80 {
    if x.exp() == 0x7fff {
        return add(x, x);
    }
    if x.m == 0 {
        return x;
    }
    let mode = x87_mode();
    let (m, e) = normalized(x);
    // m·2^s with s in 189..=191 making e - s a multiple of 3: below 2^255, a root of 85 bits.
    let s = 189 + (e - 189).rem_euclid(3);
    let n = U256(0, u128::from(m)).shl(s as u32);
    let mut r: u128 = 0;
    for i in (0..85).rev() {
        let c = r | 1 << i;
        if cube(c) <= n {
            r = c;
        }
    }
    let exact = cube(r) == n;
    let mm = U256(0, r).shl(1).add(U256(0, u128::from(!exact)));
    round_f80(x.neg(), mm, (e - s) / 3 - 1, mode)
}

ld_fn!(xy call "hypotl", "limpet_math_hypotl", hypotl_body);
ld_fn!(x call "cbrtl", "limpet_math_cbrtl", cbrtl_body);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ld80::{f, to_f64};

    #[test]
    fn integer_roots_are_exact() {
        assert_eq!(isqrt(U256(0, 144)), (12, true));
        assert_eq!(isqrt(U256(0, 145)), (12, false));
        let big = mul_wide(u128::MAX >> 1, u128::MAX >> 1);
        assert_eq!(isqrt(big), (u128::MAX >> 1, true));
        assert_eq!(cube(3), U256(0, 27));
        assert_eq!(hypotl_body(f(3.0), f(-4.0)), f(5.0));
        assert_eq!(hypotl_body(f(0.0), f(-7.5)), f(7.5));
        assert_eq!(cbrtl_body(f(-27.0)), f(-3.0));
        assert_eq!(cbrtl_body(f(0.125)), f(0.5));
        // The smallest subnormal, 2^-16445: its cube root 2^-5481.67 is normal.
        let r = cbrtl_body(F80::new(false, 0, 1));
        assert_eq!(r.exp() as i32 - BIAS, -5482);
    }

    /// Rounded to double, within an ulp of the double functions (limpet's cbrt is correctly
    /// rounded, the crate's hypot within an ulp).
    #[test]
    fn agree_with_the_double_functions() {
        let mut rng = crate::support::XorShift(0x2468_1357_fdb9_eca8);
        for _ in 0..20_000 {
            let a = f64::from_bits(rng.next() & 0x7fef_ffff_ffff_ffff) * if rng.next() & 1 == 0 { 1.0 } else { -1.0 };
            let b = a * (rng.unit() * 4.0 - 2.0) * f64::from_bits(0x3ff0_0000_0000_0000 + (rng.next() % 40 << 52));
            let c = to_f64(cbrtl_body(f(a)));
            assert!(crate::support::ulps(c, libm::cbrt(a)) <= 1, "cbrt {a}");
            if b.is_finite() {
                let h = to_f64(hypotl_body(f(a), f(b)));
                assert!(h == libm::hypot(a, b) || crate::support::ulps(h, libm::hypot(a, b)) <= 2, "hypot {a} {b}");
            }
        }
    }
}
