//! `exp`, `exp2`, `log` and `log2`, correctly rounded in every rounding mode up to a
//! one-in-2^40 chance.
//!
//! - With FMA, a first stage (`exp_quick`, `exp2_quick_x`, `log_quick`): the 512-entry
//!   table of 2^(j/512), or the 256 reciprocals and their logarithms, a short series and one
//!   product left rounded, within 2^-60 or 3·2^-61 (absolute, of a result in [1, 2)) or
//!   2^-59 (relative), and Ziv's rounding test in the caller's mode. It decides about 99%
//!   of calls. `exp2`'s takes the series in d = x - k/512 itself, with no product in
//!   double-double, for a shorter chain of operations.
//! - Then a fast path: the same tables, a longer series, the products' errors recovered
//!   exactly (FMA where the CPU has it, Dekker's product where not), giving the result within
//!   2^-67 (exponentials) or 2^-63 (logarithms) relative, and the same test. Together they
//!   decide all but about one call in 2^13 (exponentials) or 2^11 (logarithms).
//! - The rest, and the subnormal results, are rounded once from a double-double result as
//!   the trigonometric functions' directed modes are ([`crate::trig`]):
//! - e^x: x = (512k + j)·ln 2/512 + r exactly (ln 2 in three parts, `explog_tables.rs` from
//!   `tools/explog_constants.py`), e^r - 1 by its series in double-double, times 2^(j/512)
//!   from the table, then scaled by 2^k: in the normal range by rounding then scaling
//!   (exact), in the subnormal range by rounding the double-double to the subnormal grid
//!   directly in the caller's mode, so there is one rounding there too.
//! - log x = e·ln 2 + log m (m in [√2/2, √2)), log m = y + log1p(t) for y the crate's
//!   `log(m)` and t = m·e^-y - 1 = (m - 1) + m·(e^-y - 1), within 2^-52 of 0, so two
//!   terms of the series do.
//! - Exact results are exact with no inexact: `exp(0)`, `exp2` of integers, `log(1)`,
//!   `log2` of powers of 2 (where musl raises inexact).
use crate::explog_tables::{EXP2_J, INV_FACT, INV_LN2, INV_N, LN2, LN2_PARTS, LOG_INV_C};
use crate::support::{invalid, neg_pole, rounding_mode};
use crate::trig::{Dd, fast_two_sum, in_nearest, round_dd, two_prod, two_sum};
use core::hint::black_box as bb;

/// e^r - 1 for |r| <= 0.36, to about 2^-98 relative.
pub(crate) fn expm1_small(r: Dd) -> Dd {
    let s = Dd::new(r.hi * (1.0 / 256.0), r.lo * (1.0 / 256.0));
    // e^s - 1 = s·Σ s^n/(n+1)!, the terms from s^5 on (below 2^-50) in double.
    let mut tail = 0.0;
    for n in (5..=10).rev() {
        tail = tail * s.hi + INV_FACT[n + 1].0;
    }
    let mut acc = Dd::new(tail, 0.0);
    for n in (0..5).rev() {
        acc = acc.mul(s).add(Dd::new(INV_FACT[n + 1].0, INV_FACT[n + 1].1));
    }
    let mut em1 = acc.mul(s);
    for _ in 0..8 {
        // e^2s - 1 = (e^s - 1)(e^s - 1 + 2).
        em1 = em1.mul(em1.add(Dd::new(2.0, 0.0)));
    }
    em1
}

/// Nearest integer of a double below 2^51 in magnitude (in round-to-nearest).
fn nearest_int(v: f64) -> f64 {
    const SHIFT: f64 = 6_755_399_441_055_744.0; // 1.5·2^52
    (v + SHIFT) - SHIFT
}

/// e^x for a double-double |x| < 746: (m, k) with e^x = m·2^k, m in [0.7, 1.42], to about
/// 2^-104 relative (in round-to-nearest, which the two_prods need).
/// - x = (512k + j)·ln2/512 + r, j in [-256, 256), |r| <= ln2/1024 (a little more from x's
///   low part): x - k·ln2_hi and then - j·ln2_hi/512 are exact (ln2_hi has 42 bits, k 11
///   and j 9; each difference is a multiple of the ulp of x's high part, or of 2^-53, that
///   fits in 53 bits), the rest of K·ln2/512 an exact product and a small double.
/// - e^r - 1 by its series to r^8/8! (r^9/9! is below 2^-112), the terms from r^5 on in
///   double, then 2^(j/512) (the table's double-double) times e^r.
pub(crate) fn exp_dd(x: Dd) -> (Dd, i32) {
    // SAFETY: |x·512/ln 2| < 2^20, an integer.
    let kk: i64 = unsafe { nearest_int(x.hi * (INV_LN2.0 * 512.0)).to_int_unchecked() };
    let k = (kk + 256) >> 9;
    let j = kk - (k << 9);
    let (kf, jf) = (k as f64, j as f64);
    let t = (x.hi - kf * LN2_PARTS.0) - jf * (LN2_PARTS.0 / 512.0);
    let kkf = kk as f64;
    let (p, pe) = two_prod(-kkf, LN2_PARTS.1 / 512.0);
    let r = Dd::new(t, 0.0).add(Dd::new(x.lo, 0.0)).add(Dd::new(p, pe)).add(Dd::new(-kkf * (LN2_PARTS.2 / 512.0), 0.0));
    let mut tail = 0.0;
    for n in (5..=8).rev() {
        tail = tail * r.hi + INV_FACT[n].0;
    }
    let mut acc = Dd::new(tail, 0.0);
    for n in (1..=4).rev() {
        acc = acc.mul(r).add(Dd::new(INV_FACT[n].0, INV_FACT[n].1));
    }
    let em1 = acc.mul(r);
    let (th, tl) = if j < 0 {
        let (h, l) = EXP2_J[(j + 512) as usize];
        (0.5 * h, 0.5 * l)
    } else {
        EXP2_J[j as usize]
    };
    let tj = Dd::new(th, tl);
    (tj.mul(em1).add(tj), k as i32)
}

/// 2^k for -1074 <= k <= 1023, exactly.
pub(crate) fn pow2(k: i32) -> f64 {
    if k >= -1022 { f64::from_bits(((k + 1023) as u64) << 52) } else { f64::from_bits(1 << (k + 1074)) }
}

/// m·2^k rounded once in the caller's mode, with its flags (|m| in [0.7, 1.42], of
/// either sign).
pub(crate) fn scale_round(m: Dd, k: i32) -> f64 {
    // The result's exponent is k or k-1 (m is in [0.7, 1.42]).
    if k >= -1021 {
        // A normal result (or an overflow): round to 53 bits, then scale exactly (in two
        // steps, 2^1024 not being a double; an overflow rounds as the mode says).
        let v = round_dd(m);
        return v * pow2(k / 2) * pow2(k - k / 2);
    }
    // Subnormal: round m·2^(k+1074) to an integer (the grid of 2^-1074) in the mode.
    // k >= -1076 here (exp and exp2 return earlier below that), so the scaling is exact.
    // A negative m rounds its magnitude in the mirrored mode (downward and upward swap).
    let neg = m.hi < 0.0;
    let sc = if neg { -pow2(k + 1074) } else { pow2(k + 1074) };
    let v = Dd::new(m.hi * sc, m.lo * sc);
    let mode = match (rounding_mode(), neg) {
        (1, true) => 2,
        (2, true) => 1,
        (r, _) => r,
    };
    let (n, inexact) = round_grid(v, mode);
    if inexact {
        // Tiny (after rounding, with an unbounded exponent: on the grid of 2^-1075) and
        // inexact: underflow; else inexact alone.
        let (n2, _) = round_grid(Dd::new(2.0 * v.hi, 2.0 * v.lo), mode);
        if n2 < 1 << 53 {
            let _ = bb(bb(f64::MIN_POSITIVE) * bb(f64::MIN_POSITIVE));
        } else {
            crate::support::raise_inexact();
        }
    }
    if neg { -f64::from_bits(n) } else { f64::from_bits(n) }
}

/// A positive double-double below 2^53 rounded to an integer in `mode`; whether that was
/// inexact.
fn round_grid(v: Dd, mode: u32) -> (u64, bool) {
    let n0 = libm::floor(v.hi);
    let mut frac = Dd::new(v.hi - n0, 0.0).add(Dd::new(v.lo, 0.0));
    let mut n = n0 as u64;
    if frac.hi < 0.0 {
        n -= 1;
        frac = frac.add(Dd::new(1.0, 0.0));
    }
    if frac.hi == 0.0 && frac.lo == 0.0 {
        return (n, false);
    }
    let up = match mode {
        0 => frac.hi > 0.5 || (frac.hi == 0.5 && (frac.lo > 0.0 || (frac.lo == 0.0 && n & 1 == 1))),
        2 => true,
        _ => false,
    };
    (n + u64::from(up), true)
}

// The fast paths. Each computes its result as an unevaluated sum `s + t` (|t| well below
// ulp(s)) with a relative error below `EPS`, in plain double arithmetic with the products'
// rounding errors recovered exactly (by a fused multiply-add where the CPU has one, by
// Dekker's product where not), then rounds `s + (t - EPS·s)` and `s + (t + EPS·s)` in the
// caller's mode: when the two agree, that is the correctly rounded result, since the exact
// value lies between them. Otherwise (about one call in 2^11) the double-double path above
// decides. Every step is exact or bounded in any rounding mode, so no mode switch is needed.

/// The logarithms' fast paths' bound on their relative error: 2^-63, with room to spare
/// over the largest error seen, 2^-67.5 (`fast_paths_are_within_their_bound` measures it;
/// the exponentials' is `EXP_EPS`).
const EPS: f64 = f64::from_bits((1023 - 63) << 52);

/// `a·b + c`, fused when `F` (then the caller runs with FMA enabled), else two roundings.
#[inline(always)]
pub(crate) fn fmadd<const F: bool>(a: f64, b: f64, c: f64) -> f64 {
    #[cfg(target_arch = "x86_64")]
    if F {
        // SAFETY: `F` is set only in the functions compiled with FMA enabled, which run
        // only when the CPU has it.
        return unsafe { crate::real::fma_hw(a, b, c) };
    }
    a * b + c
}

/// The rounding error of `p = a·b`: exact (fused, or Dekker's product in round-to-nearest).
#[inline(always)]
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
pub(crate) fn mul_err<const F: bool>(a: f64, b: f64, p: f64) -> f64 {
    #[cfg(target_arch = "x86_64")]
    if F {
        // SAFETY: as in `fmadd`.
        return unsafe { crate::real::fma_hw(a, b, -p) };
    }
    two_prod(a, b).1
}

/// `z` to an integer, the nearest (with `F`, where SSE4.1 is there too) or within 0.5 + an
/// ulp, in any rounding mode.
#[inline(always)]
pub(crate) fn nearest<const F: bool>(z: f64) -> f64 {
    #[cfg(target_arch = "x86_64")]
    if F {
        use core::arch::x86_64::{_MM_FROUND_NO_EXC, _MM_FROUND_TO_NEAREST_INT, _mm_cvtsd_f64, _mm_round_sd, _mm_set_sd};
        // SAFETY: as in `fmadd` (the FMA functions are compiled with SSE4.1 too).
        return unsafe {
            let v = _mm_set_sd(z);
            _mm_cvtsd_f64(_mm_round_sd::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(v, v))
        };
    }
    ((z + if z < 0.0 { -0.5 } else { 0.5 }) as i64) as f64
}

/// Rounds `s + t` (error below `EPS·|s|`) in the caller's mode if that is decided.
#[inline(always)]
pub(crate) fn ziv(s: f64, t: f64) -> Option<f64> {
    let eps = s.abs() * EPS;
    let lo = s + (t - eps);
    let hi = s + (t + eps);
    if lo == hi { Some(lo) } else { None }
}

/// ln 2 / 512 as the reductions take it: with FMA the nearest double and the rest; without,
/// its first 33 bits (k times that is exact for |k| < 2^20) and the rest.
const LN2_512: (f64, f64) = (LN2.0 / 512.0, LN2.1 / 512.0);
const LN2_512_33: (f64, f64) = {
    let h = f64::from_bits(LN2.0.to_bits() & !((1 << 20) - 1));
    (h / 512.0, ((LN2.0 - h) + LN2.1) / 512.0)
};

/// e^(xh + xl) for |xh| < 710 and |xl| <= 2^-50 |xh|: (s, t, e) with e^x = (s + t)·2^e to
/// within `EXP_EPS`, s in [0.99, 2.01].
#[inline(always)]
pub(crate) fn exp_parts<const F: bool>(xh: f64, xl: f64) -> (f64, f64, i64) {
    const N_LN2: f64 = INV_LN2.0 * 512.0;
    // k = x·512/ln 2 to the nearest integer (or the next, without SSE4.1's roundsd), in
    // any rounding mode.
    let z = xh * N_LN2;
    let kd = nearest::<F>(z);
    // SAFETY: |kd| < 2^20, an integer.
    let k: i64 = unsafe { kd.to_int_unchecked() };
    // r = x - k·ln2/512, |r| <= 2^-10 or so, as r + rl.
    let (r, rl) = if F {
        // Exact: the difference is a multiple of 2^-63 below 2^-10.5 (or xh itself, k = 0).
        (fmadd::<F>(-kd, LN2_512.0, xh), xl - kd * LN2_512.1)
    } else {
        let rh = xh - kd * LN2_512_33.0; // exact (Sterbenz)
        two_sum(rh, xl - kd * LN2_512_33.1)
    };
    let (th, tl) = EXP2_J[(k & 511) as usize];
    // e^(r + rl) - 1 = r + rl + q, q = r²/2 + ... + r^6/720 + rl(r + r²/2) (|rl| is
    // up to 2^-43 with FMA; r^7/5040 < 2^-78).
    const C: [f64; 5] = [0.5, 1.0 / 6.0, 1.0 / 24.0, 1.0 / 120.0, 1.0 / 720.0];
    let r2 = r * r;
    let p01 = fmadd::<F>(r, C[1], C[0]);
    let p23 = fmadd::<F>(r, C[3], C[2]);
    let r4 = r2 * r2;
    let q = fmadd::<F>(r4, fmadd::<F>(r2, C[4], p23), fmadd::<F>(r2, p01, rl * fmadd::<F>(0.5, r2, r)));
    // T(1 + r + rl + q), T = th + tl: th + th·r exactly as (s, se, ae), the rest small
    // (and q last, which the other terms wait for least).
    let a = th * r;
    let ae = mul_err::<F>(th, r, a);
    let (s, se) = fast_two_sum(th, a);
    let t = fmadd::<F>(th, q, fmadd::<F>(th, rl, fmadd::<F>(tl, r, tl)) + (se + ae));
    (s, t, k >> 9)
}

/// 1.5·2^52: `v + SHIFT` rounds v to an integer (the nearest in round-to-nearest, a
/// neighbour in the directed modes) in its low bits, for |v| < 2^51.
#[cfg(target_arch = "x86_64")]
const SHIFT: f64 = 6_755_399_441_055_744.0;

/// The first stage with FMA: e^(r + rl)·2^(k/512) rounded in the caller's mode if that is
/// decided, for |r| < ln2/512 (a little more in the directed modes), |rl| < 2^-43, and a
/// normal result. A shorter polynomial than `exp_parts`' and one product of the table value
/// left rounded, for an error below `QUICK_ERR` (absolute, the result being below 2.01):
/// - the rounding of y = th·r + t2 (|y| < 2^-8.5): an ulp, 2^-61, in the directed modes,
///   half that in round-to-nearest;
/// - the terms left out, r^6/720 (2^-65.7) and rl·r²/2 (2^-63.5), and the others'
///   roundings (below 2^-70).
///
/// The rounding test is Ziv's, with the bound on either side of t2 (rounded there with an
/// error below 2^-80). About one call in 100 is left to `exp_parts`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn exp_quick(k: i64, r: f64, rl: f64) -> Option<f64> {
    const QUICK_ERR: f64 = f64::from_bits((1023 - 60) << 52);
    let (th, tl) = EXP2_J[(k & 511) as usize];
    const C: [f64; 4] = [0.5, 1.0 / 6.0, 1.0 / 24.0, 1.0 / 120.0];
    let r2 = r * r;
    let p01 = fmadd::<true>(r, C[1], C[0]);
    let p23 = fmadd::<true>(r, C[3], C[2]);
    let p = fmadd::<true>(r2, p23, p01);
    // (th + tl)(1 + r + rl + r·rl + r²p) = th + th·r + [(tl + th·rl)(1 + r) + th·r²·p].
    let c = fmadd::<true>(th, rl, tl);
    let cr = fmadd::<true>(c, r, c);
    let t2 = fmadd::<true>(th * r2, p, cr);
    let lo = th + fmadd::<true>(th, r, t2 - QUICK_ERR);
    let hi = th + fmadd::<true>(th, r, t2 + QUICK_ERR);
    if lo == hi { Some(f64::from_bits((lo.to_bits() as i64 + ((k >> 9) << 52)) as u64)) } else { None }
}

/// `exp` by `exp_quick`, for 2^-10 <= |x| < 512 (there x - k·ln2/512 is exact).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn exp_quick_x(x: f64) -> Option<f64> {
    let (kd, k) = shifted(x, INV_LN2.0 * 512.0);
    exp_quick(k, fmadd::<true>(-kd, LN2_512.0, x), kd * -LN2_512.1)
}

/// x·m rounded to an integer by `SHIFT` (a neighbour of the nearest in the directed
/// modes), as a double and as an integer, for |x·m| < 2^51.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn shifted(x: f64, m: f64) -> (f64, i64) {
    let z = fmadd::<true>(x, m, SHIFT);
    (z - SHIFT, z.to_bits() as i64 - SHIFT.to_bits() as i64)
}

/// 1.5·2^43: `x + SHIFT_512` rounds x to a multiple of 1/512 (the nearest in
/// round-to-nearest, a neighbour in the directed modes) in its low bits, for |x| < 2^42.
#[cfg(target_arch = "x86_64")]
const SHIFT_512: f64 = SHIFT / 512.0;

/// (ln 2)^n/n!, n = 1..5, the series of 2^d - 1 for `exp2_quick_x`.
#[cfg(target_arch = "x86_64")]
const EXP2_C: [f64; 5] = [
    LN2.0,
    LN2.0 * LN2.0 / 2.0,
    LN2.0 * LN2.0 * LN2.0 / 6.0,
    LN2.0 * LN2.0 * LN2.0 * LN2.0 / 24.0,
    LN2.0 * LN2.0 * LN2.0 * LN2.0 * LN2.0 / 120.0,
];

/// `exp2`'s own first stage, for 2^-10 <= |x| < 512 and x not an integer (where it would
/// raise inexact), with FMA: x = k/512 + d exactly (|d| < 2^-9, below 2^-10 in
/// round-to-nearest), 2^x = 2^(k/512)·(1 + p) for p = 2^d - 1 by its series in d to d^5,
/// with no product in double-double, so the chain from x to the rounding test is short.
/// Its error is below `EXP2_QUICK_ERR` (absolute, the result before scaling being in
/// [0.99, 2)):
/// - the rounding of y = th·p + tl (|y| < 2^-8.5): below 2^-61;
/// - p's rounding (|p| < 2^-9.5), times th < 2: below 2^-61;
/// - tl·p left out (|tl| <= 2^-53): 2^-62.5; ln 2 as a double in the first coefficient,
///   times d: 2^-63.3; the terms left out, (d ln 2)^6/720 times th: 2^-65.7; the rest
///   (the small products' roundings, the table's): below 2^-69.
///
/// Those sum to 2.6·2^-61; the bound is 3·2^-61. In round-to-nearest each rounding is
/// half as large. Ziv's test then rounds in the caller's mode or gives up (about 1 call
/// in 80), and `exp2_quick_stage_is_within_its_bound` measures the error. `exp2_quick_fma`
/// makes the same steps with the integer test between them; the tests call this whole.
#[cfg(all(target_arch = "x86_64", test))]
#[inline(always)]
fn exp2_quick_x(x: f64) -> Option<f64> {
    let (k, d) = exp2_split(x);
    exp2_quick_kd(k, d)
}

/// x = k/512 + d, exactly (|x| < 2^42).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn exp2_split(x: f64) -> (i64, f64) {
    let z = x + SHIFT_512;
    (z.to_bits() as i64 - SHIFT_512.to_bits() as i64, x - (z - SHIFT_512))
}

/// 2^d - 1 = d·c1 + d²(c2 + d·c3 + d²(c4 + d·c5)), for |d| < 2^-9.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn exp2_quick_p(d: f64) -> f64 {
    let d2 = d * d;
    let a = fmadd::<true>(d, EXP2_C[2], EXP2_C[1]);
    let b = fmadd::<true>(d, EXP2_C[4], EXP2_C[3]);
    fmadd::<true>(d, EXP2_C[0], d2 * fmadd::<true>(d2, b, a))
}

/// `exp2_quick_x`'s error bound: 3·2^-61.
#[cfg(target_arch = "x86_64")]
const EXP2_QUICK_ERR: f64 = 3.0 * f64::from_bits((1023 - 61) << 52);

#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn exp2_quick_kd(k: i64, d: f64) -> Option<f64> {
    let (th, tl) = EXP2_J[(k & 511) as usize];
    let p = exp2_quick_p(d);
    let lo = th + fmadd::<true>(th, p, tl - EXP2_QUICK_ERR);
    let hi = th + fmadd::<true>(th, p, tl + EXP2_QUICK_ERR);
    if lo == hi { Some(f64::from_bits((lo.to_bits() as i64 + ((k >> 9) << 52)) as u64)) } else { None }
}

/// Whether 2^-10 <= |x| < 512, by the exponent bits `top`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn quick_range(top: u32) -> bool {
    top.wrapping_sub(1023 - 10) < 10 + 9
}

/// `exp` and `exp2` for 2^-10 <= |x| < 512 where the CPU has FMA: the first stage, then
/// the FMA machine's fast path and the double-double one.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "fma,sse4.1")]
unsafe fn exp_quick_fma(x: f64) -> f64 {
    match exp_quick_x(x) {
        Some(v) => v,
        // SAFETY: this CPU has FMA and SSE4.1.
        None => unsafe { exp_fma(x) },
    }
}

/// `exp2`'s: an integer, whose result is exact, goes to the general entry.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "fma,sse4.1")]
unsafe fn exp2_quick_fma(x: f64) -> f64 {
    // An integer is k/512 with d = 0 and k a multiple of 512.
    let (k, d) = exp2_split(x);
    if k & 511 == 0 && d == 0.0 {
        core::hint::cold_path();
        return exp2_common(x);
    }
    match exp2_quick_kd(k, d) {
        Some(v) => v,
        // SAFETY: this CPU has FMA and SSE4.1.
        None => unsafe { exp2_fma(x) },
    }
}

/// `exp_parts`' bound on its relative error: 2^-67, with room over the largest error seen,
/// 2^-71.7 (`fast_paths_are_within_their_bound`). Tighter than `EPS`, since the calls it
/// leaves undecided cost the double-double path (a few hundred nanoseconds each).
const EXP_EPS: f64 = f64::from_bits((1023 - 67) << 52);

/// Rounds the exponentials' `(s + t)·2^e` if that is decided. s < 2.01, so 2·EXP_EPS bounds
/// EXP_EPS·s: one operation less than `ziv`.
#[inline(always)]
fn exp_round(s: f64, t: f64, e: i64) -> Option<f64> {
    const EPS2: f64 = 2.0 * EXP_EPS;
    let lo = s + (t - EPS2);
    let hi = s + (t + EPS2);
    if lo == hi { Some(f64::from_bits((lo.to_bits() as i64 + (e << 52)) as u64)) } else { None }
}

/// `exp` where the result is normal: x in [-708.39, 709.78].
#[inline(always)]
fn exp_fast<const F: bool>(x: f64) -> Option<f64> {
    let (s, t, e) = exp_parts::<F>(x, 0.0);
    exp_round(s, t, e)
}

/// `exp2` where the result is normal: x in (-1022, 1023.99), not an integer.
#[inline(always)]
fn exp2_fast<const F: bool>(x: f64) -> Option<f64> {
    let xh = x * LN2.0;
    let xl = fmadd::<F>(x, LN2.1, mul_err::<F>(x, LN2.0, xh));
    let (s, t, e) = exp_parts::<F>(xh, xl);
    exp_round(s, t, e)
}

/// The logarithms' reduction, from the bits of a positive normal x: x = 2^k·z with z in
/// [0.6875, 1.375), and z's interval i among `LOG_INV_C`'s 256: (i, k, z).
#[inline(always)]
pub(crate) fn log_reduce(ix: u64) -> (usize, i64, f64) {
    const OFF: u64 = 0x3fe6_0000_0000_0000;
    let tmp = ix.wrapping_sub(OFF);
    (((tmp >> 44) & 255) as usize, (tmp as i64) >> 52, f64::from_bits(ix.wrapping_sub(tmp & (0xfff << 52))))
}

/// log x for finite x > 0, x != 1: (s, t) with log x = s + t to within `EPS`/2.
#[inline(always)]
pub(crate) fn log_parts<const F: bool>(x: f64) -> (f64, f64) {
    // x = 2^k·z with z in [0.6875, 1.375), the interval i of z read from its bits.
    let (ix, adj) = if x < f64::MIN_POSITIVE { ((x * 18_014_398_509_481_984.0).to_bits(), -54) } else { (x.to_bits(), 0) };
    let (i, k, z) = log_reduce(ix);
    let k = k + adj;
    // log x = k·ln 2 - log(invc) + log1p(z·invc - 1), z·invc - 1 = rh + rl exactly.
    let (invc, lch, lcl) = LOG_INV_C[i];
    let pz = z * invc;
    let rl = mul_err::<F>(z, invc, pz);
    let rh = pz - 1.0; // exact (Sterbenz)
    let kd = k as f64;
    // The large parts summed exactly: k·ln2_hi (exact), -log invc, rh, -rh²/2.
    let (a, ae) = fast_two_sum(kd * LN2_PARTS.0, lch);
    // |a| > |rh| unless a = 0 (|log c| > 2^-8.5 > |rh| for c != 1, |k ln 2| > 0.3).
    let (b, be) = fast_two_sum(a, rh);
    let r2 = rh * rh;
    let r2e = mul_err::<F>(rh, rh, r2);
    let (s, se) = fast_two_sum(b, -0.5 * r2);
    // log1p(rh) - rh + rh²/2 = rh³(1/3 - rh/4 + ... + rh^6/9) (rh^10/10 is below 2^-75
    // of the result).
    const C: [f64; 7] = [1.0 / 3.0, -0.25, 0.2, -1.0 / 6.0, 1.0 / 7.0, -0.125, 1.0 / 9.0];
    let p01 = fmadd::<F>(rh, C[1], C[0]);
    let p23 = fmadd::<F>(rh, C[3], C[2]);
    let p45 = fmadd::<F>(rh, C[5], C[4]);
    let r4 = r2 * r2;
    let p = fmadd::<F>(r4, fmadd::<F>(r2, C[6], p45), fmadd::<F>(r2, p23, p01));
    // rl/(1 + rh) = rl(1 - rh + rh²) to the precision needed.
    let small = fmadd::<F>(kd, LN2_PARTS.1, lcl) + fmadd::<F>(rl, r2 - rh, rl) - 0.5 * r2e;
    let t = fmadd::<F>(rh * r2, p, small) + (se + be + ae);
    (s, t)
}

/// The logarithms' first stage with FMA, for positive normal x != 1: (s, t) with
/// log x within `LOG_QUICK_ERR`·|s| of s + t, |t| < 2^-8 |s|. As `log_parts`, but the
/// square term stays in t, and the series stops at rh^8/8:
/// - t's roundings, two ulps of t at most (the last two products, in a directed mode):
///   below 2^-51·2^-9 of |s| where k = 0 and c = 1 (s = rh, |t| < rh²/2 < 2^-9 |s|), and
///   far less elsewhere (|rh²/2| < 2^-17, |s| > 2^-9);
/// - the terms left out, rh^9/9 (2^-84 of |rh|), and the other roundings (below 2^-70).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn log_quick(x: f64) -> (f64, f64) {
    let (i, k, z) = log_reduce(x.to_bits());
    let (invc, lch, lcl) = LOG_INV_C[i];
    let pz = z * invc;
    let rl = mul_err::<true>(z, invc, pz);
    let rh = pz - 1.0; // exact (Sterbenz)
    let kd = k as f64;
    // k·ln2_hi - log invc as a + ae exactly, then s = a + rh with its error e1 exactly (|a| >
    // |rh| unless a = 0).
    let (a, ae) = fast_two_sum(kd * LN2_PARTS.0, lch);
    let s = a + rh;
    let e1 = (a - s) + rh;
    // log1p(rh) - rh = rh²(-1/2 + rh(1/3 - rh/4 + ... - rh^5/8)).
    const C: [f64; 6] = [1.0 / 3.0, -0.25, 0.2, -1.0 / 6.0, 1.0 / 7.0, -0.125];
    let r2 = rh * rh;
    let p01 = fmadd::<true>(rh, C[1], C[0]);
    let p23 = fmadd::<true>(rh, C[3], C[2]);
    let p45 = fmadd::<true>(rh, C[5], C[4]);
    let p = fmadd::<true>(r2 * r2, p45, fmadd::<true>(r2, p23, p01));
    // rl/(1 + rh) = rl(1 - rh) to the precision needed.
    let small = fmadd::<true>(kd, LN2_PARTS.1, lcl) + fmadd::<true>(-rl, rh, rl) + (ae + e1);
    (s, fmadd::<true>(r2, fmadd::<true>(rh, p, -0.5), small))
}

/// The first stage's bound on its error, relative to |s|: 2^-59 (the largest term, t's
/// rounding, is 2^-60 at most).
#[cfg(target_arch = "x86_64")]
const LOG_QUICK_ERR: f64 = f64::from_bits((1023 - 59) << 52);

/// Rounds `s + t` (error below `LOG_QUICK_ERR`·|s|) in the caller's mode if that is
/// decided.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn ziv_quick(s: f64, t: f64) -> Option<f64> {
    let lo = s + fmadd::<true>(-LOG_QUICK_ERR, s.abs(), t);
    let hi = s + fmadd::<true>(LOG_QUICK_ERR, s.abs(), t);
    if lo == hi { Some(lo) } else { None }
}

/// `log` and `log2` for positive normal x != 1 where the CPU has FMA: the first stage,
/// then the FMA machine's fast path and the double-double one.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "fma,sse4.1")]
unsafe fn log_quick_fma(x: f64) -> f64 {
    let (s, t) = log_quick(x);
    match ziv_quick(s, t) {
        Some(v) => v,
        // SAFETY: this CPU has FMA and SSE4.1.
        None => unsafe { log_fma(x) },
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "fma,sse4.1")]
unsafe fn log2_quick_fma(x: f64) -> f64 {
    let (s, t) = log_quick(x);
    let (u, v) = over_ln2::<true>(s, t);
    match ziv_quick(u, v) {
        Some(v) => v,
        // SAFETY: this CPU has FMA and SSE4.1.
        None => unsafe { log2_fma(x) },
    }
}

#[inline(always)]
fn log_fast<const F: bool>(x: f64) -> Option<f64> {
    let (s, t) = log_parts::<F>(x);
    ziv(s, t)
}

#[inline(always)]
fn log2_fast<const F: bool>(x: f64) -> Option<f64> {
    let (s, t) = log_parts::<F>(x);
    let (u, v) = over_ln2::<F>(s, t);
    ziv(u, v)
}

/// (s + t)/ln 2 as u + v, u = s·(1/ln2)_hi rounded and v = its error + s·(1/ln2)_lo + t/ln2:
/// the added error is below 2^-100 of |u|, and |s|/|u| = ln 2 keeps a bound relative to s
/// one relative to u.
#[inline(always)]
fn over_ln2<const F: bool>(s: f64, t: f64) -> (f64, f64) {
    let u = s * INV_LN2.0;
    let ue = mul_err::<F>(s, INV_LN2.0, u);
    (u, fmadd::<F>(s, INV_LN2.1, fmadd::<F>(t, INV_LN2.0, ue)))
}

dispatch! {
    (x: f64) -> f64:
    exp_go exp_fma exp_plain => exp_fast, exp_slow;
    exp2_go exp2_fma exp2_plain => exp2_fast, exp2_slow;
    log_go log_fma log_plain => log_fast, log_slow;
    log2_go log2_fma log2_plain => log2_fast, log2_slow;
}

#[cold]
#[inline(never)]
fn exp_slow(x: f64) -> f64 {
    let (m, k) = in_nearest(x, |x| exp_dd(Dd::new(x, 0.0)));
    scale_round(m, k)
}

#[cold]
#[inline(never)]
fn exp2_slow(x: f64) -> f64 {
    let (m, k) = in_nearest(x, |x| {
        let (p, e) = two_prod(x, LN2.0);
        exp_dd(Dd::new(p, e + x * LN2.1))
    });
    scale_round(m, k)
}

#[cold]
#[inline(never)]
fn log_slow(x: f64) -> f64 {
    round_dd(in_nearest(x, log_dd))
}

#[cold]
#[inline(never)]
fn log2_slow(x: f64) -> f64 {
    round_dd(in_nearest(x, |x| log_dd(x).mul(Dd::new(INV_LN2.0, INV_LN2.1))))
}

/// `exp(x)`—e raised to `x`, correctly rounded.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn exp(x: f64) -> f64 {
    // The common case first, 2^-54 <= |x| < 512, by the exponent bits.
    let top = (x.to_bits() >> 52) as u32 & 0x7ff;
    #[cfg(target_arch = "x86_64")]
    if quick_range(top) && crate::real::fma_known() {
        // SAFETY: the CPU has FMA and SSE4.1.
        return unsafe { exp_quick_fma(x) };
    }
    if top.wrapping_sub(1023 - 54) < 54 + 9 {
        return exp_go(x);
    }
    exp_rest(x)
}

/// `exp` of the arguments the common case leaves.
#[inline(never)]
fn exp_rest(x: f64) -> f64 {
    if crate::exact::isnan(x) {
        return bb(x) + bb(x);
    }
    if x == 0.0 {
        return 1.0;
    }
    if x == f64::INFINITY {
        return x;
    }
    if (x.to_bits() >> 32) as u32 & 0x7fff_ffff < 0x3c90_0000 {
        // |x| < 2^-54: e^x = 1 + x + x²/2... rounds as 1 + x does, in every mode.
        return 1.0 + bb(x);
    }
    if x > 709.782_712_893_384 {
        return bb(f64::MAX) * bb(2.0f64);
    }
    if x < -745.133_219_101_941_2 {
        if x == f64::NEG_INFINITY {
            return 0.0;
        }
        return bb(f64::MIN_POSITIVE) * bb(f64::MIN_POSITIVE);
    }
    if x > -708.39 && x < 709.78 {
        return exp_go(x);
    }
    exp_slow(x)
}

/// `exp2(x)`—2 raised to `x`, correctly rounded (exact for integers).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn exp2(x: f64) -> f64 {
    // The common case first, 2^-10 <= |x| < 512 where the CPU has FMA, by the exponent bits
    // (the first stage sends the integers back to `exp2_common`).
    #[cfg(target_arch = "x86_64")]
    if quick_range((x.to_bits() >> 52) as u32 & 0x7ff) && crate::real::fma_known() {
        // SAFETY: the CPU has FMA and SSE4.1.
        return unsafe { exp2_quick_fma(x) };
    }
    exp2_common(x)
}

/// `exp2` without the first stage: 2^-54 <= |x| < 512 and not an integer by the bits, then
/// the rest.
#[inline(never)]
fn exp2_common(x: f64) -> f64 {
    let b = x.to_bits();
    let top = (b >> 52) as u32 & 0x7ff;
    if top.wrapping_sub(1023 - 54) < 54 + 9 && (top < 1023 || b << (12 + (top - 1023)) != 0) {
        return exp2_go(x);
    }
    exp2_rest(x)
}

/// `exp2` of the arguments the common case leaves.
#[inline(never)]
fn exp2_rest(x: f64) -> f64 {
    if crate::exact::isnan(x) {
        return bb(x) + bb(x);
    }
    if x >= 1024.0 {
        return if x == f64::INFINITY { x } else { bb(f64::MAX) * bb(2.0f64) };
    }
    if x < -1075.0 {
        if x == f64::NEG_INFINITY {
            return 0.0;
        }
        return bb(f64::MIN_POSITIVE) * bb(f64::MIN_POSITIVE);
    }
    if (x.to_bits() >> 32) as u32 & 0x7fff_ffff < 0x3c90_0000 {
        // |x| < 2^-54: 2^x = 1 + x·ln 2 + ..., which rounds as 1 + x does.
        return 1.0 + bb(x);
    }
    if x == libm::trunc(x) {
        let n = x as i32;
        if n >= -1074 {
            return pow2(n);
        }
        // 2^-1075: half the smallest subnormal.
        return bb(f64::from_bits(1)) * bb(0.5f64);
    }
    if x > -1022.0 && x < 1023.99 {
        return exp2_go(x);
    }
    exp2_slow(x)
}

/// log x as a double-double to about 2^-103 relative, for finite positive x: x = 2^k·z
/// with z in [0.6875, 1.375) and its interval's 1/c from `LOG_INV_C`, u = z/c - 1 exactly
/// as a double-double (|u| < 2^-9), and log x = k·ln 2 - log(1/c) + log1p(u), log1p by its
/// series u·Σ (-u)^n/(n+1) to u^14 (u^15/16 is below 2^-135 of u), the terms from u^7 on
/// (below 2^-63) in double.
pub(crate) fn log_dd(x: f64) -> Dd {
    let (x, adj) = if x < f64::MIN_POSITIVE { (x * 18_014_398_509_481_984.0, -54) } else { (x, 0) };
    let (i, k, z) = log_reduce(x.to_bits());
    let (invc, lch, lcl) = LOG_INV_C[i];
    let (p, pe) = two_prod(z, invc);
    // p - 1 is exact (Sterbenz).
    let (uh, ul) = fast_two_sum(p - 1.0, pe);
    let u = Dd::new(uh, ul);
    let mut tail = 0.0;
    for n in (8..=15).rev() {
        tail = tail * -uh + INV_N[n].0;
    }
    let mut acc = Dd::new(tail, 0.0);
    let neg_u = u.neg();
    for n in (1..=7).rev() {
        acc = acc.mul(neg_u).add(Dd::new(INV_N[n].0, INV_N[n].1));
    }
    let log1p = acc.mul(u);
    let kf = (k + adj) as f64;
    // k·ln 2 to 2^-160: the first part's product exact (|k| < 2^11).
    let (q, qe) = two_prod(kf, LN2_PARTS.1);
    Dd::new(kf * LN2_PARTS.0, 0.0).add(Dd::new(q, qe + kf * LN2_PARTS.2)).add(Dd::new(lch, lcl)).add(log1p)
}

/// The special arguments of the logarithms: NaN quieted, ±0 a pole, negatives invalid,
/// +inf itself.
fn log_special(x: f64) -> Option<f64> {
    if crate::exact::isnan(x) {
        return Some(bb(x) + bb(x));
    }
    if x == 0.0 {
        return Some(neg_pole());
    }
    if x < 0.0 {
        return Some(invalid());
    }
    if x == f64::INFINITY {
        return Some(x);
    }
    None
}

/// `log(x)`—The natural logarithm, correctly rounded.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn log(x: f64) -> f64 {
    // The common case first: positive, normal and finite, not 1, where the CPU has FMA.
    #[cfg(target_arch = "x86_64")]
    if normal_positive(x) && crate::real::fma_known() && x != 1.0 {
        // SAFETY: the CPU has FMA and SSE4.1.
        return unsafe { log_quick_fma(x) };
    }
    log_common(x)
}

/// Whether x is positive, normal and finite, by its bits.
#[inline(always)]
fn normal_positive(x: f64) -> bool {
    x.to_bits().wrapping_sub(1 << 52) < (0x7ff << 52) - (1 << 52)
}

/// `log` without the first stage.
#[inline(never)]
fn log_common(x: f64) -> f64 {
    if normal_positive(x) && x != 1.0 {
        return log_go(x);
    }
    if let Some(r) = log_special(x) {
        return r;
    }
    if x == 1.0 { 0.0 } else { log_go(x) }
}

/// `log2(x)`—The base-2 logarithm, correctly rounded (exact for powers of 2).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn log2(x: f64) -> f64 {
    // The common case first: positive, normal and finite, not a power of 2.
    #[cfg(target_arch = "x86_64")]
    if normal_positive(x) && crate::real::fma_known() {
        if x.to_bits() << 12 == 0 {
            // A power of 2: exact.
            core::hint::cold_path();
            return log2_common(x);
        }
        // SAFETY: the CPU has FMA and SSE4.1.
        return unsafe { log2_quick_fma(x) };
    }
    log2_common(x)
}

/// `log2` without the first stage.
#[inline(never)]
fn log2_common(x: f64) -> f64 {
    if normal_positive(x) && x.to_bits() & ((1 << 52) - 1) != 0 {
        return log2_go(x);
    }
    log2_rest(x)
}

/// `log2` of the arguments the common case leaves.
#[inline(never)]
fn log2_rest(x: f64) -> f64 {
    if let Some(r) = log_special(x) {
        return r;
    }
    let b = x.to_bits();
    if b & ((1 << 52) - 1) == 0 && b >> 52 != 0 {
        return f64::from(((b >> 52) as i32) - 1023);
    }
    if x < f64::MIN_POSITIVE && x.to_bits().is_power_of_two() {
        return f64::from(x.to_bits().trailing_zeros() as i32 - 1074);
    }
    log2_go(x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::support::ulps;

    #[test]
    fn agrees_with_the_host() {
        let mut rng = crate::support::XorShift(0x1357_9bdf_2468_ace0);
        for i in 0..100_000 {
            let u = rng.unit();
            let st = rng.0;
            let x = if i % 2 == 0 { (u - 0.5) * 1480.0 } else { (u - 0.5) * 4.0 };
            for (got, want) in [(exp(x), x.exp()), (exp2(x), x.exp2())] {
                assert!(ulps(got, want) <= 1, "exp at {x:e}: {got:e} vs {want:e}");
            }
            let y = f64::from_bits(st & 0x7fef_ffff_ffff_ffff);
            for (got, want) in [(log(y), y.ln()), (log2(y), y.log2())] {
                assert!(ulps(got, want) <= 1, "log at {y:e}: {got:e} vs {want:e}");
            }
        }
        assert_eq!(exp(1.0), core::f64::consts::E);
        assert_eq!(exp(-745.0), f64::from_bits(1));
        assert_eq!(exp2(-1074.0), f64::from_bits(1));
        assert_eq!(exp2(10.0), 1024.0);
        assert_eq!(log2(8.0), 3.0);
        assert_eq!(log2(f64::from_bits(1)), -1074.0);
        assert_eq!(log(core::f64::consts::E), 1.0);
        assert_eq!(log(1.0).to_bits(), 0);
    }

    /// The double-double logarithm and exponential undo each other: e^(log x) = x to 2^-100
    /// times 1 + |log x| (log's relative error becomes an absolute one in exp's argument),
    /// over the whole range, x near 1 and the table's interval edges included.
    #[test]
    fn log_dd_and_exp_dd_are_inverse() {
        let mut rng = crate::support::XorShift(0x2545_f491_4f6c_dd1d);
        let mut worst = 0.0f64;
        for i in 0..crate::support::scaled(100_000) {
            let u = rng.unit();
            let x = match i % 3 {
                0 => f64::from_bits(rng.0 & 0x7fef_ffff_ffff_ffff),
                1 => 1.0 + (u - 0.5) * 1e-3,
                _ => 0.6875 * (1.0 + f64::from(i % 512) / 512.0) + (u - 0.5) * 1e-12,
            };
            if !(x > 1e-300 && x < 1e300) {
                continue;
            }
            let (m, k) = in_nearest(x, |x| exp_dd(log_dd(x)));
            let d = ((m.hi * pow2(k) - x) + m.lo * pow2(k)) / x;
            worst = worst.max(d.abs() / (1.0 + libm::log(x).abs()));
        }
        assert!(worst < f64::from_bits((1023 - 100) << 52), "2^{}", worst.log2());
    }

    /// The fast paths' largest relative error over inputs from every range (x near 0,
    /// near 1, huge and tiny, and around each table interval's edges), in every rounding
    /// mode and with and without FMA, against the double-double path: it must stay well
    /// below `EPS`.
    #[test]
    fn fast_paths_are_within_their_bound() {
        fn run<const F: bool>(worst: &mut [f64; 3]) {
            let mut rng = crate::support::XorShift(0x9e37_79b9_7f4a_7c15);
            for i in 0..400_000 {
                let u = rng.unit();
                let bits = rng.0;
                let x = match i % 4 {
                    0 => (u - 0.5) * 1417.0,
                    1 => (u - 0.5) * 0.05,
                    2 => (u - 0.5) * f64::from_bits(bits & 0x3fcf_ffff_ffff_ffff),
                    _ => f64::from(i % 5000 - 2500) / 128.0 * core::f64::consts::LN_2 + (u - 0.5) * 1e-9,
                };
                if x.abs() > 1e-16 && x > -708.39 && x < 709.78 {
                    let (s, t, e) = exp_parts::<F>(x, 0.0);
                    let (m, k) = in_nearest(x, |x| exp_dd(Dd::new(x, 0.0)));
                    let sc = pow2((e - k as i64) as i32);
                    let d = ((s * sc - m.hi) + (t * sc - m.lo)) / m.hi;
                    if d.abs() > worst[0] {
                        worst[0] = d.abs();
                        worst[2] = x;
                    }
                }
                let y = match i % 3 {
                    0 => f64::from_bits(bits & 0x7fef_ffff_ffff_ffff),
                    1 => 1.0 + (u - 0.5) / 32.0,
                    _ => 0.6875 * (1.0 + f64::from(i % 512) / 512.0) + (u - 0.5) * 1e-12,
                };
                if y > 0.0 && y != 1.0 {
                    let (s, t) = log_parts::<F>(y);
                    let l = in_nearest(y, log_dd);
                    let d = ((s - l.hi) + (t - l.lo)) / l.hi;
                    worst[1] = worst[1].max(d.abs());
                }
            }
        }
        // The fenv module is x86-only for now; elsewhere the test runs in round-to-nearest.
        in_every_mode!(run, [f64; 3], |mode, worst: [f64; 3]| {
            std::println!("mode {mode}: exp 2^{:.1}, log 2^{:.1}", worst[0].log2(), worst[1].log2());
            assert!(worst[0] < EXP_EPS / 8.0 && worst[1] < EPS / 8.0, "{worst:?}");
        });
    }

    /// `exp2`'s first stage, in every rounding mode: th + (th·p + tl) against the
    /// double-double exponential, absolute (before scaling by 2^(k >> 9)), stays within the
    /// analysis' 2.6·2^-61 (`exp2_quick_x`), below the bound of 3·2^-61 that the rounding test
    /// takes. The largest seen is 2.53·2^-61 in the directed modes, 2^-61.4 in
    /// round-to-nearest.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn exp2_quick_stage_is_within_its_bound() {
        fn run<const F: bool>(worst: &mut f64) {
            if !F {
                return;
            }
            let mut rng = crate::support::XorShift(0x5851_f42d_4c95_7f2d);
            for i in 0..400_000 {
                let u = rng.unit();
                let x = match i % 3 {
                    0 => (u - 0.5) * 1000.0,
                    1 => (u - 0.5) * 0.02,
                    // Near the table's points, where d is tiny or near ±2^-10.
                    _ => f64::from(i % 8192 - 4096) / 512.0 + (u - 0.5) / 256.0,
                };
                if !quick_range((x.to_bits() >> 52) as u32 & 0x7ff) {
                    continue;
                }
                let (k, d) = exp2_split(x);
                let (th, tl) = EXP2_J[(k & 511) as usize];
                let y = fmadd::<true>(th, exp2_quick_p(d), tl);
                // The exact 2^(k/512 + d) / 2^(k >> 9) = (th + tl)·2^d, 2^d in double-double.
                let (m, e) = in_nearest(d, |d| {
                    let h = d * LN2.0;
                    exp_dd(Dd::new(h, d * LN2.1 + two_prod(d, LN2.0).1))
                });
                let sc = pow2(e);
                let (mh, ml) = (m.hi * sc, m.lo * sc);
                let (vh, vl) = in_nearest((th, mh), |(a, b)| two_prod(a, b));
                let rest = vl + th * ml + tl * mh;
                // th - vh and its sum with y are exact (Sterbenz), in any mode.
                let err = (((th - vh) + y) - rest).abs();
                *worst = worst.max(err);
            }
        }
        in_every_mode!(run, f64, |mode, worst: f64| {
            std::println!("mode {mode}: exp2 first stage 2^{:.2}", worst.log2());
            assert!(worst < EXP2_QUICK_ERR * (2.6 / 3.0), "{worst:e}");
        });
    }

    /// The first stage with FMA (`exp_quick`), in every rounding mode: each result it
    /// decides is the double-double path's, and it decides all but about 1% of calls.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn quick_stage_rounds_as_the_slow_path() {
        fn run<const F: bool>(acc: &mut [u32; 3]) {
            if !F {
                return;
            }
            let mut rng = crate::support::XorShift(0x2545_f491_4f6c_dd1d);
            for i in 0..300_000 {
                let u = rng.unit();
                let x = match i % 3 {
                    0 => (u - 0.5) * 1023.0,
                    1 => (u - 0.5) * 0.1,
                    _ => f64::from(i % 4096 - 2048) / 512.0 * core::f64::consts::LN_2 + (u - 0.5) * 1e-12,
                };
                if !quick_range((x.to_bits() >> 52) as u32 & 0x7ff) {
                    continue;
                }
                for (j, (got, want)) in [(exp_quick_x(x), exp_slow(x)), (exp2_quick_x(x), exp2_slow(x))].into_iter().enumerate() {
                    match got {
                        Some(v) => assert_eq!(v.to_bits(), want.to_bits(), "{} at {x:e}", ["exp", "exp2"][j]),
                        None => acc[j] += 1,
                    }
                }
                acc[2] += 1;
            }
        }
        in_every_mode!(run, [u32; 3], |mode, acc: [u32; 3]| {
            std::println!("mode {mode}: undecided exp {}, exp2 {} of {}", acc[0], acc[1], acc[2]);
            if crate::real::has_fma() {
                assert!(acc[0] < acc[2] / 40 && acc[1] < acc[2] / 40, "{acc:?}");
            }
        });
    }

    /// The logarithms' first stage with FMA, in every rounding mode: each result it
    /// decides is the double-double path's, and it decides all but about 2% of calls (a
    /// third of these inputs are near 1, where the bound is largest against the result's
    /// ulp and 7% are left).
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn log_quick_stage_rounds_as_the_slow_path() {
        fn run<const F: bool>(acc: &mut [u32; 3]) {
            if !F {
                return;
            }
            let mut rng = crate::support::XorShift(0x6a09_e667_f3bc_c909);
            for i in 0..300_000 {
                let u = rng.unit();
                let bits = rng.0;
                let y = match i % 3 {
                    0 => f64::from_bits(bits & 0x7fef_ffff_ffff_ffff),
                    1 => 1.0 + (u - 0.5) / 64.0,
                    _ => 0.6875 * (1.0 + f64::from(i % 512) / 512.0) + (u - 0.5) * 1e-12,
                };
                if y < f64::MIN_POSITIVE || y == 1.0 {
                    continue;
                }
                let (s, t) = log_quick(y);
                let (u, v) = over_ln2::<true>(s, t);
                let got2 = ziv_quick(u, v);
                let exact2 = y.to_bits() & ((1 << 52) - 1) == 0;
                for (j, (got, want)) in [(ziv_quick(s, t), log_slow(y)), (got2, log2_slow(y))].into_iter().enumerate() {
                    if j == 1 && exact2 {
                        continue;
                    }
                    match got {
                        Some(v) => assert_eq!(v.to_bits(), want.to_bits(), "{} at {y:e}", ["log", "log2"][j]),
                        None => acc[j] += 1,
                    }
                }
                acc[2] += 1;
            }
        }
        in_every_mode!(run, [u32; 3], |mode, acc: [u32; 3]| {
            std::println!("mode {mode}: undecided log {}, log2 {} of {}", acc[0], acc[1], acc[2]);
            if crate::real::has_fma() {
                assert!(acc[0] < acc[2] / 30 && acc[1] < acc[2] / 30, "{acc:?}");
            }
        });
    }

    /// `exp_dd` against the series of `expm1_small` squared back up (an independent route,
    /// each near 2^-100): they agree to 2^-97 over every range.
    #[test]
    fn exp_dd_agrees_with_the_squaring_route() {
        let mut rng = crate::support::XorShift(0x3c6e_f372_fe94_f82b);
        let mut worst = 0.0f64;
        for i in 0..200_000 {
            let u = rng.unit();
            let x = match i % 3 {
                0 => (u - 0.5) * 1480.0,
                1 => (u - 0.5) * 0.01,
                _ => f64::from(i % 4000 - 2000) / 512.0 * core::f64::consts::LN_2 + (u - 0.5) * 1e-10,
            };
            let xl = x * 1e-17 * (rng.unit() - 0.5);
            let (m, k) = in_nearest((x, xl), |(x, xl)| exp_dd(Dd::new(x, xl)));
            let old = in_nearest((x, xl), |(x, xl)| {
                let kf = nearest_int(x * INV_LN2.0);
                let t = x - kf * LN2_PARTS.0;
                let (p, pe) = two_prod(-kf, LN2_PARTS.1);
                let r = Dd::new(t, 0.0).add(Dd::new(xl, 0.0)).add(Dd::new(p, pe)).add(Dd::new(-kf * LN2_PARTS.2, 0.0));
                (expm1_small(r).add(Dd::new(1.0, 0.0)), kf as i32)
            });
            let sc = pow2(k - old.1);
            let d = ((m.hi * sc - old.0.hi) + (m.lo * sc - old.0.lo)) / old.0.hi;
            worst = worst.max(d.abs());
        }
        std::println!("exp_dd vs the squaring route: 2^{:.1}", worst.log2());
        assert!(worst < f64::from_bits((1023 - 97) << 52), "{worst:e}");
    }

    /// The fast paths decide all but a small share of calls (about 0.2%): a looser bound
    /// or a slip in the kernels would show here as a flood of double-double calls.
    #[test]
    fn fast_paths_decide_nearly_every_call() {
        let mut rng = crate::support::XorShift(0x1234_5678_9abc_def1);
        let (mut ne, mut nl) = (0, 0);
        for _ in 0..1_000_000 {
            let x = (rng.unit() - 0.5) * 40.0;
            if exp_fast::<false>(x).is_none() {
                ne += 1;
            }
            if log_fast::<false>(x.abs()).is_none() {
                nl += 1;
            }
        }
        assert!(ne < 5000 && nl < 5000, "exp {ne}, log {nl} undecided per million");
    }
}
