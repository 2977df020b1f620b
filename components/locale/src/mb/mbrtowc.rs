//! `mbrtowc`, `mbrlen`, `mbsinit`: restartable decoding, one character at a time.
use core::ffi::{c_char, c_int};

use super::utf8::{self, Decoded};
use super::{INCOMPLETE, Internal, State, eilseq, wchar_t};
use crate::abi::MbState;

static MBRTOWC_STATE: Internal = Internal::new();
static MBRLEN_STATE: Internal = Internal::new();

/// `mbrtowc` over a chosen state.
///
/// # Safety
/// As for [`mbrtowc`], with `st` standing for `ps`.
#[inline(always)]
pub(crate) unsafe fn convert(pwc: *mut u32, s: *const c_char, n: usize, st: &State) -> usize {
    if !s.is_null() && n > 0 && st.get() == 0 {
        // SAFETY: the caller provides `n` readable bytes at `s`.
        let b = unsafe { *s.cast::<u8>() };
        // ASCII is itself in every locale: no need to find the thread's, and no call.
        if b < 0x80 {
            if !pwc.is_null() {
                // SAFETY: a non-null `pwc` is writable, by the caller's contract.
                unsafe { *pwc = b as u32 };
            }
            return (b != 0) as usize;
        }
    }
    // SAFETY: the same contract.
    unsafe { convert_general(pwc, s, n, st) }
}

/// [`convert`] past the ASCII fast path.
///
/// # Safety
/// As for [`convert`].
#[inline(never)]
unsafe fn convert_general(pwc: *mut u32, s: *const c_char, n: usize, st: &State) -> usize {
    let mut word = st.get();
    if s.is_null() {
        if word != 0 {
            st.put(0);
            return eilseq();
        }
        return 0;
    }
    // SAFETY: the caller provides the bytes the character needs, up to `n`.
    let r = unsafe { utf8::decode_raw(s.cast(), n, &mut word, super::utf8()) };
    st.put(word);
    match r {
        Decoded::Char { wc, len } => {
            if !pwc.is_null() {
                // SAFETY: a non-null `pwc` is writable, by the caller's contract.
                unsafe { *pwc = wc };
            }
            if wc == 0 { 0 } else { len }
        }
        Decoded::Incomplete => INCOMPLETE,
        Decoded::Invalid => eilseq(),
    }
}

/// `mbrtowc(pwc, s, n, ps)`—Decodes the next character from at most `n` bytes at `s`,
/// continuing the conversion state `*ps` (the function's own state when `ps` is null), in
/// the current locale. Returns the number of bytes that completed the character and stores
/// it at `pwc` (unless null); 0 for the null character; `(size_t)-2` when all `n` bytes
/// went into the state without completing one (also for `n` 0); `(size_t)-1` with errno
/// `EILSEQ` for an invalid sequence, which resets the state. A null `s` asks whether the
/// state is initial: 0 if so, else `EILSEQ` and a reset, as `mbrtowc(0, "", 1, ps)` would.
///
/// # Safety
/// `s` is null or has `n` readable bytes, or fewer if a character or a null byte ends
/// before them (reading stops there); `pwc` is null or writable; `ps` is null or a valid
/// `mbstate_t`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mbrtowc(pwc: *mut wchar_t, s: *const c_char, n: usize, ps: *mut MbState) -> usize {
    // SAFETY: the caller's contract covers `ps`, `s` and `pwc` (a `wchar_t` has a `u32`'s size).
    unsafe { convert(pwc.cast(), s, n, &State::new(ps, &MBRTOWC_STATE)) }
}

/// `mbrlen(s, n, ps)`—[`mbrtowc`] without storing the character, with a state of its own
/// when `ps` is null: the length of the next character, 0, `(size_t)-2` or `(size_t)-1`.
///
/// # Safety
/// As for [`mbrtowc`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mbrlen(s: *const c_char, n: usize, ps: *mut MbState) -> usize {
    // SAFETY: the caller's contract.
    unsafe { convert(core::ptr::null_mut(), s, n, &State::new(ps, &MBRLEN_STATE)) }
}

/// `mbsinit(ps)`—Non-zero when `ps` is null or describes the initial conversion state
/// (no partial character and no held surrogate).
///
/// # Safety
/// `ps` is null or a valid `mbstate_t`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mbsinit(ps: *const MbState) -> c_int {
    // SAFETY: by the caller's contract.
    unsafe { ps.as_ref() }.is_none_or(MbState::is_initial) as c_int
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mb::in_locale;
    use core::ptr;

    fn errno() -> i32 {
        std::io::Error::last_os_error().raw_os_error().unwrap()
    }

    /// What `*pwc` holds when the call does not store.
    const UNTOUCHED: wchar_t = 0x5555;

    fn call(s: &[u8], n: usize, st: &mut MbState) -> (usize, wchar_t) {
        let mut wc: wchar_t = UNTOUCHED;
        // SAFETY: `n` never exceeds the slice in these tests.
        let r = unsafe { mbrtowc(&mut wc, s.as_ptr().cast(), n, st) };
        (r, wc)
    }

    #[test]
    fn utf8_locale() {
        in_locale(true, || {
            let mut st = MbState::new();
            assert_eq!(call(b"A", 1, &mut st), (1, 0x41));
            assert_eq!(call(b"\0", 1, &mut st), (0, 0));
            assert_eq!(call("€x".as_bytes(), 5, &mut st), (3, 0x20AC));
            assert_eq!(call("€".as_bytes(), 2, &mut st), (INCOMPLETE, UNTOUCHED));
            // SAFETY: `st` is valid.
            assert_eq!(unsafe { mbsinit(&st) }, 0);
            assert_eq!(call(&[0xAC], 1, &mut st), (1, 0x20AC));
            assert_eq!(unsafe { mbsinit(&st) }, 1);
            assert_eq!(call(b"A", 0, &mut st), (INCOMPLETE, UNTOUCHED));
            for bad in [&[0xC0, 0x80][..], &[0xED, 0xA0, 0x80], &[0xF4, 0x90, 0x80, 0x80], &[0x80], &[0xF8]] {
                assert_eq!(call(bad, bad.len(), &mut st), (usize::MAX, UNTOUCHED), "{bad:x?}");
                assert_eq!(errno(), 84);
                assert_eq!(st.word, 0);
            }
            // A larger `n` than the buffer: reading stops at the character's end.
            assert_eq!(call("\u{e9}\0".as_bytes(), usize::MAX, &mut st), (2, 0xE9));
            assert_eq!(call(&[0xE2, 0], usize::MAX, &mut st), (usize::MAX, UNTOUCHED));
            // A null `s` with a partial character pending is an error and resets.
            assert_eq!(call(&[0xF0, 0x9F], 2, &mut st).0, INCOMPLETE);
            // SAFETY: a null `s` is allowed.
            assert_eq!(unsafe { mbrtowc(ptr::null_mut(), ptr::null(), 5, &mut st) }, usize::MAX);
            assert_eq!(st.word, 0);
            assert_eq!(unsafe { mbrtowc(ptr::null_mut(), ptr::null(), 5, &mut st) }, 0);
        });
    }

    #[test]
    fn c_locale_every_byte() {
        in_locale(false, || {
            let mut st = MbState::new();
            for b in 1..=255u8 {
                let want = if b < 0x80 { b as wchar_t } else { 0xDF00 | b as wchar_t };
                assert_eq!(call(&[b], 1, &mut st), (1, want));
            }
        });
    }

    #[test]
    fn internal_states_are_separate() {
        in_locale(true, || {
            // SAFETY: valid buffers; null states select the internal ones.
            unsafe {
                assert_eq!(mbrtowc(ptr::null_mut(), c"\u{e9}".as_ptr(), 1, ptr::null_mut()), INCOMPLETE);
                assert_eq!(mbrlen(c"\u{e9}".as_ptr(), 2, ptr::null_mut()), 2);
                assert_eq!(mbrlen(c"\u{e9}".as_ptr().add(1), 1, ptr::null_mut()), usize::MAX);
                assert_eq!(mbrtowc(ptr::null_mut(), c"\u{e9}".as_ptr().add(1), 1, ptr::null_mut()), 1);
                assert_eq!(mbsinit(ptr::null()), 1);
            }
        });
    }
}
