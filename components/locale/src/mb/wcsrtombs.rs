//! `wcsrtombs`, `wcsnrtombs`, `wcstombs`: encoding strings.
use core::ffi::c_char;
use core::ptr;

use super::{eilseq, utf8, wchar_t};
use crate::abi::{MB_LEN_MAX, MbState};

/// `wcsrtombs(dst, src, len, ps)`—Encodes the wide string `*src` in the current locale
/// into at most `len` bytes at `dst`, never splitting a character. Returns the bytes
/// stored, not counting the terminating null byte, which is stored when there is room and
/// makes `*src` null; otherwise `*src` is left at the first character not converted. A
/// character the locale cannot encode gives `(size_t)-1` with errno `EILSEQ`, `*src` at it.
/// A null `dst` only counts (without limit; `*src` unchanged). The encodings are stateless,
/// so `ps` is never read.
///
/// # Safety
/// `*src` is a null-terminated wide string; `dst` is null or has room for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcsrtombs(dst: *mut c_char, src: *mut *const wchar_t, len: usize, _ps: *mut MbState) -> usize {
    let utf8 = super::utf8();
    let mut buf = [0u8; MB_LEN_MAX];
    // SAFETY: by the caller's contract.
    let mut w = unsafe { *src };
    let mut done = 0;
    loop {
        if !dst.is_null() && done == len {
            // SAFETY: by the caller's contract.
            unsafe { *src = w };
            return done;
        }
        // SAFETY: `w` is at or before the terminator, where the loop ends.
        let wc = unsafe { *w } as u32;
        if wc == 0 {
            if !dst.is_null() {
                // SAFETY: `done < len`, and `*src` is writable.
                unsafe {
                    *dst.add(done) = 0;
                    *src = ptr::null();
                }
            }
            return done;
        }
        if !dst.is_null() && wc < 0x80 {
            // SAFETY: `done < len`.
            unsafe { *dst.add(done) = wc as c_char };
            done += 1;
            // SAFETY: `wc` was not the terminator.
            w = unsafe { w.add(1) };
            continue;
        }
        // With room for any character, encode in place (no copy, which would be a call).
        let room = !dst.is_null() && len - done >= MB_LEN_MAX;
        let out = if room {
            // SAFETY: `dst` has `len - done >= 4` bytes left at `done`.
            unsafe { &mut *dst.add(done).cast::<[u8; MB_LEN_MAX]>() }
        } else {
            &mut buf
        };
        let Some(n) = utf8::encode(wc, utf8, out) else {
            if !dst.is_null() {
                // SAFETY: by the caller's contract.
                unsafe { *src = w };
            }
            return eilseq();
        };
        if !dst.is_null() && !room {
            if n > len - done {
                // SAFETY: as above.
                unsafe { *src = w };
                return done;
            }
            for (i, &b) in buf[..n].iter().enumerate() {
                // SAFETY: `done + n <= len`.
                unsafe { *dst.add(done + i) = b as c_char };
            }
        }
        done += n;
        // SAFETY: `wc` was not the terminator.
        w = unsafe { w.add(1) };
    }
}

/// `wcstombs(dst, src, len)`—[`wcsrtombs`] of the wide string `src`.
///
/// # Safety
/// `src` is a null-terminated wide string; `dst` is null or has room for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcstombs(dst: *mut c_char, src: *const wchar_t, len: usize) -> usize {
    let mut s = src;
    // SAFETY: the same contract.
    unsafe { wcsrtombs(dst, &mut s, len, ptr::null_mut()) }
}

/// `wcsnrtombs(dst, src, nwc, len, ps)`—[`wcsrtombs`] converting at most `nwc` wide
/// characters of `*src`. The null character, when reached, is stored (if it fits) and makes
/// `*src` null; a character that does not fit in what is left of `len` stops the call. On
/// `EILSEQ`, `*src` is left at the character (as every other stop leaves it, when `dst` is
/// not null). `ps` is never read.
///
/// # Safety
/// `*src` has `nwc` readable wide characters or is null-terminated before them; `dst` is
/// null or has room for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcsnrtombs(
    dst: *mut c_char,
    src: *mut *const wchar_t,
    nwc: usize,
    len: usize,
    _ps: *mut MbState,
) -> usize {
    let utf8 = super::utf8();
    let mut buf = [0u8; MB_LEN_MAX];
    // SAFETY: by the caller's contract.
    let mut w = unsafe { *src };
    let mut done = 0;
    let mut count = 0;
    for _ in 0..nwc {
        // SAFETY: fewer than `nwc` characters were read, and the loop ends at a null one.
        let wc = unsafe { *w } as u32;
        let Some(n) = utf8::encode(wc, utf8, &mut buf) else {
            count = eilseq();
            break;
        };
        if !dst.is_null() {
            if n > len - done {
                break;
            }
            // SAFETY: `done + n <= len`.
            unsafe { ptr::copy_nonoverlapping(buf.as_ptr(), dst.add(done).cast(), n) };
            done += n;
        }
        if wc == 0 {
            w = ptr::null();
            break;
        }
        count += n;
        // SAFETY: `wc` was not the terminator.
        w = unsafe { w.add(1) };
    }
    if !dst.is_null() {
        // SAFETY: by the caller's contract.
        unsafe { *src = w };
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mb::in_locale;

    fn errno() -> i32 {
        std::io::Error::last_os_error().raw_os_error().unwrap()
    }

    #[test]
    fn whole_and_bounded() {
        in_locale(true, || {
            let ws: [wchar_t; 5] = [0x61, 0xE9, 0x20AC, 0x1F600, 0];
            let mut out = [0x55 as c_char; 16];
            let mut src = ws.as_ptr();
            // SAFETY: buffers are big enough for every length passed.
            unsafe {
                assert_eq!(wcsrtombs(ptr::null_mut(), &mut src, 0, ptr::null_mut()), 10);
                assert_eq!(wcsrtombs(out.as_mut_ptr(), &mut src, 16, ptr::null_mut()), 10);
                assert!(src.is_null());
                assert_eq!(core::ffi::CStr::from_ptr(out.as_ptr()).to_bytes(), "a\u{e9}\u{20ac}\u{1f600}".as_bytes());
                src = ws.as_ptr();
                // Five bytes: the euro sign does not fit after "a" and "é".
                assert_eq!(wcsrtombs(out.as_mut_ptr(), &mut src, 5, ptr::null_mut()), 3);
                assert_eq!(src, ws.as_ptr().add(2));
                // Exactly the bytes, no room for the null byte.
                src = ws.as_ptr();
                assert_eq!(wcsrtombs(out.as_mut_ptr(), &mut src, 10, ptr::null_mut()), 10);
                assert_eq!(src, ws.as_ptr().add(4));
                assert_eq!(wcstombs(out.as_mut_ptr(), ws.as_ptr(), 16), 10);
                let bad: [wchar_t; 3] = [0x62, 0xDC00, 0];
                src = bad.as_ptr();
                assert_eq!(wcsrtombs(out.as_mut_ptr(), &mut src, 16, ptr::null_mut()), usize::MAX);
                assert_eq!(errno(), 84);
                assert_eq!(src, bad.as_ptr().add(1));
                assert_eq!(wcstombs(ptr::null_mut(), bad.as_ptr(), 0), usize::MAX);

                src = ws.as_ptr();
                assert_eq!(wcsnrtombs(out.as_mut_ptr(), &mut src, 2, 16, ptr::null_mut()), 3);
                assert_eq!(src, ws.as_ptr().add(2));
                assert_eq!(wcsnrtombs(out.as_mut_ptr(), &mut src, 9, 16, ptr::null_mut()), 7);
                assert!(src.is_null());
                src = ws.as_ptr();
                assert_eq!(wcsnrtombs(ptr::null_mut(), &mut src, 9, 0, ptr::null_mut()), 10);
                assert_eq!(src, ws.as_ptr());
                assert_eq!(wcsnrtombs(out.as_mut_ptr(), &mut src, 9, 4, ptr::null_mut()), 3);
                assert_eq!(src, ws.as_ptr().add(2));
                src = bad.as_ptr();
                assert_eq!(wcsnrtombs(out.as_mut_ptr(), &mut src, 3, 16, ptr::null_mut()), usize::MAX);
                assert_eq!(src, bad.as_ptr().add(1));
            }
        });
        in_locale(false, || {
            let ws: [wchar_t; 3] = [0xDF80, 0x41, 0];
            let mut out = [0 as c_char; 4];
            // SAFETY: as above.
            assert_eq!(unsafe { wcstombs(out.as_mut_ptr(), ws.as_ptr(), 4) }, 2);
            assert_eq!(out[..3].iter().map(|&c| c as u8).collect::<Vec<_>>(), [0x80, 0x41, 0]);
            let e: [wchar_t; 2] = [0xE9, 0];
            assert_eq!(unsafe { wcstombs(ptr::null_mut(), e.as_ptr(), 0) }, usize::MAX);
        });
    }
}
