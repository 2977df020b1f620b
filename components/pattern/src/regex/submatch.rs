//! Where each subexpression matched, once the overall match `[s, e]` is known (no
//! back-references), by POSIX's rules: subpatterns from left to right, each the longest
//! consistent with the whole; a subexpression in a repetition reports its last iteration;
//! one that took no part reports -1.
//!
//! The work goes down the tree from the root, which matches `[s, e]`, and only into nodes
//! that hold a subexpression. Knowing that a node matches exactly `[a, b]`:
//! - a concatenation `X1 ... Xk`: one backward run of its reversed automaton from `b`
//!   marks, for each `i`, where `Xi+1 ... Xk` can start and still end at `b`; then each
//!   `Xi` in turn takes the longest end that a forward run of `Xi` from where the previous
//!   one ended reaches and that its rest can start at;
//! - an alternation: the first alternative that matches `[a, b]`;
//! - a repetition: iterations from the left, each the longest that the rest of the
//!   repetition can follow (a backward run marks where it can); the last one is searched;
//!   an empty span takes one empty iteration only where the pattern asks for one (musl's
//!   `(a*)*` against "" reports `(0,0)` for the group; `(a*)+`'s extra iterations none).
//!
//! Cost: every run is over a part of the match with a part of the automaton, and stops
//! where it dies, so a level of the tree costs at most `m·n` (states times characters); a
//! repetition with a subexpression costs, per iteration, `m` times the distance its run of
//! the repeated part lives: `m·n` in all when each iteration's run dies soon after it ends
//! (`(a|aa)*`), `m·n²` at worst (a part whose run lives to the span's end each time).
use super::Program;
use super::ast::{Node, NodeId};
use super::nfa::{Nfa, Op, StateId};
use super::sparse::SparseSet;
use super::text::{char_at, holds};
use crate::fnmatch::text::prev as prev_boundary;
use crate::list::{Buf, NoSpace};

/// No watched state.
const UNWATCHED: u32 = u32::MAX;

/// The matched part of the subject, decoded: its characters, the byte offset of each
/// boundary, and the characters just outside it.
pub(crate) struct Span {
    chars: Buf<u32>,
    offs: Buf<usize>,
    before: Option<u32>,
    after: Option<u32>,
}

impl Span {
    /// The characters of `s[a..b]` (both boundaries of characters).
    pub(crate) fn new(s: &[u8], a: usize, b: usize) -> Result<Span, NoSpace> {
        let mut span = Span { chars: Buf::new(), offs: Buf::new(), before: None, after: None };
        if a > 0 {
            span.before = char_at(s, prev_boundary(s, a)).map(|x| x.0);
        }
        if b < s.len() {
            span.after = char_at(s, b).map(|x| x.0);
        }
        let mut i = a;
        while i < b {
            let (c, n) = char_at(s, i).unwrap_or((0, 1));
            span.chars.push(c)?;
            span.offs.push(i)?;
            i += n;
        }
        span.offs.push(b)?;
        Ok(span)
    }

    pub(crate) fn len(&self) -> usize {
        self.chars.len()
    }

    /// The byte offset of character boundary `i`.
    pub(crate) fn offset(&self, i: usize) -> usize {
        self.offs[i]
    }

    /// The characters on either side of boundary `i`.
    fn around(&self, i: usize) -> (Option<u32>, Option<u32>) {
        let prev = if i == 0 { self.before } else { Some(self.chars[i - 1]) };
        let next = if i == self.chars.len() { self.after } else { Some(self.chars[i]) };
        (prev, next)
    }
}

pub(crate) struct Extract<'a> {
    re: &'a Program,
    eflags: i32,
    span: &'a Span,
    cur: SparseSet<()>,
    next: SparseSet<()>,
    stack: Buf<StateId>,
    /// Per state of either automaton: its index in the current run's watch list.
    watch_of: Buf<u32>,
    /// Per subexpression (0 unused): its span in characters, -1 when none.
    pub(crate) caps: Buf<(isize, isize)>,
}

impl<'a> Extract<'a> {
    pub(crate) fn new(re: &'a Program, eflags: i32, span: &'a Span) -> Result<Extract<'a>, NoSpace> {
        let n = re.fwd.states.len().max(re.rev.states.len());
        let mut stack = Buf::new();
        stack.reserve(2 * n + 2)?;
        Ok(Extract {
            re,
            eflags,
            span,
            cur: SparseSet::new(n)?,
            next: SparseSet::new(n)?,
            stack,
            watch_of: Buf::filled(n, UNWATCHED)?,
            caps: Buf::filled(re.nsub as usize + 1, (-1, -1))?,
        })
    }

    /// Runs `nfa` from `entry` at boundary `from` towards `limit` (backwards when
    /// `limit < from`), never past `stop`; returns, per boundary (by distance from `from`)
    /// and per watched state, whether the run reached it there. The result covers only the
    /// boundaries up to where the run died (read it with [`hit`]), so a run costs what it
    /// reads, not the distance to `limit`: a repetition's iterations that each end soon
    /// cost the length of the span together, not its square.
    fn run(&mut self, nfa: &Nfa, entry: StateId, stop: StateId, from: usize, limit: usize, watch: &[StateId]) -> Result<Buf<bool>, NoSpace> {
        let k = watch.len();
        let backward = limit < from;
        let steps = from.abs_diff(limit);
        let mut hits = Buf::filled(k, false)?;
        for (j, &w) in watch.iter().enumerate() {
            self.watch_of[w as usize] = j as u32;
        }
        self.cur.clear();
        self.close(nfa, entry, stop, from, &mut hits[..k]);
        let mut pos = from;
        for d in 1..=steps {
            if self.cur.is_empty() {
                break;
            }
            for _ in 0..k {
                hits.push(false)?;
            }
            let c = if backward { self.span.chars[pos - 1] } else { self.span.chars[pos] };
            pos = if backward { pos - 1 } else { pos + 1 };
            self.next.clear();
            core::mem::swap(&mut self.cur, &mut self.next);
            for i in 0..self.next.members().len() {
                let st = nfa.states[self.next.members()[i].0 as usize];
                if self.re.consumes(st.op, c) {
                    self.close(nfa, st.next, stop, pos, &mut hits[d * k..(d + 1) * k]);
                }
            }
        }
        for &w in watch {
            self.watch_of[w as usize] = UNWATCHED;
        }
        Ok(hits)
    }

    /// Adds to `cur` the states reachable from `st` without consuming, at boundary `pos`,
    /// marking the watched ones in `hits`.
    fn close(&mut self, nfa: &Nfa, st: StateId, stop: StateId, pos: usize, hits: &mut [bool]) {
        let (prev, next) = self.span.around(pos);
        let _ = self.stack.push(st);
        while let Some(x) = self.stack.pop() {
            if !self.cur.insert(x, ()) {
                continue;
            }
            let w = self.watch_of[x as usize];
            if w != UNWATCHED {
                hits[w as usize] = true;
            }
            if x == stop {
                continue;
            }
            let state = nfa.states[x as usize];
            match state.op {
                Op::Nop => {
                    let _ = self.stack.push(state.next);
                }
                Op::Split => {
                    let _ = self.stack.push(state.alt);
                    let _ = self.stack.push(state.next);
                }
                Op::Assert(a) => {
                    if holds(a, prev, next, self.re.newline, self.eflags) {
                        let _ = self.stack.push(state.next);
                    }
                }
                _ => {}
            }
        }
    }

    /// Where `node` can end when it starts at `a`, up to `b`: per boundary from `a`.
    fn ends(&mut self, node: NodeId, a: usize, b: usize) -> Result<Buf<bool>, NoSpace> {
        let re = self.re;
        let (entry, exit) = re.fwd.frags[node as usize];
        self.run(&re.fwd, entry, exit, a, b, &[exit])
    }

    /// Whether `node` matches the empty string at `a`.
    fn matches_empty(&mut self, node: NodeId, a: usize) -> Result<bool, NoSpace> {
        Ok(self.ends(node, a, a)?[0])
    }

    /// Forgets the subexpressions inside `node`.
    fn reset(&mut self, node: NodeId) {
        let (lo, hi) = self.re.tree.groups[node as usize];
        if lo > 0 {
            for g in lo..=hi {
                self.caps[g as usize] = (-1, -1);
            }
        }
    }

    /// Places the subexpressions of `node`, which matches exactly `[a, b]`.
    pub(crate) fn place(&mut self, node: NodeId, a: usize, b: usize) -> Result<(), NoSpace> {
        let re = self.re;
        if re.tree.groups[node as usize].0 == 0 {
            return Ok(());
        }
        match re.tree.tree.nodes[node as usize] {
            // This match replaces what an earlier copy of the subexpression placed, and
            // those inside it report only what they match within it (POSIX's rule for
            // nested subexpressions). Nothing else forgets: a subexpression that takes no
            // part in a later iteration keeps its last match (`(a|b){0,2}{2}` against
            // `ba`, whose second iteration matches the empty string, reports (1,2)).
            Node::Group(n, x) => {
                self.reset(node);
                self.caps[n as usize] = (a as isize, b as isize);
                self.place(x, a, b)
            }
            Node::Cat { first, len } => self.place_cat(node, re.tree.tree.kids(first, len), a, b),
            Node::Alt { first, len } => {
                for &kid in re.tree.tree.kids(first, len) {
                    if hit(&self.ends(kid, a, b)?, b - a) {
                        return self.place(kid, a, b);
                    }
                }
                Ok(())
            }
            Node::Opt { node: x, extra } => {
                if a < b || (!extra && self.matches_empty(x, a)?) {
                    self.place(x, a, b)?;
                }
                Ok(())
            }
            Node::Star { node: x, extra } => {
                if a == b {
                    if !extra && self.matches_empty(x, a)? {
                        self.place(x, a, b)?;
                    }
                    return Ok(());
                }
                // Where the repetition can start and still end at `b`.
                let (rentry, rexit) = re.rev.frags[node as usize];
                let rest = self.run(&re.rev, rentry, rexit, b, a, &[rexit])?;
                let mut q = a;
                let mut last = None;
                while q < b {
                    let ends = self.ends(x, q, b)?;
                    // Only as far as the run of `x` lived.
                    let top = b.min(q + ends.len() - 1);
                    let Some(m) = (q + 1..=top).rev().find(|&m| ends[m - q] && hit(&rest, b - m)) else { break };
                    last = Some((q, m));
                    q = m;
                }
                if let Some((p, m)) = last {
                    self.place(x, p, m)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn place_cat(&mut self, node: NodeId, kids: &[NodeId], a: usize, b: usize) -> Result<(), NoSpace> {
        let re = self.re;
        let k = kids.len();
        // rest[(b - q) * (k - 1) + i]: kids[i + 1..] match [q, b].
        let watch: Buf<StateId> = {
            let mut w = Buf::new();
            for &kid in &kids[1..] {
                w.push(re.rev.frags[kid as usize].1)?;
            }
            w
        };
        let (rentry, rexit) = re.rev.frags[node as usize];
        let rest = self.run(&re.rev, rentry, rexit, b, a, &watch)?;
        let mut q = a;
        for i in 0..k - 1 {
            if kids[i..].iter().all(|&kid| re.tree.groups[kid as usize].0 == 0) {
                return Ok(());
            }
            let ends = self.ends(kids[i], q, b)?;
            let top = b.min(q + ends.len() - 1);
            let Some(m) = (q..=top).rev().find(|&m| ends[m - q] && hit(&rest, (b - m) * (k - 1) + i)) else { return Ok(()) };
            self.place(kids[i], q, m)?;
            q = m;
        }
        self.place(kids[k - 1], q, b)
    }
}

/// Entry `i` of a run's result: false past where the run died.
#[inline]
fn hit(hits: &[bool], i: usize) -> bool {
    hits.get(i).copied().unwrap_or(false)
}
