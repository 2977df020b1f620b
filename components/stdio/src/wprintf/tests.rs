//! The C functions: fwprintf onto streams (orientation, encoding, errors), swprintf and
//! vswprintf through the trampolines.
use core::ffi::c_int;

use limpet_syscall::errno::{EILSEQ, EINVAL, EOVERFLOW};

use super::*;
use crate::fclose::fclose;
use crate::feof::{clearerr, ferror};
use crate::file::FILE;
use crate::testutil::{TmpFile, errno};
use crate::variadic::{fwprintf, swprintf};
use crate::wide::{Encoding, fwide};

type Fwprintf = unsafe extern "C" fn(*mut FILE, *const WcharT, ...) -> c_int;
type Swprintf = unsafe extern "C" fn(*mut WcharT, usize, *const WcharT, ...) -> c_int;

fn fwp() -> Fwprintf {
    // SAFETY: the trampoline is a C-variadic function with this prototype.
    unsafe { core::mem::transmute(fwprintf as *const ()) }
}

fn swp() -> Swprintf {
    // SAFETY: as above.
    unsafe { core::mem::transmute(swprintf as *const ()) }
}

fn w(s: &str) -> Vec<WcharT> {
    s.chars().map(|c| c as WcharT).chain([0]).collect()
}

#[test]
fn swprintf_with_stack_arguments() {
    let mut buf = [0x2a; 64];
    let fmt = w("%d %d %d %d %d %d %.1f %ls|%s");
    let ws = w("wide");
    let r = unsafe {
        swp()(buf.as_mut_ptr(), buf.len(), fmt.as_ptr(), 1, 2, 3, 4, 5, 6, 2.25f64, ws.as_ptr(), c"narrow".as_ptr())
    };
    let want = w("1 2 3 4 5 6 2.2 wide|narrow");
    assert_eq!((r, &buf[..want.len()]), (want.len() as c_int - 1, &want[..]));
    // Size 0 touches nothing and sets no errno; a size past INT_MAX is EOVERFLOW.
    limpet_syscall::set_errno(0);
    assert_eq!((unsafe { swp()(buf.as_mut_ptr(), 0, fmt.as_ptr()) }, errno(), buf[0]), (-1, 0, '1' as WcharT));
    assert_eq!((unsafe { swp()(buf.as_mut_ptr(), 1 << 31, fmt.as_ptr()) }, errno()), (-1, EOVERFLOW));
}

#[test]
fn fwprintf_encodes_in_the_streams_encoding() {
    let t = TmpFile::new("wprintf-c", None);
    unsafe {
        let f = t.open(c"w+");
        let ws = [0xdf80, 0];
        let fmt = w("a%d%ls|%s%c");
        let r = fwp()(f, fmt.as_ptr(), 42, ws.as_ptr(), c"\xc3\xa9".as_ptr(), 0x7a);
        assert_eq!((r, fwide(f, 0), ferror(f)), (8, 1, 0));
        // A character the C encoding cannot hold: what comes before it is written, and
        // after it only %c, %lc and %s, as in musl.
        let fmt = w("<%lc%d>%s");
        limpet_syscall::set_errno(0);
        assert_eq!((fwp()(f, fmt.as_ptr(), 0xd800, 9, c"z".as_ptr()), errno(), ferror(f)), (-1, EILSEQ, 1));
        clearerr(f);
        // A format error leaves the stream alone.
        assert_eq!((fwp()(f, w("%y").as_ptr()), errno()), (-1, EINVAL));
        fclose(f);
        assert_eq!(t.read(), b"a42\x80|\xc3\xa9z<z");
    }
}

#[test]
fn fwprintf_in_utf8_orientation_and_errors() {
    let t = TmpFile::new("wprintf-utf8", None);
    unsafe {
        let f = t.open(c"w");
        (*f).unlocked().encoding = Encoding::Utf8;
        let r = fwp()(f, w("\u{e9}%lc%5.1ls|").as_ptr(), 0x20ac, w("\u{1f600}x").as_ptr());
        assert_eq!(r, 8);
        fclose(f);
        assert_eq!(t.read(), "é€    😀|".as_bytes());

        // The format is checked before the stream is oriented.
        let f = t.open(c"w");
        assert_eq!(fwp()(f, w("%y").as_ptr()), -1);
        assert_eq!(fwide(f, 0), 0);
        // A byte-oriented stream stays so, and takes wide output all the same.
        crate::fputc::fputc(b'>' as c_int, f);
        assert_eq!(fwp()(f, w("%d").as_ptr(), 5), 1);
        assert_eq!(fwide(f, 0), -1);
        // ...and its numeric fields are written after a character failed, as musl's
        // narrow printf sets the error aside for them on such a stream.
        let r = fwp()(f, w("<%lc%d|%s%5.1f>").as_ptr(), 0xd800, 42, c"s".as_ptr(), 2.5f64);
        assert_eq!((r, ferror(f)), (-1, 1));
        fclose(f);
        assert_eq!(t.read(), b">5<42s  2.5");

        // A read-only stream: nothing to write is success; anything else fails with the
        // error flag and errno untouched.
        let f = t.open(c"r");
        limpet_syscall::set_errno(0);
        assert_eq!((fwp()(f, w("").as_ptr()), ferror(f)), (0, 0));
        assert_eq!((fwp()(f, w("x").as_ptr()), ferror(f), errno()), (-1, 1, 0));
        fclose(f);
    }
}

#[test]
fn an_earlier_error_on_a_wide_stream() {
    type Fprintf = unsafe extern "C" fn(*mut FILE, *const core::ffi::c_char, ...) -> c_int;
    // SAFETY: the trampoline is a C-variadic function with this prototype.
    let fp: Fprintf = unsafe { core::mem::transmute(crate::variadic::fprintf as *const ()) };
    let t = TmpFile::new("wprintf-stale", None);
    unsafe {
        let f = t.open(c"w");
        assert_eq!(crate::wide::fputwc(0xd800, f), crate::wide::WEOF);
        // musl's narrow printf keeps a wide stream's error: no output, -1.
        assert_eq!((fp(f, c"abc".as_ptr()), ferror(f)), (-1, 1));
        // fwprintf sets it aside for the call, and keeps it.
        assert_eq!((fwp()(f, w("def").as_ptr()), ferror(f)), (3, 1));
        clearerr(f);
        assert_eq!(fp(f, c"ghi".as_ptr()), 3);
        fclose(f);
        assert_eq!(t.read(), b"defghi");
    }
}

