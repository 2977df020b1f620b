//! `strfmon` and `strfmon_l` (`<monetary.h>`): money amounts.
//!
//! In a locale whose `LC_MONETARY` is the C locale's (no currency symbol, `frac_digits`
//! `CHAR_MAX`), amounts are formatted as musl formats them: musl's model of that locale is
//! printf's, so each conversion (`%n`, `%i`, or any other letter) prints the next `double` as
//! `%*.*f`, with the right precision `.p` (2 when absent) and the width `#l + 1 + p` from
//! the left precision, or the field width when that is larger. The flags `=f ^ ( + !` are read
//! and change nothing; `%%` is a `%`. The number is this crate's printf core, so it is
//! printf's to the digit.
//!
//! In a locale with monetary conventions (`money.rs`), POSIX's rules apply: the currency
//! symbol, sign strings and their positions (`cs_precedes`, `sep_by_space`, `sign_posn`, and
//! the `int_` forms for `%i`), `mon_decimal_point`, grouping by `mon_thousands_sep` and
//! `mon_grouping` (the `^` flag turns it off), the default right precision `frac_digits`,
//! the `(`, `+`, `!`, `=f` and `-` flags.
//!
//! Where limpet keeps POSIX and musl 1.2.3 does not:
//! - the result is always NUL-terminated, and literal text that leaves no room for the NUL
//!   fails with E2BIG (musl stores what fits, unterminated, and returns its length);
//! - `-` left-justifies the conversion in its field width (musl drops the width);
//! - a specification cut off by the end of the format ends the output (musl reads on).
use core::ffi::{c_char, c_void};

use limpet_locale::abi::Lconv;
use limpet_syscall::errno::E2BIG;
use limpet_va::{VaArgs, VaList};

use crate::money::{Money, Spec};
use crate::printf::numeric::Numeric;
use crate::printf::{ArgSource, fixed};
use crate::vsnprintf::BufSink;

/// The right precision when none is given.
const DEFAULT_RIGHT_PREC: usize = 2;

/// Reads a decimal number at `f[*i..]`, saturating; 0 when there are no digits.
fn number(f: &[u8], i: &mut usize) -> usize {
    let mut v: usize = 0;
    while let Some(d @ b'0'..=b'9') = f.get(*i) {
        v = v.saturating_mul(10).saturating_add((d - b'0') as usize);
        *i += 1;
    }
    v
}

/// The strfmon loop over `fmt` (without its NUL) into `out`, with the monetary conventions
/// `lc`: the length of the result before its NUL, or E2BIG when the result and the NUL do
/// not fit.
pub fn format<A: ArgSource + ?Sized>(out: &mut [u8], fmt: &[u8], args: &mut A, lc: &Lconv) -> Result<usize, i32> {
    let money = Money::of(lc);
    let n = out.len();
    // Room for the terminating NUL is kept from the start.
    if n == 0 {
        return Err(E2BIG);
    }
    let at = |i: usize| fmt.get(i).copied().unwrap_or(0);
    let mut l = 0;
    let mut i = 0;
    'fmt: while i < fmt.len() {
        let c = fmt[i];
        if c != b'%' || at(i + 1) == b'%' {
            if l + 1 == n {
                return Err(E2BIG);
            }
            out[l] = c;
            l += 1;
            i += if c == b'%' { 2 } else { 1 };
            continue;
        }
        i += 1;
        let mut spec = Spec::default();
        loop {
            match at(i) {
                // The fill character pads only digit positions in a locale with grouping.
                b'=' if at(i + 1) == 0 => break 'fmt,
                b'=' => {
                    spec.fill = at(i + 1);
                    i += 2;
                }
                b'^' => {
                    spec.no_grouping = true;
                    i += 1;
                }
                b'(' => {
                    spec.parens = true;
                    i += 1;
                }
                b'+' => {
                    spec.parens = false;
                    i += 1;
                }
                b'!' => {
                    spec.no_symbol = true;
                    i += 1;
                }
                b'-' => {
                    spec.left = true;
                    i += 1;
                }
                _ => break,
            }
        }
        let field = number(fmt, &mut i);
        let mut left_prec = 0;
        if at(i) == b'#' {
            i += 1;
            left_prec = number(fmt, &mut i);
            spec.left_prec = Some(left_prec);
        }
        let mut right_prec = DEFAULT_RIGHT_PREC;
        if at(i) == b'.' {
            i += 1;
            right_prec = number(fmt, &mut i);
            spec.right_prec = Some(right_prec);
        }
        if at(i) == 0 {
            break;
        }
        spec.international = at(i) == b'i';
        spec.width = field;
        i += 1;
        let x = args.next_f64();
        if let Some(m) = &money {
            l += m.convert(&mut out[l..n - 1], x, &spec)?;
            continue;
        }
        let left = spec.left;
        let mut width = left_prec.saturating_add(1).saturating_add(right_prec);
        if !left {
            width = width.max(field);
        }
        let room = n - 1 - l;
        // The field cannot fit (the width counts the right precision's digits): fail before
        // making them.
        if width.max(field) > room {
            return Err(E2BIG);
        }
        // SAFETY: `out[l..]` has `room` + 1 bytes.
        let mut sink = BufSink { next: unsafe { out.as_mut_ptr().add(l) }, room };
        let k = fixed(&mut sink, x, width, right_prec, &Numeric::C).map_err(|_| E2BIG)?;
        if k > room {
            return Err(E2BIG);
        }
        l += k;
        if left {
            let pad = field.saturating_sub(k);
            out[l..l + pad].fill(b' ');
            l += pad;
        }
    }
    out[l] = 0;
    Ok(l)
}

/// `vstrfmon_l(s, max, loc, fmt, ap)`: the strfmon core over a C `va_list`, which
/// [`strfmon`] and [`strfmon_l`] call (C has no `vstrfmon`); a null `loc` stands for the
/// calling thread's locale.
///
/// # Safety
/// As for [`strfmon_l`].
unsafe extern "C" fn vstrfmon_l(s: *mut c_char, max: usize, loc: *mut c_void, fmt: *const c_char, ap: VaList) -> isize {
    // SAFETY: the caller's buffer holds `max` bytes (a slice can describe at most
    // `isize::MAX`, more than any buffer), `fmt` is NUL-terminated, and `ap` holds doubles.
    unsafe {
        let out: &mut [u8] = if max == 0 { &mut [] } else { core::slice::from_raw_parts_mut(s.cast(), max.min(isize::MAX as usize)) };
        let fmt = core::ffi::CStr::from_ptr(fmt).to_bytes();
        let mut args = VaArgs::new(ap);
        let loc = if loc.is_null() { limpet_locale::object::current() } else { limpet_locale::object::resolve(loc.cast()) };
        match format(out, fmt, &mut args, limpet_locale::localeconv::of(loc)) {
            Ok(len) => len as isize,
            Err(e) => {
                limpet_syscall::set_errno(e);
                -1
            }
        }
    }
}

/// `vstrfmon(s, max, fmt, ap)`: [`vstrfmon_l`] in the current locale.
///
/// # Safety
/// As for [`strfmon`].
unsafe extern "C" fn vstrfmon(s: *mut c_char, max: usize, fmt: *const c_char, ap: VaList) -> isize {
    // SAFETY: forwarded contract; a null locale is the thread's.
    unsafe { vstrfmon_l(s, max, core::ptr::null_mut(), fmt, ap) }
}

limpet_va::variadic! {
    /// `strfmon(s, max, fmt, ...)`—Formats the `double` arguments as money amounts by `fmt`
    /// into `s` (module doc), at most `max` bytes with the terminating NUL. Returns the
    /// length without the NUL, or -1 with errno E2BIG when the result does not fit.
    ///
    /// # Safety
    /// `s` must be writable for `max` bytes, `fmt` NUL-terminated, and a `double` must follow
    /// for each conversion; call it as a C variadic function.
    fn strfmon(s: *mut c_char, max: usize, fmt: *const c_char) -> isize => vstrfmon
}

limpet_va::variadic! {
    /// `strfmon_l(s, max, loc, fmt, ...)`—[`strfmon`] with the `LC_MONETARY` of the locale
    /// `loc`.
    ///
    /// # Safety
    /// As for [`strfmon`]; `loc` is a live locale object or `LC_GLOBAL_LOCALE`.
    fn strfmon_l(s: *mut c_char, max: usize, loc: *mut c_void, fmt: *const c_char) -> isize => vstrfmon_l
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::printf::{Arg, ArgList};

    fn fmon(size: usize, fmt: &str, xs: &[f64]) -> Result<String, i32> {
        let args: Vec<Arg> = xs.iter().map(|&x| Arg::F64(x)).collect();
        let mut buf = vec![0x55u8; size + 1];
        let c = limpet_locale::localeconv::of(&limpet_locale::object::C_LOCALE);
        let r = format(&mut buf[..size], fmt.as_bytes(), &mut ArgList::new(&args), c);
        assert_eq!(buf[size], 0x55, "wrote past max");
        r.map(|len| {
            assert_eq!(buf[len], 0, "terminated");
            String::from_utf8(buf[..len].to_vec()).unwrap()
        })
    }

    fn ok(fmt: &str, x: f64) -> String {
        fmon(200, fmt, &[x]).unwrap()
    }

    #[test]
    fn conversions_as_musl() {
        // Measured on musl 1.2.3.
        assert_eq!(ok("%n", 123.45), "123.45");
        assert_eq!(ok("%i", -123.45), "-123.45");
        assert_eq!(ok("%n", 0.005), "0.01");
        assert_eq!(ok("%n", 0.015), "0.01");
        assert_eq!(ok("%n", -0.0), "-0.00");
        assert_eq!(ok("%n", 1e20), "100000000000000000000.00");
        assert_eq!(ok("%n", f64::INFINITY), "inf");
        assert_eq!(ok("%n", f64::NAN), "nan");
        assert_eq!(ok("%10n", 0.0), "      0.00");
        assert_eq!(ok("%#5n", -123.45), " -123.45");
        assert_eq!(ok("%=*#5.1n", 123.45), "  123.5");
        assert_eq!(ok("%=0#8n", 1.0), "       1.00");
        assert_eq!(ok("%^(+!n", -1.5), "-1.50");
        assert_eq!(ok("%.0n", 2.5), "2");
        assert_eq!(ok("%.n", 1234567.891), "1234568");
        assert_eq!(ok("%#3.0i", 0.0), "   0");
        assert_eq!(ok("%.10n", f64::NEG_INFINITY), "       -inf");
        assert_eq!(ok("%20.3n", 0.015), "               0.015");
        assert_eq!(ok("%d", 1.0), "1.00");
        assert_eq!(ok("%12%", 1.0), "        1.00");
        assert_eq!(ok("a%%b%nc", 1.0), "a%b1.00c");
        assert_eq!(fmon(50, "%n|%5.1i|%n", &[1.0, -2.25, 3.0]).unwrap(), "1.00| -2.2|3.00");
    }

    #[test]
    fn left_justifies_in_the_field() {
        assert_eq!(ok("%-10n|", 1.5), "1.50      |");
        assert_eq!(ok("%-#5n|", 1.5), "    1.50|");
        assert_eq!(ok("%-#3.0n|", 7.0), "   7|");
        assert_eq!(ok("%-12#3.0n|", 7.0), "   7        |");
        assert_eq!(ok("%-2n|", 123.0), "123.00|");
    }

    #[test]
    fn too_small_is_e2big() {
        assert_eq!(fmon(4, "%n", &[123.0]), Err(E2BIG));
        assert_eq!(fmon(7, "%n", &[123.0]), Ok("123.00".into()));
        assert_eq!(fmon(6, "%n", &[123.0]), Err(E2BIG));
        assert_eq!(fmon(4, "abcd", &[]), Err(E2BIG));
        assert_eq!(fmon(4, "abc", &[]), Ok("abc".into()));
        assert_eq!(fmon(0, "", &[]), Err(E2BIG));
        assert_eq!(fmon(1, "", &[]), Ok("".into()));
        assert_eq!(fmon(200, "%n", &[-1e300]), Err(E2BIG));
        assert_eq!(fmon(11, "%10n", &[1.0]), Ok("      1.00".into()));
        assert_eq!(fmon(10, "%10n", &[1.0]), Err(E2BIG));
        assert_eq!(fmon(10, "%-10n", &[1.0]), Err(E2BIG));
        // Huge widths and precisions fail without making the digits.
        assert_eq!(fmon(100, "%99999999999999999999999n", &[1.0]), Err(E2BIG));
        assert_eq!(fmon(100, "%.4000000000n", &[1.0]), Err(E2BIG));
        assert_eq!(fmon(100, "%#4000000000n", &[1.0]), Err(E2BIG));
        // Not a finite number: padded to the width the precision makes, as printf does.
        assert_eq!(fmon(5, "%.3n", &[f64::NAN]), Ok(" nan".into()));
        assert_eq!(fmon(100, "%.4000000000n", &[f64::NAN]), Err(E2BIG));
    }

    #[test]
    fn a_cut_specification_ends_the_output() {
        for f in ["ab%", "ab%=", "ab%5", "ab%#", "ab%.3", "ab%-"] {
            assert_eq!(fmon(20, f, &[1.0]), Ok("ab".into()), "{f}");
        }
        assert_eq!(ok("%==n", 2.0), "2.00");
        assert_eq!(ok("%=%n", 2.0), "2.00");
    }
}
