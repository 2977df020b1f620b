//! `vfprintf` and `vprintf`: formatted output onto a `FILE`.
use core::ffi::{CStr, c_char, c_int};

use crate::file::{F_ERR, F_WRITING, State};
use crate::file::{FILE, STDOUT_FILE};
use crate::printf::{self, ArgSource, Sink};
use limpet_va::{VaArgs, VaList};

/// While printf writes to an unbuffered stream it lends the stream a stack buffer of this
/// size, as musl does, so that a short message still leaves in one write.
const UNBUFFERED_CHUNK: usize = 80;

struct FileSink<'a>(&'a mut State);

impl Sink for FileSink<'_> {
    fn write(&mut self, bytes: &[u8]) {
        // After a write error the output is dropped, but the count goes on.
        if self.0.flags & F_ERR == 0 {
            self.0.write_bytes(bytes);
        }
    }
}

/// Formats onto a stream the caller has locked (or owns). Only a write error that happens
/// during this call fails it (or, on a wide-oriented stream, an error flag from before);
/// the error flag from before is kept.
///
/// # Safety
/// As for `printf::format`.
pub(crate) unsafe fn state_printf<A: ArgSource + ?Sized>(s: &mut State, fmt: &[u8], args: &mut A) -> Result<usize, i32> {
    let plan = printf::plan(fmt, args)?;
    let old_err = s.flags & F_ERR;
    // musl sets the error flag aside for the call only on a stream that is not
    // wide-oriented: on a wide one an earlier error suppresses the output and fails the call.
    let stale = s.orient > 0 && old_err != 0;
    if !stale {
        s.flags &= !F_ERR;
    }
    let mut chunk = [0u8; UNBUFFERED_CHUNK];
    let own_buf = s.buf;
    let unbuffered = s.cap == 0;
    if unbuffered {
        s.buf = chunk.as_mut_ptr();
        s.cap = UNBUFFERED_CHUNK;
        // Output mode starts afresh, so that the window is the chunk.
        s.flags &= !F_WRITING;
    }
    let r = if s.writable() {
        // SAFETY: forwarded contract.
        unsafe { printf::run(&plan, fmt, args, &mut FileSink(s)) }
    } else {
        // A stream that may not be written fails with its error flag set and errno
        // untouched, as musl's does.
        Err(NO_ERRNO)
    };
    if unbuffered {
        // Always one final write, even of nothing, as musl does: a bad descriptor fails
        // `dprintf(fd, "")` too.
        s.write_out(&[]);
        s.buf = own_buf;
        s.cap = 0;
        s.len = 0;
        s.flags &= !F_WRITING;
    }
    let failed = s.flags & F_ERR != 0;
    s.flags |= old_err;
    match r {
        Ok(_) if stale => Err(NO_ERRNO),
        Ok(_) if failed => Err(s.error),
        r => r,
    }
}

/// The error of a call that failed without a reason to report: errno stays as it was.
pub(crate) const NO_ERRNO: i32 = 0;

/// Converts a formatter result to the C convention: the count, or -1 with errno set (left
/// alone for [`NO_ERRNO`]).
pub(crate) fn c_result(r: Result<usize, i32>) -> c_int {
    match r {
        Ok(n) => n as c_int,
        Err(e) => {
            if e != NO_ERRNO {
                limpet_syscall::set_errno(e);
            }
            -1
        }
    }
}

/// `vfprintf(f, fmt, ap)`—Formats the arguments in `ap` by `fmt` onto `f`. Returns the
/// number of bytes produced, or -1 with errno set: EINVAL for an invalid conversion,
/// EOVERFLOW past `INT_MAX` bytes, or the error of a failed write.
///
/// # Safety
/// `f` must point to a live `FILE`, `fmt` must be NUL-terminated, and `ap` must hold
/// arguments of the types the format asks for.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vfprintf(f: *mut FILE, fmt: *const c_char, ap: VaList) -> c_int {
    // SAFETY: the caller vouches for `fmt`.
    let fmt = unsafe { CStr::from_ptr(fmt) }.to_bytes();
    // SAFETY: the caller vouches for `ap`.
    let mut args = unsafe { VaArgs::new(ap) };
    // SAFETY: the caller vouches for `f` and the arguments.
    c_result(unsafe { &*f }.with_lock(|s| unsafe { state_printf(s, fmt, &mut args) }))
}

/// `vprintf(fmt, ap)`—`vfprintf(stdout, fmt, ap)`.
///
/// # Safety
/// As for `vfprintf`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vprintf(fmt: *const c_char, ap: VaList) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { vfprintf(&raw const STDOUT_FILE as *mut FILE, fmt, ap) }
}
