//! The C symbols this crate takes from other components, none of them a dependency of this
//! one: limpet-locale's `mbrtowc`, which decodes patterns and strings in the calling
//! thread's locale (UTF-8, or the C locale's bytes).
use core::ffi::c_char;

use limpet_abi::wchar::{MbState, wchar_t};

// limpet-locale.
unsafe extern "C" {
    pub(crate) fn mbrtowc(wc: *mut wchar_t, s: *const c_char, n: usize, st: *mut MbState) -> usize;
}
