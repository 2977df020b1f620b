//! The floating-point field of `%a %e %f %g` (any case): read one unit at a time with
//! musl's rules, then converted by limpet-stdlib's `strtof`/`strtod`/`strtold`. The radix
//! character is the locale's (`LC_NUMERIC`) when it is one byte (the wide scanners read
//! numbers as bytes too), as in every locale but a few with a multibyte one, whose fields
//! then have no fraction.
//!
//! The reader decides what the field consumes; the conversion gets a short normalised
//! text (`-.DIGITSe±N` or `0x.HEXp±N`) rather than the input, so that a field of any length
//! fits a fixed buffer: leading zeros become exponent, and digits past the last one that
//! can affect rounding only leave a nonzero digit behind them. `strtold` keeps 12,000
//! significant digits, because a halfway point between two x87 numbers can have that many;
//! the text keeps as many, so the rounding is exact for every format.
use core::mem::MaybeUninit;

use limpet_syscall::errno::EINVAL;
use limpet_syscall::set_errno;

use super::Input;
use super::reader::Reader;

/// Significant decimal digits passed on; any further nonzero digit is passed as one `1`.
const KEEP_DEC: usize = 12_000;
/// Significant hexadecimal digits passed on (strtod itself keeps 32 of them).
const KEEP_HEX: usize = 40;
/// Room for a sign, `0x.`, the digits, the sticky digit, the exponent and the NUL.
const TEXT: usize = KEEP_DEC + 48;
/// The point of the normalised text, whatever the locale's radix character.
const POINT: &[u8] = b".";
/// Exponents are clamped to this: far beyond any that does not overflow or underflow.
const EXP_CLAMP: i64 = 1_000_000_000_000_000;

/// The precision the conversion stores, from its length modifier.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Prec {
    /// `float` (no modifier).
    Single,
    /// `double` (`l`, also `z` and `t` in musl).
    Double,
    /// x87 `long double` (`L`).
    Extended,
}

/// A converted field.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) enum Float {
    F32(f32),
    F64(f64),
    /// The 10 bytes an x87 `fstp tbyte` stores.
    F80([u8; 10]),
}

/// The x87 sign-and-exponent bits of infinity and NaN, and the significands of each.
const X87_TOP: u16 = 0x7fff;
const X87_INF: u64 = 1 << 63;
const X87_NAN: u64 = 3 << 62;

fn x87(neg: bool, top: u16, mant: u64) -> [u8; 10] {
    let mut b = [0u8; 10];
    b[..8].copy_from_slice(&mant.to_le_bytes());
    b[8..].copy_from_slice(&(top | u16::from(neg) << 15).to_le_bytes());
    b
}

fn infinity(p: Prec, neg: bool) -> Float {
    match p {
        Prec::Single => Float::F32(if neg { f32::NEG_INFINITY } else { f32::INFINITY }),
        Prec::Double => Float::F64(if neg { f64::NEG_INFINITY } else { f64::INFINITY }),
        Prec::Extended => Float::F80(x87(neg, X87_TOP, X87_INF)),
    }
}

/// musl's NaN: quiet and positive, whatever sign the input had.
fn nan(p: Prec) -> Float {
    match p {
        Prec::Single => Float::F32(f32::from_bits(0x7fc0_0000)),
        Prec::Double => Float::F64(f64::from_bits(0x7ff8_0000_0000_0000)),
        Prec::Extended => Float::F80(x87(false, X87_TOP, X87_NAN)),
    }
}

fn zero(p: Prec, neg: bool) -> Float {
    match p {
        Prec::Single => Float::F32(if neg { -0.0 } else { 0.0 }),
        Prec::Double => Float::F64(if neg { -0.0 } else { 0.0 }),
        Prec::Extended => Float::F80(x87(neg, 0, 0)),
    }
}

/// The normalised text handed to the conversion. The buffer is left uninitialised (it is
/// large, and every field would otherwise pay for clearing it); only `..len` is written.
struct Text {
    buf: [MaybeUninit<u8>; TEXT],
    len: usize,
}

impl Text {
    fn new() -> Text {
        Text { buf: [const { MaybeUninit::uninit() }; TEXT], len: 0 }
    }

    fn push(&mut self, b: u8) {
        self.buf[self.len] = MaybeUninit::new(b);
        self.len += 1;
    }

    fn push_all(&mut self, s: &[u8]) {
        for &b in s {
            self.push(b);
        }
    }

    fn push_exp(&mut self, e: i64) {
        let e = e.clamp(-EXP_CLAMP, EXP_CLAMP);
        self.push(if e < 0 { b'-' } else { b'+' });
        let mut digits = [0u8; 20];
        let mut n = 0;
        let mut v = e.unsigned_abs();
        loop {
            digits[n] = b'0' + (v % 10) as u8;
            n += 1;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        for i in (0..n).rev() {
            self.push(digits[i]);
        }
    }

    /// Converts the text (a sign, then a number strtod reads whole) to `p`.
    fn convert(&mut self, p: Prec) -> Float {
        self.push(0);
        // The conversion reads up to the NUL, all of it written.
        let s = self.buf.as_ptr().cast();
        let end = core::ptr::null_mut();
        // SAFETY: the text is NUL-terminated and `end` is null.
        unsafe {
            match p {
                Prec::Single => Float::F32(limpet_stdlib::strtod::strtof_radix(s, end, POINT)),
                Prec::Double => Float::F64(limpet_stdlib::strtod::strtod_radix(s, end, POINT)),
                Prec::Extended => {
                    let mut out = [0u8; 16];
                    limpet_stdlib::strtold::strtold_bytes_radix(s, end, POINT, &mut out);
                    let mut b = [0u8; 10];
                    b.copy_from_slice(&out[..10]);
                    Float::F80(b)
                }
            }
        }
    }
}

fn is(c: Option<u32>, b: u8) -> bool {
    c == Some(u32::from(b))
}

/// `c` with ASCII letters folded to lower case (other units change too, harmlessly: only
/// letters are compared with the result).
fn folded(c: Option<u32>) -> Option<u32> {
    c.map(|x| x | 0x20)
}

fn dec_digit(c: Option<u32>) -> Option<u8> {
    c.filter(|x| (0x30..=0x39).contains(x)).map(|x| x as u8)
}

fn hex_digit(c: Option<u32>) -> Option<u8> {
    c.filter(|&x| (0x30..=0x39).contains(&x) || (0x61..=0x66).contains(&(x | 0x20))).map(|x| x as u8)
}

/// The byte that is the locale's radix character, if it is one byte.
fn radix_unit() -> Option<u32> {
    #[cfg(test)]
    if let Some((radix, ..)) = crate::printf::numeric::tests::CONVENTIONS.get() {
        return if let [b] = radix { Some(u32::from(*b)) } else { None };
    }
    match limpet_locale::localeconv::current_radix() {
        [b] => Some(u32::from(*b)),
        _ => None,
    }
}

/// Reads a floating-point field. None is a matching failure, with what was read consumed;
/// errno is EINVAL when no number starts the field (but not for a bad exponent or a `0x`
/// without digits, as in musl), and the conversion sets ERANGE as strtod does.
pub(crate) fn read_float<I: Input + ?Sized>(r: &mut Reader<'_, I>, p: Prec) -> Option<Float> {
    let mut t = Text::new();
    let mut c = r.get();
    let mut neg = false;
    if is(c, b'+') || is(c, b'-') {
        neg = is(c, b'-');
        if neg {
            t.push(b'-');
        }
        c = r.get();
    }
    let mut i = 0;
    while i < 8 && folded(c) == Some(u32::from(b"infinity"[i])) {
        if i < 7 {
            c = r.get();
        }
        i += 1;
    }
    if i == 3 || i == 8 {
        if i == 3 {
            r.unget();
        }
        return Some(infinity(p, neg));
    }
    if i == 0 {
        while i < 3 && folded(c) == Some(u32::from(b"nan"[i])) {
            if i < 2 {
                c = r.get();
            }
            i += 1;
        }
    }
    if i == 3 {
        if !is(r.get(), b'(') {
            r.unget();
            return Some(nan(p));
        }
        loop {
            let c = r.get();
            if c.is_some_and(|x| x < 0x80 && (x as u8).is_ascii_alphanumeric() || x == u32::from(b'_')) {
                continue;
            }
            if is(c, b')') {
                return Some(nan(p));
            }
            r.unget();
            set_errno(EINVAL);
            return None;
        }
    }
    if i != 0 {
        r.unget();
        set_errno(EINVAL);
        return None;
    }
    if is(c, b'0') {
        c = r.get();
        if folded(c) == Some(u32::from(b'x')) {
            return hexadecimal(r, t, p, neg);
        }
        r.unget();
        c = Some(u32::from(b'0'));
    }
    decimal(r, c, t, p, neg)
}

/// Reads `[+-]digits` after an exponent letter; None (with the offending unit given back)
/// when no digit comes.
fn exponent<I: Input + ?Sized>(r: &mut Reader<'_, I>) -> Option<i64> {
    let mut c = r.get();
    let neg = is(c, b'-');
    if neg || is(c, b'+') {
        c = r.get();
    }
    if dec_digit(c).is_none() {
        r.unget();
        return None;
    }
    let mut v: i64 = 0;
    while let Some(d) = dec_digit(c) {
        if v < EXP_CLAMP {
            v = v * 10 + i64::from(d - b'0');
        }
        c = r.get();
    }
    r.unget();
    Some(if neg { -v } else { v })
}

/// A significand as read: whether it had a digit, where its point falls (the value is
/// 0.D1D2... * base^point, D1 its first nonzero digit), how many of its digits were kept,
/// whether a nonzero digit was dropped after them, and the unit that ended it.
struct Significand {
    gotdig: bool,
    point: i64,
    kept: usize,
    sticky: bool,
    end: Option<u32>,
}

/// Reads a significand whose first unit is `c`: leading zeros (before and after a point) are
/// skipped, up to `keep` digits (as `digit` accepts them) go to `t`, and any nonzero digit
/// past those makes it sticky.
fn significand<I: Input + ?Sized>(r: &mut Reader<'_, I>, mut c: Option<u32>, t: &mut Text, keep: usize, digit: fn(Option<u32>) -> Option<u8>) -> Significand {
    let radix = radix_unit();
    let is_radix = |c: Option<u32>| c.is_some() && c == radix;
    let (mut gotdig, mut gotrad) = (false, false);
    let (mut point, mut digits, mut kept, mut sticky) = (0i64, 0i64, 0usize, false);
    while is(c, b'0') {
        gotdig = true;
        c = r.get();
    }
    if is_radix(c) {
        gotrad = true;
        c = r.get();
        while is(c, b'0') {
            gotdig = true;
            point -= 1;
            c = r.get();
        }
    }
    loop {
        if let Some(d) = digit(c) {
            gotdig = true;
            digits = digits.saturating_add(1);
            if kept < keep {
                t.push(d);
                kept += 1;
            } else {
                sticky |= d != b'0';
            }
        } else if is_radix(c) && !gotrad {
            gotrad = true;
            point = digits;
        } else {
            break;
        }
        c = r.get();
    }
    if !gotrad {
        point = digits;
    }
    Significand { gotdig, point, kept, sticky, end: c }
}

/// The decimal form; `c` is its first unit.
fn decimal<I: Input + ?Sized>(r: &mut Reader<'_, I>, c: Option<u32>, mut t: Text, p: Prec, neg: bool) -> Option<Float> {
    t.push(b'.');
    let Significand { gotdig, mut point, kept, sticky, end } = significand(r, c, &mut t, KEEP_DEC, dec_digit);
    if gotdig && folded(end) == Some(u32::from(b'e')) {
        point = point.saturating_add(exponent(r)?);
    } else {
        r.unget();
    }
    if !gotdig {
        set_errno(EINVAL);
        return None;
    }
    if kept == 0 {
        return Some(zero(p, neg));
    }
    if sticky {
        t.push(b'1');
    }
    t.push(b'e');
    t.push_exp(point);
    Some(t.convert(p))
}

/// The hexadecimal form, after its `0x`.
fn hexadecimal<I: Input + ?Sized>(r: &mut Reader<'_, I>, mut t: Text, p: Prec, neg: bool) -> Option<Float> {
    t.push_all(b"0x.");
    let c = r.get();
    let Significand { gotdig, point, kept, sticky, end: c } = significand(r, c, &mut t, KEEP_HEX, hex_digit);
    if !gotdig {
        r.unget();
        return None;
    }
    let mut exp = 0;
    if folded(c) == Some(u32::from(b'p')) {
        exp = exponent(r)?;
    } else {
        r.unget();
    }
    if kept == 0 {
        return Some(zero(p, neg));
    }
    if sticky {
        t.push(b'1');
    }
    t.push(b'p');
    t.push_exp(exp.saturating_add(point.saturating_mul(4)));
    Some(t.convert(p))
}
