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
pub use fwide::fwide;

use crate::file::State;

/// `wint_t`: a wide character, or `WEOF`.
pub type WintT = u32;
/// `WEOF`: what the wide character functions return at end of file or on error.
pub const WEOF: WintT = 0xffff_ffff;
/// The longest multibyte sequence of any encoding here (UTF-8's 4 bytes).
const MB_MAX: usize = 4;

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

/// The encoding of the locale current now. limpet has no locale other than C yet, so
/// this is the C locale's.
fn current_encoding() -> Encoding {
    Encoding::Bytes
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

/// The wide character that the C locale's byte `b` stands for.
fn byte_to_wide(b: u8) -> WintT {
    if b < 0x80 { WintT::from(b) } else { 0xdf00 + WintT::from(b) }
}

/// Writes the encoding of `c` into `out` and returns its length, or `None` if the
/// encoding cannot represent `c` (EILSEQ).
fn encode(enc: Encoding, c: WintT, out: &mut [u8; MB_MAX]) -> Option<usize> {
    if c < 0x80 {
        out[0] = c as u8;
        return Some(1);
    }
    match enc {
        Encoding::Utf8 => match c {
            0x80..=0x7ff => {
                out[0] = 0xc0 | (c >> 6) as u8;
                out[1] = 0x80 | (c & 0x3f) as u8;
                Some(2)
            }
            0xd800..=0xdfff => None,
            0x800..=0xffff => {
                out[0] = 0xe0 | (c >> 12) as u8;
                out[1] = 0x80 | (c >> 6 & 0x3f) as u8;
                out[2] = 0x80 | (c & 0x3f) as u8;
                Some(3)
            }
            0x1_0000..=0x10_ffff => {
                out[0] = 0xf0 | (c >> 18) as u8;
                out[1] = 0x80 | (c >> 12 & 0x3f) as u8;
                out[2] = 0x80 | (c >> 6 & 0x3f) as u8;
                out[3] = 0x80 | (c & 0x3f) as u8;
                Some(4)
            }
            _ => None,
        },
        _ => match c {
            0xdf80..=0xdfff => {
                out[0] = c as u8;
                Some(1)
            }
            _ => None,
        },
    }
}

/// What a UTF-8 lead byte starts: the value bits it carries, how many continuation bytes
/// follow, and the range the first of them must lie in (which rules out overlong forms,
/// surrogates and values past 0x10FFFF). `None` for a byte that cannot start a character.
fn utf8_lead(b: u8) -> Option<(WintT, usize, u8, u8)> {
    let v = WintT::from(b);
    Some(match b {
        0x00..=0x7f => (v, 0, 0, 0),
        0xc2..=0xdf => (v & 0x1f, 1, 0x80, 0xbf),
        0xe0 => (0, 2, 0xa0, 0xbf),
        0xed => (0xd, 2, 0x80, 0x9f),
        0xe1..=0xef => (v & 0x0f, 2, 0x80, 0xbf),
        0xf0 => (0, 3, 0x90, 0xbf),
        0xf1..=0xf3 => (v & 0x07, 3, 0x80, 0xbf),
        0xf4 => (4, 3, 0x80, 0x8f),
        _ => return None,
    })
}

/// The character that starts `bytes` and its length, if all of it is there and valid.
fn utf8_decode(bytes: &[u8]) -> Option<(WintT, usize)> {
    let (mut v, more, lo, hi) = utf8_lead(*bytes.first()?)?;
    let tail = bytes.get(1..=more)?;
    let (mut lo, mut hi) = (lo, hi);
    for &b in tail {
        if b < lo || b > hi {
            return None;
        }
        v = v << 6 | WintT::from(b & 0x3f);
        (lo, hi) = (0x80, 0xbf);
    }
    Some((v, more + 1))
}

#[cfg(test)]
mod tests;
