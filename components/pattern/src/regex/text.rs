//! The subject's characters, in the calling thread's locale (ASCII here, the rest through
//! `mbrtowc`, as fnmatch reads them), and the assertions about the place between two of
//! them.
use limpet_ctype::wide::iswalnum;

use super::ast::Assert;
use super::{NEWLINE, REG_NOTBOL, REG_NOTEOL};
use crate::fnmatch::text::decode;

const NON_ASCII: u8 = 0x80;

/// The character at `s[i]` and its length (`i < s.len()`); `None` when no character
/// starts there (possible only in a UTF-8 locale).
#[inline(always)]
pub(crate) fn char_at(s: &[u8], i: usize) -> Option<(u32, usize)> {
    let b = s[i];
    if b < NON_ASCII {
        return Some((b as u32, 1));
    }
    decode(&s[i..]).map(|(c, n)| (c as u32, n))
}

/// Whether every byte of `s` belongs to a character (`regexec` finds nothing in a subject
/// that holds a byte sequence the locale does not decode).
pub(crate) fn valid(s: &[u8]) -> bool {
    let mut i = 0;
    while i < s.len() {
        if s[i] < NON_ASCII {
            i += 1;
            continue;
        }
        match char_at(s, i) {
            Some((_, n)) => i += n,
            None => return false,
        }
    }
    true
}

/// A word character for `\<`, `\>`, `\b`, `\B`: alphanumeric or `_`.
#[inline(always)]
pub(crate) fn is_word(c: Option<u32>) -> bool {
    match c {
        Some(c) if c < NON_ASCII as u32 => (c as u8).is_ascii_alphanumeric() || c == b'_' as u32,
        Some(c) => iswalnum(c) != 0,
        None => false,
    }
}

/// Whether assertion `a` holds between `prev` and `next` (`None`: the subject's start or
/// end), under the `regcomp` flag `REG_NEWLINE` (`newline`) and the `regexec` flags.
#[inline]
pub(crate) fn holds(a: Assert, prev: Option<u32>, next: Option<u32>, newline: bool, eflags: i32) -> bool {
    match a {
        Assert::LineStart => match prev {
            None => eflags & REG_NOTBOL == 0,
            Some(c) => newline && c == NEWLINE,
        },
        Assert::LineEnd => match next {
            None => eflags & REG_NOTEOL == 0,
            Some(c) => newline && c == NEWLINE,
        },
        Assert::WordStart => !is_word(prev) && is_word(next),
        Assert::WordEnd => is_word(prev) && !is_word(next),
        Assert::Boundary => prev.is_none() || next.is_none() || is_word(prev) != is_word(next),
        Assert::NotBoundary => prev.is_some() && next.is_some() && is_word(prev) == is_word(next),
    }
}
