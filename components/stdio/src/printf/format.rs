//! The second pass: literal text and the integer, character, string, pointer and `%n`
//! conversions, plus the field layout (width, flags) that every conversion shares.
use limpet_syscall::errno::{EINVAL, EOVERFLOW};

use super::args::Plan;
use super::parse::{Conv, Count, Flags, Length, Spec, next_spec, parse};
use super::float::Float;
use super::numeric::Numeric;
use super::{ArgSource, Sink, float, wide};
use crate::abi::INT_MAX;

/// `%p` shows at least this many hex digits when a precision is given: a pointer's worth.
const POINTER_DIGITS: usize = 2 * core::mem::size_of::<usize>();
/// Padding is written from a stack block of this size.
const PAD_BLOCK: usize = 256;
/// What `%s` prints for a null pointer.
const NULL_STR: &[u8] = b"(null)";

/// The sink, and the count of bytes produced so far.
pub(crate) struct Out<'s, S: ?Sized> {
    sink: &'s mut S,
    count: usize,
}

impl<'s, S: Sink + ?Sized> Out<'s, S> {
    pub(crate) fn new(sink: &'s mut S) -> Self {
        Out { sink, count: 0 }
    }

    /// The bytes produced so far.
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// Accounts for `n` more bytes; EOVERFLOW if the total would pass `INT_MAX`. Called
    /// before the bytes are written, so an overflowing field writes nothing.
    pub(crate) fn claim(&mut self, n: usize) -> Result<(), i32> {
        if n > INT_MAX - self.count {
            return Err(EOVERFLOW);
        }
        self.count += n;
        Ok(())
    }

    pub(crate) fn put(&mut self, bytes: &[u8]) {
        if !bytes.is_empty() {
            self.sink.write(bytes);
        }
    }

    pub(crate) fn pad(&mut self, c: u8, mut n: usize) {
        let block = [c; PAD_BLOCK];
        while n > 0 {
            let k = n.min(PAD_BLOCK);
            self.sink.write(&block[..k]);
            n -= k;
        }
    }

    /// Emits `prefix` then `body_len` bytes from `body` as one field at least `width` wide:
    /// padded with spaces on the left, with spaces on the right under `-`, or, with
    /// `zero`, with zeros between the prefix and the body.
    pub(crate) fn field(
        &mut self,
        flags: Flags,
        width: usize,
        zero: bool,
        prefix: &[u8],
        body_len: usize,
        body: impl FnOnce(&mut Self),
    ) -> Result<(), i32> {
        let len = prefix.len() + body_len;
        let fill = width.saturating_sub(len);
        self.claim(len + fill)?;
        if flags.contains(Flags::LEFT) {
            self.put(prefix);
            body(self);
            self.pad(b' ', fill);
        } else if zero {
            self.put(prefix);
            self.pad(b'0', fill);
            body(self);
        } else {
            self.pad(b' ', fill);
            self.put(prefix);
            body(self);
        }
        Ok(())
    }
}

/// Hands out arguments in order or by position, as the plan says.
pub(crate) struct Fetch<'a, A: ?Sized> {
    plan: &'a Plan,
    args: &'a mut A,
}

impl<'a, A: ArgSource + ?Sized> Fetch<'a, A> {
    pub(crate) fn new(plan: &'a Plan, args: &'a mut A) -> Self {
        Fetch { plan, args }
    }

    pub(crate) fn int(&mut self, pos: Option<usize>) -> Result<u64, i32> {
        match (self.plan, pos) {
            (Plan::Sequential, None) => Ok(self.args.next_int()),
            (Plan::Positional(t), Some(n)) => Ok(t.int(n)),
            // A format that mixes the two styles, seen only now.
            _ => Err(EINVAL),
        }
    }

    pub(crate) fn f64(&mut self, pos: Option<usize>) -> Result<f64, i32> {
        match (self.plan, pos) {
            (Plan::Sequential, None) => Ok(self.args.next_f64()),
            (Plan::Positional(t), Some(n)) => Ok(t.f64(n)),
            _ => Err(EINVAL),
        }
    }

    /// A `long double`'s bits (see [`ArgSource::next_long_double`]).
    pub(crate) fn long_double(&mut self, pos: Option<usize>) -> Result<u128, i32> {
        match (self.plan, pos) {
            (Plan::Sequential, None) => Ok(self.args.next_long_double()),
            (Plan::Positional(t), Some(n)) => Ok(t.long_double(n)),
            _ => Err(EINVAL),
        }
    }

    /// The `int` a `*` names.
    fn star(&mut self, c: Count) -> Result<Option<i32>, i32> {
        Ok(match c {
            Count::Absent | Count::Fixed(_) => None,
            Count::Next => Some(self.int(None)? as i32),
            Count::Pos(n) => Some(self.int(Some(n))? as i32),
        })
    }
}

/// Produces the output of `fmt`; see `printf::run`.
///
/// # Safety
/// As for `printf::format`.
pub(crate) unsafe fn run<A: ArgSource + ?Sized, S: Sink + ?Sized>(plan: &Plan, fmt: &[u8], args: &mut A, sink: &mut S) -> Result<usize, i32> {
    let mut out = Out::new(sink);
    let mut fetch = Fetch::new(plan, args);
    let mut i = 0;
    while next_spec::<_, i32>(fmt, &mut i, |text| {
        out.claim(text.len())?;
        out.put(&fmt[text]);
        Ok(())
    })? {
        let spec = parse(fmt, &mut i)?;
        // SAFETY: forwarded contract.
        unsafe { convert(&spec, &mut fetch, &mut out)? };
    }
    Ok(out.count)
}

/// A conversion's flags, width and precision, with the `*` arguments they take read:
/// a negative width is `-` and its magnitude.
pub(crate) fn field_params<A: ArgSource + ?Sized>(spec: &Spec, args: &mut Fetch<'_, A>) -> Result<(Flags, usize, Option<usize>), i32> {
    let mut flags = spec.flags;
    let width = match spec.width {
        Count::Fixed(w) => w,
        c => match args.star(c)? {
            None => 0,
            Some(w) if w < 0 => {
                flags |= Flags::LEFT;
                // -INT_MIN is not an int; musl ends up with no padding for it, and so do we.
                w.checked_neg().map_or(0, |w| w as usize)
            }
            Some(w) => w as usize,
        },
    };
    let prec = match spec.prec {
        Count::Fixed(p) => Some(p),
        // A negative `*` precision counts as none.
        c => args.star(c)?.and_then(|p| usize::try_from(p).ok()),
    };
    Ok((flags, width, prec))
}

/// One conversion.
///
/// # Safety
/// As for `printf::format`.
pub(crate) unsafe fn convert<A: ArgSource + ?Sized, S: Sink + ?Sized>(spec: &Spec, args: &mut Fetch<'_, A>, out: &mut Out<'_, S>) -> Result<(), i32> {
    let (flags, width, prec) = field_params(spec, args)?;
    let pos = spec.pos;
    match spec.conv {
        Conv::Signed => {
            let v = args.int(pos)?;
            let v = match spec.len {
                Length::None => i64::from(v as i32),
                Length::Hh => i64::from(v as i8),
                Length::H => i64::from(v as i16),
                _ => v as i64,
            };
            let sign: &[u8] = if v < 0 {
                b"-"
            } else if flags.contains(Flags::PLUS) {
                b"+"
            } else if flags.contains(Flags::SPACE) {
                b" "
            } else {
                b""
            };
            int_field(out, flags, width, prec, v.unsigned_abs(), 10, false, sign)
        }
        Conv::Unsigned { base, upper } => {
            let v = args.int(pos)?;
            let v = match spec.len {
                Length::None => u64::from(v as u32),
                Length::Hh => u64::from(v as u8),
                Length::H => u64::from(v as u16),
                _ => v,
            };
            int_field(out, flags, width, prec, v, base, upper, b"")
        }
        Conv::Pointer => {
            // `%p` is `%#lx`, except that a given precision is raised to a pointer's digits.
            let v = args.int(pos)?;
            int_field(out, flags | Flags::ALT, width, prec.map(|p| p.max(POINTER_DIGITS)), v, 16, false, b"")
        }
        Conv::Char => {
            let c = [args.int(pos)? as u8];
            out.field(flags, width, false, b"", 1, |o| o.put(&c))
        }
        Conv::Str => {
            let p = args.int(pos)? as usize as *const u8;
            let s = if p.is_null() {
                &NULL_STR[..prec.unwrap_or(NULL_STR.len()).min(NULL_STR.len())]
            } else {
                // SAFETY: the caller vouches for a string, or an array as long as the precision.
                unsafe { bounded_str(p, prec) }
            };
            out.field(flags, width, false, b"", s.len(), |o| o.put(s))
        }
        Conv::WideChar => wide::char_field(out, flags, width, args.int(pos)? as u32),
        Conv::WideStr => {
            let p = args.int(pos)? as usize as *const i32;
            // SAFETY: the caller vouches for a wide string, or an array as long as the precision.
            unsafe { wide::str_field(out, flags, width, prec, p) }
        }
        Conv::Count => {
            let p = args.int(pos)? as usize;
            let n = out.count;
            // SAFETY: the caller vouches for a pointer of the type the length names.
            unsafe {
                match spec.len {
                    Length::None => (p as *mut i32).write(n as i32),
                    Length::Hh => (p as *mut i8).write(n as i8),
                    Length::H => (p as *mut i16).write(n as i16),
                    // musl takes the pointer for `%Ln` and stores nothing.
                    Length::BigL => {}
                    _ => (p as *mut i64).write(n as i64),
                }
            }
            Ok(())
        }
        Conv::Errno => {
            // SAFETY: strerror returns a NUL-terminated string.
            let s = unsafe { bounded_str(errno_message(), prec) };
            out.field(flags, width, false, b"", s.len(), |o| o.put(s))
        }
        Conv::Float { style, upper } => {
            let x = if spec.len == Length::BigL { Float::from_long_double(args.long_double(pos)?)? } else { Float::from_f64(args.f64(pos)?) };
            let num = Numeric::current(flags.contains(Flags::GROUP));
            float::float_field(out, flags, width, prec, x, style, upper, &num)
        }
    }
}

/// `strerror(errno)`: the message is the string component's, through its C symbol, which
/// keeps the crate usable on its own.
pub(crate) fn errno_message() -> *const u8 {
    // SAFETY: strerror accepts any value and returns a NUL-terminated string.
    unsafe { crate::imports::strerror(limpet_syscall::errno()).cast() }
}

/// The bytes of the string at `p`, stopping at its NUL or after `limit` bytes.
///
/// # Safety
/// `p` must point to a NUL-terminated string or to at least `limit` readable bytes.
unsafe fn bounded_str<'a>(p: *const u8, limit: Option<usize>) -> &'a [u8] {
    let limit = limit.unwrap_or(usize::MAX);
    let mut n = 0;
    // SAFETY: every byte read is before the NUL or within `limit`.
    while n < limit && unsafe { *p.add(n) } != 0 {
        n += 1;
    }
    // SAFETY: the `n` bytes were just read.
    unsafe { core::slice::from_raw_parts(p, n) }
}

/// u64::MAX in octal is the longest: 22 digits.
const MAX_DIGITS: usize = 22;

/// Writes `v` in `base` (8, 10 or 16) at the end of `buf`; returns where the digits start.
/// Each base has its own loop so that the divisions become shifts or multiplications.
fn to_digits(mut v: u64, base: u8, upper: bool, buf: &mut [u8; MAX_DIGITS]) -> usize {
    let letters = if upper { b"0123456789ABCDEF" } else { b"0123456789abcdef" };
    let mut at = MAX_DIGITS;
    let (bits, mask) = match base {
        16 => (4, 0xf),
        8 => (3, 0x7),
        _ => {
            loop {
                at -= 1;
                buf[at] = b'0' + (v % 10) as u8;
                v /= 10;
                if v == 0 {
                    return at;
                }
            }
        }
    };
    loop {
        at -= 1;
        buf[at] = letters[(v & mask) as usize];
        v >>= bits;
        if v == 0 {
            return at;
        }
    }
}

/// An integer conversion: `prefix` (a sign), then `mag` in `base` with at least `prec`
/// digits; `#` adds `0x` to a non-zero hex value and forces a leading 0 in octal.
#[allow(clippy::too_many_arguments)]
fn int_field<S: Sink + ?Sized>(
    out: &mut Out<'_, S>,
    flags: Flags,
    width: usize,
    prec: Option<usize>,
    mag: u64,
    base: u8,
    upper: bool,
    sign: &[u8],
) -> Result<(), i32> {
    let mut buf = [0u8; MAX_DIGITS];
    let start = to_digits(mag, base, upper, &mut buf);
    // Precision 0 prints no digits for 0.
    let digits = if prec == Some(0) && mag == 0 { &buf[..0] } else { &buf[start..] };
    let mut zeros = prec.unwrap_or(0).saturating_sub(digits.len());
    let alt = flags.contains(Flags::ALT);
    if alt && base == 8 && zeros == 0 && digits.first() != Some(&b'0') {
        zeros = 1;
    }
    let prefix: &[u8] = match (alt && base == 16 && mag != 0, upper) {
        (true, false) => b"0x",
        (true, true) => b"0X",
        (false, _) => sign,
    };
    let zero_pad = flags.contains(Flags::ZERO) && prec.is_none();
    if base == 10 && flags.contains(Flags::GROUP) {
        return grouped_int(out, flags, width, zero_pad, prefix, zeros, digits);
    }
    out.field(flags, width, zero_pad, prefix, zeros + digits.len(), |o| {
        o.pad(b'0', zeros);
        o.put(digits);
    })
}

/// [`int_field`]'s decimal digits under the `'` flag, grouped as the locale's `LC_NUMERIC`
/// says (not at all in the C locale). The precision's zeros come before the grouped digits
/// and are not grouped (POSIX counts them as digits; glibc counts the separators into the
/// precision instead).
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn grouped_int<S: Sink + ?Sized>(
    out: &mut Out<'_, S>,
    flags: Flags,
    width: usize,
    zero_pad: bool,
    prefix: &[u8],
    zeros: usize,
    digits: &[u8],
) -> Result<(), i32> {
    let n = digits.len();
    let grouping = Numeric::current(true).grouping;
    let extra = grouping.map_or(0, |g| g.extra(n));
    out.field(flags, width, zero_pad, prefix, zeros + n + extra, |o| {
        o.pad(b'0', zeros);
        match grouping {
            Some(g) => g.write(o, n, |o, hi, lo| o.put(&digits[n - hi..n - lo])),
            None => o.put(digits),
        }
    })
}
