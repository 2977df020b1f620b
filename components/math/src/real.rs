//! The rest of `<math.h>` for `double` and `float`: the elementary and special functions
//! over the `libm` crate's kernels (which follow the same FreeBSD and musl algorithms as
//! musl's own), and the functions whose C behaviour the crate does not give, written here:
//! the conversions to integers
//! (`lrint`, `lround` and their `ll` forms, which return `LONG_MIN` and raise invalid when
//! the result does not fit, as x86_64's conversion instructions do), `nearbyint`, `logb`,
//! `ilogb`, `significand`, `scalb`, `scalbln`, `nan`, `lgamma` with `signgam`, `sincos`,
//! `remquo`, and `fma`, which uses the FMA instruction where the CPU has one.
//!
//! The long double forms are in [`crate::ld80`].
use core::ffi::{c_char, c_int, c_long, c_longlong};
use core::hint::black_box;

math_fns! {
    /// `asinf(x)`—`asin` for float.
    asinf(x: f32) -> f32;
    /// `atanh(x)`—The inverse hyperbolic tangent; ±inf (divide-by-zero) at ±1, NaN
    /// (invalid) beyond.
    atanh(x: f64) -> f64;
    /// `atanhf(x)`—`atanh` for float.
    atanhf(x: f32) -> f32;
    /// `tanh(x)`—The hyperbolic tangent.
    tanh(x: f64) -> f64;
    /// `tanhf(x)`—`tanh` for float.
    tanhf(x: f32) -> f32;
    /// `cbrtf(x)`—`cbrt` for float.
    cbrtf(x: f32) -> f32;
    /// `expm1f(x)`—`expm1` for float.
    expm1f(x: f32) -> f32;
    /// `log10f(x)`—`log10` for float.
    log10f(x: f32) -> f32;
    /// `hypotf(x, y)`—`hypot` for float.
    hypotf(x: f32, y: f32) -> f32;
    /// `remainder(x, y)`—`x - n*y` for the integer `n` nearest `x/y` (ties to even), exact.
    remainder(x: f64, y: f64) -> f64;
    /// `remainderf(x, y)`—`remainder` for float.
    remainderf(x: f32, y: f32) -> f32;
    /// `rint(x)`—`x` rounded to an integer in the current rounding mode, raising inexact
    /// when that changes it.
    rint(x: f64) -> f64;
    /// `rintf(x)`—`rint` for float.
    rintf(x: f32) -> f32;
}

/// `drem(x, y)`—`remainder`, by its BSD name.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn drem(x: f64, y: f64) -> f64 {
    libm::remainder(x, y)
}

/// `dremf(x, y)`—`drem` for float.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn dremf(x: f32, y: f32) -> f32 {
    libm::remainderf(x, y)
}

/// `pow10(x)`—`exp10`, by its older GNU name.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn pow10(x: f64) -> f64 {
    crate::hyper::exp10(x)
}


use crate::support::invalid;

/// `FP_ILOGB0` and `FP_ILOGBNAN`: musl makes both `INT_MIN`.
pub const FP_ILOGBNAN: c_int = c_int::MIN;
pub const FP_ILOGB0: c_int = FP_ILOGBNAN;

/// `ilogb(x)`—The unbiased exponent of `x` as an int (of the normalized value for
/// subnormals); `FP_ILOGB0` for 0 and `FP_ILOGBNAN` for NaN, `INT_MAX` for ±inf, each of
/// those raising invalid.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn ilogb(x: f64) -> c_int {
    let b = x.to_bits();
    let e = ((b >> 52) & 0x7ff) as c_int;
    let m = b << 12;
    match e {
        0 if m == 0 => {
            invalid();
            FP_ILOGB0
        }
        0 => -1023 - m.leading_zeros() as c_int,
        0x7ff => {
            invalid();
            if m != 0 { FP_ILOGBNAN } else { c_int::MAX }
        }
        _ => e - 1023,
    }
}

/// `ilogbf(x)`—`ilogb` for float.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn ilogbf(x: f32) -> c_int {
    let b = x.to_bits();
    let e = ((b >> 23) & 0xff) as c_int;
    let m = b << 9;
    match e {
        0 if m == 0 => {
            invalid();
            FP_ILOGB0
        }
        0 => -127 - m.leading_zeros() as c_int,
        0xff => {
            invalid();
            if m != 0 { FP_ILOGBNAN } else { c_int::MAX }
        }
        _ => e - 127,
    }
}

/// `logb(x)`—The exponent of `x` as a double: -inf (divide-by-zero) for 0, +inf for ±inf,
/// NaN for NaN.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn logb(x: f64) -> f64 {
    if !x.is_finite() {
        return x * x;
    }
    if x == 0.0 {
        return -1.0 / black_box(x * x);
    }
    f64::from(ilogb(x))
}

/// `logbf(x)`—`logb` for float.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn logbf(x: f32) -> f32 {
    if !x.is_finite() {
        return x * x;
    }
    if x == 0.0 {
        return -1.0 / black_box(x * x);
    }
    ilogbf(x) as f32
}

/// `significand(x)`—`x` scaled by a power of 2 into `[1, 2)` (a BSD extension):
/// `scalbn(x, -ilogb(x))`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn significand(x: f64) -> f64 {
    libm::scalbn(x, ilogb(x).wrapping_neg())
}

/// `significandf(x)`—`significand` for float.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn significandf(x: f32) -> f32 {
    libm::scalbnf(x, ilogbf(x).wrapping_neg())
}

/// `finite(x)`—1 if `x` is neither infinite nor NaN (a BSD extension), else 0.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn finite(x: f64) -> c_int {
    c_int::from(x.is_finite())
}

/// `finitef(x)`—`finite` for float.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn finitef(x: f32) -> c_int {
    c_int::from(x.is_finite())
}

/// `scalb(x, n)`—`x` times 2 to the `n`, with `n` a double (the old X/Open form): NaN
/// (invalid) when `n` is not integral, `n` clamped to ±65000 before scaling.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn scalb(x: f64, n: f64) -> f64 {
    if x.is_nan() || n.is_nan() {
        return x * n;
    }
    if n.is_infinite() {
        return if n > 0.0 { x * n } else { x / -n };
    }
    if libm::rint(n) != n {
        return invalid();
    }
    libm::scalbn(x, n.clamp(-65000.0, 65000.0) as c_int)
}

/// `scalbf(x, n)`—`scalb` for float.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn scalbf(x: f32, n: f32) -> f32 {
    if x.is_nan() || n.is_nan() {
        return x * n;
    }
    if n.is_infinite() {
        return if n > 0.0 { x * n } else { x / -n };
    }
    if libm::rintf(n) != n {
        return invalid() as f32;
    }
    libm::scalbnf(x, n.clamp(-65000.0, 65000.0) as c_int)
}

/// `scalbln(x, n)`—`scalbn` with a long exponent (clamped: anything beyond ±int range
/// already over- or underflows).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn scalbln(x: f64, n: c_long) -> f64 {
    libm::scalbn(x, n.clamp(c_int::MIN.into(), c_int::MAX.into()) as c_int)
}

/// `scalblnf(x, n)`—`scalbln` for float.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn scalblnf(x: f32, n: c_long) -> f32 {
    libm::scalbnf(x, n.clamp(c_int::MIN.into(), c_int::MAX.into()) as c_int)
}

/// `nan(tag)`—A quiet NaN; like musl's, the tag is not read.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn nan(_tag: *const c_char) -> f64 {
    f64::from_bits(0x7ff8_0000_0000_0000)
}

/// `nanf(tag)`—`nan` for float.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn nanf(_tag: *const c_char) -> f32 {
    f32::from_bits(0x7fc0_0000)
}

/// `nearbyint(x)`—`rint` without the inexact flag.
#[cfg(target_arch = "x86_64")]
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn nearbyint(x: f64) -> f64 {
    crate::fenv::without_flags(0, || libm::rint(x))
}

/// `nearbyintf(x)`—`nearbyint` for float.
#[cfg(target_arch = "x86_64")]
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn nearbyintf(x: f32) -> f32 {
    crate::fenv::without_flags(0, || libm::rintf(x))
}

/// Conversions to `long`: on x86_64 the SSE instructions, which give `LONG_MIN` (the
/// "integer indefinite") and raise invalid for NaN and for results out of range; elsewhere
/// the same results computed.
mod to_int {
    #[cfg(target_arch = "x86_64")]
    use core::arch::x86_64::{_mm_cvtsd_si64, _mm_cvtss_si64, _mm_cvttsd_si64, _mm_cvttss_si64, _mm_set_sd, _mm_set_ss};

    /// Rounds in the current mode.
    #[cfg(target_arch = "x86_64")]
    pub fn rint64(x: f64) -> i64 {
        // SAFETY: SSE2 is part of x86_64.
        unsafe { _mm_cvtsd_si64(_mm_set_sd(x)) }
    }

    #[cfg(target_arch = "x86_64")]
    pub fn rint64f(x: f32) -> i64 {
        // SAFETY: SSE is part of x86_64.
        unsafe { _mm_cvtss_si64(_mm_set_ss(x)) }
    }

    /// Truncates an already integral value.
    #[cfg(target_arch = "x86_64")]
    pub fn trunc64(x: f64) -> i64 {
        // SAFETY: as above.
        unsafe { _mm_cvttsd_si64(_mm_set_sd(x)) }
    }

    #[cfg(target_arch = "x86_64")]
    pub fn trunc64f(x: f32) -> i64 {
        // SAFETY: as above.
        unsafe { _mm_cvttss_si64(_mm_set_ss(x)) }
    }

    #[cfg(not(target_arch = "x86_64"))]
    pub fn trunc64(x: f64) -> i64 {
        if x.is_nan() || !(-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&x) {
            crate::support::invalid();
            return i64::MIN;
        }
        x as i64
    }

    #[cfg(not(target_arch = "x86_64"))]
    pub fn trunc64f(x: f32) -> i64 {
        trunc64(f64::from(x))
    }

    #[cfg(not(target_arch = "x86_64"))]
    pub fn rint64(x: f64) -> i64 {
        trunc64(libm::rint(x))
    }

    #[cfg(not(target_arch = "x86_64"))]
    pub fn rint64f(x: f32) -> i64 {
        trunc64f(libm::rintf(x))
    }
}

/// `lrint(x)`—`x` rounded in the current mode, as a long; `LONG_MIN` (invalid) if it does
/// not fit.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn lrint(x: f64) -> c_long {
    to_int::rint64(x) as c_long
}

/// `lrintf(x)`—`lrint` for float.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn lrintf(x: f32) -> c_long {
    to_int::rint64f(x) as c_long
}

/// `llrint(x)`—`lrint` as a long long.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn llrint(x: f64) -> c_longlong {
    to_int::rint64(x)
}

/// `llrintf(x)`—`llrint` for float.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn llrintf(x: f32) -> c_longlong {
    to_int::rint64f(x)
}

/// `lround(x)`—`x` rounded to nearest, halfway cases away from zero, as a long;
/// `LONG_MIN` (invalid) if it does not fit.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn lround(x: f64) -> c_long {
    round_to_i64(x) as c_long
}

/// `x` rounded to the nearest integer, halfway cases away from zero, in integer arithmetic
/// on the bits below 2^52 (inexact raised when that changes `x`, as musl's `round` does),
/// the conversion's own result beyond (exact, or `LONG_MIN` with invalid).
#[inline]
fn round_to_i64(x: f64) -> i64 {
    let b = x.to_bits();
    let e = ((b >> 52) & 0x7ff) as u32;
    if e >= 1023 + 52 {
        return to_int::trunc64(x);
    }
    if e < 1023 - 1 {
        // |x| < 1/2.
        if b << 1 != 0 {
            crate::support::raise_inexact();
        }
        return 0;
    }
    let m = (b & ((1 << 52) - 1)) | (1 << 52);
    let shift = 1075 - e;
    if m & ((1 << shift) - 1) != 0 {
        crate::support::raise_inexact();
    }
    let r = ((m + (1 << (shift - 1))) >> shift) as i64;
    if b >> 63 != 0 { -r } else { r }
}

/// `lroundf(x)`—`lround` for float.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn lroundf(x: f32) -> c_long {
    to_int::trunc64f(crate::exact::roundf(x)) as c_long
}

/// `llround(x)`—`lround` as a long long.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn llround(x: f64) -> c_longlong {
    round_to_i64(x)
}

/// `llroundf(x)`—`llround` for float.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn llroundf(x: f32) -> c_longlong {
    to_int::trunc64f(crate::exact::roundf(x))
}

/// `fma(x, y, z)`—`x*y + z` rounded once, in the current rounding mode. As in musl, an
/// infinite, NaN or zero `x` or `y`, or a zero `z`, takes the plain arithmetic (so inf*0 +
/// NaN raises invalid), and an infinite or NaN `z` is returned as it is.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn fma(x: f64, y: f64, z: f64) -> f64 {
    // Tests on the bits: comparing a signalling NaN would raise invalid.
    let mag = |v: f64| v.to_bits() & !(1 << 63);
    let inf = f64::INFINITY.to_bits();
    // The common case first, in one branch: all three finite and not zero, on an FMA
    // machine: the instruction inline, and nothing else in this frame (the rest is out of
    // line, so this path saves no registers).
    let ordinary = |v: f64| mag(v).wrapping_sub(1) < inf - 1;
    #[cfg(target_arch = "x86_64")]
    if ordinary(x) & ordinary(y) & ordinary(z) && fma_known() {
        let mut r = x;
        // SAFETY: the CPU has FMA; vfmadd213sd sets r = y·r + z, rounded once in MXCSR's
        // mode with its flags.
        unsafe {
            core::arch::asm!("vfmadd213sd {r}, {y}, {z}", r = inout(xmm_reg) r, y = in(xmm_reg) y, z = in(xmm_reg) z,
                options(nomem, nostack, preserves_flags))
        };
        return r;
    }
    fma_rest(x, y, z)
}

/// `fma` but for its common case on an FMA machine.
#[inline(never)]
fn fma_rest(x: f64, y: f64, z: f64) -> f64 {
    let mag = |v: f64| v.to_bits() & !(1 << 63);
    let inf = f64::INFINITY.to_bits();
    let ordinary = |v: f64| mag(v).wrapping_sub(1) < inf - 1;
    if ordinary(x) & ordinary(y) & ordinary(z) {
        #[cfg(target_arch = "x86_64")]
        if has_fma() {
            // SAFETY: the CPU has FMA.
            return unsafe { fma_hw(x, y, z) };
        }
        return crate::fma::fma(x, y, z);
    }
    if mag(x) >= inf || mag(y) >= inf || mag(x) == 0 || mag(y) == 0 || mag(z) == 0 {
        return crate::exact::add_dst(x * y, z);
    }
    // z is infinite or a NaN (the common case returned above).
    z
}

/// `fmaf(x, y, z)`—`fma` for float (special operands and a zero `z` in double arithmetic,
/// as musl computes them).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn fmaf(x: f32, y: f32, z: f32) -> f32 {
    let mag = |v: f32| v.to_bits() & !(1 << 31);
    let inf = f32::INFINITY.to_bits();
    let ordinary = |v: f32| mag(v).wrapping_sub(1) < inf - 1;
    #[cfg(target_arch = "x86_64")]
    if ordinary(x) & ordinary(y) & ordinary(z) && fma_known() {
        let mut r = x;
        // SAFETY: as in `fma`, with vfmadd213ss.
        unsafe {
            core::arch::asm!("vfmadd213ss {r}, {y}, {z}", r = inout(xmm_reg) r, y = in(xmm_reg) y, z = in(xmm_reg) z,
                options(nomem, nostack, preserves_flags))
        };
        return r;
    }
    fmaf_rest(x, y, z)
}

/// `fmaf` but for its common case on an FMA machine.
#[inline(never)]
fn fmaf_rest(x: f32, y: f32, z: f32) -> f32 {
    let mag = |v: f32| v.to_bits() & !(1 << 31);
    let inf = f32::INFINITY.to_bits();
    let ordinary = |v: f32| mag(v).wrapping_sub(1) < inf - 1;
    if ordinary(x) & ordinary(y) & ordinary(z) {
        #[cfg(target_arch = "x86_64")]
        if has_fma() {
            let mut r = x;
            // SAFETY: as in `fma`, with vfmadd213ss.
            unsafe {
                core::arch::asm!("vfmadd213ss {r}, {y}, {z}", r = inout(xmm_reg) r, y = in(xmm_reg) y, z = in(xmm_reg) z,
                    options(nomem, nostack, preserves_flags))
            };
            return r;
        }
        return crate::fma::fmaf(x, y, z);
    }
    // Some operand is infinite, a NaN or zero: as in musl, in double, where the product is
    // exact (so a zero z rounds once); gcc has musl add the product to z, so z's NaN wins.
    crate::exact::add_dst(f64::from(z), f64::from(x) * f64::from(y)) as f32
}

/// Whether the CPU has FMA3 (CPUID leaf 1, ECX bit 12) and SSE4.1 (bit 19, which every
/// FMA3 CPU has; the exponential's fast path uses its `roundsd`), cached after the first
/// call.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn has_fma() -> bool {
    use core::sync::atomic::Ordering;
    // The FMA machine's answer first, in one compare.
    let s = FMA_STATE.load(Ordering::Relaxed);
    if s == 2 {
        return true;
    }
    s != 1 && probe_fma()
}

/// Whether the CPU is known to have FMA (and SSE4.1): `has_fma` without the probe, for the
/// entry points' first test, whose other branch probes.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn fma_known() -> bool {
    FMA_STATE.load(core::sync::atomic::Ordering::Relaxed) == 2
}

#[cfg(target_arch = "x86_64")]
static FMA_STATE: core::sync::atomic::AtomicU8 = core::sync::atomic::AtomicU8::new(0);

#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
fn probe_fma() -> bool {
    // CPUID leaf 1 exists on every x86_64 CPU.
    let ecx = core::arch::x86_64::__cpuid(1).ecx;
    // FMA needs the OS to save the AVX state too (OSXSAVE, bit 27, and XCR0's SSE and AVX
    // bits).
    let os_avx = ecx & (1 << 27) != 0 && {
        // SAFETY: OSXSAVE says xgetbv is available.
        let xcr0 = unsafe { core::arch::x86_64::_xgetbv(0) };
        xcr0 & 6 == 6
    };
    let yes = ecx & (1 << 12) != 0 && ecx & (1 << 19) != 0 && os_avx;
    FMA_STATE.store(if yes { 2 } else { 1 }, core::sync::atomic::Ordering::Relaxed);
    yes
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "fma")]
pub(crate) unsafe fn fma_hw(x: f64, y: f64, z: f64) -> f64 {
    use core::arch::x86_64::{_mm_cvtsd_f64, _mm_fmadd_sd, _mm_set_sd};
    _mm_cvtsd_f64(_mm_fmadd_sd(_mm_set_sd(x), _mm_set_sd(y), _mm_set_sd(z)))
}




/// `remquo(x, y, quo)`—`remainder(x, y)`, storing in `*quo` the sign and at least the
/// low three bits of the quotient.
///
/// # Safety
/// `quo` must be valid for a write.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn remquo(x: f64, y: f64, quo: *mut c_int) -> f64 {
    let (r, q) = libm::remquo(x, y);
    // SAFETY: the caller's pointer.
    unsafe { *quo = q };
    r
}

/// `remquof(x, y, quo)`—`remquo` for float.
///
/// # Safety
/// As for `remquo`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn remquof(x: f32, y: f32, quo: *mut c_int) -> f32 {
    let (r, q) = libm::remquof(x, y);
    // SAFETY: the caller's pointer.
    unsafe { *quo = q };
    r
}

/// `__signgam`: the sign of Γ(x) that the last `lgamma` call found (1 or -1); `signgam`
/// is the same object by its public name.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[allow(non_upper_case_globals)]
pub static mut __signgam: c_int = 0;

#[cfg(feature = "export")]
core::arch::global_asm!(
    ".globl signgam",
    ".type signgam, @object",
    ".size signgam, 4",
    ".set signgam, __signgam",
);

/// `lgamma(x)`—`lgamma_r` storing the sign in `signgam` (so, as in C, not thread-safe).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn lgamma(x: f64) -> f64 {
    // SAFETY: `signgam` is the program's, written as C's lgamma writes it.
    unsafe { crate::special::lgamma_r(x, &raw mut __signgam) }
}


/// The reduction table of `cbrt`'s first stage: for u = 2^e·m in [1, 8) (e = 0, 1, 2) and
/// each of 16 equal slots of m in [1, 2), 1/c and c^(1/3) for the slot's centre c, the
/// root by Newton's iteration at compile time (only the first 2^-30 of it matters).
#[cfg(target_arch = "x86_64")]
const CBRT_T: [(f64, f64); 48] = {
    let mut t = [(0.0, 0.0); 48];
    let mut i = 0;
    while i < 48 {
        let c = (1u64 << (i / 16)) as f64 * (1.0 + ((i % 16) as f64 + 0.5) / 16.0);
        let mut y = 1.5;
        let mut n = 0;
        while n < 12 {
            y -= (y * y * y - c) / (3.0 * y * y);
            n += 1;
        }
        t[i] = (1.0 / c, y);
        i += 1;
    }
    t
};

/// `cbrt`'s first stage, with FMA, for normal x: the root rounded in the caller's mode if
/// that is decided (all but about one call in 2^14).
/// - x = ±2^(3q)·u, u in [1, 8); u = c(1 + v) for the slot's centre c, |v| < 1/32, and
///   y1 = c^(1/3)(1 + v/3 - v²/9 + 5v³/81), within 2^-24 of u^(1/3).
/// - With y1³ = u(1 + δ) (δ from the exact residual y1³ - u, by FMA, over u), u^(1/3) =
///   y1(1 + δ)^(-1/3) = y1(1 - δ/3 + 2δ²/9 - ...): the first terms left out, 14δ³/81, are
///   below 2^-69 of the result and the rest's rounding errors below 2^-74, so the root lies
///   within 2^-67 (absolute, the root of u being in [1, 2)) of y1 + y1·δ(2δ/9 - 1/3), and
///   Ziv's test decides.
///
/// The signs travel through every step (a negative x has a negative u), so the directed
/// modes round the signed root.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn cbrt_quick(x: f64) -> Option<f64> {
    use crate::explog::{fmadd, mul_err};
    const ERR: f64 = f64::from_bits((1023 - 67) << 52);
    let b = x.to_bits();
    let sign = b & (1 << 63);
    // The exponent e - 1023 = 3q + r, r in {0, 1, 2} (the bias 3·342 keeps it positive).
    let ee = ((b >> 52) & 0x7ff) as u32 + 3 * 342 - 1023;
    let q = ee / 3;
    let r = ee - 3 * q;
    let u = f64::from_bits(sign | (u64::from(1023 + r) << 52) | (b & ((1 << 52) - 1)));
    let (ic, cc) = CBRT_T[(r * 16 + ((b >> 48) & 15) as u32) as usize];
    let ic = f64::from_bits(ic.to_bits() | sign);
    let cc = f64::from_bits(cc.to_bits() | sign);
    let inv_u = 1.0 / u;
    let v = fmadd::<true>(u, ic, -1.0);
    let p = fmadd::<true>(v, fmadd::<true>(v, 5.0 / 81.0, -1.0 / 9.0), 1.0 / 3.0);
    let y1 = fmadd::<true>(cc, v * p, cc);
    // y1³ - u: y1² = h + l exactly, then y1·h - u rounded once, and y1·l.
    let h = y1 * y1;
    let l = mul_err::<true>(y1, y1, h);
    let d = fmadd::<true>(y1, l, fmadd::<true>(y1, h, -u));
    let delta = d * inv_u;
    let c = (y1 * delta) * fmadd::<true>(delta, 2.0 / 9.0, -1.0 / 3.0);
    let lo = y1 + (c - ERR);
    let hi = y1 + (c + ERR);
    // The scaling by 2^(q - 342) is exact: the result is normal.
    if lo == hi { Some(f64::from_bits((lo.to_bits() as i64 + ((i64::from(q) - 342) << 52)) as u64)) } else { None }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "fma,sse4.1")]
unsafe fn cbrt_fma(x: f64) -> f64 {
    match cbrt_quick(x) {
        Some(v) => v,
        None => libm::cbrt(x),
    }
}

/// `cbrt(x)`—The real cube root, correctly rounded: a first stage with FMA
/// (`cbrt_quick`), else the `libm` crate's correctly rounded kernel.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn cbrt(x: f64) -> f64 {
    #[cfg(target_arch = "x86_64")]
    {
        let top = (x.to_bits() >> 52) as u32 & 0x7ff;
        if top.wrapping_sub(1) < 0x7fe && crate::real::has_fma() {
            // SAFETY: the CPU has FMA and SSE4.1.
            return unsafe { cbrt_fma(x) };
        }
    }
    libm::cbrt(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponents() {
        assert_eq!(ilogb(1.0), 0);
        assert_eq!(ilogb(0.75), -1);
        assert_eq!(ilogb(f64::from_bits(1)), -1074);
        assert_eq!(ilogb(0.0), FP_ILOGB0);
        assert_eq!(ilogb(f64::NAN), FP_ILOGBNAN);
        assert_eq!(ilogb(f64::INFINITY), c_int::MAX);
        assert_eq!(ilogbf(f32::from_bits(1)), -149);
        assert_eq!(ilogbf(-8.5), 3);
        assert_eq!(logb(0.0), f64::NEG_INFINITY);
        assert_eq!(logb(f64::NEG_INFINITY), f64::INFINITY);
        assert_eq!(logb(1024.5), 10.0);
        assert_eq!(logbf(0.1), -4.0);
        assert_eq!(significand(24.0), 1.5);
        assert_eq!(significandf(-0.375), -1.5);
        assert_eq!(scalb(3.0, 2.0), 12.0);
        assert!(scalb(3.0, 2.5).is_nan());
        assert_eq!(scalb(3.0, f64::NEG_INFINITY), 0.0);
        assert_eq!(scalb(1.0, 1e9), f64::INFINITY);
        assert_eq!(scalbln(1.0, c_long::MIN), 0.0);
        assert_eq!(scalblnf(1.0, 3), 8.0);
    }

    #[test]
    fn conversions_to_integers() {
        assert_eq!(lrint(2.5), 2);
        assert_eq!(lrint(-3.5), -4);
        assert_eq!(lround(2.5), 3);
        assert_eq!(lround(-2.5), -3);
        assert_eq!(llroundf(-0.49999997), 0);
        assert_eq!(lround(f64::NAN), c_long::MIN);
        assert_eq!(lround(1e19), c_long::MIN);
        assert_eq!(llrint(-9.223_372_036_854_776e18), i64::MIN);
        assert_eq!(lrintf(1e30), c_long::MIN);
        assert_eq!(lround(4503599627370497.0), 4503599627370497);
    }

    #[test]
    fn fma_rounds_once() {
        let x = 1.0 + f64::EPSILON;
        // (1+e)^2 - 1 = 2e + e^2, which the separate multiply loses.
        assert_eq!(fma(x, x, -1.0), 2.0 * f64::EPSILON + f64::EPSILON * f64::EPSILON);
        assert_eq!(crate::fma::fma(x, x, -1.0), fma(x, x, -1.0));
        let xf = 1.0 + f32::EPSILON;
        assert_eq!(fmaf(xf, xf, -1.0), 2.0 * f32::EPSILON + f32::EPSILON * f32::EPSILON);
    }

    #[test]
    fn gamma_sign_and_pairs() {
        let mut s = 0;
        assert!((unsafe { crate::special::lgamma_r(-0.5, &mut s) } - 1.265_512_123_484_645_4).abs() < 1e-15);
        assert_eq!(s, -1);
        assert!((lgamma(4.0) - 6.0f64.ln()).abs() < 1e-15);
        assert_eq!(unsafe { __signgam }, 1);
        let mut q = 0;
        assert_eq!(unsafe { remquo(10.0, 3.0, &mut q) }, 1.0);
        assert_eq!(q & 7, 3);
        assert_eq!(drem(10.0, 4.0), 2.0);
        assert_eq!(pow10(3.0), 1000.0);
        assert_eq!(nan(core::ptr::null()).to_bits(), 0x7ff8_0000_0000_0000);
        assert_eq!(finite(f64::INFINITY), 0);
        assert_eq!(finitef(1.0), 1);
    }

    /// `cbrt`'s first stage, in every rounding mode: each result it decides is the crate's
    /// correctly rounded one, and it leaves almost none undecided but the exact cubes.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn cbrt_quick_rounds_as_the_crate() {
        fn run<const F: bool>(acc: &mut [u32; 2]) {
            if !F {
                return;
            }
            let mut rng = crate::support::XorShift(0x5851_f42d_4c95_7f2d);
            for i in 0..400_000u32 {
                let u = rng.unit();
                let bits = rng.0;
                let x = match i % 4 {
                    0 => f64::from_bits(bits),
                    1 => (u - 0.5) * 100.0,
                    // Near the cubes of doubles with short mantissas (exact cases and ties).
                    2 => {
                        let y = f64::from(i % 2000) / 64.0 + 1.0;
                        y * y * y * if i % 8 == 2 { 1.0 } else { -1.0 }
                    }
                    _ => f64::from_bits((bits & 0x800f_ffff_ffff_ffff) | (1023u64 << 52)) * 8.0f64.powi((i % 7) as i32),
                };
                let top = (x.to_bits() >> 52) & 0x7ff;
                if top == 0 || top == 0x7ff {
                    continue;
                }
                // The exact cubes are left to the crate in the directed modes (the bounds
                // straddle the root): count the others.
                acc[1] += u32::from(i % 4 != 2);
                match cbrt_quick(x) {
                    Some(v) => assert_eq!(v.to_bits(), libm::cbrt(x).to_bits(), "cbrt({x:e})"),
                    None => acc[0] += u32::from(i % 4 != 2),
                }
            }
        }
        in_every_mode!(run, [u32; 2], |mode, acc: [u32; 2]| {
            std::println!("mode {mode}: cbrt undecided {} of {}", acc[0], acc[1]);
            if crate::real::has_fma() {
                assert!(acc[0] < acc[1] / 400, "{acc:?}");
            }
        });
    }
}
