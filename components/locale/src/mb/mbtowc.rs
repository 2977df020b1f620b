//! `mbtowc`, `mblen`: stateless decoding of one character.
use core::ffi::{c_char, c_int};

use super::utf8::{self, Decoded};
use super::wchar_t;

/// `mbtowc(pwc, s, n)`—Decodes the character at `s`, reading at most `n` bytes, in the
/// current locale, and stores it at `pwc` (unless null). Returns its length, 0 for the null
/// character, or -1 with errno `EILSEQ` when the bytes are invalid or `n` is too short for
/// the character (including `n` 0). With a null `s` returns 0: no encoding limpet has is
/// stateful.
///
/// # Safety
/// `s` is null or has `n` readable bytes, or fewer if a character or a null byte ends
/// before them; `pwc` is null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mbtowc(pwc: *mut wchar_t, s: *const c_char, n: usize) -> c_int {
    if s.is_null() {
        return 0;
    }
    // SAFETY: the caller provides the bytes the character needs, up to `n`.
    match unsafe { utf8::decode_raw(s.cast(), n, &mut 0, super::utf8()) } {
        Decoded::Char { wc, len } => {
            if !pwc.is_null() {
                // SAFETY: a non-null `pwc` is writable.
                unsafe { *pwc = wc as wchar_t };
            }
            if wc == 0 { 0 } else { len as c_int }
        }
        Decoded::Incomplete | Decoded::Invalid => {
            limpet_syscall::set_errno(limpet_syscall::errno::EILSEQ);
            -1
        }
    }
}

/// `mblen(s, n)`—The length of the character at `s` (at most `n` bytes): [`mbtowc`]
/// without storing it.
///
/// # Safety
/// As for [`mbtowc`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mblen(s: *const c_char, n: usize) -> c_int {
    // SAFETY: the same contract.
    unsafe { mbtowc(core::ptr::null_mut(), s, n) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mb::in_locale;
    use core::ptr;

    #[test]
    fn lengths_and_errors() {
        in_locale(true, || {
            let s = "a\u{e9}\u{20ac}\u{1f600}".as_bytes();
            let mut wc: wchar_t = 0;
            // SAFETY: every call stays inside `s`.
            unsafe {
                assert_eq!(mbtowc(&mut wc, s.as_ptr().cast(), 10), 1);
                assert_eq!(mbtowc(&mut wc, s[1..].as_ptr().cast(), 9), 2);
                assert_eq!(wc, 0xE9);
                assert_eq!(mblen(s[3..].as_ptr().cast(), 7), 3);
                assert_eq!(mbtowc(&mut wc, s[6..].as_ptr().cast(), 4), 4);
                assert_eq!(wc, 0x1F600);
                assert_eq!(mbtowc(&mut wc, s[6..].as_ptr().cast(), 3), -1);
                assert_eq!(mblen(s.as_ptr().cast(), 0), -1);
                assert_eq!(mblen(c"".as_ptr(), 1), 0);
                assert_eq!(mblen(c"\u{20ac}".as_ptr(), usize::MAX), 3);
                assert_eq!(mblen(c"\xe2\x82".as_ptr(), usize::MAX), -1);
                assert_eq!(mblen(ptr::null(), 0), 0);
                assert_eq!(mblen(c"\xed\xa0\x80".as_ptr(), 3), -1);
            }
        });
        in_locale(false, || {
            let mut wc: wchar_t = 0;
            // SAFETY: a valid one-byte buffer.
            assert_eq!(unsafe { mbtowc(&mut wc, c"\xff".as_ptr(), 1) }, 1);
            assert_eq!(wc, 0xDFFF);
        });
    }
}
