//! The multibyte conversions, in the calling thread's current locale: strict UTF-8 when its
//! `LC_CTYPE` is UTF-8, otherwise the C locale's one byte per character (0x80..0xFF as
//! 0xDF80..0xDFFF).
//!
//! The C functions are grouped by family: `mbrtowc.rs` (`mbrtowc`, `mbrlen`, `mbsinit`),
//! `mbtowc.rs` (`mbtowc`, `mblen`), `wcrtomb.rs` (`wcrtomb`, `wctomb`), `btowc.rs` (`btowc`,
//! `wctob`), `mbsrtowcs.rs` (`mbsrtowcs`, `mbsnrtowcs`, `mbstowcs`), `wcsrtombs.rs`
//! (`wcsrtombs`, `wcsnrtombs`, `wcstombs`) and `uchar.rs` (`mbrtoc16`, `mbrtoc32`,
//! `c16rtomb`, `c32rtomb`). All of them rest on [`utf8`]. Other components convert through
//! [`decode`] and [`encode`].
use core::sync::atomic::{AtomicU32, Ordering};

use crate::abi::{MB_LEN_MAX, MbState};
use crate::object;

pub mod btowc;
pub mod mbrtowc;
pub mod mbsrtowcs;
pub mod mbtowc;
pub mod uchar;
pub mod utf8;
pub mod wcrtomb;
pub mod wcsrtombs;

pub use utf8::Decoded;

pub use limpet_abi::stdio::EOF;
pub use limpet_abi::wchar::{WEOF, wchar_t, wint_t};

/// Whether the calling thread's locale encodes in UTF-8 (`MB_CUR_MAX` 4) rather than in the
/// C locale's bytes.
#[inline]
pub fn utf8() -> bool {
    object::current().utf8()
}

/// Decodes one character from `bytes` in the calling thread's locale, continuing from
/// `state` (as `mbrtowc` does): [`Decoded::Char`] with the character and how many of the
/// bytes it used, [`Decoded::Incomplete`] when they all went into `state` (or there were
/// none), [`Decoded::Invalid`] for an invalid sequence, which resets `state`.
#[inline]
pub fn decode(bytes: &[u8], state: &mut MbState) -> Decoded {
    utf8::decode(bytes, &mut state.word, utf8())
}

/// Encodes `wc` in the calling thread's locale into `out` (as `wcrtomb` does), returning
/// the byte count, or `None` when the locale has no encoding for it (the C functions' EILSEQ).
#[inline]
pub fn encode(wc: u32, out: &mut [u8; MB_LEN_MAX]) -> Option<usize> {
    utf8::encode(wc, utf8(), out)
}

/// A function's own state, used when the caller passes a null `mbstate_t *`. Atomic only so
/// that concurrent callers (who get unspecified results, as in C) are not undefined behaviour.
pub(crate) struct Internal(AtomicU32);

impl Internal {
    pub(crate) const fn new() -> Self {
        Internal(AtomicU32::new(0))
    }
}

/// The state a conversion works on: the caller's, or the function's own.
pub(crate) struct State<'a> {
    user: *mut MbState,
    internal: &'a Internal,
}

impl<'a> State<'a> {
    /// # Safety
    /// `user` is null or valid for reads and writes for the state's lifetime.
    pub(crate) unsafe fn new(user: *mut MbState, internal: &'a Internal) -> Self {
        State { user, internal }
    }

    pub(crate) fn get(&self) -> u32 {
        // SAFETY: `new`'s contract.
        match unsafe { self.user.as_ref() } {
            Some(s) => s.word,
            None => self.internal.0.load(Ordering::Relaxed),
        }
    }

    pub(crate) fn put(&self, word: u32) {
        // SAFETY: `new`'s contract.
        match unsafe { self.user.as_mut() } {
            Some(s) => s.word = word,
            None => self.internal.0.store(word, Ordering::Relaxed),
        }
    }
}

/// Sets errno to `EILSEQ` and returns C's `(size_t)-1`.
#[cold]
pub(crate) fn eilseq() -> usize {
    limpet_syscall::set_errno(limpet_syscall::errno::EILSEQ);
    usize::MAX
}

/// `(size_t)-2`: an incomplete character, all its bytes taken into the state.
pub(crate) const INCOMPLETE: usize = usize::MAX - 1;

/// Runs `f` with the calling thread's locale set to C.UTF-8 (`utf8`) or C, for tests.
#[cfg(test)]
pub(crate) fn in_locale<R>(utf8: bool, f: impl FnOnce() -> R) -> R {
    let loc = if utf8 { &object::UTF8_LOCALE } else { &object::C_LOCALE };
    // SAFETY: built-in objects live for ever.
    let old = unsafe { crate::uselocale::uselocale(core::ptr::from_ref(loc).cast_mut()) };
    let r = f();
    // SAFETY: `old` was current before.
    unsafe { crate::uselocale::uselocale(old) };
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_api_follows_the_thread_locale() {
        let mut st = MbState::new();
        let mut out = [0u8; 4];
        in_locale(true, || {
            assert!(utf8());
            assert_eq!(decode(&[0xC3], &mut st), Decoded::Incomplete);
            assert!(!st.is_initial());
            assert_eq!(decode(&[0xA9, b'x'], &mut st), Decoded::Char { wc: 0xE9, len: 1 });
            assert!(st.is_initial());
            assert_eq!(encode(0x1F600, &mut out), Some(4));
            assert_eq!(out, [0xF0, 0x9F, 0x98, 0x80]);
            assert_eq!(decode(&[0xFF], &mut st), Decoded::Invalid);
            assert_eq!(decode(&[], &mut st), Decoded::Incomplete);
        });
        in_locale(false, || {
            assert!(!utf8());
            assert_eq!(decode(&[0xC3], &mut st), Decoded::Char { wc: 0xDFC3, len: 1 });
            assert_eq!(encode(0xE9, &mut out), None);
            assert_eq!(encode(0xDFE9, &mut out), Some(1));
            assert_eq!(out[0], 0xE9);
        });
    }
}
