//! Substring search in linear time: the two-way algorithm of Crochemore and Perrin
//! ("Two-way string-matching", J. ACM 38(3), 1991), behind a vector candidate scan.
//!
//! The needle is cut at a critical position `cp` (found from the two maximal suffixes, under
//! the unit order and its reverse) into `u = x[..cp]` and `v = x[cp..]`. Each attempt
//! compares `v` left to right, then `u` right to left; a mismatch in `v` at `i` shifts by
//! `i - cp + 1`, a mismatch in `u` by the needle's period (when `u` occurs again at the
//! period, in which case the known prefix is remembered so it is never compared twice) or
//! by `max(cp, m - cp) + 1`. Every haystack unit is compared a bounded number of times, so
//! the whole search is O(n + m) with no allocation.
//!
//! Candidates are checked directly first, without the factorization, until that has cost
//! a few units per haystack position (see [`find`]); the two-way search takes over from
//! there.
//!
//! Whenever nothing is remembered, the next attempt is moved to the next *candidate*: a
//! position where the needle's two rarest-looking units (`Pair`) both fit, found by the
//! backend's `find_pair` (whole vectors of positions at a time). Skipping positions where
//! no match can start keeps the algorithm correct, and each scan covers haystack not
//! scanned before, so the bound still holds; a scan that keeps stopping after a few units is
//! switched off.
//!
//! The same code serves bytes and wide characters (`Unit`), exactly or ignoring ASCII case
//! (`Fold`), and haystacks of known length or ending at a terminator (`Haystack`).
use crate::arch::Pair;

/// A unit of text: a byte or a wide character.
pub trait Unit: Copy + Ord {
    /// How common the unit looks in text: higher is more common.
    fn rank(self) -> u8;
    fn to_u32(self) -> u32;
    /// The backend's candidate scan over these units (see `arch::all::find_pair`).
    ///
    /// # Safety
    /// As there.
    unsafe fn find_pair(h: *const Self, from: usize, to: usize, pair: &Pair) -> usize;
    /// The number of units before a zero among the `n` at `s`, or `n`.
    ///
    /// # Safety
    /// `s` readable up to its first zero or for `n` units.
    unsafe fn length_within(s: *const Self, n: usize) -> usize;
}

/// Bytes that are common in text, most common first (roughly English letter frequency,
/// then upper case, digits and punctuation). Bytes not listed look rare.
const COMMON: &[u8] = b" etaoinsrhldcumfpgwybvkxjqzETAOINSRHLDCUMFPGWYBVKXJQZ0123456789,.\n-_'\"/:;()=<>\t";

/// `COMMON` as a table: each listed byte's rank, higher for earlier ones; 0 for the rest.
static RANKS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < COMMON.len() {
        t[COMMON[i] as usize] = (255 - i) as u8;
        i += 1;
    }
    t
};

impl Unit for u8 {
    #[inline(always)]
    fn rank(self) -> u8 {
        RANKS[self as usize]
    }
    #[inline(always)]
    fn to_u32(self) -> u32 {
        self as u32
    }
    #[inline(always)]
    unsafe fn find_pair(h: *const u8, from: usize, to: usize, pair: &Pair) -> usize {
        // SAFETY: the caller's contract.
        unsafe { crate::arch::find_pair::<1>(h, from, to, pair) }
    }
    #[inline(always)]
    unsafe fn length_within(s: *const u8, n: usize) -> usize {
        // SAFETY: the caller's contract is find_byte's.
        let nul = unsafe { crate::arch::find_byte(s, 0, n) };
        if nul.is_null() { n } else { nul.addr() - s.addr() }
    }
}

impl Unit for u32 {
    #[inline(always)]
    fn rank(self) -> u8 {
        if self < 256 { RANKS[self as usize] } else { 0 }
    }
    #[inline(always)]
    fn to_u32(self) -> u32 {
        self
    }
    #[inline(always)]
    unsafe fn find_pair(h: *const u32, from: usize, to: usize, pair: &Pair) -> usize {
        // SAFETY: the caller's contract.
        unsafe { crate::arch::find_pair::<4>(h.cast(), from, to, pair) }
    }
    #[inline(always)]
    unsafe fn length_within(s: *const u32, n: usize) -> usize {
        // SAFETY: the caller's contract is find_wide's.
        let nul = unsafe { crate::arch::find_wide(s, 0, n) };
        if nul.is_null() { n } else { (nul.addr() - s.addr()) / 4 }
    }
}

/// How units are compared: exactly, or ignoring case.
pub trait Fold<U> {
    fn fold(u: U) -> U;
    /// The values a haystack unit may have to match `u`.
    fn variants(u: U) -> [u32; 2];
}

/// Units match when equal.
pub struct Exact;

impl<U: Unit> Fold<U> for Exact {
    #[inline(always)]
    fn fold(u: U) -> U {
        u
    }
    #[inline(always)]
    fn variants(u: U) -> [u32; 2] {
        [u.to_u32(); 2]
    }
}

/// Bytes match when equal after ASCII lower-casing (`strcasestr`, like `strncasecmp` in the
/// C locale).
pub struct AsciiCase;

impl Fold<u8> for AsciiCase {
    #[inline(always)]
    fn fold(u: u8) -> u8 {
        u.to_ascii_lowercase()
    }
    #[inline(always)]
    fn variants(u: u8) -> [u32; 2] {
        [u.to_ascii_lowercase() as u32, u.to_ascii_uppercase() as u32]
    }
}

/// Text to search in.
pub trait Haystack<U> {
    /// The address of unit 0.
    fn base(&self) -> *const U;
    /// How many units are known to exist.
    fn known(&self) -> usize;
    /// Whether units `0..end` exist; may learn more of the haystack, and then more than asked.
    ///
    /// # Safety
    /// The haystack must be what its constructor's contract promised.
    unsafe fn reaches(&mut self, end: usize) -> bool;
}

/// A haystack of known length (`memmem`).
pub struct Counted<U> {
    base: *const U,
    len: usize,
}

impl<U> Counted<U> {
    /// # Safety
    /// `base` must be valid for `len` units of reads.
    pub unsafe fn new(base: *const U, len: usize) -> Self {
        Counted { base, len }
    }
}

impl<U> Haystack<U> for Counted<U> {
    fn base(&self) -> *const U {
        self.base
    }
    fn known(&self) -> usize {
        self.len
    }
    unsafe fn reaches(&mut self, end: usize) -> bool {
        end <= self.len
    }
}

/// A haystack that ends at its first zero unit (`strstr`). Its length is learnt a chunk at a
/// time, and only as far as the search gets, so a match near the start of a long string
/// costs no more than the text before it.
pub struct Terminated<U> {
    base: *const U,
    known: usize,
    ended: bool,
}

/// Units measured at once when a string haystack must be extended.
const CHUNK: usize = 4096;

impl<U> Terminated<U> {
    /// # Safety
    /// `base` must point to a zero-terminated array of units.
    pub unsafe fn new(base: *const U) -> Self {
        Terminated { base, known: 0, ended: false }
    }
}

impl<U: Unit> Haystack<U> for Terminated<U> {
    fn base(&self) -> *const U {
        self.base
    }
    fn known(&self) -> usize {
        self.known
    }
    unsafe fn reaches(&mut self, end: usize) -> bool {
        while self.known < end {
            if self.ended {
                return false;
            }
            let want = (end - self.known).max(CHUNK);
            // SAFETY: no zero unit lies before `known`, so the string goes on from there and
            // length_within stops at its terminator.
            let got = unsafe { U::length_within(self.base.add(self.known), want) };
            self.known += got;
            self.ended = got < want;
        }
        true
    }
}

/// A needle with its candidate pair.
pub struct Needle<'a, U> {
    units: &'a [U],
    pair: Pair,
}

impl<'a, U: Unit> Needle<'a, U> {
    /// Prepares `units` (not empty) for searching under `F`.
    pub fn new<F: Fold<U>>(units: &'a [U]) -> Self {
        Needle { units, pair: choose_pair::<U, F>(units) }
    }
}

/// The needle's critical factorization, which the two-way comparisons need.
struct Factorization {
    /// The critical position: the start of the right half.
    cp: usize,
    /// The period of the needle when `periodic`, otherwise the shift after a mismatch in
    /// the left half.
    shift: usize,
    periodic: bool,
}

impl Factorization {
    fn of<U: Unit, F: Fold<U>>(units: &[U]) -> Self {
        let m = units.len();
        let (s1, p1) = maximal_suffix::<U, F>(units, false);
        let (s2, p2) = maximal_suffix::<U, F>(units, true);
        let (cp, period) = if s1 >= s2 { (s1, p1) } else { (s2, p2) };
        let periodic = cp + period <= m && (0..cp).all(|i| F::fold(units[i]) == F::fold(units[i + period]));
        let shift = if periodic { period } else { cp.max(m - cp) + 1 };
        Factorization { cp, shift, periodic }
    }
}

/// The start and the period of the maximal suffix of `x` under the unit order (or its
/// reverse, with `reverse`): the published procedure, with the suffix candidate `ms`
/// starting at -1 (here, wrapping `usize::MAX`).
fn maximal_suffix<U: Unit, F: Fold<U>>(x: &[U], reverse: bool) -> (usize, usize) {
    let m = x.len();
    let (mut ms, mut j, mut k, mut p) = (usize::MAX, 0usize, 1usize, 1usize);
    while j + k < m {
        let a = F::fold(x[j + k]);
        let b = F::fold(x[ms.wrapping_add(k)]);
        let (a, b) = if reverse { (b, a) } else { (a, b) };
        if a < b {
            j += k;
            k = 1;
            p = j.wrapping_sub(ms);
        } else if a == b {
            if k == p {
                j += p;
                k = 1;
            } else {
                k += 1;
            }
        } else {
            ms = j;
            j = ms + 1;
            k = 1;
            p = 1;
        }
    }
    (ms.wrapping_add(1), p)
}

/// The needle's lowest-ranked position, and the lowest-ranked one not next to it (any other
/// one if the needle is too short; the same one twice for a single unit).
///
/// Neighbours are avoided because adjacent letters in text go together: a rare digraph
/// ("zy" of "lazy") recurs wherever its word does, so a pair taken from it would stop the
/// scan at every occurrence of the word, while two letters further apart rarely recur at
/// the same distance except where the needle itself does.
fn choose_pair<U: Unit, F: Fold<U>>(x: &[U]) -> Pair {
    let rank = |i: usize| F::fold(x[i]).rank();
    let first = (0..x.len()).min_by_key(|&i| rank(i)).unwrap_or(0);
    let apart = (0..x.len()).filter(|&i| i.abs_diff(first) >= 2).min_by_key(|&i| rank(i));
    let second = apart.or_else(|| (0..x.len()).filter(|&i| i != first).min_by_key(|&i| rank(i))).unwrap_or(first);
    Pair { offsets: [first, second], first: F::variants(x[first]), second: F::variants(x[second]) }
}

/// The candidate scan and the record of how well it does.
struct Candidates {
    on: bool,
    scans: usize,
    skipped: usize,
}

/// Scans judged at once; if they skipped fewer than `MIN_SKIP` units each on average, the
/// scan costs more than it saves and is switched off.
const JUDGE_EVERY: usize = 64;
const MIN_SKIP: usize = 8;

impl Candidates {
    /// The first position at or after `j` where the needle could start and the haystack is
    /// long enough for it, or `None`.
    ///
    /// # Safety
    /// As for [`find`].
    unsafe fn next<U: Unit, H: Haystack<U>>(&mut self, hay: &mut H, pair: &Pair, mut j: usize, m: usize) -> Option<usize> {
        // SAFETY: find_pair looks only at positions below `to`, whose units up to the
        // needle's length are known to exist.
        unsafe {
            if !self.on {
                return hay.reaches(j + m).then_some(j);
            }
            let start = j;
            loop {
                if !hay.reaches(j + m) {
                    return None;
                }
                let to = hay.known() - m + 1;
                let found = U::find_pair(hay.base(), j, to, pair);
                if found < to {
                    self.judge(found - start);
                    return Some(found);
                }
                j = to;
            }
        }
    }

    fn judge(&mut self, skipped: usize) {
        self.scans += 1;
        self.skipped += skipped;
        if self.scans == JUDGE_EVERY {
            self.on = self.skipped >= JUDGE_EVERY * MIN_SKIP;
            self.scans = 0;
            self.skipped = 0;
        }
    }
}

/// Units of direct comparison allowed per haystack position passed (plus one needle length)
/// before the search switches to the two-way comparisons; see [`find`].
const DIRECT_BUDGET: usize = 4;

/// The position of the first occurrence of `needle` in `hay`, comparing under `F`.
///
/// Candidates are first checked directly, left to right, which needs no preparation; most
/// searches end that way, having met few candidates. Direct checks can cost `m` units each,
/// though, so once their total exceeds `DIRECT_BUDGET` times the haystack passed plus the
/// needle's length, the search factorizes the needle and goes on with two-way from where
/// it is. Each phase is linear, so the whole is too.
///
/// # Safety
/// `hay` must describe readable memory as its constructor requires.
pub unsafe fn find<U: Unit, F: Fold<U>, H: Haystack<U>>(needle: &Needle<U>, hay: &mut H) -> Option<usize> {
    let x = needle.units;
    let m = x.len();
    let mut scan = Candidates { on: true, scans: 0, skipped: 0 };
    let (mut j, mut work) = (0, 0);
    // SAFETY: units `j..j + m` are read only after Candidates::next confirmed them.
    unsafe {
        loop {
            j = scan.next(hay, &needle.pair, j, m)?;
            let mut i = 0;
            while i < m && F::fold(x[i]) == F::fold(*hay.base().add(j + i)) {
                i += 1;
            }
            if i == m {
                return Some(j);
            }
            j += 1;
            work += i + 1;
            if work > DIRECT_BUDGET * (j + m) {
                return two_way::<U, F, H>(needle, &Factorization::of::<U, F>(x), hay, scan, j);
            }
        }
    }
}

/// The two-way search for `needle` from position `j` on (see the module docs).
///
/// # Safety
/// As for [`find`].
#[inline(never)]
unsafe fn two_way<U: Unit, F: Fold<U>, H: Haystack<U>>(
    needle: &Needle<U>,
    f: &Factorization,
    hay: &mut H,
    mut scan: Candidates,
    mut j: usize,
) -> Option<usize> {
    let x = needle.units;
    let m = x.len();
    let cp = f.cp;
    let mut memory = 0;
    // SAFETY: units `j..j + m` are read only after `reaches(j + m)` (directly or through
    // Candidates::next) confirmed them.
    unsafe {
        let y = |hay: &H, i: usize| F::fold(*hay.base().add(i));
        loop {
            if memory == 0 {
                j = scan.next(hay, &needle.pair, j, m)?;
            } else if !hay.reaches(j + m) {
                return None;
            }
            let mut i = cp.max(memory);
            while i < m && F::fold(x[i]) == y(hay, j + i) {
                i += 1;
            }
            if i < m {
                j += i - cp + 1;
                memory = 0;
                continue;
            }
            let mut k = cp;
            while k > memory && F::fold(x[k - 1]) == y(hay, j + k - 1) {
                k -= 1;
            }
            if k <= memory {
                return Some(j);
            }
            j += f.shift;
            memory = if f.periodic { m - f.shift } else { 0 };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The two-way phase on its own, from position 0, against a naive search: `find` reaches
    /// it only once direct checks have cost enough.
    #[test]
    fn two_way_phase_alone_matches_a_naive_search() {
        let mut rng = crate::testutil::Rng::new(0x2a7);
        for _ in 0..20_000 {
            let alphabet = 1 + rng.below(3) as u8;
            let hay: Vec<u8> = (0..rng.below(200)).map(|_| b'a' + rng.below(alphabet as usize) as u8).collect();
            let needle: Vec<u8> = (0..1 + rng.below(12)).map(|_| b'a' + rng.below(alphabet as usize) as u8).collect();
            let want = hay.windows(needle.len()).position(|w| w == needle.as_slice());
            let n = Needle::new::<Exact>(&needle);
            let f = Factorization::of::<u8, Exact>(&needle);
            let scan = Candidates { on: true, scans: 0, skipped: 0 };
            let got = unsafe { two_way::<u8, Exact, _>(&n, &f, &mut Counted::new(hay.as_ptr(), hay.len()), scan, 0) };
            assert_eq!(got, want, "{hay:?} {needle:?}");
        }
    }

    #[test]
    fn pair_is_the_rarest_unit_and_a_rare_one_apart_from_it() {
        // 'z' is the rarest; 'y' next to it is skipped for 'c', the rarest further away.
        assert_eq!(choose_pair::<u8, Exact>(b"lazy cat").offsets, [2, 5]);
        // Too short to keep a gap: the other unit.
        assert_eq!(choose_pair::<u8, Exact>(b"qu").offsets, [0, 1]);
        assert_eq!(choose_pair::<u8, Exact>(b"q").offsets, [0, 0]);
        // Case folding ranks the folded unit, and the pair accepts both cases.
        let p = choose_pair::<u8, AsciiCase>(b"JaZz!");
        assert_eq!(p.offsets, [4, 2]);
        assert_eq!(p.second, [b'z' as u32, b'Z' as u32]);
    }
}
