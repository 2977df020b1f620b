//! The overall match without back-references, where `dfa` does not serve (a subject with
//! non-ASCII characters, or its caches' bound reached): one pass over the subject with every live
//! state of the forward automaton (a Pike VM), each state carrying the earliest start
//! that reached it. A later start reaching the same state at the same place can only end
//! the same ways, so keeping the earliest loses no leftmost match. Once a match is found
//! no new starts are taken and states from later starts are dropped; the pass goes on while
//! states from the match's start (or earlier) live, to find the longest end.
//!
//! Time: at most the subject's length times the number of states; memory: two sets of
//! states.
use super::Program;
use super::nfa::{Op, StateId};
use super::sparse::SparseSet;
use super::text::{char_at, holds};
use crate::list::{Buf, NoSpace};

/// The leftmost-longest match of `re` in `s` (byte offsets), under `eflags`.
pub(crate) fn find(re: &Program, s: &[u8], eflags: i32) -> Result<Option<(usize, usize)>, NoSpace> {
    let n = re.fwd.states.len();
    let mut run = Run {
        re,
        eflags,
        cur: SparseSet::new(n)?,
        next: SparseSet::new(n)?,
        stack: Buf::new(),
        best: None,
    };
    run.stack.reserve(2 * n + 2)?;
    run.go(s);
    Ok(run.best)
}

struct Run<'a> {
    re: &'a Program,
    eflags: i32,
    cur: SparseSet<usize>,
    next: SparseSet<usize>,
    stack: Buf<StateId>,
    best: Option<(usize, usize)>,
}

impl Run<'_> {
    fn go(&mut self, s: &[u8]) {
        let mut pos = 0;
        let mut ahead = if s.is_empty() { None } else { char_at(s, 0) };
        let start = self.re.fwd.start;
        add(self.re, self.eflags, &mut self.cur, &mut self.stack, &mut self.best, start, 0, pos, None, ahead.map(|x| x.0));
        while let Some((c, len)) = ahead {
            let at = pos + len;
            ahead = if at < s.len() { char_at(s, at) } else { None };
            let next_c = ahead.map(|x| x.0);
            self.next.clear();
            for i in 0..self.cur.members().len() {
                let (st, from) = self.cur.members()[i];
                if self.best.is_some_and(|(b, _)| from > b) {
                    continue;
                }
                let state = self.re.fwd.states[st as usize];
                if self.re.consumes(state.op, c) {
                    add(self.re, self.eflags, &mut self.next, &mut self.stack, &mut self.best, state.next, from, at, Some(c), next_c);
                }
            }
            if self.best.is_none() {
                add(self.re, self.eflags, &mut self.next, &mut self.stack, &mut self.best, start, at, at, Some(c), next_c);
            }
            core::mem::swap(&mut self.cur, &mut self.next);
            if self.cur.is_empty() && self.best.is_some() {
                return;
            }
            pos = at;
        }
    }
}

/// Adds to `set` every state reachable from `st` without consuming, at byte `pos` between
/// `prev` and `next`, each with the start `from` unless an earlier one holds it; a `Match`
/// reached records `(from, pos)` when it is leftmost, then longest.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn add(
    re: &Program,
    eflags: i32,
    set: &mut SparseSet<usize>,
    stack: &mut Buf<StateId>,
    best: &mut Option<(usize, usize)>,
    st: StateId,
    from: usize,
    pos: usize,
    prev: Option<u32>,
    next: Option<u32>,
) {
    let _ = stack.push(st);
    while let Some(x) = stack.pop() {
        if !set.insert(x, from) {
            continue;
        }
        let state = re.fwd.states[x as usize];
        // The stack never outgrows the reserve: a state is pushed at most twice per member.
        match state.op {
            Op::Nop => {
                let _ = stack.push(state.next);
            }
            Op::Split => {
                let _ = stack.push(state.alt);
                let _ = stack.push(state.next);
            }
            Op::Assert(a) => {
                if holds(a, prev, next, re.newline, eflags) {
                    let _ = stack.push(state.next);
                }
            }
            Op::Match => {
                if best.is_none_or(|(b, e)| from < b || (from == b && pos > e)) {
                    *best = Some((from, pos));
                }
            }
            _ => {}
        }
    }
}
