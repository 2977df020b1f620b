//! `vfwscanf`, `vswscanf`, `vwscanf` and their `__isoc99_` names: the wide scanf family
//! over the scanner in `scanf::wide` (the variadic forms are trampolines in `va`).
//!
//! A stream is oriented to wide characters and locked for the whole call, and read
//! through its wide input (`fgetwc`'s decoding in the stream's encoding); the character
//! scanf looks ahead and does not use goes back as its multibyte sequence (an ASCII one by
//! stepping back over it), so the next read sees it, as in musl. Numeric fields read the
//! stream's bytes.
use core::ffi::c_int;

use crate::file::{FILE, STDIN_FILE, State};
use crate::scanf::{Input, PtrSource, StreamInput, WideInput, WideStrInput, wscan};
use limpet_va::{VaArgs, VaList};
use crate::wide::{MB_MAX, WEOF, encode, get_wide, orient};

/// `wchar_t`.
type Wchar = i32;

/// A [`WideInput`] over a stream the caller holds: wide characters from its decoder,
/// bytes (for numbers) from its buffer.
struct WideStream<'a>(StreamInput<'a>);

impl Input for WideStream<'_> {
    fn get(&mut self) -> Option<u32> {
        self.0.get()
    }

    fn unget(&mut self, c: u32) {
        self.0.unget(c);
    }
}

impl WideInput for WideStream<'_> {
    fn get_wide(&mut self) -> Option<u32> {
        let c = get_wide(self.0.0);
        (c != WEOF).then_some(c)
    }

    fn unget_wide(&mut self, c: u32) {
        if c < 0x80 {
            // The byte is right behind the read position, where it was read.
            self.0.unget(c);
            return;
        }
        // The character was just decoded from these bytes, so they fit where they came
        // from; `unget` also clears end of file, as musl's `ungetwc` does.
        let s = &mut *self.0.0;
        let mut mb = [0u8; MB_MAX];
        if let Some(n) = encode(s.encoding, c, &mut mb) {
            let _ = s.unget(&mb[..n]);
        }
    }
}

/// Scans a stream the caller holds: orients it to wide characters (fixing its encoding if
/// it has none), as musl's `vfwscanf` does before anything else.
///
/// # Safety
/// As for [`wscan`].
unsafe fn state_wscan<P: PtrSource + ?Sized>(s: &mut State, fmt: &[Wchar], args: &mut P) -> c_int {
    orient(s, 1);
    // SAFETY: forwarded contract.
    unsafe { wscan(fmt, &mut WideStream(StreamInput(s)), args) }
}

/// Scans `f` by the wide format `fmt`, with the stream locked for the whole call; [`wscan`]'s
/// result.
///
/// # Safety
/// As for [`wscan`].
pub unsafe fn stream_wscan<P: PtrSource + ?Sized>(f: &FILE, fmt: &[Wchar], args: &mut P) -> c_int {
    // SAFETY: forwarded contract.
    f.with_lock(|s| unsafe { state_wscan(s, fmt, args) })
}

/// The wide string at `p` without its NUL.
///
/// # Safety
/// `p` must point to a NUL-terminated wide string that outlives the slice.
unsafe fn wide_str<'a>(p: *const Wchar) -> &'a [Wchar] {
    let mut n = 0;
    // SAFETY: the caller vouches for the string, so every element up to the NUL is readable.
    unsafe {
        while *p.add(n) != 0 {
            n += 1;
        }
        core::slice::from_raw_parts(p, n)
    }
}

/// `vfwscanf(f, fmt, ap)`—Reads wide characters from `f` as the wide format `fmt` directs,
/// storing the conversions through the pointers in `ap`: `%s`, `%c` and `%[` as multibyte
/// strings in the current locale, `%ls`, `%lc` and `%l[` as wide strings, numbers as
/// `vfscanf` does. Orients `f` to wide characters. Returns the number of assignments, or
/// `WEOF` (-1) if the input failed (end of file, a read error, bytes that are not a
/// character) or `fmt` is invalid before the first one. The character scanf looked at and
/// did not use remains to be read.
///
/// # Safety
/// `f` must point to a live `FILE`, `fmt` to a NUL-terminated wide string, and `ap` hold
/// pointers valid for what their conversions store.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vfwscanf(f: *mut FILE, fmt: *const Wchar, ap: VaList) -> c_int {
    // SAFETY: the caller vouches for `fmt`, `ap` and `f`.
    unsafe {
        let fmt = wide_str(fmt);
        let mut args = VaArgs::new(ap);
        stream_wscan(&*f, fmt, &mut args)
    }
}

/// `vwscanf(fmt, ap)`—`vfwscanf(stdin, fmt, ap)`.
///
/// # Safety
/// As for `vfwscanf`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vwscanf(fmt: *const Wchar, ap: VaList) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { vfwscanf(&raw const STDIN_FILE as *mut FILE, fmt, ap) }
}

/// `vswscanf(s, fmt, ap)`—`vfwscanf` over the wide string `s`, read as musl reads it:
/// converted to multibyte in the current locale 256 bytes at a time, so a character the
/// locale cannot encode ends the input where its piece starts (errno EILSEQ).
///
/// # Safety
/// `s` and `fmt` must be NUL-terminated wide strings; `ap` as for `vfwscanf`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vswscanf(s: *const Wchar, fmt: *const Wchar, ap: VaList) -> c_int {
    // SAFETY: the caller vouches for the strings and `ap`.
    unsafe {
        let s = wide_str(s);
        let fmt = wide_str(fmt);
        let mut args = VaArgs::new(ap);
        wscan(fmt, &mut WideStrInput::new(s), &mut args)
    }
}

/// `__isoc99_vfwscanf(f, fmt, ap)`—glibc's C99 name for `vfwscanf`, which musl exports too.
///
/// # Safety
/// As for `vfwscanf`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __isoc99_vfwscanf(f: *mut FILE, fmt: *const Wchar, ap: VaList) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { vfwscanf(f, fmt, ap) }
}

/// `__isoc99_vwscanf(fmt, ap)`—glibc's C99 name for `vwscanf`.
///
/// # Safety
/// As for `vfwscanf`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __isoc99_vwscanf(fmt: *const Wchar, ap: VaList) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { vwscanf(fmt, ap) }
}

/// `__isoc99_vswscanf(s, fmt, ap)`—glibc's C99 name for `vswscanf`.
///
/// # Safety
/// As for `vswscanf`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __isoc99_vswscanf(s: *const Wchar, fmt: *const Wchar, ap: VaList) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { vswscanf(s, fmt, ap) }
}
