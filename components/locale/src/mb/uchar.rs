//! `mbrtoc16`, `mbrtoc32`, `c16rtomb`, `c32rtomb`: `<uchar.h>`'s conversions, over
//! `mbrtowc` and `wcrtomb`.
//!
//! UTF-16 needs state beyond `mbrtowc`'s: `mbrtoc16` holds the low surrogate of a
//! supplementary character for its next call, and `c16rtomb` the value of a high surrogate
//! until the low one comes. Both keep it in the state word as a positive value, which
//! partial characters (bit 31 set) cannot be mistaken for.
use core::ffi::c_char;

use super::mbrtowc::convert;
use super::wcrtomb::wcrtomb;
use super::{Internal, State, eilseq, wchar_t};
use crate::abi::{MB_LEN_MAX, MbState};

static MBRTOC16_STATE: Internal = Internal::new();
static MBRTOC32_STATE: Internal = Internal::new();
static C16RTOMB_STATE: Internal = Internal::new();

/// `(size_t)-3`: `mbrtoc16` produced a held surrogate and read nothing.
const FROM_STATE: usize = usize::MAX - 2;
const HIGH_SURROGATES: core::ops::RangeInclusive<u16> = 0xD800..=0xDBFF;
const LOW_SURROGATES: core::ops::RangeInclusive<u16> = 0xDC00..=0xDFFF;
/// What `(high - HIGH_BASE) << 10 + (low - 0xDC00)` is measured from, so that D800 DC00
/// gives 0x10000.
const HIGH_BASE: u32 = 0xD7C0;

/// `mbrtoc16(pc16, s, n, ps)`—[`mbrtowc`](super::mbrtowc::mbrtowc) into UTF-16: a
/// supplementary character stores its high surrogate and returns its length, and the next
/// call returns `(size_t)-3` with the low surrogate without reading anything. A null `s`
/// acts as `mbrtoc16(0, "", 1, ps)`. The function's own state serves a null `ps`.
///
/// # Safety
/// As for `mbrtowc`; `pc16` is null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mbrtoc16(pc16: *mut u16, s: *const c_char, n: usize, ps: *mut MbState) -> usize {
    // SAFETY: by the caller's contract.
    let st = unsafe { State::new(ps, &MBRTOC16_STATE) };
    let (pc16, s, n) = if s.is_null() { (core::ptr::null_mut(), c"".as_ptr(), 1) } else { (pc16, s, n) };
    let held = st.get();
    if held != 0 && held as i32 > 0 {
        if !pc16.is_null() {
            // SAFETY: a non-null `pc16` is writable.
            unsafe { *pc16 = held as u16 };
        }
        st.put(0);
        return FROM_STATE;
    }
    let mut wc = 0u32;
    // SAFETY: `s` has `n` readable bytes.
    let r = unsafe { convert(&mut wc, s, n, &st) };
    if r <= MB_LEN_MAX {
        let unit = if wc >= 0x10000 {
            st.put((wc & 0x3FF) + *LOW_SURROGATES.start() as u32);
            ((wc >> 10) + HIGH_BASE) as u16
        } else {
            wc as u16
        };
        if !pc16.is_null() {
            // SAFETY: as above.
            unsafe { *pc16 = unit };
        }
    }
    r
}

/// `mbrtoc32(pc32, s, n, ps)`—[`mbrtowc`](super::mbrtowc::mbrtowc) into a `char32_t`, with
/// its own state for a null `ps`; a null `s` acts as `mbrtoc32(0, "", 1, ps)`.
///
/// # Safety
/// As for `mbrtowc`; `pc32` is null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mbrtoc32(pc32: *mut u32, s: *const c_char, n: usize, ps: *mut MbState) -> usize {
    // SAFETY: by the caller's contract.
    let st = unsafe { State::new(ps, &MBRTOC32_STATE) };
    if s.is_null() {
        // SAFETY: a one-byte string.
        return unsafe { convert(core::ptr::null_mut(), c"".as_ptr(), 1, &st) };
    }
    // SAFETY: by the caller's contract.
    unsafe { convert(pc32, s, n, &st) }
}

/// `c16rtomb(s, c16, ps)`—Encodes the UTF-16 unit `c16` in the current locale: a high
/// surrogate is kept in the state (returns 0) until the low one completes the character;
/// any other unit is encoded as [`wcrtomb`] would. A low surrogate where none is due is
/// encoded as itself (which only the C locale can, as 0xDF80..0xDFFF), a unit other than a
/// low surrogate after a high one is `EILSEQ` (and resets). A null `s` returns 1, or
/// `EILSEQ` when a high surrogate is held. The function's own state serves a null `ps`.
///
/// # Safety
/// `s` is null or has room for `MB_CUR_MAX` bytes; `ps` is null or a valid `mbstate_t`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn c16rtomb(s: *mut c_char, c16: u16, ps: *mut MbState) -> usize {
    // SAFETY: by the caller's contract.
    let st = unsafe { State::new(ps, &C16RTOMB_STATE) };
    let held = st.get();
    if s.is_null() {
        if held != 0 {
            st.put(0);
            return eilseq();
        }
        return 1;
    }
    let wc = if held == 0 {
        if HIGH_SURROGATES.contains(&c16) {
            st.put((c16 as u32 - HIGH_BASE) << 10);
            return 0;
        }
        c16 as u32
    } else {
        st.put(0);
        if !LOW_SURROGATES.contains(&c16) {
            return eilseq();
        }
        held + (c16 - LOW_SURROGATES.start()) as u32
    };
    // SAFETY: by the caller's contract.
    unsafe { wcrtomb(s, wc as wchar_t, core::ptr::null_mut()) }
}

/// `c32rtomb(s, c32, ps)`—[`wcrtomb`] of the `char32_t` `c32`.
///
/// # Safety
/// `s` is null or has room for `MB_CUR_MAX` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn c32rtomb(s: *mut c_char, c32: u32, ps: *mut MbState) -> usize {
    // SAFETY: the same contract.
    unsafe { wcrtomb(s, c32 as wchar_t, ps) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mb::{INCOMPLETE, in_locale};
    use core::ptr;

    #[test]
    fn utf16_round_trip() {
        in_locale(true, || {
            let s = "\u{1f600}\u{e9}".as_bytes();
            let mut st = MbState::new();
            let mut u = 0u16;
            let mut out = [0 as c_char; 8];
            // SAFETY: buffers are big enough; `st` is valid.
            unsafe {
                assert_eq!(mbrtoc16(&mut u, s.as_ptr().cast(), 6, &mut st), 4);
                assert_eq!(u, 0xD83D);
                assert_eq!(mbrtoc16(&mut u, s[4..].as_ptr().cast(), 2, &mut st), FROM_STATE);
                assert_eq!(u, 0xDE00);
                assert_eq!(mbrtoc16(&mut u, s[4..].as_ptr().cast(), 2, &mut st), 2);
                assert_eq!(u, 0xE9);
                assert_eq!(mbrtoc16(&mut u, s.as_ptr().cast(), 2, &mut st), INCOMPLETE);
                assert_eq!(mbrtoc16(&mut u, ptr::null(), 0, &mut st), usize::MAX);

                assert_eq!(c16rtomb(out.as_mut_ptr(), 0xD83D, &mut st), 0);
                assert_eq!(c16rtomb(out.as_mut_ptr(), 0xDE00, &mut st), 4);
                assert_eq!(out[..4].iter().map(|&c| c as u8).collect::<Vec<_>>(), &s[..4]);
                assert_eq!(c16rtomb(out.as_mut_ptr(), 0xD83D, &mut st), 0);
                assert_eq!(c16rtomb(out.as_mut_ptr(), 0x41, &mut st), usize::MAX);
                assert_eq!(st.word, 0);
                assert_eq!(c16rtomb(out.as_mut_ptr(), 0xDC00, &mut st), usize::MAX);
                assert_eq!(c16rtomb(ptr::null_mut(), 0, &mut st), 1);
                assert_eq!(c16rtomb(out.as_mut_ptr(), 0xD800, &mut st), 0);
                assert_eq!(c16rtomb(ptr::null_mut(), 0, &mut st), usize::MAX);

                let mut c = 0u32;
                assert_eq!(mbrtoc32(&mut c, s.as_ptr().cast(), 6, &mut st), 4);
                assert_eq!(c, 0x1F600);
                assert_eq!(mbrtoc32(&mut c, ptr::null(), 0, &mut st), 0);
                assert_eq!(c32rtomb(out.as_mut_ptr(), 0x1F600, &mut st), 4);
                assert_eq!(c32rtomb(out.as_mut_ptr(), 0x110000, &mut st), usize::MAX);
            }
        });
        in_locale(false, || {
            let mut u = 0u16;
            let mut out = [0 as c_char; 4];
            // SAFETY: as above.
            unsafe {
                assert_eq!(mbrtoc16(&mut u, c"\xe9".as_ptr(), 1, ptr::null_mut()), 1);
                assert_eq!(u, 0xDFE9);
                assert_eq!(c16rtomb(out.as_mut_ptr(), 0xDFE9, ptr::null_mut()), 1);
                assert_eq!(out[0] as u8, 0xE9);
            }
        });
    }
}
