//! The locale's numeric conventions as the conversions use them: the radix character of
//! `%f %e %g %a`, and the thousands' grouping the `'` flag asks for (`%'d %'i %'u %'f %'g`,
//! and strfmon's amounts with the monetary conventions).
//!
//! A grouping string (`localeconv`'s `grouping`, `mon_grouping`) lists group sizes from the
//! right: each byte one group's digits; after the last byte the last size repeats; a
//! `CHAR_MAX` (or any size outside 1..`CHAR_MAX`) ends the grouping, leaving the digits to
//! its left in one group. The C locale's is empty: no grouping.
use core::ffi::{CStr, c_char};

use super::Sink;
use super::format::Out;

/// Group sizes read from a grouping string; real locales have one to three.
const MAX_RULES: usize = 8;

/// Where the separators of an integer part go: the separator and the grouping string.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Grouping<'a> {
    /// The separator (`thousands_sep`).
    sep: &'a [u8],
    /// The grouping string, without its NUL.
    rules: &'a [u8],
}

/// The first separators' places and the size that repeats after them (see [`Grouping::cuts`]).
struct Cuts {
    /// The positions of the first separators, as digits to their right, increasing.
    at: [usize; MAX_RULES],
    n: usize,
    /// The size that repeats past the last of `at`; 0 when the grouping ends there.
    repeat: usize,
}

impl<'a> Grouping<'a> {
    /// The grouping of `sep` and `rules` (a grouping string without its NUL); None when it
    /// groups nothing (either is empty), as in the C locale.
    pub(crate) fn new(sep: &'a [u8], rules: &'a [u8]) -> Option<Self> {
        if sep.is_empty() || rules.is_empty() { None } else { Some(Grouping { sep, rules }) }
    }

    /// Reads the grouping string (only its first [`MAX_RULES`] sizes; the last of them
    /// repeats).
    fn read(&self) -> Cuts {
        let mut c = Cuts { at: [0; MAX_RULES], n: 0, repeat: 0 };
        let mut at = 0;
        for &r in self.rules.iter().take(MAX_RULES) {
            if !(1..c_char::MAX as u8).contains(&r) {
                c.repeat = 0;
                return c;
            }
            at += r as usize;
            c.at[c.n] = at;
            c.n += 1;
            c.repeat = r as usize;
        }
        c
    }

    /// The grouping of the C strings `sep` and `rules` (from a `struct lconv`).
    ///
    /// # Safety
    /// Both point to NUL-terminated strings that outlive `'a`.
    pub(crate) unsafe fn from_c(sep: *const c_char, rules: *const c_char) -> Option<Grouping<'a>> {
        // SAFETY: by the caller's contract.
        let (sep, rules) = unsafe { (CStr::from_ptr(sep).to_bytes(), CStr::from_ptr(rules).to_bytes()) };
        Grouping::new(sep, rules)
    }

    /// The separators, in order from the left, of an integer part of `n` digits: each as the
    /// count of digits to its right.
    fn cuts(&self, n: usize) -> impl Iterator<Item = usize> {
        let c = self.read();
        let last = if c.n == 0 { 0 } else { c.at[c.n - 1] };
        let repeated = if c.repeat == 0 || n <= last + 1 { 0 } else { (n - 1 - last) / c.repeat };
        let repeat = c.repeat;
        let explicit = (0..c.n).rev().map(move |k| c.at[k]).filter(move |&p| p < n);
        (1..=repeated).rev().map(move |k| last + k * repeat).chain(explicit)
    }

    /// The separators in an integer part of `n` digits.
    pub(crate) fn separators(&self, n: usize) -> usize {
        self.cuts(n).count()
    }

    /// The bytes the separators add to an integer part of `n` digits.
    pub(crate) fn extra(&self, n: usize) -> usize {
        self.separators(n) * self.sep.len()
    }

    /// Writes an integer part of `n` digits with its separators: `digits(out, hi, lo)` writes
    /// the digits that have `hi - 1` down to `lo` digits to their right.
    pub(crate) fn write<S: Sink + ?Sized>(&self, out: &mut Out<'_, S>, n: usize, mut digits: impl FnMut(&mut Out<'_, S>, usize, usize)) {
        let mut hi = n;
        for c in self.cuts(n) {
            digits(out, hi, c);
            out.put(self.sep);
            hi = c;
        }
        digits(out, hi, 0);
    }
}

/// The conventions one conversion formats with.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Numeric<'a> {
    /// The radix character (never empty).
    pub(crate) radix: &'a [u8],
    /// The grouping of the integer part, when the `'` flag asks for it and the locale has one.
    pub(crate) grouping: Option<Grouping<'a>>,
}

impl Numeric<'static> {
    /// The C locale's: `.`, no grouping.
    pub(crate) const C: Numeric<'static> = Numeric { radix: b".", grouping: None };

    /// The calling thread's locale's `LC_NUMERIC`; with its grouping when `group` (the `'`
    /// flag).
    pub(crate) fn current(group: bool) -> Self {
        #[cfg(test)]
        if let Some((radix, sep, rules)) = tests::CONVENTIONS.get() {
            return Numeric { radix, grouping: if group { Grouping::new(sep, rules) } else { None } };
        }
        if !limpet_locale::map::any_compiled() {
            return Numeric::C;
        }
        let loc = limpet_locale::object::current();
        let radix = limpet_locale::localeconv::radix(loc);
        let grouping = if group {
            let l = limpet_locale::localeconv::of(loc);
            // SAFETY: a `struct lconv`'s strings are static and NUL-terminated.
            unsafe { Grouping::from_c(l.thousands_sep, l.grouping) }
        } else {
            None
        };
        Numeric { radix, grouping }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::cell::Cell;

    /// Radix character, thousands' separator and grouping: another locale's `LC_NUMERIC`,
    /// which [`Numeric::current`] takes instead of limpet's in this thread (the tests that
    /// compare printf with glibc's in glibc's locales set it).
    pub(crate) type Conventions = (&'static [u8], &'static [u8], &'static [u8]);

    thread_local! {
        pub(crate) static CONVENTIONS: Cell<Option<Conventions>> = const { Cell::new(None) };
    }

    /// `digits` (the integer part) grouped by `sep` and `rules`.
    fn grouped(digits: &str, sep: &str, rules: &[u8]) -> String {
        struct V(Vec<u8>);
        impl Sink for V {
            fn write(&mut self, b: &[u8]) {
                self.0.extend_from_slice(b);
            }
        }
        let mut v = V(Vec::new());
        let d = digits.as_bytes();
        let n = d.len();
        match Grouping::new(sep.as_bytes(), rules) {
            None => return digits.to_owned(),
            Some(g) => {
                let mut out = Out::new(&mut v);
                g.write(&mut out, n, |o, hi, lo| o.put(&d[n - hi..n - lo]));
                assert_eq!(n + g.extra(n), v.0.len(), "{digits} {rules:?}");
            }
        }
        String::from_utf8(v.0).unwrap()
    }

    #[test]
    fn groups_as_the_c_standard_describes() {
        assert_eq!(grouped("1234567", ".", &[3]), "1.234.567");
        assert_eq!(grouped("1234567", ".", &[3, 3]), "1.234.567");
        assert_eq!(grouped("123456", ".", &[3]), "123.456");
        assert_eq!(grouped("123", ".", &[3]), "123");
        assert_eq!(grouped("1", ".", &[3]), "1");
        // India's lakh and crore: the first group 3, then 2s.
        assert_eq!(grouped("123456789", ",", &[3, 2]), "12,34,56,789");
        // CHAR_MAX ends the grouping.
        assert_eq!(grouped("123456789", ",", &[3, 127]), "123456,789");
        assert_eq!(grouped("123456789", ",", &[127]), "123456789");
        assert_eq!(grouped("1234567", "\u{202f}", &[3]), "1\u{202f}234\u{202f}567");
        assert_eq!(grouped("1234567", "", &[3]), "1234567");
        assert_eq!(grouped("1234567", ".", &[]), "1234567");
        assert_eq!(grouped("123456789012", "'", &[1, 2, 3]), "123'456'789'01'2");
    }
}
