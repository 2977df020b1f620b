//! One pattern against one string, without backtracking.
//!
//! A pattern with stars is `H*S1*S2*...*Sn*T`: a head, segments, a tail, each a run of
//! tokens that match one character apiece. It matches a string exactly when the head
//! matches the string's start, the tail its end, and the segments, in order, fit between
//! them without overlapping. Each segment is best placed as early as it fits: an earlier
//! place leaves every later segment at least the room a later one would. So the matcher
//! checks the head and tail, then places each segment at the first position where it
//! matches, and never revisits a choice.
//!
//! Cost: the head and tail are read once; finding a segment tries each start position
//! once, each try at most the segment's length, so the whole is at most the pattern's
//! length times the string's (and linear when segments fail at their first token, as
//! `*a*a*a*b` against `aaaa...` does at its tail). A segment that would run past the room
//! left fails at once, since every later start has less room still.
//!
//! With `FNM_LEADING_DIR` (outside `FNM_PATHNAME`) the string may end early, at any `/`.
//! The segments' first places do not depend on where it ends (a place that fits in a
//! shorter string is the same place), so they are found once, over the whole string, and
//! each end is then a tail check.
use super::token::{self, Token};
use super::{bracket, text};

const SLASH: u8 = b'/';
const PERIOD: u8 = b'.';

/// The flags one component is matched under.
#[derive(Clone, Copy)]
pub(crate) struct Matcher {
    pub(crate) noescape: bool,
    pub(crate) casefold: bool,
    /// A leading `.` of the string must be matched by a `.` that begins the pattern.
    pub(crate) period: bool,
}

/// How a run of single-character tokens met a string.
enum Run {
    /// Every token matched; the bytes they took.
    Matched(usize),
    /// A token did not match.
    Differs,
    /// The string ended first.
    Short,
}

impl Matcher {
    /// Whether `pat` matches `s`; with `leading_dir`, whether it matches `s` or a part of
    /// it that a `/` of `s` follows.
    pub(crate) fn component(&self, pat: &[u8], s: &[u8], leading_dir: bool) -> bool {
        if self.period && s.first() == Some(&PERIOD) && pat.first() != Some(&PERIOD) {
            return false;
        }
        // The head, up to the first star.
        let (mut p, mut i) = (0, 0);
        loop {
            let (t, len) = token::next(&pat[p..], self.noescape);
            match t {
                Token::Unmatchable => return false,
                Token::End => return i == s.len() || (leading_dir && s[i] == SLASH),
                Token::Star => {
                    p += len;
                    break;
                }
                _ => {
                    if i == s.len() {
                        return false;
                    }
                    let (c, n) = text::next(&s[i..]);
                    if !self.one(t, &pat[p..p + len], c) {
                        return false;
                    }
                    (p, i) = (p + len, i + n);
                }
            }
        }
        let rest = &pat[p..];
        let Some((last_star, tail_len)) = self.last_star(rest) else { return false };
        let (middle, tail) = rest.split_at(last_star);
        if !leading_dir {
            let Some(t) = self.tail_at(tail, tail_len, s, s.len(), i) else { return false };
            return self.place(middle, &s[..t], i).is_some();
        }
        let Some(e) = self.place(middle, s, i) else { return false };
        (e..=s.len()).filter(|&end| end == s.len() || s[end] == SLASH).any(|end| self.tail_at(tail, tail_len, s, end, e).is_some())
    }

    /// Where the tail begins in `rest` (just after its last star, 0 when it has none) and
    /// how many characters it takes; `None` when `rest` holds bytes nothing matches.
    fn last_star(&self, rest: &[u8]) -> Option<(usize, usize)> {
        let (mut q, mut last, mut count) = (0, 0, 0);
        loop {
            let (t, len) = token::next(&rest[q..], self.noescape);
            match t {
                Token::End => return Some((last, count)),
                Token::Unmatchable => return None,
                Token::Star => (last, count) = (q + len, 0),
                _ => count += 1,
            }
            q += len;
        }
    }

    /// Where `tail` (`count` tokens) begins when it matches `s` up to `end`, no earlier
    /// than `floor`.
    fn tail_at(&self, tail: &[u8], count: usize, s: &[u8], end: usize, floor: usize) -> Option<usize> {
        let mut t = end;
        for _ in 0..count {
            if t <= floor {
                return None;
            }
            t = text::prev(s, t);
        }
        if t < floor {
            return None;
        }
        match self.run(tail, &s[t..end]) {
            Run::Matched(n) if n == end - t => Some(t),
            _ => None,
        }
    }

    /// Places each segment of `middle` (segments each ended by a star) at its first match
    /// in `s` from `at` on; where the last ends, or `None` when one does not fit.
    fn place(&self, middle: &[u8], s: &[u8], mut at: usize) -> Option<usize> {
        let mut p = 0;
        while p < middle.len() {
            let start = p;
            let end = loop {
                let (t, len) = token::next(&middle[p..], self.noescape);
                p += len;
                if t == Token::Star || len == 0 {
                    break p - len;
                }
            };
            if end > start {
                at = self.find(&middle[start..end], s, at)?;
            }
        }
        Some(at)
    }

    /// The end of the first match of `seg` (no stars) in `s` at or after `at`.
    fn find(&self, seg: &[u8], s: &[u8], mut at: usize) -> Option<usize> {
        loop {
            match self.run(seg, &s[at..]) {
                Run::Matched(n) => return Some(at + n),
                Run::Short => return None,
                Run::Differs => at += text::next(&s[at..]).1,
            }
        }
    }

    /// Matches the star-free tokens of `seg` against the start of `s`.
    #[inline]
    fn run(&self, seg: &[u8], s: &[u8]) -> Run {
        let (mut p, mut i) = (0, 0);
        loop {
            let (t, len) = token::next(&seg[p..], self.noescape);
            if t == Token::End {
                return Run::Matched(i);
            }
            if i == s.len() {
                return Run::Short;
            }
            let (c, n) = text::next(&s[i..]);
            if !self.one(t, &seg[p..p + len], c) {
                return Run::Differs;
            }
            (p, i) = (p + len, i + n);
        }
    }

    /// Whether the single-character token `t` (its bytes `tb`) matches the character `c`.
    #[inline(always)]
    pub(super) fn one(&self, t: Token, tb: &[u8], c: i32) -> bool {
        match t {
            Token::Any => true,
            Token::Char(x) => c == x || (self.casefold && text::fold(c) == x),
            Token::Bracket => bracket::matches(tb, c, if self.casefold { text::fold(c) } else { c }),
            Token::End | Token::Star | Token::Unmatchable => false,
        }
    }
}
