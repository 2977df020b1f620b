//! `vfwprintf`, `vwprintf`, `vswprintf` (their variadic forms are trampolines in `va`) and
//! [`buf_wprintf`]: the wide printf family, formatted by `printf::wformat`.
use core::ffi::c_int;

use limpet_locale::abi::MB_LEN_MAX;
use limpet_locale::mb::encode;
use limpet_syscall::errno::{EILSEQ, EOVERFLOW};
use limpet_syscall::set_errno;

use crate::abi::INT_MAX;
use crate::file::{F_ERR, State};
use crate::file::{FILE, STDOUT_FILE};
use crate::printf::ArgSource;
use crate::printf::wformat::{WideSink, wplan, wrun};
use limpet_va::{VaArgs, VaList};
use crate::vfprintf::NO_ERRNO;
use crate::vfprintf::c_result;
use crate::wide::{WcharT, orient, put_wide};

/// `swprintf`'s buffer: room for `cap` characters before the terminator.
struct BufSink {
    buf: *mut WcharT,
    len: usize,
    cap: usize,
    failed: bool,
}

impl BufSink {
    fn store(&mut self, c: u32) {
        if self.len == self.cap {
            return;
        }
        if c == 0 {
            // musl's swprintf converts its output back from bytes, and a NUL byte makes
            // that conversion store L'\0' until the buffer is full.
            while self.len < self.cap {
                // SAFETY: `cap` characters from `buf` are writable (see `raw_wprintf`).
                unsafe { *self.buf.add(self.len) = 0 };
                self.len += 1;
            }
            return;
        }
        // SAFETY: as above, and `len < cap`.
        unsafe { *self.buf.add(self.len) = c as WcharT };
        self.len += 1;
    }
}

impl WideSink for BufSink {
    fn put_char(&mut self, c: u32) {
        // The output goes through the current locale's multibyte encoding in musl, so a
        // character it cannot encode fails the call as it fails `fputwc`.
        let mut mb = [0u8; MB_LEN_MAX];
        if encode(c, &mut mb).is_none() {
            self.failed = true;
            set_errno(EILSEQ);
            return;
        }
        self.store(c);
    }

    fn put_ascii(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.store(u32::from(b));
        }
    }

    fn failed(&self) -> bool {
        self.failed
    }
}

/// `swprintf` semantics over a raw buffer: at most `n - 1` characters and a terminator;
/// the count of characters, or an error: [`NO_ERRNO`] when the output does not fit (or `n`
/// is 0, or a character could not be encoded, which set errno EILSEQ), EOVERFLOW for an
/// `n` above `INT_MAX`, or the format's error.
///
/// # Safety
/// `buf` must be writable for `n` characters; the arguments must match the conversions.
unsafe fn raw_wprintf<A: ArgSource + ?Sized>(buf: *mut WcharT, n: usize, fmt: &[WcharT], args: &mut A) -> Result<usize, i32> {
    if n == 0 {
        return Err(NO_ERRNO);
    }
    if n > INT_MAX {
        return Err(EOVERFLOW);
    }
    let mut sink = BufSink { buf, len: 0, cap: n - 1, failed: false };
    let r = match wplan(fmt, args) {
        // SAFETY: forwarded contract.
        Ok(plan) => unsafe { wrun(&plan, fmt, args, &mut sink) },
        Err(e) => Err(e),
    };
    // SAFETY: at most `n - 1` characters were stored, so the terminator fits.
    unsafe { *buf.add(sink.len) = 0 };
    match r {
        Err(e) => Err(e),
        Ok(c) if sink.failed || c < 0 || c as usize >= n => Err(NO_ERRNO),
        Ok(c) => Ok(c as usize),
    }
}

/// Formats the wide format `fmt` into `buf` with `swprintf`'s contract: at most
/// `buf.len() - 1` characters and a terminating L'\0'. Returns the number of characters,
/// or an errno; 0 ([`NO_ERRNO`]) when the output did not fit, `buf` is empty, or a
/// character could not be encoded in the current locale (errno EILSEQ was set then).
///
/// # Safety
/// As for `printf::format`: the arguments must match the conversions.
pub unsafe fn buf_wprintf<A: ArgSource + ?Sized>(buf: &mut [WcharT], fmt: &[WcharT], args: &mut A) -> Result<usize, i32> {
    // SAFETY: the slice is writable for its length; the rest is the caller's contract.
    unsafe { raw_wprintf(buf.as_mut_ptr(), buf.len(), fmt, args) }
}

/// Wide output onto a locked stream, in its encoding.
struct FileSink<'a>(&'a mut State);

impl WideSink for FileSink<'_> {
    fn put_char(&mut self, c: u32) {
        put_wide(self.0, c);
    }

    fn put_ascii(&mut self, bytes: &[u8]) {
        if self.0.writable() {
            self.0.write_bytes(bytes);
        }
    }

    fn failed(&self) -> bool {
        self.0.flags & F_ERR != 0
    }

    fn set_error_aside(&mut self) -> bool {
        let aside = self.0.orient < 1 && self.failed();
        if aside {
            self.0.flags &= !F_ERR;
        }
        aside
    }

    fn restore_error(&mut self) {
        self.0.flags |= F_ERR;
    }
}

/// Formats onto a stream the caller has locked: errors in the format fail before the
/// stream is touched; otherwise it is oriented as by `fwide(f, 1)`, and only an error of
/// this call (its error flag set anew) fails it, as in musl.
///
/// # Safety
/// As for `printf::format`.
pub(crate) unsafe fn state_wprintf<A: ArgSource + ?Sized>(s: &mut State, fmt: &[WcharT], args: &mut A) -> Result<usize, i32> {
    let plan = wplan(fmt, args)?;
    orient(s, 1);
    let old_err = s.flags & F_ERR;
    s.flags &= !F_ERR;
    // SAFETY: forwarded contract.
    let r = unsafe { wrun(&plan, fmt, args, &mut FileSink(s)) };
    let failed = s.flags & F_ERR != 0;
    s.flags |= old_err;
    match r {
        Err(e) => Err(e),
        // errno is what the failure set (EILSEQ, a write's error, or EINVAL for `%p`).
        Ok(c) if failed || c < 0 => Err(NO_ERRNO),
        Ok(c) => Ok(c as usize),
    }
}

/// The wide string at `p`, without its terminator.
///
/// # Safety
/// `p` must point to a wide string terminated by L'\0'.
unsafe fn wide_str<'a>(p: *const WcharT) -> &'a [WcharT] {
    let mut n = 0;
    // SAFETY: every element read is before or at the terminator.
    while unsafe { *p.add(n) } != 0 {
        n += 1;
    }
    // SAFETY: the `n` elements were just read.
    unsafe { core::slice::from_raw_parts(p, n) }
}

/// `vfwprintf(f, fmt, ap)`—Formats the arguments in `ap` by the wide format `fmt` onto `f`,
/// as wide characters in the stream's encoding, orienting it as `fwide(f, 1)` does.
/// Returns the number of wide characters produced, or -1: errno EINVAL for an invalid
/// conversion, EOVERFLOW past `INT_MAX`, EILSEQ for an invalid multibyte `%s` argument or
/// a character the stream's encoding cannot hold, or a write's error. As in musl, `%p`
/// writes nothing, sets errno to EINVAL and lowers the count by one.
///
/// # Safety
/// `f` must point to a live `FILE`, `fmt` must be a terminated wide string, and `ap` must
/// hold arguments of the types the format asks for.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vfwprintf(f: *mut FILE, fmt: *const WcharT, ap: VaList) -> c_int {
    // SAFETY: the caller vouches for `fmt`.
    let fmt = unsafe { wide_str(fmt) };
    // SAFETY: the caller vouches for `ap`.
    let mut args = unsafe { VaArgs::new(ap) };
    // SAFETY: the caller vouches for `f` and the arguments.
    c_result(unsafe { &*f }.with_lock(|s| unsafe { state_wprintf(s, fmt, &mut args) }))
}

/// `vwprintf(fmt, ap)`—`vfwprintf(stdout, fmt, ap)`.
///
/// # Safety
/// As for `vfwprintf`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vwprintf(fmt: *const WcharT, ap: VaList) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { vfwprintf(&raw const STDOUT_FILE as *mut FILE, fmt, ap) }
}

/// `vswprintf(s, n, fmt, ap)`—Formats the arguments in `ap` by the wide format `fmt` into
/// `s`, storing at most `n - 1` wide characters and a terminating L'\0'. Returns the number
/// of characters, or -1: when they do not all fit (errno unchanged; `s` holds the first
/// `n - 1`), when `n` is 0 (`s` untouched), with errno EOVERFLOW for an `n` above
/// `INT_MAX`, and for the errors of `vfwprintf` (EILSEQ for a character the current locale
/// cannot encode). As in musl, a L'\0' in the output (`%c` or `%lc` of 0) fills the rest
/// of the `n - 1` characters with L'\0'.
///
/// # Safety
/// `s` must be writable for `n` wide characters, `fmt` a terminated wide string, and `ap`
/// must hold arguments of the types the format asks for.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vswprintf(s: *mut WcharT, n: usize, fmt: *const WcharT, ap: VaList) -> c_int {
    // SAFETY: the caller vouches for `fmt`.
    let fmt = unsafe { wide_str(fmt) };
    // SAFETY: the caller vouches for `ap`.
    let mut args = unsafe { VaArgs::new(ap) };
    // SAFETY: the caller vouches for `s` and the arguments.
    c_result(unsafe { raw_wprintf(s, n, fmt, &mut args) })
}

#[cfg(test)]
mod tests;
