//! The pattern's syntax, BRE or ERE, into a [`Tree`], with musl's readings:
//! - both: `\<` `\>` `\b` `\B` are assertions, `\w` `\W` `\s` `\S` `\d` `\D` classes,
//!   `\xHH` and `\x{HHHH}` a character by its hexadecimal value, and any other escaped
//!   character stands for itself; an interval takes counts up to `RE_DUP_MAX`
//!   (`REG_BADBR` otherwise, and for anything but `m`, `m,` or `m,n` with `m <= n`);
//! - ERE: `^` and `$` are anchors anywhere and may be repeated; a repetition with nothing
//!   before it is `REG_BADRPT`, several in a row are allowed (`a**`, `a+?`); a `)` that
//!   closes nothing is an ordinary character; `\1`..`\9` are the digits (musl has no
//!   back-references in an ERE);
//! - BRE: `\(` `\)` group, `\{m,n\}` is an interval, `\+` `\?` and `\|` are GNU's one or
//!   more, optional and alternation; `*` first in an expression, a group or an alternative
//!   (after a leading `^` too) is an ordinary character; `^` is an anchor only first and
//!   `$` only last (in the same places), otherwise ordinary; `\1`..`\9` refer back to a
//!   subexpression (`REG_ESUBREG`, after any other error, for one the pattern lacks);
//! - both: `\a` `\e` `\f` `\n` `\r` `\t` are the control characters C gives them.
//!
//! Groups nest at most [`MAX_DEPTH`] deep (`REG_ESPACE` past it), which bounds this
//! parser's recursion; the tree's depth is checked afterwards (`lower`).
use super::ast::{Assert, Node, NodeId, Tree, UNBOUNDED};
use super::bracket::Sets;
use super::Error;
use crate::list::Buf;
use limpet_abi::limits::RE_DUP_MAX;
use limpet_ctype::wide::{towlower, towupper};

/// The deepest nesting of groups and repetitions taken.
pub(crate) const MAX_DEPTH: usize = 200;

const BACKSLASH: u32 = b'\\' as u32;

fn is(c: Option<u32>, b: u8) -> bool {
    c == Some(b as u32)
}

pub(crate) struct Parser<'a> {
    p: &'a [u32],
    i: usize,
    ere: bool,
    icase: bool,
    pub(crate) tree: Tree,
    pub(crate) sets: Sets,
    /// Subexpressions opened so far.
    pub(crate) groups: u16,
    pub(crate) backrefs: bool,
    /// The largest back-reference, checked against the subexpressions once all are read.
    max_backref: u16,
    depth: usize,
}

impl<'a> Parser<'a> {
    pub(crate) fn new(p: &'a [u32], ere: bool, icase: bool) -> Parser<'a> {
        Parser {
            p,
            i: 0,
            ere,
            icase,
            tree: Tree::new(),
            sets: Sets::new(),
            groups: 0,
            backrefs: false,
            max_backref: 0,
            depth: 0,
        }
    }

    /// Reads the whole pattern.
    pub(crate) fn run(&mut self) -> Result<(), Error> {
        let root = self.alternation()?;
        if self.i < self.p.len() {
            // Only a BRE's `\)` stops the top level early.
            return Err(Error::Paren);
        }
        if self.max_backref > self.groups {
            return Err(Error::Subreg);
        }
        self.tree.root = root;
        Ok(())
    }

    fn at(&self, k: usize) -> Option<u32> {
        self.p.get(self.i + k).copied()
    }

    /// Whether an alternation's `|` (ERE) or `\|` (BRE) is next.
    fn at_bar(&self) -> bool {
        if self.ere { is(self.at(0), b'|') } else { is(self.at(0), b'\\') && is(self.at(1), b'|') }
    }

    /// Whether a group's close is next (an ERE's `)` only inside a group).
    fn at_close(&self) -> bool {
        if self.ere {
            self.depth > 0 && is(self.at(0), b')')
        } else {
            is(self.at(0), b'\\') && is(self.at(1), b')')
        }
    }

    fn enter(&mut self) -> Result<(), Error> {
        self.depth += 1;
        if self.depth > MAX_DEPTH { Err(Error::Space) } else { Ok(()) }
    }

    fn alternation(&mut self) -> Result<NodeId, Error> {
        let mut alts: Buf<NodeId> = Buf::new();
        loop {
            alts.push(self.branch()?)?;
            if !self.at_bar() {
                break;
            }
            self.i += if self.ere { 1 } else { 2 };
        }
        Ok(self.tree.list(&alts, false)?)
    }

    fn branch(&mut self) -> Result<NodeId, Error> {
        let mut items: Buf<NodeId> = Buf::new();
        // In a BRE, a `*` right at the start (after a leading `^` too) is ordinary.
        let mut bre_start = !self.ere;
        loop {
            if self.i >= self.p.len() || self.at_bar() || self.at_close() {
                break;
            }
            let c = self.p[self.i];
            if !self.ere && c == b'^' as u32 && items.is_empty() {
                self.i += 1;
                // `\+`, `\?` and `\{` repeat a leading `^` (a `*` there is ordinary).
                let anchor = self.tree.add(Node::Assert(Assert::LineStart))?;
                items.push(self.bre_anchor_repetitions(anchor)?)?;
                continue;
            }
            if !self.ere && c == b'$' as u32 && self.bre_at_end(1) {
                self.i += 1;
                items.push(self.tree.add(Node::Assert(Assert::LineEnd))?)?;
                continue;
            }
            let atom = if bre_start && c == b'*' as u32 {
                self.i += 1;
                self.literal(c)?
            } else {
                self.atom()?
            };
            bre_start = false;
            let node = self.repetitions(atom)?;
            items.push(node)?;
        }
        Ok(self.tree.list(&items, true)?)
    }

    /// Whether a BRE's expression ends `k` characters on: at the pattern's end, a `\)` or
    /// a `\|`.
    fn bre_at_end(&self, k: usize) -> bool {
        match self.at(k) {
            None => true,
            Some(BACKSLASH) => is(self.at(k + 1), b')') || is(self.at(k + 1), b'|'),
            _ => false,
        }
    }

    fn literal(&mut self, c: u32) -> Result<NodeId, Error> {
        let other = if self.icase {
            let up = towupper(c);
            if up != c { up } else { towlower(c) }
        } else {
            c
        };
        Ok(self.tree.add(Node::Char { c, other })?)
    }

    fn atom(&mut self) -> Result<NodeId, Error> {
        let c = self.p[self.i];
        self.i += 1;
        match c {
            BACKSLASH => self.escape(),
            _ if c == b'[' as u32 => {
                let (set, len) = self.sets.parse(&self.p[self.i - 1..])?;
                self.i += len - 1;
                Ok(self.tree.add(Node::Set(set))?)
            }
            _ if c == b'.' as u32 => Ok(self.tree.add(Node::Any)?),
            _ if !self.ere => self.literal(c),
            _ if c == b'(' as u32 => self.group(),
            _ if c == b'^' as u32 => Ok(self.tree.add(Node::Assert(Assert::LineStart))?),
            _ if c == b'$' as u32 => Ok(self.tree.add(Node::Assert(Assert::LineEnd))?),
            _ if c == b'*' as u32 || c == b'+' as u32 || c == b'?' as u32 || c == b'{' as u32 => Err(Error::Badrpt),
            _ => self.literal(c),
        }
    }

    /// The group after its `(` or `\(`, up to its close.
    fn group(&mut self) -> Result<NodeId, Error> {
        self.enter()?;
        if self.groups == u16::MAX {
            return Err(Error::Space);
        }
        self.groups += 1;
        let n = self.groups;
        let inner = self.alternation()?;
        if !self.at_close() {
            return Err(Error::Paren);
        }
        self.i += if self.ere { 1 } else { 2 };
        self.depth -= 1;
        Ok(self.tree.add(Node::Group(n, inner))?)
    }

    /// The escape after a backslash.
    fn escape(&mut self) -> Result<NodeId, Error> {
        let Some(c) = self.at(0) else { return Err(Error::Escape) };
        self.i += 1;
        let Ok(b) = u8::try_from(c) else { return self.literal(c) };
        let assert = |a| Ok::<Node, Error>(Node::Assert(a));
        let node = match b {
            b'(' if !self.ere => return self.group(),
            b')' if !self.ere => return Err(Error::Paren),
            b'{' | b'+' | b'?' if !self.ere => return Err(Error::Badrpt),
            b'1'..=b'9' if !self.ere => {
                let n = (b - b'0') as u16;
                self.max_backref = self.max_backref.max(n);
                self.backrefs = true;
                Ok(Node::Backref(n))
            }
            b'<' => assert(Assert::WordStart),
            b'>' => assert(Assert::WordEnd),
            b'b' => assert(Assert::Boundary),
            b'B' => assert(Assert::NotBoundary),
            b'w' | b'W' => Ok(Node::Set(self.sets.class_escape(b"alnum", true, b == b'W')?)),
            b's' | b'S' => Ok(Node::Set(self.sets.class_escape(b"space", false, b == b'S')?)),
            b'd' | b'D' => Ok(Node::Set(self.sets.class_escape(b"digit", false, b == b'D')?)),
            b'x' => return self.hex(),
            b'a' => return self.literal(0x07),
            b'e' => return self.literal(0x1b),
            b'f' => return self.literal(0x0c),
            b'n' => return self.literal(0x0a),
            b'r' => return self.literal(0x0d),
            b't' => return self.literal(0x09),
            _ => return self.literal(c),
        };
        Ok(self.tree.add(node?)?)
    }

    /// `\x`: two hexadecimal digits at most, or any number in braces (a missing `}` is
    /// `REG_EBRACE`); no digit at all is the character 0, which no subject holds.
    fn hex(&mut self) -> Result<NodeId, Error> {
        let braced = is(self.at(0), b'{');
        if braced {
            self.i += 1;
        }
        let mut v: u32 = 0;
        let mut digits = 0;
        while let Some(d) = self.at(0).and_then(|c| char::from_u32(c)).and_then(|c| c.to_digit(16)) {
            if !braced && digits == 2 {
                break;
            }
            v = v.saturating_mul(16).saturating_add(d);
            digits += 1;
            self.i += 1;
        }
        if braced {
            if !is(self.at(0), b'}') {
                return Err(Error::Brace);
            }
            self.i += 1;
        }
        self.literal(v)
    }

    /// The repetitions a BRE's leading `^` takes: `\+`, `\?` and `\{`, not `*`.
    fn bre_anchor_repetitions(&mut self, anchor: NodeId) -> Result<NodeId, Error> {
        if is(self.at(0), b'*') { Ok(anchor) } else { self.repetitions(anchor) }
    }

    /// The repetitions after an atom, each applied to what came before.
    fn repetitions(&mut self, mut node: NodeId) -> Result<NodeId, Error> {
        loop {
            let (min, max, len) = match (self.at(0), self.at(1)) {
                (Some(c), _) if c == b'*' as u32 => (0, UNBOUNDED, 1),
                (Some(c), _) if self.ere && c == b'+' as u32 => (1, UNBOUNDED, 1),
                (Some(c), _) if self.ere && c == b'?' as u32 => (0, 1, 1),
                (Some(c), _) if self.ere && c == b'{' as u32 => {
                    self.i += 1;
                    let (min, max) = self.interval()?;
                    (min, max, 0)
                }
                (Some(BACKSLASH), Some(c)) if !self.ere && c == b'+' as u32 => (1, UNBOUNDED, 2),
                (Some(BACKSLASH), Some(c)) if !self.ere && c == b'?' as u32 => (0, 1, 2),
                (Some(BACKSLASH), Some(c)) if !self.ere && c == b'{' as u32 => {
                    self.i += 2;
                    let (min, max) = self.interval()?;
                    (min, max, 0)
                }
                _ => return Ok(node),
            };
            self.i += len;
            node = self.tree.add(Node::Repeat { node, min, max })?;
        }
    }

    /// An interval's counts after its `{`, through its `}` (`\}` in a BRE).
    fn interval(&mut self) -> Result<(u16, u16), Error> {
        let min = self.count()?.ok_or(Error::Badbr)?;
        let max = if is(self.at(0), b',') {
            self.i += 1;
            self.count()?.unwrap_or(UNBOUNDED)
        } else {
            min
        };
        if !self.ere {
            if !is(self.at(0), b'\\') {
                return Err(Error::Badbr);
            }
            self.i += 1;
        }
        if !is(self.at(0), b'}') || max < min {
            return Err(Error::Badbr);
        }
        self.i += 1;
        Ok((min, max))
    }

    /// A decimal count: `None` when no digit is next, `REG_BADBR` past `RE_DUP_MAX`.
    fn count(&mut self) -> Result<Option<u16>, Error> {
        let mut v: u32 = 0;
        let start = self.i;
        while let Some(d) = self.at(0).filter(|&c| (b'0' as u32..=b'9' as u32).contains(&c)) {
            v = (v * 10 + d - b'0' as u32).min(u32::from(u16::MAX));
            self.i += 1;
        }
        if v > u32::from(RE_DUP_MAX) {
            return Err(Error::Badbr);
        }
        Ok(if self.i == start { None } else { Some(v as u16) })
    }
}
