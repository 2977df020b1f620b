//! A pattern read one token at a time, as musl reads it:
//! - `*` and `?`;
//! - a bracket expression, from `[` to the first `]` that closes it: a `]` right after the
//!   `[` (or after `[!`, `[^`) belongs to the list, and so does every `[:name:]`, `[.x.]`
//!   and `[=x=]` (the one `]` after `:`, `.` or `=` that ends each). A `[` that nothing
//!   closes is an ordinary character;
//! - a backslash and the character after it, that character (unless `FNM_NOESCAPE`); a
//!   backslash that ends the pattern is itself;
//! - any other character, decoded in the locale; bytes that are no character are a token
//!   no string matches.

use super::text;

/// One token of a pattern.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Token {
    /// The pattern is over.
    End,
    /// `*`.
    Star,
    /// `?`.
    Any,
    /// A bracket expression; its bytes, `[` to `]`, are the token's.
    Bracket,
    /// A character that must be there.
    Char(i32),
    /// Bytes that are no character in the locale: nothing matches them.
    Unmatchable,
}

const STAR: u8 = b'*';
const ANY: u8 = b'?';
const OPEN: u8 = b'[';
const CLOSE: u8 = b']';
const ESCAPE: u8 = b'\\';
/// What may follow `[` just inside a bracket expression to start a class (`:`), a
/// collating symbol (`.`) or an equivalence class (`=`).
const CLASS_MARKS: [u8; 3] = [b':', b'.', b'='];
/// What may follow `[` to negate the list.
const NEGATE: [u8; 2] = [b'!', b'^'];

/// The token at the start of `p` and its length in bytes (0 for [`Token::End`]).
#[inline(always)]
pub(crate) fn next(p: &[u8], noescape: bool) -> (Token, usize) {
    let Some(&b) = p.first() else { return (Token::End, 0) };
    match b {
        STAR => (Token::Star, 1),
        ANY => (Token::Any, 1),
        OPEN => match bracket_len(p) {
            Some(len) => (Token::Bracket, len),
            None => (Token::Char(OPEN as i32), 1),
        },
        ESCAPE if !noescape && p.len() > 1 => {
            let (t, len) = char_at(&p[1..]);
            (t, len + 1)
        }
        _ => char_at(p),
    }
}

/// The character at the start of the non-empty `p`.
#[inline(always)]
fn char_at(p: &[u8]) -> (Token, usize) {
    let (c, len) = text::next(p);
    if c == text::INVALID { (Token::Unmatchable, len) } else { (Token::Char(c), len) }
}

/// The length of the bracket expression that starts `p` (at its `[`), or `None` when no
/// `]` closes it.
#[inline(never)]
fn bracket_len(p: &[u8]) -> Option<usize> {
    let mut k = 1;
    if p.get(k).is_some_and(|c| NEGATE.contains(c)) {
        k += 1;
    }
    if p.get(k) == Some(&CLOSE) {
        k += 1;
    }
    while k < p.len() && p[k] != CLOSE {
        if p[k] == OPEN && p.get(k + 1).is_some_and(|c| CLASS_MARKS.contains(c)) {
            let mark = p[k + 1];
            // The name's first byte is skipped unseen, so `[:]` cannot end itself.
            k = (k + 3).min(p.len());
            while k < p.len() && !(p[k - 1] == mark && p[k] == CLOSE) {
                k += 1;
            }
            if k == p.len() {
                return None;
            }
        }
        k += 1;
    }
    (k < p.len()).then_some(k + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tok(p: &[u8]) -> (Token, usize) {
        next(p, false)
    }

    #[test]
    fn brackets() {
        assert_eq!(tok(b"[abc]d"), (Token::Bracket, 5));
        assert_eq!(tok(b"[]]"), (Token::Bracket, 3));
        assert_eq!(tok(b"[!]]x"), (Token::Bracket, 4));
        assert_eq!(tok(b"[^]"), (Token::Char(b'[' as i32), 1));
        assert_eq!(tok(b"[]"), (Token::Char(b'[' as i32), 1));
        assert_eq!(tok(b"[[:alpha:]]"), (Token::Bracket, 11));
        assert_eq!(tok(b"[[:]:]]"), (Token::Bracket, 7));
        assert_eq!(tok(b"[[:]:]"), (Token::Char(b'[' as i32), 1));
        assert_eq!(tok(b"[[:alpha]"), (Token::Char(b'[' as i32), 1));
        assert_eq!(tok(b"[[]"), (Token::Bracket, 3));
        assert_eq!(tok(b"[\\]]"), (Token::Bracket, 3));
    }

    #[test]
    fn escapes() {
        assert_eq!(tok(b"\\*"), (Token::Char(b'*' as i32), 2));
        assert_eq!(tok(b"\\"), (Token::Char(b'\\' as i32), 1));
        assert_eq!(next(b"\\*", true), (Token::Char(b'\\' as i32), 1));
        assert_eq!(tok(b""), (Token::End, 0));
    }
}
