//! Locales and multibyte conversion, with musl's model.
//!
//! A locale names one "map" per category (`LC_CTYPE` .. `LC_MESSAGES`); a null map is the
//! C locale's. Only `LC_CTYPE` changes behaviour: a non-null map there makes the encoding
//! UTF-8 (`MB_CUR_MAX` 4), while the C and POSIX locales convert bytes one to one, 0x80..0xFF
//! to the wide characters 0xDF80..0xDFFF. The other categories only keep their names, for
//! `setlocale` queries and `nl_langinfo(_NL_LOCALE_NAME(cat))`: numbers, times, collation
//! and messages are the C locale's everywhere, as in musl without `MUSL_LOCPATH`.
//!
//! - [`map`]: locale names to maps (the environment for `""`, the built-in names, the named
//!   maps kept for ever) and the lock over all locale state;
//! - [`object`]: the locale objects (`locale_t`), the built-in ones and the global one;
//! - [`thread`]: the calling thread's current locale, kept in a thread slot
//!   (`limpet_start::thread_slot!`);
//! - [`setlocale`], [`newlocale`], [`uselocale`], [`localeconv`], [`langinfo`],
//!   [`mb_cur_max`]: the C API of `<locale.h>` and `<langinfo.h>`;
//! - [`mb`]: the multibyte functions, over the decoder in `mb/utf8.rs`, and the Rust API
//!   other components convert with ([`mb::decode`], [`mb::encode`]).
#![cfg_attr(not(test), no_std)]

#[cfg(any(test, feature = "writer"))]
extern crate alloc;

pub mod abi;
pub mod compiled;
pub mod file;
mod imports;
pub mod langinfo;
pub mod localeconv;
pub mod map;
pub mod mb;
pub mod mb_cur_max;
pub mod messages;
pub mod mo;
pub mod newlocale;
pub mod object;
pub mod pathbuf;
pub mod setlocale;
pub mod thread;
pub mod uselocale;

pub use object::Locale;

/// C's `locale_t`: a pointer to a locale object, or [`abi::LC_GLOBAL_LOCALE`].
#[allow(non_camel_case_types)]
pub type locale_t = *mut Locale;

/// Serialises the tests that change process-wide locale state (the global locale, the
/// environment), since cargo runs tests on several threads.
#[cfg(test)]
pub(crate) static TEST_LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Takes [`TEST_LOCK`], whatever a failed test left behind.
#[cfg(test)]
pub(crate) fn test_lock() -> std::sync::MutexGuard<'static, ()> {
    TEST_LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// Sets (`Some`) or removes (`None`) the environment variable `name` in the host C library's
/// environment, and points limpet-start's `environ`, which the code under test reads, at the
/// result: without `export` that is a variable of its own, which only limpet's start-up sets.
///
/// # Safety
/// No other thread may use the environment meanwhile (the test lock keeps this crate's out).
#[cfg(test)]
pub(crate) unsafe fn set_env(name: &str, value: Option<&str>) {
    unsafe extern "C" {
        #[link_name = "environ"]
        static host_environ: *mut *mut core::ffi::c_char;
    }
    // SAFETY: the caller keeps other users of the environment out; glibc's `environ` is a
    // valid environment array whenever no one is changing it.
    unsafe {
        match value {
            Some(v) => std::env::set_var(name, v),
            None => std::env::remove_var(name),
        }
        limpet_start::env::environ = host_environ;
    }
}
