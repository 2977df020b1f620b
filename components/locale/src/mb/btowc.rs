//! `btowc`, `wctob`: single bytes to and from wide characters.
use core::ffi::c_int;

use super::{EOF, WEOF, utf8, wint_t};

/// `btowc(c)`—The wide character the one-byte sequence `(unsigned char)c` decodes to in the
/// current locale, or `WEOF` for `EOF` and for bytes that are no whole character (in UTF-8,
/// every byte from 0x80 up; in the C locale, none).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn btowc(c: c_int) -> wint_t {
    let b = c as u8;
    if b < 0x80 {
        b as wint_t
    } else if c != EOF && !super::utf8() {
        utf8::byte_to_wide(b)
    } else {
        WEOF
    }
}

/// `wctob(wc)`—The single byte that encodes `wc` in the current locale, or `EOF` when its
/// encoding is not one byte long.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn wctob(wc: wint_t) -> c_int {
    if wc < 0x80 {
        return wc as c_int;
    }
    match utf8::wide_to_byte(wc) {
        Some(b) if !super::utf8() => b as c_int,
        _ => EOF,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mb::in_locale;

    #[test]
    fn both_locales() {
        in_locale(true, || {
            assert_eq!(btowc(b'a' as c_int), 0x61);
            assert_eq!(btowc(0x80), WEOF);
            assert_eq!(btowc(EOF), WEOF);
            assert_eq!(btowc(0x141), 0x41);
            assert_eq!(wctob(0x7F), 0x7F);
            assert_eq!(wctob(0xDF80), EOF);
            assert_eq!(wctob(0xE9), EOF);
        });
        in_locale(false, || {
            for b in 0x80..=0xFF {
                assert_eq!(btowc(b), 0xDF00 | b as wint_t);
                assert_eq!(wctob(0xDF00 | b as wint_t), b);
            }
            assert_eq!(btowc(EOF), WEOF);
            assert_eq!(btowc(-2), 0xDFFE);
            assert_eq!(wctob(0xE9), EOF);
            assert_eq!(wctob(WEOF), EOF);
        });
    }
}
