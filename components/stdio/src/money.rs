//! One strfmon conversion in a locale with monetary conventions (`strfmon.rs` has the loop
//! and the C locale's musl-compatible model).
//!
//! The amount is printf's `%.*f` of its magnitude with `mon_decimal_point` and the
//! `mon_thousands_sep`/`mon_grouping` grouping (unless `^`), the right precision defaulting
//! to `frac_digits` (`int_frac_digits` for `%i`; 2 when the locale leaves it `CHAR_MAX`).
//! A left precision `#n` pads the integer part with the fill character (`=f`, default space)
//! to the columns that n digits take with their separators (the fill is not grouped). The
//! currency symbol, the sign string and the spaces between them and the amount are laid out
//! by `cs_precedes`, `sep_by_space` and `sign_posn` as the C standard's `localeconv`
//! describes them (the `int_` forms for `%i`, whose `int_curr_symbol` loses its fourth
//! character, the separator those fields replace); the `(` flag puts a negative amount in
//! parentheses (position 0, which then lays out non-negative amounts too, without them), `!` leaves the symbol out (and the spaces that would separate it). With a
//! left precision, a non-negative amount is padded with spaces where a negative one has
//! its sign and parentheses, so that both line up, as POSIX asks (glibc pads only the front).
//! Widths count bytes.
use core::ffi::{CStr, c_char};

use limpet_locale::abi::Lconv;
use limpet_syscall::errno::E2BIG;

use crate::printf::numeric::{Grouping, Numeric};
use crate::printf::{Sink, fixed};

/// The right precision when neither the format nor the locale gives one.
const FALLBACK_FRAC_DIGITS: usize = 2;
/// `CHAR_MAX`: a `struct lconv` member the locale leaves unspecified.
const UNSPECIFIED: c_char = c_char::MAX;
/// `int_curr_symbol` is three letters and the separator that follows the code.
const INT_CURR_CODE_LEN: usize = 3;

/// A conversion's flags and numbers, as the format gives them.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Spec {
    /// `=f`: the fill character of the left precision (0: a space).
    pub(crate) fill: u8,
    /// `^`
    pub(crate) no_grouping: bool,
    /// `(` (and not a later `+`)
    pub(crate) parens: bool,
    /// `!`
    pub(crate) no_symbol: bool,
    /// `-`
    pub(crate) left: bool,
    /// `#n`
    pub(crate) left_prec: Option<usize>,
    /// `.p`
    pub(crate) right_prec: Option<usize>,
    /// `%i` rather than `%n`.
    pub(crate) international: bool,
    /// The field width.
    pub(crate) width: usize,
}

/// A locale's monetary conventions.
pub(crate) struct Money<'a> {
    lc: &'a Lconv,
}

/// The bytes of a `struct lconv` string.
fn bytes<'a>(p: *const c_char) -> &'a [u8] {
    // SAFETY: a `struct lconv`'s strings are NUL-terminated and live as long as it does.
    unsafe { CStr::from_ptr(p) }.to_bytes()
}

/// How one sign of one form of amount is laid out.
struct Form<'a> {
    /// Whether the amount is negative: position 0 then encloses it in parentheses.
    negative: bool,
    symbol: &'a [u8],
    sign: &'a [u8],
    cs_precedes: bool,
    sep_by_space: c_char,
    sign_posn: c_char,
}

/// A piece of the output: bytes, or the amount (fill and digits).
#[derive(Clone, Copy)]
enum Piece<'a> {
    Text(&'a [u8]),
    Amount,
}

/// At most: sign, space, symbol, space, amount, and a closing parenthesis.
const MAX_PIECES: usize = 6;

/// The pieces of an amount laid out by `f` (see the module doc).
fn layout<'a>(f: &Form<'a>) -> ([Piece<'a>; MAX_PIECES], usize) {
    use Piece::{Amount, Text};
    let space: &'static [u8] = b" ";
    let mut p = [Text(b""); MAX_PIECES];
    let mut n = 0;
    let mut push = |x: Piece<'a>| {
        p[n] = x;
        n += 1;
    };
    let (sym, sign) = (Text(f.symbol), Text(f.sign));
    let (open, close): (&[u8], &[u8]) = if f.negative { (b"(", b")") } else { (b"", b"") };
    // Without a symbol there is nothing to separate.
    let sep = if f.symbol.is_empty() { 0 } else { f.sep_by_space };
    match (f.sign_posn, f.cs_precedes) {
        (0, true) => [Text(open), sym, Text(if sep == 1 { space } else { b"" }), Amount, Text(close)].into_iter().for_each(&mut push),
        (0, false) => [Text(open), Amount, Text(if sep == 1 { space } else { b"" }), sym, Text(close)].into_iter().for_each(&mut push),
        // The sign before (1, 3) or after (2, 4) the symbol, which precedes the amount.
        (3, true) | (1, true) => [sign, Text(if sep == 2 { space } else { b"" }), sym, Text(if sep == 1 { space } else { b"" }), Amount]
            .into_iter()
            .for_each(&mut push),
        (4, true) => [sym, Text(if sep == 2 { space } else { b"" }), sign, Text(if sep == 1 { space } else { b"" }), Amount]
            .into_iter()
            .for_each(&mut push),
        (2, true) => [sym, Text(if sep == 1 { space } else { b"" }), Amount, Text(if sep == 2 { space } else { b"" }), sign]
            .into_iter()
            .for_each(&mut push),
        // The symbol follows the amount.
        (1, false) => [sign, Text(if sep == 2 { space } else { b"" }), Amount, Text(if sep == 1 { space } else { b"" }), sym]
            .into_iter()
            .for_each(&mut push),
        (2, false) | (4, false) => [Amount, Text(if sep == 1 { space } else { b"" }), sym, Text(if sep == 2 { space } else { b"" }), sign]
            .into_iter()
            .for_each(&mut push),
        (3, false) => [Amount, Text(if sep == 1 { space } else { b"" }), sign, Text(if sep == 2 { space } else { b"" }), sym]
            .into_iter()
            .for_each(&mut push),
        // Any other position: the sign before everything (as 1).
        (_, true) => [sign, Text(if sep == 2 { space } else { b"" }), sym, Text(if sep == 1 { space } else { b"" }), Amount]
            .into_iter()
            .for_each(&mut push),
        (_, false) => [sign, Text(if sep == 2 { space } else { b"" }), Amount, Text(if sep == 1 { space } else { b"" }), sym]
            .into_iter()
            .for_each(&mut push),
    }
    (p, n)
}

/// Counts what printf produces, keeping nothing.
struct Count(usize);

impl Sink for Count {
    fn write(&mut self, b: &[u8]) {
        self.0 += b.len();
    }
}

/// Writes into a slice known to be large enough.
struct Fill<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl Sink for Fill<'_> {
    fn write(&mut self, b: &[u8]) {
        self.buf[self.len..self.len + b.len()].copy_from_slice(b);
        self.len += b.len();
    }
}

impl<'a> Money<'a> {
    /// The conventions of `lc`, or None when they are the C locale's (no currency symbol,
    /// no fraction digits given), which strfmon formats as musl does.
    pub(crate) fn of(lc: &'a Lconv) -> Option<Self> {
        let c_like = lc.frac_digits == UNSPECIFIED
            && lc.int_frac_digits == UNSPECIFIED
            && bytes(lc.currency_symbol).is_empty()
            && bytes(lc.int_curr_symbol).is_empty();
        (!c_like).then_some(Money { lc })
    }

    /// How `neg` amounts of the spec's kind are laid out.
    fn form(&self, spec: &Spec, neg: bool) -> Form<'a> {
        let l = self.lc;
        let (symbol, cs_precedes, sep_by_space, sign_posn) = match (spec.international, neg) {
            (false, false) => (bytes(l.currency_symbol), l.p_cs_precedes, l.p_sep_by_space, l.p_sign_posn),
            (false, true) => (bytes(l.currency_symbol), l.n_cs_precedes, l.n_sep_by_space, l.n_sign_posn),
            (true, false) => (bytes(l.int_curr_symbol), l.int_p_cs_precedes, l.int_p_sep_by_space, l.int_p_sign_posn),
            (true, true) => (bytes(l.int_curr_symbol), l.int_n_cs_precedes, l.int_n_sep_by_space, l.int_n_sign_posn),
        };
        let symbol = if spec.no_symbol {
            &b""[..]
        } else if spec.international && symbol.len() > INT_CURR_CODE_LEN {
            &symbol[..INT_CURR_CODE_LEN]
        } else {
            symbol
        };
        let sign = match (neg, bytes(l.negative_sign)) {
            // A locale without a negative sign still shows one.
            (true, b"") => &b"-"[..],
            (true, s) => s,
            (false, _) => bytes(l.positive_sign),
        };
        // `(` lays positive amounts out the same way, without the parentheses (as glibc).
        let sign_posn = if spec.parens {
            0
        } else if sign_posn == UNSPECIFIED {
            1
        } else {
            sign_posn
        };
        Form {
            negative: neg,
            symbol,
            sign,
            cs_precedes: cs_precedes != 0,
            sep_by_space: if sep_by_space == UNSPECIFIED { 0 } else { sep_by_space },
            sign_posn,
        }
    }

    /// Formats `x` by `spec` into `out` (the room left before the terminating NUL): the bytes
    /// written, or E2BIG when they do not fit.
    pub(crate) fn convert(&self, out: &mut [u8], x: f64, spec: &Spec) -> Result<usize, i32> {
        let l = self.lc;
        // -0 is no debt: it is shown as 0 (glibc shows the positive form with printf's "-0").
        let neg = x < 0.0;
        let frac_digits = if spec.international { l.int_frac_digits } else { l.frac_digits };
        let frac = spec.right_prec.unwrap_or(if (0..UNSPECIFIED).contains(&frac_digits) { frac_digits as usize } else { FALLBACK_FRAC_DIGITS });
        let radix = match bytes(l.mon_decimal_point) {
            b"" => limpet_locale::localeconv::radix(limpet_locale::object::current()),
            r => r,
        };
        // SAFETY: the lconv's strings are NUL-terminated and static.
        let grouping = if spec.no_grouping { None } else { unsafe { Grouping::from_c(l.mon_thousands_sep, l.mon_grouping) } };
        let num = Numeric { radix, grouping };
        let mag = x.abs();
        // The digits without separators, to count the integer part's.
        let mut count = Count(0);
        fixed(&mut count, mag, 0, frac, &Numeric { radix, grouping: None }).map_err(|_| E2BIG)?;
        let fraction_len = if frac > 0 { radix.len() + frac } else { 0 };
        let int_digits = count.0.saturating_sub(fraction_len);
        let digits_len = count.0 + grouping.map_or(0, |g| g.extra(int_digits));
        // The left precision counts columns: digits and separators, one each, whatever the
        // separator's bytes, so that amounts line up (as glibc counts them).
        let columns = |d: usize| d.saturating_add(grouping.map_or(0, |g| g.separators(d)));
        let fill = spec.left_prec.map_or(0, |lp| columns(lp).saturating_sub(columns(int_digits)));
        let form = self.form(spec, neg);
        let (pieces, n) = layout(&form);
        let text_len: usize = pieces[..n].iter().map(|p| if let Piece::Text(t) = p { t.len() } else { 0 }).sum();
        // A non-negative amount with a left precision lines up with the negative form: as
        // many spaces as the negative's sign takes before and after the amount.
        let (lead, trail) = if neg || spec.left_prec.is_none() {
            (0, 0)
        } else {
            let other = self.form(spec, true);
            let (op, on) = layout(&other);
            let (mut before, mut after, mut seen) = (0usize, 0usize, false);
            for p in &op[..on] {
                match p {
                    Piece::Amount => seen = true,
                    Piece::Text(t) if !seen => before += t.len(),
                    Piece::Text(t) => after += t.len(),
                }
            }
            let (mut mine_before, mut mine_after, mut seen) = (0usize, 0usize, false);
            for p in &pieces[..n] {
                match p {
                    Piece::Amount => seen = true,
                    Piece::Text(t) if !seen => mine_before += t.len(),
                    Piece::Text(t) => mine_after += t.len(),
                }
            }
            (before.saturating_sub(mine_before), after.saturating_sub(mine_after))
        };
        let body = lead + text_len + fill + digits_len + trail;
        let pad = spec.width.saturating_sub(body);
        let total = body.checked_add(pad).ok_or(E2BIG)?;
        if total > out.len() {
            return Err(E2BIG);
        }
        let mut w = Fill { buf: out, len: 0 };
        let spaces = |w: &mut Fill<'_>, k: usize| (0..k).for_each(|_| w.write(b" "));
        if !spec.left {
            spaces(&mut w, pad);
        }
        spaces(&mut w, lead);
        for p in &pieces[..n] {
            match p {
                Piece::Text(t) => w.write(t),
                Piece::Amount => {
                    let f = [if spec.fill == 0 { b' ' } else { spec.fill }];
                    (0..fill).for_each(|_| w.write(&f));
                    fixed(&mut w, mag, 0, frac, &num).map_err(|_| E2BIG)?;
                }
            }
        }
        spaces(&mut w, trail);
        if spec.left {
            spaces(&mut w, pad);
        }
        Ok(w.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::printf::{Arg, ArgList};

    /// de_DE's conventions, as Debian's locale source gives them.
    fn de() -> Lconv {
        // SAFETY: a plain C struct, copied bit for bit; its strings are static.
        let mut l = unsafe { core::ptr::read(limpet_locale::localeconv::of(&limpet_locale::object::C_LOCALE)) };
        l.currency_symbol = c"€".as_ptr();
        l.int_curr_symbol = c"EUR ".as_ptr();
        l.mon_decimal_point = c",".as_ptr();
        l.mon_thousands_sep = c".".as_ptr();
        l.mon_grouping = c"\x03\x03".as_ptr();
        l.negative_sign = c"-".as_ptr();
        l.positive_sign = c"".as_ptr();
        (l.int_frac_digits, l.frac_digits) = (2, 2);
        (l.p_cs_precedes, l.p_sep_by_space, l.n_cs_precedes, l.n_sep_by_space, l.p_sign_posn, l.n_sign_posn) = (0, 1, 0, 1, 1, 1);
        (l.int_p_cs_precedes, l.int_p_sep_by_space, l.int_n_cs_precedes, l.int_n_sep_by_space, l.int_p_sign_posn, l.int_n_sign_posn) =
            (0, 1, 0, 1, 1, 1);
        l
    }

    fn fmon(l: &Lconv, f: &str, x: f64) -> String {
        let mut out = [0u8; 200];
        let n = crate::strfmon::format(&mut out, f.as_bytes(), &mut ArgList::new(&[Arg::F64(x)]), l).unwrap();
        String::from_utf8(out[..n].to_vec()).unwrap()
    }

    #[test]
    fn positive_lines_up_with_parentheses_at_both_ends() {
        let l = de();
        // POSIX: both forms the same length; glibc pads only the front ("      1,00 €").
        assert_eq!(fmon(&l, "[%(#5n]", 1.0), "[      1,00 € ]");
        assert_eq!(fmon(&l, "[%(#5n]", -1.0), "[(     1,00 €)]");
        assert_eq!(fmon(&l, "[%#5n]", 1.0), "[      1,00 €]");
    }

    #[test]
    fn minus_zero_is_zero() {
        assert_eq!(fmon(&de(), "%n", -0.0), "0,00 €");
    }

    #[test]
    fn international_and_flags() {
        let l = de();
        assert_eq!(fmon(&l, "%i", -1234567.891), "-1.234.567,89 EUR");
        assert_eq!(fmon(&l, "%=*#10n", -12.5), "-***********12,50 €");
        assert_eq!(fmon(&l, "%^!n", 1234.5), "1234,50");
        assert_eq!(fmon(&l, "%-14n|", 5.5), "5,50 €      |");
        assert_eq!(fmon(&l, "%.0n", 2.5), "2 €");
    }

    #[test]
    fn e2big_when_the_amount_does_not_fit() {
        let l = de();
        let mut out = [0u8; 8];
        let r = crate::strfmon::format(&mut out, b"%n", &mut ArgList::new(&[Arg::F64(1234.0)]), &l);
        assert_eq!(r, Err(E2BIG));
        let r = crate::strfmon::format(&mut out, b"%n", &mut ArgList::new(&[Arg::F64(1.0)]), &l);
        // "1,00 €" is 8 bytes: with the NUL, one more than the buffer.
        assert_eq!(r, Err(E2BIG));
        let mut out = [0u8; 9];
        let r = crate::strfmon::format(&mut out, b"%n", &mut ArgList::new(&[Arg::F64(1.0)]), &l);
        assert_eq!(r, Ok(8));
    }
}
