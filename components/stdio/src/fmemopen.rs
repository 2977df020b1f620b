//! `fmemopen`: a stream over a caller's buffer (or one of its own) of a fixed size.
//!
//! The stream is buffered like any other (`BUFSIZ` bytes, `ungetc` room before them), so
//! output reaches the caller's buffer when the stream's buffer goes out (a flush, a seek,
//! `fclose`, or a full buffer), as in musl. The memory itself has a size, which bounds
//! reads, writes and seeks, and a length, the end of the data: reads stop there, `SEEK_END`
//! counts from there, and a write that moves it past its old value stores a NUL after the
//! data if there is room (in a write-only stream that filled the whole buffer, over its
//! last byte).
use core::ffi::{c_char, c_int, c_void};
use core::ptr::null_mut;

use limpet_syscall::errno::EINVAL;
use limpet_syscall::set_errno;

use crate::abi::{BUFSIZ, PTRDIFF_MAX, SEEK_CUR, SEEK_END, SEEK_SET};
use crate::file::{F_EOF, F_NORD, F_NOWR, FILE, Ops, State, UNGET, find_byte};
use crate::fopen::{alloc_c, mode_ok};

/// The memory behind the stream.
struct Mem {
    buf: *mut u8,
    size: usize,
    /// The end of the data.
    len: usize,
    pos: usize,
    /// Opened with `a`: every write goes to the end of the data.
    append: bool,
}

/// One allocation: the stream, its memory's description, its buffer, and (for a null
/// `buf`) the memory itself after them.
#[repr(C)]
struct MemFile {
    file: FILE,
    mem: Mem,
    buf: [u8; UNGET + BUFSIZ],
}

static MEM_OPS: Ops = Ops { read: mem_read, write: mem_write, seek: mem_seek, close: mem_close };

fn mem(s: &mut State) -> &mut Mem {
    // SAFETY: a stream with `MEM_OPS` has its `Mem` as cookie, alive as long as the stream.
    unsafe { &mut *s.cookie.cast::<Mem>() }
}

/// Copies what the caller asked for, up to the end of the data (setting end of file when
/// that is short), and as much after it as the buffer takes.
///
/// # Safety
/// `dest` must be valid for `n` bytes of writes.
unsafe fn mem_read(s: &mut State, dest: *mut u8, n: usize) -> usize {
    let (buf, cap) = (s.buf, s.cap);
    let m = mem(s);
    let mut rem = m.len.saturating_sub(m.pos);
    let n = if n > rem {
        s.flags |= F_EOF;
        rem
    } else {
        n
    };
    let m = mem(s);
    // SAFETY: `pos + n <= len <= size`, inside the memory; `dest` holds `n` bytes.
    unsafe { core::ptr::copy_nonoverlapping(m.buf.add(m.pos), dest, n) };
    m.pos += n;
    rem -= n;
    let ahead = rem.min(cap);
    // SAFETY: as above, and `ahead <= cap`, the buffer's size.
    unsafe { core::ptr::copy_nonoverlapping(m.buf.add(m.pos), buf, ahead) };
    m.pos += ahead;
    s.rpos = buf;
    s.rend = buf.wrapping_add(ahead);
    n
}

/// Stores `data` at the position (the end of the data in append mode), cut at the size.
fn put(m: &mut Mem, write_only: bool, data: &[u8]) -> usize {
    if m.append {
        m.pos = m.len;
    }
    let n = data.len().min(m.size - m.pos);
    // SAFETY: `pos + n <= size`.
    unsafe { core::ptr::copy_nonoverlapping(data.as_ptr(), m.buf.add(m.pos), n) };
    m.pos += n;
    if m.pos > m.len {
        m.len = m.pos;
        // SAFETY: both indices are below `size`.
        unsafe {
            if m.len < m.size {
                *m.buf.add(m.len) = 0;
            } else if write_only && m.size != 0 {
                *m.buf.add(m.size - 1) = 0;
            }
        }
    }
    n
}

/// Stores the buffered bytes, then `data`. A short store is not an error: the count says
/// how much fitted, and the stream stays in output mode.
fn mem_write(s: &mut State, data: &[u8]) -> usize {
    let write_only = s.flags & F_NORD != 0;
    let pending = s.len;
    s.len = 0;
    // SAFETY: the `pending` buffered bytes at `wbase` are initialised.
    let buffered = unsafe { core::slice::from_raw_parts(s.wbase, pending) };
    let m = mem(s);
    if pending != 0 && put(m, write_only, buffered) < pending {
        return 0;
    }
    put(m, write_only, data)
}

/// Moves within `0..=size`; anything else is EINVAL.
fn mem_seek(s: &mut State, off: i64, whence: c_int) -> i64 {
    let m = mem(s);
    match seek_target(m.pos, m.len, off, whence, m.size as i64) {
        Some(pos) => {
            m.pos = pos;
            pos as i64
        }
        None => -1,
    }
}

/// Where a memory stream's seek lands: `off` from the start, the position `pos` or the end
/// `len` as `whence` says, which must stay within `0..=max`; None with errno EINVAL
/// otherwise. Every memory stream kind seeks this way.
pub(crate) fn seek_target(pos: usize, len: usize, off: i64, whence: c_int, max: i64) -> Option<usize> {
    let base = match whence {
        SEEK_SET => 0,
        SEEK_CUR => pos as i64,
        SEEK_END => len as i64,
        _ => i64::MAX,
    };
    if base == i64::MAX || off < -base || off > max.wrapping_sub(base) {
        set_errno(EINVAL);
        return None;
    }
    Some((base + off) as usize)
}

/// Nothing to release: the memory is the caller's, or goes with the stream (and the
/// dynamic memory streams hand theirs to the caller).
pub(crate) fn mem_close(_: &mut State) -> c_int {
    0
}

/// `fmemopen(buf, size, mode)`—A stream over the `size` bytes at `buf`, or, for a null
/// `buf`, over `size` zeroed bytes of its own, freed by `fclose`. `mode` as for `fopen`:
/// `r` reads the whole `size` bytes; `w` writes from the start (`w+` also empties the
/// buffer by storing a NUL at its start); `a` writes at the first NUL (or at `size` if
/// there is none); `+` allows both directions. Reads stop at the end of the data, writes
/// and seeks at `size`; a write that extends the data stores a NUL after it when there is
/// room. As in musl, `size` 0 is accepted (every write then stores nothing). Returns null
/// with errno set: EINVAL for a bad mode, ENOMEM.
///
/// # Safety
/// `mode` must be a C string; `buf` null or valid for `size` bytes of reads and writes
/// until the stream is closed.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fmemopen(buf: *mut c_void, size: usize, mode: *const c_char) -> *mut FILE {
    // SAFETY: the caller vouches for `mode`.
    let mode = unsafe { core::ffi::CStr::from_ptr(mode) }.to_bytes();
    if !mode_ok(mode) {
        set_errno(EINVAL);
        return null_mut();
    }
    let own = buf.is_null();
    if own && size > PTRDIFF_MAX {
        set_errno(limpet_syscall::errno::ENOMEM);
        return null_mut();
    }
    // A buffer of its own has at least one byte, for the NUL that `w+` stores.
    let extra = if own { size.max(1) } else { 0 };
    let f = alloc_c(size_of::<MemFile>() + extra).cast::<MemFile>();
    if f.is_null() {
        return null_mut();
    }
    let first = mode.first().copied().unwrap_or(0);
    let plus = mode.contains(&b'+');
    let mut flags = 0;
    if !plus {
        flags = if first == b'r' { F_NOWR } else { F_NORD };
    }
    // SAFETY: `f` has room for a `MemFile` and `extra` bytes after it; the FILE's cookie
    // and buffer point into the same allocation, which lives until `fclose` frees it.
    unsafe {
        let mem_buf = if own {
            let p = f.add(1).cast::<u8>();
            core::ptr::write_bytes(p, 0, extra);
            p
        } else {
            buf.cast::<u8>()
        };
        let mut m = Mem { buf: mem_buf, size, len: 0, pos: 0, append: first == b'a' };
        match first {
            b'r' => m.len = size,
            b'a' => {
                let data = core::slice::from_raw_parts(mem_buf, size);
                m.len = find_byte(data, 0).unwrap_or(size);
                m.pos = m.len;
            }
            _ if plus => *mem_buf = 0,
            _ => {}
        }
        (&raw mut (*f).mem).write(m);
        let cookie = (&raw mut (*f).mem).cast::<c_void>();
        let stream_buf = (&raw mut (*f).buf).cast::<u8>().add(UNGET);
        (&raw mut (*f).file).write(FILE::with_ops(&MEM_OPS, cookie, -1, stream_buf, BUFSIZ, flags));
        let file = f.cast::<FILE>();
        crate::ofl::add(file);
        file
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::EOF;
    use crate::fclose::fclose;
    use crate::feof::{feof, ferror};
    use crate::fflush::fflush;
    use crate::fgetc::fgetc;
    use crate::fputs::fputs;
    use crate::fread::fread;
    use crate::fseek::fseek;
    use crate::ftell::ftell;
    use crate::fwrite::fwrite;
    use crate::testutil::errno;

    fn open(buf: &mut [u8], size: usize, mode: &core::ffi::CStr) -> *mut FILE {
        let f = unsafe { fmemopen(buf.as_mut_ptr().cast(), size, mode.as_ptr()) };
        assert!(!f.is_null());
        f
    }

    fn read_all(f: *mut FILE) -> Vec<u8> {
        let mut out = vec![0u8; 64];
        let n = unsafe { fread(out.as_mut_ptr().cast(), 1, out.len(), f) };
        out.truncate(n);
        out
    }

    #[test]
    fn reads_stop_at_the_size_not_at_a_nul() {
        let mut buf = *b"ab\0cdefghiXX";
        let f = open(&mut buf, 10, c"r");
        unsafe {
            assert_eq!(read_all(f), b"ab\0cdefghi");
            assert_eq!(feof(f), 1);
            assert_eq!(ftell(f), 10);
            // Read-only: a write fails with the error flag, and nothing moves.
            assert_eq!(fputs(c"x".as_ptr(), f), EOF);
            assert_eq!(ferror(f), 1);
            assert_eq!(fseek(f, 3, SEEK_SET), 0);
            assert_eq!(fgetc(f), i32::from(b'c'));
            assert_eq!(crate::feof::fileno(f), -1);
            assert_eq!(errno(), limpet_syscall::errno::EBADF);
            assert_eq!(fclose(f), 0);
        }
        assert_eq!(&buf, b"ab\0cdefghiXX");
    }

    #[test]
    fn writes_go_out_at_flush_with_a_terminator_when_there_is_room() {
        let mut buf = *b"ABCDEF\0HIJKL";
        let f = open(&mut buf, 10, c"w");
        unsafe {
            assert_eq!(fputs(c"xyz".as_ptr(), f), 0);
            assert_eq!(&buf[..4], b"ABCD");
            assert_eq!(ftell(f), 3);
            assert_eq!(fflush(f), 0);
            assert_eq!(&buf[..7], b"xyz\0EF\0");
            // Too much: cut at the size, and a write-only stream ends with a NUL over
            // the last byte. Not an error.
            assert_eq!(fwrite(b"0123456789".as_ptr().cast(), 1, 10, f), 10);
            assert_eq!(fclose(f), 0);
        }
        assert_eq!(&buf, b"xyz012345\0KL");
    }

    #[test]
    fn the_plus_modes() {
        let mut buf = *b"0123456789";
        let f = open(&mut buf, 10, c"w+");
        assert_eq!(buf[0], 0, "w+ empties the buffer");
        unsafe {
            fputs(c"hello".as_ptr(), f);
            // Reading right after writing sends the output first and meets its end.
            assert_eq!(fgetc(f), EOF);
            assert_eq!(feof(f), 1);
            crate::fseek::rewind(f);
            assert_eq!(read_all(f), b"hello");
            fclose(f);
        }
        assert_eq!(&buf, b"hello\x006789");

        let mut buf = *b"0123456789";
        let f = open(&mut buf, 10, c"r+");
        unsafe {
            assert_eq!(fgetc(f), i32::from(b'0'));
            fseek(f, 0, crate::abi::SEEK_CUR);
            fputs(c"ab".as_ptr(), f);
            fseek(f, -1, SEEK_END);
            fputs(c"XY".as_ptr(), f);
            fclose(f);
        }
        // A full read-write buffer keeps its last byte.
        assert_eq!(&buf, b"0ab345678X");
    }

    #[test]
    fn append_starts_at_the_first_nul_and_always_writes_at_the_end() {
        let mut buf = *b"ABCD\0FGHIJ";
        let f = open(&mut buf, 10, c"a");
        unsafe {
            assert_eq!(ftell(f), 4);
            fputs(c"12".as_ptr(), f);
            fseek(f, 0, SEEK_SET);
            fputs(c"3".as_ptr(), f);
            fclose(f);
        }
        assert_eq!(&buf, b"ABCD123\0IJ");
        let mut full = *b"ABCDEFGHIJ";
        let f = open(&mut full, 10, c"a+");
        unsafe {
            assert_eq!(ftell(f), 10);
            assert_eq!(fgetc(f), EOF);
            fclose(f);
        }
    }

    #[test]
    fn seeks_stay_within_the_size() {
        let mut buf = [b'.'; 10];
        let f = open(&mut buf, 10, c"r");
        unsafe {
            assert_eq!(fseek(f, 10, SEEK_SET), 0);
            assert_eq!(fseek(f, 11, SEEK_SET), -1);
            assert_eq!(errno(), EINVAL);
            assert_eq!(fseek(f, -1, SEEK_SET), -1);
            assert_eq!(fseek(f, -3, SEEK_END), 0);
            assert_eq!(ftell(f), 7);
            assert_eq!(fseek(f, 1, SEEK_END), -1);
            assert_eq!(fseek(f, -11, SEEK_END), -1);
            assert_eq!(fseek(f, -2, SEEK_CUR), 0);
            assert_eq!(ftell(f), 5);
            fclose(f);
        }
    }

    #[test]
    fn a_null_buffer_is_its_own_zeroed_memory() {
        unsafe {
            let f = fmemopen(null_mut(), 5, c"r".as_ptr());
            assert_eq!(read_all(f), [0; 5]);
            fclose(f);
            let f = fmemopen(null_mut(), 4, c"a+".as_ptr());
            assert_eq!(ftell(f), 0);
            fputs(c"xyzzy".as_ptr(), f);
            crate::fseek::rewind(f);
            assert_eq!(read_all(f), b"xyzz");
            fclose(f);
        }
    }

    #[test]
    fn modes_and_sizes() {
        let mut buf = [0u8; 4];
        unsafe {
            for bad in [c"x", c"+r", c"br"] {
                assert!(fmemopen(buf.as_mut_ptr().cast(), 4, bad.as_ptr()).is_null());
                assert_eq!(errno(), EINVAL);
            }
            // musl 1.2 accepts size 0 (glibc too); nothing can be read or stored.
            let f = fmemopen(buf.as_mut_ptr().cast(), 0, c"w+".as_ptr());
            assert!(!f.is_null());
            assert_eq!(fwrite(b"ab".as_ptr().cast(), 1, 2, f), 2);
            assert_eq!(fflush(f), 0);
            assert_eq!(fgetc(f), EOF);
            fclose(f);
            assert!(fmemopen(null_mut(), usize::MAX, c"w".as_ptr()).is_null());
            assert_eq!(errno(), limpet_syscall::errno::ENOMEM);
        }
    }
}
