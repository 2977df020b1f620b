//! Tests of the scanf core against musl's results (each expectation was read off a
//! musl-gcc program), through the Rust API and through the C entry points.
use core::ffi::{c_char, c_int, c_void};

use super::*;
use crate::fclose::fclose;
use crate::fgetc::fgetc;
use crate::file::FILE;
use crate::ftell::ftell;
use crate::testutil::{Pipe, TmpFile, errno};
use crate::variadic::{fscanf, sscanf};
use limpet_va::VaListState;
use limpet_syscall::errno::{EINVAL, ERANGE};

/// Up to eight 32-byte destinations, filled with 0xa5 so that untouched bytes show.
struct Dests([[u8; 32]; 8]);

impl Dests {
    fn new() -> Dests {
        Dests([[0xa5; 32]; 8])
    }

    fn ptrs(&mut self) -> [*mut c_void; 8] {
        core::array::from_fn(|i| self.0[i].as_mut_ptr().cast())
    }

    fn i32(&self, i: usize) -> i32 {
        i32::from_le_bytes(self.0[i][..4].try_into().unwrap())
    }

    fn u64(&self, i: usize) -> u64 {
        u64::from_le_bytes(self.0[i][..8].try_into().unwrap())
    }

    fn f32(&self, i: usize) -> f32 {
        f32::from_bits(self.i32(i) as u32)
    }

    fn f64(&self, i: usize) -> f64 {
        f64::from_bits(self.u64(i))
    }

    /// The bytes of destination `i` up to its last changed one.
    fn bytes(&self, i: usize) -> &[u8] {
        let last = self.0[i].iter().rposition(|&b| b != 0xa5).map_or(0, |p| p + 1);
        &self.0[i][..last]
    }
}

/// sscanf through the Rust API: the result, the bytes consumed, and the destinations.
fn run(input: &str, fmt: &str) -> (c_int, usize, Dests) {
    let mut d = Dests::new();
    let ptrs = d.ptrs();
    let mut src = StrInput::new(input.as_bytes());
    let r = unsafe { scan(fmt.as_bytes(), &mut src, &mut PtrList::new(&ptrs)) };
    (r, src.consumed(), d)
}

#[test]
fn integers_wrap_and_saturate_as_in_musl() {
    let (r, _, d) = run("42 -42 +7 0x1F 017 019", "%d %u %i %i %i %i");
    assert_eq!(r, 6);
    assert_eq!([d.i32(0), d.i32(1), d.i32(2), d.i32(3), d.i32(4), d.i32(5)], [42, -42, 7, 31, 15, 1]);
    let (r, _, d) = run("300 -129 70000 4294967296", "%hhd %hhd %hd %d");
    assert_eq!((r, d.bytes(0), d.bytes(1), d.bytes(2), d.i32(3)), (4, &[44u8][..], &[127u8][..], &[0x70u8, 0x11][..], 0));
    // Past 64 bits: ULLONG_MAX whatever the sign, and ERANGE.
    let (r, _, d) = run("18446744073709551616 -18446744073709551616", "%llu %lld");
    assert_eq!((r, d.u64(0), d.u64(1), errno()), (2, u64::MAX, u64::MAX, ERANGE));
    let (r, _, d) = run("-9223372036854775808 18446744073709551615", "%jd %zu");
    assert_eq!((r, d.u64(0), d.u64(1)), (2, 1 << 63, u64::MAX));
    // `%Ld` stores nothing but counts.
    let (r, _, d) = run("5", "%Ld");
    assert_eq!((r, d.bytes(0)), (1, &[][..]));
    let (r, _, d) = run("0x1234abcd 0", "%p %p");
    assert_eq!((r, d.u64(0), d.u64(1)), (2, 0x1234abcd, 0));
}

#[test]
fn failed_integer_prefixes_stay_consumed() {
    // "0x" before a non-digit: a matching failure after both bytes, errno untouched.
    limpet_syscall::set_errno(0);
    assert_eq!(run("0xg", "%x").0, 0);
    assert_eq!((run("0xg", "%x").1, errno()), (2, 0));
    assert_eq!(run("0xg", "%i").1, 2);
    // A sign alone: consumed, EINVAL.
    let (r, n, _) = run("+-1", "%d");
    assert_eq!((r, n, errno()), (0, 1, EINVAL));
    // "0" then a non-x: the zero is the number.
    let (r, n, d) = run("0q", "%x");
    assert_eq!((r, n, d.i32(0)), (1, 1, 0));
    // Octal stops at 8; the width cuts "0x1" before its digit.
    let (r, _, d) = run("089", "%i%d");
    assert_eq!((r, d.i32(0), d.i32(1)), (2, 0, 89));
    assert_eq!(run("0x1", "%2i").0, 0);
    let (r, _, d) = run("12345", "%3d%d");
    assert_eq!((r, d.i32(0), d.i32(1)), (2, 123, 45));
}

#[test]
fn floats_in_every_form() {
    let (r, _, d) = run("1.5 -0 0x1.8p3 0X.8P-2 .5 5.", "%f %le %la %lA %lf %lf");
    assert_eq!((r, d.f32(0), d.f64(1).to_bits(), d.f64(2), d.f64(3), d.f64(4), d.f64(5)), (6, 1.5, (-0.0f64).to_bits(), 12.0, 0.125, 0.5, 5.0));
    let (r, _, d) = run("INFINITY -inf nan -nan(0x12) infx", "%F %lE %lf %lf %f");
    assert_eq!((r, d.f32(0), d.f64(1)), (5, f32::INFINITY, f64::NEG_INFINITY));
    // musl's NaN is positive, whatever the sign.
    assert_eq!((d.u64(2), d.u64(3)), (0x7ff8_0000_0000_0000, 0x7ff8_0000_0000_0000));
    let (r, _, d) = run("0.1 0.1 1e400 4.9406564584124654e-324", "%f %lf %lf %lg");
    assert_eq!((r, d.f32(0), d.f64(1), d.f64(2), d.f64(3)), (4, 0.1f32, 0.1f64, f64::INFINITY, f64::from_bits(1)));
    // Correct rounding of a long halfway case, just above and exactly on it.
    let (_, _, d) = run("1.000000000000000111022302462515654042363166809082031250000000001", "%lf");
    assert_eq!(d.f64(0), 1.0000000000000002);
    let (_, _, d) = run("1.00000000000000011102230246251565404236316680908203125", "%lf");
    assert_eq!(d.f64(0), 1.0);
    // `%Lf` writes the x87 format's 10 bytes and leaves the padding.
    let (_, _, d) = run("-2.5", "%Lf");
    assert_eq!(d.bytes(0), &[0, 0, 0, 0, 0, 0, 0, 0xa0, 0x00, 0xc0][..]);
    let (_, _, d) = run("3.6e-4951 1.19e4933", "%Lf %Lf");
    assert_eq!((d.bytes(0), d.bytes(1)), (&[1, 0, 0, 0, 0, 0, 0, 0, 0, 0][..], &[0, 0, 0, 0, 0, 0, 0, 0x80, 0xff, 0x7f][..]));
    // Lengths other than none, l (z, t) and L read nothing and fail to match.
    assert_eq!(run("1.5", "%hf").0, 0);
    assert_eq!(run("1.5", "%llf").0, 0);
    assert_eq!(run("1.5", "%zf").0, 1);
}

#[test]
fn failed_float_prefixes_stay_consumed() {
    for (input, used) in [("1e+x", 3), ("1ex", 2), ("infinitx", 7), ("nan(ab", 6), ("nan(a b)", 5), ("0x.p", 3), ("-.", 2), (".e5", 1), ("na", 2)] {
        let (r, n, _) = run(input, "%lf");
        assert_eq!((r, n), (0, used), "{input}");
    }
    for (input, used) in [("infx", 3), ("nanx", 3), ("nan()", 5), ("1e5x", 3), ("1.2.3", 3), ("0x1p", 0)] {
        let (r, n, _) = run(input, "%lf");
        if used == 0 {
            assert_eq!(r, 0, "{input}");
        } else {
            assert_eq!((r, n), (1, used), "{input}");
        }
    }
    let (r, n, d) = run("1e+5", "%4lf");
    assert_eq!((r, n, d.f64(0)), (1, 4, 1e5));
    assert_eq!(run("1e+5", "%3lf").0, 0);
    assert_eq!(run("1e+5", "%3lf").1, 3);
}

#[test]
fn strings_chars_and_sets() {
    let (r, n, d) = run("  hello world", "%s");
    assert_eq!((r, n, d.bytes(0)), (1, 7, &b"hello\0"[..]));
    let (r, _, d) = run("hello", "%3s");
    assert_eq!((r, d.bytes(0)), (1, &b"hel\0"[..]));
    // `%c` stores no NUL, skips no white space, and wants its whole width.
    let (r, _, d) = run(" xyz", "%3c");
    assert_eq!((r, d.bytes(0)), (1, &b" xy"[..]));
    let (r, _, d) = run("ab", "%3c");
    assert_eq!((r, d.bytes(0)), (0, &b"ab"[..]));
    for (input, fmt, want) in [
        ("abcxyz", "%[a-c]", &b"abc\0"[..]),
        ("]]a", "%[]]", b"]]\0"),
        ("^-x", "%[-^]", b"^-\0"),
        ("abc]", "%[^]]", b"abc\0"),
        ("a-z", "%[a-]", b"a-\0"),
        ("\u{e9}x", "%[\u{c3}\u{a9}]", b"\xc3\xa9\0"),
    ] {
        let (_, _, d) = run(input, fmt);
        assert_eq!(d.bytes(0), want, "{fmt}");
    }
    // A descending range holds only its two ends.
    assert_eq!(run("zay-", "%[z-a]").2.bytes(0), b"za\0");
    // Without its `]` the set is a format error.
    assert_eq!(run("abc", "%[abc").0, -1);
    assert_eq!(run("", "%[a]").0, -1);
    // The wide forms store the C locale's wchar_t: bytes above 0x7f as 0xdf80 + (b - 0x80).
    let (r, _, d) = run("a\u{e9} ", "%ls");
    assert_eq!((r, d.bytes(0)), (1, &[0x61, 0, 0, 0, 0xc3, 0xdf, 0, 0, 0xa9, 0xdf, 0, 0, 0, 0, 0, 0][..]));
    let (r, _, d) = run("qr s", "%C%S");
    assert_eq!((r, d.bytes(0), d.bytes(1)), (2, &[0x71, 0, 0, 0][..], &[0x72, 0, 0, 0, 0, 0, 0, 0][..]));
}

unsafe extern "C" {
    fn free(p: *mut c_void);
}

/// The string `%m` allocated at `p`, freed.
///
/// # Safety
/// `p` came from `malloc` and holds `n` bytes, or a NUL-terminated string when `n` is None.
unsafe fn take_alloc(p: *mut u8, n: Option<usize>) -> Vec<u8> {
    let n = n.unwrap_or_else(|| unsafe { core::ffi::CStr::from_ptr(p.cast()) }.to_bytes().len());
    let v = unsafe { core::slice::from_raw_parts(p, n) }.to_vec();
    unsafe { free(p.cast()) };
    v
}

#[test]
fn allocating_conversions() {
    let mut p: *mut u8 = core::ptr::dangling_mut::<u8>();
    let pp = [(&raw mut p).cast::<c_void>()];
    let go = |input: &[u8], fmt: &str| unsafe { scan(fmt.as_bytes(), &mut StrInput::new(input), &mut PtrList::new(&pp)) };
    assert_eq!(go(b"  allocated! x", "%ms"), 1);
    assert_eq!(unsafe { take_alloc(p, None) }, b"allocated!");
    p = core::ptr::dangling_mut::<u8>();
    // A failed conversion frees its array and leaves the pointer alone.
    assert_eq!(go(b"ab", "%3mc"), 0);
    assert_eq!(go(b"xyz", "%m[a-c]"), 0);
    assert_eq!(go(b"", "%ms"), -1);
    assert_eq!(p, core::ptr::dangling_mut::<u8>());
    // `m` goes before the width's end: `%m3c` is a format error.
    assert_eq!(go(b"abc", "%m3c"), -1);
    assert_eq!(go(b"abc", "%2mc"), 1);
    assert_eq!(unsafe { take_alloc(p, Some(2)) }, b"ab");
    let long = vec![b'k'; 3000];
    assert_eq!(go(&long, "%ms"), 1);
    assert_eq!(unsafe { take_alloc(p, None) }.len(), 3000);
    assert_eq!(go(b"wide", "%mls"), 1);
    let w = unsafe { take_alloc(p, Some(20)) };
    assert_eq!(w, [b'w', 0, 0, 0, b'i', 0, 0, 0, b'd', 0, 0, 0, b'e', 0, 0, 0, 0, 0, 0, 0]);
    // Suppressed, it allocates nothing and takes no pointer.
    assert_eq!(go(b"skip me", "%*ms %ms"), 1);
    assert_eq!(unsafe { take_alloc(p, None) }, b"me");
}

#[test]
fn results_and_failures() {
    for (input, fmt, want) in [
        ("", "%d", -1),
        ("   ", "%d", -1),
        ("", "", 0),
        ("", "%n", 0),
        // Suppressed conversions do not count, so the input failure is EOF.
        ("1", "%*d %d", -1),
        ("x", "%d", 0),
        ("", "x", -1),
        ("1", "%dx", 1),
        ("1", "%y", -1),
        ("1 2", "%d %y", 1),
        ("  % 5", "%% %d", 1),
        ("1", "%qd", -1),
        ("1", "%d%", 1),
        ("4", "%10$d", -1),
        // After a length modifier an unknown letter reads nothing and counts.
        ("  5", "%hy", 1),
    ] {
        assert_eq!(run(input, fmt).0, want, "{input:?} {fmt:?}");
    }
    // `%n` stores the bytes consumed so far and is not counted.
    let (r, _, d) = run("12 34", "%d%n %d%n");
    assert_eq!((r, d.i32(1), d.i32(3)), (2, 2, 5));
    let (r, _, d) = run("  5", "%hy%n");
    assert_eq!((r, d.i32(1)), (1, 2));
}

#[test]
fn positions_count_from_the_arguments_not_yet_taken() {
    let (r, _, d) = run("1 2 3", "%3$d %1$d %2$d");
    assert_eq!((r, d.i32(0), d.i32(1), d.i32(2)), (3, 2, 3, 1));
    // After one argument taken in order, %1$ is the next one.
    let (r, _, d) = run("7 8", "%d %1$d");
    assert_eq!((r, d.i32(0), d.i32(1)), (2, 7, 8));
    let (r, _, d) = run("4 5", "%1$d %1$d");
    assert_eq!((r, d.i32(0), d.bytes(1)), (2, 5, &[][..]));
}

#[test]
fn c_entry_points_take_variadic_arguments() {
    type Sscanf = unsafe extern "C" fn(*const c_char, *const c_char, ...) -> c_int;
    let f: Sscanf = unsafe { core::mem::transmute(sscanf as *const ()) };
    let mut v = [0i32; 12];
    let p: [*mut i32; 12] = core::array::from_fn(|i| &raw mut v[i]);
    let r = unsafe {
        f(c"1 2 3 4 5 6 7 8 9 10 11 12".as_ptr(), c"%d %d %d %d %d %d %d %d %d %d %d %d".as_ptr(), p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11])
    };
    assert_eq!((r, v), (12, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]));
    // Positions past the registers, counted from a copy of the list.
    let r = unsafe { f(c"a b".as_ptr(), c"%9$d %1$d".as_ptr(), p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]) };
    assert_eq!(r, 0);
    let r = unsafe { f(c"6 5".as_ptr(), c"%9$d %1$d".as_ptr(), p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]) };
    assert_eq!((r, v[8], v[0]), (2, 6, 5));
}

#[test]
fn a_va_list_already_partly_read() {
    let (mut a, mut b) = (0i32, 0i32);
    let mut save = [0u64; 22];
    save[5] = (&raw mut a) as u64;
    let stack = [(&raw mut b) as u64];
    let mut ap = VaListState { gp_offset: 40, fp_offset: 176, overflow_arg_area: stack.as_ptr() as *mut u8, reg_save_area: save.as_mut_ptr().cast() };
    let r = unsafe { vsscanf(c"3 4".as_ptr(), c"%d %d".as_ptr(), &mut ap) };
    assert_eq!((r, a, b), (2, 3, 4));
    let mut ap = VaListState { gp_offset: 40, fp_offset: 176, overflow_arg_area: stack.as_ptr() as *mut u8, reg_save_area: save.as_mut_ptr().cast() };
    let r = unsafe { vsscanf(c"9".as_ptr(), c"%2$d".as_ptr(), &mut ap) };
    assert_eq!((r, b), (1, 9));
    assert_eq!(ap.gp_offset, 40);
}

type Fscanf = unsafe extern "C" fn(*mut FILE, *const c_char, ...) -> c_int;

fn fsc() -> Fscanf {
    unsafe { core::mem::transmute(fscanf as *const ()) }
}

#[test]
fn the_unused_byte_stays_in_the_stream() {
    for (text, fmt, tell, next) in [
        (&b"123abc"[..], c"%d", 3, b'a' as c_int),
        (b"0xg", c"%x", 2, b'g' as c_int),
        (b"1e+x", c"%lf", 3, b'x' as c_int),
        (b"infx", c"%lf", 3, b'x' as c_int),
        (b"nan(ab", c"%lf", 6, -1),
        (b"b5", c"a%d", 0, b'b' as c_int),
    ] {
        let t = TmpFile::new("scanf-tell", Some(text));
        let f = t.open(c"r");
        let mut x = [0u64; 2];
        unsafe {
            fsc()(f, fmt.as_ptr(), x.as_mut_ptr());
            assert_eq!((ftell(f), fgetc(f)), (tell, next), "{fmt:?}");
            fclose(f);
        }
    }
}

#[test]
fn fscanf_on_pipes_buffered_and_not() {
    for unbuffered in [false, true] {
        let p = Pipe::new();
        std::fs::write(format!("/proc/self/fd/{}", p.wr), b"  -42 7x rest").unwrap();
        let mut buf = [0u8; crate::file::UNGET + 64];
        let (b, cap) = if unbuffered { (buf[crate::file::UNGET..].as_mut_ptr(), 0) } else { (buf[crate::file::UNGET..].as_mut_ptr(), 64) };
        let file = FILE::new(p.rd, b, cap, crate::file::F_NOWR);
        let fp = &file as *const FILE as *mut FILE;
        let (mut a, mut c) = (0i32, 0i32);
        let r = unsafe { fsc()(fp, c"%d %d".as_ptr(), &raw mut a, &raw mut c) };
        assert_eq!((r, a, c), (2, -42, 7));
        assert_eq!(unsafe { fgetc(fp) }, b'x' as c_int);
        assert_eq!(unsafe { fgetc(fp) }, b' ' as c_int);
    }
}

#[test]
fn write_only_and_finished_streams() {
    let t = TmpFile::new("scanf-wo", None);
    let f = t.open(c"w");
    let mut a = 0i32;
    unsafe {
        assert_eq!(fsc()(f, c"%d".as_ptr(), &raw mut a), -1);
        assert_eq!(crate::feof::ferror(f), 1);
        fclose(f);
    }
    let t = TmpFile::new("scanf-eof", Some(b"7"));
    let f = t.open(c"r");
    unsafe {
        assert_eq!(fsc()(f, c"%d".as_ptr(), &raw mut a), 1);
        assert_eq!(fsc()(f, c"%d".as_ptr(), &raw mut a), -1);
        assert_eq!(crate::feof::feof(f), 1);
        fclose(f);
    }
}

#[test]
fn float_fields_read_the_locale_radix() {
    use crate::printf::numeric::tests::CONVENTIONS;
    CONVENTIONS.set(Some((b",", b".", b"\x03")));
    let (n, used, d) = run("1,5 2.5", "%lf %lf");
    // "2" converts and the "." stops the field; the count says two.
    assert_eq!((n, used, d.f64(0), d.f64(1)), (2, 5, 1.5, 2.0));
    let (n, _, d) = run("-0,125e2 0x1,8p1", "%f %la");
    assert_eq!((n, d.f32(0), d.f64(1)), (2, -12.5, 3.0));
    // A multibyte radix is not read by the narrow fields.
    CONVENTIONS.set(Some(("\u{66b}".as_bytes(), b"", b"")));
    let (n, used, d) = run("1\u{66b}5", "%lf");
    assert_eq!((n, used, d.f64(0)), (1, 1, 1.0));
    CONVENTIONS.set(None);
    let (n, _, d) = run("1,5", "%lf");
    assert_eq!((n, d.f64(0)), (1, 1.0));
}
