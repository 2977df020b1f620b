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
use super::pow::ln_parts;
use super::{BIAS, F80, INT_BIT, U256, add, raise_inexact, round_f80, sub, x87_mode};
use crate::explog_tables::LN2;
use crate::trig::{Dd, in_nearest, two_prod};
use core::ffi::c_int;

const HALF_LN_2PI: Dd = Dd::new(f64::from_bits(0x3fed_67f1_c864_beb5), f64::from_bits(0xbc86_5b5a_1b7f_f5df));
pub(crate) use crate::bessel::EULER;
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

/// ln π.
const LN_PI: Dd = Dd::new(f64::from_bits(0x3ff2_50d0_48e7_a1bd), f64::from_bits(0x3c67_abf2_ad8d_5088));
/// ln Γ(1 + e) = -γe + Σ (-1)^k ζ(k)/k · e^k: the coefficients for k = 2..=14.
const AT_ONE: [Dd; 13] = [
    Dd::new(f64::from_bits(0x3fea51a6625307d3), f64::from_bits(0x3c71873d8912200c)),
    Dd::new(f64::from_bits(0xbfd9a4d55beab2d7), f64::from_bits(0x3c44c26d1b465993)),
    Dd::new(f64::from_bits(0x3fd151322ac7d848), f64::from_bits(0x3c6b5f91211196e5)),
    Dd::new(f64::from_bits(0xbfca8b9c17aa6149), f64::from_bits(0xbc52e826a4fdae1a)),
    Dd::new(f64::from_bits(0x3fc5b40cb100c306), f64::from_bits(0x3c44a79940f15696)),
    Dd::new(f64::from_bits(0xbfc2703a1dcea3ae), f64::from_bits(0xbc66307fd0794ac4)),
    Dd::new(f64::from_bits(0x3fc010b36af86397), f64::from_bits(0xbc4741a635b224a6)),
    Dd::new(f64::from_bits(0xbfbc806706d57db4), f64::from_bits(0xbc556aa806fdd3ee)),
    Dd::new(f64::from_bits(0x3fb9a01e385d5f8f), f64::from_bits(0x3c4813418f3768cd)),
    Dd::new(f64::from_bits(0xbfb748c33114c6d6), f64::from_bits(0xbc2ea57624080720)),
    Dd::new(f64::from_bits(0x3fb556ad63243bc4), f64::from_bits(0x3c15de8580fae81d)),
    Dd::new(f64::from_bits(0xbfb3b1d971fc5985), f64::from_bits(0x3c4e58607e493dfd)),
    Dd::new(f64::from_bits(0x3fb2496df8320c5f), f64::from_bits(0x3c5cf4b4ae040be8)),
];
/// ln Γ(2 + e) = (1 - γ)e + Σ (-1)^k (ζ(k) - 1)/k · e^k: 1 - γ, then k = 2..=14.
const ONE_MINUS_EULER: Dd = Dd::new(f64::from_bits(0x3fdb_0ee6_0720_93ce), f64::from_bits(0x3c56_cb90_701f_bfab));
const AT_TWO: [Dd; 13] = [
    Dd::new(f64::from_bits(0x3fd4a34cc4a60fa6), f64::from_bits(0x3c71873d8912200c)),
    Dd::new(f64::from_bits(0xbfb13e001a557607), f64::from_bits(0x3c5fb68be2f8821f)),
    Dd::new(f64::from_bits(0x3f951322ac7d8483), f64::from_bits(0x3c3afc89088cb729)),
    Dd::new(f64::from_bits(0xbf7e404fc218f5f2), f64::from_bits(0x3c1e4a627cf1eb34)),
    Dd::new(f64::from_bits(0x3f67add6eadb6c30), f64::from_bits(0xbbf5b7828c7fd7f4)),
    Dd::new(f64::from_bits(0xbf538ac5c2bf8e08), f64::from_bits(0x3be8a4c1cfd9cec8)),
    Dd::new(f64::from_bits(0x3f40b36af86396e9), f64::from_bits(0xbbe0698d6c892967)),
    Dd::new(f64::from_bits(0xbf2d3fd4c76d2fc8), f64::from_bits(0x3bbc7c55cfccbb83)),
    Dd::new(f64::from_bits(0x3f1a127b0f17d65a), f64::from_bits(0x3ba9d309aa700268)),
    Dd::new(f64::from_bits(0xbf078de5bd7c81ef), f64::from_bits(0x3b7a20541cde47a6)),
    Dd::new(f64::from_bits(0x3ef580dcee66eb02), f64::from_bits(0x3b8260574b258f72)),
    Dd::new(f64::from_bits(0xbee3cbc963ce2243), f64::from_bits(0x3b8ea56e6c7d5329)),
    Dd::new(f64::from_bits(0x3ed2597a39f34aac), f64::from_bits(0xbb7bf911462a7d81)),
];

/// ln Γ(z) for a double-double z >= 20 in the double range, by Stirling's series:
/// (z - 1/2) ln z - z + ln(2π)/2 + Σ c_k / z^(2k-1).
fn ln_gamma_stirling(z: Dd) -> Dd {
    let one = Dd::new(1.0, 0.0);
    let inv = one.div(z);
    let inv2 = inv.mul(inv);
    let mut s = Dd::new(0.0, 0.0);
    for c in STIRLING.iter().rev() {
        s = s.mul(inv2).add(*c);
    }
    z.add(Dd::new(-0.5, 0.0)).mul(ln_dd(z)).add(z.neg()).add(HALF_LN_2PI).add(s.mul(inv))
}

/// x shifted up to z = x + n >= 20, with the product x(x+1)···(x+n-1) (1 for n = 0).
fn shifted(x: Dd) -> (Dd, Dd) {
    let one = Dd::new(1.0, 0.0);
    let (mut z, mut p) = (x, one);
    while z.hi < 20.0 {
        p = p.mul(z);
        z = z.add(one);
    }
    (z, p)
}

/// Γ(x) for a double-double x >= 2^-40 (up to 1800), as (m, k): Γ(x) = m·2^k.
fn gamma_pos(x: Dd) -> (Dd, i32) {
    let (z, p) = shifted(x);
    let (m, k) = exp_big(ln_gamma_stirling(z));
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
    let r = in_nearest(x, |x| gamma_dd(to_dd(x)));
    raise_inexact();
    dd_round(r.0, r.1, mode)
}

/// Γ(x) as (m, k), Γ(x) = m·2^k, in double-double, for a double-double x that is not a
/// pole, 2^-960 <= |x| and x below 1800 (in round-to-nearest): 1/x - γ + (γ²/2 + π²/12)x
/// below 2^-40, Stirling's series shifted up to 20 above 0, and below, π / (sin(πx)·Γ(1 -
/// x)) with x - round(x) exact. Also `tgamma`'s.
pub(crate) fn gamma_dd(xd: Dd) -> (Dd, i32) {
    let one = Dd::new(1.0, 0.0);
    if xd.hi.abs() < 9.094947017729282e-13 {
        // |x| < 2^-40.
        return (one.div(xd).add(EULER.neg()).add(C1.mul(xd)), 0);
    }
    if xd.hi > 0.0 {
        return gamma_pos(xd);
    }
    // x < 0: π / (sin(πx)·Γ(1 - x)), r = x - round(x) exact.
    let n = (xd.hi + 6_755_399_441_055_744.0) - 6_755_399_441_055_744.0;
    let rr = Dd::new(xd.hi - n, 0.0).add(Dd::new(xd.lo, 0.0));
    let (s, _) = crate::trig::sin_cos_of(0, PI.mul(rr));
    let s = if (n as i64) & 1 != 0 { s.neg() } else { s };
    let (g, k) = gamma_pos(one.add(xd.neg()));
    (PI.div(s.mul(g)), -k)
}

ld_fn!(x call "tgammal", "limpet_math_tgammal", tgammal_body);

/// The power series Σ c_k e^k (k from 1, `first` then `rest`) for |e| < 2^-8: the terms
/// fall by 2^-8 each, so 14 of them reach 2^-104 of the first.
fn series(e: Dd, first: Dd, rest: &[Dd; 13]) -> Dd {
    let mut s = Dd::new(0.0, 0.0);
    for c in rest.iter().rev() {
        s = s.mul(e).add(*c);
    }
    s.mul(e).add(first).mul(e)
}

/// ln Γ(x) for a double-double x in [2^-40, 2^990): near 1 and 2, where it vanishes, by its
/// power series there (so it keeps its relative precision); elsewhere Stirling's series
/// after the shift to 20, less the log of the shift's product (cancelling to at worst
/// 2^-21 of 40 beside the two series' ranges, so about 2^-80 relative).
fn ln_gamma_pos(x: Dd) -> Dd {
    let one = Dd::new(1.0, 0.0);
    let e1 = x.add(Dd::new(-1.0, 0.0));
    if e1.hi.abs() < 0.00390625 {
        return series(e1, EULER.neg(), &AT_ONE);
    }
    let e2 = x.add(Dd::new(-2.0, 0.0));
    if e2.hi.abs() < 0.00390625 {
        return series(e2, ONE_MINUS_EULER, &AT_TWO);
    }
    let (z, p) = shifted(x);
    let lg = ln_gamma_stirling(z);
    if p.hi == one.hi && p.lo == 0.0 { lg } else { lg.add(ln_dd(p).neg()) }
}

/// ln |Γ(x)| and the sign of Γ(x), as `lgammal_r` gives them:
/// - +inf with divide-by-zero at the poles (±0, the negative integers: sign -1 at -0 only,
///   and inexact too at the odd ones, as musl's sin(πx) leaves it), +inf for ±inf;
/// - exactly +0 at 1 and 2;
/// - |x| < 2^-40: -ln|x| - γx;
/// - x >= 2^990: x(ln x - 1), the rest below its last bit (overflow past about 10^4928);
/// - x < 0: ln π - ln|sin(πx)| - ln Γ(1 - x), sin(πx) from the exact x - round(x), its sign
///   the sign of Γ(x).
///
/// Near the zeros on the negative axis (the first near -2.4571) the difference cancels, and
/// the error there is about 2^-100 absolute rather than relative.
fn lgamma_signed(x: F80) -> (F80, c_int) {
    let inf = F80::new(false, 0x7fff, INT_BIT);
    if x.exp() == 0x7fff {
        return if x.is_nan() { (add(x, x), 1) } else { (inf, 1) };
    }
    let pole = || {
        let _ = core::hint::black_box(core::hint::black_box(1.0f64) / core::hint::black_box(0.0f64));
        inf
    };
    if x.m == 0 {
        return (pole(), if x.neg() { -1 } else { 1 });
    }
    let e = x.exp() as i32 - BIAS;
    let fbits = (63 - e).clamp(0, 64) as u32;
    let integral = e >= 0 && (fbits == 0 || x.m & (u64::MAX >> (64 - fbits)) == 0);
    if x.neg() && integral {
        // Odd when the units bit (bit 63 - e) is set.
        if e < 64 && fbits < 64 && x.m >> fbits & 1 == 1 {
            raise_inexact();
        }
        return (pole(), 1);
    }
    if !x.neg() && integral && (x.m == INT_BIT && (e == 0 || e == 1)) {
        return (F80::new(false, 0, 0), 1);
    }
    let mode = x87_mode();
    let sign = if x.neg() { -1 } else { 1 };
    if e < -40 {
        let r = in_nearest(x, |x| {
            let (k, lnm) = ln_parts(x);
            let (p, pe) = two_prod(f64::from(k), LN2.0);
            let l = Dd::new(p, pe + f64::from(k) * LN2.1).add(lnm).neg();
            if e >= -110 { l.add(EULER.mul(to_dd(x)).neg()) } else { l }
        });
        raise_inexact();
        return (dd_round(r, 0, mode), sign);
    }
    if e >= 990 {
        // Positive here: negative ones this large are integers.
        let r = in_nearest(x, |x| {
            let (k, lnm) = ln_parts(x);
            let (p, pe) = two_prod(f64::from(k), LN2.0);
            let l = Dd::new(p, pe + f64::from(k) * LN2.1).add(lnm);
            super::exp::u64_dd(x.m, -63, false).mul(l.add(Dd::new(-1.0, 0.0)))
        });
        raise_inexact();
        return (dd_round(r, e, mode), 1);
    }
    let (r, s) = in_nearest(x, |x| {
        let xd = to_dd(x);
        if !x.neg() {
            return (ln_gamma_pos(xd), 1);
        }
        // x = n + r exactly, |r| <= 1/2 (the double trick for round(x) fails from 2^52).
        let (n, rr, _) = super::exp::split_int(x);
        let (sn, _) = crate::trig::sin_cos_of(0, PI.mul(rr));
        let sn = if n & 1 != 0 { sn.neg() } else { sn };
        let a = if sn.hi < 0.0 { sn.neg() } else { sn };
        let one = Dd::new(1.0, 0.0);
        let r = LN_PI.add(ln_dd(a).neg()).add(ln_gamma_pos(one.add(xd.neg())).neg());
        (r, if sn.hi < 0.0 { -1 } else { 1 })
    });
    raise_inexact();
    if r.hi == 0.0 {
        return (F80::new(false, 0, 0), s);
    }
    (dd_round(r, 0, mode), s)
}

/// ln |Γ(x)| in double-double (in round-to-nearest) and Γ's sign, for a double x with
/// 2^-40 <= |x| < 2^990 that is not a pole, 1 or 2: `lgamma_signed`'s main branch, for
/// `lgamma_r`.
pub(crate) fn lgamma_dd(x: f64) -> (Dd, c_int) {
    let xd = Dd::new(x, 0.0);
    if x > 0.0 {
        return (ln_gamma_pos(xd), 1);
    }
    // x = n + r exactly, |r| <= 1/2 (|x| < 2^52: the negative ones beyond are integers;
    // `round`, as the shift by 1.5·2^52 is exact, not rounding, from 2^51).
    let n = libm::round(x);
    let rr = Dd::new(x - n, 0.0);
    let (sn, _) = crate::trig::sin_cos_of(0, PI.mul(rr));
    let sn = if (n as i64) & 1 != 0 { sn.neg() } else { sn };
    let a = if sn.hi < 0.0 { sn.neg() } else { sn };
    let one = Dd::new(1.0, 0.0);
    let r = LN_PI.add(ln_dd(a).neg()).add(ln_gamma_pos(one.add(xd.neg())).neg());
    (r, if sn.hi < 0.0 { -1 } else { 1 })
}

/// `lgammal_r(x, sign)` (and `__lgammal_r`): ln |Γ(x)|, the sign of Γ(x) in `*sign`.
///
/// # Safety
/// `sign` must be valid for a write.
pub unsafe extern "C" fn lgammal_r_body(x: F80, sign: *mut c_int) -> F80 {
    let (r, s) = lgamma_signed(x);
    // SAFETY: the caller's pointer.
    unsafe { *sign = s };
    r
}

/// `lgammal(x)`: `lgammal_r` storing the sign in `signgam`.
pub extern "C" fn lgammal_body(x: F80) -> F80 {
    let (r, s) = lgamma_signed(x);
    // SAFETY: `signgam` is the program's, written as C's lgammal writes it.
    unsafe { crate::real::__signgam = s };
    r
}

ld_fn!(x call "lgammal", "limpet_math_lgammal", lgammal_body);
ld_fn!(call "lgammal_r", "limpet_math_lgammal_r", lgammal_r_body:
    "mov rdx, rdi", "mov rdi, qword ptr [rsp + 8]", "movzx esi, word ptr [rsp + 16]");
export!("__lgammal_r", "limpet_math_lgammal_r");

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

    #[test]
    fn lgamma_against_the_double_function() {
        let mut s = 0;
        assert_eq!(unsafe { lgammal_r_body(f(1.0), &mut s) }, F80::new(false, 0, 0));
        assert_eq!(unsafe { lgammal_r_body(f(-0.0), &mut s) }.is_inf(), true);
        assert_eq!(s, -1);
        assert!(unsafe { lgammal_r_body(f(-4.0), &mut s) }.is_inf());
        assert_eq!(s, 1);
        // ln Γ(1/2) = ln √π.
        assert_eq!(to_f64(unsafe { lgammal_r_body(f(0.5), &mut s) }), 0.5723649429247001);
        let mut rng = crate::support::XorShift(0x5555_6666_7777_8888);
        for i in 0..30_000 {
            let x = match i % 3 {
                0 => (rng.unit() - 0.4) * 100.0,
                1 if i % 2 == 0 => -(rng.unit() + 1.0) * 2f64.powi(40) - 0.3,
                1 => 1.0 + (rng.unit() - 0.5) / 64.0,
                _ => 2.0 + (rng.unit() - 0.5) / 64.0,
            };
            let (g, gs) = (unsafe { lgammal_r_body(f(x), &mut s) }, s);
            let (w, ws) = libm::lgamma_r(x);
            // Relative, with slack for the crate's own error and the cancellation near the
            // negative axis' zeros.
            if w.is_finite() && w.abs() > 1e-3 {
                assert!(((to_f64(g) - w) / w).abs() < 1e-13, "lgamma {x}: {} {w}", to_f64(g));
                assert_eq!(gs, ws, "sign at {x}");
            }
        }
        // Large: x (ln x - 1) - ln x / 2 + ln(2π)/2 at 1e300 is 1e300·689.77...
        let big = to_f64(unsafe { lgammal_r_body(f(1e300), &mut s) });
        assert!((big / 1e300 - 689.7755278982137).abs() < 1e-12);
    }
}
