//! The characters of patterns and strings, decoded in the calling thread's locale through
//! `mbrtowc`: in a UTF-8 locale a valid sequence is one character; in the C locale each
//! byte is one (0x80..0xFF as 0xDF80..0xDFFF, as limpet-locale and musl have it). ASCII,
//! the same in every locale, is decoded here without a call.
//!
//! A string may hold bytes that are no character (in a UTF-8 locale): each is read as one
//! character of its own, [`INVALID`], which only `?`, `*` and a negated bracket expression
//! match. A pattern's invalid bytes are the token module's business: no string matches them.
use limpet_abi::limits::MB_LEN_MAX;
use limpet_abi::wchar::{MbState, wchar_t};
use limpet_ctype::wide::{towlower, towupper};
use limpet_syscall::{errno, set_errno};

use crate::imports::mbrtowc;

/// The value of a string byte that begins no valid character: below every character, so no
/// single character or range of a pattern is ever equal to it.
pub(crate) const INVALID: i32 = -1;

/// The first byte that is not ASCII.
const NON_ASCII: u8 = 0x80;

/// The character at the start of the non-empty `s` and its length in bytes; [`INVALID`] and
/// 1 when no valid character starts there.
#[inline(always)]
pub(crate) fn next(s: &[u8]) -> (i32, usize) {
    let b = s[0];
    if b < NON_ASCII {
        return (b as i32, 1);
    }
    decode(s).unwrap_or((INVALID, 1))
}

/// The start of the character that ends at `end` (`0 < end <= s.len()`): the boundary that
/// reading forward from any earlier boundary finds. A multibyte character is found from its
/// lead byte, which no other character's bytes can be, so reading forward must stop there
/// too; a byte that ends no valid character is one [`INVALID`] character.
#[inline(always)]
pub(crate) fn prev(s: &[u8], end: usize) -> usize {
    if s[end - 1] < NON_ASCII { end - 1 } else { prev_multibyte(s, end) }
}

/// [`prev`] past ASCII.
#[inline(never)]
fn prev_multibyte(s: &[u8], end: usize) -> usize {
    for len in 1..=MB_LEN_MAX.min(end) {
        if decode(&s[end - len..end]).is_some_and(|(_, n)| n == len) {
            return end - len;
        }
    }
    end - 1
}

/// `mbrtowc` over `s` from the initial state: the character and its length, or `None` for
/// an invalid or incomplete sequence. errno is left as it was: a string that holds no
/// character there is not an error of `fnmatch`'s.
#[inline(never)]
pub(crate) fn decode(s: &[u8]) -> Option<(i32, usize)> {
    let saved = errno();
    let mut st = MbState::new();
    let mut wc: wchar_t = 0;
    // SAFETY: `s` is readable for its length, `wc` and `st` are ours.
    let r = unsafe { mbrtowc(&mut wc, s.as_ptr().cast(), s.len(), &mut st) };
    if r == 0 || r > s.len() {
        // (size_t)-1 or -2, or a NUL, which no slice here holds.
        set_errno(saved);
        return None;
    }
    Some((wc as i32, r))
}

/// `c` in the other case, for `FNM_CASEFOLD`: its upper case, or its lower case when it is
/// its own upper case. [`INVALID`] stays itself.
pub(crate) fn fold(c: i32) -> i32 {
    if c < 0 {
        return c;
    }
    let up = towupper(c as u32) as i32;
    if up != c { up } else { towlower(c as u32) as i32 }
}
