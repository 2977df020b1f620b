//! `vsnprintf`, `vsprintf` and [`buf_printf`]: formatted output into memory.
use core::ffi::{CStr, c_char, c_int};

use limpet_syscall::errno::EOVERFLOW;

use crate::abi::INT_MAX;
use crate::printf::{self, ArgSource, Sink};
use limpet_va::{VaArgs, VaList};
use crate::vfprintf::c_result;

/// Stores bytes while there is room, and drops the rest.
pub(crate) struct BufSink {
    /// Where the next byte goes.
    pub(crate) next: *mut u8,
    /// How many bytes from `next` are writable.
    pub(crate) room: usize,
}

impl Sink for BufSink {
    fn write(&mut self, bytes: &[u8]) {
        let n = bytes.len().min(self.room);
        // SAFETY: `room` bytes from `next` are writable (see `raw_printf`).
        unsafe {
            core::ptr::copy_nonoverlapping(bytes.as_ptr(), self.next, n);
            self.next = self.next.add(n);
        }
        self.room -= n;
    }
}

/// `snprintf` semantics over a raw buffer: at most `n - 1` bytes and a NUL (nothing when
/// `n` is 0), and the count of bytes the whole output has.
///
/// # Safety
/// `buf` must be writable for `n` bytes, or for as many as the output needs plus its NUL,
/// whichever is less; the arguments must match the conversions.
unsafe fn raw_printf<A: ArgSource + ?Sized>(buf: *mut u8, n: usize, fmt: &[u8], args: &mut A) -> Result<usize, i32> {
    // The count is an int, so a larger size cannot be honoured (musl fails it the same way).
    if n > INT_MAX {
        return Err(EOVERFLOW);
    }
    let mut sink = BufSink { next: buf, room: n.saturating_sub(1) };
    // SAFETY: forwarded contract.
    let r = unsafe { printf::format(fmt, args, &mut sink) };
    if n > 0 {
        // SAFETY: at most `n - 1` bytes were stored, so the NUL still fits, also after an error.
        unsafe { *sink.next = 0 };
    }
    r
}

/// Formats into `buf` with `snprintf`'s contract: the output is cut to `buf.len() - 1`
/// bytes and NUL-terminated, and the result is the full length it would have had.
///
/// # Safety
/// As for `printf::format`: the arguments must match the conversions.
pub unsafe fn buf_printf<A: ArgSource + ?Sized>(buf: &mut [u8], fmt: &[u8], args: &mut A) -> Result<usize, i32> {
    // SAFETY: the slice is writable for its length; the rest is the caller's contract.
    unsafe { raw_printf(buf.as_mut_ptr(), buf.len(), fmt, args) }
}

/// `vsnprintf(buf, n, fmt, ap)`—Formats the arguments in `ap` into `buf`, storing at most
/// `n - 1` bytes and a terminating NUL (nothing if `n` is 0; `buf` may then be null).
/// Returns the length the whole output has, or -1 with errno set (EOVERFLOW also for an
/// `n` above `INT_MAX`); after an error `buf` holds the output up to it, NUL-terminated.
///
/// # Safety
/// `buf` must be writable for `n` bytes, `fmt` NUL-terminated, and `ap` must hold
/// arguments of the types the format asks for.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vsnprintf(buf: *mut c_char, n: usize, fmt: *const c_char, ap: VaList) -> c_int {
    // SAFETY: the caller vouches for `fmt`.
    let fmt = unsafe { CStr::from_ptr(fmt) }.to_bytes();
    // SAFETY: the caller vouches for `ap`.
    let mut args = unsafe { VaArgs::new(ap) };
    // SAFETY: the caller vouches for `buf` and the arguments.
    c_result(unsafe { raw_printf(buf.cast(), n, fmt, &mut args) })
}

/// `vsprintf(buf, fmt, ap)`—`vsnprintf` without a bound (the size taken is `INT_MAX`).
///
/// # Safety
/// `buf` must be large enough for the output and its NUL; otherwise as for `vsnprintf`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vsprintf(buf: *mut c_char, fmt: *const c_char, ap: VaList) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { vsnprintf(buf, INT_MAX, fmt, ap) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::printf::{Arg, ArgList};
    use limpet_syscall::errno::EINVAL;

    #[test]
    fn truncates_and_terminates() {
        let mut buf = [b'#'; 8];
        let r = unsafe { buf_printf(&mut buf, b"%s-%d", &mut ArgList::new(&[Arg::Str(c"abcdef"), Arg::Int(42)])) };
        assert_eq!((r, &buf), (Ok(9), b"abcdef-\0"));
        let r = unsafe { buf_printf(&mut buf[..0], b"%d", &mut ArgList::new(&[Arg::Int(7)])) };
        assert_eq!(r, Ok(1));
        let r = unsafe { buf_printf(&mut buf, b"%d%y", &mut ArgList::new(&[Arg::Int(7)])) };
        assert_eq!((r, &buf[..2]), (Err(EINVAL), &b"7\0"[..]));
    }
}
