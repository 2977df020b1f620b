//! The helpers musl's `<math.h>` macros call: `fpclassify`, `isinf`, `isnan`, `isnormal` and
//! `signbit` become `__fpclassify*` and `__signbit*` calls for every argument type (the
//! `double` and `float` forms only when the compiler does not fold them itself), and
//! `FLT_ROUNDS` becomes `__flt_rounds()`.
//!
//! The `long double` forms read x86_64's x87 80-bit format, which C passes in memory: a
//! 64-bit significand with an explicit integer bit, then the sign and a 15-bit exponent.
//! Encodings the x87 itself refuses as operands (an exponent other than 0 with the integer
//! bit clear: unnormals, pseudo-NaNs and pseudo-infinities) classify as NaN, and
//! pseudo-denormals (exponent 0 with the integer bit set) as normal, as in musl.
use core::ffi::c_int;

/// `fpclassify`'s results, musl's values.
pub const FP_NAN: c_int = 0;
pub const FP_INFINITE: c_int = 1;
pub const FP_ZERO: c_int = 2;
pub const FP_SUBNORMAL: c_int = 3;
pub const FP_NORMAL: c_int = 4;

/// The class of an IEEE binary value from its biased exponent (all ones: `max`) and the
/// fraction bits below the exponent.
const fn ieee_class(exponent: u64, max: u64, fraction: u64) -> c_int {
    match (exponent, fraction) {
        (0, 0) => FP_ZERO,
        (0, _) => FP_SUBNORMAL,
        (e, 0) if e == max => FP_INFINITE,
        (e, _) if e == max => FP_NAN,
        _ => FP_NORMAL,
    }
}

/// `__fpclassify(x)`—The class of a `double`: `FP_NAN`, `FP_INFINITE`, `FP_ZERO`,
/// `FP_SUBNORMAL` or `FP_NORMAL`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __fpclassify(x: f64) -> c_int {
    let b = x.to_bits();
    ieee_class((b >> 52) & 0x7ff, 0x7ff, b & ((1 << 52) - 1))
}

/// `__fpclassifyf(x)`—`__fpclassify` for `float`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __fpclassifyf(x: f32) -> c_int {
    let b = u64::from(x.to_bits());
    ieee_class((b >> 23) & 0xff, 0xff, b & ((1 << 23) - 1))
}

/// `__signbit(x)`—1 if the sign bit of `x` is set (negative numbers, -0, negative NaNs),
/// else 0.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __signbit(x: f64) -> c_int {
    (x.to_bits() >> 63) as c_int
}

/// `__signbitf(x)`—`__signbit` for `float`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __signbitf(x: f32) -> c_int {
    (x.to_bits() >> 31) as c_int
}

/// The class of an x87 extended value given as its significand and its sign-and-exponent
/// word (see the module docs for the encodings the x87 refuses).
pub fn f80_class(significand: u64, sign_exponent: u16) -> c_int {
    const INTEGER_BIT: u64 = 1 << 63;
    let exponent = sign_exponent & 0x7fff;
    let integer = significand & INTEGER_BIT != 0;
    match exponent {
        0 if !integer => {
            if significand == 0 {
                FP_ZERO
            } else {
                FP_SUBNORMAL
            }
        }
        0x7fff if integer && significand == INTEGER_BIT => FP_INFINITE,
        _ if !integer => FP_NAN,
        0x7fff => FP_NAN,
        _ => FP_NORMAL,
    }
}

/// The body of `__fpclassifyl`, called by its trampoline with the argument's two words.
#[cfg(target_arch = "x86_64")]
extern "C" fn fpclassify_f80(significand: u64, sign_exponent: u64) -> c_int {
    f80_class(significand, sign_exponent as u16)
}

/// The body of `__signbitl`.
#[cfg(target_arch = "x86_64")]
extern "C" fn signbit_f80(_significand: u64, sign_exponent: u64) -> c_int {
    ((sign_exponent >> 15) & 1) as c_int
}

// `int __fpclassifyl(long double)` and `int __signbitl(long double)`: trampolines (see
// `entry.rs`) that load the significand and the sign-and-exponent word into the first two
// integer argument registers and jump to the Rust body.
#[cfg(target_arch = "x86_64")]
ld_fn!(x jmp "__fpclassifyl", "limpet_math_fpclassifyl", fpclassify_f80);
#[cfg(target_arch = "x86_64")]
ld_fn!(x jmp "__signbitl", "limpet_math_signbitl", signbit_f80);

/// `__flt_rounds()`—The current rounding direction as `FLT_ROUNDS` reports it: 0 toward
/// zero, 1 to nearest, 2 upward, 3 downward. On x86_64 it is the SSE unit's mode (MXCSR
/// bits 13 and 14), the one `double` and `float` arithmetic uses and `fesetround` sets.
#[cfg(target_arch = "x86_64")]
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __flt_rounds() -> c_int {
    let mut csr: u32 = 0;
    // SAFETY: stmxcsr stores the 4-byte control and status register into a local.
    unsafe { core::arch::asm!("stmxcsr [{}]", in(reg) &raw mut csr, options(nostack, preserves_flags)) };
    // MXCSR's rounding control: 0 nearest, 1 down, 2 up, 3 toward zero.
    [1, 3, 2, 0][((csr >> 13) & 3) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_and_floats() {
        let cases: [(f64, c_int); 9] = [
            (0.0, FP_ZERO),
            (-0.0, FP_ZERO),
            (1.5, FP_NORMAL),
            (-f64::MAX, FP_NORMAL),
            (f64::MIN_POSITIVE, FP_NORMAL),
            (f64::from_bits(1), FP_SUBNORMAL),
            (f64::INFINITY, FP_INFINITE),
            (f64::NEG_INFINITY, FP_INFINITE),
            (f64::NAN, FP_NAN),
        ];
        for (x, class) in cases {
            assert_eq!(__fpclassify(x), class, "{x:e}");
            assert_eq!(__signbit(x), x.is_sign_negative() as c_int, "{x:e}");
        }
        assert_eq!(__fpclassify(f64::from_bits(0x7ff0_0000_0000_0001)), FP_NAN);
        assert_eq!(__signbit(-f64::NAN), 1);
        let cases: [(f32, c_int); 7] = [
            (-0.0, FP_ZERO),
            (3.0, FP_NORMAL),
            (f32::MIN_POSITIVE, FP_NORMAL),
            (f32::from_bits(0x007f_ffff), FP_SUBNORMAL),
            (f32::NEG_INFINITY, FP_INFINITE),
            (f32::from_bits(0x7f80_0001), FP_NAN),
            (f32::from_bits(0xffc0_0000), FP_NAN),
        ];
        for (x, class) in cases {
            assert_eq!(__fpclassifyf(x), class, "{x:e}");
            assert_eq!(__signbitf(x), (x.to_bits() >> 31) as c_int, "{x:e}");
        }
    }

    #[test]
    fn every_class_agrees_with_the_standard_library_on_random_bits() {
        use core::num::FpCategory::*;
        let want = |c| match c {
            Nan => FP_NAN,
            Infinite => FP_INFINITE,
            Zero => FP_ZERO,
            Subnormal => FP_SUBNORMAL,
            Normal => FP_NORMAL,
        };
        let mut s: u64 = 0x2545_f491_4f6c_dd1d;
        for i in 0..200_000u64 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            // Every fourth value gets an extreme exponent, so each class comes up often.
            let b = match i % 4 {
                0 => s & !(0x7ff << 52),
                1 => s | 0x7ff << 52,
                _ => s,
            };
            let x = f64::from_bits(b);
            assert_eq!(__fpclassify(x), want(x.classify()), "{b:#x}");
            let f = f32::from_bits(b as u32);
            assert_eq!(__fpclassifyf(f), want(f.classify()), "{:#x}", b as u32);
        }
    }

    #[test]
    fn x87_encodings() {
        const I: u64 = 1 << 63;
        for (m, se, class) in [
            (0, 0x0000, FP_ZERO),
            (0, 0x8000, FP_ZERO),
            (1, 0x0000, FP_SUBNORMAL),
            (I - 1, 0x8000, FP_SUBNORMAL),
            // A pseudo-denormal: exponent 0 with the integer bit.
            (I | 5, 0x0000, FP_NORMAL),
            (I, 0x3fff, FP_NORMAL),
            (I | 1, 0xc000, FP_NORMAL),
            // An unnormal: the integer bit clear under a nonzero exponent.
            (5, 0x3fff, FP_NAN),
            (I, 0x7fff, FP_INFINITE),
            (I, 0xffff, FP_INFINITE),
            // A pseudo-infinity and a pseudo-NaN.
            (0, 0x7fff, FP_NAN),
            (1, 0x7fff, FP_NAN),
            (I | 1, 0x7fff, FP_NAN),
            (I | I >> 1, 0xffff, FP_NAN),
        ] {
            assert_eq!(f80_class(m, se), class, "{m:#x} {se:#x}");
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn long_double_trampolines_read_the_argument_from_memory() {
        // Calls a trampoline as C calls a `long double` function: the argument's 16 bytes
        // at the top of the stack, which is 16-aligned at the call.
        macro_rules! call {
            ($own:literal, $m:expr, $se:expr) => {{
                let arg: [u64; 2] = [$m, u64::from($se as u16)];
                let r: c_int;
                // SAFETY: makes room for the argument, calls, and gives the room back.
                unsafe {
                    core::arch::asm!(
                        "sub rsp, 16",
                        "mov rax, qword ptr [{a}]",
                        "mov qword ptr [rsp], rax",
                        "mov rax, qword ptr [{a} + 8]",
                        "mov qword ptr [rsp + 8], rax",
                        concat!("call ", $own),
                        "add rsp, 16",
                        a = in(reg) arg.as_ptr(),
                        out("eax") r,
                        clobber_abi("C"),
                    );
                }
                r
            }};
        }
        const I: u64 = 1 << 63;
        for (m, se) in [(0, 0u16), (1, 0x8000), (I, 0x3fff), (I, 0xffff), (I | 1, 0x7fff), (5, 0x4000)] {
            assert_eq!(call!("limpet_math_fpclassifyl", m, se), f80_class(m, se), "{m:#x} {se:#x}");
            assert_eq!(call!("limpet_math_signbitl", m, se), c_int::from(se >> 15), "{m:#x} {se:#x}");
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn rounding_direction_follows_mxcsr() {
        let get = || {
            let mut csr: u32 = 0;
            unsafe { core::arch::asm!("stmxcsr [{}]", in(reg) &raw mut csr) };
            csr
        };
        let set = |csr: u32| unsafe { core::arch::asm!("ldmxcsr [{}]", in(reg) &raw const csr) };
        let saved = get();
        for (rc, want) in [(0u32, 1), (1, 3), (2, 2), (3, 0)] {
            set(saved & !(3 << 13) | rc << 13);
            let got = __flt_rounds();
            set(saved);
            assert_eq!(got, want, "MXCSR rounding control {rc}");
        }
    }
}
