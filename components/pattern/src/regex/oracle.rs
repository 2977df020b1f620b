//! An independent reference for POSIX matching, for the tests only: random small patterns
//! are generated as trees, written out as EREs (and BREs where the syntax allows) for
//! `regcomp`, and matched here by brute force, straight from POSIX's rules (XBD 9.1 and
//! `regexec`), sharing nothing with the real matcher:
//! - the match is the leftmost, then the longest, of every span some derivation matches;
//! - "each subpattern, from left to right, shall match the longest possible string": in a
//!   concatenation the first part takes the longest span after which the rest can still
//!   match, then the next part; an alternation's span is then fixed, and its first
//!   alternative that matches it is taken (a subpattern that matches is "longer than no
//!   match at all"); a repetition's iterations are taken from the left, each the longest
//!   that lets the remaining ones match. An empty iteration is taken only where the
//!   repetition has nothing left to match: the mandatory ones (`{m,n}`'s `m`), or, for a
//!   repetition not yet iterated, one (a null string is longer than no match);
//! - a subexpression that matched several times reports the last; one inside another
//!   reports what it matched within the outer one's reported match, or -1 (POSIX's rule
//!   for nested subexpressions), so each match of a subexpression forgets those inside it;
//!   one that took no part, -1.
//!
//! Whether a node matches a span at all is a memoised recursion over (node, start, end)
//! (and the iteration count, for repetitions), so each case costs a few thousand steps.
use std::ffi::CString;

use super::*;

/// A node of a generated pattern; children are indices into [`Pat::nodes`].
#[derive(Clone, Debug)]
enum T {
    Lit(u8),
    Any,
    /// A bracket expression: its members, negated or not, and how it is written.
    Set { members: &'static [u8], neg: bool, text: &'static str },
    Bol,
    Eol,
    /// `\<` and `\>`: a word character (alphanumeric or `_`) after and none before, or
    /// the other way round.
    WordStart,
    WordEnd,
    Group(usize, usize),
    Cat(usize, usize),
    Alt(Vec<usize>),
    Rep { node: usize, min: u32, max: Option<u32> },
    Empty,
}

struct Pat {
    nodes: Vec<T>,
    root: usize,
    groups: usize,
}

/// xorshift64, seeded: the cases are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        ((self.0 >> 11) % n as u64) as u32
    }
}

const LOWER: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
const ALPHA: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
/// Bracket expressions: members, negated, as written. The last ones are
/// `tests/c/regex_diff.c`'s.
const SETS: [(&[u8], bool, &str); 8] = [
    (b"ab", false, "[ab]"),
    (b"a", true, "[^a]"),
    (LOWER, false, "[[:lower:]]"),
    (b"b\n", false, "[b\n]"),
    (b"abc", false, "[a-c]"),
    (ALPHA, false, "[[:alpha:]]"),
    (b"]a", false, "[]a]"),
    (b" \t\n\x0b\x0c\rb", true, "[^[:space:]b]"),
];
/// Literals: mostly `a` and `b`, the rest from regex_diff's atoms (`.` is written `\.`).
const LITERALS: &[u8] = b"ababababcxA.";

struct Gen<'r> {
    rng: &'r mut Rng,
    nodes: Vec<T>,
    groups: usize,
}

impl Gen<'_> {
    fn add(&mut self, t: T) -> usize {
        self.nodes.push(t);
        self.nodes.len() - 1
    }

    fn expr(&mut self, depth: u32, in_group: bool) -> usize {
        let alts = if self.rng.next(4) == 0 { 2 + self.rng.next(2) } else { 1 };
        let mut list = Vec::new();
        for _ in 0..alts {
            // An empty alternative, now and then, where it can stand.
            let len = if alts > 1 && in_group && self.rng.next(10) == 0 { 0 } else { 1 + self.rng.next(3) };
            let atoms: Vec<usize> = (0..len).map(|_| self.atom(depth)).collect();
            // Nested to the right, so that each part of the concatenation, from the left,
            // is a subpattern by itself (`abc` is `a(bc)`, never `(ab)c`).
            let mut node = None;
            for &a in atoms.iter().rev() {
                node = Some(match node {
                    None => a,
                    Some(rest) => self.add(T::Cat(a, rest)),
                });
            }
            let n = node.unwrap_or_else(|| self.add(T::Empty));
            list.push(n);
        }
        if list.len() == 1 { list[0] } else { self.add(T::Alt(list)) }
    }

    fn atom(&mut self, depth: u32) -> usize {
        let r = self.rng.next(40);
        let mut n = if r < 10 && depth > 0 && self.groups < 9 {
            self.groups += 1;
            let g = self.groups;
            let inner = if self.rng.next(30) == 0 { self.add(T::Empty) } else { self.expr(depth - 1, true) };
            self.add(T::Group(g, inner))
        } else if r < 30 {
            let c = LITERALS[self.rng.next(LITERALS.len() as u32) as usize];
            self.add(T::Lit(c))
        } else if r < 32 {
            self.add(T::Any)
        } else if r < 36 {
            let (members, neg, text) = SETS[self.rng.next(SETS.len() as u32) as usize];
            self.add(T::Set { members, neg, text })
        } else if r < 37 {
            self.add(T::Bol)
        } else if r < 38 {
            self.add(T::Eol)
        } else if r < 39 {
            self.add(T::WordStart)
        } else {
            self.add(T::WordEnd)
        };
        let reps = match self.rng.next(20) {
            0..11 => 0,
            11..19 => 1,
            _ => 2,
        };
        for _ in 0..reps {
            let (min, max) = match self.rng.next(8) {
                0 | 1 => (0, None),
                2 => (1, None),
                3 => (0, Some(1)),
                4 => {
                    let m = self.rng.next(3);
                    (m, Some(m))
                }
                5 => (self.rng.next(3), None),
                _ => {
                    let m = self.rng.next(3);
                    (m, Some(m + self.rng.next(3)))
                }
            };
            n = self.add(T::Rep { node: n, min, max });
        }
        n
    }
}

impl Pat {
    fn generate(rng: &mut Rng) -> Pat {
        let mut g = Gen { rng, nodes: Vec::new(), groups: 0 };
        let root = g.expr(2, false);
        Pat { root, groups: g.groups, nodes: g.nodes }
    }

    /// The pattern as an ERE, or as a BRE (`None` where a BRE cannot say it: anchors,
    /// empty alternatives and groups, a repetition of a repetition).
    fn write(&self, n: usize, ere: bool, out: &mut String) -> Option<()> {
        let esc = if ere { "" } else { "\\" };
        match &self.nodes[n] {
            T::Lit(b'.') => out.push_str("\\."),
            T::Lit(c) => out.push(*c as char),
            T::WordStart => out.push_str("\\<"),
            T::WordEnd => out.push_str("\\>"),
            T::Any => out.push('.'),
            T::Set { text, .. } => out.push_str(text),
            T::Bol if ere => out.push('^'),
            T::Eol if ere => out.push('$'),
            T::Bol | T::Eol => return None,
            T::Empty if !ere => return None,
            T::Empty => {}
            T::Group(_, x) => {
                out.push_str(esc);
                out.push('(');
                self.write(*x, ere, out)?;
                out.push_str(esc);
                out.push(')');
            }
            T::Cat(a, b) => {
                self.write(*a, ere, out)?;
                self.write(*b, ere, out)?;
            }
            T::Alt(xs) => {
                for (k, x) in xs.iter().enumerate() {
                    if k > 0 {
                        out.push_str(esc);
                        out.push('|');
                    }
                    self.write(*x, ere, out)?;
                }
            }
            T::Rep { node, min, max } => {
                if !ere && matches!(self.nodes[*node], T::Rep { .. }) {
                    return None;
                }
                self.write(*node, ere, out)?;
                match (min, max) {
                    (0, None) => out.push('*'),
                    (1, None) => out.push_str(&format!("{esc}+")),
                    (0, Some(1)) => out.push_str(&format!("{esc}?")),
                    (m, None) => out.push_str(&format!("{esc}{{{m},{esc}}}")),
                    (m, Some(x)) if m == x => out.push_str(&format!("{esc}{{{m}{esc}}}")),
                    (m, Some(x)) => out.push_str(&format!("{esc}{{{m},{x}{esc}}}")),
                }
            }
        }
        Some(())
    }
}

/// One subject under one pattern and its flags: the memoised questions.
struct Case<'p> {
    pat: &'p Pat,
    s: &'p [u8],
    icase: bool,
    newline: bool,
    notbol: bool,
    noteol: bool,
    /// Per (node, start, end): 0 not yet known, 1 no, 2 yes.
    memo: Vec<u8>,
    /// The same per (repetition, start, end, iterations done).
    rep_memo: Vec<u8>,
}

/// The longest subject, and the most iterations a repetition counts ({2,4}'s).
const MAX_SUBJECT: usize = 8;
const COUNTS: usize = 5;
const SPANS: usize = (MAX_SUBJECT + 1) * (MAX_SUBJECT + 1);

fn other_case(c: u8) -> u8 {
    if c.is_ascii_lowercase() { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() }
}

impl Case<'_> {
    fn char_ok(&self, t: &T, c: u8) -> bool {
        let fold = |want: &dyn Fn(u8) -> bool| want(c) || (self.icase && want(other_case(c)));
        match t {
            T::Lit(l) => fold(&|x| x == *l),
            // REG_NEWLINE: neither `.` nor a negated list matches a newline.
            T::Any => !(self.newline && c == b'\n'),
            T::Set { members, neg: false, .. } => fold(&|x| members.contains(&x)),
            T::Set { members, neg: true, .. } => !((self.newline && c == b'\n') || fold(&|x| members.contains(&x))),
            _ => unreachable!(),
        }
    }

    /// Whether `s[k]` is a word character (false off either end).
    fn word_at(&self, k: usize) -> bool {
        self.s.get(k).is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_')
    }

    /// Whether node `n` can match exactly `s[i..j]`.
    fn matches(&mut self, n: usize, i: usize, j: usize) -> bool {
        let at = n * SPANS + i * (MAX_SUBJECT + 1) + j;
        if self.memo[at] != 0 {
            return self.memo[at] == 2;
        }
        let t = self.pat.nodes[n].clone();
        let m = match &t {
            T::Lit(_) | T::Any | T::Set { .. } => j == i + 1 && self.char_ok(&t, self.s[i]),
            T::Bol => i == j && if i == 0 { !self.notbol } else { self.newline && self.s[i - 1] == b'\n' },
            T::Eol => i == j && if i == self.s.len() { !self.noteol } else { self.newline && self.s[i] == b'\n' },
            T::WordStart => i == j && !self.word_at(i.wrapping_sub(1)) && self.word_at(i),
            T::WordEnd => i == j && self.word_at(i.wrapping_sub(1)) && !self.word_at(i),
            T::Empty => i == j,
            T::Group(_, x) => self.matches(*x, i, j),
            T::Cat(a, b) => (i..=j).any(|k| self.matches(*a, i, k) && self.matches(*b, k, j)),
            T::Alt(xs) => xs.iter().any(|&x| self.matches(x, i, j)),
            T::Rep { .. } => self.rep(n, i, j, 0),
        };
        self.memo[at] = 1 + m as u8;
        m
    }

    /// Whether repetition `n`, `count` iterations done, can match `s[i..j]` with the rest.
    fn rep(&mut self, n: usize, i: usize, j: usize, count: u32) -> bool {
        let T::Rep { node, min, max } = self.pat.nodes[n] else { unreachable!() };
        // Past `min`, an unbounded repetition is the same whatever the count.
        let count = if max.is_none() { count.min(min) } else { count };
        let at = (n * SPANS + i * (MAX_SUBJECT + 1) + j) * COUNTS + count as usize;
        if self.rep_memo[at] != 0 {
            return self.rep_memo[at] == 2;
        }
        let m = if i == j {
            count >= min || self.matches(node, i, i)
        } else if max.is_some_and(|x| count >= x) {
            false
        } else {
            ((i + 1)..=j).any(|e| self.matches(node, i, e) && self.rep(n, e, j, count + 1))
                || (count < min && self.matches(node, i, i) && self.rep(n, i, j, count + 1))
        };
        self.rep_memo[at] = 1 + m as u8;
        m
    }

    fn clear_groups(&self, n: usize, caps: &mut [(isize, isize)]) {
        match &self.pat.nodes[n] {
            T::Group(g, x) => {
                caps[*g] = (-1, -1);
                self.clear_groups(*x, caps);
            }
            T::Cat(a, b) => {
                self.clear_groups(*a, caps);
                self.clear_groups(*b, caps);
            }
            T::Alt(xs) => xs.iter().for_each(|&x| self.clear_groups(x, caps)),
            T::Rep { node, .. } => self.clear_groups(*node, caps),
            _ => {}
        }
    }

    /// Places the subexpressions of node `n`, which matches `s[i..j]`, by POSIX's rules.
    fn derive(&mut self, n: usize, i: usize, j: usize, caps: &mut [(isize, isize)]) {
        match self.pat.nodes[n].clone() {
            T::Group(g, x) => {
                caps[g] = (i as isize, j as isize);
                self.clear_groups(x, caps);
                self.derive(x, i, j, caps);
            }
            T::Cat(a, b) => {
                let k = (i..=j).rev().find(|&k| self.matches(a, i, k) && self.matches(b, k, j)).unwrap();
                self.derive(a, i, k, caps);
                self.derive(b, k, j, caps);
            }
            T::Alt(xs) => {
                let x = xs.into_iter().find(|&x| self.matches(x, i, j)).unwrap();
                self.derive(x, i, j, caps);
            }
            T::Rep { node, min, max } => {
                let (mut cur, mut count) = (i, 0);
                loop {
                    if cur == j {
                        let mut need = min.saturating_sub(count);
                        if count == 0 && need == 0 && max != Some(0) && self.matches(node, j, j) {
                            need = 1;
                        }
                        for _ in 0..need {
                            self.derive(node, j, j, caps);
                        }
                        break;
                    }
                    let e = ((cur + 1)..=j)
                        .rev()
                        .find(|&e| self.matches(node, cur, e) && self.rep(n, e, j, count + 1))
                        .unwrap_or(cur);
                    self.derive(node, cur, e, caps);
                    cur = e;
                    count += 1;
                }
            }
            _ => {}
        }
    }

    /// The leftmost-longest match and every subexpression's span, or `None`.
    fn run(&mut self) -> Option<Vec<(isize, isize)>> {
        let len = self.s.len();
        let root = self.pat.root;
        for i in 0..=len {
            if let Some(j) = (i..=len).rev().find(|&j| self.matches(root, i, j)) {
                let mut caps = vec![(-1, -1); self.pat.groups + 1];
                caps[0] = (i as isize, j as isize);
                self.derive(root, i, j, &mut caps);
                return Some(caps);
            }
        }
        None
    }
}

/// The real `regexec`'s answer for one subject: every span, or `None`.
fn real(re: &Regex, s: &[u8], eflags: c_int) -> Option<Vec<(isize, isize)>> {
    let mut m = vec![RegMatch { rm_so: -7, rm_eo: -7 }; re.re_nsub + 1];
    let sc = CString::new(s).unwrap();
    // SAFETY: a compiled pattern, a NUL-terminated subject, room for re_nsub + 1 matches.
    let e = unsafe { regexec(re, sc.as_ptr(), m.len(), m.as_mut_ptr(), eflags) };
    if e == REG_NOMATCH {
        return None;
    }
    assert_eq!(e, 0);
    Some(m.iter().map(|x| (x.rm_so, x.rm_eo)).collect())
}

fn subject(rng: &mut Rng, newline: bool) -> Vec<u8> {
    let len = rng.next(MAX_SUBJECT as u32 + 1) as usize;
    (0..len)
        .map(|_| match rng.next(20) {
            0..6 => b'a',
            6..12 => b'b',
            12 => b'c',
            13 => b'A',
            14 => b'B',
            15 => b' ',
            // regex_diff's other subject characters.
            16 => b".]-1x"[rng.next(5) as usize],
            _ if newline => b'\n',
            _ => b'a',
        })
        .collect()
}

/// The number of patterns; each is run on [`SUBJECTS`] subjects, as an ERE and, where it
/// can be written as one, a BRE. A tenth under qemu (the other architectures), where the
/// whole would take minutes: the matcher's logic is the same on every architecture.
const PATTERNS: usize = if cfg!(target_arch = "x86_64") { 50_000 } else { 5_000 };
const SUBJECTS: usize = 8;

#[test]
fn against_oracle() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut cases, mut matched, mut bres, mut differ) = (0usize, 0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    for _ in 0..PATTERNS {
        let pat = Pat::generate(&mut rng);
        let icase = rng.next(8) == 0;
        let newline = rng.next(4) == 0;
        let subjects: Vec<(Vec<u8>, c_int)> = (0..SUBJECTS)
            .map(|_| {
                let e = match rng.next(10) {
                    0 => REG_NOTBOL,
                    1 => REG_NOTEOL,
                    _ => 0,
                };
                (subject(&mut rng, newline), e)
            })
            .collect();
        for ere in [true, false] {
            let mut text = String::new();
            if pat.write(pat.root, ere, &mut text).is_none() {
                continue;
            }
            bres += !ere as usize;
            let cflags = if ere { REG_EXTENDED } else { 0 } | if icase { REG_ICASE } else { 0 } | if newline { REG_NEWLINE } else { 0 };
            let mut re: Regex = unsafe { core::mem::zeroed() };
            let pc = CString::new(text.as_str()).unwrap();
            // SAFETY: a zeroed regex_t and a NUL-terminated pattern.
            let r = unsafe { regcomp(&mut re, pc.as_ptr(), cflags) };
            assert_eq!(r, 0, "regcomp {text:?} flags {cflags}");
            assert_eq!(re.re_nsub, pat.groups, "re_nsub of {text:?}");
            for (s, eflags) in &subjects {
                let mut case = Case {
                    pat: &pat,
                    s,
                    icase,
                    newline,
                    notbol: eflags & REG_NOTBOL != 0,
                    noteol: eflags & REG_NOTEOL != 0,
                    memo: vec![0; pat.nodes.len() * SPANS],
                    rep_memo: vec![0; pat.nodes.len() * SPANS * COUNTS],
                };
                let want = case.run();
                let got = real(&re, s, *eflags);
                cases += 1;
                matched += want.is_some() as usize;
                differ += (got != want) as usize;
                if got != want && failures.len() < 20 {
                    failures.push(format!(
                        "{text:?} cflags {cflags} eflags {eflags} subject {:?}: regexec {got:?}, oracle {want:?}",
                        String::from_utf8_lossy(s)
                    ));
                }
            }
            // SAFETY: compiled above.
            unsafe { regfree(&mut re) };
        }
    }
    assert!(failures.is_empty(), "{differ} of {cases} cases differ:\n{}", failures.join("\n"));
    // The generator reaches both answers often, and BREs too.
    assert!(matched > cases / 4 && matched < cases * 9 / 10, "{matched} of {cases} match");
    assert!(bres > PATTERNS / 4, "{bres} BREs");
}
