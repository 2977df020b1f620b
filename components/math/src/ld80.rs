//! The `long double` functions on x86_64, where `long double` is the x87's 80-bit extended
//! format: a 64-bit significand with an explicit integer bit and a 15-bit exponent.
//!
//! C passes a `long double` in memory (8(%rsp), 24(%rsp), ... on entry: the psABI's X87
//! class, which no Rust type has) and returns it in st(0), so every function here is an
//! assembly entry point. Two kinds:
//! - the ones the x87 computes itself (`sqrtl`, `rintl`, `logl`, `atan2l`, `fmodl`, ...)
//!   are a few x87 instructions and nothing else;
//! - the others load the arguments' significands and sign-and-exponent words into integer
//!   registers and call a Rust body working on the bits ([`F80`]), which returns its result
//!   in rax:rdx for the entry point to load into st(0) (or an integer or `double` result
//!   in its register, by a plain jump).
//!
//! Each entry point's own name is `limpet_math_*` (hidden); with `export` the C name is an
//! alias of it, so without it an embedder's own libm keeps its names.
use core::arch::asm;
use core::ffi::c_int;
use core::hint::black_box;

/// An x87 extended value as it lies in memory: the significand (bit 63 the explicit integer
/// bit) and, in the low 16 bits of `se`, the sign and the biased exponent.
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct F80 {
    /// The significand.
    pub m: u64,
    /// The sign (bit 15) and biased exponent (bits 0-14); the rest is zero.
    pub se: u64,
}

const BIAS: i32 = 16383;
const INT_BIT: u64 = 1 << 63;

impl F80 {
    const fn new(neg: bool, exp: u64, m: u64) -> F80 {
        F80 { m, se: (neg as u64) << 15 | exp }
    }
    fn exp(self) -> u64 {
        self.se & 0x7fff
    }
    fn neg(self) -> bool {
        self.se & 0x8000 != 0
    }
    fn is_nan(self) -> bool {
        // Exponent all ones and anything but the integer bit: NaNs, and the encodings
        // the x87 refuses (pseudo-NaNs, pseudo-infinities), which it treats as NaNs.
        self.exp() == 0x7fff && self.m != INT_BIT
    }
    fn is_inf(self) -> bool {
        self.exp() == 0x7fff && self.m == INT_BIT
    }
    /// The magnitude's place in the ordering of finite values and infinity: consecutive
    /// codes are consecutive values (the smallest subnormal is 1, the smallest normal 2^63).
    fn code(self) -> u128 {
        let e = self.exp();
        if e == 0 { u128::from(self.m) } else { u128::from(e) << 63 | u128::from(self.m & !INT_BIT) }
    }
    fn from_code(neg: bool, c: u128) -> F80 {
        let e = (c >> 63) as u64;
        let f = c as u64 & !INT_BIT;
        F80::new(neg, e, if e != 0 { f | INT_BIT } else { f })
    }
    /// `a < b` for values that are not NaN (-0 equals +0).
    fn less(a: F80, b: F80) -> bool {
        let (ca, cb) = (a.code(), b.code());
        match (a.neg() && ca != 0, b.neg() && cb != 0) {
            (false, false) => ca < cb,
            (true, true) => ca > cb,
            (an, _) => an && (ca != 0 || cb != 0),
        }
    }
    fn equal(a: F80, b: F80) -> bool {
        let (ca, cb) = (a.code(), b.code());
        ca == cb && (ca == 0 || a.neg() == b.neg())
    }
    /// The value of a double, exactly.
    pub fn from_f64(x: f64) -> F80 {
        let b = x.to_bits();
        let neg = b >> 63 != 0;
        let e = (b >> 52 & 0x7ff) as i32;
        let f = b & ((1 << 52) - 1);
        match e {
            0 if f == 0 => F80::new(neg, 0, 0),
            0 => {
                let lz = f.leading_zeros() as i32 - 11;
                F80::new(neg, (1 - 1023 - lz + BIAS) as u64, (f << 11) << lz)
            }
            0x7ff => F80::new(neg, 0x7fff, INT_BIT | f << 11),
            _ => F80::new(neg, (e - 1023 + BIAS) as u64, INT_BIT | f << 11),
        }
    }
    /// An integer's value, exactly.
    fn from_int(v: i64) -> F80 {
        if v == 0 {
            return F80::new(false, 0, 0);
        }
        let a = v.unsigned_abs();
        let lz = a.leading_zeros();
        F80::new(v < 0, u64::from(63 - lz) + BIAS as u64, a << lz)
    }
}

/// Arithmetic on the x87 (`$op` with st(0) = a, st(1) = b, result in st(0)), so results,
/// NaNs and flags are the x87's in its current rounding mode.
macro_rules! x87 {
    ($op:literal, $a:expr, $b:expr) => {{
        let (a, b): (F80, F80) = ($a, $b);
        let mut r = F80 { m: 0, se: 0 };
        // SAFETY: loads two 10-byte values from live locals, stores one into `r`, and
        // leaves the x87 stack empty.
        unsafe {
            asm!(
                "fld tbyte ptr [{b}]",
                "fld tbyte ptr [{a}]",
                $op,
                "fstp tbyte ptr [{r}]",
                "fstp st(0)",
                a = in(reg) &a,
                b = in(reg) &b,
                r = in(reg) &mut r,
                out("st(0)") _,
                out("st(1)") _,
                options(nostack),
            )
        };
        r
    }};
}

fn add(a: F80, b: F80) -> F80 {
    x87!("fadd st(0), st(1)", a, b)
}

fn sub(a: F80, b: F80) -> F80 {
    x87!("fsub st(0), st(1)", a, b)
}

fn mul(a: F80, b: F80) -> F80 {
    x87!("fmul st(0), st(1)", a, b)
}

/// `a` rounded to double on the x87 (its NaN rules, its flags, the current mode).
fn to_f64(a: F80) -> f64 {
    let mut r = 0.0f64;
    // SAFETY: loads `a`, stores one double into `r`, leaves the stack empty.
    unsafe {
        asm!("fld tbyte ptr [{a}]", "fstp qword ptr [{r}]", a = in(reg) &a, r = in(reg) &mut r, out("st(0)") _, options(nostack))
    };
    r
}

/// `a` rounded to float on the x87.
fn to_f32(a: F80) -> f32 {
    let mut r = 0.0f32;
    // SAFETY: as in `to_f64`.
    unsafe {
        asm!("fld tbyte ptr [{a}]", "fstp dword ptr [{r}]", a = in(reg) &a, r = in(reg) &mut r, out("st(0)") _, options(nostack))
    };
    r
}

/// `(float)(x + y)` on the x87, x a float operand in memory.
fn f32_add(x: f32, y: F80) -> f32 {
    let mut r = 0.0f32;
    // SAFETY: loads `y`, adds the float at `x`, stores a float into `r`; the stack ends empty.
    unsafe {
        asm!(
            "fld tbyte ptr [{y}]",
            "fadd dword ptr [{x}]",
            "fstp dword ptr [{r}]",
            y = in(reg) &y,
            x = in(reg) &x,
            r = in(reg) &mut r,
            out("st(0)") _,
            options(nostack),
        )
    };
    r
}

/// The x87's rounding mode: 0 nearest, 1 down, 2 up, 3 toward zero (the control word's RC).
fn x87_mode() -> u32 {
    let mut cw = 0u16;
    // SAFETY: stores the control word into `cw`.
    unsafe { asm!("fnstcw word ptr [{}]", in(reg) &mut cw, options(nostack, preserves_flags)) };
    u32::from(cw >> 10 & 3)
}

fn raise_inexact() {
    let _ = black_box(black_box(1.0f64) + black_box(f64::MIN_POSITIVE));
}

/// (s + t)·2^k rounded once to the 64-bit significand in the x87's mode, with its flags,
/// where that is decided: (s + t) ± `eps` (a bound on the error of s + t) round alike, and
/// the result is normal. The fast paths' rounding test.
fn x87_decide(s: f64, t: f64, eps: f64, k: i32) -> Option<F80> {
    let r = x87_sum(s, t - eps);
    if r != x87_sum(s, t + eps) {
        return None;
    }
    let e = r.exp() as i32 + k;
    if !(1..0x7fff).contains(&e) {
        return None;
    }
    Some(F80 { m: r.m, se: (r.se & 0x8000) | e as u64 })
}

/// s + t rounded once to the 64-bit significand on the x87, in its rounding mode and with
/// its flags (the sum of two doubles is exact before that rounding).
fn x87_sum(s: f64, t: f64) -> F80 {
    let mut r = F80 { m: 0, se: 0 };
    // SAFETY: loads two doubles from locals, adds them, stores the result into `r`; the
    // stack is left as it was.
    unsafe {
        asm!(
            "fld qword ptr [{s}]",
            "fadd qword ptr [{t}]",
            "fstp tbyte ptr [{r}]",
            s = in(reg) &s,
            t = in(reg) &t,
            r = in(reg) &mut r,
            out("st(0)") _,
            options(nostack),
        )
    };
    r
}

fn raise_invalid() {
    let _ = black_box(black_box(0.0f64) / black_box(0.0f64));
}

fn raise_underflow() {
    let _ = black_box(black_box(f64::MIN_POSITIVE) * black_box(f64::MIN_POSITIVE));
}

fn raise_overflow() {
    let _ = black_box(black_box(f64::MAX) * black_box(2.0f64));
}

/// Stores a value where a `long double *` points.
///
/// # Safety
/// `p` must be valid for 10 bytes of writes.
unsafe fn store(p: *mut u8, v: F80) {
    // SAFETY: the caller's.
    unsafe {
        p.cast::<u64>().write_unaligned(v.m);
        p.add(8).cast::<u16>().write_unaligned(v.se as u16);
    }
}

// The x87's own operations: one rounding in the current mode, the x87's flags and NaNs.
ld_fn!(asm "fabsl", "limpet_math_fabsl": "fld tbyte ptr [rsp + 8]", "fabs", "ret");
ld_fn!(asm "sqrtl", "limpet_math_sqrtl": "fld tbyte ptr [rsp + 8]", "fsqrt", "ret");
ld_fn!(asm "rintl", "limpet_math_rintl": "fld tbyte ptr [rsp + 8]", "frndint", "ret");
// `nearbyintl`: `rintl` without inexact: when frndint raises it and it was clear before,
// the status word is put back (fnstenv/fldenv, which keep the register contents).
ld_fn!(asm "nearbyintl", "limpet_math_nearbyintl":
    "fld tbyte ptr [rsp + 8]",
    "fnstsw ax",
    "frndint",
    "test al, 0x20",
    "jnz 2f",
    "fnstenv [rsp - 32]",
    "and byte ptr [rsp - 28], 0xdf",
    "fldenv [rsp - 32]",
    "2:",
    "ret",
);

/// `floorl`, `ceill`, `truncl`: frndint with the control word's rounding field set to
/// `$rc` (the or instruction that sets it) for the one instruction.
macro_rules! round_to {
    ($c:literal, $own:literal, $rc:literal) => {
        ld_fn!(asm $c, $own:
            "fld tbyte ptr [rsp + 8]",
            "fnstcw word ptr [rsp - 8]",
            "movzx eax, word ptr [rsp - 8]",
            "and eax, 0xf3ff",
            $rc,
            "mov word ptr [rsp - 6], ax",
            "fldcw word ptr [rsp - 6]",
            "frndint",
            "fldcw word ptr [rsp - 8]",
            "ret",
        );
    };
}
round_to!("floorl", "limpet_math_floorl", "or eax, 0x400");
round_to!("ceill", "limpet_math_ceill", "or eax, 0x800");
round_to!("truncl", "limpet_math_truncl", "or eax, 0xc00");

// `lrintl`, `llrintl`: fistp in the current mode; a NaN or a value out of range stores the
// integer indefinite (LONG_MIN) and raises invalid.
ld_fn!(asm "lrintl", "limpet_math_lrintl":
    "fld tbyte ptr [rsp + 8]", "fistp qword ptr [rsp - 8]", "mov rax, qword ptr [rsp - 8]", "ret");
ld_fn!(asm "llrintl", "limpet_math_llrintl":
    "fld tbyte ptr [rsp + 8]", "fistp qword ptr [rsp - 8]", "mov rax, qword ptr [rsp - 8]", "ret");

// Logarithms: fyl2x computes st(1)·log2(st(0)); the constants are the x87's own ln 2,
// log10 2 and 1, loaded to full precision.
ld_fn!(asm "logl", "limpet_math_logl": "fldln2", "fld tbyte ptr [rsp + 8]", "fyl2x", "ret");
ld_fn!(asm "log2l", "limpet_math_log2l": "fld1", "fld tbyte ptr [rsp + 8]", "fyl2x", "ret");
ld_fn!(asm "log10l", "limpet_math_log10l": "fldlg2", "fld tbyte ptr [rsp + 8]", "fyl2x", "ret");
// `log1pl`: fyl2xp1 (log2(1 + x) without forming 1 + x) where the x87 defines it, for
// |x| < 1 - √2/2 (0x3ffd:95f619980c4336f7 is that bound rounded down); beyond, 1 + x
// loses nothing that matters and fyl2x takes it.
ld_fn!(asm "log1pl", "limpet_math_log1pl":
    "fldln2",
    "fld tbyte ptr [rsp + 8]",
    "movzx eax, word ptr [rsp + 16]",
    "and eax, 0x7fff",
    "cmp eax, 0x3ffd",
    "jb 3f",
    "ja 2f",
    "mov rax, qword ptr [rsp + 8]",
    "mov rcx, 0x95f619980c4336f7",
    "cmp rax, rcx",
    "jbe 3f",
    "2:",
    "fld1",
    "faddp st(1), st(0)",
    "fyl2x",
    "ret",
    "3:",
    "fyl2xp1",
    "ret",
);

// Inverse trigonometric functions: fpatan computes atan(st(1)/st(0)) in the right quadrant.
ld_fn!(asm "atanl", "limpet_math_atanl": "fld tbyte ptr [rsp + 8]", "fld1", "fpatan", "ret");
ld_fn!(asm "atan2l", "limpet_math_atan2l": "fld tbyte ptr [rsp + 8]", "fld tbyte ptr [rsp + 24]", "fpatan", "ret");
// asin x = atan(x / √((1-x)(1+x))), acos x = atan(√((1-x)(1+x)) / x): the product is
// nearly exact near ±1, where 1 - x² would cancel.
ld_fn!(asm "asinl", "limpet_math_asinl":
    "fld tbyte ptr [rsp + 8]",
    "fld1",
    "fsub st(0), st(1)",
    "fld1",
    "fadd st(0), st(2)",
    "fmulp st(1), st(0)",
    "fsqrt",
    "fpatan",
    "ret",
);
// A NaN argument of acosl comes back quieted with its sign cleared, as musl's does.
ld_fn!(asm "acosl", "limpet_math_acosl":
    "movzx eax, word ptr [rsp + 16]",
    "and eax, 0x7fff",
    "cmp eax, 0x7fff",
    "jne 2f",
    "mov rcx, qword ptr [rsp + 8]",
    "add rcx, rcx",
    "jz 2f",
    "fld tbyte ptr [rsp + 8]",
    "fabs",
    "fadd st(0), st(0)",
    "ret",
    "2:",
    "fld tbyte ptr [rsp + 8]",
    "fld1",
    "fsub st(0), st(1)",
    "fld1",
    "fadd st(0), st(2)",
    "fmulp st(1), st(0)",
    // At x = ±1 rounding down makes 1 ∓ x a -0, whose root would put atan2 in the wrong
    // half-plane: a zero product is made +0.
    "fldz",
    "fucomip st(0), st(1)",
    "jp 3f",
    "jne 3f",
    "fabs",
    "3:",
    "fsqrt",
    "fxch st(1)",
    "fpatan",
    "ret",
);

/// `fmodl` and `remainderl`, exact: `$op` (fprem, the truncated quotient, or fprem1, the
/// nearest) repeated while the status word's C2 says the reduction is partial.
macro_rules! prem {
    ($c:literal, $own:literal, $op:literal) => {
        ld_fn!(asm $c, $own:
            "fld tbyte ptr [rsp + 24]",
            "fld tbyte ptr [rsp + 8]",
            "2:",
            $op,
            "fnstsw ax",
            "test ah, 4",
            "jnz 2b",
            "fstp st(1)",
            "ret",
        );
    };
}
prem!("fmodl", "limpet_math_fmodl", "fprem");
prem!("remainderl", "limpet_math_remainderl", "fprem1");
// `remquol`: fprem1's last step leaves the quotient's three low bits in C1 (bit 0), C3
// (bit 1) and C0 (bit 2); *quo gets them with the sign of x/y.
ld_fn!(asm "remquol", "limpet_math_remquol":
    "fld tbyte ptr [rsp + 24]",
    "fld tbyte ptr [rsp + 8]",
    "2:",
    "fprem1",
    "fnstsw ax",
    "test ah, 4",
    "jnz 2b",
    "fstp st(1)",
    "movzx ecx, ah",
    "mov edx, ecx",
    "shr edx, 1",
    "and edx, 1",
    "mov esi, ecx",
    "shr esi, 5",
    "and esi, 2",
    "or edx, esi",
    "and ecx, 1",
    "shl ecx, 2",
    "or edx, ecx",
    "movzx eax, word ptr [rsp + 16]",
    "xor ax, word ptr [rsp + 32]",
    "test ax, 0x8000",
    "jz 3f",
    "neg edx",
    "3:",
    "mov dword ptr [rdi], edx",
    "ret",
);

// `copysignl`: x's magnitude, y's sign (fabs and fchs touch only the sign, so a signalling
// NaN stays as it is, without invalid).
ld_fn!(asm "copysignl", "limpet_math_copysignl":
    "fld tbyte ptr [rsp + 8]",
    "fabs",
    "test byte ptr [rsp + 33], 0x80",
    "jz 2f",
    "fchs",
    "2:",
    "ret",
);

// Scaling by 2^n: fscale rounds once, overflowing and underflowing as a multiplication
// would. The count is an int (`ldexpl`, `scalbnl`) or a long (`scalblnl`), exact in st(1).
/// `ldexpl` and `scalbnl` (the same function).
macro_rules! scale_int {
    ($c:literal, $own:literal) => {
        ld_fn!(asm $c, $own:
            "mov dword ptr [rsp - 4], edi",
            "fild dword ptr [rsp - 4]",
            "fld tbyte ptr [rsp + 8]",
            "fscale",
            "fstp st(1)",
            "ret",
        );
    };
}
scale_int!("ldexpl", "limpet_math_ldexpl");
scale_int!("scalbnl", "limpet_math_scalbnl");
ld_fn!(asm "scalblnl", "limpet_math_scalblnl":
    "mov qword ptr [rsp - 8], rdi",
    "fild qword ptr [rsp - 8]",
    "fld tbyte ptr [rsp + 8]",
    "fscale",
    "fstp st(1)",
    "ret",
);

// `nanl(tag)`: the default quiet NaN, whatever the tag (as musl's `nan`).
ld_fn!(asm "nanl", "limpet_math_nanl":
    "mov rax, 0xc000000000000000",
    "mov qword ptr [rsp - 16], rax",
    "mov word ptr [rsp - 8], 0x7fff",
    "fld tbyte ptr [rsp - 16]",
    "ret",
);

// The Rust bodies' argument moves: x into rdi:rsi, y into rdx:rcx, z into r8:r9.
ld_fn!(call "frexpl", "limpet_math_frexpl", frexpl_body:
    "mov rdx, rdi", "mov rdi, qword ptr [rsp + 8]", "movzx esi, word ptr [rsp + 16]");
ld_fn!(x jmp "ilogbl", "limpet_math_ilogbl", ilogbl_body);
ld_fn!(x call "logbl", "limpet_math_logbl", logbl_body);
ld_fn!(call "modfl", "limpet_math_modfl", modfl_body:
    "mov rdx, rdi", "mov rdi, qword ptr [rsp + 8]", "movzx esi, word ptr [rsp + 16]");
ld_fn!(xy call "nextafterl", "limpet_math_nextafterl", nextafterl_body);
ld_fn!(xy call "nexttowardl", "limpet_math_nexttowardl", nextafterl_body);
ld_fn!(x jmp "nexttoward", "limpet_math_nexttoward", nexttoward_body);
ld_fn!(x jmp "nexttowardf", "limpet_math_nexttowardf", nexttowardf_body);
ld_fn!(xy call "fmaxl", "limpet_math_fmaxl", fmaxl_body);
ld_fn!(xy call "fminl", "limpet_math_fminl", fminl_body);
ld_fn!(xy call "fdiml", "limpet_math_fdiml", fdiml_body);
ld_fn!(x call "roundl", "limpet_math_roundl", roundl_body);
ld_fn!(x jmp "lroundl", "limpet_math_lroundl", lroundl_body);
ld_fn!(x jmp "llroundl", "limpet_math_llroundl", lroundl_body);
ld_fn!(xyz call "fmal", "limpet_math_fmal", fmal_body);

// ---- the Rust bodies ----

/// `frexpl(x, e)`: x = f·2^*e with |f| in [0.5, 1); zero gives 0 and *e = 0, and an
/// infinity or NaN comes back as it is with *e untouched (musl's choices).
///
/// # Safety
/// `e` must be valid for a write when `x` is finite.
pub unsafe extern "C" fn frexpl_body(x: F80, e: *mut c_int) -> F80 {
    let exp = x.exp();
    if exp == 0x7fff {
        return x;
    }
    if x.m == 0 {
        // SAFETY: the caller's.
        unsafe { *e = 0 };
        return x;
    }
    let (m, eff) = if exp == 0 {
        let lz = x.m.leading_zeros();
        (x.m << lz, 1 - lz as i32)
    } else {
        (x.m, exp as i32)
    };
    // SAFETY: the caller's.
    unsafe { *e = eff - 0x3ffe };
    F80::new(x.neg(), 0x3ffe, m)
}

/// The unbiased exponent of a finite nonzero value, subnormals counted from their leading bit.
fn ilogb_of(x: F80) -> i32 {
    if x.exp() == 0 { -(BIAS - 1) - x.m.leading_zeros() as i32 } else { x.exp() as i32 - BIAS }
}

/// `ilogbl(x)`: the exponent as an int; 0 and NaN give `FP_ILOGB0`/`FP_ILOGBNAN` (both
/// INT_MIN in musl) and infinity INT_MAX, each raising invalid.
pub extern "C" fn ilogbl_body(x: F80) -> c_int {
    if x.exp() == 0x7fff {
        raise_invalid();
        return if x.is_inf() { c_int::MAX } else { c_int::MIN };
    }
    if x.m == 0 {
        raise_invalid();
        return c_int::MIN;
    }
    ilogb_of(x)
}

/// `logbl(x)`: the exponent as a long double; -inf with divide-by-zero for 0, and x·x for
/// infinities and NaNs (inf, or the NaN quieted).
pub extern "C" fn logbl_body(x: F80) -> F80 {
    if x.exp() == 0x7fff {
        return mul(x, x);
    }
    if x.m == 0 {
        return F80::from_f64(crate::support::neg_pole());
    }
    F80::from_int(i64::from(ilogb_of(x)))
}

/// `modfl(x, ip)`: *ip = x's integral part, returned the fraction, both with x's sign and
/// exact; an infinity's fraction is ±0 and a NaN is both parts.
///
/// # Safety
/// `ip` must be valid for a 10-byte write.
pub unsafe extern "C" fn modfl_body(x: F80, ip: *mut u8) -> F80 {
    let zero = F80::new(x.neg(), 0, 0);
    let e = x.exp() as i32 - BIAS;
    let (int, frac) = if x.exp() == 0x7fff {
        (x, if x.is_nan() { x } else { zero })
    } else if e >= 63 {
        (x, zero)
    } else if e < 0 {
        (zero, x)
    } else {
        let fbits = 63 - e as u32;
        let mask = (1u64 << fbits) - 1;
        let f = x.m & mask;
        let int = F80 { m: x.m & !mask, se: x.se };
        if f == 0 {
            (int, zero)
        } else {
            // musl's modfl raises inexact for a fraction split off a value of at least 1
            // (its x + 2^63 - 2^63), so this does too.
            raise_inexact();
            let lz = f.leading_zeros();
            // f·2^(e-63) normalized: its leading bit at 63 - lz.
            (int, F80::new(x.neg(), (x.exp() as i32 - 63 + (63 - lz as i32)) as u64, f << lz))
        }
    };
    // SAFETY: the caller's.
    unsafe { store(ip, int) };
    frac
}

/// `nextafterl(x, y)` (and `nexttowardl`): the next value after x toward y; y when they are
/// equal; overflow at the top, underflow for subnormal and zero results.
pub extern "C" fn nextafterl_body(x: F80, y: F80) -> F80 {
    if x.is_nan() || y.is_nan() {
        return add(x, y);
    }
    if F80::equal(x, y) {
        return y;
    }
    let r = if x.code() == 0 {
        F80::from_code(y.neg(), 1)
    } else if F80::less(x, y) != x.neg() {
        F80::from_code(x.neg(), x.code() + 1)
    } else {
        F80::from_code(x.neg(), x.code() - 1)
    };
    if r.exp() == 0x7fff {
        // Past the largest finite value: x + x overflows the same way.
        return add(x, x);
    }
    if r.exp() == 0 {
        raise_underflow();
        raise_inexact();
    }
    r
}

/// Steps a double or float's bits one place away from zero (`up`) or toward it.
fn step_bits(bits: u64, sign: u64, up: bool) -> u64 {
    let mag = bits & !sign;
    let mag = if up { mag + 1 } else { mag - 1 };
    mag | (bits & sign)
}

/// `nexttoward(x, y)`: `nextafter` toward a long double.
pub extern "C" fn nexttoward_body(x: f64, y: F80) -> f64 {
    let xl = F80::from_f64(x);
    if xl.is_nan() || y.is_nan() {
        return to_f64(add(xl, y));
    }
    if F80::equal(xl, y) {
        return to_f64(y);
    }
    let sign = 1u64 << 63;
    let b = x.to_bits();
    let r = if x == 0.0 {
        f64::from_bits(u64::from(y.neg()) << 63 | 1)
    } else {
        f64::from_bits(step_bits(b, sign, F80::less(xl, y) != (b & sign != 0)))
    };
    if r.is_infinite() {
        raise_overflow();
        raise_inexact();
    } else if r.abs() < f64::MIN_POSITIVE {
        raise_underflow();
        raise_inexact();
    }
    r
}

/// `nexttowardf(x, y)`: `nextafterf` toward a long double.
pub extern "C" fn nexttowardf_body(x: f32, y: F80) -> f32 {
    if x.is_nan() || y.is_nan() {
        // x stays a float operand of the addition (fadd m32fp), so a signalling x is
        // the signalling NaN there and the quiet y wins, as in musl's `x + y`.
        return f32_add(x, y);
    }
    let xl = F80::from_f64(f64::from(x));
    if F80::equal(xl, y) {
        return to_f32(y);
    }
    let sign = 1u64 << 31;
    let b = u64::from(x.to_bits());
    let r = if x == 0.0 {
        f32::from_bits(u32::from(y.neg()) << 31 | 1)
    } else {
        f32::from_bits(step_bits(b, sign, F80::less(xl, y) != (b & sign != 0)) as u32)
    };
    if r.is_infinite() {
        raise_overflow();
        raise_inexact();
    } else if r.abs() < f32::MIN_POSITIVE {
        raise_underflow();
        raise_inexact();
    }
    r
}

/// The larger (`max`) or smaller of x and y, a NaN only when both are, +0 above -0: one of
/// the arguments as it is.
fn extremum(x: F80, y: F80, max: bool) -> F80 {
    if x.is_nan() {
        return y;
    }
    if y.is_nan() {
        return x;
    }
    let x_first = if x.neg() != y.neg() {
        x.neg() != max
    } else if max {
        !F80::less(x, y)
    } else {
        !F80::less(y, x)
    };
    if x_first { x } else { y }
}

/// `fmaxl(x, y)`.
pub extern "C" fn fmaxl_body(x: F80, y: F80) -> F80 {
    extremum(x, y, true)
}

/// `fminl(x, y)`.
pub extern "C" fn fminl_body(x: F80, y: F80) -> F80 {
    extremum(x, y, false)
}

/// `fdiml(x, y)`: x - y when x > y, else +0; a NaN argument comes back as it is.
pub extern "C" fn fdiml_body(x: F80, y: F80) -> F80 {
    if x.is_nan() {
        return x;
    }
    if y.is_nan() {
        return y;
    }
    if F80::less(y, x) { sub(x, y) } else { F80::new(false, 0, 0) }
}

/// `roundl(x)`: the nearest integer, halfway cases away from zero; inexact when it changes
/// x; an infinity or NaN as it is.
pub extern "C" fn roundl_body(x: F80) -> F80 {
    let e = x.exp() as i32 - BIAS;
    if x.exp() == 0x7fff || e >= 63 {
        return x;
    }
    if e < -1 {
        if x.m != 0 {
            raise_inexact();
        }
        return F80::new(x.neg(), 0, 0);
    }
    if e == -1 {
        raise_inexact();
        return F80::new(x.neg(), BIAS as u64, INT_BIT);
    }
    let fbits = 63 - e as u32;
    let mask = (1u64 << fbits) - 1;
    if x.m & mask == 0 {
        return x;
    }
    raise_inexact();
    let (m, carry) = x.m.overflowing_add(1 << (fbits - 1));
    if carry {
        F80::new(x.neg(), x.exp() + 1, INT_BIT)
    } else {
        F80 { m: m & !mask, se: x.se }
    }
}

/// `lroundl(x)` and `llroundl(x)`: `roundl` as a long; NaN and values beyond its range raise
/// invalid and give LONG_MIN.
pub extern "C" fn lroundl_body(x: F80) -> i64 {
    let r = roundl_body(x);
    if r.exp() == 0x7fff || r.exp() as i32 - BIAS >= 63 {
        let min = F80::from_int(i64::MIN);
        if r != min {
            raise_invalid();
        }
        return i64::MIN;
    }
    if r.m == 0 {
        return 0;
    }
    let v = (r.m >> (63 - (r.exp() as i32 - BIAS)) as u32) as i64;
    if r.neg() { -v } else { v }
}

// ---- fmal ----

/// A 256-bit unsigned integer as (high, low) halves, for the exact `x*y + z`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) struct U256(pub(crate) u128, pub(crate) u128);

impl U256 {
    fn add(self, o: U256) -> U256 {
        let (lo, c) = self.1.overflowing_add(o.1);
        U256(self.0 + o.0 + u128::from(c), lo)
    }
    fn sub(self, o: U256) -> U256 {
        let (lo, b) = self.1.overflowing_sub(o.1);
        U256(self.0 - o.0 - u128::from(b), lo)
    }
    fn shl(self, n: u32) -> U256 {
        match n {
            0 => self,
            1..=127 => U256(self.0 << n | self.1 >> (128 - n), self.1 << n),
            _ => U256(self.1 << (n - 128), 0),
        }
    }
    /// Shifted right, with every bit shifted out ORed into bit 0.
    fn shr_sticky(self, n: u32) -> U256 {
        let r = match n {
            0 => return self,
            1..=127 => U256(self.0 >> n, self.1 >> n | self.0 << (128 - n)),
            128..=255 => U256(0, self.0 >> (n - 128)),
            _ => return U256(0, u128::from(self != U256(0, 0))),
        };
        let lost = r.shl(n) != self;
        U256(r.0, r.1 | u128::from(lost))
    }
    fn leading_zeros(self) -> u32 {
        if self.0 != 0 { self.0.leading_zeros() } else { 128 + self.1.leading_zeros() }
    }
}

/// Rounds (-1)^neg · m · 2^e (m > 0) to the extended format in mode `mode`, raising the
/// flags the x87 would (tininess after rounding).
fn round_f80(neg: bool, m: U256, e: i32, mode: u32) -> F80 {
    // Normalize so the top bit is bit 255; keep 128 bits with a sticky bit for the rest.
    let lz = m.leading_zeros();
    let m = m.shl(lz);
    let top = e + 255 - lz as i32; // the leading bit's exponent
    let m128 = m.0 | u128::from(m.1 != 0);
    let emin = 1 - BIAS; // the smallest normal's exponent
    let round_keep = |keep: u32| -> (u128, bool) {
        let kept = m128 >> (128 - keep);
        let rest = m128 << keep;
        let half = 1u128 << 127;
        let up = match mode {
            0 => rest > half || rest == half && kept & 1 == 1,
            1 => neg && rest != 0,
            2 => !neg && rest != 0,
            _ => false,
        };
        (kept + u128::from(up), rest != 0)
    };
    let (full, _) = round_keep(64);
    let tiny = (if full >> 64 != 0 { top + 1 } else { top }) < emin;
    let keep = if top >= emin { 64 } else { 64 - (emin - top) };
    if keep <= 0 {
        let above_half = keep == 0 && m128 != 1u128 << 127;
        let up = match mode {
            0 => above_half,
            1 => neg,
            2 => !neg,
            _ => false,
        };
        raise_underflow();
        raise_inexact();
        return F80::new(neg, 0, u64::from(up));
    }
    let (r, inexact) = round_keep(keep as u32);
    if top < emin {
        if inexact {
            if tiny {
                raise_underflow();
            }
            raise_inexact();
        }
        // A carry into bit 63 is the smallest normal.
        return F80::new(neg, u64::from(r >> 63 != 0), r as u64);
    }
    let (r, top) = if r >> 64 != 0 { (r >> 1, top + 1) } else { (r, top) };
    if top > BIAS {
        raise_overflow();
        raise_inexact();
        let to_inf = match mode {
            0 => true,
            1 => neg,
            2 => !neg,
            _ => false,
        };
        return if to_inf { F80::new(neg, 0x7fff, INT_BIT) } else { F80::new(neg, 0x7ffe, u64::MAX) };
    }
    if inexact {
        raise_inexact();
    }
    F80::new(neg, (top + BIAS) as u64, r as u64)
}

/// A finite nonzero value as (negative, significand, exponent of its last bit).
fn split(x: F80) -> (bool, u64, i32) {
    let e = if x.exp() == 0 { 1 } else { x.exp() as i32 };
    (x.neg(), x.m, e - BIAS - 63)
}

/// `fmal(x, y, z)`: x·y + z rounded once, in the x87's mode, with its flags.
pub extern "C" fn fmal_body(x: F80, y: F80, z: F80) -> F80 {
    let finite = |v: F80| v.exp() != 0x7fff;
    if !finite(x) || !finite(y) {
        // Infinite or NaN arithmetic: x·y is exact, the sum rounds once.
        return add(mul(x, y), z);
    }
    if !finite(z) {
        // A finite product cannot change an infinite z; a NaN z comes back as it is.
        return z;
    }
    if x.m == 0 || y.m == 0 {
        // x·y is an exact zero: the sum gives the zero's sign by the rules of addition.
        return add(mul(x, y), z);
    }
    let (xn, xm, xe) = split(x);
    let (yn, ym, ye) = split(y);
    let pn = xn != yn;
    let mode = x87_mode();
    if z.m == 0 {
        return round_f80(pn, U256(0, u128::from(xm) * u128::from(ym)), xe + ye, mode);
    }
    let (zn, zm, ze) = split(z);
    // Each at the top of a 254-bit field (headroom for the sum's carry), exact.
    let norm = |m: U256, e: i32| {
        let s = m.leading_zeros() - 2;
        (m.shl(s), e - s as i32)
    };
    let (pm, pe) = norm(U256(0, u128::from(xm) * u128::from(ym)), xe + ye);
    let (zm, ze) = norm(U256(0, u128::from(zm)), ze);
    let ((an, am, ae), (bn, bm, be)) = if pe >= ze { ((pn, pm, pe), (zn, zm, ze)) } else { ((zn, zm, ze), (pn, pm, pe)) };
    let bm = bm.shr_sticky((ae - be) as u32);
    let (neg, m) = if an == bn {
        (an, am.add(bm))
    } else if am >= bm {
        (an, am.sub(bm))
    } else {
        (bn, bm.sub(am))
    };
    if m == U256(0, 0) {
        // An exact zero: +0, or -0 when rounding down (the sign z - z takes).
        return F80::new(mode == 1, 0, 0);
    }
    round_f80(neg, m, ae, mode)
}

pub(crate) mod cx;
pub(crate) mod erf;
mod exp;
pub(crate) mod gamma;
mod hyp;
mod pow;
mod root;
mod trig;

/// A double's value as an [`F80`], for the tests.
#[cfg(test)]
fn f(v: f64) -> F80 {
    F80::from_f64(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_are_exact() {
        assert_eq!(f(1.0), F80::new(false, 0x3fff, INT_BIT));
        assert_eq!(f(-2.5), F80::new(true, 0x4000, 0xa000_0000_0000_0000));
        assert_eq!(f(f64::from_bits(1)), F80::new(false, (BIAS - 1074) as u64, INT_BIT));
        assert_eq!(F80::from_int(-3), f(-3.0));
        assert_eq!(F80::from_int(i64::MIN), f(-9.223372036854775808e18));
        for v in [0.0, -0.0, 1.5, -1e300, 3e-310, f64::INFINITY, f64::MIN_POSITIVE] {
            assert_eq!(to_f64(f(v)).to_bits(), v.to_bits());
        }
    }

    #[test]
    fn ordering_follows_the_values() {
        let vals = [-f64::INFINITY, -1e300, -1.0, -3e-310, -0.0, 0.0, 4e-320, 1.0, 1.5, 1e300, f64::INFINITY];
        for (i, &a) in vals.iter().enumerate() {
            for (j, &b) in vals.iter().enumerate() {
                assert_eq!(F80::less(f(a), f(b)), a < b, "{a} < {b} ({i}, {j})");
                assert_eq!(F80::equal(f(a), f(b)), a == b);
            }
        }
    }

    #[test]
    fn nextafter_steps_one_unit() {
        let one = f(1.0);
        assert_eq!(nextafterl_body(one, f(2.0)), F80::new(false, 0x3fff, INT_BIT | 1));
        assert_eq!(nextafterl_body(one, f(0.0)), F80::new(false, 0x3ffe, u64::MAX));
        assert_eq!(nextafterl_body(f(0.0), f(-1.0)), F80::new(true, 0, 1));
        // The largest subnormal steps to the smallest normal and back.
        let sub_max = F80::new(false, 0, INT_BIT - 1);
        let norm_min = F80::new(false, 1, INT_BIT);
        assert_eq!(nextafterl_body(sub_max, one), norm_min);
        assert_eq!(nextafterl_body(norm_min, f(0.0)), sub_max);
        assert!(nextafterl_body(F80::new(false, 0x7ffe, u64::MAX), f(f64::INFINITY)).is_inf());
        assert_eq!(nexttoward_body(1.0, f(2.0)), 1.0 + f64::EPSILON);
        assert_eq!(nexttoward_body(1.0, F80::new(false, 0x3fff, INT_BIT | 1)), 1.0 + f64::EPSILON);
        assert_eq!(nexttowardf_body(1.0, f(0.5)), 1.0 - f32::EPSILON / 2.0);
        assert_eq!(nexttoward_body(-0.0, f(0.0)).to_bits(), 0);
    }

    #[test]
    fn frexp_modf_round_split_exactly() {
        let mut e = 0;
        assert_eq!(unsafe { frexpl_body(f(12.0), &mut e) }, f(0.75));
        assert_eq!(e, 4);
        assert_eq!(unsafe { frexpl_body(F80::new(false, 0, 1), &mut e) }, f(0.5));
        assert_eq!(e, -16444);
        let mut ip = [0u8; 16];
        let frac = unsafe { modfl_body(f(-3.25), ip.as_mut_ptr()) };
        assert_eq!(frac, f(-0.25));
        assert_eq!(u64::from_le_bytes(ip[..8].try_into().unwrap()), f(-3.0).m);
        assert_eq!(u16::from_le_bytes([ip[8], ip[9]]), f(-3.0).se as u16);
        for (x, r) in [(2.5, 3.0), (-2.5, -3.0), (0.49, 0.0), (0.5, 1.0), (-0.7, -1.0), (1e300, 1e300), (4503599627370495.5, 4503599627370496.0)] {
            assert_eq!(roundl_body(f(x)), f(r), "{x}");
        }
        // 2^63 - 0.5 rounds up, carrying into the exponent.
        assert_eq!(roundl_body(F80::new(false, BIAS as u64 + 62, u64::MAX)), f(9223372036854775808.0));
        assert_eq!(lroundl_body(f(-7.5)), -8);
        assert_eq!(lroundl_body(f(1e19)), i64::MIN);
        assert_eq!(ilogbl_body(F80::new(false, 0, 1)), -16445);
        assert_eq!(logbl_body(f(0.1)), f(-4.0));
    }

    /// fmal on values whose exact results are known: sums of integers and powers of two,
    /// cancellation to the product's last bit, and results just past the format's ends.
    #[test]
    fn fma_rounds_once() {
        assert_eq!(fmal_body(f(3.0), f(5.0), f(-1.0)), f(14.0));
        // (2^32 + 1)^2 = 2^64 + 2^33 + 1: 65 bits, so the 1 is lost in x·y alone but kept
        // against z = -2^64.
        let a = F80::from_int((1 << 32) + 1);
        assert_eq!(fmal_body(a, a, F80::new(true, BIAS as u64 + 64, INT_BIT)), F80::from_int((1 << 33) + 1));
        // (1 + 2^-63)(1 - 2^-64) - 1 = 2^-64 - 2^-127 exactly, which x·y rounded first would lose.
        let p = F80::new(false, 0x3fff, INT_BIT | 1);
        let q = F80::new(false, 0x3ffe, u64::MAX);
        let r = fmal_body(p, q, f(-1.0));
        assert_eq!(r, F80::new(false, (BIAS - 65) as u64, u64::MAX - 1), "{r:?}");
        // x*y exactly -z: +0 in round-to-nearest.
        assert_eq!(fmal_body(f(2.0), f(3.0), f(-6.0)), f(0.0));
        // Overflow, and a subnormal result.
        assert!(fmal_body(F80::new(false, 0x7ffe, u64::MAX), f(2.0), f(1.0)).is_inf());
        let tiny = F80::new(false, 1, INT_BIT); // 2^-16382
        assert_eq!(fmal_body(tiny, f(0.5), F80::new(false, 0, 0)), F80::new(false, 0, INT_BIT >> 1));
        assert_eq!(fmal_body(tiny, f(0.25), F80::new(false, 0, 1)), F80::new(false, 0, (INT_BIT >> 2) + 1));
    }

    /// fmal against the x87's own multiply and add where those are exact: random
    /// significands of at most 32 bits, so the product fits, and sums that do not lose bits.
    #[test]
    fn fma_matches_exact_arithmetic() {
        let mut rng = crate::support::XorShift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20_000 {
            let r = rng.next();
            let x = F80::from_int((r >> 32) as i64 - (1 << 31));
            let y = F80::from_int((r & 0xffff_ffff) as i64 - (1 << 31));
            let z = F80::from_int((rng.next() >> 2) as i64 - (1 << 61));
            let want = add(mul(x, y), z);
            assert_eq!(fmal_body(x, y, z), want, "{x:?} {y:?} {z:?}");
        }
    }
}
