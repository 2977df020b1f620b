//! `fma` and `fmaf` in integer arithmetic, for CPUs without a fused multiply-add: the exact
//! `x*y + z` is formed in 128 bits (with a sticky bit for what a long alignment shifts
//! out), then rounded once in the current rounding mode, raising inexact, underflow and
//! overflow as the hardware instruction would (tininess after rounding, as on x86).
use core::hint::black_box;

use crate::support::rounding_mode;

/// An IEEE binary format's parameters.
struct Format {
    /// Significand bits, the implicit one included.
    precision: u32,
    /// The exponent of the smallest normal number.
    emin: i32,
    /// The exponent of the largest finite number.
    emax: i32,
}

const DOUBLE: Format = Format { precision: 53, emin: -1022, emax: 1023 };
const SINGLE: Format = Format { precision: 24, emin: -126, emax: 127 };

/// Rounds `(-1)^neg * m * 2^e` (m > 0) to the format in mode `mode`, returning the result as
/// sign, biased exponent and fraction bits packed as the format's bit pattern, and the
/// flags: (bits, inexact, underflow, overflow).
fn round(f: &Format, neg: bool, m: u128, e: i32, mode: u32) -> (u64, bool, bool, bool) {
    // Normalize so the top bit is bit 127: the value is 1.xxx * 2^(e + 127 - lz)
    let lz = m.leading_zeros();
    let m = m << lz;
    let exp = e + 127 - lz as i32; // the exponent of the leading bit
    let p = f.precision;
    // Rounds `m` keeping `keep` bits (1..=p); returns (rounded integer, inexact, carried)
    let round_bits = |keep: u32| -> (u128, bool) {
        let drop = 128 - keep;
        let kept = m >> drop;
        let rest = m << keep; // the dropped bits, left-aligned (0 when keep == 128: never)
        let half = 1u128 << 127;
        let up = match mode {
            0 => rest > half || (rest == half && kept & 1 == 1),
            1 => neg && rest != 0,
            2 => !neg && rest != 0,
            _ => false,
        };
        (kept + u128::from(up), rest != 0)
    };
    // Tininess after rounding: round to the full precision with an unbounded exponent.
    let (full, _) = round_bits(p);
    let full_exp = if full >> p != 0 { exp + 1 } else { exp };
    let tiny = full_exp < f.emin;
    // The number of bits the format keeps at this exponent.
    let keep = if exp >= f.emin { p as i32 } else { p as i32 - (f.emin - exp) };
    let sign_bit = if f.precision == 53 { u64::from(neg) << 63 } else { u64::from(neg) << 31 };
    let frac_bits = p - 1;
    let bias = f.emax;
    if keep <= 0 {
        // Below half the smallest subnormal (or at most at it): 0 or the smallest subnormal.
        let half_min = keep == 0 && m != 0; // exp == emin - p: value in [2^(emin-p), 2^(emin-p+1))
        let above_half = half_min && m != 1u128 << 127;
        let up = match mode {
            0 => above_half,
            1 => neg,
            2 => !neg,
            _ => false,
        };
        return (sign_bit | u64::from(up), true, true, false);
    }
    let (mut r, inexact) = round_bits(keep as u32);
    if exp < f.emin {
        // A subnormal is its significand in units of the smallest one; a carry to 2^(p-1)
        // is the smallest normal's encoding.
        return (sign_bit | r as u64, inexact, tiny && inexact, false);
    }
    let mut e_out = exp;
    if r >> keep != 0 {
        // Carried into a new bit.
        r >>= 1;
        e_out += 1;
    }
    if e_out > f.emax {
        let to_inf = match mode {
            0 => true,
            1 => neg,
            2 => !neg,
            _ => false,
        };
        let mag = if to_inf { ((2 * bias + 1) as u64) << frac_bits } else { ((2 * bias) as u64) << frac_bits | ((1 << frac_bits) - 1) };
        return (sign_bit | mag, true, false, true);
    }
    let biased = (e_out + bias) as u64;
    (sign_bit | biased << frac_bits | (r as u64 & ((1 << frac_bits) - 1)), inexact, false, false)
}

/// Raises the flags a rounding produced, with operations that raise them.
fn raise(inexact: bool, underflow: bool, overflow: bool) {
    if overflow {
        let _ = black_box(black_box(f64::MAX) * 2.0);
    } else if underflow {
        let _ = black_box(black_box(f64::MIN_POSITIVE) * black_box(f64::MIN_POSITIVE));
    } else if inexact {
        let _ = black_box(black_box(1.0f64) + black_box(f64::MIN_POSITIVE));
    }
}

/// Splits a finite nonzero value into (negative, integer significand, exponent).
fn split(bits: u64, f: &Format) -> (bool, u64, i32) {
    let frac_bits = f.precision - 1;
    let total = if f.precision == 53 { 64 } else { 32 };
    let neg = bits >> (total - 1) & 1 == 1;
    let be = ((bits >> frac_bits) & ((1 << (total - 1 - frac_bits)) - 1)) as i32;
    let frac = bits & ((1 << frac_bits) - 1);
    if be == 0 {
        (neg, frac, f.emin - frac_bits as i32)
    } else {
        (neg, frac | 1 << frac_bits, be - f.emax - frac_bits as i32)
    }
}

/// The exact `x*y + z` of finite values with `x*y` nonzero, rounded to `f`; None when it is
/// exactly zero.
fn fused(f: &Format, xb: u64, yb: u64, zb: u64, z_zero: bool) -> Option<u64> {
    let (xn, xm, xe) = split(xb, f);
    let (yn, ym, ye) = split(yb, f);
    let pn = xn != yn;
    let pm = u128::from(xm) * u128::from(ym);
    let pe = xe + ye;
    if z_zero {
        let (bits, i, u, o) = round(f, pn, pm, pe, rounding_mode());
        raise(i, u, o);
        return Some(bits);
    }
    let (zn, zm, ze) = split(zb, f);
    // Both at the top of a 126-bit field (two bits of headroom for the sum).
    let norm = |m: u128, e: i32| {
        let s = m.leading_zeros() - 2;
        (m << s, e - s as i32)
    };
    let (pm, pe) = norm(pm, pe);
    let (zm, ze) = norm(u128::from(zm), ze);
    // The larger exponent first; shift the other right with a sticky bit.
    let ((an, am, ae), (bn, bm, be)) = if pe >= ze { ((pn, pm, pe), (zn, zm, ze)) } else { ((zn, zm, ze), (pn, pm, pe)) };
    let d = (ae - be) as u32;
    let bm = if d == 0 {
        bm
    } else if d >= 127 {
        u128::from(bm != 0)
    } else {
        (bm >> d) | u128::from(bm << (128 - d) != 0)
    };
    let (neg, m) = if an == bn {
        (an, am + bm)
    } else if am >= bm {
        (an, am - bm)
    } else {
        (bn, bm - am)
    };
    if m == 0 {
        return None;
    }
    let (bits, i, u, o) = round(f, neg, m, ae, rounding_mode());
    raise(i, u, o);
    Some(bits)
}

/// `fma(x, y, z)` without an FMA instruction.
pub fn fma(x: f64, y: f64, z: f64) -> f64 {
    if !x.is_finite() || !y.is_finite() || x == 0.0 || y == 0.0 {
        // The product is exact (0, or inf/NaN arithmetic): one rounding in the addition.
        return x * y + z;
    }
    if !z.is_finite() {
        // A finite product cannot change an infinite z; a NaN z is returned as it is.
        return z;
    }
    match fused(&DOUBLE, x.to_bits(), y.to_bits(), z.to_bits(), z == 0.0) {
        Some(bits) => f64::from_bits(bits),
        // An exact zero sum takes the sign the rounding mode gives z - z.
        None => black_box(z) - black_box(z),
    }
}

/// `fmaf(x, y, z)` without an FMA instruction.
pub fn fmaf(x: f32, y: f32, z: f32) -> f32 {
    if !x.is_finite() || !y.is_finite() || !z.is_finite() || x == 0.0 || y == 0.0 {
        return (f64::from(x) * f64::from(y) + f64::from(z)) as f32;
    }
    match fused(&SINGLE, u64::from(x.to_bits()), u64::from(y.to_bits()), u64::from(z.to_bits()), z == 0.0) {
        Some(bits) => f32::from_bits(bits as u32),
        None => black_box(z) - black_box(z),
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;
    use crate::fenv::*;

    /// The five flags C names (not the x87's denormal-operand one, which only says what
    /// the operands were).
    const STANDARD: core::ffi::c_int = FE_ALL_EXCEPT & !2;

    /// Compares the integer path with the FMA instruction, in every rounding mode, flags
    /// included.
    #[test]
    fn agrees_with_the_instruction_on_random_and_edge_inputs() {
        if !std::is_x86_feature_detected!("fma") {
            return;
        }
        #[target_feature(enable = "fma")]
        unsafe fn hw(x: f64, y: f64, z: f64) -> f64 {
            use core::arch::x86_64::*;
            _mm_cvtsd_f64(_mm_fmadd_sd(_mm_set_sd(x), _mm_set_sd(y), _mm_set_sd(z)))
        }
        #[target_feature(enable = "fma")]
        unsafe fn hwf(x: f32, y: f32, z: f32) -> f32 {
            use core::arch::x86_64::*;
            _mm_cvtss_f32(_mm_fmadd_ss(_mm_set_ss(x), _mm_set_ss(y), _mm_set_ss(z)))
        }
        let mut s: u64 = 0x1234_5678_9abc_def1;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let edges = [0.0, -0.0, 1.0, -1.0, f64::MIN_POSITIVE, f64::from_bits(1), f64::MAX, 1.0 + f64::EPSILON, 0.5, 3.0];
        for i in 0..400_000u32 {
            let pick = |r: u64, k: u32| -> f64 {
                match k % 4 {
                    0 => edges[(r % edges.len() as u64) as usize] * if r & 1 << 40 != 0 { -1.0 } else { 1.0 },
                    // Exponents near each other, so sums cancel.
                    1 => f64::from_bits(r & 0x800f_ffff_ffff_ffff | 0x3ff0_0000_0000_0000),
                    // Tiny exponents, for subnormal results.
                    2 => f64::from_bits(r & 0x800f_ffff_ffff_ffff | (r >> 52 & 0x7f) << 52),
                    _ => f64::from_bits(r),
                }
            };
            let (x, y, z) = (pick(next(), i), pick(next(), i >> 2), pick(next(), i >> 4));
            let fused_case = |x: f64, y: f64, z: f64| x.is_finite() && y.is_finite() && z.is_finite() && x != 0.0 && y != 0.0;
            let mode = [FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO][(i % 4) as usize];
            fesetround(mode);
            feclearexcept(FE_ALL_EXCEPT);
            let want = unsafe { hw(x, y, z) };
            let wf = fetestexcept(STANDARD);
            feclearexcept(FE_ALL_EXCEPT);
            let got = fma(x, y, z);
            let gf = fetestexcept(STANDARD);
            let (xf, yf, zf) = (x as f32, (y * 1e-150) as f32, f32::from_bits(next() as u32));
            feclearexcept(FE_ALL_EXCEPT);
            let wantf = unsafe { hwf(xf, yf, zf) };
            let wff = fetestexcept(STANDARD);
            feclearexcept(FE_ALL_EXCEPT);
            let gotf = fmaf(xf, yf, zf);
            let gff = fetestexcept(STANDARD);
            fesetround(FE_TONEAREST);
            if !fused_case(x, y, z) || !fused_case(xf.into(), yf.into(), zf.into()) {
                // Not the fused path: that is the plain arithmetic musl also does, and the
                // instruction raises no invalid for inf*0 + NaN where it does.
                continue;
            }
            let same = |a: f64, b: f64| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan());
            assert!(same(got, want), "fma({x:e}, {y:e}, {z:e}) mode {mode:#x}: {got:e} vs {want:e}");
            assert_eq!(gf, wf, "flags of fma({x:e}, {y:e}, {z:e}) mode {mode:#x}");
            assert!(same(gotf.into(), wantf.into()), "fmaf({xf:e}, {yf:e}, {zf:e}) mode {mode:#x}: {gotf:e} vs {wantf:e}");
            assert_eq!(gff, wff, "flags of fmaf({xf:e}, {yf:e}, {zf:e}) mode {mode:#x}");
        }
    }
}
