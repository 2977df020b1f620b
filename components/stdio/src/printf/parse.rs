//! Reading one conversion specification: `%[n$][flags][width][.precision][length]conv`.
//!
//! Which length modifiers go with which conversions, and what is rejected, follows musl:
//! `%5%`, `%hs`, `%Ld`, `%lp`, `%q`/`%I64` style extensions and a `*` that takes its
//! argument in order inside a positional format are all EINVAL.
use limpet_syscall::errno::{EINVAL, EOVERFLOW};

use crate::abi::{INT_MAX, NL_ARGMAX};

bitflags::bitflags! {
    /// A conversion's flag characters.
    #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
    pub(crate) struct Flags: u8 {
        /// `-`: the field is padded on the right.
        const LEFT = 1 << 0;
        /// `+`: a sign even for non-negative numbers.
        const PLUS = 1 << 1;
        /// ` `: a space where a non-negative number has no sign.
        const SPACE = 1 << 2;
        /// `#`: the alternative form (`0x`, a kept decimal point, ...).
        const ALT = 1 << 3;
        /// `0`: padded with zeros after the sign and prefix.
        const ZERO = 1 << 4;
        /// `'`: the integer part of a decimal conversion grouped by the locale's
        /// thousands' separator (nothing in the C locale).
        const GROUP = 1 << 5;
    }
}

/// Where a width or a precision comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Count {
    Absent,
    Fixed(usize),
    /// `*`: the next argument.
    Next,
    /// `*n$`: argument `n`.
    Pos(usize),
}

/// The length modifier.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Length {
    None,
    Hh,
    H,
    L,
    Ll,
    /// `L`, for long double.
    BigL,
    J,
    Z,
    T,
}

/// The floating-point conversion styles.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum FloatStyle {
    /// `%f`
    Fixed,
    /// `%e`
    Exp,
    /// `%g`
    General,
    /// `%a`
    Hex,
}

/// What a conversion prints.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Conv {
    /// `%d`, `%i`
    Signed,
    /// `%o`, `%u`, `%x`, `%X`
    Unsigned { base: u8, upper: bool },
    /// `%c`
    Char,
    /// `%s`
    Str,
    /// `%lc`, `%C`
    WideChar,
    /// `%ls`, `%S`
    WideStr,
    /// `%p`
    Pointer,
    /// `%n`
    Count,
    /// `%m`: `strerror(errno)`, a GNU extension musl has; it takes no argument.
    Errno,
    /// `%f %F %e %E %g %G %a %A` (the length says double or long double)
    Float { style: FloatStyle, upper: bool },
}

/// The class of argument a conversion reads, which is what `va_arg` needs to know.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Class {
    Int,
    Double,
    LongDouble,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Spec {
    /// `n$`: the argument's position.
    pub pos: Option<usize>,
    pub flags: Flags,
    pub width: Count,
    pub prec: Count,
    pub len: Length,
    pub conv: Conv,
}

impl Spec {
    /// The class of the conversion's argument; None for `%m`, which has none.
    pub(crate) fn class(&self) -> Option<Class> {
        match self.conv {
            Conv::Float { .. } if self.len == Length::BigL => Some(Class::LongDouble),
            Conv::Float { .. } => Some(Class::Double),
            Conv::Errno => None,
            _ => Some(Class::Int),
        }
    }
}

/// A format's characters as the parser sees them. Conversion specifications are ASCII, so
/// a wide format parses as its "skeleton": each character below 0x80 as itself, every
/// other one as a byte that no specification contains.
pub(crate) trait Units {
    /// Wide formats treat a precision too large for an `int` as no precision for the
    /// character and string conversions (see [`PREC_OVERFLOW`]), as musl's `vfwprintf` does.
    const WIDE: bool;
    fn len(&self) -> usize;
    fn at(&self, k: usize) -> Option<u8>;
}

impl Units for [u8] {
    const WIDE: bool = false;

    #[inline(always)]
    fn len(&self) -> usize {
        <[u8]>::len(self)
    }

    #[inline(always)]
    fn at(&self, k: usize) -> Option<u8> {
        self.get(k).copied()
    }
}

/// The precision a wide format's too-large one parses as (narrow formats fail with EOVERFLOW).
pub(crate) const PREC_OVERFLOW: usize = usize::MAX;

/// Moves `*i` past literal text, handing each run of it (with `%%` turned into `%`) to
/// `emit` as a range of `fmt`. Returns true with `*i` just after a `%` that starts a
/// specification, false at the end of the format.
pub(crate) fn next_spec<F: Units + ?Sized, E>(
    fmt: &F,
    i: &mut usize,
    mut emit: impl FnMut(core::ops::Range<usize>) -> Result<(), E>,
) -> Result<bool, E> {
    loop {
        let start = *i;
        while *i < fmt.len() && fmt.at(*i) != Some(b'%') {
            *i += 1;
        }
        let pair = fmt.at(*i + 1) == Some(b'%');
        // A `%%` is emitted as the first `%` of the pair together with the text before it.
        let end = if pair { *i + 1 } else { *i };
        if end > start {
            emit(start..end)?;
        }
        if *i >= fmt.len() {
            return Ok(false);
        }
        *i += 1;
        if !pair {
            return Ok(true);
        }
        *i += 1;
    }
}

/// Parses the specification whose `%` is just before `fmt[*i]`, leaving `*i` after it.
pub(crate) fn parse<F: Units + ?Sized>(fmt: &F, i: &mut usize) -> Result<Spec, i32> {
    let at = |k: usize| fmt.at(k).unwrap_or(0);
    let pos = position(fmt, i)?;
    let mut flags = Flags::empty();
    loop {
        flags |= match at(*i) {
            b'-' => Flags::LEFT,
            b'+' => Flags::PLUS,
            b' ' => Flags::SPACE,
            b'#' => Flags::ALT,
            b'0' => Flags::ZERO,
            b'\'' => Flags::GROUP,
            _ => break,
        };
        *i += 1;
    }
    let width = if at(*i) == b'*' {
        *i += 1;
        star(fmt, i)?
    } else if at(*i).is_ascii_digit() {
        Count::Fixed(number(fmt, i)?)
    } else {
        Count::Absent
    };
    let prec = if at(*i) == b'.' {
        *i += 1;
        if at(*i) == b'*' {
            *i += 1;
            star(fmt, i)?
        } else {
            match number(fmt, i) {
                Err(EOVERFLOW) if F::WIDE => Count::Fixed(PREC_OVERFLOW),
                r => Count::Fixed(r?),
            }
        }
    } else {
        Count::Absent
    };
    let len = match (at(*i), at(*i + 1)) {
        (b'h', b'h') => Length::Hh,
        (b'h', _) => Length::H,
        (b'l', b'l') => Length::Ll,
        (b'l', _) => Length::L,
        (b'L', _) => Length::BigL,
        (b'j', _) => Length::J,
        (b'z', _) => Length::Z,
        (b't', _) => Length::T,
        _ => Length::None,
    };
    *i += match len {
        Length::None => 0,
        Length::Hh | Length::Ll => 2,
        _ => 1,
    };
    let conv = conversion(at(*i), len).ok_or(EINVAL)?;
    *i += 1;
    Ok(Spec { pos, flags, width, prec, len, conv })
}

/// The conversion `c` takes with length `len`, or None if musl rejects the pair.
fn conversion(c: u8, len: Length) -> Option<Conv> {
    use Length::*;
    let int_len = matches!(len, None | Hh | H | L | Ll | J | Z | T);
    let float = |style, upper| matches!(len, None | L | BigL).then_some(Conv::Float { style, upper });
    match c {
        b'd' | b'i' if int_len => Some(Conv::Signed),
        b'o' if int_len => Some(Conv::Unsigned { base: 8, upper: false }),
        b'u' if int_len => Some(Conv::Unsigned { base: 10, upper: false }),
        b'x' if int_len => Some(Conv::Unsigned { base: 16, upper: false }),
        b'X' if int_len => Some(Conv::Unsigned { base: 16, upper: true }),
        b'n' => Some(Conv::Count),
        b'c' if len == None => Some(Conv::Char),
        b'c' if len == L => Some(Conv::WideChar),
        b'C' if len == None => Some(Conv::WideChar),
        b's' if len == None => Some(Conv::Str),
        b's' if len == L => Some(Conv::WideStr),
        b'S' if len == None => Some(Conv::WideStr),
        b'p' if len == None => Some(Conv::Pointer),
        b'm' if len == None => Some(Conv::Errno),
        b'f' => float(FloatStyle::Fixed, false),
        b'F' => float(FloatStyle::Fixed, true),
        b'e' => float(FloatStyle::Exp, false),
        b'E' => float(FloatStyle::Exp, true),
        b'g' => float(FloatStyle::General, false),
        b'G' => float(FloatStyle::General, true),
        b'a' => float(FloatStyle::Hex, false),
        b'A' => float(FloatStyle::Hex, true),
        _ => Option::None,
    }
}

/// Reads an optional `n$` (a single digit, as `NL_ARGMAX` is 9).
fn position<F: Units + ?Sized>(fmt: &F, i: &mut usize) -> Result<Option<usize>, i32> {
    match (fmt.at(*i), fmt.at(*i + 1)) {
        (Some(d), Some(b'$')) if d.is_ascii_digit() => {
            let n = usize::from(d - b'0');
            // Position 0 does not exist (musl reads garbage for it).
            if n == 0 || n > NL_ARGMAX {
                return Err(EINVAL);
            }
            *i += 2;
            Ok(Some(n))
        }
        _ => Ok(None),
    }
}

/// The rest of a `*` width or precision: `n$` or nothing.
fn star<F: Units + ?Sized>(fmt: &F, i: &mut usize) -> Result<Count, i32> {
    Ok(match position(fmt, i)? {
        Some(n) => Count::Pos(n),
        None => Count::Next,
    })
}

/// A decimal number that must fit in an `int`.
fn number<F: Units + ?Sized>(fmt: &F, i: &mut usize) -> Result<usize, i32> {
    let mut n: usize = 0;
    let mut overflow = false;
    while let Some(d) = fmt.at(*i).filter(|d| d.is_ascii_digit()) {
        n = n * 10 + usize::from(d - b'0');
        if n > INT_MAX {
            overflow = true;
            n = INT_MAX;
        }
        *i += 1;
    }
    if overflow { Err(EOVERFLOW) } else { Ok(n) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Result<Spec, i32> {
        let mut i = 0;
        let r = parse(s.as_bytes(), &mut i);
        if r.is_ok() {
            assert_eq!(i, s.len(), "{s}: spec not fully consumed");
        }
        r
    }

    #[test]
    fn flags_width_precision() {
        let s = p("-+ #0'12.7d").unwrap();
        assert_eq!(s.flags, Flags::all());
        assert_eq!((s.width, s.prec), (Count::Fixed(12), Count::Fixed(7)));
        assert_eq!(p(".d").unwrap().prec, Count::Fixed(0));
        assert_eq!(p("*.*d").unwrap().width, Count::Next);
        let s = p("3$*1$.*2$lld").unwrap();
        assert_eq!((s.pos, s.width, s.prec, s.len), (Some(3), Count::Pos(1), Count::Pos(2), Length::Ll));
    }

    #[test]
    fn numbers_that_overflow_int() {
        assert_eq!(p("2147483647d").unwrap().width, Count::Fixed(INT_MAX));
        assert_eq!(p("2147483648d"), Err(EOVERFLOW));
        assert_eq!(p(".99999999999999999999999d"), Err(EOVERFLOW));
    }

    #[test]
    fn rejected_like_musl() {
        for bad in ["y", "5%", "-%", "hs", "hhs", "Ld", "Lx", "lls", "zs", "lp", "hhp", "Lc", "Lp", "jp", "llf", "hf",
            "qd", "Z", "q", "I64d", "lC", "lS", "hc", "lm", "", "l", "5", ".", "0$d", "$d", ".1$d", "lll", "hhh", "Ll", "w"] {
            assert_eq!(p(bad), Err(EINVAL), "%{bad}");
        }
        assert_eq!(p("10$d"), Err(EINVAL), "two-digit positions are a width, then `$`");
    }

    #[test]
    fn accepted_like_musl() {
        // The table from probing musl: each length with the conversions it accepts.
        let table: &[(&str, &str)] = &[
            ("", "AEFGSXacdefgimnopsuxC"),
            ("hh", "Xdinoux"),
            ("h", "Xdinoux"),
            ("l", "AEFGXacdefginosux"),
            ("ll", "Xdinoux"),
            ("L", "AEFGaefgn"),
            ("j", "Xdinoux"),
            ("z", "Xdinoux"),
            ("t", "Xdinoux"),
        ];
        for &(len, ok) in table {
            for c in 33u8..127 {
                if b"%$*.-+ #'0123456789hlLjztq".contains(&c) {
                    continue;
                }
                let s = format!("{len}{}", c as char);
                assert_eq!(p(&s).is_ok(), ok.as_bytes().contains(&c), "%{s}");
            }
        }
    }

    #[test]
    fn literal_text_and_percent_pairs() {
        let fmt = b"ab%%c%%%%d%5x";
        let mut i = 0;
        let mut text = Vec::new();
        assert_eq!(next_spec::<_, ()>(&fmt[..], &mut i, |t| {
            text.extend_from_slice(&fmt[t]);
            Ok(())
        }), Ok(true));
        assert_eq!(text, b"ab%c%%d");
        assert_eq!(&fmt[i..], b"5x");
        i = fmt.len();
        assert_eq!(next_spec::<_, ()>(&fmt[..], &mut i, |_| Ok(())), Ok(false));
    }
}
