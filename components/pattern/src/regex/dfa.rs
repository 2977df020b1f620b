//! The overall match by lazy deterministic automata over ASCII bytes, built on demand
//! from the Thompson automata and cached per compiled pattern; the first byte that is not
//! ASCII that a scan reaches hands the call to the simulation (`search.rs`).
//!
//! A deterministic state is a *kernel*: the automaton's states reached just after a byte
//! was consumed (or the start), not yet closed over the non-consuming states, together with
//! the kind of that byte (none, newline, word, other) and whether a new start is injected
//! at each place. The closure is taken when the next byte is known, so that `^`, `$`, `\<`,
//! `\>`, `\b` and `\B` are decided with both neighbours in hand; a transition therefore also
//! says whether the place *before* its byte ends a match. Bytes are read through classes
//! (bytes that every consuming state, newline and the word test treat alike), plus one
//! class for the subject's end.
//!
//! Leftmost-longest in three scans, each linear:
//! 1. forward, a new start at every place (skipping ahead with the literal prefix when
//!    only the start is alive): where the first match ends, `e1`, or no match at all;
//! 2. backward with the reversed automaton from the subject's end (from `e1` plus the
//!    longest a match can be, when that is bounded), a new (reversed) start
//!    at every place at or after `e1` (no match ends before it), and none before it, until
//!    the automaton dies: the smallest place where a match starts is the leftmost start.
//!    When matches are unbounded and the rest of the subject is longer than what came
//!    before `e1`, it goes back from `e1` alone instead, then asks scan 1 (with starts
//!    only before the start found) whether an earlier match ends later, a few rounds at
//!    most ([`earlier_starts`]), so that a call does not cost the subject's whole rest;
//! 3. forward from that start, no new starts, until the automaton dies: the last place a
//!    match ends is the longest end.
//!
//! Bounds: a cache holds at most `MAX_BYTES` bytes of tables; when a scan would need more,
//! the cache is emptied and the search falls back to `search`'s simulation for that call.
//! Building a transition costs at most the automaton's size; there are at most
//! states × classes of them per cache, so a call costs `O(n)` steps plus a bounded amount
//! of building, or the fallback's `O(m·n)`.
use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicBool, Ordering};

use super::Program;
use super::nfa::{Nfa, Op};
use super::sparse::SparseSet;
use super::text::{holds, is_word};
use crate::imports::{strnlen, strstr};
use crate::list::{Buf, NoSpace};

/// What a cache may hold, in bytes of tables (both caches of a pattern together at most
/// twice this).
const MAX_BYTES: usize = 1 << 20;
/// A transition not built yet.
const UNKNOWN: u32 = u32::MAX;
/// The state without any thread and without new starts.
const DEAD: u32 = 0;
/// The kinds of the byte before a place (after it, scanning backwards).
const EDGE: u8 = 0;
const NEWLINE_KIND: u8 = 1;
const WORD: u8 = 2;
const OTHER: u8 = 3;
/// A state's flags besides its kind.
const INJECT: u8 = 4;
/// Only the injected start is alive: the prefilter may skip ahead.
const BARE: u8 = 8;

/// Why the automata gave up: no memory, the cache's bound, or a byte that is not ASCII
/// (the simulation reads the characters of the locale).
pub(crate) enum Failed {
    Space,
    Full,
    NotAscii,
}

impl From<NoSpace> for Failed {
    fn from(_: NoSpace) -> Failed {
        Failed::Space
    }
}

/// The classes of the ASCII bytes; the terminator reads as the subject's end's column, and
/// every byte that is not ASCII as the column after it, whose transitions are never built
/// (it stops the automata).
struct Classes {
    of: [u8; 256],
    /// A member of each class.
    rep: [u8; 128],
    count: usize,
}

impl Classes {
    /// Splits every class into its bytes in `mask` and the rest.
    fn refine(&mut self, mask: u128) {
        let mut map = [u8::MAX; 256];
        let mut count = 0;
        for b in 0..128 {
            let key = self.of[b] as usize * 2 + (mask >> b & 1) as usize;
            if map[key] == u8::MAX {
                map[key] = count;
                self.rep[count as usize] = b as u8;
                count += 1;
            }
            self.of[b] = map[key];
        }
        self.count = count as usize;
    }

    /// The classes of `re`'s automaton: newline and the word bytes apart, then each
    /// consuming state's bytes.
    fn new(re: &Program) -> Result<Classes, NoSpace> {
        let mut c = Classes { of: [0; 256], rep: [0; 128], count: 1 };
        c.refine(1 << b'\n');
        let mut word = 0u128;
        for b in 0..128u32 {
            if is_word(Some(b)) {
                word |= 1 << b;
            }
        }
        c.refine(word);
        // The mask of each set once: sets are shared by the copies of a repetition.
        let mut seen: Buf<bool> = Buf::filled(re.sets_len(), false)?;
        let mut any = false;
        for st in re.fwd.states.iter() {
            let mask = match st.op {
                Op::Char(a, b) => {
                    let bit = |x: u32| if x < 128 { 1u128 << x } else { 0 };
                    bit(a) | bit(b)
                }
                Op::Any if !any => {
                    any = true;
                    mask_of(|b| re.consumes(st.op, b))
                }
                Op::Set(s) if !seen[s as usize] => {
                    seen[s as usize] = true;
                    mask_of(|b| re.consumes(st.op, b))
                }
                _ => continue,
            };
            if mask.count_ones() == 1 && c.singleton(mask) {
                continue;
            }
            c.refine(mask);
        }
        c.of[128..].fill(c.count as u8 + 1);
        // The terminator is the subject's end.
        c.of[0] = c.count as u8;
        Ok(c)
    }

    /// Whether the single byte of `mask` is a class of its own already.
    fn singleton(&self, mask: u128) -> bool {
        let b = mask.trailing_zeros() as usize;
        let k = self.of[b];
        self.of[..128].iter().filter(|&&x| x == k).count() == 1
    }
}

fn mask_of(f: impl Fn(u32) -> bool) -> u128 {
    let mut m = 0;
    for b in 0..128u32 {
        if f(b) {
            m |= 1 << b;
        }
    }
    m
}

/// The kind of a byte, for the assertions.
#[inline(always)]
fn kind_of(b: u8) -> u8 {
    if b == b'\n' {
        NEWLINE_KIND
    } else if is_word(Some(b as u32)) {
        WORD
    } else {
        OTHER
    }
}

/// A character of a kind, as the assertions see it.
fn char_of(kind: u8) -> Option<u32> {
    match kind {
        EDGE => None,
        NEWLINE_KIND => Some(b'\n' as u32),
        WORD => Some(b'a' as u32),
        _ => Some(b'!' as u32),
    }
}

/// The states of one automaton (forward or reversed) built so far, and their transitions.
struct Cache {
    /// Per state, `stride` entries: the target's id shifted left once, and in the low bit
    /// whether the place before the byte ends a match.
    trans: Buf<u32>,
    /// Per state: where its kernel lies in `kernels`, and its flags.
    states: Buf<(u32, u32, u8)>,
    kernels: Buf<u32>,
    /// Open addressing from a state's hash to its id + 1 (0: empty).
    table: Buf<u32>,
    closure: SparseSet<()>,
    stack: Buf<u32>,
    kernel: Buf<u32>,
}

impl Cache {
    fn new(m: usize) -> Result<Cache, NoSpace> {
        let mut c = Cache {
            trans: Buf::new(),
            states: Buf::new(),
            kernels: Buf::new(),
            table: Buf::filled(64, 0)?,
            closure: SparseSet::new(m)?,
            stack: Buf::new(),
            kernel: Buf::new(),
        };
        c.stack.reserve(2 * m + 2)?;
        c.reset(0)?;
        Ok(c)
    }

    /// Forgets every state but the dead one.
    fn reset(&mut self, stride: usize) -> Result<(), NoSpace> {
        self.trans.clear();
        self.states.clear();
        self.kernels.clear();
        for x in self.table.iter_mut() {
            *x = 0;
        }
        self.states.push((0, 0, 0))?;
        for _ in 0..stride {
            self.trans.push(DEAD << 1)?;
        }
        Ok(())
    }

    fn bytes(&self) -> usize {
        self.trans.len() * 4 + self.states.len() * 12 + self.kernels.len() * 4 + self.table.len() * 4
    }

    fn hash(kernel: &[u32], flags: u8) -> usize {
        let mut h = 0x9e37_79b9_u32.wrapping_mul(flags as u32 + 1);
        for &x in kernel {
            h = (h ^ x).wrapping_mul(0x0100_0193).rotate_left(5);
        }
        h as usize
    }

    fn kernel_of(&self, id: u32) -> &[u32] {
        let (at, len, _) = self.states[id as usize];
        &self.kernels[at as usize..(at + len) as usize]
    }

    /// The id of the state of `self.kernel` (sorted, without duplicates) and `flags`,
    /// added when new.
    fn intern(&mut self, flags: u8, stride: usize) -> Result<u32, Failed> {
        if self.kernel.is_empty() && flags & INJECT == 0 {
            return Ok(DEAD);
        }
        let mask = self.table.len() - 1;
        let mut i = Cache::hash(&self.kernel, flags) & mask;
        loop {
            let id = self.table[i];
            if id == 0 {
                break;
            }
            let id = id - 1;
            if self.states[id as usize].2 == flags && self.kernel_of(id) == &self.kernel[..] {
                return Ok(id);
            }
            i = (i + 1) & mask;
        }
        if self.bytes() + stride * 4 + self.kernel.len() * 4 + 16 > MAX_BYTES {
            return Err(Failed::Full);
        }
        let id = self.states.len() as u32;
        let at = self.kernels.len() as u32;
        self.kernels.reserve(self.kernel.len())?;
        for &x in self.kernel.iter() {
            self.kernels.push(x)?;
        }
        self.states.push((at, self.kernel.len() as u32, flags))?;
        self.trans.reserve(stride)?;
        for _ in 0..stride {
            self.trans.push(UNKNOWN)?;
        }
        self.table[i] = id + 1;
        if self.states.len() * 2 > self.table.len() {
            self.grow()?;
        }
        Ok(id)
    }

    fn grow(&mut self) -> Result<(), NoSpace> {
        let size = self.table.len() * 2;
        let mut table = Buf::filled(size, 0)?;
        for id in 1..self.states.len() as u32 {
            let (_, _, flags) = self.states[id as usize];
            let mut i = Cache::hash(self.kernel_of(id), flags) & (size - 1);
            while table[i] != 0 {
                i = (i + 1) & (size - 1);
            }
            table[i] = id + 1;
        }
        self.table = table;
        Ok(())
    }
}

/// One direction's automaton and what a scan needs to build its states.
struct Scan<'a> {
    re: &'a Program,
    nfa: &'a Nfa,
    classes: &'a Classes,
    cache: &'a mut Cache,
    /// `classes.count + 2`: the subject's end's column, then the non-ASCII bytes'.
    stride: usize,
    eflags: i32,
    reverse: bool,
}

impl Scan<'_> {
    /// The state of the automaton's start alone, after a byte of `kind`.
    fn start(&mut self, kind: u8, inject: bool) -> Result<u32, Failed> {
        self.cache.kernel.clear();
        self.cache.kernel.push(self.nfa.start)?;
        let flags = kind | if inject { INJECT | BARE } else { 0 };
        self.cache.intern(flags, self.stride)
    }

    /// The same state as `id` without new starts.
    fn without_starts(&mut self, id: u32) -> Result<u32, Failed> {
        let (at, len, flags) = self.cache.states[id as usize];
        self.cache.kernel.clear();
        for i in at..at + len {
            let x = self.cache.kernels[i as usize];
            self.cache.kernel.push(x)?;
        }
        self.cache.intern(flags & 3, self.stride)
    }

    #[inline(always)]
    fn step(&mut self, id: u32, class: usize) -> Result<u32, Failed> {
        let t = self.cache.trans[id as usize * self.stride + class];
        if t != UNKNOWN { Ok(t) } else { self.build(id, class) }
    }

    /// Builds the transition of state `id` on `class`.
    #[inline(never)]
    fn build(&mut self, id: u32, class: usize) -> Result<u32, Failed> {
        let (at, len, flags) = self.cache.states[id as usize];
        if class > self.classes.count {
            return Err(Failed::NotAscii);
        }
        let end = class == self.classes.count;
        let byte = if end { None } else { Some(self.classes.rep[class]) };
        let here = char_of(flags & 3);
        let there = byte.map(|b| b as u32);
        // Forward, the kind is the byte before the place; backward, the byte after it.
        let (prev, next) = if self.reverse { (there, here) } else { (here, there) };
        let c = &mut *self.cache;
        c.closure.clear();
        let mut matched = false;
        for i in at..at + len {
            let _ = c.stack.push(c.kernels[i as usize]);
            while let Some(x) = c.stack.pop() {
                if !c.closure.insert(x, ()) {
                    continue;
                }
                let st = self.nfa.states[x as usize];
                // The stack never outgrows its reserve: a state is pushed at most twice per
                // member of the closure.
                match st.op {
                    Op::Nop => {
                        let _ = c.stack.push(st.next);
                    }
                    Op::Split => {
                        let _ = c.stack.push(st.alt);
                        let _ = c.stack.push(st.next);
                    }
                    Op::Assert(a) => {
                        if holds(a, prev, next, self.re.newline, self.eflags) {
                            let _ = c.stack.push(st.next);
                        }
                    }
                    Op::Match => matched = true,
                    _ => {}
                }
            }
        }
        let target = match byte {
            None => DEAD,
            Some(b) => {
                c.kernel.clear();
                for &(x, ()) in c.closure.members() {
                    let st = self.nfa.states[x as usize];
                    if self.re.consumes(st.op, b as u32) {
                        c.kernel.push(st.next)?;
                    }
                }
                let inject = flags & INJECT != 0;
                if inject {
                    c.kernel.push(self.nfa.start)?;
                }
                c.kernel.sort_unstable();
                let mut n = 0;
                for i in 0..c.kernel.len() {
                    if n == 0 || c.kernel[n - 1] != c.kernel[i] {
                        c.kernel[n] = c.kernel[i];
                        n += 1;
                    }
                }
                while c.kernel.len() > n {
                    c.kernel.pop();
                }
                let bare = inject && n == 1 && c.kernel[0] == self.nfa.start;
                let flags = kind_of(b) | if inject { INJECT } else { 0 } | if bare { BARE } else { 0 };
                c.intern(flags, self.stride)?
            }
        };
        let t = target << 1 | matched as u32;
        self.cache.trans[id as usize * self.stride + class] = t;
        Ok(t)
    }
}

/// The subject as the automata read it: the caller's NUL-terminated string, whose length
/// is measured only when a scan needs it, so that a call costs what it reads (a program that
/// finds match after match along one long string does not pay for the rest of it at every
/// call; musl's matcher reads that way too).
pub(crate) struct Subject {
    p: *const u8,
    /// The length once measured.
    len: core::cell::Cell<Option<usize>>,
}

impl Subject {
    /// # Safety
    /// `p` must point to a NUL-terminated string that outlives the subject.
    pub(crate) unsafe fn new(p: *const u8) -> Subject {
        Subject { p, len: core::cell::Cell::new(None) }
    }

    /// The byte at `i`, which must be at most the length (the terminator reads as 0).
    #[inline(always)]
    fn at(&self, i: usize) -> u8 {
        // SAFETY: `i` is within the string or its terminator (every scan stops there).
        unsafe { *self.p.add(i) }
    }

    /// The length, measured once.
    pub(crate) fn len(&self) -> usize {
        if let Some(n) = self.len.get() {
            return n;
        }
        // SAFETY: the caller's NUL-terminated string.
        let n = unsafe { core::ffi::CStr::from_ptr(self.p.cast()) }.count_bytes();
        self.len.set(Some(n));
        n
    }

    /// The smaller of the length and `i + n`, for `i` at most the length, reading at most
    /// `n` bytes.
    pub(crate) fn end_within(&self, i: usize, n: usize) -> usize {
        if let Some(len) = self.len.get() {
            return len.min(i.saturating_add(n));
        }
        // SAFETY: `i` is within the string or at its terminator; strnlen stops there.
        i + unsafe { strnlen(self.p.add(i).cast(), n) }
    }

    /// The string from its start to `end`, which must be at most the length.
    pub(crate) fn to(&self, end: usize) -> &[u8] {
        // SAFETY: the first `end` bytes are the string's.
        unsafe { core::slice::from_raw_parts(self.p, end) }
    }
}

/// The caches of a pattern, shared by the calls that find them free; a call that finds
/// them taken builds its own.
pub(crate) struct Shared {
    busy: AtomicBool,
    held: UnsafeCell<Option<Caches>>,
}

// SAFETY: `held` is only reached by the thread that set `busy`, until it clears it.
unsafe impl Sync for Shared {}

impl Shared {
    pub(crate) const fn new() -> Shared {
        Shared { busy: AtomicBool::new(false), held: UnsafeCell::new(None) }
    }
}

/// The classes, and one cache per direction.
pub(crate) struct Caches {
    classes: Classes,
    /// The most characters a match can span, when that is bounded.
    longest: Option<usize>,
    fwd: Cache,
    rev: Cache,
    eflags: i32,
}

impl Caches {
    fn new(re: &Program, eflags: i32) -> Result<Caches, NoSpace> {
        let classes = Classes::new(re)?;
        let stride = classes.count + 2;
        let mut fwd = Cache::new(re.fwd.states.len())?;
        let mut rev = Cache::new(re.rev.states.len())?;
        fwd.reset(stride)?;
        rev.reset(stride)?;
        Ok(Caches { classes, longest: longest_match(&re.fwd)?, fwd, rev, eflags })
    }
}

/// The most characters a path of `nfa` from its start to its match consumes, or `None` when
/// a path may loop (the states taken in an order where every state comes after those that
/// lead to it, which exists only without a loop).
fn longest_match(nfa: &Nfa) -> Result<Option<usize>, NoSpace> {
    let m = nfa.states.len();
    let mut preds: Buf<u32> = Buf::filled(m, 0)?;
    let linked = |x: u32| (x < m as u32).then_some(x);
    let succ = |st: super::nfa::State| -> [Option<u32>; 2] {
        match st.op {
            Op::Match => [None, None],
            Op::Split => [linked(st.next), linked(st.alt)],
            _ => [linked(st.next), None],
        }
    };
    for st in nfa.states.iter() {
        for x in succ(*st).into_iter().flatten() {
            preds[x as usize] += 1;
        }
    }
    // Longest consumed so far on a path to each state; the states whose predecessors are
    // all done.
    let mut len: Buf<usize> = Buf::filled(m, 0)?;
    let mut ready: Buf<u32> = Buf::new();
    ready.reserve(m)?;
    for x in 0..m as u32 {
        if preds[x as usize] == 0 {
            ready.push(x)?;
        }
    }
    let mut done = 0;
    let mut best = 0;
    while let Some(x) = ready.pop() {
        done += 1;
        let st = nfa.states[x as usize];
        let here = len[x as usize] + matches!(st.op, Op::Char(..) | Op::Any | Op::Set(_)) as usize;
        if matches!(st.op, Op::Match) {
            best = best.max(len[x as usize]);
        }
        for y in succ(st).into_iter().flatten() {
            len[y as usize] = len[y as usize].max(here);
            preds[y as usize] -= 1;
            if preds[y as usize] == 0 {
                ready.push(y)?;
            }
        }
    }
    Ok((done == m).then_some(best))
}

/// The leftmost-longest match of `re` in `s`, or `Failed` when the caches would outgrow
/// their bound (or memory runs out), or at the first byte that is not ASCII that the scans
/// reach (the caches are kept then: they are valid).
pub(crate) fn find(re: &Program, s: &Subject, eflags: i32) -> Result<Option<(usize, usize)>, Failed> {
    let shared = &re.dfa;
    if shared.busy.swap(true, Ordering::Acquire) {
        let mut local = Caches::new(re, eflags)?;
        return run(re, &mut local, s, eflags);
    }
    // SAFETY: this thread set `busy`, so it alone reaches `held` until it clears it.
    let held = unsafe { &mut *shared.held.get() };
    let r = (|| {
        if held.as_ref().is_none_or(|c| c.eflags != eflags) {
            *held = None;
            *held = Some(Caches::new(re, eflags)?);
        }
        let caches = held.as_mut().ok_or(Failed::Space)?;
        let r = run(re, caches, s, eflags);
        if matches!(r, Err(Failed::Space | Failed::Full)) {
            *held = None;
        }
        r
    })();
    shared.busy.store(false, Ordering::Release);
    r
}

fn run(re: &Program, c: &mut Caches, s: &Subject, eflags: i32) -> Result<Option<(usize, usize)>, Failed> {
    let stride = c.classes.count + 2;
    let mut fwd = Scan { re, nfa: &re.fwd, classes: &c.classes, cache: &mut c.fwd, stride, eflags, reverse: false };
    let Some(e1) = first_end(&mut fwd, s, usize::MAX)? else { return Ok(None) };
    let mut rev = Scan { re, nfa: &re.rev, classes: &c.classes, cache: &mut c.rev, stride, eflags, reverse: true };
    let start = match c.longest {
        // A match that starts at or before `e1` ends at most `longest` after it.
        Some(l) => leftmost_start(&mut rev, s, e1, s.end_within(e1, l))?,
        // Scanning back from the subject's end costs no more than the scans before `e1`.
        None if s.end_within(e1, e1.saturating_add(1)) - e1 <= e1 => leftmost_start(&mut rev, s, e1, s.len())?,
        None => earlier_starts(&mut fwd, &mut rev, s, e1)?,
    };
    let start = start.ok_or(Failed::Full)?;
    let end = longest_end(&mut fwd, s, start)?.ok_or(Failed::Full)?;
    Ok(Some((start, end)))
}

#[inline(always)]
fn kind_before(s: &Subject, i: usize) -> u8 {
    if i == 0 { EDGE } else { kind_of(s.at(i - 1)) }
}

/// Where the first match to end ends (scan 1), of the matches that start before `limit`.
fn first_end(f: &mut Scan, s: &Subject, limit: usize) -> Result<Option<usize>, Failed> {
    // NUL-terminated, or empty.
    let prefix: &[u8] = &f.re.prefix;
    let classes = &f.classes.of;
    let end = f.classes.count;
    let mut p = 0;
    let mut id = f.start(EDGE, !f.re.anchored)?;
    loop {
        if !prefix.is_empty() && f.cache.states[id as usize].2 & BARE != 0 && s.at(p) != 0 {
            // SAFETY: both are NUL-terminated strings.
            let hit = unsafe { strstr(s.p.add(p).cast(), prefix.as_ptr().cast()) };
            if hit.is_null() {
                return Ok(None);
            }
            let j = hit.addr() - s.p.addr();
            if j >= limit {
                return Ok(None);
            }
            if j > p {
                p = j;
                id = f.start(kind_before(s, p), true)?;
            }
        }
        // The state at `p` holds the start at `p`; none is added after `limit - 1`.
        if p + 1 == limit {
            id = f.without_starts(id)?;
        }
        let class = classes[s.at(p) as usize] as usize;
        let t = f.step(id, class)?;
        if t & 1 != 0 {
            return Ok(Some(p));
        }
        if class == end {
            return Ok(None);
        }
        id = t >> 1;
        if id == DEAD {
            return Ok(None);
        }
        p += 1;
    }
}

/// The smallest place where a match starts, no match ending before `e1` or after `from`
/// (scan 2).
fn leftmost_start(r: &mut Scan, s: &Subject, e1: usize, from: usize) -> Result<Option<usize>, Failed> {
    let classes = &r.classes.of;
    let mut p = from;
    let mut id = r.start(if s.at(p) == 0 { EDGE } else { kind_of(s.at(p)) }, true)?;
    let mut best = None;
    loop {
        if p == e1 {
            id = r.without_starts(id)?;
        }
        if p == 0 {
            let t = r.step(id, r.classes.count)?;
            if t & 1 != 0 {
                best = Some(0);
            }
            return Ok(best);
        }
        let t = r.step(id, classes[s.at(p - 1) as usize] as usize)?;
        if t & 1 != 0 {
            best = Some(p);
        }
        id = t >> 1;
        if id == DEAD {
            return Ok(best);
        }
        p -= 1;
    }
}

/// The leftmost start when no match's length is bounded and scanning back from the
/// subject's end would cost more than the scans before `e1` (a program that finds match
/// after match along one long subject would pay for the rest of it at every call): the
/// leftmost start of the matches that end at `e1` (scan 2 from `e1` alone), then whether a
/// match starts before it, which can only end after `e1` (scan 1 with starts only before
/// it), and so on with that match's end. After [`EARLIER_ROUNDS`] rounds, scan 2 from the
/// subject's end settles it, so a call costs at most a few passes over the subject.
fn earlier_starts(f: &mut Scan, r: &mut Scan, s: &Subject, e1: usize) -> Result<Option<usize>, Failed> {
    let mut end = e1;
    for _ in 0..EARLIER_ROUNDS {
        let Some(start) = leftmost_start(r, s, end, end)? else { return Ok(None) };
        if start == 0 {
            return Ok(Some(0));
        }
        match first_end(f, s, start)? {
            None => return Ok(Some(start)),
            Some(e) => end = e,
        }
    }
    leftmost_start(r, s, e1, s.len())
}

/// How many times [`earlier_starts`] looks for a match that starts earlier.
const EARLIER_ROUNDS: usize = 4;

/// The last place a match from `start` ends (scan 3).
fn longest_end(f: &mut Scan, s: &Subject, start: usize) -> Result<Option<usize>, Failed> {
    let classes = &f.classes.of;
    let end = f.classes.count;
    let mut p = start;
    let mut id = f.start(kind_before(s, p), false)?;
    let mut best = None;
    loop {
        let class = classes[s.at(p) as usize] as usize;
        let t = f.step(id, class)?;
        if t & 1 != 0 {
            best = Some(p);
        }
        if class == end {
            return Ok(best);
        }
        id = t >> 1;
        if id == DEAD {
            return Ok(best);
        }
        p += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::super::{REG_EXTENDED, REG_ICASE, REG_NEWLINE, REG_NOTBOL, REG_NOTEOL, search};
    use super::*;

    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    fn pattern(r: &mut Rng, out: &mut std::vec::Vec<u8>, depth: usize) {
        const ATOMS: &[&str] = &[
            "a", "b", "A", ".", "[ab]", "[^a]", "[[:space:]]", "\\w", "\\W", "^", "$", "\\<", "\\>", "\\b", "\\B", "ab",
            "\n", "x", "[a-c]",
        ];
        const POST: &[&str] = &["", "", "", "*", "+", "?", "{2}", "{1,3}", "{0,2}"];
        for _ in 0..1 + r.below(4) {
            if depth < 3 && r.below(4) == 0 {
                out.push(b'(');
                pattern(r, out, depth + 1);
                if r.below(2) == 0 {
                    out.push(b'|');
                    pattern(r, out, depth + 1);
                }
                out.push(b')');
            } else {
                out.extend_from_slice(ATOMS[r.below(ATOMS.len())].as_bytes());
            }
            out.extend_from_slice(POST[r.below(POST.len())].as_bytes());
        }
    }

    /// [`find`] in `s` (which holds no NUL), given NUL-terminated.
    fn find_in(re: &Program, s: &[u8], eflags: i32) -> Result<Option<(usize, usize)>, Failed> {
        let mut c = s.to_vec();
        c.push(0);
        // SAFETY: `c` is NUL-terminated and outlives the call.
        find(re, &unsafe { Subject::new(c.as_ptr()) }, eflags)
    }

    /// The automata find what the simulation finds, over random patterns, flags and
    /// subjects, each pattern against several subjects in turn (the cache kept between).
    #[test]
    fn same_as_simulation() {
        let mut r = Rng(0x5eed_1234_abcd);
        let mut checked = 0;
        // A tenth under qemu (the other architectures).
        let patterns = if cfg!(target_arch = "x86_64") { 6000 } else { 600 };
        for _ in 0..patterns {
            let mut p = std::vec::Vec::new();
            pattern(&mut r, &mut p, 0);
            let cflags = REG_EXTENDED
                | if r.below(4) == 0 { REG_ICASE } else { 0 }
                | if r.below(3) == 0 { REG_NEWLINE } else { 0 };
            let Ok(re) = Program::new(&p, cflags) else { continue };
            if re.backrefs {
                continue;
            }
            for _ in 0..8 {
                // Longer subjects too, so that the first end often comes early in them.
                let len = if r.below(3) == 0 { r.below(40) } else { r.below(14) };
                let s: std::vec::Vec<u8> = (0..len).map(|_| b"abAx \n_-"[r.below(8)]).collect();
                let eflags = [0, 0, REG_NOTBOL, REG_NOTEOL][r.below(4)];
                let want = search::find(&re, &s, eflags).ok().unwrap();
                let got = match find_in(&re, &s, eflags) {
                    Ok(x) => x,
                    Err(_) => panic!("gave up on {:?}", std::string::String::from_utf8_lossy(&p)),
                };
                assert_eq!(
                    got,
                    want,
                    "{:?} flags {cflags:#x} against {:?} eflags {eflags:#x}",
                    std::string::String::from_utf8_lossy(&p),
                    std::string::String::from_utf8_lossy(&s)
                );
                checked += 1;
            }
        }
        assert!(checked > patterns * 3, "{checked}");
    }

    /// An earlier start whose match ends later than the first match to end, found in one
    /// round or several, or by the scan from the subject's end after the last round; and
    /// an unbounded match's tail.
    #[test]
    fn earlier_starts_that_end_later() {
        let tail = "x".repeat(40);
        let cases: &[(&str, std::string::String, (usize, usize))] = &[
            ("abcd|bc", format!("xxabcd{tail}"), (2, 6)),
            ("abcde|bcd|c", format!("xabcde{tail}"), (1, 6)),
            ("abcdefgh|bcdefg|cdef|de|e", format!("abcdefgh{tail}"), (0, 8)),
            ("xabcdefghi|abcdefgh|bcdefg|cdef|de|e", format!("yxabcdefghi{tail}"), (1, 11)),
            ("b+|ab*c", format!("xabbbbc{tail}"), (1, 7)),
            ("b+|ab*c", format!("xabbbbd{tail}"), (2, 6)),
            ("a[^z]*z|q", format!("qa{tail}z"), (0, 1)),
        ];
        for (pat, subject, want) in cases {
            let re = Program::new(pat.as_bytes(), REG_EXTENDED).unwrap();
            let simulated = search::find(&re, subject.as_bytes(), 0).ok().unwrap();
            assert_eq!(simulated, Some(*want), "{pat}");
            // Twice: with the cache empty and then full.
            for _ in 0..2 {
                let got = find_in(&re, subject.as_bytes(), 0).ok().unwrap();
                assert_eq!(got, Some(*want), "{pat} against {subject}");
            }
        }
    }

    /// A match decided early in a long subject measures none of the rest: the subject's
    /// length stays unknown, whatever the pattern's kind (a literal prefix, bounded,
    /// unbounded with an earlier start that ends later).
    #[test]
    fn reads_only_what_it_needs() {
        let mut text = b"xxabcdxx hello42 world".to_vec();
        text.extend(std::iter::repeat_n(b'y', 100_000));
        text.push(0);
        for (pat, want) in [("abcd|bc", (2, 6)), ("hello[0-9]+", (9, 16)), ("x+a", (0, 3)), ("[a-z]+ [a-z]+", (0, 14)), ("a.c", (2, 5))] {
            let re = Program::new(pat.as_bytes(), REG_EXTENDED).unwrap();
            // SAFETY: `text` is NUL-terminated and outlives the subject.
            let s = unsafe { Subject::new(text.as_ptr()) };
            assert_eq!(find(&re, &s, 0).ok().unwrap(), Some(want), "{pat}");
            assert!(s.len.get().is_none(), "{pat} measured the subject");
        }
    }
}
