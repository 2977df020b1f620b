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
use limpet_syscall::set_errno;

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

fn errno() -> c_int {
    unsafe extern "C" {
        fn __errno_location() -> *mut c_int;
    }
    // SAFETY: always the calling thread's errno slot.
    unsafe { *__errno_location() }
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
