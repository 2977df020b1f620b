//! `gettext`, `dgettext`, `dcgettext`, `ngettext`, `dngettext`, `dcngettext`: message
//! lookups in the `.mo` catalogs of the current locale.
//!
//! A lookup of `msgid` in domain D for category C (`LC_MESSAGES` for all but the `dc`
//! forms):
//! 1. The locale name is the current locale's (`uselocale`, else the global one) for C,
//!    which `setlocale` took from `LC_ALL`, the category's variable or `LANG`. In "C" or
//!    "POSIX" nothing is translated. Otherwise the languages tried are those of
//!    `LANGUAGE`, a colon-separated list in order of preference (GNU's extension: musl
//!    ignores it), and then the locale name itself.
//! 2. For each language, each of its variants (`names`, GNU's order) names a catalog
//!    `DIR/VARIANT/C/D.mo`, where DIR is D's binding (`bindtextdomain`) or
//!    `/usr/share/locale`. The first catalog that exists and holds `msgid` gives the
//!    translation (a `msgid` with a context, as GNU's `pgettext` macro makes it, is
//!    `context\x04msgid` and is looked up as such).
//! 3. Without a translation the answer is `msgid`, or for the plural forms `msgid` when
//!    `n == 1` and `msgid_plural` otherwise. With one, the plural forms choose by the
//!    catalog's Plural-Forms rule (`n != 1` without one).
//!
//! A domain with a `/` (or longer than `NAME_MAX`) translates nothing: its path would leave
//! the directory.
//!
//! The strings returned are the caller's or lie in a catalog mapped for good; they are
//! never written. errno is left as it was, as GNU documents for these functions.
use core::ffi::{CStr, c_char, c_int, c_ulong};
use core::ptr;

use limpet_abi::limits::NAME_MAX;
use limpet_locale::abi::{CATEGORIES, LC_COLLATE, LC_CTYPE, LC_MESSAGES, LC_MONETARY, LC_NUMERIC, LC_TIME};
use limpet_locale::mo::plural_form;
use limpet_syscall::{errno, set_errno};

use crate::loaded::{self, Loaded};
use crate::names::for_each_variant;
use crate::text::bytes;
use limpet_locale::pathbuf::{PathBuf, PathStorage};

/// Where a domain's catalogs are when `bindtextdomain` has not said.
const DEFAULT_DIR: &[u8] = b"/usr/share/locale";

/// The directory name of each category, by its value.
const CATEGORY_NAMES: [(c_int, &[u8]); CATEGORIES] = [
    (LC_CTYPE, b"LC_CTYPE"),
    (LC_NUMERIC, b"LC_NUMERIC"),
    (LC_TIME, b"LC_TIME"),
    (LC_COLLATE, b"LC_COLLATE"),
    (LC_MONETARY, b"LC_MONETARY"),
    (LC_MESSAGES, b"LC_MESSAGES"),
];

/// What is looked up: the msgid, and for the plural forms the msgid_plural and the count.
#[derive(Clone, Copy)]
struct Query<'a> {
    msgid: &'a [u8],
    plural: Option<u64>,
}

/// The translation of `q` in domain `domain` for category `category`, if a catalog has one:
/// a pointer to the chosen form's first byte (each form ends in a NUL in the file).
fn translate(domain: &[u8], q: Query<'_>, category: c_int) -> Option<*const c_char> {
    let cat_name = CATEGORY_NAMES.iter().find(|(c, _)| *c == category)?.1;
    if domain.len() > NAME_MAX || domain.contains(&b'/') {
        return None;
    }
    // SAFETY: `name_of` returns a map's NUL-terminated name, kept for ever.
    let locale = unsafe { bytes(limpet_locale::map::name_of(limpet_locale::object::current().map(category as usize))) };
    if locale.is_empty() || locale == b"C" || locale == b"POSIX" {
        return None;
    }
    let dir = crate::domain::dir_of(domain).unwrap_or(DEFAULT_DIR);
    // One buffer for every path this lookup tries: each is the directory, then its own end.
    let mut storage = PathStorage::uninit();
    let mut path = PathBuf::new(&mut storage);
    path.push(dir).push(b"/");
    path.as_cstr()?;
    let start = path.len();
    let mut in_language = |lang: &[u8]| -> Option<*const c_char> {
        // A name with a slash would reach outside the directory; "." and ".." too.
        if lang.is_empty() || lang.contains(&b'/') || lang == b"." || lang == b".." {
            return None;
        }
        for_each_variant(lang, |variant| {
            path.truncate(start);
            for piece in variant {
                path.push(piece);
            }
            path.push(b"/").push(cat_name).push(b"/").push(domain).push(b".mo");
            let found = loaded::catalog(path.as_cstr()?)?;
            choose(&found, q)
        })
    };
    // SAFETY: getenv returns null or a NUL-terminated string of the environment.
    let language = unsafe { limpet_start::env::getenv(c"LANGUAGE".as_ptr()) };
    if !language.is_null() {
        // SAFETY: as above; the environment is not changed during the lookup.
        let list = unsafe { bytes(language) };
        if let Some(found) = list.split(|&b| b == b':').find_map(&mut in_language) {
            return Some(found);
        }
    }
    in_language(locale)
}

/// The form of `q`'s translation in `found`, if it has one.
fn choose(found: &Loaded, q: Query<'_>) -> Option<*const c_char> {
    let msgstr = found.catalog.lookup(q.msgid)?;
    let form = match q.plural {
        None => msgstr,
        Some(n) => plural_form(msgstr, found.plural.index(n)),
    };
    Some(form.as_ptr().cast())
}

/// The common core: the translation, or the untranslated string the caller passed.
///
/// # Safety
/// `domain` is null or NUL-terminated; `msgid` and `msgid_plural` are NUL-terminated.
unsafe fn lookup(domain: *const c_char, msgid: *const c_char, plural: Option<(*const c_char, c_ulong)>, category: c_int) -> *mut c_char {
    if msgid.is_null() {
        return ptr::null_mut();
    }
    let fallback = match plural {
        Some((msgid_plural, n)) if n != 1 => msgid_plural,
        _ => msgid,
    };
    let saved = errno();
    // SAFETY: the caller passes NUL-terminated strings.
    let (domain, id) = unsafe { (if domain.is_null() { crate::domain::current() } else { bytes(domain) }, CStr::from_ptr(msgid).to_bytes()) };
    // `unsigned long` is 32 bits wide on some targets, so the cast is not always a no-op.
    #[allow(clippy::unnecessary_cast)]
    let count = plural.map(|(_, n)| n as u64);
    let found = translate(domain, Query { msgid: id, plural: count }, category);
    set_errno(saved);
    found.unwrap_or(fallback).cast_mut()
}

/// `char *gettext(const char *msgid)`—`msgid` translated in the current domain for
/// `LC_MESSAGES`, or `msgid` itself. Null for a null `msgid`.
///
/// # Safety
/// `msgid` is null or NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn gettext(msgid: *const c_char) -> *mut c_char {
    // SAFETY: the caller's contract.
    unsafe { lookup(ptr::null(), msgid, None, LC_MESSAGES) }
}

/// `char *dgettext(const char *domainname, const char *msgid)`—[`gettext`] in domain
/// `domainname` (the current one when null).
///
/// # Safety
/// Each argument is null or NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn dgettext(domainname: *const c_char, msgid: *const c_char) -> *mut c_char {
    // SAFETY: the caller's contract.
    unsafe { lookup(domainname, msgid, None, LC_MESSAGES) }
}

/// `char *dcgettext(const char *domainname, const char *msgid, int category)`—[`dgettext`]
/// for `category`'s locale and directory. `LC_ALL` and values that are no category
/// translate nothing (musl's answer too).
///
/// # Safety
/// Each string is null or NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn dcgettext(domainname: *const c_char, msgid: *const c_char, category: c_int) -> *mut c_char {
    // SAFETY: the caller's contract.
    unsafe { lookup(domainname, msgid, None, category) }
}

/// `char *ngettext(const char *msgid, const char *msgid_plural, unsigned long n)`—The form
/// for `n` of the message `msgid`/`msgid_plural` in the current domain, or untranslated
/// `msgid` when `n` is 1 and `msgid_plural` otherwise.
///
/// # Safety
/// `msgid` is null or NUL-terminated; `msgid_plural` is NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ngettext(msgid: *const c_char, msgid_plural: *const c_char, n: c_ulong) -> *mut c_char {
    // SAFETY: the caller's contract.
    unsafe { lookup(ptr::null(), msgid, Some((msgid_plural, n)), LC_MESSAGES) }
}

/// `char *dngettext(const char *domainname, const char *msgid, const char *msgid_plural,
/// unsigned long n)`—[`ngettext`] in domain `domainname` (the current one when null).
///
/// # Safety
/// As for [`ngettext`]; `domainname` is null or NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn dngettext(domainname: *const c_char, msgid: *const c_char, msgid_plural: *const c_char, n: c_ulong) -> *mut c_char {
    // SAFETY: the caller's contract.
    unsafe { lookup(domainname, msgid, Some((msgid_plural, n)), LC_MESSAGES) }
}

/// `char *dcngettext(const char *domainname, const char *msgid, const char *msgid_plural,
/// unsigned long n, int category)`—[`dngettext`] for `category` (see [`dcgettext`]).
///
/// # Safety
/// As for [`dngettext`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn dcngettext(
    domainname: *const c_char,
    msgid: *const c_char,
    msgid_plural: *const c_char,
    n: c_ulong,
    category: c_int,
) -> *mut c_char {
    // SAFETY: the caller's contract.
    unsafe { lookup(domainname, msgid, Some((msgid_plural, n)), category) }
}
