//! `vfscanf`, `vscanf`, `vsscanf` and their `__isoc99_` names, and the two byte sources
//! they scan: a string ([`StrInput`]) and a locked `FILE`.
//!
//! A stream is locked for the whole call and read through its buffer; the one byte scanf
//! looks ahead and does not use goes back into the buffer (or the `UNGET` bytes before it),
//! so `fgetc` and `ftell` afterwards see it, as in musl. What a conversion consumed before
//! failing (`0x` before a non-digit, `1e+` before a letter) stays consumed.
use core::ffi::{CStr, c_char, c_int};

use super::{Input, PtrSource, scan};
use crate::abi::EOF;
use crate::file::{FILE, STDIN_FILE, State, UNGET};
use limpet_va::{VaArgs, VaList};

/// An [`Input`] over bytes in memory: `sscanf`'s string (without its NUL).
pub struct StrInput<'a> {
    s: &'a [u8],
    next: usize,
}

impl<'a> StrInput<'a> {
    pub fn new(s: &'a [u8]) -> Self {
        StrInput { s, next: 0 }
    }

    /// How many bytes the scan consumed.
    pub fn consumed(&self) -> usize {
        self.next
    }
}

impl Input for StrInput<'_> {
    fn get(&mut self) -> Option<u32> {
        let c = *self.s.get(self.next)?;
        self.next += 1;
        Some(u32::from(c))
    }

    fn unget(&mut self, _c: u32) {
        self.next -= 1;
    }
}

/// An [`Input`] over a stream the caller holds, in input mode.
pub(crate) struct StreamInput<'a>(pub(crate) &'a mut State);

impl Input for StreamInput<'_> {
    fn get(&mut self) -> Option<u32> {
        let c = self.0.get_byte();
        (c != EOF).then_some(c as u32)
    }

    fn unget(&mut self, c: u32) {
        let s = &mut *self.0;
        // The byte just read sits before `rpos`, in the buffer or (for an unbuffered
        // stream) in the `UNGET` bytes, where it is written, as nothing put it there.
        if s.rpos.is_null() || s.rpos as usize <= (s.buf as usize).wrapping_sub(UNGET) {
            return;
        }
        // SAFETY: `rpos - 1` is within the buffer or the UNGET bytes, all the stream's.
        unsafe {
            s.rpos = s.rpos.sub(1);
            if s.rpos < s.buf {
                *s.rpos = c as u8;
            }
        }
    }
}

/// Scans a stream the caller has locked (or owns): musl's `vfscanf` after `FLOCK`. A
/// stream that cannot be read (write-only; its error flag is set) is an input failure.
///
/// # Safety
/// As for [`scan`].
pub(crate) unsafe fn state_scan<P: PtrSource + ?Sized>(s: &mut State, fmt: &[u8], args: &mut P) -> c_int {
    if s.rpos.is_null() {
        let _ = s.enter_read();
        if s.rpos.is_null() {
            return EOF;
        }
    }
    // SAFETY: forwarded contract.
    unsafe { scan(fmt, &mut StreamInput(s), args) }
}

/// Scans `f` by `fmt`, with the stream locked for the whole call; [`scan`]'s result.
///
/// # Safety
/// As for [`scan`].
pub unsafe fn stream_scan<P: PtrSource + ?Sized>(f: &FILE, fmt: &[u8], args: &mut P) -> c_int {
    // SAFETY: forwarded contract.
    f.with_lock(|s| unsafe { state_scan(s, fmt, args) })
}

/// `vfscanf(f, fmt, ap)`—Reads `f` as `fmt` directs, storing the conversions through the
/// pointers in `ap`. Returns the number of assignments, or `EOF` if the input failed (end of
/// file or a read error, with `feof`/`ferror` set) or `fmt` is invalid before the first
/// one. Input scanf looked at but did not use remains to be read.
///
/// # Safety
/// `f` must point to a live `FILE`, `fmt` be NUL-terminated, and `ap` hold pointers valid
/// for what their conversions store.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vfscanf(f: *mut FILE, fmt: *const c_char, ap: VaList) -> c_int {
    // SAFETY: the caller vouches for `fmt`, `ap` and `f`.
    unsafe {
        let fmt = CStr::from_ptr(fmt).to_bytes();
        let mut args = VaArgs::new(ap);
        stream_scan(&*f, fmt, &mut args)
    }
}

/// `vscanf(fmt, ap)`—`vfscanf(stdin, fmt, ap)`.
///
/// # Safety
/// As for `vfscanf`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vscanf(fmt: *const c_char, ap: VaList) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { vfscanf(&raw const STDIN_FILE as *mut FILE, fmt, ap) }
}

/// `vsscanf(s, fmt, ap)`—`vfscanf` over the string `s`, whose NUL is its end of file.
///
/// # Safety
/// `s` and `fmt` must be NUL-terminated; `ap` as for `vfscanf`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vsscanf(s: *const c_char, fmt: *const c_char, ap: VaList) -> c_int {
    // SAFETY: the caller vouches for the strings and `ap`.
    unsafe {
        let s = CStr::from_ptr(s).to_bytes();
        let fmt = CStr::from_ptr(fmt).to_bytes();
        let mut args = VaArgs::new(ap);
        scan(fmt, &mut StrInput::new(s), &mut args)
    }
}

/// `__isoc99_vfscanf(f, fmt, ap)`—glibc's C99 name for `vfscanf`, which musl exports too.
///
/// # Safety
/// As for `vfscanf`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __isoc99_vfscanf(f: *mut FILE, fmt: *const c_char, ap: VaList) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { vfscanf(f, fmt, ap) }
}

/// `__isoc99_vscanf(fmt, ap)`—glibc's C99 name for `vscanf`.
///
/// # Safety
/// As for `vfscanf`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __isoc99_vscanf(fmt: *const c_char, ap: VaList) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { vscanf(fmt, ap) }
}

/// `__isoc99_vsscanf(s, fmt, ap)`—glibc's C99 name for `vsscanf`.
///
/// # Safety
/// As for `vsscanf`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __isoc99_vsscanf(s: *const c_char, fmt: *const c_char, ap: VaList) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { vsscanf(s, fmt, ap) }
}
