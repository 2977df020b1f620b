//! The floating-point conversions `%f %e %g %a` and their capitals, of `double` and of the
//! x87 `long double` (`L`).
//!
//! A value is first taken apart into a sign and `m · 2^e` ([`Float`]). Decimal digits come
//! from the exact conversion in `decimal`, correctly rounded with ties to even: the digits
//! musl prints in the default rounding mode, at any precision. `%a` is built from the bits.
//! Like musl, `%a` normalises every non-zero value to a leading 1 (long doubles too), lets
//! rounding carry into a leading `2` (`%.0a` of 1.5 is `0x2p+0`), and rounds only below 15
//! hex digits: a long double with a precision of 15 shows all 16 of its digits.
//!
//! x87 encodings that the FPU rejects (an exponent with a clear integer bit: unnormals,
//! pseudo-infinities, pseudo-NaNs) print as `nan`, as in musl; pseudo-denormals (exponent 0,
//! integer bit set) are read with the smallest exponent, as the FPU reads them.
use super::decimal::{Decimal, F64_LIMBS, F80_LIMBS, Need};
use super::format::Out;
use super::numeric::Numeric;
use super::parse::{FloatStyle, Flags};
use super::{F80, Sink};

/// The default precision.
const DEFAULT_PREC: usize = 6;
/// `%a` shows the fraction bits of the significand normalised to `1.` as 16 hex digits.
const HEX_DIGITS: usize = 16;
/// musl rounds `%a` only when fewer hex digits than this are asked for.
const HEX_ROUND_BELOW: usize = 15;
const F64_MANT_BITS: u32 = 52;
const F64_EXP_MASK: u64 = 0x7ff;
/// `e` of a double's `m · 2^e` for biased exponent 1 (and subnormals).
const F64_MIN_E: i32 = 1 - 1023 - 52;
// The x87 format is x86_64's `long double` only; elsewhere these go unused until
// binary128 comes (see `from_long_double`).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const F80_EXP_MASK: u16 = 0x7fff;
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const F80_MIN_E: i32 = 1 - 16383 - 63;
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const F80_INT_BIT: u64 = 1 << 63;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Nan,
    Inf,
    /// `m · 2^e`.
    Finite { m: u64, e: i32 },
}

/// A floating-point argument taken apart.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Float {
    neg: bool,
    kind: Kind,
    /// A long double, which needs the larger digit buffer.
    long: bool,
}

impl Float {
    pub(crate) fn from_f64(x: f64) -> Self {
        let bits = x.to_bits();
        let biased = ((bits >> F64_MANT_BITS) & F64_EXP_MASK) as i32;
        let frac = bits & ((1 << F64_MANT_BITS) - 1);
        let kind = match biased {
            0 => Kind::Finite { m: frac, e: F64_MIN_E },
            b if b == F64_EXP_MASK as i32 => {
                if frac == 0 {
                    Kind::Inf
                } else {
                    Kind::Nan
                }
            }
            b => Kind::Finite { m: frac | 1 << F64_MANT_BITS, e: F64_MIN_E + b - 1 },
        };
        Float { neg: x.is_sign_negative(), kind, long: false }
    }

    /// A `long double` from its bits as [`super::ArgSource::next_long_double`] gives them.
    #[cfg(target_arch = "x86_64")]
    pub(crate) fn from_long_double(bits: u128) -> Result<Self, i32> {
        Ok(Self::from_f80(F80::from_bits(bits)))
    }

    /// A `long double` from its bits: IEEE binary128 on this architecture. The exact
    /// converter holds significands of up to 64 bits and binary128's has 113, so the
    /// conversion is refused with EINVAL rather than printed rounded; the port of the whole
    /// library to aarch64 and riscv64 brings it.
    #[cfg(not(target_arch = "x86_64"))]
    pub(crate) fn from_long_double(_bits: u128) -> Result<Self, i32> {
        Err(limpet_syscall::errno::EINVAL)
    }

    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) fn from_f80(x: F80) -> Self {
        let biased = x.se & F80_EXP_MASK;
        let kind = if biased == F80_EXP_MASK {
            if x.mant == F80_INT_BIT { Kind::Inf } else { Kind::Nan }
        } else if biased == 0 {
            Kind::Finite { m: x.mant, e: F80_MIN_E }
        } else if x.mant & F80_INT_BIT == 0 {
            Kind::Nan
        } else {
            Kind::Finite { m: x.mant, e: F80_MIN_E + i32::from(biased) - 1 }
        };
        Float { neg: x.se >> 15 != 0, kind, long: true }
    }
}

/// The text of an exponent: `e` or `p`, its sign, then at least `min_digits` digits.
struct Exponent {
    buf: [u8; 8],
    len: usize,
}

impl Exponent {
    fn new(letter: u8, e: i64, min_digits: usize) -> Self {
        let mut buf = [0u8; 8];
        buf[0] = letter;
        buf[1] = if e < 0 { b'-' } else { b'+' };
        let mut digits = [b'0'; 6];
        let mut n = 0;
        let mut v = e.unsigned_abs();
        while v > 0 || n < min_digits {
            digits[n] = b'0' + (v % 10) as u8;
            v /= 10;
            n += 1;
        }
        for k in 0..n {
            buf[2 + k] = digits[n - 1 - k];
        }
        Exponent { buf, len: 2 + n }
    }

    fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

/// Formats `x` for the conversion `style` (capitals with `upper`), with the radix character
/// and grouping of `num`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn float_field<S: Sink + ?Sized>(
    out: &mut Out<'_, S>,
    flags: Flags,
    width: usize,
    prec: Option<usize>,
    x: Float,
    style: FloatStyle,
    upper: bool,
    num: &Numeric<'_>,
) -> Result<(), i32> {
    // The sign of a NaN is shown, as musl does.
    let sign: &[u8] = if x.neg {
        b"-"
    } else if flags.contains(Flags::PLUS) {
        b"+"
    } else if flags.contains(Flags::SPACE) {
        b" "
    } else {
        b""
    };
    let (m, e) = match x.kind {
        Kind::Finite { m, e } => (m, e),
        k => {
            let word: &[u8] = match (k == Kind::Nan, upper) {
                (true, false) => b"nan",
                (true, true) => b"NAN",
                (false, false) => b"inf",
                (false, true) => b"INF",
            };
            return out.field(flags, width, false, sign, word.len(), |o| o.put(word));
        }
    };
    match style {
        FloatStyle::Hex => hex(out, flags, width, prec, m, e, sign, upper, num.radix),
        _ if x.long => long_decimal_field(out, flags, width, prec, m, e, sign, style, upper, num),
        _ => decimal_field(out, flags, width, prec, m, e, sign, style, upper, num, &mut [0u32; F64_LIMBS]),
    }
}

/// [`decimal_field`] with a long double's buffer, in a frame of its own so that a double
/// does not reserve its 7 KB.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn long_decimal_field<S: Sink + ?Sized>(
    out: &mut Out<'_, S>,
    flags: Flags,
    width: usize,
    prec: Option<usize>,
    m: u64,
    e: i32,
    sign: &[u8],
    style: FloatStyle,
    upper: bool,
    num: &Numeric<'_>,
) -> Result<(), i32> {
    decimal_field(out, flags, width, prec, m, e, sign, style, upper, num, &mut [0u32; F80_LIMBS])
}

/// `%f %e %g` of `m · 2^e`, with `buf` of [`F64_LIMBS`] for a double, [`F80_LIMBS`] for a long double.
#[allow(clippy::too_many_arguments)]
fn decimal_field<S: Sink + ?Sized>(
    out: &mut Out<'_, S>,
    flags: Flags,
    width: usize,
    prec: Option<usize>,
    m: u64,
    e: i32,
    sign: &[u8],
    style: FloatStyle,
    upper: bool,
    num: &Numeric<'_>,
    buf: &mut [u32],
) -> Result<(), i32> {
    let alt = flags.contains(Flags::ALT);
    let e_letter = if upper { b'E' } else { b'e' };
    // Precisions are below 2^31, so these powers of ten fit an i64 comfortably.
    match style {
        FloatStyle::Fixed => {
            let p = prec.unwrap_or(DEFAULT_PREC);
            let mut d = Decimal::new(buf, m, e, Need::Frac(p));
            let p = p as i64;
            d.round_at(-p);
            let hi = d.exp10().max(0);
            number(out, flags, width, sign, &d, num, Layout { hi, pt: 0, lo: -p, point: alt, exp: &[] })
        }
        FloatStyle::Exp => {
            let p = prec.unwrap_or(DEFAULT_PREC);
            let mut d = Decimal::new(buf, m, e, Need::Sig(p + 1));
            let p = p as i64;
            d.round_at(d.exp10() - p);
            let x = d.exp10();
            let exp = Exponent::new(e_letter, x, 2);
            number(out, flags, width, sign, &d, num, Layout { hi: x, pt: x, lo: x - p, point: alt, exp: exp.bytes() })
        }
        // `%g` (`%a` does not come here).
        _ => {
            let p = match prec {
                None => DEFAULT_PREC,
                Some(0) => 1,
                Some(p) => p,
            };
            let mut d = Decimal::new(buf, m, e, Need::Sig(p));
            let p = p as i64;
            d.round_at(d.exp10() - (p - 1));
            // The exponent `%e` would show decides the style.
            let x = d.exp10();
            let all = x - (p - 1);
            // Without `#`, trailing zeros go (zero itself has no non-zero digit: "0").
            let lo = if alt { all } else { d.last_nonzero().unwrap_or(0).max(all) };
            if x < -4 || x >= p {
                let exp = Exponent::new(e_letter, x, 2);
                number(out, flags, width, sign, &d, num, Layout { hi: x, pt: x, lo, point: alt, exp: exp.bytes() })
            } else {
                number(out, flags, width, sign, &d, num, Layout { hi: x.max(0), pt: 0, lo: lo.min(0), point: alt, exp: &[] })
            }
        }
    }
}

/// Which digits a decimal conversion shows: powers of ten `hi` down to `lo`, the point after
/// power `pt` (when digits follow it, or always with `point`), then the exponent text.
struct Layout<'a> {
    hi: i64,
    pt: i64,
    lo: i64,
    point: bool,
    exp: &'a [u8],
}

/// The digits of `l`, with the integer part grouped when `num` groups (the `'` flag in a
/// locale that groups) and the layout is fixed (`%e`'s integer part is one digit).
fn number<S: Sink + ?Sized>(out: &mut Out<'_, S>, flags: Flags, width: usize, sign: &[u8], d: &Decimal<'_>, num: &Numeric<'_>, l: Layout<'_>) -> Result<(), i32> {
    let grouping = num.grouping.filter(|_| l.pt == 0);
    let point = l.point || l.lo < l.pt;
    let int_digits = (l.hi - l.pt.max(l.lo) + 1) as usize;
    let extra = grouping.map_or(0, |g| g.extra(int_digits));
    let len = (l.hi - l.lo + 1) as usize + if point { num.radix.len() } else { 0 } + l.exp.len() + extra;
    out.field(flags, width, flags.contains(Flags::ZERO), sign, len, |o| {
        match grouping {
            Some(g) => g.write(o, int_digits, |o, hi, lo| d.write(o, hi as i64 - 1, lo as i64)),
            None => d.write(o, l.hi, l.pt.max(l.lo)),
        }
        if point {
            o.put(num.radix);
        }
        if l.lo < l.pt {
            d.write(o, l.pt - 1, l.lo);
        }
        o.put(l.exp);
    })
}

/// `%a` of `m · 2^e`: `0x1.hhhp±d` with `radix` for the point, see the module doc.
#[allow(clippy::too_many_arguments)]
fn hex<S: Sink + ?Sized>(
    out: &mut Out<'_, S>,
    flags: Flags,
    width: usize,
    prec: Option<usize>,
    m: u64,
    e: i32,
    sign: &[u8],
    upper: bool,
    radix: &[u8],
) -> Result<(), i32> {
    // The significand as a leading digit and 16 hex digits of fraction.
    let (mut lead, mut frac, exp) = if m == 0 {
        (0usize, 0u64, 0)
    } else {
        let lz = m.leading_zeros();
        (1, (m << lz) << 1, e + 63 - lz as i32)
    };
    if let Some(p) = prec.filter(|&p| p < HEX_ROUND_BELOW) {
        let drop = 4 * (HEX_DIGITS - p) as u32;
        let f = u128::from(frac);
        let mut keep = f >> drop;
        let rest = f & ((1 << drop) - 1);
        let half = 1u128 << (drop - 1);
        let odd = if p == 0 { lead & 1 == 1 } else { keep & 1 == 1 };
        if rest > half || (rest == half && odd) {
            keep += 1;
            if keep >> (4 * p) != 0 {
                lead += 1;
                keep = 0;
            }
        }
        frac = (keep << drop) as u64;
    }
    let ndigits = if frac == 0 { 0 } else { HEX_DIGITS - frac.trailing_zeros() as usize / 4 };
    let trail = prec.map_or(0, |p| p.saturating_sub(ndigits));
    let letters = if upper { b"0123456789ABCDEF" } else { b"0123456789abcdef" };
    let mut digits = [0u8; HEX_DIGITS];
    for (k, c) in digits.iter_mut().enumerate() {
        *c = letters[((frac >> (60 - 4 * k)) & 0xf) as usize];
    }
    let int = [letters[lead]];
    let exp = Exponent::new(if upper { b'P' } else { b'p' }, i64::from(exp), 1);
    let mut prefix = [0u8; 3];
    prefix[..sign.len()].copy_from_slice(sign);
    prefix[sign.len()..sign.len() + 2].copy_from_slice(if upper { b"0X" } else { b"0x" });
    let point = ndigits > 0 || trail > 0 || flags.contains(Flags::ALT);
    let len = 1 + if point { radix.len() } else { 0 } + ndigits + trail + exp.len;
    out.field(flags, width, flags.contains(Flags::ZERO), &prefix[..sign.len() + 2], len, |o| {
        o.put(&int);
        if point {
            o.put(radix);
        }
        o.put(&digits[..ndigits]);
        o.pad(b'0', trail);
        o.put(exp.bytes());
    })
}
