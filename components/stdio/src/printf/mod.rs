//! The printf core: one formatter for every printf-family function.
//!
//! It is generic over where the arguments come from ([`ArgSource`]: a C `va_list`, see
//! `crate::variadic`, or an [`ArgList`] built in Rust) and where the bytes go ([`Sink`]: a
//! `FILE`, a bounded buffer for `snprintf`, or any Rust type).
//!
//! Formatting runs in two passes, which is also what makes musl's results reproducible:
//! [`plan`] walks the format without producing output, up to the first conversion that
//! takes its argument in order. Any error it meets (an invalid or unsupported conversion,
//! a width that overflows `int`) therefore fails the call before a byte is written. For a
//! format that uses `%n$` positions it walks everything, checks that positions `1..=max`
//! are all used, and reads the arguments in position order. [`run`] then produces the
//! output; an error it finds later leaves the output before it in place.
//!
//! `parse` reads one conversion specification, `args` holds the positional table,
//! `format` renders integers, characters and strings, `wide` the wide ones, `float` the
//! floating-point conversions, with `decimal` the exact binary-to-decimal conversion;
//! `wformat` runs wide formats (the `wprintf` family) over the same parser and fields.
mod args;
mod decimal;
mod float;
mod format;
pub(crate) mod numeric;
mod parse;
mod wide;
pub(crate) mod wformat;

pub(crate) use args::Plan;
pub(crate) use parse::FloatStyle;

/// Where the variadic arguments come from. Each method reads the next argument of its
/// class, the way `va_arg` does; the conversion decides the class.
pub trait ArgSource {
    /// The next argument of integer class (any integer type or pointer) as its full
    /// 64-bit slot; the conversion narrows it (`%d` keeps the low 32 bits, `%hhd` 8, ...).
    fn next_int(&mut self) -> u64;
    /// The next `double`.
    fn next_f64(&mut self) -> f64;
    /// The next `long double`'s bits, in this architecture's format: the x87 80-bit value
    /// on x86_64 (as [`F80::to_bits`] has it), IEEE binary128 on aarch64 and riscv64.
    fn next_long_double(&mut self) -> u128;
}

/// An x87 80-bit extended `long double`, as it sits in memory: the 64-bit significand
/// (with its explicit integer bit) and the sign and 15-bit biased exponent.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct F80 {
    pub mant: u64,
    pub se: u16,
}

impl F80 {
    /// The bits as one number: the significand low, sign and exponent above it.
    pub(crate) fn to_bits(self) -> u128 {
        u128::from(self.mant) | u128::from(self.se) << 64
    }

    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) fn from_bits(b: u128) -> Self {
        F80 { mant: b as u64, se: (b >> 64) as u16 }
    }
}

/// Where the formatted bytes go. A sink cannot fail the format: one that runs out of
/// room (snprintf) or hits a write error (a `FILE`, which records it) drops the bytes,
/// and formatting goes on so that the count stays right.
pub trait Sink {
    fn write(&mut self, bytes: &[u8]);
}

/// One argument for [`ArgList`], for calling the formatter from Rust.
#[derive(Clone, Copy, Debug)]
pub enum Arg<'a> {
    /// Any integer argument, already extended to 64 bits (sign- or zero-extended; the
    /// conversion only looks at the bits its length modifier names).
    Int(i64),
    /// A string for `%s`.
    Str(&'a core::ffi::CStr),
    /// A pointer for `%p` or `%n`.
    Ptr(*const core::ffi::c_void),
    /// A `double`.
    F64(f64),
    /// A `long double`.
    F80(F80),
}

/// An [`ArgSource`] over a slice of [`Arg`]s. Past the end it yields 0, so a missing `%s`
/// argument prints `(null)`; an argument of the wrong class is read as 0 as well.
pub struct ArgList<'a> {
    args: &'a [Arg<'a>],
    next: usize,
}

impl<'a> ArgList<'a> {
    pub fn new(args: &'a [Arg<'a>]) -> Self {
        ArgList { args, next: 0 }
    }

    fn take(&mut self) -> Option<Arg<'a>> {
        let a = self.args.get(self.next).copied();
        self.next += 1;
        a
    }
}

impl ArgSource for ArgList<'_> {
    fn next_int(&mut self) -> u64 {
        match self.take() {
            Some(Arg::Int(v)) => v as u64,
            Some(Arg::Str(s)) => s.as_ptr() as u64,
            Some(Arg::Ptr(p)) => p as u64,
            Some(Arg::F64(_) | Arg::F80(_)) | None => 0,
        }
    }

    fn next_f64(&mut self) -> f64 {
        match self.take() {
            Some(Arg::F64(v)) => v,
            _ => 0.0,
        }
    }

    fn next_long_double(&mut self) -> u128 {
        match self.take() {
            Some(Arg::F80(v)) => v.to_bits(),
            _ => 0,
        }
    }
}

/// Formats `fmt` (without its NUL) with `args` into `sink`; returns the number of bytes
/// produced, or an errno: EINVAL for an invalid or unsupported conversion, EOVERFLOW when
/// the count would pass `INT_MAX`, EILSEQ for a wide character the locale cannot encode.
///
/// # Safety
/// Every argument the format consumes must be there and of the class its conversion
/// expects; `%s` and `%ls` pointers must be null or point to strings (or arrays at least
/// as long as the precision), `%n` pointers must be valid for writes of their type.
pub unsafe fn format<A: ArgSource + ?Sized, S: Sink + ?Sized>(fmt: &[u8], args: &mut A, sink: &mut S) -> Result<usize, i32> {
    let plan = plan(fmt, args)?;
    // SAFETY: forwarded contract.
    unsafe { run(&plan, fmt, args, sink) }
}

/// `%*.*f` of `x` into `sink` with the conventions `num`, for strfmon: the count of bytes
/// produced, or EOVERFLOW past `INT_MAX` as printf's.
pub(crate) fn fixed<S: Sink + ?Sized>(sink: &mut S, x: f64, width: usize, prec: usize, num: &numeric::Numeric<'_>) -> Result<usize, i32> {
    float_as(sink, x, width, prec, FloatStyle::Fixed, num)
}

/// `%*.*f` (or `%e`, `%g`, by `style`) of `x` into `sink` with the conventions `num`: the
/// count of bytes produced, or EOVERFLOW past `INT_MAX` as printf's.
pub(crate) fn float_as<S: Sink + ?Sized>(
    sink: &mut S,
    x: f64,
    width: usize,
    prec: usize,
    style: FloatStyle,
    num: &numeric::Numeric<'_>,
) -> Result<usize, i32> {
    let mut out = format::Out::new(sink);
    let x = float::Float::from_f64(x);
    float::float_field(&mut out, parse::Flags::empty(), width, Some(prec), x, style, false, num)?;
    Ok(out.count())
}

/// The first pass (see the module doc).
pub(crate) fn plan<A: ArgSource + ?Sized>(fmt: &[u8], args: &mut A) -> Result<Plan, i32> {
    args::plan(fmt, args)
}

/// The second pass: produces the output.
///
/// # Safety
/// As for [`format`]; `plan` must come from [`plan`] over the same `fmt` and `args`.
pub(crate) unsafe fn run<A: ArgSource + ?Sized, S: Sink + ?Sized>(plan: &Plan, fmt: &[u8], args: &mut A, sink: &mut S) -> Result<usize, i32> {
    // SAFETY: forwarded contract.
    unsafe { format::run(plan, fmt, args, sink) }
}

#[cfg(test)]
mod tests;
