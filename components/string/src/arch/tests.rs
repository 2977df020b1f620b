//! Every backend's raw API, called directly (not through the dispatch), against naive
//! references: one test module per backend, each with the same tests, so a failure names
//! the backend and `cargo test avx2` runs one. A backend the CPU cannot run prints
//! "skipped: NAME not available" on stderr instead of passing silently.
//!
//! Coverage (with `LIMPET_STRING_QUICK` set, as the cross-architecture runs under qemu do,
//! the alignments shrink to 0..8 and the random rounds to a tenth):
//! - copies (`copy_forward`, `copy_backward`, and both chosen by direction as `memmove`
//!   does, for overlapping operands): every length 0..=600 × every source and destination
//!   alignment 0..=63; 64 guard bytes on each side must stay untouched;
//! - `set_bytes`, the scans and `wide_length`: every length × every alignment 0..=63;
//! - the comparisons: every length × every alignment 0..=63 of the first operand × 8
//!   sampled alignments of the second, with the difference at a random place, at the last
//!   byte, or nowhere;
//! - every operation on operands that end at a `PROT_NONE` page or start right after one,
//!   lengths 0..=600 (0..=150 units for wide strings);
//! - random rounds with lengths up to 4096 at random alignments;
//! - `find_pair` against a naive candidate scan.
use std::ops::Range;

use crate::arch::Pair;
use crate::testutil::{Fenced, Rng};

const MAX_LEN: usize = 600;
const GUARD: usize = 64;
const SPAN: usize = 64 + 2 * GUARD + MAX_LEN + 64;

fn quick() -> bool {
    std::env::var_os("LIMPET_STRING_QUICK").is_some()
}

/// The alignments tried for an operand.
fn aligns() -> Range<usize> {
    if quick() { 0..8 } else { 0..64 }
}

fn rounds(n: usize) -> usize {
    if quick() { n / 10 } else { n }
}

/// The raw API of one backend.
pub struct Backend {
    pub name: &'static str,
    pub available: fn() -> bool,
    pub copy_forward: unsafe fn(*mut u8, *const u8, usize),
    pub copy_backward: unsafe fn(*mut u8, *const u8, usize),
    pub set_bytes: unsafe fn(*mut u8, u8, usize),
    pub compare_bytes: unsafe fn(*const u8, *const u8, usize) -> i32,
    pub compare_strings: unsafe fn(*const u8, *const u8, usize) -> i32,
    pub compare_c_strings: unsafe fn(*const u8, *const u8) -> i32,
    pub find_byte: unsafe fn(*const u8, u8, usize) -> *const u8,
    pub find_last_byte: unsafe fn(*const u8, u8, usize) -> *const u8,
    pub find_byte_or_nul: unsafe fn(*const u8, u8) -> *const u8,
    pub c_string_length: unsafe fn(*const u8) -> usize,
    pub wide_length: unsafe fn(*const u32) -> usize,
    pub find_wide: unsafe fn(*const u32, u32, usize) -> *const u32,
    pub find_pair_bytes: unsafe fn(*const u8, usize, usize, &Pair) -> usize,
    pub find_pair_wide: unsafe fn(*const u8, usize, usize, &Pair) -> usize,
}

macro_rules! backend {
    ($name:literal, $m:path, $available:expr) => {{
        use $m as m;
        Backend {
            name: $name,
            available: $available,
            copy_forward: m::copy_forward,
            copy_backward: m::copy_backward,
            set_bytes: m::set_bytes,
            compare_bytes: m::compare_bytes,
            compare_strings: m::compare_strings,
            compare_c_strings: m::compare_c_strings,
            find_byte: m::find_byte,
            find_last_byte: m::find_last_byte,
            find_byte_or_nul: m::find_byte_or_nul,
            c_string_length: m::c_string_length,
            wide_length: m::wide_length,
            find_wide: m::find_wide,
            find_pair_bytes: m::find_pair::<1>,
            find_pair_wide: m::find_pair::<4>,
        }
    }};
}

/// Declares a test module running every check on one backend.
macro_rules! backend_tests {
    ($module:ident, $backend:expr) => {
        mod $module {
            use super::*;

            fn backend() -> Option<Backend> {
                let b = $backend;
                if (b.available)() {
                    Some(b)
                } else {
                    eprintln!("skipped: {} not available", b.name);
                    None
                }
            }

            #[test]
            fn copy_forward_every_length_and_alignment() {
                backend().map(|b| copies(b.copy_forward));
            }
            #[test]
            fn copy_backward_every_length_and_alignment() {
                backend().map(|b| copies(b.copy_backward));
            }
            #[test]
            fn overlapping_moves_every_length_and_offset() {
                backend().map(|b| moves(&b));
            }
            #[test]
            fn set_bytes_every_length_and_alignment() {
                backend().map(|b| sets(&b));
            }
            #[test]
            fn compare_bytes_lengths_and_alignments() {
                backend().map(|b| compare_bytes(&b));
            }
            #[test]
            fn compare_strings_lengths_and_alignments() {
                backend().map(|b| compare_strings(&b));
            }
            #[test]
            fn scans_every_length_and_alignment() {
                backend().map(|b| scans(&b));
            }
            #[test]
            fn wide_scans_every_length_and_alignment() {
                backend().map(|b| wide_scans(&b));
            }
            #[test]
            fn fenced_pages() {
                backend().map(|b| fenced(&b));
            }
            #[test]
            fn random_long_operands() {
                backend().map(|b| random_long(&b));
            }
            #[test]
            fn long_runs_past_the_rep_thresholds() {
                backend().map(|b| long_runs(&b));
            }
            #[test]
            fn find_pair_against_a_naive_scan() {
                backend().map(|b| find_pairs(&b));
            }
        }
    };
}

backend_tests!(portable, backend!("portable", crate::arch::all, || true));
backend_tests!(small, backend!("small", crate::arch::small, || true));
#[cfg(target_arch = "x86_64")]
backend_tests!(sse2, backend!("sse2", crate::arch::x86_64::sse2, || true));
#[cfg(target_arch = "x86_64")]
backend_tests!(avx2, backend!("avx2", crate::arch::x86_64::avx2, crate::arch::x86_64::cpu::has_avx2));
#[cfg(target_arch = "x86_64")]
backend_tests!(avx512, backend!("avx512", crate::arch::x86_64::avx512, crate::arch::x86_64::cpu::has_avx512));

/// A 64-byte-aligned buffer of `SPAN` bytes.
#[repr(C, align(64))]
#[derive(Clone)]
struct Block([u8; SPAN]);

impl Block {
    fn random(rng: &mut Rng, byte: impl Fn(&mut Rng) -> u8) -> Box<Block> {
        let mut b = Box::new(Block([0; SPAN]));
        b.0.iter_mut().for_each(|x| *x = byte(rng));
        b
    }

    /// Where an operand at alignment `a` starts.
    fn at(a: usize) -> usize {
        GUARD + a
    }
}

fn copies(copy: unsafe fn(*mut u8, *const u8, usize)) {
    let mut rng = Rng::new(0xc0);
    let src = Block::random(&mut rng, Rng::byte);
    let mut dst = Block::random(&mut rng, Rng::byte);
    let fill = 0xa7u8;
    dst.0.fill(fill);
    for len in 0..=MAX_LEN {
        for sa in aligns() {
            for da in aligns() {
                let (s, d) = (Block::at(sa), Block::at(da));
                unsafe { copy(dst.0[d..].as_mut_ptr(), src.0[s..].as_ptr(), len) };
                assert!(dst.0[d..d + len] == src.0[s..s + len], "len {len} src {sa} dst {da}");
                let guards = dst.0[d - GUARD..d].iter().chain(&dst.0[d + len..d + len + GUARD]);
                assert!(guards.into_iter().all(|&x| x == fill), "wrote outside: len {len} src {sa} dst {da}");
                dst.0[d..d + len].fill(fill);
            }
        }
    }
}

/// `memmove`'s choice of direction, over the backend's two copies.
fn move_bytes(b: &Backend, dest: *mut u8, src: *const u8, n: usize) {
    unsafe {
        if dest.addr().wrapping_sub(src.addr()) >= n {
            (b.copy_forward)(dest, src, n)
        } else {
            (b.copy_backward)(dest, src, n)
        }
    }
}

fn moves(b: &Backend) {
    let mut rng = Rng::new(0x3e);
    let orig = Block::random(&mut rng, Rng::byte);
    let mut buf = orig.clone();
    for len in 0..=MAX_LEN {
        for sa in aligns() {
            for da in aligns() {
                let (s, d) = (Block::at(sa), Block::at(da));
                let p = buf.0.as_mut_ptr();
                move_bytes(b, p.wrapping_add(d), p.wrapping_add(s), len);
                assert!(buf.0[d..d + len] == orig.0[s..s + len], "len {len} src {sa} dst {da}");
                let lo = s.min(d);
                let hi = s.max(d) + len;
                assert!(buf.0[..lo] == orig.0[..lo] && buf.0[hi..] == orig.0[hi..], "len {len} src {sa} dst {da}");
                buf.0[lo..hi].copy_from_slice(&orig.0[lo..hi]);
            }
        }
    }
}

fn sets(b: &Backend) {
    let mut rng = Rng::new(0x5e);
    let mut buf = Block::random(&mut rng, Rng::byte);
    let fill = 0x3cu8;
    buf.0.fill(fill);
    for len in 0..=MAX_LEN {
        for a in aligns() {
            let c = [0, 0xff, 0x80, rng.byte()][rng.below(4)];
            let d = Block::at(a);
            unsafe { (b.set_bytes)(buf.0[d..].as_mut_ptr(), c, len) };
            assert!(buf.0[d..d + len].iter().all(|&x| x == c), "len {len} align {a}");
            assert!(buf.0[d - GUARD..d].iter().chain(&buf.0[d + len..d + len + GUARD]).all(|&x| x == fill));
            buf.0[d..d + len].fill(fill);
        }
    }
}

fn sign(x: i32) -> i32 {
    x.signum()
}

fn compare_bytes_reference(a: &[u8], b: &[u8]) -> i32 {
    a.iter().zip(b).find(|(x, y)| x != y).map_or(0, |(&x, &y)| x as i32 - y as i32)
}

fn compare_bytes(b: &Backend) {
    let mut rng = Rng::new(0xc3);
    let a0 = Block::random(&mut rng, Rng::byte);
    for len in 0..=MAX_LEN {
        for aa in aligns() {
            for _ in 0..8 {
                let ba = rng.below(aligns().end);
                let (s, t) = (Block::at(aa), Block::at(ba));
                let mut other = Block::random(&mut rng, Rng::byte);
                other.0[t..t + len].copy_from_slice(&a0.0[s..s + len]);
                let mut edits = vec![None];
                if len > 0 {
                    edits.extend([Some(rng.below(len)), Some(len - 1)]);
                }
                for e in edits {
                    let mut o = other.clone();
                    if let Some(i) = e {
                        o.0[t + i] ^= 1 << rng.below(8);
                    }
                    let want = compare_bytes_reference(&a0.0[s..s + len], &o.0[t..t + len]);
                    let got = unsafe { (b.compare_bytes)(a0.0[s..].as_ptr(), o.0[t..].as_ptr(), len) };
                    assert_eq!(got, want, "len {len} a {aa} b {ba} edit {e:?}");
                    let back = unsafe { (b.compare_bytes)(o.0[t..].as_ptr(), a0.0[s..].as_ptr(), len) };
                    assert_eq!(back, -want);
                }
            }
        }
    }
}

fn compare_strings_reference(a: &[u8], b: &[u8], n: usize) -> i32 {
    for i in 0..n {
        if a[i] != b[i] || a[i] == 0 {
            return a[i] as i32 - b[i] as i32;
        }
    }
    0
}

fn compare_strings(b: &Backend) {
    let mut rng = Rng::new(0xc5);
    let mut a0 = Block::random(&mut rng, Rng::nonzero);
    for len in 0..=MAX_LEN {
        for aa in aligns() {
            let s = Block::at(aa);
            a0.0[s + len] = 0;
            for _ in 0..8 {
                let ba = rng.below(aligns().end);
                let t = Block::at(ba);
                let mut other = Block::random(&mut rng, Rng::nonzero);
                other.0[t..=t + len].copy_from_slice(&a0.0[s..=s + len]);
                let mut edits = vec![None];
                if len > 0 {
                    let i = rng.below(len);
                    edits.extend([Some((i, a0.0[s + i] ^ 0x80)), Some((len - 1, 0)), Some((i, a0.0[s + i].wrapping_add(1)))]);
                }
                for e in edits {
                    let mut o = other.clone();
                    if let Some((i, x)) = e {
                        o.0[t + i] = x;
                    }
                    let (pa, pb) = (a0.0[s..].as_ptr(), o.0[t..].as_ptr());
                    for n in [usize::MAX, len + 1, len, rng.below(len + 1)] {
                        let want = compare_strings_reference(&a0.0[s..], &o.0[t..], n.min(len + 1));
                        let got = unsafe { (b.compare_strings)(pa, pb, n) };
                        assert_eq!(got, want, "len {len} a {aa} b {ba} edit {e:?} n {n}");
                        assert_eq!(sign(unsafe { (b.compare_strings)(pb, pa, n) }), -sign(want));
                        if n == usize::MAX {
                            assert_eq!(unsafe { (b.compare_c_strings)(pa, pb) }, want, "len {len} a {aa} b {ba} {e:?}");
                            assert_eq!(sign(unsafe { (b.compare_c_strings)(pb, pa) }), -sign(want));
                        }
                    }
                }
            }
            a0.0[s + len] = rng.nonzero();
        }
    }
}

fn offset(p: *const u8, base: *const u8) -> Option<usize> {
    (!p.is_null()).then(|| p.addr() - base.addr())
}

fn scans(b: &Backend) {
    let mut rng = Rng::new(0x5c);
    let mut buf = Block::random(&mut rng, Rng::nonzero);
    for len in 0..=MAX_LEN {
        for a in aligns() {
            let s = Block::at(a);
            let c = [1, 0x80, 0xff, rng.nonzero()][rng.below(4)];
            let saved = buf.clone();
            for x in &mut buf.0[s..s + len] {
                if *x == c {
                    *x = c ^ 0x40;
                }
            }
            // Matches just outside the operand must not be reported.
            buf.0[s - 1] = c;
            buf.0[s + len] = c;
            let mut plants = vec![None];
            if len > 0 {
                plants.extend([Some(rng.below(len)), Some(len - 1), Some(0)]);
            }
            for p in plants {
                let mut t = buf.clone();
                if let Some(i) = p {
                    t.0[s + i] = c;
                    t.0[s + rng.below(len)] = c;
                }
                let text = &t.0[s..s + len];
                let ptr = t.0[s..].as_ptr();
                let first = text.iter().position(|&x| x == c);
                let last = text.iter().rposition(|&x| x == c);
                let what = format!("len {len} align {a} c {c:#x} plant {p:?}");
                assert_eq!(offset(unsafe { (b.find_byte)(ptr, c, len) }, ptr), first, "find_byte {what}");
                assert_eq!(offset(unsafe { (b.find_last_byte)(ptr, c, len) }, ptr), last, "find_last_byte {what}");
                // As a string: terminated right after the operand.
                t.0[s + len] = 0;
                let nul = first.unwrap_or(len);
                assert_eq!(offset(unsafe { (b.find_byte_or_nul)(ptr, c) }, ptr), Some(nul), "find_byte_or_nul {what}");
                assert_eq!(offset(unsafe { (b.find_byte_or_nul)(ptr, 0) }, ptr), Some(len), "find_byte_or_nul 0 {what}");
                assert_eq!(unsafe { (b.c_string_length)(ptr) }, len, "c_string_length {what}");
                assert_eq!(offset(unsafe { (b.find_byte)(ptr, 0, usize::MAX) }, ptr), Some(len), "find_byte unbounded {what}");
            }
            *buf = *saved;
        }
    }
}

fn wide_scans(b: &Backend) {
    let mut rng = Rng::new(0x3d);
    let units = MAX_LEN / 4;
    let mut words = vec![0u32; units + 64];
    for len in 0..=units {
        for a in 0..16 {
            let c = [1, 0x100, 0xffff_ffff, 0x0101_0101][rng.below(4)];
            for w in words.iter_mut() {
                *w = [2, 0x0101_0102, 0x80, 0x100_0000][rng.below(4)];
            }
            if len > 0 && rng.below(2) == 0 {
                words[a + rng.below(len)] = c;
            }
            words[a + len] = 0;
            let p = words[a..].as_ptr();
            let text = &words[a..a + len];
            let want = text.iter().position(|&x| x == c);
            let got = unsafe { (b.find_wide)(p, c, len) };
            assert_eq!((!got.is_null()).then(|| (got.addr() - p.addr()) / 4), want, "len {len} align {a}");
            assert_eq!(unsafe { (b.wide_length)(p) }, len, "len {len} align {a}");
            let nul = unsafe { (b.find_wide)(p, 0, usize::MAX) };
            assert_eq!((nul.addr() - p.addr()) / 4, len);
        }
    }
}

fn fenced(b: &Backend) {
    let mut rng = Rng::new(0xfe);
    let mut fa = Fenced::new();
    let mut fb = Fenced::new();
    for len in 0..=MAX_LEN {
        let bytes: Vec<u8> = (0..len).map(|_| rng.nonzero()).collect();
        let absent = 0u8;
        // Operands that end on the last byte of their page.
        let a = fa.at_end(&bytes);
        let t = fb.at_end(&bytes);
        unsafe {
            assert!((b.find_byte)(a, absent, len).is_null());
            assert!((b.find_last_byte)(a, absent, len).is_null());
            assert_eq!((b.compare_bytes)(a, t, len), 0);
            (b.copy_forward)(t, a, len);
            (b.copy_backward)(t, a, len);
            (b.set_bytes)(t, 7, len);
        }
        // Operands that start on the first byte of theirs.
        let a = fa.at_start(&bytes);
        let t = fb.at_start(&bytes);
        unsafe {
            assert!((b.find_byte)(a, absent, len).is_null());
            assert!((b.find_last_byte)(a, absent, len).is_null());
            assert_eq!((b.compare_bytes)(a, t, len), 0);
            (b.copy_forward)(t, a, len);
            (b.copy_backward)(t, a, len);
            (b.set_bytes)(t, 7, len);
        }
        // Strings whose terminator is the last byte of the page, both strings at unrelated
        // offsets from their page ends.
        let mut text = bytes.clone();
        text.push(0);
        let a = fa.at_end(&text);
        let shift = rng.below(64);
        let mut padded = text.clone();
        padded.extend((0..shift).map(|_| rng.byte()));
        let t = fb.at_end(&padded);
        unsafe {
            assert_eq!((b.c_string_length)(a), len);
            assert_eq!(offset((b.find_byte_or_nul)(a, 0), a), Some(len));
            assert_eq!(offset((b.find_byte_or_nul)(a, absent.wrapping_sub(1)), a), Some(len.min(
                bytes.iter().position(|&x| x == 0xff).unwrap_or(len))));
            assert_eq!(offset((b.find_byte)(a, 0, usize::MAX), a), Some(len));
            assert_eq!((b.compare_strings)(a, t, usize::MAX), 0, "len {len} shift {shift}");
            assert_eq!((b.compare_strings)(t, a, usize::MAX), 0, "len {len} shift {shift}");
            assert_eq!((b.compare_c_strings)(a, t), 0, "len {len} shift {shift}");
            assert_eq!((b.compare_c_strings)(t, a), 0, "len {len} shift {shift}");
            if len > 0 {
                // A shorter second string that ends at its page end.
                let u = fb.at_end(&text[len - 1..]);
                let want = compare_strings_reference(&text, &text[len - 1..], usize::MAX);
                assert_eq!((b.compare_strings)(a, u, usize::MAX), want);
                assert_eq!((b.compare_c_strings)(a, u), want);
            }
        }
        // Wide strings ending at the page end.
        if len <= 150 {
            let mut units: Vec<u8> = (0..len).flat_map(|i| (0x10000 + i as u32).to_ne_bytes()).collect();
            units.extend(0u32.to_ne_bytes());
            let w = fa.at_end(&units).cast::<u32>();
            unsafe {
                assert_eq!((b.wide_length)(w), len);
                assert!((b.find_wide)(w, 5, len).is_null());
                assert_eq!(((b.find_wide)(w, 0, usize::MAX).addr() - w.addr()) / 4, len);
            }
        }
    }
}

fn random_long(b: &Backend) {
    let mut rng = Rng::new(0x10c);
    for _ in 0..rounds(1500) {
        let len = rng.below(4096);
        let (sa, da) = (rng.below(64), rng.below(64));
        let src: Vec<u8> = (0..len + 64).map(|_| if rng.below(300) == 0 { 0 } else { rng.letter() }).collect();
        let mut dst = vec![0x11u8; len + 128];
        unsafe { (b.copy_forward)(dst[da..].as_mut_ptr(), src[sa..].as_ptr(), len) };
        assert_eq!(&dst[da..da + len], &src[sa..sa + len]);
        unsafe { (b.set_bytes)(dst[da..].as_mut_ptr(), 9, len) };
        assert!(dst[da..da + len].iter().all(|&x| x == 9));
        let mut other = src.clone();
        if len > 0 {
            other[sa + rng.below(len)] ^= 0x21;
        }
        let want = compare_bytes_reference(&src[sa..sa + len], &other[sa..sa + len]);
        assert_eq!(unsafe { (b.compare_bytes)(src[sa..].as_ptr(), other[sa..].as_ptr(), len) }, want);
        let c = rng.letter();
        let s = &src[sa..sa + len];
        assert_eq!(offset(unsafe { (b.find_byte)(s.as_ptr(), c, len) }, s.as_ptr()), s.iter().position(|&x| x == c));
        assert_eq!(offset(unsafe { (b.find_last_byte)(s.as_ptr(), c, len) }, s.as_ptr()), s.iter().rposition(|&x| x == c));
        let mut z = src.clone();
        z.push(0);
        let zs = &z[sa..];
        let strlen = zs.iter().position(|&x| x == 0).unwrap();
        assert_eq!(unsafe { (b.c_string_length)(zs.as_ptr()) }, strlen);
        let mut o = z.clone();
        let ob = &mut o[sa..];
        if strlen > 0 && rng.below(2) == 0 {
            ob[rng.below(strlen)] = rng.letter();
        }
        let want = compare_strings_reference(zs, &o[sa..], usize::MAX);
        assert_eq!(unsafe { (b.compare_strings)(zs.as_ptr(), o[sa..].as_ptr(), usize::MAX) }, want);
        assert_eq!(unsafe { (b.compare_c_strings)(zs.as_ptr(), o[sa..].as_ptr()) }, want);
    }
}

/// Copies and fills around the sizes where the x86_64 backends hand over to `rep movsb` /
/// `rep stosb` (64 KiB, 1 MiB), disjoint and overlapping.
fn long_runs(b: &Backend) {
    let mut rng = Rng::new(0x1060);
    let big = (1 << 20) + 4096;
    let src: Vec<u8> = (0..big).map(|_| rng.byte()).collect();
    let mut dst = vec![0u8; big];
    // Around `rep movsb`'s hand-over (half the L1d on x86_64) and `rep stosb`'s (1 MiB).
    #[cfg(target_arch = "x86_64")]
    let movsb = crate::arch::x86_64::cpu::l1d_bytes() / 2;
    #[cfg(not(target_arch = "x86_64"))]
    let movsb = 24 << 10;
    for n in [movsb - 1, movsb, movsb + 5, 64 << 10, (1 << 20) - 1, 1 << 20, (1 << 20) + 3] {
        let (sa, da) = (rng.below(64), rng.below(64));
        unsafe { (b.copy_forward)(dst[da..].as_mut_ptr(), src[sa..].as_ptr(), n) };
        assert!(dst[da..da + n] == src[sa..sa + n], "copy {n}");
        unsafe { (b.set_bytes)(dst[da..].as_mut_ptr(), 0x5a, n) };
        assert!(dst[da..da + n].iter().all(|&x| x == 0x5a), "set {n}");
        // Overlapping moves both ways, by a small and a large distance.
        for shift in [1, 33, 4000] {
            if n + shift > big {
                continue;
            }
            let mut buf = src.clone();
            move_bytes(b, buf[shift..].as_mut_ptr(), buf.as_ptr(), n);
            assert!(buf[shift..shift + n] == src[..n], "move up {n} by {shift}");
            let mut buf = src.clone();
            move_bytes(b, buf.as_mut_ptr(), buf[shift..].as_ptr(), n);
            assert!(buf[..n] == src[shift..shift + n], "move down {n} by {shift}");
        }
    }
}

fn find_pairs(b: &Backend) {
    let mut rng = Rng::new(0x9a1);
    for _ in 0..rounds(5000) {
        let len = 1 + rng.below(300);
        let hay: Vec<u8> = (0..len + 64).map(|_| rng.letter()).collect();
        let m = 1 + rng.below(8);
        let o1 = rng.below(m);
        let o2 = rng.below(m);
        let pick = |rng: &mut Rng| {
            let x = rng.letter() as u32;
            if rng.below(2) == 0 { [x, x] } else { [x, rng.letter() as u32] }
        };
        let pair = Pair { offsets: [o1, o2], first: pick(&mut rng), second: pick(&mut rng) };
        let to = len.saturating_sub(m) + 1;
        let from = rng.below(to + 1);
        let want = (from..to)
            .find(|&j| pair.first_matches(hay[j + o1] as u32) && pair.second_matches(hay[j + o2] as u32))
            .unwrap_or(to);
        assert_eq!(unsafe { (b.find_pair_bytes)(hay.as_ptr(), from, to, &pair) }, want, "{pair:?} from {from} to {to}");
        let wide: Vec<u32> = hay.iter().map(|&x| x as u32 * 0x0100_0001).collect();
        let wpair = Pair {
            offsets: pair.offsets,
            first: pair.first.map(|x| x * 0x0100_0001),
            second: pair.second.map(|x| x * 0x0100_0001),
        };
        assert_eq!(unsafe { (b.find_pair_wide)(wide.as_ptr().cast(), from, to, &wpair) }, want, "wide {pair:?}");
    }
}
