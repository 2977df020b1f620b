//! `mbsrtowcs`, `mbsnrtowcs`, `mbstowcs`: decoding strings.
use core::ffi::c_char;
use core::ptr;

use super::utf8::{self, Decoded, Step};
use super::{Internal, State, eilseq, wchar_t};
use crate::abi::MbState;

static MBSNRTOWCS_STATE: Internal = Internal::new();

/// What decoding the next character of a string found.
enum Next {
    /// The character, and the address after it.
    Char(u32, *const u8),
    /// An invalid sequence.
    Invalid,
}

/// Decodes the character at `p` of a NUL-terminated string, from state `word`. A NUL
/// inside a sequence is invalid, so this never reads past the terminator.
///
/// # Safety
/// `p` points into a NUL-terminated string.
unsafe fn next(mut p: *const u8, mut word: u32, utf8: bool) -> Next {
    if word == 0 && utf8 {
        // SAFETY: `p` points into the string.
        let b0 = unsafe { *p };
        if b0 >= 0x80 {
            // SAFETY: `whole` stops at the first byte that does not continue the character,
            // which the terminator never does, so every byte it asks for is in the string.
            return match utf8::whole(b0, |i| unsafe { *p.add(i) }) {
                // SAFETY: the `len` bytes just read are in the string.
                Some((wc, len)) => Next::Char(wc, unsafe { p.add(len) }),
                None => Next::Invalid,
            };
        }
    }
    loop {
        // SAFETY: `p` is at or before the terminator, by the caller's contract and because
        // the loop stops at a NUL byte (an error inside a sequence, or a character).
        let b = unsafe { *p };
        // SAFETY: as above; after a non-NUL byte the string goes on.
        p = unsafe { p.add(1) };
        match utf8::step(word, b, utf8) {
            Step::Done(wc) => return Next::Char(wc, p),
            Step::More(w) => word = w,
            Step::Bad => return Next::Invalid,
        }
    }
}

/// `mbsrtowcs(dst, src, len, ps)`—Decodes the string `*src` in the current locale,
/// continuing the state `*ps` (none when null), into at most `len` wide characters at
/// `dst`. Returns how many were stored, not counting the null character, which is stored
/// too when there is room; `*src` then becomes null, or, when `len` ran out first, the
/// address of the next character. On an invalid sequence returns `(size_t)-1` with errno
/// `EILSEQ`, and `*src` is the address of that sequence (where the call started, when the
/// state held its first bytes; musl points one byte before, which is outside the string).
/// The state ends initial, unless `len` was 0 (nothing changes). A null `dst` only counts:
/// then neither `*src` nor `*ps` changes.
///
/// # Safety
/// `*src` is a NUL-terminated string; `dst` is null or has room for `len` characters; `ps`
/// is null or a valid `mbstate_t`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mbsrtowcs(dst: *mut wchar_t, src: *mut *const c_char, len: usize, ps: *mut MbState) -> usize {
    let utf8 = super::utf8();
    // SAFETY: by the caller's contract.
    let mut word = unsafe { ps.as_ref() }.map_or(0, |s| s.word);
    // SAFETY: as above.
    let mut p = unsafe { *src }.cast::<u8>();
    if dst.is_null() {
        let mut count = 0;
        loop {
            // SAFETY: `p` points into the string.
            match unsafe { next(p, word, utf8) } {
                Next::Char(0, _) => return count,
                Next::Char(_, after) => {
                    count += 1;
                    p = after;
                    word = 0;
                }
                Next::Invalid => return eilseq(),
            }
        }
    }
    if len == 0 {
        return 0;
    }
    if let Some(s) = unsafe { ps.as_mut() } {
        s.word = 0;
    }
    let mut count = 0;
    while count < len {
        // SAFETY: `p` points into the string.
        let b = unsafe { *p };
        if word == 0 && b.wrapping_sub(1) < 0x7F {
            // The common case, ASCII other than NUL, without the decoder.
            // SAFETY: `count < len`; `b` is not the terminator.
            unsafe {
                *dst.add(count) = b as wchar_t;
                p = p.add(1);
            }
            count += 1;
            continue;
        }
        // SAFETY: `p` points into the string.
        match unsafe { next(p, word, utf8) } {
            Next::Char(wc, after) => {
                // SAFETY: `count < len`, and `dst` has room for `len`.
                unsafe { *dst.add(count) = wc as wchar_t };
                if wc == 0 {
                    // SAFETY: by the caller's contract.
                    unsafe { *src = ptr::null() };
                    return count;
                }
                count += 1;
                p = after;
                word = 0;
            }
            Next::Invalid => {
                // SAFETY: as above.
                unsafe { *src = p.cast() };
                return eilseq();
            }
        }
    }
    // SAFETY: as above.
    unsafe { *src = p.cast() };
    count
}

/// `mbstowcs(dst, src, len)`—[`mbsrtowcs`] of the string `src` from the initial state.
///
/// # Safety
/// `src` is a NUL-terminated string; `dst` is null or has room for `len` characters.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mbstowcs(dst: *mut wchar_t, src: *const c_char, len: usize) -> usize {
    let mut s = src;
    // SAFETY: the same contract.
    unsafe { mbsrtowcs(dst, &mut s, len, ptr::null_mut()) }
}

/// `mbsnrtowcs(dst, src, nms, len, ps)`—[`mbsrtowcs`] reading at most `nms` bytes of
/// `*src`, continuing `*ps` (the function's own state when null). As in musl, a character
/// cut off by the end of the `nms` bytes is not kept in the state: the state is reset and
/// `*src` is left at the character's first byte in this call. A null `dst` counts without
/// limit and leaves `*src` alone (but the state follows the conversion).
///
/// # Safety
/// `*src` has `nms` readable bytes or is NUL-terminated before them; `dst` is null or has
/// room for `len` characters; `ps` is null or a valid `mbstate_t`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mbsnrtowcs(
    dst: *mut wchar_t,
    src: *mut *const c_char,
    nms: usize,
    len: usize,
    ps: *mut MbState,
) -> usize {
    let utf8 = super::utf8();
    // SAFETY: by the caller's contract.
    let st = unsafe { State::new(ps, &MBSNRTOWCS_STATE) };
    // SAFETY: as above.
    let mut p = unsafe { *src }.cast::<u8>();
    let mut left = nms;
    let limit = if dst.is_null() { usize::MAX } else { len };
    let mut count = 0;
    while count < limit && left > 0 {
        let mut word = st.get();
        // SAFETY: decoding reads at most `left` bytes and stops at a NUL, which ends the
        // string in any case.
        let r = unsafe { utf8::decode_raw(p, left, &mut word, utf8) };
        st.put(word);
        match r {
            Decoded::Char { wc, len: n } => {
                if !dst.is_null() {
                    // SAFETY: `count < len`, the room `dst` has.
                    unsafe { *dst.add(count) = wc as wchar_t };
                }
                if wc == 0 {
                    p = ptr::null();
                    break;
                }
                // SAFETY: `n <= left`.
                p = unsafe { p.add(n) };
                left -= n;
                count += 1;
            }
            Decoded::Incomplete => {
                st.put(0);
                break;
            }
            Decoded::Invalid => {
                count = eilseq();
                break;
            }
        }
    }
    if !dst.is_null() {
        // SAFETY: by the caller's contract.
        unsafe { *src = p.cast() };
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mb::{INCOMPLETE, in_locale};

    fn errno() -> i32 {
        std::io::Error::last_os_error().raw_os_error().unwrap()
    }

    #[test]
    fn whole_strings() {
        in_locale(true, || {
            let s = c"a\u{e9}\u{20ac}\u{1f600}";
            let mut out = [0 as wchar_t; 8];
            let mut src = s.as_ptr();
            // SAFETY: valid string and buffer sizes throughout.
            unsafe {
                assert_eq!(mbsrtowcs(ptr::null_mut(), &mut src, 0, ptr::null_mut()), 4);
                assert_eq!(src, s.as_ptr());
                assert_eq!(mbsrtowcs(out.as_mut_ptr(), &mut src, 8, ptr::null_mut()), 4);
                assert!(src.is_null());
                assert_eq!(out[..5], [0x61, 0xE9, 0x20AC, 0x1F600, 0]);
                src = s.as_ptr();
                assert_eq!(mbsrtowcs(out.as_mut_ptr(), &mut src, 2, ptr::null_mut()), 2);
                assert_eq!(src, s.as_ptr().add(3));
                assert_eq!(mbstowcs(out.as_mut_ptr(), s.as_ptr(), 4), 4);
                assert_eq!(mbstowcs(ptr::null_mut(), s.as_ptr(), 0), 4);
                let bad = c"ab\xe2\x82x";
                src = bad.as_ptr();
                assert_eq!(mbsrtowcs(out.as_mut_ptr(), &mut src, 8, ptr::null_mut()), usize::MAX);
                assert_eq!(errno(), 84);
                assert_eq!(src, bad.as_ptr().add(2));
                assert_eq!(mbstowcs(ptr::null_mut(), bad.as_ptr(), 0), usize::MAX);
                // Resuming a character begun by mbrtowc.
                let mut st = MbState::new();
                assert_eq!(crate::mb::mbrtowc::mbrtowc(ptr::null_mut(), c"\xe2\x82".as_ptr(), 2, &mut st), INCOMPLETE);
                let rest = c"\xacz";
                src = rest.as_ptr();
                assert_eq!(mbsrtowcs(ptr::null_mut(), &mut src, 0, &mut st), 2);
                assert_ne!(st.word, 0);
                assert_eq!(mbsrtowcs(out.as_mut_ptr(), &mut src, 8, &mut st), 2);
                assert_eq!(out[..3], [0x20AC, 0x7A, 0]);
                assert_eq!(st.word, 0);
            }
        });
        in_locale(false, || {
            let s = c"\x80\xff!";
            let mut out = [0 as wchar_t; 4];
            // SAFETY: as above.
            assert_eq!(unsafe { mbstowcs(out.as_mut_ptr(), s.as_ptr(), 4) }, 3);
            assert_eq!(out, [0xDF80, 0xDFFF, 0x21, 0]);
        });
    }

    #[test]
    fn bounded_strings() {
        in_locale(true, || {
            let s = "x\u{20ac}y".as_bytes();
            let mut out = [0 as wchar_t; 8];
            let mut st = MbState::new();
            let mut src = s.as_ptr().cast::<c_char>();
            // SAFETY: every count stays inside `s`.
            unsafe {
                // The euro sign is cut off after its second byte: rolled back.
                assert_eq!(mbsnrtowcs(out.as_mut_ptr(), &mut src, 3, 8, &mut st), 1);
                assert_eq!(src, s.as_ptr().add(1).cast());
                assert_eq!(st.word, 0);
                assert_eq!(mbsnrtowcs(out.as_mut_ptr(), &mut src, 4, 1, &mut st), 1);
                assert_eq!(out[0], 0x20AC);
                assert_eq!(src, s.as_ptr().add(4).cast());
                assert_eq!(mbsnrtowcs(ptr::null_mut(), &mut src, 1, 0, &mut st), 1);
                assert_eq!(mbsnrtowcs(out.as_mut_ptr(), &mut src, 0, 8, &mut st), 0);
                let z = c"ab";
                src = z.as_ptr();
                assert_eq!(mbsnrtowcs(out.as_mut_ptr(), &mut src, usize::MAX, 8, &mut st), 2);
                assert!(src.is_null());
                let bad = c"a\xffb";
                src = bad.as_ptr();
                assert_eq!(mbsnrtowcs(out.as_mut_ptr(), &mut src, 3, 8, &mut st), usize::MAX);
                assert_eq!(src, bad.as_ptr().add(1));
            }
        });
    }
}
