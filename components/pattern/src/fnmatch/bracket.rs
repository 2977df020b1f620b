//! Whether a character is in a bracket expression, by musl's reading of the list:
//! - `!` or `^` first negates it; then a `]` or `-` first is an ordinary member;
//! - `a-z` is a range of characters by value. Its end is then read again as a single
//!   member, so `[c-a]` holds `a` and in `[a-c-e]` the second range starts at `c`. A
//!   range's start is the last single member before its `-`, or when there is none the
//!   byte before the list (`[`, `!` or `^`: `[[:digit:]-z]` ranges from `[`); its end is
//!   the character after the `-`, whatever it is (`[a-[:x:]]` ends at `[`);
//! - `[:name:]` is a `wctype` class (`alpha`, `digit`, ...); an unknown name, and every
//!   collating symbol `[.x.]` and equivalence class `[=x=]`, has no members;
//! - a backslash is an ordinary member (escapes end at the `[`);
//! - the list ends at the first `]` after its first member that no class holds. A byte
//!   that begins no character in the locale makes the whole expression match nothing,
//!   negated or not, once the scan reaches it.
//!
//! With `FNM_CASEFOLD` the character is tested in both cases (`c` and its [`fold`]).
//!
//! Where limpet differs: after a range whose end is a multibyte character, musl reads on
//! from that character's second byte, which begins no character, so the expression fails
//! there: `[à-ïb]` does not match `b` and `[!à-ï]` matches nothing outside the range.
//! limpet reads the end character again whole, as it does a single-byte one.
//!
//! [`fold`]: super::text::fold
use core::ffi::c_char;

use limpet_ctype::wide::{iswctype, wctype};

use super::text;

const CLOSE: u8 = b']';
const OPEN: u8 = b'[';
const RANGE: u8 = b'-';
const CLASS: u8 = b':';
/// The marks of the two forms musl gives no members: collating symbols and equivalence
/// classes.
const NO_MEMBERS: [u8; 2] = [b'.', b'='];
const NEGATE: [u8; 2] = [b'!', b'^'];
/// A class name must be shorter than this (musl's buffer).
const CLASS_NAME_MAX: usize = 16;

/// Whether `c` (or `folded`, its other case) is in the bracket expression `b` (`[` to `]`,
/// as the tokenizer cut it).
pub(crate) fn matches(b: &[u8], c: i32, folded: i32) -> bool {
    let at = |i: usize| b.get(i).copied().unwrap_or(CLOSE);
    let mut i = 1;
    let negated = NEGATE.contains(&at(i));
    if negated {
        i += 1;
    }
    if at(i) == CLOSE || at(i) == RANGE {
        if c == at(i) as i32 {
            return !negated;
        }
        i += 1;
    }
    let mut start = b[i - 1] as i32;
    loop {
        let x = at(i);
        if x == CLOSE {
            return negated;
        }
        if x == RANGE && at(i + 1) != CLOSE {
            let Some((end, _)) = member(&b[i + 1..]) else { return false };
            let range = start..=end;
            if range.contains(&c) || range.contains(&folded) {
                return !negated;
            }
            // On to the end, read again as a member.
            i += 1;
            continue;
        }
        if x == OPEN && (at(i + 1) == CLASS || NO_MEMBERS.contains(&at(i + 1))) {
            let mark = at(i + 1);
            let name = i + 2;
            // The name's end: the first `mark ]` after its first byte.
            let mut j = i + 3;
            while j < b.len() && !(b[j - 1] == mark && b[j] == CLOSE) {
                j += 1;
            }
            if j >= b.len() {
                return negated;
            }
            if mark == CLASS && in_class(&b[name..j - 1], c, folded) {
                return !negated;
            }
            i = j + 1;
            continue;
        }
        let Some((m, len)) = member(&b[i..]) else { return false };
        start = m;
        if m == c || m == folded {
            return !negated;
        }
        i += len;
    }
}

/// The character at the start of `b` (non-empty) and its length, or `None` when no valid
/// character starts there.
fn member(b: &[u8]) -> Option<(i32, usize)> {
    let (m, len) = text::next(b);
    (m != text::INVALID).then_some((m, len))
}

/// Whether `c` or `folded` is in the class `name` (none when the name is unknown or too
/// long).
fn in_class(name: &[u8], c: i32, folded: i32) -> bool {
    if name.len() >= CLASS_NAME_MAX || c == text::INVALID {
        return false;
    }
    let mut buf = [0u8; CLASS_NAME_MAX];
    buf[..name.len()].copy_from_slice(name);
    // SAFETY: `buf` holds the name and at least one NUL after it.
    let class = unsafe { wctype(buf.as_ptr().cast::<c_char>()) };
    iswctype(c as u32, class) != 0 || iswctype(folded as u32, class) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(b: &str, c: char) -> bool {
        matches(b.as_bytes(), c as i32, c as i32)
    }

    #[test]
    fn members_and_ranges() {
        assert!(m("[abc]", 'b'));
        assert!(!m("[abc]", 'd'));
        assert!(m("[!abc]", 'd'));
        assert!(m("[^abc]", 'd'));
        assert!(!m("[!abc]", 'a'));
        assert!(m("[a-c]", 'b'));
        assert!(!m("[c-a]", 'b'));
        assert!(m("[]]", ']'));
        assert!(m("[!]]", 'x'));
        assert!(m("[-]", '-'));
        assert!(m("[a-]", '-'));
        assert!(m("[\\]", '\\'));
    }

    #[test]
    fn musl_quirks() {
        // A range's end is read again as a member, and starts the next range.
        assert!(m("[a-c-e]", 'd'));
        assert!(m("[c-a]", 'a'));
        assert!(m("[c-a-b]", 'b'));
        assert!(!m("[c-a]", 'b'));
        // A class before a range leaves the byte before the list as its start.
        assert!(m("[[:digit:]-z]", '['));
        // A range may end at a `[` that would have begun a class.
        assert!(m("[a-[:alpha:]]", 'l'));
        assert!(m("[a-[:alpha:]]", 'b'));
        assert!(!m("[a-[:alpha:]]", ']'));
        // Collating symbols and equivalence classes have no members.
        assert!(!m("[[.a.]]", 'a'));
        assert!(!m("[[=a=]]", 'a'));
        assert!(m("[![=a=]]", 'a'));
    }

    #[test]
    fn classes() {
        assert!(m("[[:alpha:]]", 'q'));
        assert!(!m("[[:alpha:]]", '1'));
        assert!(m("[[:digit:][:space:]]", ' '));
        assert!(!m("[[:nosuchclass:]]", 'a'));
        assert!(!m("[[:alphaalphaalphaalpha:]]", 'a'));
        assert!(m("[![:upper:]]", 'a'));
        assert!(matches(b"[[:upper:]]", 'a' as i32, 'A' as i32));
        assert!(!matches(b"[[:alpha:]]", text::INVALID, text::INVALID));
        assert!(matches(b"[![:alpha:]]", text::INVALID, text::INVALID));
    }
}
