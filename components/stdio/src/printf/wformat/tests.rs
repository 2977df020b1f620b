//! The wide core through `buf_wprintf` (swprintf's contract), in the C locale. Expected
//! results are musl's (musl-gcc builds of the same calls). The UTF-8 locale is covered by
//! the C programs (`tests/c/stdio_wprintf_*.c`): switching a test thread's locale would
//! switch it for the whole test process, since these tests do not run on limpet's threads.
use limpet_syscall::errno::{EILSEQ, EINVAL, ENOENT, EOVERFLOW};

use crate::printf::{Arg, ArgList};
use crate::testutil::errno;
use crate::wprintf::buf_wprintf;

fn w(s: &str) -> Vec<i32> {
    s.chars().map(|c| c as i32).collect()
}

/// swprintf into `n` characters pre-filled with '*'; the result and the whole buffer.
fn sw(n: usize, fmt: &str, args: &[Arg]) -> (Result<usize, i32>, Vec<i32>) {
    let mut buf = vec![0x2a; n];
    let r = unsafe { buf_wprintf(&mut buf, &w(fmt), &mut ArgList::new(args)) };
    (r, buf)
}

/// The buffer up to its terminator, as a string.
fn text(buf: &[i32]) -> String {
    buf.iter().take_while(|&&c| c != 0).map(|&c| char::from_u32(c as u32).unwrap()).collect()
}

fn set_errno(e: i32) {
    limpet_syscall::set_errno(e);
}

#[test]
fn numeric_fields_come_from_the_narrow_core() {
    let (r, b) = sw(64, "<%5d|%-4x|%#o|%+.3f|%e|%lld|%hhu>", &[
        Arg::Int(42), Arg::Int(255), Arg::Int(8), Arg::F64(2.25031), Arg::F64(1e10), Arg::Int(-5), Arg::Int(300),
    ]);
    assert_eq!((r, text(&b).as_str()), (Ok(42), "<   42|ff  |010|+2.250|1.000000e+10|-5|44>"));
    let (r, b) = sw(64, "%%|%3$s %1$*2$d|%*m", &[Arg::Int(7), Arg::Int(4), Arg::Str(c"x"), Arg::Int(0)]);
    // `%*m` takes no argument in order but its `*`: the format is not positional after all.
    assert_eq!(r.err(), Some(EINVAL), "positions and `*` mixed");
    let _ = b;
    set_errno(ENOENT);
    let (r, b) = sw(64, "-%*m|%.2m", &[Arg::Int(27)]);
    assert_eq!((r, text(&b).as_str()), (Ok(31), "-  No such file or directory|No"));
}

#[test]
fn swprintf_sizes_and_truncation() {
    assert_eq!(sw(4, "abcdef", &[]), (Err(0), w("abc\0")));
    assert_eq!(sw(4, "abc", &[]), (Ok(3), w("abc\0")));
    assert_eq!(sw(1, "abc", &[]), (Err(0), w("\0")));
    assert_eq!(sw(0, "abc", &[]), (Err(0), w("")));
    // An invalid conversion fails before any output, and the buffer is terminated.
    assert_eq!(sw(5, "ab%yc", &[]), (Err(EINVAL), w("\0****")));
    assert_eq!(sw(9, "ab%dc%y", &[Arg::Int(4)]), (Err(EINVAL), w("ab4c\0****")));
    // A gap in the positions fails without an errno.
    assert_eq!(sw(3, "%2$d", &[Arg::Int(1), Arg::Int(2)]).0, Err(0));
    // Characters past 0x7f in the format are literal text, never part of a specification.
    assert_eq!(sw(5, "a%\u{e9}", &[]).0, Err(EINVAL));
}

#[test]
fn characters_as_musl_writes_them() {
    // %c is btowc of a signed char, padded with spaces whatever the flags.
    assert_eq!(sw(20, "[%3c|%-3c|%03c]", &[Arg::Int(120), Arg::Int(121), Arg::Int(122)]), (Ok(13), {
        let mut v = w("[  x|y  |  z]\0");
        v.resize(20, 0x2a);
        v
    }));
    let (r, b) = sw(8, "%c%c%c", &[Arg::Int(0xe9), Arg::Int(0x141), Arg::Int(0xfe)]);
    assert_eq!((r, &b[..4]), (Ok(3), &[0xdfe9, 0x41, 0xdffe, 0][..]));
    set_errno(0);
    let (r, b) = sw(8, "a%cb", &[Arg::Int(0xff)]);
    assert_eq!((r, &b[..2], errno()), (Err(0), &[0x61, 0][..], EILSEQ));
    // %lc ignores the width and counts one.
    let (r, b) = sw(12, "[%3lc|%-3lc|%C]", &[Arg::Int(120), Arg::Int(121), Arg::Int(0xdf80)]);
    assert_eq!((r, &b[..8]), (Ok(7), &[0x5b, 0x78, 0x7c, 0x79, 0x7c, 0xdf80, 0x5d, 0][..]));
    // A L'\0' in the output fills the rest of the buffer.
    assert_eq!(sw(6, "[%c]", &[Arg::Int(0)]), (Ok(3), vec![0x5b, 0, 0, 0, 0, 0]));
    assert_eq!(sw(4, "[%lc]", &[Arg::Int(0)]), (Ok(3), vec![0x5b, 0, 0, 0]));
}

#[test]
fn strings_count_characters() {
    let ws = [0xdf80, 0x62, 0x63, 0];
    let (r, b) = sw(40, "[%.2s|%5.1s|%-4ls|%.1S|%s]", &[
        Arg::Str(c"xyz"), Arg::Str(c"\xe9"), Arg::Ptr(ws.as_ptr().cast()), Arg::Ptr(ws.as_ptr().cast()), Arg::Int(0),
    ]);
    let mut want = w("[xy|    ");
    want.push(0xdfe9);
    want.extend(w("|"));
    want.push(0xdf80);
    want.extend(w("bc |"));
    want.push(0xdf80);
    want.extend(w("|(null)]\0"));
    assert_eq!((r, &b[..want.len()]), (Ok(want.len() - 1), &want[..]));
    // A precision too large for an int is no precision for strings, EOVERFLOW for numbers.
    assert_eq!(sw(8, "[%.99999999999s]", &[Arg::Str(c"ab")]).0, Ok(4));
    let (r, b) = sw(8, "[%.99999999999d]", &[Arg::Int(3)]);
    assert_eq!((r, &b[..2]), (Err(EOVERFLOW), &[0x5b, 0][..]));
}

#[test]
fn pointers_print_as_narrow_printf_does() {
    // The standard's %p, not musl's (whose wide printf writes nothing for it).
    set_errno(0);
    let (r, b) = sw(8, "a%pb", &[Arg::Int(16)]);
    assert_eq!((r, text(&b).as_str(), errno()), (Ok(6), "a0x10b", 0));
    let mut n = 5i32;
    let (r, _) = sw(16, "xy%p%n", &[Arg::Int(1), Arg::Ptr((&raw mut n).cast())]);
    assert_eq!((r, n), (Ok(5), 5));
    let (r, b) = sw(16, "[%6p|%p]", &[Arg::Int(0x1f), Arg::Int(0)]);
    assert_eq!((r, text(&b).as_str()), (Ok(10), "[  0x1f|0]"));
}

#[test]
fn after_a_failure_only_characters_and_strings_still_land() {
    set_errno(0);
    let ws = w("c\0");
    let (r, b) = sw(20, "%lc%c%s%d%ls%3c.", &[
        Arg::Int(0xd800), Arg::Int(97), Arg::Str(c"b"), Arg::Int(5), Arg::Ptr(ws.as_ptr().cast()), Arg::Int(100),
    ]);
    assert_eq!((r, text(&b).as_str(), errno()), (Err(0), "abd", EILSEQ));
    // The numeric conversions after it count -1 each.
    let mut n = 0i32;
    let (r, _) = sw(20, "xy%lc%d%n", &[Arg::Int(0x100), Arg::Int(5), Arg::Ptr((&raw mut n).cast())]);
    assert_eq!((r, n), (Err(0), 2));
}
