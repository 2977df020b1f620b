//! `%lc` and `%ls`: wide characters turned into bytes the way `wcrtomb` does in musl's C
//! locale, the locale every program starts in (limpet has no `setlocale` yet): ASCII stays
//! itself, the code units U+DF80..=U+DFFF (which the C locale's `mbrtowc` makes of the bytes
//! 0x80..=0xFF) turn back into those bytes, and anything else is EILSEQ. Each character is
//! one byte, so a precision counts characters.
use limpet_syscall::errno::EILSEQ;

use super::Sink;
use super::format::Out;

/// The wide characters that encode as the byte `wc & 0xff`, besides ASCII.
const BYTE_UNITS: core::ops::RangeInclusive<u32> = 0xdf80..=0xdfff;
const ASCII_END: u32 = 0x80;
/// Wide strings are converted through a stack block of this many bytes.
const BLOCK: usize = 64;
/// What a null `%ls` prints (musl dereferences it; we print what `%s` does).
const NULL_STR: &[u8] = b"(null)";

fn c_locale_byte(wc: u32) -> Option<u8> {
    (wc < ASCII_END || BYTE_UNITS.contains(&wc)).then_some(wc as u8)
}

/// `%lc`. As in musl, this is a one-character `%ls`, so L'\0' prints nothing.
pub(crate) fn char_field<S: Sink + ?Sized>(out: &mut Out<'_, S>, flags: u8, width: usize, wc: u32) -> Result<(), i32> {
    if wc == 0 {
        return out.field(flags, width, false, b"", 0, |_| {});
    }
    let b = [c_locale_byte(wc).ok_or(EILSEQ)?];
    out.field(flags, width, false, b"", 1, |o| o.put(&b))
}

/// `%ls`: converts the whole (precision-limited) string first, so that an unencodable
/// character fails the field before any of it is written.
///
/// # Safety
/// `p` must be null, or point to a NUL-terminated wide string or to at least `prec` wide characters.
pub(crate) unsafe fn str_field<S: Sink + ?Sized>(out: &mut Out<'_, S>, flags: u8, width: usize, prec: Option<usize>, p: *const i32) -> Result<(), i32> {
    let limit = prec.unwrap_or(usize::MAX);
    if p.is_null() {
        let s = &NULL_STR[..limit.min(NULL_STR.len())];
        return out.field(flags, width, false, b"", s.len(), |o| o.put(s));
    }
    let mut n = 0;
    // SAFETY: every element read is before the terminator or within the precision.
    while n < limit && unsafe { *p.add(n) } != 0 {
        // SAFETY: as above.
        c_locale_byte(unsafe { *p.add(n) } as u32).ok_or(EILSEQ)?;
        n += 1;
    }
    out.field(flags, width, false, b"", n, |o| {
        let mut block = [0u8; BLOCK];
        let mut done = 0;
        while done < n {
            let k = (n - done).min(BLOCK);
            for (j, b) in block[..k].iter_mut().enumerate() {
                // SAFETY: these `n` elements were read and checked above.
                *b = unsafe { *p.add(done + j) } as u8;
            }
            o.put(&block[..k]);
            done += k;
        }
    })
}
