//! `open_wmemstream`: a write-only, wide-oriented stream into a `wchar_t` array that
//! grows with `realloc`, handed to the caller through `*bufp` and `*sizep`.
//!
//! It does what musl's does, quirks included:
//! - The stream is unbuffered, and each write decodes its bytes in the current locale
//!   (`mbsnrtowcs` with the stream's state) straight into the array at the position, so
//!   `*bufp` and `*sizep` (the position, in wide characters) change at every write. The
//!   wide functions encode in the stream's encoding, fixed when it is opened.
//! - Bytes the stream's buffer holds never arrive: the backend writes only what it is
//!   handed directly. A byte printf family call on it goes through printf's own small
//!   buffer, so its output is lost (the call still succeeds), and so is what a buffer
//!   given with `setvbuf` collects.
//! - A multibyte sequence cut by the end of a write is dropped (the state starts afresh);
//!   its rest then fails the next write as invalid.
//! - An invalid sequence fails the write (0 taken, no error flag, errno EILSEQ), with the
//!   position unchanged though the characters before it are already stored past it.
//! - A NUL byte ends the write there: a NUL is stored at that point, the position does not
//!   move over it and the bytes after it are dropped, but the write reports them all taken.
//! - Seeks count wide characters, from 0 to `SSIZE_MAX / 4`; a write past the end leaves
//!   zeros in between. The array grows as `open_memstream`'s memory does, zero-filled, so
//!   it is terminated after the data except where a failed write left characters.
use core::ffi::{c_int, c_void};
use core::ptr::null_mut;

use limpet_locale::mb::utf8::{self, Decoded};
use limpet_syscall::set_errno;

use crate::abi::PTRDIFF_MAX;
use crate::file::{F_NORD, FILE, Ops, State, UNGET};
use crate::fmemopen::mem_close;
use crate::memstream::{Growing, no_read};
use crate::fopen::{alloc_c, free_c};

/// `wchar_t`.
type Wchar = i32;

/// The growing array and the caller's view of it, and the decoding state between writes
/// (`mbstate_t`; a seek resets it).
struct WideGrowing {
    mem: Growing<Wchar>,
    state: u32,
}

/// One allocation: the stream, its array's description, and the few bytes the stream
/// points its (empty) buffer at.
#[repr(C)]
struct WideMemStreamFile {
    file: FILE,
    mem: WideGrowing,
    buf: [u8; UNGET],
}

static WMEMSTREAM_OPS: Ops = Ops { read: no_read, write: wms_write, seek: wms_seek, close: mem_close };

fn growing(s: &mut State) -> &mut WideGrowing {
    // SAFETY: a stream with `WMEMSTREAM_OPS` has its `WideGrowing` as cookie, alive as long
    // as the stream.
    unsafe { &mut *s.cookie.cast::<WideGrowing>() }
}

/// The largest position, in wide characters: musl's `SSIZE_MAX / 4`.
const MAX_POS: usize = PTRDIFF_MAX / 4;

/// Decodes `data` into the array at the position, growing it first so that it has room
/// for as many characters as bytes and one more; then tells the caller where the array is
/// and where the position. Returns `data.len()`, or 0 (nothing moves) when the array cannot
/// grow or the bytes hold an invalid sequence. Writing nothing still grows an array that
/// has no room past the position, and sets `*sizep`, as musl's does.
fn put(w: &mut WideGrowing, data: &[u8], utf8: bool) -> usize {
    let g = &mut w.mem;
    if !g.reserve(data.len(), MAX_POS) {
        return 0;
    }
    let mut k = 0;
    let mut n = 0;
    while k < data.len() {
        match utf8::decode(&data[k..], &mut w.state, utf8) {
            Decoded::Char { wc, len } => {
                // SAFETY: at most one character per byte, and `pos + data.len() < space`.
                unsafe { *g.buf.add(g.pos + n) = wc as Wchar };
                if wc == 0 {
                    break;
                }
                n += 1;
                k += len;
            }
            Decoded::Incomplete => {
                w.state = 0;
                break;
            }
            Decoded::Invalid => {
                set_errno(limpet_syscall::errno::EILSEQ);
                return 0;
            }
        }
    }
    g.advance(n);
    data.len()
}

/// Decodes `data` into the array; whatever the stream's buffer holds is dropped, as musl's
/// backend ignores it.
fn wms_write(s: &mut State, data: &[u8]) -> usize {
    s.len = 0;
    put(growing(s), data, limpet_locale::mb::utf8())
}

/// Moves anywhere from 0 to `SSIZE_MAX / 4` wide characters, and starts decoding afresh.
fn wms_seek(s: &mut State, off: i64, whence: c_int) -> i64 {
    let w = growing(s);
    let r = w.mem.seek(off, whence, MAX_POS);
    if r >= 0 {
        w.state = 0;
    }
    r
}

/// `open_wmemstream(bufp, sizep)`—A write-only stream, oriented to wide characters, into a
/// `wchar_t` array it allocates and grows: the bytes written to it are decoded in the
/// current locale (wide characters written go through the stream's encoding, the current
/// locale's when it was opened). At once and after each write (the stream is unbuffered),
/// `*bufp` points to the array and `*sizep` holds the position in wide characters; the
/// array is zero-filled as it grows. Positions count wide characters; a write past the end
/// leaves zeros in between. After `fclose` the array is the caller's to `free`. Returns
/// null with errno ENOMEM on failure. See the module for what musl's, and so this one,
/// does with partial and invalid sequences, NUL bytes and buffered output.
///
/// # Safety
/// `bufp` and `sizep` must be valid for writes until the stream is closed.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn open_wmemstream(bufp: *mut *mut Wchar, sizep: *mut usize) -> *mut FILE {
    let f = alloc_c(size_of::<WideMemStreamFile>()).cast::<WideMemStreamFile>();
    if f.is_null() {
        return null_mut();
    }
    // SAFETY: the caller vouches for `bufp` and `sizep`.
    let Some(mem) = (unsafe { Growing::new(bufp, sizep) }) else {
        // SAFETY: allocated above and not handed out.
        unsafe { free_c(f.cast()) };
        return null_mut();
    };
    // SAFETY: `f` has room for a `WideMemStreamFile`; its cookie and buffer point into the
    // same allocation, which lives until `fclose` frees it.
    unsafe {
        (&raw mut (*f).mem).write(WideGrowing { mem, state: 0 });
        let cookie = (&raw mut (*f).mem).cast::<c_void>();
        let stream_buf = (&raw mut (*f).buf).cast::<u8>();
        (&raw mut (*f).file).write(FILE::with_ops(&WMEMSTREAM_OPS, cookie, -1, stream_buf, 0, F_NORD));
        let file = f.cast::<FILE>();
        crate::wide::orient((*file).unlocked(), 1);
        crate::ofl::add(file);
        file
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::{EOF, SEEK_CUR, SEEK_END, SEEK_SET};
    use crate::fclose::fclose;
    use crate::fflush::fflush;
    use crate::fputs::fputs;
    use crate::fseek::fseek;
    use crate::ftell::ftell;
    use crate::fwrite::fwrite;
    use crate::testutil::errno;
    use limpet_syscall::errno::EINVAL;
    use crate::wide::{fputwc, fputws, fwide};
    use limpet_syscall::errno::EILSEQ;

    unsafe extern "C" {
        fn free(p: *mut c_void);
    }

    fn wide(p: *mut Wchar, n: usize) -> Vec<u32> {
        unsafe { core::slice::from_raw_parts(p, n) }.iter().map(|&c| c as u32).collect()
    }

    fn w(s: &str) -> Vec<u32> {
        s.chars().map(u32::from).collect()
    }

    #[test]
    fn every_write_lands_at_once_and_stays_terminated() {
        let mut p: *mut Wchar = core::ptr::dangling_mut();
        let mut n = 99usize;
        unsafe {
            let f = open_wmemstream(&mut p, &mut n);
            assert!(!f.is_null());
            assert_eq!((n, *p), (0, 0));
            assert_eq!(fwide(f, 0), 1);
            assert_eq!(fwide(f, -1), 1);
            assert_eq!(fputwc(Wchar::from(b'a'), f), u32::from(b'a'));
            assert_eq!((n, wide(p, 2)), (1, w("a\0")));
            fputs(c"bcd".as_ptr(), f);
            assert_eq!((n, ftell(f), wide(p, 5)), (4, 4, w("abcd\0")));
            // In the C locale bytes 0x80-0xff are 0xdf80-0xdfff.
            fputs(c"\xc3\xa9".as_ptr(), f);
            assert_eq!(wide(p, n + 1), [&w("abcd")[..], &[0xdfc3, 0xdfa9, 0]].concat());
            assert_eq!(fflush(f), 0);
            assert_eq!(fclose(f), 0);
            free(p.cast());
        }
    }

    #[test]
    fn seeks_count_wide_characters_and_gaps_are_zero() {
        let (mut p, mut n) = (null_mut(), 0usize);
        unsafe {
            let f = open_wmemstream(&mut p, &mut n);
            let ws: Vec<Wchar> = "hello".chars().map(|c| c as Wchar).chain([0]).collect();
            assert!(fputws(ws.as_ptr(), f) >= 0);
            assert_eq!(fseek(f, -2, SEEK_CUR), 0);
            assert_eq!(ftell(f), 3);
            // A seek alone leaves the caller's size alone.
            assert_eq!(n, 5);
            fputs(c"LO".as_ptr(), f);
            assert_eq!((n, wide(p, 6)), (5, w("helLO\0")));
            assert_eq!(fseek(f, 1, SEEK_SET), 0);
            fputs(c"E".as_ptr(), f);
            assert_eq!((n, wide(p, 6)), (2, w("hElLO\0")));
            assert_eq!(fseek(f, 3, SEEK_END), 0);
            fputs(c"x".as_ptr(), f);
            assert_eq!(wide(p, n + 1), [&w("hElLO")[..], &[0, 0, 0], &w("x\0")].concat());
            assert_eq!(fseek(f, -10, SEEK_END), -1);
            assert_eq!(errno(), EINVAL);
            assert_eq!(fseek(f, MAX_POS as i64, SEEK_SET), 0);
            assert_eq!(fseek(f, 1, SEEK_CUR), -1);
            assert_eq!(fseek(f, MAX_POS as i64 + 1, SEEK_SET), -1);
            assert_eq!(crate::fgetc::fgetc(f), EOF);
            assert_eq!(crate::feof::ferror(f), 1);
            fclose(f);
            free(p.cast());
        }
    }

    #[test]
    fn nul_bytes_and_buffered_output_as_musl() {
        let (mut p, mut n) = (null_mut(), 0usize);
        unsafe {
            let f = open_wmemstream(&mut p, &mut n);
            // The NUL ends the write, which still reports every byte taken.
            assert_eq!(fwrite(b"q\0rs".as_ptr().cast(), 1, 4, f), 4);
            assert_eq!(n, 1);
            // printf's own buffer never reaches the array, and the call succeeds.
            let fprintf: unsafe extern "C" fn(*mut FILE, *const core::ffi::c_char, ...) -> c_int =
                core::mem::transmute(crate::variadic::fprintf as *const ());
            assert_eq!(fprintf(f, c"%d".as_ptr(), 42), 2);
            assert_eq!((n, wide(p, 2)), (1, w("q\0")));
            fclose(f);
            free(p.cast());
        }
    }

    #[test]
    fn utf8_decoding_drops_cut_sequences_and_fails_invalid_ones() {
        let (mut p, mut n) = (null_mut(), 0usize);
        let mem = unsafe { Growing::new(&mut p, &mut n) }.unwrap();
        let mut g = WideGrowing { mem, state: 0 };
        assert_eq!(put(&mut g, "a\u{e9}\u{20ac}\u{1f600}".as_bytes(), true), 10);
        assert_eq!((g.mem.pos, g.mem.space), (4, 1 | 11));
        // Growth: twice the space and one, or enough for the data and a NUL.
        assert_eq!(put(&mut g, b"", true), 0);
        assert_eq!((g.mem.pos, g.mem.space), (4, 11));
        assert_eq!(wide(g.mem.buf, 5), [0x61, 0xe9, 0x20ac, 0x1f600, 0]);
        // The first byte of a cut sequence is dropped; its continuation is then invalid.
        assert_eq!(put(&mut g, b"b\xc3", true), 2);
        assert_eq!((g.mem.pos, g.state), (5, 0));
        assert_eq!(put(&mut g, b"\xa9", true), 0);
        assert_eq!(errno(), EILSEQ);
        // Characters before an invalid byte are stored past the unchanged position.
        assert_eq!(put(&mut g, b"yz\xff", true), 0);
        assert_eq!(g.mem.pos, 5);
        assert_eq!(wide(g.mem.buf, 8), [0x61, 0xe9, 0x20ac, 0x1f600, 0x62, 0x79, 0x7a, 0]);
        assert_eq!(n, 5);
        unsafe { free(g.mem.buf.cast()) };
    }
}
