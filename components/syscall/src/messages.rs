//! The hook through which libc's own messages are translated, as musl translates them from
//! `MUSL_LOCPATH` catalogs: `strerror` and its `_r`/`_l` forms, `strsignal`, `gai_strerror`,
//! `hstrerror`, `regerror`, `getopt`'s complaints.
//!
//! The functions that print such messages live in several components (string, net, pattern,
//! stdlib), and a build may leave the locale component out (the `minimal` one does). So
//! they all ask this one word, which every component can reach: limpet-locale fills it the
//! first time it loads a message catalog, and until then (always, in a build without
//! limpet-locale) [`translate`] gives the message back untouched, for one atomic load.
use core::ffi::{c_char, c_void};
use core::sync::atomic::{AtomicPtr, Ordering};

/// A translator: `msg` (a static C string) in the `LC_MESSAGES` catalog of the locale
/// object `loc` (null: the calling thread's current locale), or `msg` itself. The result is
/// a C string that lives for ever.
pub type Translator = unsafe fn(msg: *const c_char, loc: *mut c_void) -> *const c_char;

/// The installed translator, null until limpet-locale installs one.
static TRANSLATOR: AtomicPtr<()> = AtomicPtr::new(core::ptr::null_mut());

/// Installs the translator (limpet-locale does, when it first maps a message catalog).
pub fn install(f: Translator) {
    TRANSLATOR.store(f as *mut (), Ordering::Release);
}

/// `msg` translated in the `LC_MESSAGES` catalog of `loc` (null: the calling thread's
/// current locale), or `msg` itself when there is no translator, catalog or translation.
///
/// # Safety
/// `msg` is a NUL-terminated string that lives for ever; `loc` is null or a live locale
/// object (`locale_t`), `LC_GLOBAL_LOCALE` included.
#[inline]
pub unsafe fn translate(msg: *const c_char, loc: *mut c_void) -> *const c_char {
    let f = TRANSLATOR.load(Ordering::Acquire);
    if f.is_null() {
        return msg;
    }
    // SAFETY: only `install` stores here, and it stores a `Translator`.
    let f: Translator = unsafe { core::mem::transmute::<*mut (), Translator>(f) };
    // SAFETY: the caller's contract is the translator's.
    unsafe { f(msg, loc) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn untouched_without_a_translator() {
        let m = c"Hangup".as_ptr();
        // SAFETY: a static string and no locale.
        assert_eq!(unsafe { translate(m, core::ptr::null_mut()) }, m);
    }
}
