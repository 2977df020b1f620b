//! The wide printf core (`vfwprintf`, `vswprintf`), over the narrow one.
//!
//! A wide format's conversion specifications are ASCII, so [`WideFmt`] shows the narrow
//! parser its "skeleton" (each character below 0x80 as itself, any other as a byte no
//! specification contains): the same `plan` gives the positional table and the errors, and
//! the run takes literal text from the wide format at the parser's indices. Integer,
//! floating-point and pointer conversions are rendered by the narrow field code into an
//! adapter that hands their ASCII bytes on as characters; the character and string
//! conversions are done here, as musl's `vfwprintf` does them:
//! - `%c` is `btowc` of the argument read as a `signed char` (so 0xff is EOF, and it and any
//!   byte the locale does not decode become `WEOF`, which then fails to encode), padded to
//!   the width with spaces;
//! - `%lc` writes the `wint_t` as it is, ignoring the width, and counts 1;
//! - `%s` (and `%m`) decodes the multibyte string in the current locale, the precision and
//!   width counting characters; an invalid sequence fails the call with EILSEQ before any of
//!   the field is written;
//! - `%ls` writes the wide string, precision and width in characters;
//! - `%p` prints the pointer as narrow `%p` does. (musl's wide printf fails it: its nested
//!   narrow printf rejects the specification it is handed, so it writes nothing, counts -1
//!   and sets EINVAL. The standard says `%p` prints the pointer, so limpet does.)
//! - a precision too large for an `int` is no precision for `%c %lc %s %ls %m %n` and
//!   EOVERFLOW for the others.
//!
//! Once the output has failed (a character the encoding cannot hold, EILSEQ, or a write
//! error), literal text, `%ls` and padding are no longer written, and the numeric
//! conversions write nothing and count -1 each; `%c`, `%lc` and `%s` still write their
//! characters (musl puts them with `fputwc`, which does not look at the error flag). The
//! call then returns -1. On a byte-oriented stream padding and numeric fields are still
//! written, as musl prints them with its narrow printf, which sets the error aside there.
use core::ffi::c_int;

use limpet_locale::abi::MbState;
use limpet_locale::mb::btowc::btowc;
use limpet_locale::mb::{Decoded, decode};
use limpet_syscall::errno::{EILSEQ, EINVAL, EOVERFLOW};
use limpet_syscall::set_errno;

use super::args::{self, Plan};
use super::format::{Fetch, Out, convert, errno_message, field_params};
use super::parse::{Class, Conv, Count, Flags, Length, PREC_OVERFLOW, Spec, Units, next_spec, parse};
use super::{ArgSource, Sink};
use crate::abi::INT_MAX;

/// A wide format, without its terminator.
pub(crate) struct WideFmt<'a>(pub &'a [i32]);

impl Units for WideFmt<'_> {
    const WIDE: bool = true;

    fn len(&self) -> usize {
        self.0.len()
    }

    fn at(&self, k: usize) -> Option<u8> {
        // 0xff starts no specification and is no part of one.
        self.0.get(k).map(|&c| if (c as u32) < 0x80 { c as u8 } else { 0xff })
    }
}

/// Where wide output goes.
pub(crate) trait WideSink {
    /// One character, as `fputwc` writes it: also after a failure; one the output's
    /// encoding cannot hold fails the output (errno EILSEQ).
    fn put_char(&mut self, c: u32);
    /// ASCII bytes (numeric fields, padding), one character each.
    fn put_ascii(&mut self, bytes: &[u8]);
    /// Whether the output has failed during this call (musl's `ferror` inside the call).
    fn failed(&self) -> bool;
    /// Before a numeric field: musl prints it with its narrow printf, which sets the error
    /// aside for the field on a stream that is not wide-oriented. Returns whether an error
    /// was set aside.
    fn set_error_aside(&mut self) -> bool {
        false
    }
    /// After a numeric field for which [`WideSink::set_error_aside`] returned true.
    fn restore_error(&mut self) {}
}

/// Hands the narrow field code's bytes to a wide sink. They are ASCII but for a locale's
/// radix character or thousands' separator past ASCII (fr_FR's U+202F), which the field
/// code writes whole, each in one piece: those pieces are decoded as UTF-8 (the encoding of
/// every named locale), and `merged` counts the bytes that did not become characters of
/// their own, so that the count is of characters. (Field widths stay in bytes, as the
/// narrow code counts them.)
struct Narrow<'a, W: ?Sized> {
    sink: &'a mut W,
    merged: usize,
}

impl<W: WideSink + ?Sized> Sink for Narrow<'_, W> {
    fn write(&mut self, bytes: &[u8]) {
        if bytes.is_ascii() {
            self.sink.put_ascii(bytes);
            return;
        }
        self.write_text(bytes);
    }
}

impl<W: WideSink + ?Sized> Narrow<'_, W> {
    #[cold]
    fn write_text(&mut self, bytes: &[u8]) {
        match core::str::from_utf8(bytes) {
            Ok(text) => {
                for c in text.chars() {
                    self.sink.put_char(c as u32);
                    self.merged += c.len_utf8() - 1;
                }
            }
            // Not from a locale's strings: each byte as a character, as before.
            Err(_) => self.sink.put_ascii(bytes),
        }
    }
}

/// musl's count: an `int` that a failed numeric conversion lowers by one.
struct Counter(i64);

impl Counter {
    /// Adds a piece's length. Once the count is negative musl's `INT_MAX - count` check
    /// wraps, and every further piece overflows.
    fn add(&mut self, l: i64) -> Result<(), i32> {
        if self.0 < 0 || l > INT_MAX as i64 - self.0 {
            return Err(EOVERFLOW);
        }
        self.0 += l;
        Ok(())
    }
}

/// The first pass over a wide format (see `printf::plan`).
pub(crate) fn wplan<A: ArgSource + ?Sized>(fmt: &[i32], args: &mut A) -> Result<Plan, i32> {
    args::plan(&WideFmt(fmt), args)
}

/// Produces the output of the wide format `fmt`; returns musl's count (which a failed
/// `%p` can leave at -1), or an errno for an error that ends the call.
///
/// # Safety
/// As for `printf::format` (with `%ls` pointers to wide strings); `plan` must come from
/// [`wplan`] over the same `fmt` and `args`.
pub(crate) unsafe fn wrun<A: ArgSource + ?Sized, W: WideSink + ?Sized>(plan: &Plan, fmt: &[i32], args: &mut A, sink: &mut W) -> Result<i32, i32> {
    let wf = WideFmt(fmt);
    let mut fetch = Fetch::new(plan, args);
    let mut cnt = Counter(0);
    let mut i = 0;
    while next_spec::<_, i32>(&wf, &mut i, |text| {
        cnt.add(text.len() as i64)?;
        put_text(sink, &fmt[text]);
        Ok(())
    })? {
        // musl checks its count before each conversion too.
        cnt.add(0)?;
        let spec = parse(&wf, &mut i)?;
        // SAFETY: forwarded contract.
        let l = unsafe { convert_wide(&spec, &mut fetch, sink, cnt.0)? };
        cnt.add(l)?;
    }
    Ok(cnt.0 as i32)
}

/// Literal text and `%ls`: character by character until the output fails.
fn put_text<W: WideSink + ?Sized>(sink: &mut W, s: &[i32]) {
    for &c in s {
        if sink.failed() {
            return;
        }
        sink.put_char(c as u32);
    }
}

/// `n` spaces before (or, with `-` in `flags`, after) a character or string field. musl
/// prints them with its narrow printf, so they are written after a failure only where that
/// sets the error aside (see [`WideSink::set_error_aside`]).
fn pad<W: WideSink + ?Sized>(sink: &mut W, n: usize, flags: Flags) {
    if flags.contains(Flags::LEFT) || n == 0 {
        return;
    }
    let aside = sink.set_error_aside();
    if !sink.failed() {
        let block = [b' '; 64];
        let mut n = n;
        while n > 0 {
            let k = n.min(block.len());
            sink.put_ascii(&block[..k]);
            n -= k;
        }
    }
    if aside {
        sink.restore_error();
    }
}

/// What a null `%ls` prints (musl dereferences it).
const NULL_WSTR: [i32; 6] = [b'(' as i32, b'n' as i32, b'u' as i32, b'l' as i32, b'l' as i32, b')' as i32];

/// One conversion; returns the count it adds.
///
/// # Safety
/// As for [`wrun`].
unsafe fn convert_wide<A: ArgSource + ?Sized, W: WideSink + ?Sized>(spec: &Spec, fetch: &mut Fetch<'_, A>, sink: &mut W, cnt: i64) -> Result<i64, i32> {
    let pos = spec.pos;
    match spec.conv {
        Conv::Char => {
            let (flags, width, _) = field_params(spec, fetch)?;
            // musl reads `%c`'s argument as a `signed char`, so 0xff is EOF, whose `btowc` is WEOF.
            let c = btowc(c_int::from(fetch.int(pos)? as i8));
            let w = width.max(1);
            pad(sink, w - 1, flags);
            sink.put_char(c);
            pad(sink, w - 1, flags ^ Flags::LEFT);
            Ok(w as i64)
        }
        Conv::WideChar => {
            field_params(spec, fetch)?;
            sink.put_char(fetch.int(pos)? as u32);
            Ok(1)
        }
        Conv::Str | Conv::Errno => {
            let (flags, width, prec) = field_params(spec, fetch)?;
            let p = if spec.conv == Conv::Errno { errno_message() } else { fetch.int(pos)? as usize as *const u8 };
            let p = if p.is_null() { c"(null)".as_ptr().cast() } else { p };
            let limit = prec.filter(|&p| p != PREC_OVERFLOW).unwrap_or(INT_MAX);
            // SAFETY: the caller vouches for a string, or an array as long as the precision.
            let n = unsafe { decode_str(p, limit, |_| {}) }.ok_or(EILSEQ)?;
            let w = width.max(n);
            pad(sink, w - n, flags);
            // SAFETY: as above; these characters decoded already.
            unsafe { decode_str(p, n, |c| sink.put_char(c)) };
            pad(sink, w - n, flags ^ Flags::LEFT);
            Ok(w as i64)
        }
        Conv::WideStr => {
            let (flags, width, prec) = field_params(spec, fetch)?;
            let p = fetch.int(pos)? as usize as *const i32;
            let limit = prec.filter(|&p| p != PREC_OVERFLOW).unwrap_or(INT_MAX);
            let s = if p.is_null() {
                &NULL_WSTR[..limit.min(NULL_WSTR.len())]
            } else {
                let mut n = 0;
                // SAFETY: the caller vouches for a wide string, or an array as long as the precision.
                while n < limit && unsafe { *p.add(n) } != 0 {
                    n += 1;
                }
                // SAFETY: the `n` elements were just read.
                unsafe { core::slice::from_raw_parts(p, n) }
            };
            let w = width.max(s.len());
            pad(sink, w - s.len(), flags);
            put_text(sink, s);
            pad(sink, w - s.len(), flags ^ Flags::LEFT);
            Ok(w as i64)
        }
        Conv::Count => {
            field_params(spec, fetch)?;
            let p = fetch.int(pos)? as usize;
            if p != 0 {
                // SAFETY: the caller vouches for a pointer of the type the length names.
                unsafe {
                    match spec.len {
                        Length::None => (p as *mut i32).write(cnt as i32),
                        Length::Hh => (p as *mut i8).write(cnt as i8),
                        Length::H => (p as *mut i16).write(cnt as i16),
                        // musl takes the pointer for `%Ln` and stores nothing.
                        Length::BigL => {}
                        _ => (p as *mut i64).write(cnt),
                    }
                }
            }
            Ok(0)
        }
        Conv::Signed | Conv::Unsigned { .. } | Conv::Pointer | Conv::Float { .. } => {
            if spec.prec == Count::Fixed(PREC_OVERFLOW) {
                return Err(EOVERFLOW);
            }
            let aside = sink.set_error_aside();
            // SAFETY: forwarded contract.
            let l = unsafe { numeric(spec, fetch, sink) };
            if aside {
                sink.restore_error();
            }
            l
        }
    }
}

/// A numeric conversion, rendered by the narrow core; returns the count it adds.
///
/// # Safety
/// As for [`wrun`].
unsafe fn numeric<A: ArgSource + ?Sized, W: WideSink + ?Sized>(spec: &Spec, fetch: &mut Fetch<'_, A>, sink: &mut W) -> Result<i64, i32> {
    let pos = spec.pos;
    if sink.failed() {
        // musl's nested narrow printf fails: the argument is taken, nothing is
        // written, and the count goes down by one.
        field_params(spec, fetch)?;
        match spec.class() {
            Some(Class::Double) => drop(fetch.f64(pos)?),
            Some(Class::LongDouble) => drop(fetch.long_double(pos)?),
            _ => drop(fetch.int(pos)?),
        }
        return Ok(-1);
    }
    let mut narrow = Narrow { sink: &mut *sink, merged: 0 };
    let mut out = Out::new(&mut narrow);
    // SAFETY: forwarded contract.
    let l = match unsafe { convert(spec, fetch, &mut out) } {
        Ok(()) => {
            let bytes = out.count();
            (bytes - narrow.merged) as i64
        }
        // Mixed argument styles, which the narrow core rejects too.
        Err(EINVAL) => return Err(EINVAL),
        Err(e) => {
            set_errno(e);
            return Ok(-1);
        }
    };
    // A write error inside the field fails musl's nested narrow printf.
    Ok(if sink.failed() { -1 } else { l })
}

/// Decodes up to `limit` characters of the multibyte string at `p` in the current locale,
/// handing each to `each`; returns how many there were, or None for an invalid or
/// incomplete sequence among them.
///
/// # Safety
/// `p` must point to a NUL-terminated string, or to an array holding `limit` characters.
unsafe fn decode_str(p: *const u8, limit: usize, mut each: impl FnMut(u32)) -> Option<usize> {
    let mut n = 0;
    let mut at = 0;
    let mut st = MbState::default();
    while n < limit {
        // SAFETY: bytes are read one at a time up to the NUL, or within the array.
        let b = unsafe { *p.add(at) };
        if b == 0 && st.is_initial() {
            break;
        }
        at += 1;
        match decode(&[b], &mut st) {
            Decoded::Char { wc, .. } => {
                each(wc);
                n += 1;
            }
            Decoded::Incomplete => {}
            Decoded::Invalid => return None,
        }
    }
    Some(n)
}

#[cfg(test)]
mod tests;
