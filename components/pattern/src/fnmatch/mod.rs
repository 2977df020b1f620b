//! `fnmatch`: shell patterns (`*`, `?`, bracket expressions, backslash escapes) against a
//! string, as musl matches them.
//!
//! - `token`: the pattern's tokens; `bracket`: bracket expressions; `text`: characters in
//!   the locale, case folding; `wild`: one pattern against one string, without
//!   backtracking (its module doc gives the cost: at most the pattern's length times the
//!   string's).
//! - Here: the flags, and `FNM_PATHNAME`, under which each `/`-separated part of the
//!   pattern is matched against the same part of the string.
//!
//! Where musl misbehaves, limpet does not follow (the tests say so):
//! - in a UTF-8 locale, a string byte that begins no character is one character, which `?`,
//!   `*` and negated brackets match wherever it stands. musl ends the string there before
//!   the first star and after the last, so `fnmatch("", "\xff", 0)` and
//!   `fnmatch("a", "a\xff", 0)` match on musl, and `fnmatch("?", "\xff", 0)` does not;
//! - with `FNM_PATHNAME`, a pattern holding bytes that are no character in a UTF-8 locale
//!   matches nothing, where musl loops forever.
use core::ffi::{CStr, c_char, c_int};

pub use limpet_abi::fnmatch::{
    FNM_CASEFOLD, FNM_FILE_NAME, FNM_LEADING_DIR, FNM_NOESCAPE, FNM_NOMATCH, FNM_NOSYS, FNM_PATHNAME, FNM_PERIOD,
};

mod bracket;
pub(crate) mod text;
mod token;
mod wild;

#[cfg(test)]
mod tests;

use token::Token;
use wild::Matcher;

const SLASH: u8 = b'/';

/// `fnmatch(pattern, string, flags)`—0 when `string` matches the shell pattern `pattern`,
/// [`FNM_NOMATCH`] when it does not. The flags: [`FNM_PATHNAME`] (a `/` is matched only by
/// a `/`), [`FNM_PERIOD`] (a leading `.`, and with `FNM_PATHNAME` one after a `/`, only by
/// a `.`), [`FNM_NOESCAPE`] (backslash is ordinary), [`FNM_LEADING_DIR`] (a match of the
/// string up to a `/` is enough), [`FNM_CASEFOLD`] (either case matches). Characters are
/// read in the calling thread's locale. Never allocates; takes time at most proportional
/// to the product of the lengths. errno is left as it was.
///
/// # Safety
/// `pattern` and `string` must be NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fnmatch(pattern: *const c_char, string: *const c_char, flags: c_int) -> c_int {
    // SAFETY: the caller passes two NUL-terminated strings, read before this returns.
    let (p, s) = unsafe { (CStr::from_ptr(pattern).to_bytes(), CStr::from_ptr(string).to_bytes()) };
    if matches(p, s, flags) { 0 } else { FNM_NOMATCH }
}

/// Whether `s` matches the pattern `p` under `flags` (the `FNM_*` bits): [`fnmatch`]'s
/// answer for strings without their NULs.
pub fn matches(p: &[u8], s: &[u8], flags: c_int) -> bool {
    let m = Matcher {
        noescape: flags & FNM_NOESCAPE != 0,
        casefold: flags & FNM_CASEFOLD != 0,
        period: flags & FNM_PERIOD != 0,
    };
    let leading_dir = flags & FNM_LEADING_DIR != 0;
    if flags & FNM_PATHNAME == 0 {
        return m.component(p, s, leading_dir);
    }
    let (mut p, mut s) = (p, s);
    loop {
        let s_end = s.iter().position(|&b| b == SLASH).unwrap_or(s.len());
        let Some((p_end, slash)) = part_end(p, m.noescape) else { return false };
        match (slash, s_end < s.len()) {
            (Some(_), false) => return false,
            (None, true) if !leading_dir => return false,
            _ => {}
        }
        if !m.component(&p[..p_end], &s[..s_end], false) {
            return false;
        }
        let Some(slash_len) = slash else { return true };
        p = &p[p_end + slash_len..];
        s = &s[s_end + 1..];
    }
}

/// Where the first part of a pattern ends: at its first `/` token (an escaped `\/` too,
/// not one in a bracket expression), with that token's length, or at its end. `None` when
/// the pattern holds bytes no string matches.
fn part_end(p: &[u8], noescape: bool) -> Option<(usize, Option<usize>)> {
    let mut i = 0;
    loop {
        match token::next(&p[i..], noescape) {
            (Token::End, _) => return Some((i, None)),
            (Token::Char(c), len) if c == SLASH as i32 => return Some((i, Some(len))),
            (Token::Unmatchable, _) => return None,
            (_, len) => i += len,
        }
    }
}
