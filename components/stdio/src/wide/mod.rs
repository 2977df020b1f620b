//! Wide character I/O: `fwide`, `fgetwc` and `fgetws`, `fputwc` and `fputws`, `ungetwc`.
//!
//! A stream reads and writes wide characters as multibyte sequences in an encoding it
//! fixes the first time a wide function or a nonzero `fwide` touches it: UTF-8 when the
//! current locale's `LC_CTYPE` is a UTF-8 one, otherwise musl's C locale, which is 8-bit
//! clean (bytes 0x80-0xFF stand for the wide characters 0xDF80-0xDFFF). The stream keeps
//! that encoding whatever the locale does afterwards, and its byte functions keep working
//! whatever its orientation, as in musl.
mod fgetwc;
mod fputwc;
mod fwide;

pub use fgetwc::*;
pub use fputwc::*;
pub(crate) use fputwc::put_wide;
pub use fwide::fwide;

use limpet_locale::mb::utf8;

use crate::file::State;

/// `wint_t`: a wide character, or `WEOF`.
pub use limpet_abi::wchar::{WEOF, wint_t as WintT};
/// The longest multibyte sequence of any encoding here (UTF-8's 4 bytes).
pub(crate) const MB_MAX: usize = 4;

/// A stream's multibyte encoding.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Encoding {
    /// Not fixed yet: no wide function or nonzero `fwide` has touched the stream.
    Unset,
    /// The C locale's: one byte per character, 0x80-0xFF as 0xDF80-0xDFFF.
    Bytes,
    /// UTF-8, strictly: no overlong forms, surrogates or values past 0x10FFFF.
    Utf8,
}

/// The encoding of the calling thread's current locale.
fn current_encoding() -> Encoding {
    if limpet_locale::mb::utf8() { Encoding::Utf8 } else { Encoding::Bytes }
}

/// Orients `s` as `fwide(f, mode)` does for a nonzero `mode`: fixes its encoding if
/// unset, and its orientation if unset. Returns the orientation.
pub(crate) fn orient(s: &mut State, mode: i8) -> i8 {
    if s.encoding == Encoding::Unset {
        s.encoding = current_encoding();
    }
    if s.orient == 0 {
        s.orient = mode;
    }
    s.orient
}

/// Writes the encoding of `c` into `out` and returns its length, or `None` if the
/// encoding cannot represent it (EILSEQ).
pub(crate) fn encode(enc: Encoding, c: WintT, out: &mut [u8; MB_MAX]) -> Option<usize> {
    utf8::encode(c, enc == Encoding::Utf8, out)
}

#[cfg(test)]
mod tests;
