//! `sinf` and `cosf`, correctly rounded in every mode.
//!
//! For 2^-12 <= |x| < 2^19, in double: x = k·π/32 + r with |r| <= π/64 (k to the nearest
//! integer, π/32 in two parts with FMA, else three whose first two times k are exact), then
//! sin(jπ/32 + r) = S_j·cos r + C_j·sin r from the 64-entry table (`trigf_tables.rs`, from
//! `tools/trigf_constants.py`) and the series of sin r to r^7 and cos r to r^6: within
//! 2^-50 relative, where the table's zeros (S_0, S_32 and C_16, C_48) keep the results near
//! the function's zeros relative too. That rounds to float when the double's 29 bits below
//! a float's last are clear of every mode's boundary, as in [`crate::floatexp`]; the rest,
//! and the arguments outside the range, take the double function, rounded once.
use crate::explog::{fmadd, nearest};
use crate::float::narrow;
use crate::floatexp::round_bits;
use crate::trigf_tables::{INV_PIO32, PIO32_3, PIO32_FMA, SINCOS_J};

/// k and r with x = k·π/32 + r, |r| <= π/64 (a little more without SSE4.1), r within
/// 2^-52 of itself for |x| < 2^19.
#[inline(always)]
fn reduce<const F: bool>(x: f64) -> (i64, f64) {
    let kd = nearest::<F>(x * INV_PIO32);
    // SAFETY: |kd| < 2^23, an integer.
    let k: i64 = unsafe { kd.to_int_unchecked() };
    let r = if F {
        // x - k·P1 rounded once (relative to r), then the rest.
        fmadd::<F>(-kd, PIO32_FMA.1, fmadd::<F>(-kd, PIO32_FMA.0, x))
    } else {
        // k·P1 and k·P2 are exact, x - k·P1 too (they are within π/32 of each other).
        ((x - kd * PIO32_3.0) - kd * PIO32_3.1) - kd * PIO32_3.2
    };
    (k, r)
}

/// (sin r - r, cos r - 1) for |r| <= π/64 + ε: r^9/9! and r^8/8! are below 2^-53 of each.
#[inline(always)]
fn sin_cos_small<const F: bool>(r: f64) -> (f64, f64) {
    let r2 = r * r;
    // sin r - r = r³(-1/6 + r²/120 - r⁴/5040); cos r - 1 = r²(-1/2 + r²/24 - r⁴/720).
    let s = fmadd::<F>(r2, fmadd::<F>(r2, -1.0 / 5040.0, 1.0 / 120.0), -1.0 / 6.0);
    let c = fmadd::<F>(r2, fmadd::<F>(r2, -1.0 / 720.0, 1.0 / 24.0), -0.5);
    (r * r2 * s, r2 * c)
}

/// sin x (`COS` false) or cos x (true) within 2^-50, for 2^-12 <= |x| < 2^19.
#[inline(always)]
fn sin_cos_f<const F: bool, const COS: bool>(x: f64) -> f64 {
    let (k, r) = reduce::<F>(x);
    let (sm, cm) = sin_cos_small::<F>(r);
    let (sj, cj) = SINCOS_J[(k & 63) as usize];
    if COS {
        // cos(a + r) = C cos r - S sin r = C + C(cos r - 1) - S·r - S(sin r - r).
        fmadd::<F>(-sj, r, cj) + fmadd::<F>(cj, cm, -sj * sm)
    } else {
        // sin(a + r) = S cos r + C sin r = S + C·r + S(cos r - 1) + C(sin r - r).
        fmadd::<F>(cj, r, sj) + fmadd::<F>(sj, cm, cj * sm)
    }
}

#[inline(always)]
fn sinf_fast<const F: bool>(x: f32) -> Option<f32> {
    round_bits(sin_cos_f::<F, false>(f64::from(x)))
}

#[inline(always)]
fn cosf_fast<const F: bool>(x: f32) -> Option<f32> {
    round_bits(sin_cos_f::<F, true>(f64::from(x)))
}

#[cold]
#[inline(never)]
fn sinf_slow(x: f32) -> f32 {
    narrow(crate::trig::sin(f64::from(x)))
}

#[cold]
#[inline(never)]
fn cosf_slow(x: f32) -> f32 {
    narrow(crate::trig::cos(f64::from(x)))
}

dispatch! {
    (x: f32) -> f32:
    sinf_go sinf_fma sinf_plain => sinf_fast, sinf_slow;
    cosf_go cosf_fma cosf_plain => cosf_fast, cosf_slow;
}

/// Whether 2^-12 <= |x| < 2^19.
#[inline(always)]
fn in_range(x: f32) -> bool {
    (x.to_bits() & 0x7fff_ffff).wrapping_sub(0x3980_0000) < 0x4900_0000 - 0x3980_0000
}

/// `sinf(x)`—The sine of `x` radians, correctly rounded.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sinf(x: f32) -> f32 {
    if in_range(x) {
        return sinf_go(x);
    }
    sinf_slow(x)
}

/// `cosf(x)`—The cosine of `x` radians, correctly rounded.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn cosf(x: f32) -> f32 {
    if in_range(x) {
        return cosf_go(x);
    }
    cosf_slow(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The floats of the fast range (a stride through them), in every mode, with and
    /// without FMA: the fast path's result, where it decides, is the correctly rounded one
    /// (the double-double sine and cosine, rounded to odd, then to float).
    #[test]
    fn fast_paths_are_correctly_rounded() {
        fn exact(x: f32, cos: bool) -> f32 {
            let (s, c) = crate::trig::in_nearest(f64::from(x), crate::trig::sin_cos_dd);
            crate::trig::round_dd_to_odd(if cos { c } else { s }) as f32
        }
        fn run<const F: bool>(undecided: &mut u32) {
            let mut b: u32 = 0x3980_0000;
            while b < 0x4900_0000 {
                for s in [0, 0x8000_0000] {
                    let x = f32::from_bits(b | s);
                    for (fast, cos) in [(sinf_fast::<F>(x), false), (cosf_fast::<F>(x), true)] {
                        match fast {
                            Some(v) => assert_eq!(v.to_bits(), exact(x, cos).to_bits(), "{x:e} cos {cos}"),
                            None => *undecided += 1,
                        }
                    }
                }
                b += 3331;
            }
        }
        in_every_mode!(run, u32, |mode, undecided: u32| {
            std::println!("mode {mode}: {undecided} undecided");
            assert!(undecided < 100, "{undecided}");
        });
    }
}
