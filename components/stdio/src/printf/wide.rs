//! `%lc` and `%ls`: wide characters turned into multibyte sequences of the calling thread's
//! locale, as `wcrtomb` makes them (limpet-locale): the C locale's one byte per character,
//! or UTF-8. As in musl, a precision limits the bytes written, and a character whose
//! sequence would pass it ends the field; a character the locale cannot encode fails the
//! whole call with EILSEQ before any of the field is written.
use limpet_locale::abi::MB_LEN_MAX;
use limpet_locale::mb::encode;
use limpet_syscall::errno::EILSEQ;

use super::Sink;
use super::parse::Flags;
use super::format::Out;

/// Wide strings are written through a stack block of this many bytes.
const BLOCK: usize = 64;
/// What a null `%ls` prints (musl dereferences it; we print what `%s` does).
const NULL_STR: &[u8] = b"(null)";

/// `%lc`. As in musl, this is a one-character `%ls`, so L'\0' prints nothing.
pub(crate) fn char_field<S: Sink + ?Sized>(out: &mut Out<'_, S>, flags: Flags, width: usize, wc: u32) -> Result<(), i32> {
    let s = [wc as i32, 0];
    // SAFETY: `s` is a terminated wide string.
    unsafe { str_field(out, flags, width, None, s.as_ptr()) }
}

/// `%ls`: measures the (precision-limited) string first, so that an unencodable character
/// fails the field before any of it is written, then encodes it again through a block.
///
/// # Safety
/// `p` must be null, or point to a NUL-terminated wide string or to wide characters that
/// encode to at least `prec` bytes.
pub(crate) unsafe fn str_field<S: Sink + ?Sized>(out: &mut Out<'_, S>, flags: Flags, width: usize, prec: Option<usize>, p: *const i32) -> Result<(), i32> {
    let limit = prec.unwrap_or(usize::MAX);
    if p.is_null() {
        let s = &NULL_STR[..limit.min(NULL_STR.len())];
        return out.field(flags, width, false, b"", s.len(), |o| o.put(s));
    }
    let mut mb = [0u8; MB_LEN_MAX];
    let (mut chars, mut bytes) = (0, 0);
    // SAFETY: every element read is before the terminator or within the precision's bytes.
    while bytes < limit && unsafe { *p.add(chars) } != 0 {
        // SAFETY: as above.
        let k = encode(unsafe { *p.add(chars) } as u32, &mut mb).ok_or(EILSEQ)?;
        if k > limit - bytes {
            break;
        }
        bytes += k;
        chars += 1;
    }
    out.field(flags, width, false, b"", bytes, |o| {
        let mut block = [0u8; BLOCK];
        let mut used = 0;
        for i in 0..chars {
            // SAFETY: these `chars` elements were read and encoded above.
            let k = encode(unsafe { *p.add(i) } as u32, &mut mb).unwrap_or(0);
            if used + k > BLOCK {
                o.put(&block[..used]);
                used = 0;
            }
            block[used..used + k].copy_from_slice(&mb[..k]);
            used += k;
        }
        o.put(&block[..used]);
    })
}
