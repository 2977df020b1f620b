//! `open_memstream`: a write-only stream into a buffer that grows with `realloc`, handed
//! to the caller through `*bufp` and `*sizep`.
//!
//! Output goes through the stream's `BUFSIZ` buffer like any other, so the caller's
//! variables change when that goes out (a flush, a seek, `fclose`, a full buffer), as in
//! musl: `*bufp` to the memory (which may move), `*sizep` to the position after the write.
//! The memory is zero-filled as it grows and always has a byte past the data, so it stays
//! NUL-terminated, and a seek past the end followed by a write leaves zeros in the gap.
use core::ffi::{c_char, c_int, c_void};
use core::ptr::null_mut;

use crate::abi::{BUFSIZ, PTRDIFF_MAX};
use crate::file::{F_ERR, F_NORD, FILE, Ops, State};
use crate::fmemopen::{mem_close, seek_target};
use crate::fopen::{alloc_c, free_c};
use crate::imports::realloc;

/// The growing memory (bytes for `open_memstream`, `wchar_t`s for `open_wmemstream`) and
/// the caller's view of it.
pub(crate) struct Growing<T> {
    bufp: *mut *mut T,
    sizep: *mut usize,
    pub(crate) buf: *mut T,
    /// Elements allocated at `buf`, all of them zero past what was written.
    pub(crate) space: usize,
    /// The end of the data.
    len: usize,
    pub(crate) pos: usize,
}

impl<T> Growing<T> {
    /// A zeroed one-element array, announced at once through `*bufp` and `*sizep` (0);
    /// None with errno ENOMEM without memory.
    ///
    /// # Safety
    /// `bufp` and `sizep` must be valid for writes while the stream lives.
    pub(crate) unsafe fn new(bufp: *mut *mut T, sizep: *mut usize) -> Option<Self> {
        let buf = alloc_c(size_of::<T>()).cast::<T>();
        if buf.is_null() {
            return None;
        }
        // SAFETY: one element of fresh memory; the caller vouches for `bufp` and `sizep`.
        unsafe {
            core::ptr::write_bytes(buf, 0, 1);
            *bufp = buf;
            *sizep = 0;
        }
        Some(Growing { bufp, sizep, buf, space: 0, len: 0, pos: 0 })
    }

    /// Makes room for `n` elements at the position and one after them (the terminator),
    /// growing as musl does: twice the space and one, or just enough if that is more, and
    /// never past `max` elements; the new part is zeroed and `*bufp` follows the memory.
    /// False if it cannot grow.
    pub(crate) fn reserve(&mut self, n: usize, max: usize) -> bool {
        if self.pos + n < self.space {
            return true;
        }
        let want = (2 * self.space + 1) | (self.pos + n + 1);
        if want > max {
            return false;
        }
        // SAFETY: `buf` came from malloc or realloc; `want <= max` keeps the size in range.
        let p = unsafe { realloc(self.buf.cast(), want * size_of::<T>()) }.cast::<T>();
        if p.is_null() {
            return false;
        }
        // SAFETY: `p` holds `want > space` elements; the caller of `new` gave us `bufp`.
        unsafe {
            core::ptr::write_bytes(p.add(self.space), 0, want - self.space);
            *self.bufp = p;
        }
        self.buf = p;
        self.space = want;
        true
    }

    /// Moves the position `n` elements on (they were stored) and tells the caller.
    pub(crate) fn advance(&mut self, n: usize) {
        self.pos += n;
        self.len = self.len.max(self.pos);
        // SAFETY: the caller of `new` gave us `sizep` for the stream's lifetime.
        unsafe { *self.sizep = self.pos };
    }

    /// `fseek`: anywhere from 0 to `max`; the memory grows only when a write lands there.
    /// Returns the new position, or -1 with errno EINVAL.
    pub(crate) fn seek(&mut self, off: i64, whence: c_int, max: usize) -> i64 {
        match seek_target(self.pos, self.len, off, whence, max as i64) {
            Some(pos) => {
                self.pos = pos;
                pos as i64
            }
            None => -1,
        }
    }
}

/// One allocation: the stream, its memory's description, and its buffer (no `ungetc`
/// room: the stream never reads).
#[repr(C)]
struct MemStreamFile {
    file: FILE,
    mem: Growing<c_char>,
    buf: [u8; BUFSIZ],
}

static MEMSTREAM_OPS: Ops = Ops { read: no_read, write: ms_write, seek: ms_seek, close: mem_close };

fn growing(s: &mut State) -> &mut Growing<c_char> {
    // SAFETY: a stream with `MEMSTREAM_OPS` has its `Growing` as cookie, alive as long as
    // the stream.
    unsafe { &mut *s.cookie.cast::<Growing<c_char>>() }
}

/// Never reached: the dynamic memory streams are write-only, so input mode fails before it
/// asks. Should anything ask, it sees a stream that cannot be read.
///
/// # Safety
/// Writes nothing.
pub(crate) unsafe fn no_read(s: &mut State, _: *mut u8, _: usize) -> usize {
    s.flags |= F_ERR;
    0
}

/// Stores `data` at the position, growing the memory first if the data and a NUL after
/// it would not fit; then tells the caller where the memory is and where the position.
fn put(g: &mut Growing<c_char>, data: &[u8]) -> usize {
    if !g.reserve(data.len(), PTRDIFF_MAX) {
        return 0;
    }
    // SAFETY: `reserve` made room for the data at the position.
    unsafe { core::ptr::copy_nonoverlapping(data.as_ptr(), g.buf.add(g.pos).cast(), data.len()) };
    g.advance(data.len());
    data.len()
}

/// Stores the buffered bytes, then `data`; 0 if the memory could not grow.
fn ms_write(s: &mut State, data: &[u8]) -> usize {
    let pending = s.len;
    s.len = 0;
    // SAFETY: the `pending` buffered bytes at `wbase` are initialised.
    let buffered = unsafe { core::slice::from_raw_parts(s.wbase, pending) };
    let g = growing(s);
    if pending != 0 && put(g, buffered) < pending {
        return 0;
    }
    put(g, data)
}

/// Moves anywhere from 0 to `SSIZE_MAX`; the memory grows only when a write lands there.
fn ms_seek(s: &mut State, off: i64, whence: c_int) -> i64 {
    growing(s).seek(off, whence, PTRDIFF_MAX)
}

/// `open_memstream(bufp, sizep)`—A write-only stream into memory it allocates and grows.
/// At once and after each transfer of output (`fflush`, `fseek`, `fclose`, a full
/// buffer), `*bufp` points to the memory and `*sizep` holds the position; the memory is
/// NUL-terminated after the data. After `fclose` the memory is the caller's to `free`.
/// A seek may go past the end, and a write there leaves zeros in between. Returns null
/// with errno ENOMEM on failure.
///
/// # Safety
/// `bufp` and `sizep` must be valid for writes until the stream is closed.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn open_memstream(bufp: *mut *mut c_char, sizep: *mut usize) -> *mut FILE {
    let f = alloc_c(size_of::<MemStreamFile>()).cast::<MemStreamFile>();
    if f.is_null() {
        return null_mut();
    }
    // SAFETY: the caller vouches for `bufp` and `sizep`.
    let Some(mem) = (unsafe { Growing::new(bufp, sizep) }) else {
        // SAFETY: allocated above and not handed out.
        unsafe { free_c(f.cast()) };
        return null_mut();
    };
    // SAFETY: `f` has room for a `MemStreamFile`; its cookie and buffer point into the
    // same allocation, which lives until `fclose` frees it.
    unsafe {
        (&raw mut (*f).mem).write(mem);
        let cookie = (&raw mut (*f).mem).cast::<c_void>();
        let stream_buf = (&raw mut (*f).buf).cast::<u8>();
        (&raw mut (*f).file).write(FILE::with_ops(&MEMSTREAM_OPS, cookie, -1, stream_buf, BUFSIZ, F_NORD));
        let file = f.cast::<FILE>();
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
    use crate::testutil::errno;
    use limpet_syscall::errno::EINVAL;

    unsafe extern "C" {
        fn free(p: *mut c_void);
    }

    fn bytes(p: *mut c_char, n: usize) -> Vec<u8> {
        unsafe { core::slice::from_raw_parts(p.cast::<u8>(), n) }.to_vec()
    }

    #[test]
    fn the_callers_variables_change_when_output_goes_out() {
        let mut p: *mut c_char = core::ptr::dangling_mut();
        let mut n = 99usize;
        unsafe {
            let f = open_memstream(&mut p, &mut n);
            assert!(!f.is_null());
            assert_eq!((n, *p), (0, 0));
            fputs(c"hello 42".as_ptr(), f);
            assert_eq!(n, 0);
            assert_eq!(fflush(f), 0);
            assert_eq!(bytes(p, n + 1), b"hello 42\0");
            crate::fputc::fputc(i32::from(b'!'), f);
            assert_eq!((ftell(f), n), (9, 8));
            // *sizep follows the position, not the end of the data.
            assert_eq!(fseek(f, 2, SEEK_SET), 0);
            assert_eq!(n, 9);
            fputs(c"LL".as_ptr(), f);
            fflush(f);
            assert_eq!(n, 4);
            assert_eq!(bytes(p, 10), b"heLLo 42!\0");
            assert_eq!(fclose(f), 0);
            free(p.cast());
        }
    }

    #[test]
    fn seeking_past_the_end_zero_fills_at_the_next_write() {
        let (mut p, mut n) = (null_mut(), 0usize);
        unsafe {
            let f = open_memstream(&mut p, &mut n);
            fputs(c"ab".as_ptr(), f);
            assert_eq!(fseek(f, 20, SEEK_SET), 0);
            fflush(f);
            // Nothing to write out: the caller still sees the old size.
            assert_eq!(n, 2);
            crate::fputc::fputc(i32::from(b'x'), f);
            assert_eq!(fclose(f), 0);
            let mut want = b"ab".to_vec();
            want.extend([0; 18]);
            want.extend(b"x\0");
            assert_eq!(bytes(p, n + 1), want);
            free(p.cast());
        }
    }

    #[test]
    fn seek_limits_and_write_only() {
        let (mut p, mut n) = (null_mut(), 0usize);
        unsafe {
            let f = open_memstream(&mut p, &mut n);
            fputs(c"abc".as_ptr(), f);
            assert_eq!(fseek(f, -4, SEEK_END), -1);
            assert_eq!(errno(), EINVAL);
            assert_eq!(fseek(f, -3, SEEK_END), 0);
            assert_eq!(fseek(f, i64::MAX, SEEK_SET), 0);
            assert_eq!(fseek(f, 1, SEEK_CUR), -1);
            assert_eq!(crate::fgetc::fgetc(f), EOF);
            assert_eq!(crate::feof::ferror(f), 1);
            assert_eq!(crate::feof::fileno(f), -1);
            fclose(f);
            assert_eq!((n, bytes(p, 4)), (3, b"abc\0".to_vec()));
            free(p.cast());
        }
    }

    #[test]
    fn grows_as_musl_does_and_stays_terminated() {
        let (mut p, mut n) = (null_mut(), 0usize);
        unsafe {
            let f = open_memstream(&mut p, &mut n);
            let mut want = Vec::new();
            for i in 0..3000 {
                let s = std::ffi::CString::new(format!("{i},")).unwrap();
                fputs(s.as_ptr(), f);
                want.extend(s.as_bytes());
                if i % 700 == 0 {
                    fflush(f);
                    assert_eq!(n, want.len());
                    assert_eq!(*p.add(n), 0);
                }
            }
            let big = vec![b'z'; 5000];
            assert_eq!(crate::fwrite::fwrite(big.as_ptr().cast(), 1, big.len(), f), big.len());
            want.extend(&big);
            assert_eq!(fclose(f), 0);
            assert_eq!(bytes(p, n + 1), [&want[..], b"\0"].concat());
            free(p.cast());
        }
        // From nothing: twice the space plus one, or just enough (and a NUL) if more.
        let mut g = unsafe { Growing::<c_char>::new(&mut p, &mut n) }.unwrap();
        assert_eq!(put(&mut g, b"abc"), 3);
        assert_eq!(g.space, 4 | 1);
        assert_eq!(put(&mut g, b"de"), 2);
        assert_eq!(g.space, 11 | 6);
        unsafe { free(g.buf.cast()) };
    }
}
