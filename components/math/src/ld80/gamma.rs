//! `tgammal` in double-double, rounded once to 64 bits in the x87's mode:
//! - integral x up to 57: (x-1)! exactly in 256 bits, rounded once (exact ones raise no
//!   inexact);
//! - other x > 0: shifted up to z = x + n >= 20, ln Γ(z) by Stirling's series (16 terms of
//!   B_2k/(2k(2k-1) z^(2k-1)), the Bernoulli numbers' quotients as double-doubles computed
//!   to 300 bits), Γ(x) = e^(ln Γ(z)) / (x(x+1)···(x+n-1));
//! - x < 0: Γ(x) = π / (sin(πx)·Γ(1-x)), sin(πx) from the exact x - round(x);
//! - |x| < 2^-40: 1/x - γ + (γ²/2 + π²/12)x.
//!
//! Poles (0, negative integers) and -inf as C asks: ±inf with divide-by-zero at ±0, the
//! default NaN with invalid at the negative integers and -inf.
use super::exp::{dd_round, exp_big, tiny, to_dd};
use super::pow::ln_dd;
use super::{BIAS, F80, INT_BIT, U256, add, raise_inexact, round_f80, sub, x87_mode};
use crate::trig::{Dd, in_nearest};

const HALF_LN_2PI: Dd = Dd::new(f64::from_bits(0x3fed_67f1_c864_beb5), f64::from_bits(0xbc86_5b5a_1b7f_f5df));
const EULER: Dd = Dd::new(f64::from_bits(0x3fe2_788c_fc6f_b619), f64::from_bits(0xbc56_cb90_701f_bfab));
/// γ²/2 + π²/12.
const C1: Dd = Dd::new(f64::from_bits(0x3fef_a658_c23b_1578), f64::from_bits(0x3c8d_d92b_465a_8221));
const PI: Dd = Dd::new(f64::from_bits(0x4009_21fb_5444_2d18), f64::from_bits(0x3ca1_a626_3314_5c07));
/// B_2k / (2k(2k-1)), k = 1..=16.
const STIRLING: [Dd; 16] = [
    Dd::new(f64::from_bits(0x3fb5555555555555), f64::from_bits(0x3c55555555555555)),
    Dd::new(f64::from_bits(0xbf66c16c16c16c17), f64::from_bits(0x3bff49f49f49f49f)),
    Dd::new(f64::from_bits(0x3f4a01a01a01a01a), f64::from_bits(0x3b8a01a01a01a01a)),
    Dd::new(f64::from_bits(0xbf43813813813814), f64::from_bits(0x3befb1fb1fb1fb20)),
    Dd::new(f64::from_bits(0x3f4b951e2b18ff23), f64::from_bits(0x3be5c3a9ce01b952)),
    Dd::new(f64::from_bits(0xbf5f6ab0d9993c7d), f64::from_bits(0x3bff82553c999b0e)),
    Dd::new(f64::from_bits(0x3f7a41a41a41a41a), f64::from_bits(0x3c10690690690690)),
    Dd::new(f64::from_bits(0xbf9e4286cb0f5398), f64::from_bits(0x3c21efcdab896745)),
    Dd::new(f64::from_bits(0x3fc6fe96381e0680), f64::from_bits(0xbc279e2405a71f88)),
    Dd::new(f64::from_bits(0xbff6476701181f3a), f64::from_bits(0x3c724246319da678)),
    Dd::new(f64::from_bits(0x402ace44322ce006), f64::from_bits(0xbcc62c2b1bbcdd32)),
    Dd::new(f64::from_bits(0xc0639b2525cccc1b), f64::from_bits(0x3d052604768a30fc)),
    Dd::new(f64::from_bits(0x40a12234e81b4e82), f64::from_bits(0xbd42c5f92c5f92c6)),
    Dd::new(f64::from_bits(0xc0e1a198ae1c4ab8), f64::from_bits(0x3d64c012227b696e)),
    Dd::new(f64::from_bits(0x41251a2089a6e11a), f64::from_bits(0x3dbc219ee4fdc447)),
    Dd::new(f64::from_bits(0xc16d1089b142d357), f64::from_bits(0xbe0e2030b4d5de20)),
];

/// Γ(x) for a double-double x >= 2^-40 (up to 1800), as (m, k): Γ(x) = m·2^k.
fn gamma_pos(x: Dd) -> (Dd, i32) {
    let one = Dd::new(1.0, 0.0);
    let mut z = x;
    let mut p = one;
    while z.hi < 20.0 {
        p = p.mul(z);
        z = z.add(one);
    }
    // ln Γ(z) = (z - 1/2) ln z - z + ln(2π)/2 + Σ c_k / z^(2k-1).
    let inv = one.div(z);
    let inv2 = inv.mul(inv);
    let mut s = Dd::new(0.0, 0.0);
    for c in STIRLING.iter().rev() {
        s = s.mul(inv2).add(*c);
    }
    let lg = z.add(Dd::new(-0.5, 0.0)).mul(ln_dd(z)).add(z.neg()).add(HALF_LN_2PI).add(s.mul(inv));
    let (m, k) = exp_big(lg);
    (m.div(p), k)
}

/// `tgammal(x)`.
pub extern "C" fn tgammal_body(x: F80) -> F80 {
    let inf = F80::new(false, 0x7fff, INT_BIT);
    if x.is_nan() {
        return add(x, x);
    }
    if x.is_inf() {
        return if x.neg() { sub(inf, inf) } else { x };
    }
    if x.m == 0 {
        let _ = core::hint::black_box(core::hint::black_box(1.0f64) / core::hint::black_box(0.0f64));
        return F80::new(x.neg(), 0x7fff, INT_BIT);
    }
    let e = x.exp() as i32 - BIAS;
    // Whether x is an integer: no fraction bits below its units place.
    let fbits = (63 - e).clamp(0, 64) as u32;
    let integral = e >= 0 && (fbits == 0 || x.m & (u64::MAX >> (64 - fbits)) == 0);
    if x.neg() && integral {
        return sub(inf, inf);
    }
    let mode = x87_mode();
    if !x.neg() && e >= 11 && !F80::less(x, F80::from_f64(1755.6)) {
        return round_f80(false, U256(0, 1), 20000, mode);
    }
    if !x.neg() && integral && e < 6 {
        let n = x.m >> fbits;
        if n <= 57 {
            let mut p = U256(0, 1);
            for k in 2..n {
                p = super::pow::mul_small(p, k).unwrap_or(p);
            }
            return round_f80(false, p, 0, mode);
        }
    }
    if x.neg() && e >= 11 && !F80::less(F80 { m: x.m, se: x.exp() }, F80::from_f64(1800.0)) {
        // Γ(x) below the format, negative for x in (-n-1, -n) with n = ⌊|x|⌋ even (x is
        // not an integer here, so e < 63 and the units bit is bit 63 - e).
        let even = x.m >> (63 - e) & 1 == 0;
        return tiny(even, mode);
    }
    if (x.exp() as i32) < BIAS - 960 {
        // 1/x - γ with 1/x beyond what double-double division handles: 2^-E/m for x = m·2^E, as 2^255/m in
        // integers (2^254/m, doubled with a sticky bit); γ only moves it off an exact quotient,
        // toward zero for x > 0.
        let (q, r) = super::exp::div_u256(U256(1 << 126, 0), u128::from(x.m));
        let twice = U256(q.0, q.1).shl(1);
        let m = if r == 0 && !x.neg() { twice.sub(U256(0, 1)) } else { twice.add(U256(0, 1)) };
        let ex = if x.exp() == 0 { 1 } else { x.exp() as i32 } - BIAS - 63;
        return round_f80(x.neg(), m, -ex - 255, mode);
    }
    let r = in_nearest(x, |x| {
        let xd = to_dd(x);
        let one = Dd::new(1.0, 0.0);
        if xd.hi.abs() < 9.094947017729282e-13 {
            // |x| < 2^-40.
            return (one.div(xd).add(EULER.neg()).add(C1.mul(xd)), 0);
        }
        if !x.neg() {
            return gamma_pos(xd);
        }
        // x < 0: π / (sin(πx)·Γ(1 - x)), r = x - round(x) exact.
        let n = (xd.hi + 6_755_399_441_055_744.0) - 6_755_399_441_055_744.0;
        let rr = Dd::new(xd.hi - n, 0.0).add(Dd::new(xd.lo, 0.0));
        let (s, _) = crate::trig::sin_cos_of(0, PI.mul(rr));
        let s = if (n as i64) & 1 != 0 { s.neg() } else { s };
        let (g, k) = gamma_pos(one.add(xd.neg()));
        (PI.div(s.mul(g)), -k)
    });
    raise_inexact();
    dd_round(r.0, r.1, mode)
}

ld_fn!(x call "tgammal", "limpet_math_tgammal", tgammal_body);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ld80::{f, to_f64};

    #[test]
    fn agree_with_the_double_function() {
        assert_eq!(tgammal_body(f(5.0)), f(24.0));
        assert_eq!(tgammal_body(f(1.0)), f(1.0));
        assert!(tgammal_body(f(-3.0)).is_nan());
        let mut rng = crate::support::XorShift(0x1111_2222_3333_4444);
        for _ in 0..20_000 {
            let x = (rng.unit() - 0.3) * 200.0;
            // The crate's tgamma is several ulps out at times (tgamma(36.584) by 5), so
            // the check is relative.
            let (g, w) = (to_f64(tgammal_body(f(x))), libm::tgamma(x));
            if w.is_finite() && w != 0.0 && w.abs() > 1e-300 {
                assert!(((g - w) / w).abs() < 2e-14, "tgamma {x}: {g} {w}");
            }
        }
    }
}
