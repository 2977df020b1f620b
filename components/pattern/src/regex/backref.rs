//! Matching with back-references (BRE `\1`..`\9`), which no automaton can do alone: a
//! depth-first search of the forward automaton, whose states here also record where
//! subexpressions start and end, with every place it has been remembered.
//!
//! What can follow a state at a place depends only on the state, the place and the spans
//! of the subexpressions referred to (the others are only reported), so the search never
//! goes twice through the same (state, place, referred spans); each start costs at most
//! `m·n·(n²)^r` steps for `m` states, `n` characters and `r` subexpressions referred to:
//! polynomial in the subject, exponential only in the number of back-references.
//! The memory of places visited is bounded ([`MAX_VISITED`]); past it, `REG_ESPACE`.
//!
//! For each start from the left, a first search finds the longest end; a second one, from
//! the leftmost start that matched, takes the first path in preference order (an
//! alternation's alternatives in order, a repetition's iterations as many as it can) that
//! ends there, and reports its subexpressions.
use super::Program;
use super::nfa::{Op, StateId};
use super::text::{char_at, holds};
use crate::fnmatch::text::fold;
use crate::list::{Buf, NoSpace};

/// The most (state, place, spans) a search remembers.
pub(crate) const MAX_VISITED: usize = 1 << 22;
/// An unset capture slot.
const UNSET: u32 = u32::MAX;

/// The match: byte offsets of the whole and of each subexpression (`-1` for none).
pub(crate) struct Found {
    pub(crate) caps: Buf<(isize, isize)>,
}

struct Search<'a> {
    re: &'a Program,
    eflags: i32,
    chars: Buf<u32>,
    offs: Buf<usize>,
    /// The subexpressions back-references name.
    refs: Buf<u16>,
    caps: Buf<u32>,
    trail: Buf<(u32, u32)>,
    stack: Buf<(StateId, u32, u32)>,
    seen: Seen,
}

/// The leftmost-longest match of `re` (which has back-references) in `s`.
pub(crate) fn find(re: &Program, s: &[u8], eflags: i32) -> Result<Option<Found>, NoSpace> {
    let mut chars = Buf::new();
    let mut offs = Buf::new();
    let mut i = 0;
    while i < s.len() {
        let (c, n) = char_at(s, i).unwrap_or((0, 1));
        chars.push(c)?;
        offs.push(i)?;
        i += n;
    }
    offs.push(s.len())?;
    let mut refs = Buf::new();
    for st in re.fwd.states.iter() {
        if let Op::Backref(n) = st.op {
            if !refs.contains(&n) {
                refs.push(n)?;
            }
        }
    }
    let slots = 2 * (re.nsub as usize + 1);
    let key = 2 + 2 * refs.len();
    let mut sr = Search {
        re,
        eflags,
        chars,
        offs,
        refs,
        caps: Buf::filled(slots, UNSET)?,
        trail: Buf::new(),
        stack: Buf::new(),
        seen: Seen::new(key)?,
    };
    for start in 0..=sr.chars.len() {
        let Some(end) = sr.search(start, None)? else { continue };
        sr.search(start, Some(end))?;
        let mut caps = Buf::filled(re.nsub as usize + 1, (-1, -1))?;
        caps[0] = (sr.offs[start] as isize, sr.offs[end] as isize);
        for g in 1..=re.nsub as usize {
            let (a, b) = (sr.caps[2 * g], sr.caps[2 * g + 1]);
            if a != UNSET && b != UNSET {
                caps[g] = (sr.offs[a as usize] as isize, sr.offs[b as usize] as isize);
            }
        }
        return Ok(Some(Found { caps }));
    }
    Ok(None)
}

impl Search<'_> {
    /// From `start`: without `target`, the longest end reached; with it, whether a path
    /// ends there, leaving that path's captures in `caps`.
    fn search(&mut self, start: usize, target: Option<usize>) -> Result<Option<usize>, NoSpace> {
        self.seen.clear();
        self.caps.iter_mut().for_each(|c| *c = UNSET);
        self.trail.clear();
        self.stack.clear();
        self.stack.push((self.re.fwd.start, start as u32, 0))?;
        let mut best = None;
        while let Some((st, pos, tl)) = self.stack.pop() {
            while self.trail.len() > tl as usize {
                let (slot, old) = self.trail.pop().unwrap_or((0, UNSET));
                self.caps[slot as usize] = old;
            }
            if !self.seen.insert(st, pos, &self.refs, &self.caps)? {
                continue;
            }
            let p = pos as usize;
            let state = self.re.fwd.states[st as usize];
            let here = self.trail.len() as u32;
            match state.op {
                Op::Nop => self.stack.push((state.next, pos, here))?,
                Op::Split => {
                    self.stack.push((state.alt, pos, here))?;
                    self.stack.push((state.next, pos, here))?;
                }
                Op::Assert(a) => {
                    let prev = if p == 0 { None } else { Some(self.chars[p - 1]) };
                    let next = self.chars.get(p).copied();
                    if holds(a, prev, next, self.re.newline, self.eflags) {
                        self.stack.push((state.next, pos, here))?;
                    }
                }
                Op::Save(slot) => {
                    self.trail.push((slot, self.caps[slot as usize]))?;
                    self.caps[slot as usize] = pos;
                    self.stack.push((state.next, pos, here + 1))?;
                }
                Op::Backref(n) => {
                    if let Some(len) = self.backref(n, p) {
                        self.stack.push((state.next, pos + len as u32, here))?;
                    }
                }
                Op::Match => match target {
                    Some(t) if t == p => return Ok(Some(p)),
                    Some(_) => {}
                    None => best = best.max(Some(p)),
                },
                op => {
                    if p < self.chars.len() && self.re.consumes(op, self.chars[p]) {
                        self.stack.push((state.next, pos + 1, here))?;
                    }
                }
            }
        }
        Ok(if target.is_some() { None } else { best })
    }

    /// The length of what subexpression `n` matched when it is found again at `p`; `None`
    /// when it is not there. A subexpression that has matched nothing (yet) is found as
    /// the empty string, as in musl.
    fn backref(&self, n: u16, p: usize) -> Option<usize> {
        let (a, b) = (self.caps[2 * n as usize], self.caps[2 * n as usize + 1]);
        if a == UNSET || b == UNSET || b < a {
            return Some(0);
        }
        let (a, b) = (a as usize, b as usize);
        let len = b - a;
        let here = self.chars.get(p..p + len)?;
        let same = |x: u32, y: u32| x == y || (self.re.icase && fold(x as i32) == y as i32);
        here.iter().zip(&self.chars[a..b]).all(|(&x, &y)| same(x, y)).then_some(len)
    }
}

/// The (state, place, referred spans) visited: an open-addressed hash set of fixed-size
/// keys.
struct Seen {
    key: usize,
    table: Buf<u32>,
    used: usize,
    slots: usize,
}

/// A slot's first word when empty.
const EMPTY: u32 = u32::MAX;
const FIRST_SLOTS: usize = 1024;

impl Seen {
    fn new(key: usize) -> Result<Seen, NoSpace> {
        Ok(Seen { key, table: Buf::filled(FIRST_SLOTS * key, EMPTY)?, used: 0, slots: FIRST_SLOTS })
    }

    fn clear(&mut self) {
        self.table.iter_mut().for_each(|w| *w = EMPTY);
        self.used = 0;
    }

    /// Adds the key; false when it was there.
    fn insert(&mut self, st: StateId, pos: u32, refs: &[u16], caps: &[u32]) -> Result<bool, NoSpace> {
        let mut k = [0u32; 2 + 2 * 9];
        k[0] = st;
        k[1] = pos;
        for (i, &g) in refs.iter().enumerate() {
            k[2 + 2 * i] = caps[2 * g as usize];
            k[3 + 2 * i] = caps[2 * g as usize + 1];
        }
        let k = &k[..self.key];
        if (self.used + 1) * 2 > self.slots {
            self.grow()?;
        }
        Ok(self.put(k))
    }

    fn put(&mut self, k: &[u32]) -> bool {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &w in k {
            h = (h ^ w as u64).wrapping_mul(0x0100_0000_01b3);
        }
        let mut i = (h as usize) & (self.slots - 1);
        loop {
            let slot = &mut self.table[i * self.key..(i + 1) * self.key];
            if slot[0] == EMPTY {
                slot.copy_from_slice(k);
                self.used += 1;
                return true;
            }
            if slot == k {
                return false;
            }
            i = (i + 1) & (self.slots - 1);
        }
    }

    fn grow(&mut self) -> Result<(), NoSpace> {
        if self.used >= MAX_VISITED {
            return Err(NoSpace);
        }
        let old = core::mem::replace(&mut self.table, Buf::filled(self.slots * 2 * self.key, EMPTY)?);
        self.slots *= 2;
        self.used = 0;
        for k in old.chunks(self.key) {
            if k[0] != EMPTY {
                self.put(k);
            }
        }
        Ok(())
    }
}
