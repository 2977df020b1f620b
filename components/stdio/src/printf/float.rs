//! The floating-point conversions of `double`: `%f %e %g %a` and their capitals.
//!
//! Decimal digits come from `core::fmt`, which produces the exact value correctly rounded,
//! ties to even: the digits musl prints in the default rounding mode. The exact decimal
//! expansion of a double has at most 767 significant digits and 1074 after the point, so
//! asking `core::fmt` for no more than [`MAX_SIG`] / [`MAX_FRAC`] digits loses nothing,
//! fits a stack buffer, and every digit past them is a known 0. `%a` is built from the bits.
//! Like musl, `%a` normalises subnormals to a leading 1 and lets rounding carry into a
//! leading `2` (`%.0a` of 1.5 is `0x2p+0`).
use core::fmt::Write;

use super::Sink;
use super::format::Out;
use super::parse::{ALT, FloatStyle, PLUS, SPACE, ZERO};

/// At least the 767 significant digits of the longest exact expansion.
const MAX_SIG: usize = 800;
/// The fractional digits of the smallest subnormal, 2^-1074.
const MAX_FRAC: usize = 1074;
/// Room for `{:.MAX_FRAC$}` of the largest double: 309 integer digits, the point, the fraction.
const DIGIT_BUF: usize = 309 + 1 + MAX_FRAC;
/// The default precision.
const DEFAULT_PREC: usize = 6;
/// Hex digits after the point in a double's significand (52 bits).
const HEX_FRAC_DIGITS: usize = 13;
const MANT_BITS: u32 = 52;
const EXP_BIAS: i32 = 1023;
const EXP_MASK: u64 = 0x7ff;

/// `core::fmt` output captured on the stack.
struct Digits {
    buf: [u8; DIGIT_BUF],
    len: usize,
}

impl Write for Digits {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        // The precisions are capped so that the text always fits (see DIGIT_BUF).
        let n = s.len().min(DIGIT_BUF - self.len);
        self.buf[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n;
        Ok(())
    }
}

impl Digits {
    fn new() -> Self {
        Digits { buf: [0; DIGIT_BUF], len: 0 }
    }
}

/// A formatted number in pieces: `int[.][lead zeros]frac[trail zeros]exp`.
#[derive(Default)]
struct Parts<'a> {
    int: &'a [u8],
    point: bool,
    lead: usize,
    frac: &'a [u8],
    trail: usize,
    exp: &'a [u8],
}

/// The text of an exponent: `e` or `p`, its sign, then at least `min_digits` digits.
struct Exponent {
    buf: [u8; 8],
    len: usize,
}

impl Exponent {
    fn new(letter: u8, e: i32, min_digits: usize) -> Self {
        let mut buf = [0u8; 8];
        buf[0] = letter;
        buf[1] = if e < 0 { b'-' } else { b'+' };
        let mut digits = [b'0'; 5];
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

/// Formats `x` for the conversion `style` (capitals with `upper`).
pub(crate) fn float_field<S: Sink + ?Sized>(
    out: &mut Out<'_, S>,
    flags: u8,
    width: usize,
    prec: Option<usize>,
    x: f64,
    style: FloatStyle,
    upper: bool,
) -> Result<(), i32> {
    // The sign of a NaN is shown, as musl does.
    let sign: &[u8] = if x.is_sign_negative() {
        b"-"
    } else if flags & PLUS != 0 {
        b"+"
    } else if flags & SPACE != 0 {
        b" "
    } else {
        b""
    };
    if !x.is_finite() {
        let word: &[u8] = match (x.is_nan(), upper) {
            (true, false) => b"nan",
            (true, true) => b"NAN",
            (false, false) => b"inf",
            (false, true) => b"INF",
        };
        return out.field(flags, width, false, sign, word.len(), |o| o.put(word));
    }
    let x = x.abs();
    let alt = flags & ALT != 0;
    let e_letter = if upper { b'E' } else { b'e' };
    let mut d = Digits::new();
    match style {
        FloatStyle::Fixed => {
            let p = prec.unwrap_or(DEFAULT_PREC);
            let q = p.min(MAX_FRAC);
            let _ = write!(d, "{x:.q$}");
            let text = &d.buf[..d.len];
            let (int, frac) = if q > 0 { (&text[..text.len() - q - 1], &text[text.len() - q..]) } else { (text, &text[..0]) };
            emit(out, flags, width, sign, &Parts { int, point: p > 0 || alt, frac, trail: p - q, ..Parts::default() })
        }
        FloatStyle::Exp => {
            let p = prec.unwrap_or(DEFAULT_PREC);
            let (sig, e) = significant(&mut d, x, p.min(MAX_SIG) + 1);
            let exp = Exponent::new(e_letter, e, 2);
            let parts = Parts {
                int: &sig[..1],
                point: p > 0 || alt,
                frac: &sig[1..],
                trail: p + 1 - sig.len(),
                exp: exp.bytes(),
                ..Parts::default()
            };
            emit(out, flags, width, sign, &parts)
        }
        FloatStyle::General => {
            let p = match prec {
                None => DEFAULT_PREC,
                Some(0) => 1,
                Some(p) => p,
            };
            let (sig, e) = significant(&mut d, x, p.min(MAX_SIG + 1));
            let exp;
            let mut parts = if e < -4 || e >= p as i32 {
                exp = Exponent::new(e_letter, e, 2);
                Parts { int: &sig[..1], frac: &sig[1..], exp: exp.bytes(), ..Parts::default() }
            } else if e >= 0 {
                // `sig` holds min(p, MAX_SIG + 1) > e digits, so the integer part is in it.
                let k = e as usize + 1;
                Parts { int: &sig[..k], frac: &sig[k..], ..Parts::default() }
            } else {
                Parts { int: b"0", lead: (-e - 1) as usize, frac: sig, ..Parts::default() }
            };
            if alt {
                parts.trail = p - sig.len();
                parts.point = true;
            } else {
                let kept = parts.frac.iter().rposition(|&c| c != b'0').map_or(0, |k| k + 1);
                parts.frac = &parts.frac[..kept];
                if kept == 0 {
                    parts.lead = 0;
                }
                parts.point = kept > 0;
            }
            emit(out, flags, width, sign, &parts)
        }
        FloatStyle::Hex => hex(out, flags, width, prec, x, sign, upper),
    }
}

/// The first `n` (1..=MAX_SIG+1) significant digits of `x`, correctly rounded, and the
/// decimal exponent of the first one (0 for zero).
fn significant(d: &mut Digits, x: f64, n: usize) -> (&[u8], i32) {
    let q = n - 1;
    let _ = write!(d, "{x:.q$e}");
    let text = &mut d.buf[..d.len];
    let e_at = text.iter().position(|&c| c == b'e').unwrap_or(text.len());
    let e = core::str::from_utf8(&text[e_at + 1..]).ok().and_then(|s| s.parse().ok()).unwrap_or(0);
    // "d.ddd": move the first digit onto the point so the digits are contiguous.
    if q > 0 {
        text[1] = text[0];
        (&text[1..e_at], e)
    } else {
        (&text[..1], e)
    }
}

fn emit<S: Sink + ?Sized>(out: &mut Out<'_, S>, flags: u8, width: usize, prefix: &[u8], p: &Parts<'_>) -> Result<(), i32> {
    let len = p.int.len() + usize::from(p.point) + p.lead + p.frac.len() + p.trail + p.exp.len();
    out.field(flags, width, flags & ZERO != 0, prefix, len, |o| {
        o.put(p.int);
        if p.point {
            o.put(b".");
        }
        o.pad(b'0', p.lead);
        o.put(p.frac);
        o.pad(b'0', p.trail);
        o.put(p.exp);
    })
}

/// `%a`: `0x1.hhhp±d`, rounded ties-to-even when the precision is below 13 digits and
/// trimmed of trailing zeros when there is no precision.
fn hex<S: Sink + ?Sized>(out: &mut Out<'_, S>, flags: u8, width: usize, prec: Option<usize>, x: f64, sign: &[u8], upper: bool) -> Result<(), i32> {
    let bits = x.to_bits();
    let biased = ((bits >> MANT_BITS) & EXP_MASK) as i32;
    let mut mant = bits & ((1u64 << MANT_BITS) - 1);
    let (mut lead, e) = if x == 0.0 {
        (0u64, 0)
    } else if biased == 0 {
        // Subnormal: shift the first set bit up into the leading digit.
        let shift = mant.leading_zeros() - (63 - MANT_BITS);
        mant = (mant << shift) & ((1u64 << MANT_BITS) - 1);
        (1, 1 - EXP_BIAS - shift as i32)
    } else {
        (1, biased - EXP_BIAS)
    };
    let mut ndigits = HEX_FRAC_DIGITS;
    let mut trail = 0;
    match prec {
        Some(p) if p < HEX_FRAC_DIGITS => {
            let drop = 4 * (HEX_FRAC_DIGITS - p) as u32;
            let mut keep = mant >> drop;
            let rest = mant & ((1u64 << drop) - 1);
            let half = 1u64 << (drop - 1);
            let odd = if p == 0 { lead & 1 == 1 } else { keep & 1 == 1 };
            if rest > half || (rest == half && odd) {
                keep += 1;
                if keep >> (4 * p) != 0 {
                    lead += 1;
                    keep = 0;
                }
            }
            mant = keep;
            ndigits = p;
        }
        Some(p) => trail = p - HEX_FRAC_DIGITS,
        None => {
            while ndigits > 0 && mant & 0xf == 0 {
                mant >>= 4;
                ndigits -= 1;
            }
        }
    }
    let letters = if upper { b"0123456789ABCDEF" } else { b"0123456789abcdef" };
    let mut frac = [0u8; HEX_FRAC_DIGITS];
    for k in (0..ndigits).rev() {
        frac[k] = letters[(mant & 0xf) as usize];
        mant >>= 4;
    }
    let int = [letters[lead as usize]];
    let exp = Exponent::new(if upper { b'P' } else { b'p' }, e, 1);
    let mut prefix = [0u8; 3];
    prefix[..sign.len()].copy_from_slice(sign);
    prefix[sign.len()..sign.len() + 2].copy_from_slice(if upper { b"0X" } else { b"0x" });
    let parts = Parts {
        int: &int,
        point: ndigits > 0 || trail > 0 || flags & ALT != 0,
        frac: &frac[..ndigits],
        trail,
        exp: exp.bytes(),
        ..Parts::default()
    };
    emit(out, flags, width, &prefix[..sign.len() + 2], &parts)
}
