//! The safe Rust API: slice-based functions over the same cores as the C functions, in the
//! manner of the memchr crate. It lives at `limpet_string::api` so that the crate root stays
//! the C names (`limpet_string::memmem`, ...), which take raw pointers.
//!
//! ```
//! use limpet_string::api;
//!
//! let hay = b"the quick brown fox";
//! assert_eq!(api::find(hay, b"brown"), Some(10));
//! assert_eq!(api::rfind_byte(hay, b'o'), Some(17));
//! let mut buf = [0u8; 5];
//! api::copy(&mut buf, b"hello");
//! assert_eq!(api::compare(&buf, b"help"), core::cmp::Ordering::Less);
//! ```
//!
//! Each function says which C function it corresponds to and how long it takes. Every one
//! is linear in the lengths it is given and needs no allocation. The word and vector cores
//! load only inside the slice or in aligned blocks that hold at least one of its bytes (see
//! `arch`), so they never touch a page the slice does not; an empty slice is never read.
//!
//! There is no `strlen`: a `&CStr` carries its length (`CStr::count_bytes` is O(1)), and
//! finding the terminator in bytes is `find_byte(bytes, 0)`.
use core::cmp::Ordering;
use core::ops::Range;

use crate::arch::{compare_bytes, copy_forward, find_byte as first_byte, find_last_byte, memmove, set_bytes};

/// The index of the first occurrence of `needle` in `haystack`, or `None`; an empty needle
/// occurs at 0. `memmem`.
///
/// O(`haystack.len()` + `needle.len()`) whatever the input: it is `memmem`'s search, the
/// two-way algorithm with a vector scan for candidate positions.
pub fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let h = haystack.as_ptr();
    // SAFETY: both slices are valid for reads of their lengths.
    let r = unsafe { crate::memmem(h.cast(), haystack.len(), needle.as_ptr().cast(), needle.len()) };
    (!r.is_null()).then(|| r.addr() - h.addr())
}

/// The index of the first byte of `haystack` equal to `byte`, or `None`. `memchr`.
///
/// O(`haystack.len()`), and stops at the first match.
pub fn find_byte(haystack: &[u8], byte: u8) -> Option<usize> {
    let h = haystack.as_ptr();
    // SAFETY: the slice is valid for reads of its length.
    let r = unsafe { first_byte(h, byte, haystack.len()) };
    (!r.is_null()).then(|| r.addr() - h.addr())
}

/// The index of the last byte of `haystack` equal to `byte`, or `None`. `memrchr`.
///
/// O(`haystack.len()`), and stops at the last match, scanning from the end.
pub fn rfind_byte(haystack: &[u8], byte: u8) -> Option<usize> {
    let h = haystack.as_ptr();
    // SAFETY: the slice is valid for reads of its length.
    let r = unsafe { find_last_byte(h, byte, haystack.len()) };
    (!r.is_null()).then(|| r.addr() - h.addr())
}

/// Copies all of `src` into `dst`. `memcpy` (the borrows rule out overlap).
///
/// O(`src.len()`).
///
/// # Panics
/// If the two lengths differ, as `<[u8]>::copy_from_slice` does.
#[track_caller]
pub fn copy(dst: &mut [u8], src: &[u8]) {
    if dst.len() != src.len() {
        length_mismatch(dst.len(), src.len());
    }
    // SAFETY: both slices hold `src.len()` bytes, and a `&mut` cannot overlap a `&`.
    unsafe { copy_forward(dst.as_mut_ptr(), src.as_ptr(), src.len()) }
}

/// Copies the bytes of `buf[src]` to `buf[dest..]`, which may overlap them. `memmove`.
///
/// O(`src.len()`).
///
/// # Panics
/// If `src` is not inside `buf` (or ends before it starts), or `dest + src.len()` exceeds
/// `buf.len()`, as `<[u8]>::copy_within` does.
#[track_caller]
pub fn copy_within(buf: &mut [u8], src: Range<usize>, dest: usize) {
    let Range { start, end } = src;
    if start > end || end > buf.len() {
        out_of_bounds("source range", start, end, buf.len());
    }
    let n = end - start;
    if dest > buf.len() - n {
        out_of_bounds("destination", dest, dest.saturating_add(n), buf.len());
    }
    let p = buf.as_mut_ptr();
    // SAFETY: `start + n` and `dest + n` are at most `buf.len()`, and memmove copies in the
    // direction the overlap allows.
    unsafe { memmove(p.add(dest), p.add(start), n) };
}

/// Sets every byte of `dst` to `byte`. `memset`.
///
/// O(`dst.len()`).
pub fn fill(dst: &mut [u8], byte: u8) {
    // SAFETY: the slice is valid for writes of its length.
    unsafe { set_bytes(dst.as_mut_ptr(), byte, dst.len()) }
}

/// Compares `a` and `b` as sequences of unsigned bytes: `memcmp` of their common length,
/// then the shorter one first. The same order as `<[u8] as Ord>::cmp`.
///
/// O(min(`a.len()`, `b.len()`)), and stops at the first difference.
pub fn compare(a: &[u8], b: &[u8]) -> Ordering {
    let n = a.len().min(b.len());
    // SAFETY: both slices hold at least `n` bytes.
    match unsafe { compare_bytes(a.as_ptr(), b.as_ptr(), n) } {
        0 => a.len().cmp(&b.len()),
        d => d.cmp(&0),
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn length_mismatch(dst: usize, src: usize) -> ! {
    panic!("source slice length ({src}) does not match destination slice length ({dst})")
}

#[cold]
#[inline(never)]
#[track_caller]
fn out_of_bounds(what: &str, start: usize, end: usize, len: usize) -> ! {
    panic!("{what} {start}..{end} is out of bounds for a slice of length {len}")
}

#[cfg(test)]
mod tests {
    //! Every function against a naive reference over every length 0..=`MAX_LEN` and
    //! alignment 0..`ALIGNS` (0..8 with `LIMPET_STRING_QUICK`), random inputs, fenced pages
    //! and empty slices, through whichever backend the build chose: `--features portable`
    //! (and every target but x86_64) runs them on the portable cores, `--features size` on
    //! the size profile's.
    use super::*;
    use crate::testutil::{ALIGNS, Buf, Fenced, MAX_LEN, Rng};

    fn quick() -> bool {
        std::env::var_os("LIMPET_STRING_QUICK").is_some()
    }

    fn aligns() -> Range<usize> {
        if quick() { 0..8 } else { 0..ALIGNS }
    }

    fn rounds(n: usize) -> usize {
        if quick() { n / 10 } else { n }
    }

    fn naive_find(h: &[u8], n: &[u8]) -> Option<usize> {
        if n.is_empty() {
            return Some(0);
        }
        (0..h.len()).find(|&i| h.len() - i >= n.len() && (0..n.len()).all(|k| h[i + k] == n[k]))
    }

    fn naive_compare(a: &[u8], b: &[u8]) -> Ordering {
        for (x, y) in a.iter().zip(b) {
            if x != y {
                return x.cmp(y);
            }
        }
        a.len().cmp(&b.len())
    }

    /// The empty slice's pointer is dangling (1 for bytes): reading it would fault.
    #[test]
    fn empty_slices_are_never_read() {
        let (v, mut w) = (Vec::<u8>::new(), Vec::<u8>::new());
        let empty = &v[..];
        assert_eq!(find(empty, empty), Some(0));
        assert_eq!(find(empty, b"a"), None);
        assert_eq!(find(b"abc", empty), Some(0));
        assert_eq!(find_byte(empty, 0), None);
        assert_eq!(rfind_byte(empty, 0), None);
        copy(&mut w[..], empty);
        copy_within(&mut w[..], 0..0, 0);
        fill(&mut w[..], 7);
        assert_eq!(compare(empty, empty), Ordering::Equal);
        assert_eq!(compare(empty, b"\0"), Ordering::Less);
        assert_eq!(compare(b"\0", empty), Ordering::Greater);
    }

    #[test]
    fn find_byte_and_rfind_byte_every_length_and_alignment() {
        let mut rng = Rng::new(0xa91);
        let buf0 = Buf::nonzero(&mut rng);
        for len in 0..=MAX_LEN {
            for sa in aligns() {
                let c = [0, 1, 0x80, 0xff, rng.byte()][rng.below(5)];
                let mut buf = buf0.clone();
                let start = Buf::start(sa);
                for x in &mut buf.bytes_mut()[start..start + len] {
                    if *x == c {
                        *x = c ^ 0x40;
                    }
                }
                // The bytes around the slice hold `c`, which must not be found.
                buf.bytes_mut()[start - 1] = c;
                buf.bytes_mut()[start + len] = c;
                let mut plants = vec![None];
                if len > 0 {
                    plants.extend([Some(0), Some(rng.below(len)), Some(rng.below(len)), Some(len - 1)]);
                }
                for p in plants {
                    if let Some(p) = p {
                        buf.bytes_mut()[start + p] = c;
                    }
                    let s = &buf.bytes()[start..start + len];
                    assert_eq!(find_byte(s, c), s.iter().position(|&x| x == c), "len {len} align {sa} c {c:#x}");
                    assert_eq!(rfind_byte(s, c), s.iter().rposition(|&x| x == c), "len {len} align {sa} c {c:#x}");
                }
            }
        }
    }

    #[test]
    fn find_random_small_alphabets() {
        let mut rng = Rng::new(0xf1d);
        for _ in 0..rounds(20_000) {
            let alphabet = 1 + rng.below(4);
            let sa = rng.below(ALIGNS);
            let hay: Vec<u8> = (0..sa + rng.below(400)).map(|_| b'a' + rng.below(alphabet) as u8).collect();
            let hay = &hay[sa..];
            let mut needle: Vec<u8> = (0..rng.below(40)).map(|_| b'a' + rng.below(alphabet) as u8).collect();
            if rng.below(2) == 0 && hay.len() > needle.len() {
                let at = rng.below(hay.len() - needle.len());
                needle = hay[at..at + needle.len()].to_vec();
            }
            assert_eq!(find(hay, &needle), naive_find(hay, &needle), "{hay:?} {needle:?}");
        }
    }

    #[test]
    fn find_every_length_and_alignment() {
        let mut rng = Rng::new(0xf1e);
        let buf0 = Buf::nonzero(&mut rng);
        for len in 0..=MAX_LEN {
            for sa in aligns() {
                let start = Buf::start(sa);
                let s = &buf0.bytes()[start..start + len];
                // Needles of every short length, taken from the slice's end (present) and
                // then reaching one byte past it (absent unless it recurs).
                for m in [1, 2, 3, 7, 16, 33] {
                    if m <= len {
                        let n = &s[len - m..];
                        assert_eq!(find(s, n), naive_find(s, n), "len {len} align {sa} m {m}");
                        let past = &buf0.bytes()[start + len + 1 - m..start + len + 1];
                        assert_eq!(find(s, past), naive_find(s, past), "len {len} align {sa} m {m} past");
                    }
                }
            }
        }
    }

    /// Needles that make a naive search quadratic: about 10^9 steps naively.
    #[test]
    fn find_is_linear_on_adversarial_inputs() {
        let hay = vec![b'a'; 1 << 20];
        let mut needle = vec![b'a'; 1000];
        needle.push(b'b');
        assert_eq!(find(&hay, &needle), None);
        let mut hay2 = hay.clone();
        hay2.extend_from_slice(&needle);
        assert_eq!(find(&hay2, &needle), Some(hay.len()));
    }

    #[test]
    fn copy_every_length_and_alignment() {
        let mut rng = Rng::new(0xc09);
        let src0 = Buf::nonzero(&mut rng);
        let dst0 = Buf::nonzero(&mut rng);
        for len in 0..=MAX_LEN {
            for sa in aligns() {
                for da in aligns() {
                    let mut dst = dst0.clone();
                    let (s, d) = (Buf::start(sa), Buf::start(da));
                    copy(&mut dst.bytes_mut()[d..d + len], &src0.bytes()[s..s + len]);
                    let mut want = dst0.clone();
                    want.bytes_mut()[d..d + len].copy_from_slice(&src0.bytes()[s..s + len]);
                    assert!(dst == want, "len {len} src {sa} dst {da}");
                }
            }
        }
    }

    #[test]
    #[should_panic(expected = "source slice length (3) does not match destination slice length (4)")]
    fn copy_panics_on_a_length_mismatch() {
        copy(&mut [0; 4], b"abc");
    }

    #[test]
    fn copy_within_every_length_and_overlap() {
        let mut rng = Rng::new(0xc0a);
        let buf0 = Buf::nonzero(&mut rng);
        let span = Buf::start(ALIGNS) + MAX_LEN;
        for len in 0..=MAX_LEN {
            for from in aligns() {
                // Destinations below, equal to, overlapping above and past the source.
                for to in [0, from, from + 1, from + 7, from + len / 2, from + len] {
                    if to + len > span {
                        continue;
                    }
                    let mut buf = buf0.clone();
                    copy_within(&mut buf.bytes_mut()[..span], from..from + len, to);
                    let mut want = buf0.clone();
                    let moved: Vec<u8> = want.bytes()[from..from + len].to_vec();
                    want.bytes_mut()[to..to + len].copy_from_slice(&moved);
                    assert!(buf == want, "len {len} from {from} to {to}");
                }
            }
        }
    }

    #[test]
    fn copy_within_panics_out_of_bounds() {
        let cases = [
            (0..5, 0, "source range 0..5".to_string()),
            (Range { start: 3, end: 2 }, 0, "source range 3..2".to_string()),
            (0..2, 3, "destination 3..5".to_string()),
            (0..0, 5, "destination 5..5".to_string()),
            (1..4, usize::MAX, format!("destination {m}..{m}", m = usize::MAX)),
        ];
        for (src, dest, what) in cases {
            let payload = std::panic::catch_unwind(move || copy_within(&mut [0; 4], src, dest)).unwrap_err();
            let msg = payload.downcast_ref::<String>().unwrap();
            assert_eq!(*msg, format!("{what} is out of bounds for a slice of length 4"));
        }
        let mut b = *b"abcd";
        copy_within(&mut b, 1..4, 0);
        copy_within(&mut b, 0..0, 4);
        assert_eq!(&b, b"bcdd");
    }

    #[test]
    fn fill_every_length_and_alignment() {
        let mut rng = Rng::new(0xf11);
        let buf0 = Buf::nonzero(&mut rng);
        for len in 0..=MAX_LEN {
            for da in aligns() {
                let c = [0, 0x80, 0xff, rng.byte()][rng.below(4)];
                let mut buf = buf0.clone();
                let d = Buf::start(da);
                fill(&mut buf.bytes_mut()[d..d + len], c);
                let mut want = buf0.clone();
                want.bytes_mut()[d..d + len].iter_mut().for_each(|x| *x = c);
                assert!(buf == want, "len {len} align {da} c {c:#x}");
            }
        }
    }

    #[test]
    fn compare_every_length_and_alignment() {
        let mut rng = Rng::new(0xc3b);
        let a0 = Buf::nonzero(&mut rng);
        for len in 0..=MAX_LEN {
            for aa in aligns() {
                let ba = rng.below(ALIGNS);
                let mut b0 = a0.clone();
                let (sa, sb) = (Buf::start(aa), Buf::start(ba));
                let a = &a0.bytes()[sa..sa + len];
                b0.bytes_mut()[sb..sb + len].copy_from_slice(a);
                // Equal; then a difference at a random byte or the last, either way; then
                // one side one byte shorter or longer.
                let mut cases = vec![(len, None)];
                if len > 0 {
                    for at in [rng.below(len), len - 1] {
                        cases.push((len, Some((at, a[at].wrapping_add(1 + rng.below(255) as u8)))));
                    }
                    cases.push((len - 1, None));
                }
                if len < MAX_LEN {
                    cases.push((len + 1, None));
                }
                for (blen, change) in cases {
                    let mut b = b0.clone();
                    if let Some((at, x)) = change {
                        b.bytes_mut()[sb + at] = x;
                    }
                    let b = &b.bytes()[sb..sb + blen];
                    assert_eq!(compare(a, b), naive_compare(a, b), "len {len} align {aa}/{ba} {change:?} blen {blen}");
                    assert_eq!(compare(b, a), naive_compare(b, a), "len {len} align {aa}/{ba} {change:?} blen {blen}");
                }
            }
        }
    }

    /// Operands that end at the last byte before a `PROT_NONE` page, or start right after one.
    #[test]
    fn fenced_pages() {
        let mut rng = Rng::new(0xfe);
        let mut fenced = Fenced::new();
        let mut other = Fenced::new();
        for len in 0..=MAX_LEN {
            let bytes: Vec<u8> = (0..len).map(|_| rng.letter()).collect();
            let c = rng.letter();
            for at_end in [true, false] {
                let p = if at_end { fenced.at_end(&bytes) } else { fenced.at_start(&bytes) };
                let q = if at_end { other.at_start(&bytes) } else { other.at_end(&bytes) };
                // SAFETY: each page holds `len` bytes at the address returned, which stay put
                // while the slices live.
                let (s, t) = unsafe { (core::slice::from_raw_parts(p, len), core::slice::from_raw_parts(q, len)) };
                assert_eq!(find_byte(s, c), bytes.iter().position(|&x| x == c));
                assert_eq!(rfind_byte(s, c), bytes.iter().rposition(|&x| x == c));
                assert_eq!(compare(s, t), Ordering::Equal);
                let tail = &bytes[len - len.min(5)..];
                assert_eq!(find(s, tail), naive_find(&bytes, tail));
                assert_eq!(find(s, b"\x01\x01\x01\x01\x02"), None);
            }
        }
    }

    #[test]
    fn random_long_operands() {
        let mut rng = Rng::new(0x10e);
        for _ in 0..rounds(1000) {
            let len = rng.below(4096);
            let sa = rng.below(64);
            let a: Vec<u8> = (0..sa + len).map(|_| if rng.below(64) == 0 { 0 } else { rng.byte() }).collect();
            let a = &a[sa..];
            let c = [0, rng.byte()][rng.below(2)];
            assert_eq!(find_byte(a, c), a.iter().position(|&x| x == c));
            assert_eq!(rfind_byte(a, c), a.iter().rposition(|&x| x == c));
            let mut b = a.to_vec();
            if len > 0 && rng.below(2) == 0 {
                b[rng.below(len)] ^= 1 << rng.below(8);
            }
            assert_eq!(compare(a, &b), naive_compare(a, &b));
            let mut d = vec![0u8; len];
            copy(&mut d, a);
            assert!(d == a);
            if len > 2 {
                let at = rng.below(len - 2);
                let n = &a[at..at + 1 + rng.below((len - at).min(64))];
                assert_eq!(find(a, n), naive_find(a, n));
            }
        }
    }
}
