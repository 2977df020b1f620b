use super::*;
use crate::fclose::fclose;
use crate::feof::{clearerr, feof, ferror};
use crate::fgetc::fgetc;
use crate::fputc::fputc;
use crate::testutil::{TmpFile, errno};
use limpet_syscall::errno::EILSEQ;

/// A stream on `t` opened with `mode` whose wide characters are UTF-8 (as after
/// `setlocale` to a UTF-8 locale).
fn utf8_stream(t: &TmpFile, mode: &core::ffi::CStr) -> *mut crate::FILE {
    let f = t.open(mode);
    unsafe { (*f).unlocked().encoding = Encoding::Utf8 };
    f
}

#[test]
fn orientation_is_set_once_by_the_first_io_or_fwide() {
    let t = TmpFile::new("wide-orient", Some(b"ab"));
    unsafe {
        let f = t.open(c"r");
        assert_eq!(fwide(f, 0), 0);
        assert_eq!(fgetc(f), i32::from(b'a'));
        assert_eq!(fwide(f, 0), -1);
        assert_eq!(fwide(f, 1), -1);
        // A byte stream still reads wide characters.
        assert_eq!(fgetwc(f), u32::from(b'b'));
        assert_eq!(fwide(f, 0), -1);
        fclose(f);

        let f = t.open(c"r");
        assert_eq!(fwide(f, 5), 1);
        assert_eq!(fwide(f, -1), 1);
        // Byte I/O on a wide stream works and keeps it wide.
        assert_eq!(fgetc(f), i32::from(b'a'));
        assert_eq!(fwide(f, 0), 1);
        fclose(f);

        let f = t.open(c"r");
        assert_eq!(fwide(f, -3), -1);
        assert_eq!((*f).unlocked().encoding, Encoding::Bytes);
        fclose(f);
    }
}

#[test]
fn reads_utf8_and_reports_bad_sequences_as_musl() {
    // musl's answers (musl-gcc, C.UTF-8): a bad lead byte is consumed without the error
    // flag; a bad continuation is left unread with the flag set; a character cut short by
    // the end of the file sets the flag and EOF.
    let t = TmpFile::new("wide-read", Some(b"a\xe2\x82\xac\xff\xc3(\xf0\x9f\x98\x80\xc3"));
    unsafe {
        let f = utf8_stream(&t, c"r");
        assert_eq!(fgetwc(f), u32::from(b'a'));
        assert_eq!(fgetwc(f), 0x20ac);
        limpet_syscall::set_errno(0);
        assert_eq!((fgetwc(f), errno(), ferror(f)), (WEOF, EILSEQ, 0));
        assert_eq!((fgetwc(f), errno(), ferror(f)), (WEOF, EILSEQ, 1));
        clearerr(f);
        assert_eq!(fgetc(f), i32::from(b'('));
        assert_eq!(fgetwc(f), 0x1f600);
        assert_eq!((fgetwc(f), errno(), ferror(f), feof(f)), (WEOF, EILSEQ, 1, 1));
        fclose(f);
    }
}

#[test]
fn reads_bytes_in_the_c_encoding() {
    let t = TmpFile::new("wide-read-c", Some(b"x\xc3\xa9\xff"));
    unsafe {
        let f = t.open(c"r");
        let got: Vec<u32> = (0..5).map(|_| fgetwc(f)).collect();
        assert_eq!(got, [0x78, 0xdfc3, 0xdfa9, 0xdfff, WEOF]);
        assert_eq!(feof(f), 1);
        fclose(f);
    }
}

#[test]
fn writes_utf8_and_refuses_what_the_encoding_cannot_hold() {
    let t = TmpFile::new("wide-write", None);
    unsafe {
        let f = utf8_stream(&t, c"w");
        assert_eq!(fputwc(0xe9, f), 0xe9);
        assert_eq!(fputwc(0x1f600, f), 0x1f600);
        limpet_syscall::set_errno(0);
        assert_eq!((fputwc(0xd800, f), errno(), ferror(f)), (WEOF, EILSEQ, 1));
        clearerr(f);
        let ws: Vec<WcharT> = "h\u{e9}\u{20ac}\0".chars().map(|c| c as WcharT).collect();
        assert_eq!(fputws(ws.as_ptr(), f), 6);
        // A bad character fails the whole piece: nothing of it is written.
        let bad = [b'a' as WcharT, 0x11_0000, 0];
        assert_eq!((fputws(bad.as_ptr(), f), errno(), ferror(f)), (-1, EILSEQ, 0));
        let empty = [0 as WcharT];
        assert_eq!(fputws(empty.as_ptr(), f), 0);
        fclose(f);
    }
    assert_eq!(t.read(), "\u{e9}\u{1f600}h\u{e9}\u{20ac}".as_bytes());
}

#[test]
fn fputws_returns_the_last_piece_as_musl() {
    // musl converts 1024 bytes at a time and returns the last piece's length: for 1000
    // euro signs and 1999 'a's in the pattern below, 905 (measured with musl-gcc).
    let t = TmpFile::new("wide-pieces", None);
    let ws: Vec<WcharT> = (0..2999).map(|i| if i % 3 == 0 { 0x20ac } else { b'a' as WcharT }).chain([0]).collect();
    unsafe {
        let f = utf8_stream(&t, c"w");
        assert_eq!(fputws(ws.as_ptr(), f), 905);
        // Exactly one full piece: the empty piece after it gives 0.
        let full: Vec<WcharT> = (0..1024).map(|_| b'z' as WcharT).chain([0]).collect();
        assert_eq!(fputws(full.as_ptr(), f), 0);
        fclose(f);
    }
    assert_eq!(t.read().len(), 4999 + 1024);
}

#[test]
fn fgetws_stops_at_newlines_and_the_size() {
    let t = TmpFile::new("wide-fgetws", Some(b"line1\nab"));
    let mut ws = [0x5a as WcharT; 8];
    unsafe {
        let f = t.open(c"r");
        assert_eq!(fgetws(ws.as_mut_ptr(), 8, f), ws.as_mut_ptr());
        assert_eq!(&ws[..7], &[108, 105, 110, 101, 49, 10, 0]);
        assert_eq!(fgetws(ws.as_mut_ptr(), 8, f), ws.as_mut_ptr());
        assert_eq!(&ws[..3], &[97, 98, 0]);
        assert!(fgetws(ws.as_mut_ptr(), 8, f).is_null());
        fclose(f);
        let f = t.open(c"r");
        ws[0] = 0x5a;
        assert_eq!(fgetws(ws.as_mut_ptr(), 0, f), ws.as_mut_ptr());
        assert_eq!(ws[0], 0x5a);
        assert!(fgetws(ws.as_mut_ptr(), 1, f).is_null());
        assert_eq!(ws[0], 0);
        fclose(f);
    }
    let t = TmpFile::new("wide-fgetws-bad", Some(b"ab\xc3(x\n"));
    unsafe {
        let f = utf8_stream(&t, c"r");
        assert!(fgetws(ws.as_mut_ptr(), 8, f).is_null());
        assert_eq!(&ws[..3], &[97, 98, 0]);
        fclose(f);
    }
}

#[test]
fn ungetwc_pushes_the_encoded_sequence() {
    let t = TmpFile::new("wide-unget", Some(b"xy"));
    unsafe {
        let f = utf8_stream(&t, c"r");
        assert_eq!(fgetwc(f), u32::from(b'x'));
        assert_eq!(ungetwc(0x20ac, f), 0x20ac);
        let bytes: Vec<i32> = (0..4).map(|_| fgetc(f)).collect();
        assert_eq!(bytes, [0xe2, 0x82, 0xac, i32::from(b'y')]);
        assert_eq!(ungetwc(WEOF, f), WEOF);
        assert_eq!(ungetwc(0xd800, f), WEOF);
        // Room as for ungetc: UNGET bytes before the buffer plus what was read.
        assert_eq!(feof(f), 0);
        assert_eq!(fgetwc(f), WEOF);
        assert_eq!(feof(f), 1);
        assert_eq!(ungetwc(0x1f600, f), 0x1f600);
        assert_eq!(feof(f), 0);
        assert_eq!(fgetwc(f), 0x1f600);
        fclose(f);
    }
}

#[test]
fn wrong_direction_sets_the_error_flag_and_leaves_errno() {
    unsafe {
        let r = crate::fopen::fopen(c"/dev/null".as_ptr(), c"r".as_ptr());
        limpet_syscall::set_errno(0);
        assert_eq!((fputwc(b'a' as WcharT, r), errno(), ferror(r)), (WEOF, 0, 1));
        fclose(r);
        let w = crate::fopen::fopen(c"/dev/null".as_ptr(), c"w".as_ptr());
        assert_eq!((fgetwc(w), errno(), ferror(w)), (WEOF, 0, 1));
        assert_eq!(ungetwc(b'a' as u32, w), WEOF);
        assert_eq!(fputc(i32::from(b'a'), w), i32::from(b'a'));
        fclose(w);
    }
}
