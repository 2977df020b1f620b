//! `wcrtomb`, `wctomb`: encoding one character.
use core::ffi::{c_char, c_int};

use super::{eilseq, utf8, wchar_t};
use crate::abi::{MB_LEN_MAX, MbState};

/// Encodes `wc` into `s` in the current locale: its length, or `None`.
///
/// # Safety
/// `s` has room for `MB_CUR_MAX` bytes.
pub(crate) unsafe fn put(s: *mut c_char, wc: u32) -> Option<usize> {
    let mut buf = [0u8; MB_LEN_MAX];
    let n = utf8::encode(wc, super::utf8(), &mut buf)?;
    // SAFETY: `n` is at most `MB_CUR_MAX`, which the caller has room for.
    unsafe { core::ptr::copy_nonoverlapping(buf.as_ptr(), s.cast(), n) };
    Some(n)
}

/// `wcrtomb(s, wc, ps)`—Writes the encoding of `wc` in the current locale to `s` and
/// returns its length (1 to `MB_CUR_MAX`); `(size_t)-1` with errno `EILSEQ` when the locale
/// cannot encode it (in UTF-8: surrogates, values above 0x10FFFF; in the C locale: all but
/// ASCII and the byte characters 0xDF80..0xDFFF). A null `s` returns 1. The encodings are
/// stateless, so `ps` is never read.
///
/// # Safety
/// `s` is null or has room for `MB_CUR_MAX` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcrtomb(s: *mut c_char, wc: wchar_t, _ps: *mut MbState) -> usize {
    if s.is_null() {
        return 1;
    }
    // SAFETY: by the caller's contract.
    unsafe { put(s, wc as u32) }.unwrap_or_else(eilseq)
}

/// `wctomb(s, wc)`—[`wcrtomb`] returning an `int`; with a null `s`, 0 (no encoding limpet
/// has is stateful).
///
/// # Safety
/// `s` is null or has room for `MB_CUR_MAX` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wctomb(s: *mut c_char, wc: wchar_t) -> c_int {
    if s.is_null() {
        return 0;
    }
    // SAFETY: by the caller's contract.
    unsafe { wcrtomb(s, wc, core::ptr::null_mut()) as c_int }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mb::in_locale;
    use core::ptr;

    #[test]
    fn both_locales() {
        let mut b = [0 as c_char; 4];
        // SAFETY: `b` has room for 4 bytes.
        unsafe {
            in_locale(true, || {
                assert_eq!(wcrtomb(b.as_mut_ptr(), 0x20AC, ptr::null_mut()), 3);
                assert_eq!(b[..3].iter().map(|&c| c as u8).collect::<Vec<_>>(), [0xE2, 0x82, 0xAC]);
                assert_eq!(wcrtomb(b.as_mut_ptr(), 0xD800, ptr::null_mut()), usize::MAX);
                assert_eq!(wcrtomb(b.as_mut_ptr(), -1i32 as wchar_t, ptr::null_mut()), usize::MAX);
                assert_eq!(wctomb(b.as_mut_ptr(), 0x10FFFF), 4);
                assert_eq!(wctomb(b.as_mut_ptr(), 0x110000), -1);
                assert_eq!(wcrtomb(ptr::null_mut(), 0x20AC, ptr::null_mut()), 1);
                assert_eq!(wctomb(ptr::null_mut(), 0x20AC), 0);
            });
            in_locale(false, || {
                assert_eq!(wcrtomb(b.as_mut_ptr(), 0xDF80, ptr::null_mut()), 1);
                assert_eq!(b[0] as u8, 0x80);
                assert_eq!(wcrtomb(b.as_mut_ptr(), 0xE9, ptr::null_mut()), usize::MAX);
                assert_eq!(wctomb(b.as_mut_ptr(), 0), 1);
            });
        }
    }
}
