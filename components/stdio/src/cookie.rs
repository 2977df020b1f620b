//! `fopencookie`: a stream whose bytes go to and come from the caller's four functions.
//!
//! The stream is buffered like a descriptor stream (`BUFSIZ` bytes and `ungetc` room),
//! and its functions are called where a descriptor stream would make a system call, with
//! musl's rules for what each result means:
//! - read: the caller's part first (all but the last byte it wants, for a buffered
//!   stream), then, only if that came back whole, a bufferful; 0 is end of file, a
//!   negative value an error. A null read function is an error.
//! - write: a short count is kept as such (the stream stays in output mode); a negative
//!   value is an error that ends output mode. A null write function takes everything.
//! - seek: a null one fails with ENOTSUP; a negative result is passed on as `ftell`'s.
//! - close: its result is ORed into `fclose`'s; a null one is success.
use core::ffi::{c_char, c_int, c_void};
use core::ptr::null_mut;

use limpet_syscall::errno::{EINVAL, ENOTSUP};
use limpet_syscall::{errno, set_errno};

use crate::abi::{BUFSIZ, CookieIoFunctions};
use crate::file::{F_EOF, F_ERR, F_NORD, F_NOWR, F_WRITING, FILE, Ops, State, UNGET};
use crate::fopen::{alloc_c, mode_ok};

/// The caller's cookie and functions.
struct Cookie {
    cookie: *mut c_void,
    io: CookieIoFunctions,
}

/// One allocation: the stream, the cookie, and the stream's buffer.
#[repr(C)]
struct CookieFile {
    file: FILE,
    cookie: Cookie,
    buf: [u8; UNGET + BUFSIZ],
}

static COOKIE_OPS: Ops = Ops { read: cookie_read, write: cookie_write, seek: cookie_seek, close: cookie_close };

fn cookie(s: &State) -> &Cookie {
    // SAFETY: a stream with `COOKIE_OPS` has its `Cookie` as cookie, alive as long as the
    // stream.
    unsafe { &*s.cookie.cast::<Cookie>() }
}

/// Ends a read that came back with `r <= 0`: end of file for 0, an error otherwise (the
/// caller's function set errno, or not); returns the `got` bytes that did arrive.
fn stop(s: &mut State, r: isize, got: usize) -> usize {
    s.flags |= if r == 0 { F_EOF } else { F_ERR };
    s.rpos = s.buf;
    s.rend = s.buf;
    got
}

/// # Safety
/// `dest` must be valid for `n` bytes of writes.
unsafe fn cookie_read(s: &mut State, dest: *mut u8, n: usize) -> usize {
    let c = cookie(s);
    let (handle, io) = (c.cookie, c.io);
    let Some(read) = io.read else {
        return stop(s, -1, 0);
    };
    let buffered = s.cap != 0;
    let direct = n - usize::from(buffered);
    let mut got = 0;
    if direct != 0 {
        // SAFETY: the caller's function, on the caller's cookie and our `dest`.
        let r = unsafe { read(handle, dest.cast(), direct) };
        if r <= 0 {
            return stop(s, r, 0);
        }
        got = r as usize;
    }
    // A short first part is returned as it is; only a whole one is followed by a
    // bufferful, whose first byte completes the caller's part.
    if !buffered || n - got > 1 {
        return got;
    }
    // SAFETY: the caller's function, on the caller's cookie and our buffer.
    let r = unsafe { read(handle, s.buf.cast(), s.cap) };
    if r <= 0 {
        return stop(s, r, got);
    }
    // SAFETY: the function stored `r <= cap` bytes in the buffer; `got < n`.
    unsafe {
        s.rpos = s.buf;
        s.rend = s.buf.add(r as usize);
        *dest.add(got) = *s.rpos;
        s.rpos = s.rpos.add(1);
    }
    got + 1
}

/// Hands the function `data` (after the buffered bytes). The result is taken as it is:
/// a short count is not an error.
fn hand_over(s: &mut State, write: unsafe extern "C" fn(*mut c_void, *const c_char, usize) -> isize, data: &[u8]) -> usize {
    let handle = cookie(s).cookie;
    // SAFETY: the caller's function, on the caller's cookie and live bytes.
    let r = unsafe { write(handle, data.as_ptr().cast(), data.len()) };
    if r < 0 {
        s.len = 0;
        s.flags = (s.flags | F_ERR) & !F_WRITING;
        // printf reports a failed stream with this; keep the function's errno.
        s.error = errno();
        return 0;
    }
    r as usize
}

fn cookie_write(s: &mut State, data: &[u8]) -> usize {
    let Some(write) = cookie(s).io.write else {
        return data.len();
    };
    let pending = s.len;
    if pending != 0 {
        s.len = 0;
        // SAFETY: the `pending` buffered bytes at `wbase` are initialised.
        let buffered = unsafe { core::slice::from_raw_parts(s.wbase, pending) };
        if hand_over(s, write, buffered) < pending {
            return 0;
        }
    }
    hand_over(s, write, data)
}

fn cookie_seek(s: &mut State, off: i64, whence: c_int) -> i64 {
    let c = cookie(s);
    let Some(seek) = c.io.seek else {
        set_errno(ENOTSUP);
        return -1;
    };
    let mut pos = off;
    // SAFETY: the caller's function, on the caller's cookie and a local.
    let r = unsafe { seek(c.cookie, &mut pos, whence) };
    if r < 0 { i64::from(r) } else { pos }
}

fn cookie_close(s: &mut State) -> c_int {
    let c = cookie(s);
    match c.io.close {
        // SAFETY: the caller's function, on the caller's cookie, once.
        Some(close) => unsafe { close(c.cookie) },
        None => 0,
    }
}

/// `fopencookie(cookie, mode, io_funcs)`—A stream whose reads, writes, seeks and close
/// call `io_funcs` on `cookie` (any of them may be null; see the module notes for what
/// that and each result mean). `mode` as for `fopen`, of which only the direction counts.
/// The stream is fully buffered (`BUFSIZ`) and has no descriptor. Returns null with errno
/// set: EINVAL for a bad mode, ENOMEM.
///
/// # Safety
/// `mode` must be a C string; the functions must be callable with `cookie` until the
/// stream is closed.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fopencookie(cookie: *mut c_void, mode: *const c_char, io_funcs: CookieIoFunctions) -> *mut FILE {
    // SAFETY: the caller vouches for `mode`.
    let mode = unsafe { core::ffi::CStr::from_ptr(mode) }.to_bytes();
    if !mode_ok(mode) {
        set_errno(EINVAL);
        return null_mut();
    }
    let f = alloc_c(size_of::<CookieFile>()).cast::<CookieFile>();
    if f.is_null() {
        return null_mut();
    }
    let mut flags = 0;
    if !mode.contains(&b'+') {
        flags = if mode.first() == Some(&b'r') { F_NOWR } else { F_NORD };
    }
    // SAFETY: `f` has room for a `CookieFile`; the FILE's cookie and buffer point into
    // the same allocation, which lives until `fclose` frees it.
    unsafe {
        (&raw mut (*f).cookie).write(Cookie { cookie, io: io_funcs });
        let handle = (&raw mut (*f).cookie).cast::<c_void>();
        let buf = (&raw mut (*f).buf).cast::<u8>().add(UNGET);
        (&raw mut (*f).file).write(FILE::with_ops(&COOKIE_OPS, handle, -1, buf, BUFSIZ, flags));
        let file = f.cast::<FILE>();
        crate::ofl::add(file);
        file
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::{EOF, SEEK_CUR, SEEK_SET};
    use crate::fclose::fclose;
    use crate::fflush::fflush;
    use crate::fgetc::fgetc;
    use crate::fputs::fputs;
    use crate::fread::fread;
    use crate::testutil::errno;
    use limpet_syscall::errno::EIO;

    /// A cookie over a vector, recording the sizes each call asked for.
    #[derive(Default)]
    struct Vecs {
        data: Vec<u8>,
        pos: usize,
        limit: usize,
        fail_writes: bool,
        calls: Vec<String>,
    }

    unsafe extern "C" fn vread(c: *mut c_void, buf: *mut c_char, n: usize) -> isize {
        let v = unsafe { &mut *c.cast::<Vecs>() };
        let mut k = n.min(v.data.len() - v.pos);
        if v.limit != 0 {
            k = k.min(v.limit);
        }
        unsafe { core::ptr::copy_nonoverlapping(v.data[v.pos..].as_ptr(), buf.cast(), k) };
        v.pos += k;
        v.calls.push(format!("r{n}={k}"));
        k as isize
    }

    unsafe extern "C" fn vwrite(c: *mut c_void, buf: *const c_char, n: usize) -> isize {
        let v = unsafe { &mut *c.cast::<Vecs>() };
        v.calls.push(format!("w{n}"));
        if v.fail_writes {
            limpet_syscall::set_errno(EIO);
            return -1;
        }
        let k = if v.limit != 0 { n.min(v.limit) } else { n };
        v.data.extend_from_slice(unsafe { core::slice::from_raw_parts(buf.cast::<u8>(), k) });
        k as isize
    }

    unsafe extern "C" fn vseek(c: *mut c_void, off: *mut i64, whence: c_int) -> c_int {
        let v = unsafe { &mut *c.cast::<Vecs>() };
        let base = if whence == SEEK_CUR { v.pos as i64 } else { 0 };
        v.pos = (base + unsafe { *off }) as usize;
        unsafe { *off = v.pos as i64 };
        v.calls.push(format!("s{whence}"));
        0
    }

    unsafe extern "C" fn vclose(c: *mut c_void) -> c_int {
        let v = unsafe { &mut *c.cast::<Vecs>() };
        v.calls.push("c".into());
        3
    }

    const ALL: CookieIoFunctions =
        CookieIoFunctions { read: Some(vread), write: Some(vwrite), seek: Some(vseek), close: Some(vclose) };

    fn open(v: &mut Vecs, mode: &core::ffi::CStr, io: CookieIoFunctions) -> *mut FILE {
        let f = unsafe { fopencookie((v as *mut Vecs).cast(), mode.as_ptr(), io) };
        assert!(!f.is_null());
        f
    }

    #[test]
    fn reads_ask_for_the_callers_part_then_a_bufferful() {
        let mut v = Vecs { data: vec![b'd'; 3000], ..Default::default() };
        let f = open(&mut v, c"r", ALL);
        let mut out = vec![0u8; 2000];
        unsafe {
            assert_eq!(fread(out.as_mut_ptr().cast(), 1, 2000, f), 2000);
            assert_eq!(fread(out.as_mut_ptr().cast(), 1, 2000, f), 1000);
            assert_eq!(crate::feof::feof(f), 1);
            // A read-ahead stream gives back its unread input at fflush.
            assert_eq!(fclose(f), 3);
        }
        assert_eq!(v.calls, ["r1999=1999", "r1024=1001", "r999=0", "c"]);

        // A short first part comes back as it is, without a bufferful.
        let mut v = Vecs { data: b"abcdefghijklmnop".to_vec(), limit: 3, ..Default::default() };
        let f = open(&mut v, c"r", ALL);
        unsafe {
            assert_eq!(fread(out.as_mut_ptr().cast(), 1, 10, f), 10);
            assert_eq!(&out[..10], b"abcdefghij");
            fclose(f);
        }
        assert_eq!(v.calls, ["r9=3", "r6=3", "r3=3", "r1024=3", "s1", "c"]);
    }

    #[test]
    fn writes_hand_over_the_buffer_and_keep_short_counts() {
        let mut v = Vecs::default();
        let f = open(&mut v, c"w", ALL);
        unsafe {
            fputs(c"abc".as_ptr(), f);
            assert_eq!(fflush(f), 0);
            let big = vec![b'B'; 1500];
            assert_eq!(crate::fwrite::fwrite(big.as_ptr().cast(), 1, 1500, f), 1500);
            assert_eq!(crate::ftell::ftell(f), 0);
            assert_eq!(fclose(f), 3);
        }
        assert_eq!(v.calls, ["w3", "w0", "w1500", "s1", "c"]);

        let mut v = Vecs { limit: 2, ..Default::default() };
        let f = open(&mut v, c"w", ALL);
        unsafe {
            fputs(c"abcdef".as_ptr(), f);
            // Short, but not an error: the flush succeeds.
            assert_eq!(fflush(f), 0);
            assert_eq!(crate::feof::ferror(f), 0);
            fclose(f);
        }
        assert_eq!(v.data, b"ab");

        let mut v = Vecs { fail_writes: true, ..Default::default() };
        let f = open(&mut v, c"w", ALL);
        unsafe {
            fputs(c"lost".as_ptr(), f);
            assert_eq!(fflush(f), EOF);
            assert_eq!(errno(), EIO);
            assert_eq!(crate::feof::ferror(f), 1);
            fclose(f);
        }
    }

    #[test]
    fn null_functions() {
        let none = CookieIoFunctions { read: None, write: None, seek: None, close: None };
        let mut v = Vecs::default();
        let f = open(&mut v, c"r+", none);
        unsafe {
            assert_eq!(fgetc(f), EOF);
            assert_eq!((crate::feof::ferror(f), crate::feof::feof(f)), (1, 0));
            crate::feof::clearerr(f);
            // No write function takes everything; no seek function is ENOTSUP.
            assert_eq!(fputs(c"gone".as_ptr(), f), 0);
            assert_eq!(fflush(f), 0);
            assert_eq!(crate::ftell::ftell(f), -1);
            assert_eq!(errno(), ENOTSUP);
            assert_eq!(crate::fseek::fseek(f, 0, SEEK_SET), -1);
            assert_eq!(fclose(f), 0);
        }
        assert!(v.calls.is_empty());
        for bad in [c"x", c"+", c"br"] {
            assert!(unsafe { fopencookie(null_mut(), bad.as_ptr(), none) }.is_null());
            assert_eq!(errno(), EINVAL);
        }
    }
}
