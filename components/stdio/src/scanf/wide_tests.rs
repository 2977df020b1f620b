//! Tests of the wide scanner against musl's results (each expectation was read off a
//! musl-gcc program): strings in the C locale (the tests' locale), and streams whose
//! encoding is UTF-8, read through `%l` conversions and numbers, which do not depend on
//! the current locale.
use core::ffi::{c_int, c_void};

use super::*;
use crate::fclose::fclose;
use crate::feof::{feof, ferror};
use crate::fgetc::fgetc;
use crate::file::FILE;
use crate::ftell::ftell;
use crate::testutil::{TmpFile, errno};
use crate::wide::{Encoding, fgetwc, fwide};
use limpet_syscall::errno::EILSEQ;

type Fwscanf = unsafe extern "C" fn(*mut FILE, *const i32, ...) -> c_int;
type Swscanf = unsafe extern "C" fn(*const i32, *const i32, ...) -> c_int;

fn fwscanf() -> Fwscanf {
    unsafe { core::mem::transmute(crate::variadic::fwscanf as *const ()) }
}

fn w(s: &str) -> Vec<i32> {
    s.chars().map(|c| c as i32).collect()
}

fn wz(s: &str) -> Vec<i32> {
    let mut v = w(s);
    v.push(0);
    v
}

/// Eight 64-byte destinations filled with 0xa5, so untouched bytes show.
struct Dests([[u8; 64]; 8]);

impl Dests {
    fn new() -> Dests {
        Dests([[0xa5; 64]; 8])
    }

    fn ptrs(&mut self) -> [*mut c_void; 8] {
        core::array::from_fn(|i| self.0[i].as_mut_ptr().cast())
    }

    fn i32(&self, i: usize) -> i32 {
        i32::from_le_bytes(self.0[i][..4].try_into().unwrap())
    }

    fn f64(&self, i: usize) -> f64 {
        f64::from_le_bytes(self.0[i][..8].try_into().unwrap())
    }

    fn bytes(&self, i: usize) -> &[u8] {
        let last = self.0[i].iter().rposition(|&b| b != 0xa5).map_or(0, |p| p + 1);
        &self.0[i][..last]
    }

    /// Destination `i` read as wide characters up to its first NUL.
    fn wide(&self, i: usize) -> Vec<u32> {
        self.0[i].chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).take_while(|&c| c != 0).collect()
    }
}

/// swscanf through the Rust API: the result, the characters consumed, the destinations.
fn run(input: &[i32], fmt: &str) -> (c_int, usize, Dests) {
    run_w(input, &w(fmt))
}

fn run_w(input: &[i32], fmt: &[i32]) -> (c_int, usize, Dests) {
    let mut d = Dests::new();
    let ptrs = d.ptrs();
    let mut src = WideStrInput::new(input);
    let r = unsafe { wscan(fmt, &mut src, &mut PtrList::new(&ptrs)) };
    (r, src.consumed(), d)
}

#[test]
fn conversions_in_the_c_locale() {
    let (r, n, d) = run(&w("42 -7 0x1f 1.5 word xyz"), "%d%i%x%lf %s %2c");
    assert_eq!((r, n), (6, 22));
    assert_eq!((d.i32(0), d.i32(1), d.i32(2), d.f64(3)), (42, -7, 31, 1.5));
    assert_eq!((d.bytes(4), d.bytes(5)), (&b"word\0"[..], &b"xy"[..]));
    // `%l` conversions store wide characters; 0xdf80.. stand for the bytes 0x80..
    let (r, _, d) = run(&[0x61, 0xdf80, 0xdfff, 0x20, 0x62], "%ls %lc");
    assert_eq!((r, d.wide(0), d.i32(1)), (2, vec![0x61, 0xdf80, 0xdfff], 0x62));
    let (r, _, d) = run(&[0x61, 0xdf80, 0xdfff], "%s");
    assert_eq!((r, d.bytes(0)), (1, &[0x61, 0x80, 0xff, 0][..]));
    // `%n` counts characters; `%%` skips white space first.
    let (r, _, d) = run(&w("ab  %7"), "%2c%n %%%d%n");
    assert_eq!((r, d.i32(1), d.i32(2), d.i32(3)), (2, 2, 7, 6));
}

#[test]
fn unencodable_characters_end_the_string_where_their_piece_starts() {
    // 0x100 has no C-locale encoding: the piece it is in, here the whole string, is lost.
    limpet_syscall::set_errno(0);
    let (r, n, d) = run(&[0x61, 0x62, 0x100], "%ls");
    assert_eq!((r, n, d.bytes(0), errno()), (-1, 0, &[][..], EILSEQ));
    // 300 ASCII characters then 0x100: the first 256-byte piece is read, the rest lost.
    let mut long = vec![0x61; 300];
    long.push(0x100);
    let mut out = vec![0i32; 400];
    let mut n: c_int = -1;
    let ptrs = [out.as_mut_ptr().cast(), (&raw mut n).cast()];
    let r = unsafe { wscan(&w("%ls%n"), &mut WideStrInput::new(&long), &mut PtrList::new(&ptrs)) };
    assert_eq!((r, n, errno()), (1, 256, EILSEQ));
    assert_eq!((out[255], out[256]), (0x61, 0));
}

#[test]
fn wide_sets_and_unknown_conversions() {
    let (r, n, d) = run_w(&[0xdf81, 0xdf85, 0x2d, 0x78], &[0x25, 0x6c, 0x5b, 0xdf80, 0x2d, 0xdf90, 0x2d, 0x5d]);
    assert_eq!((r, n, d.wide(0)), (1, 3, vec![0xdf81, 0xdf85, 0x2d]));
    let (r, _, d) = run(&w("ab]c"), "%l[]a-b]");
    assert_eq!((r, d.wide(0)), (1, vec![0x61, 0x62, 0x5d]));
    let (r, _, d) = run(&w("xyz"), "%l[^z]%lc");
    assert_eq!((r, d.wide(0), &d.0[1][..8]), (2, vec![0x78, 0x79], &[0x7a, 0, 0, 0, 0xa5, 0xa5, 0xa5, 0xa5][..]));
    // An unknown conversion is a format failure even after a length (1: one assignment).
    assert_eq!(run(&w("12 x"), "%d %lq").0, 1);
    assert_eq!(run(&w("x"), "%lq").0, -1);
    // `%hs` reads and counts but stores nothing.
    let (r, _, d) = run(&w("12 x"), "%d %hs");
    assert_eq!((r, d.bytes(1)), (2, &[][..]));
    // `%[` without its `]`, and the end before a conversion: -1.
    assert_eq!(run(&w("abc"), "%[abc").0, -1);
    assert_eq!(run(&w("   "), "%d").0, -1);
    assert_eq!(run(&w(""), "  ").0, 0);
    // A width below 1 is no limit for numbers and strings.
    let (r, _, d) = run(&w("12345"), "%0d");
    assert_eq!((r, d.i32(0)), (1, 12345));
}

#[test]
fn musl_white_space() {
    for c in [0x85, 0x2000, 0x2006, 0x2008, 0x200a, 0x2028, 0x2029, 0x205f, 0x3000, 9, 13, 32] {
        assert!(wide::is_wspace(c), "{c:x}");
    }
    for c in [0x1680, 0x2007, 0x180e, 0xa0, 0x200b, 0, 0xdf85] {
        assert!(!wide::is_wspace(c), "{c:x}");
    }
}

#[test]
fn alloc_conversions() {
    let mut p: *mut i32 = core::ptr::null_mut();
    let mut q: *mut u8 = core::ptr::null_mut();
    let ptrs = [(&raw mut p).cast(), (&raw mut q).cast()];
    let input: Vec<i32> = (0..100).map(|i| 0x41 + i % 26).chain([0x20, 0x7a, 0xdf99]).collect();
    let r = unsafe { wscan(&w("%mls %ms"), &mut WideStrInput::new(&input), &mut PtrList::new(&ptrs)) };
    assert_eq!(r, 2);
    unsafe {
        assert_eq!(core::slice::from_raw_parts(p, 101)[..], input[..100].iter().copied().chain([0]).collect::<Vec<_>>()[..]);
        assert_eq!(core::slice::from_raw_parts(q, 3), &[0x7a, 0x99, 0]);
        unsafe extern "C" {
            fn free(p: *mut c_void);
        }
        free(p.cast());
        free(q.cast());
    }
}

/// A UTF-8 stream over `contents`.
fn utf8_file(tag: &str, contents: &[u8]) -> (TmpFile, *mut FILE) {
    let t = TmpFile::new(tag, Some(contents));
    let f = t.open(c"r");
    unsafe { (*f).unlocked().encoding = Encoding::Utf8 };
    (t, f)
}

#[test]
fn streams_decode_and_give_back_one_character() {
    let (_t, f) = utf8_file("wscanf1", "ab\u{e9}\u{20ac}1 x23\u{e9}z\u{3000}9".as_bytes());
    let mut s = [0i32; 16];
    let mut c = [0i32; 2];
    let (mut a, mut b) = (0i32, 0i32);
    unsafe {
        let r = fwscanf()(f, wz("%l[a-\u{ff}]%lc%d x%d").as_ptr(), s.as_mut_ptr(), c.as_mut_ptr(), &mut a, &mut b);
        assert_eq!((r, &s[..4], c[0], a, b), (4, &[0x61, 0x62, 0xe9, 0][..], 0x20ac, 1, 23));
        // The é that ended the number is still there, whole.
        assert_eq!(fgetwc(f), 0xe9);
        assert_eq!(fwide(f, 0), 1);
        // U+3000 is white space to a wide directive.
        let r = fwscanf()(f, wz("z %d").as_ptr(), &mut a);
        assert_eq!((r, a, feof(f)), (1, 9, 1));
        assert_eq!(fwscanf()(f, wz("%d").as_ptr(), &mut a), -1);
        fclose(f);
    }
}

#[test]
fn streams_with_bad_bytes() {
    // A bad lead byte where a field starts is an input failure, consumed.
    let (_t, f) = utf8_file("wscanf2", b"\xff12 ab\xffcd");
    let mut a = 0i32;
    let mut s = [0i32; 8];
    unsafe {
        assert_eq!(fwscanf()(f, wz("%d").as_ptr(), &mut a), -1);
        assert_eq!(errno(), EILSEQ);
        assert_eq!(ftell(f), 1);
        // Inside a string it ends the field, which still matches.
        let r = fwscanf()(f, wz("%d %ls").as_ptr(), &mut a, s.as_mut_ptr());
        assert_eq!((r, a, &s[..3]), (2, 12, &[0x61, 0x62, 0][..]));
        assert_eq!(fgetc(f), i32::from(b'c'));
        assert_eq!(ferror(f), 0);
        fclose(f);
    }
    // A numeric field reads bytes: the 0xff after the digits is given back as it was.
    let (_t, f) = utf8_file("wscanf3", b"12\xff");
    unsafe {
        assert_eq!(fwscanf()(f, wz("%d").as_ptr(), &mut a), 1);
        assert_eq!((a, fgetc(f)), (12, 0xff));
        fclose(f);
    }
    // A write-only stream: nothing to read, but white space alone matches.
    let t = TmpFile::new("wscanf4", None);
    let f = t.open(c"w");
    unsafe {
        assert_eq!(fwscanf()(f, wz(" ").as_ptr()), 0);
        assert_eq!(fwscanf()(f, wz("%d").as_ptr(), &mut a), -1);
        assert_eq!(fwide(f, 0), 1);
        fclose(f);
    }
}

#[test]
fn the_trampolines() {
    let mut v = [0i32; 9];
    let src = wz("1 2 3 4 5 6 7 8 9");
    let fmt = wz("%d %d %d %d %d %d %d %d %d");
    let p: [*mut i32; 9] = core::array::from_fn(|i| unsafe { v.as_mut_ptr().add(i) });
    let swscanf: Swscanf = unsafe { core::mem::transmute(crate::variadic::swscanf as *const ()) };
    let isoc: Swscanf = unsafe { core::mem::transmute(crate::variadic::__isoc99_swscanf as *const ()) };
    let r = unsafe { swscanf(src.as_ptr(), fmt.as_ptr(), p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]) };
    assert_eq!((r, v), (9, [1, 2, 3, 4, 5, 6, 7, 8, 9]));
    let r = unsafe { isoc(wz("5 6").as_ptr(), wz("%2$d %d").as_ptr(), p[0], p[1]) };
    assert_eq!((r, v[0], v[1]), (2, 6, 5));
}
