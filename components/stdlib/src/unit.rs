//! The character units the number conversions read: a byte for `strtol`/`strtod`/`strtold`,
//! a `wchar_t` (as its 32 bits) for `wcstol`/`wcstod`/`wcstold`. The scanners in `strtol.rs`
//! and `strtod.rs` are written once over [`Unit`]; the wide entry points (`wcstol.rs`,
//! `wcstod.rs`) only instantiate them.
//!
//! As in musl, a wide string converts exactly as the narrow string of its ASCII characters
//! would, with every other character standing for one that no number contains; only the
//! leading white space differs, which is `iswspace`'s set (ASCII white space, NEL, the
//! Unicode spaces) instead of the C locale's `isspace`.
use core::mem::MaybeUninit;

/// What a non-ASCII unit reads as: no part of any number's syntax.
const NOT_ASCII: u8 = 0x80;

/// One character of the input.
pub(crate) trait Unit: Copy {
    /// The character as an ASCII byte, or [`NOT_ASCII`] (bytes above 0x7f stand for
    /// themselves, which matches nothing either).
    fn ascii(self) -> u8;

    /// Whether the character is white space that may precede a number.
    fn is_space(self) -> bool;

    /// How many units of the string at `p` spell the locale's radix character `radix` (its
    /// multibyte text, never empty): 0 when they do not.
    ///
    /// # Safety
    /// `p` points into a string terminated by a zero unit.
    unsafe fn radix_at(p: *const Self, radix: &[u8]) -> usize;

    /// Calls `f` with the decimal number `text` (digits, at most one radix character at
    /// `point`: its start and units, an optional exponent; every other unit ASCII) as a
    /// `str` of the same value, with `.` for the radix character.
    fn with_decimal<R>(text: &[Self], point: Option<(usize, usize)>, f: impl FnOnce(&str) -> R) -> R;
}

/// `text`'s units as the ASCII bytes `str::parse` reads: the radix character's units at
/// `point` become one `.`.
fn spliced<C: Unit>(text: &[C], point: Option<(usize, usize)>) -> impl Iterator<Item = u8> + Clone {
    let (at, n) = point.unwrap_or((usize::MAX, 0));
    text.iter().enumerate().filter_map(move |(k, &c)| {
        if k == at {
            Some(b'.')
        } else if k > at && k < at + n {
            None
        } else {
            Some(c.ascii())
        }
    })
}

/// Calls `f` with the bytes `bytes` (`len` of them, ASCII) as a `str`: copied when short, else
/// rewritten by [`normalise`] to the same value in fewer digits. Only a radix character other
/// than `.` comes here, out of the C locale's way.
#[cold]
#[inline(never)]
fn narrowed<R>(bytes: impl Iterator<Item = u8> + Clone, len: usize, f: impl FnOnce(&str) -> R) -> R {
    let mut buf = [MaybeUninit::<u8>::uninit(); NARROW_CAP];
    let len = if len <= NARROW_CAP {
        for (b, c) in buf.iter_mut().zip(bytes) {
            b.write(c);
        }
        len
    } else {
        normalise(bytes, &mut buf)
    };
    // SAFETY: the first `len` bytes were written just above, all ASCII.
    let bytes = unsafe { core::slice::from_raw_parts(buf.as_ptr().cast::<u8>(), len) };
    f(core::str::from_utf8(bytes).unwrap_or_default())
}

impl Unit for u8 {
    #[inline(always)]
    fn ascii(self) -> u8 {
        self
    }

    #[inline(always)]
    fn is_space(self) -> bool {
        crate::is_space(self)
    }

    #[inline]
    unsafe fn radix_at(p: *const u8, radix: &[u8]) -> usize {
        // Each byte is read only after the one before it matched a radix byte, which is not
        // the terminator (the radix holds no NUL).
        // SAFETY: so every byte read is within the caller's terminated string.
        let all = radix.iter().enumerate().all(|(k, &r)| unsafe { *p.add(k) } == r);
        if all { radix.len() } else { 0 }
    }

    fn with_decimal<R>(text: &[u8], point: Option<(usize, usize)>, f: impl FnOnce(&str) -> R) -> R {
        match point {
            // The scanner only lets ASCII digits, the radix, `e`/`E` and signs into `text`, so
            // with the C locale's `.` it is the `str` as it is.
            Some((at, 1)) if text[at] != b'.' => narrowed(spliced(text, point), text.len(), f),
            None | Some((_, 1)) => f(core::str::from_utf8(text).unwrap_or_default()),
            Some((_, n)) => narrowed(spliced(text, point), text.len() + 1 - n, f),
        }
    }
}

impl Unit for u32 {
    #[inline(always)]
    fn ascii(self) -> u8 {
        if self < NOT_ASCII as u32 { self as u8 } else { NOT_ASCII }
    }

    #[inline(always)]
    fn is_space(self) -> bool {
        limpet_ctype::wide::iswspace(self) != 0
    }

    #[inline]
    unsafe fn radix_at(p: *const u32, radix: &[u8]) -> usize {
        if let [b] = radix {
            // SAFETY: `p` is within the caller's string.
            return usize::from(unsafe { *p } == u32::from(*b));
        }
        // A wide string holds the radix as its characters: the multibyte text decoded (as
        // UTF-8, the encoding of every locale with a radix past ASCII).
        let Ok(text) = core::str::from_utf8(radix) else { return 0 };
        let mut n = 0;
        for c in text.chars() {
            // SAFETY: read only after the unit before matched a character, which is not the
            // terminator, so within the string.
            if unsafe { *p.add(n) } != c as u32 {
                return 0;
            }
            n += 1;
        }
        n
    }

    fn with_decimal<R>(text: &[u32], point: Option<(usize, usize)>, f: impl FnOnce(&str) -> R) -> R {
        if let Some((at, n)) = point
            && (n != 1 || text[at] != u32::from(b'.'))
        {
            // Another radix character than the C locale's `.` becomes one.
            return narrowed(spliced(text, point), text.len() + 1 - n, f);
        }
        let mut buf = [MaybeUninit::<u8>::uninit(); NARROW_CAP];
        let len = if text.len() <= NARROW_CAP {
            for (b, &c) in buf.iter_mut().zip(text) {
                b.write(c.ascii());
            }
            text.len()
        } else {
            normalise(text.iter().map(|&c| c.ascii()), &mut buf)
        };
        // SAFETY: the first `len` bytes were written just above, all ASCII.
        let bytes = unsafe { core::slice::from_raw_parts(buf.as_ptr().cast::<u8>(), len) };
        f(core::str::from_utf8(bytes).unwrap_or_default())
    }}

/// The longest decimal text a wide conversion narrows as it is. A longer one is rewritten as
/// its first [`MAX_DIGITS`](crate::MAX_DIGITS) significant digits, a `1` if a nonzero digit
/// follows them, and an exponent, which has room here too.
const NARROW_CAP: usize = crate::MAX_DIGITS + 32;

/// Writes the decimal `text` (ASCII, longer than [`NARROW_CAP`]) into `out` as
/// `digits[1]e[-]exponent` of the same value to the conversions: they look at
/// [`MAX_DIGITS`](crate::MAX_DIGITS) significant digits and only ask whether any later digit
/// is nonzero (no halfway point between two `long double`s has more digits). Returns the
/// length written.
fn normalise(text: impl Iterator<Item = u8> + Clone, out: &mut [MaybeUninit<u8>; NARROW_CAP]) -> usize {
    let bytes = || text.clone();
    let mant_end = bytes().position(|c| c | 0x20 == b'e').unwrap_or(usize::MAX);
    // The exponent as the scanner accepted it, saturated like theirs far beyond any that
    // matters.
    let mut exp: i64 = 0;
    let mut sign = 1;
    for c in bytes().skip(mant_end.saturating_add(1)) {
        match c {
            b'-' => sign = -1,
            b'+' => {}
            d => exp = (exp * 10 + (d - b'0') as i64).min(MAX_EXPONENT),
        }
    }
    exp *= sign;
    // value = the significant digits as an integer, times 10^(int_digits - first - written).
    let mut int_digits: i64 = 0;
    let mut seen_point = false;
    let (mut first, mut written, mut sticky) = (None::<i64>, 0usize, false);
    let mut index: i64 = 0;
    for c in bytes().take(mant_end) {
        if c == b'.' {
            seen_point = true;
            continue;
        }
        if !seen_point {
            int_digits += 1;
        }
        if first.is_none() && c != b'0' {
            first = Some(index);
        }
        if first.is_some() {
            if written < crate::MAX_DIGITS {
                out[written].write(c);
                written += 1;
            } else {
                sticky |= c != b'0';
            }
        }
        index += 1;
    }
    let Some(first) = first else {
        out[0].write(b'0');
        return 1;
    };
    if sticky {
        out[written].write(b'1');
        written += 1;
    }
    let scale = exp + int_digits - first - written as i64;
    let mut len = written;
    out[len].write(b'e');
    len += 1;
    if scale < 0 {
        out[len].write(b'-');
        len += 1;
    }
    let mut digits = [0u8; 20];
    let mut n = 0;
    let mut v = scale.unsigned_abs();
    loop {
        digits[n] = b'0' + (v % 10) as u8;
        n += 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    for &d in digits[..n].iter().rev() {
        out[len].write(d);
        len += 1;
    }
    len
}

/// Where the scanners stop counting an exponent's digits (`strtod.rs` saturates alike).
pub(crate) const MAX_EXPONENT: i64 = 1 << 40;

#[cfg(test)]
mod tests {
    use super::*;

    fn narrowed(s: &str) -> String {
        let wide: Vec<u32> = s.chars().map(|c| c as u32).collect();
        let point = s.find('.').map(|k| (k, 1));
        u32::with_decimal(&wide, point, |t| t.to_owned())
    }

    #[test]
    fn short_text_is_copied() {
        assert_eq!(narrowed("12.5e-3"), "12.5e-3");
        assert_eq!(narrowed(""), "");
    }

    #[test]
    fn long_text_is_normalised() {
        let zeros = "0".repeat(NARROW_CAP + 1);
        let z = zeros.len();
        assert_eq!(narrowed(&zeros), "0");
        assert_eq!(narrowed(&format!("0.{zeros}")), "0");
        assert_eq!(narrowed(&format!("{zeros}12.5e7")), "125e6");
        assert_eq!(narrowed(&format!("0.{zeros}125")), format!("125e-{}", z + 3));
        let kept = "0".repeat(crate::MAX_DIGITS - 1);
        assert_eq!(narrowed(&format!("1{zeros}")), format!("1{kept}e{}", z + 1 - crate::MAX_DIGITS));
        let many = "7".repeat(crate::MAX_DIGITS);
        assert_eq!(narrowed(&format!("{many}{zeros}3.5E-9")), format!("{many}1e{}", z - 9));
        assert_eq!(narrowed(&format!("{many}{zeros}e+2")), format!("{many}e{}", z + 2));
    }
}
