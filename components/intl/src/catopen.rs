//! `catopen`: finding a message catalog by name through `NLSPATH`, and the handle it
//! returns.
//!
//! A name with a slash is the catalog's path. Any other name is looked for through
//! `NLSPATH`, a colon-separated list of templates tried in order, in which (X/Open)
//! `%N` is the name, `%L` the locale name, `%l` its language, `%t` its territory, `%c` its
//! codeset, `%%` a percent sign. The locale name is `LANG`'s, or with `NL_CAT_LOCALE` the
//! current locale's `LC_MESSAGES` name. What musl 1.2.3 does where X/Open leaves it open,
//! measured and followed:
//! - without `NLSPATH` no catalog is looked for (there is no default list);
//! - an empty template (a leading colon, or two in a row) means `%N`; the empty string
//!   after a final colon is no template;
//! - `%c` is always `UTF-8`, the codeset of every locale in musl's model;
//! - a `%` at the end of a template is dropped;
//! - a template whose file is missing or is no valid catalog passes to the next;
//! - when none gives a catalog the error is ENOENT.
//!
//! limpet skips a template with any other `%` escape (musl tries the bare name for it),
//! and reads glibc's catalog format besides NetBSD's, which musl reads (`catfile`).
use core::ffi::{c_char, c_int};

use limpet_abi::errno::{EINVAL, ENOENT, ENOMEM};
use limpet_locale::abi::LC_MESSAGES;
use limpet_syscall::set_errno;

use crate::abi::{CATD_ERROR, NL_CAT_LOCALE, nl_catd};
use crate::catfile::CatFile;
use crate::imports::malloc;
use crate::names::split;
use crate::text::bytes;
use limpet_locale::pathbuf::{PathBuf, PathStorage};

/// The codeset `%c` stands for.
const CODESET: &[u8] = b"UTF-8";

/// What an `nl_catd` points to: the catalog, over its mapped file.
pub struct Handle {
    pub file: CatFile<'static>,
}

/// Maps and checks the catalog at `path`.
fn open_path(path: &core::ffi::CStr) -> Option<CatFile<'static>> {
    let bytes = limpet_locale::file::map(path).ok()?;
    let file = CatFile::parse(bytes);
    if file.is_none() {
        // SAFETY: the mapping was just made and nothing refers to it.
        unsafe { limpet_locale::file::unmap(bytes) };
    }
    file
}

/// Expands `template` for catalog `name` in locale `locale` into `path`; false when the
/// template has an escape X/Open does not define.
fn expand(template: &[u8], name: &[u8], locale: &[u8], path: &mut PathBuf) -> bool {
    let parts = split(locale);
    let mut rest = template;
    while let Some(at) = rest.iter().position(|&b| b == b'%') {
        path.push(&rest[..at]);
        let value: &[u8] = match rest.get(at + 1) {
            None => b"",
            Some(b'N') => name,
            Some(b'L') => locale,
            Some(b'l') => parts.language,
            Some(b't') => parts.territory.unwrap_or(b""),
            Some(b'c') => CODESET,
            Some(b'%') => b"%",
            Some(_) => return false,
        };
        path.push(value);
        rest = rest.get(at + 2..).unwrap_or(b"");
    }
    path.push(rest);
    true
}

/// The catalog `name` names, through `NLSPATH` unless it holds a slash.
fn find(name: &[u8], oflag: c_int) -> Option<CatFile<'static>> {
    if name.contains(&b'/') {
        let mut storage = PathStorage::uninit();
        let mut path = PathBuf::new(&mut storage);
        return open_path(path.push(name).as_cstr()?);
    }
    // SAFETY: getenv returns null or a NUL-terminated string of the environment.
    let nlspath = unsafe { limpet_start::env::getenv(c"NLSPATH".as_ptr()) };
    if nlspath.is_null() {
        return None;
    }
    // SAFETY: as above; the environment is not changed meanwhile.
    let nlspath = unsafe { bytes(nlspath) };
    let locale: &[u8] = if oflag & NL_CAT_LOCALE != 0 {
        // SAFETY: `name_of` returns a map's NUL-terminated name, kept for ever.
        unsafe { bytes(limpet_locale::map::name_of(limpet_locale::object::current().map(LC_MESSAGES as usize))) }
    } else {
        // SAFETY: as for NLSPATH.
        let lang = unsafe { limpet_start::env::getenv(c"LANG".as_ptr()) };
        // SAFETY: as above.
        if lang.is_null() { b"" } else { unsafe { bytes(lang) } }
    };
    let templates = nlspath.strip_suffix(b":").unwrap_or(nlspath);
    templates.split(|&b| b == b':').find_map(|template| {
        let template: &[u8] = if template.is_empty() { b"%N" } else { template };
        let mut storage = PathStorage::uninit();
        let mut path = PathBuf::new(&mut storage);
        if !expand(template, name, locale, &mut path) {
            return None;
        }
        open_path(path.as_cstr()?)
    })
}

/// `nl_catd catopen(const char *name, int oflag)`—Opens the message catalog `name` (a path
/// when it holds a slash, else found through `NLSPATH`, see the module docs; `oflag`
/// `NL_CAT_LOCALE` names the locale by `LC_MESSAGES` instead of `LANG`). Reads the format
/// musl reads (NetBSD's) and the one Debian's gencat writes (glibc's).
///
/// Fails with ENOENT when no catalog is found (also when the files found are not valid
/// catalogs, as in musl), EINVAL for a null name, ENOMEM, returning `(nl_catd)-1`.
///
/// # Safety
/// `name` is null or NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn catopen(name: *const c_char, oflag: c_int) -> nl_catd {
    if name.is_null() {
        set_errno(EINVAL);
        return CATD_ERROR;
    }
    // SAFETY: the caller passes a NUL-terminated string.
    let Some(file) = find(unsafe { bytes(name) }, oflag) else {
        set_errno(ENOENT);
        return CATD_ERROR;
    };
    // SAFETY: a plain allocation for one handle.
    let h = unsafe { malloc(size_of::<Handle>()) } as *mut Handle;
    if h.is_null() {
        // SAFETY: the mapping is ours and no handle refers to it.
        unsafe { limpet_locale::file::unmap(file.bytes()) };
        set_errno(ENOMEM);
        return CATD_ERROR;
    }
    // SAFETY: `h` is a fresh allocation of a handle's size, malloc-aligned.
    unsafe { h.write(Handle { file }) };
    h.cast()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expanded(template: &str, locale: &str) -> Option<String> {
        let mut storage = PathStorage::uninit();
        let mut p = PathBuf::new(&mut storage);
        expand(template.as_bytes(), b"app", locale.as_bytes(), &mut p)
            .then(|| p.as_cstr().map(|c| c.to_str().unwrap().to_owned()))
            .flatten()
    }

    #[test]
    fn escapes() {
        assert_eq!(expanded("/x/%L/%N.cat", "de_DE.UTF-8@euro").as_deref(), Some("/x/de_DE.UTF-8@euro/app.cat"));
        assert_eq!(expanded("/x/%l/%t/%c/%N", "de_DE@x.y").as_deref(), Some("/x/de/DE/UTF-8/app"));
        assert_eq!(expanded("/x/%l/%t/%c/%N", "_DE").as_deref(), Some("/x//DE/UTF-8/app"));
        assert_eq!(expanded("/x/%l|%t|%%|%N", "de").as_deref(), Some("/x/de||%|app"));
        assert_eq!(expanded("/x/a%", "de").as_deref(), Some("/x/a"));
        assert_eq!(expanded("/x/%q/%N", "de"), None);
    }
}
