//! Where a compiled locale is looked for: the directories, and the file names a locale
//! name may be stored under.
//!
//! The directories are `LIMPET_LOCPATH`'s (colon-separated, empty entries skipped; ignored
//! when the process runs with elevated privileges, the kernel's `AT_SECURE`), then
//! [`DEFAULT_DIR`]. In each, the file names tried are the name itself, then, when the name
//! has no codeset or one that is UTF-8 in any spelling (`utf8`, `UTF-8`, `Utf_8`: its
//! letters and digits, case folded, are `utf8`), the name with the codeset `UTF-8`, then
//! `utf8`, then none, the modifier kept: `de_DE`, `de_DE.utf8` and `de_DE.UTF-8` all find
//! a file named `de_DE.UTF-8`, `de_DE.utf8` or `de_DE`, and `de_DE@euro` finds
//! `de_DE.UTF-8@euro`.
use core::ffi::CStr;

use limpet_start::env::getenv;
use limpet_syscall::auxv::{self, AT_SECURE};

use crate::abi::LOCALE_NAME_MAX;
use crate::pathbuf::{PathBuf, PathStorage};

/// The directory searched after `LIMPET_LOCPATH`'s, where an installed limpet keeps the
/// locales `limpet-localedef` compiles by default.
pub const DEFAULT_DIR: &[u8] = b"/usr/lib/limpet/locale";

/// The codeset parts a UTF-8 locale's file name may have, in the order they are tried
/// (the last: none).
const UTF8_SPELLINGS: [&[u8]; 3] = [b".UTF-8", b".utf8", b""];

/// Whether `codeset` names UTF-8: its letters and digits, case folded, are "utf8".
pub fn is_utf8(codeset: &[u8]) -> bool {
    let mut folded = codeset.iter().filter(|b| b.is_ascii_alphanumeric()).map(u8::to_ascii_lowercase);
    b"utf8".iter().all(|&b| folded.next() == Some(b)) && folded.next().is_none()
}

/// Calls `f` with each file name the locale `name` may be stored under, in order, until
/// one gives `Some`.
pub fn each_file_name<T>(name: &[u8], mut f: impl FnMut(&[u8]) -> Option<T>) -> Option<T> {
    if let Some(t) = f(name) {
        return Some(t);
    }
    let base_end = name.iter().position(|&b| b == b'.' || b == b'@').unwrap_or(name.len());
    let modifier_at = name.iter().position(|&b| b == b'@').unwrap_or(name.len());
    let (base, modifier) = (&name[..base_end], &name[modifier_at..]);
    let codeset = name.get(base_end + 1..modifier_at).filter(|_| name[base_end] == b'.');
    if !codeset.is_none_or(is_utf8) {
        return None;
    }
    let mut buf = [0u8; LOCALE_NAME_MAX + 6];
    for spelling in UTF8_SPELLINGS {
        let parts = [base, spelling, modifier];
        let len: usize = parts.iter().map(|p| p.len()).sum();
        if len > buf.len() {
            continue;
        }
        let mut at = 0;
        for p in parts {
            buf[at..at + p.len()].copy_from_slice(p);
            at += p.len();
        }
        if buf[..len] != *name
            && let Some(t) = f(&buf[..len])
        {
            return Some(t);
        }
    }
    None
}

/// Calls `f` with each directory listed in the environment variable `var` (colon-separated,
/// empty entries skipped), in order, until one gives `Some`; none when the variable is unset,
/// or when the process runs with elevated privileges (`AT_SECURE`), whose environment
/// must not choose the files libc reads.
pub fn each_listed_dir<T>(var: &CStr, f: impl FnMut(&[u8]) -> Option<T>) -> Option<T> {
    if auxv::get(AT_SECURE).is_some_and(|v| v != 0) {
        return None;
    }
    // SAFETY: getenv returns null or a string of the environment.
    let value = unsafe { getenv(var.as_ptr()) };
    if value.is_null() {
        return None;
    }
    // SAFETY: non-null, it is a string of the environment, unchanged while we read it.
    let dirs = unsafe { CStr::from_ptr(value) }.to_bytes();
    dirs.split(|&b| b == b':').filter(|d| !d.is_empty()).find_map(f)
}

/// Calls `f` with each directory to search, in order, until one gives `Some`.
pub fn each_dir<T>(mut f: impl FnMut(&[u8]) -> Option<T>) -> Option<T> {
    each_listed_dir(c"LIMPET_LOCPATH", &mut f).or_else(|| f(DEFAULT_DIR))
}

/// Calls `f` with each path (NUL-terminated) the locale `name` may be found at, in order,
/// until one gives `Some`. A path of `PATH_MAX` bytes or more is skipped.
pub fn each_path<T>(name: &[u8], mut f: impl FnMut(&CStr) -> Option<T>) -> Option<T> {
    let mut storage = PathStorage::uninit();
    let mut path = PathBuf::new(&mut storage);
    each_dir(|dir| {
        each_file_name(name, |file| {
            path.truncate(0);
            f(path.push(dir).push(b"/").push(file).as_cstr()?)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(name: &str) -> Vec<String> {
        let mut out = Vec::new();
        each_file_name::<()>(name.as_bytes(), |n| {
            out.push(String::from_utf8(n.to_vec()).unwrap());
            None
        });
        out
    }

    #[test]
    fn normalisation() {
        assert_eq!(names("de_DE.UTF-8"), ["de_DE.UTF-8", "de_DE.utf8", "de_DE"]);
        assert_eq!(names("de_DE.utf8"), ["de_DE.utf8", "de_DE.UTF-8", "de_DE"]);
        assert_eq!(names("de_DE"), ["de_DE", "de_DE.UTF-8", "de_DE.utf8"]);
        assert_eq!(names("de_DE.Utf_8"), ["de_DE.Utf_8", "de_DE.UTF-8", "de_DE.utf8", "de_DE"]);
        assert_eq!(names("de_DE@euro"), ["de_DE@euro", "de_DE.UTF-8@euro", "de_DE.utf8@euro"]);
        assert_eq!(names("sr_RS.UTF-8@latin"), ["sr_RS.UTF-8@latin", "sr_RS.utf8@latin", "sr_RS@latin"]);
        assert_eq!(names("de_DE.ISO-8859-1"), ["de_DE.ISO-8859-1"]);
        assert_eq!(names("de_DE.utf16"), ["de_DE.utf16"]);
        assert_eq!(names("de_DE."), ["de_DE."]);
        // The longest name musl keeps, with the longest codeset spelling added.
        assert_eq!(names("abcdefghijklmnopqrstuvw").len(), 3);
    }

    #[test]
    fn utf8_spellings() {
        for s in ["utf8", "UTF-8", "utf-8", "U.T.F.8", "Utf_8"] {
            assert!(is_utf8(s.as_bytes()), "{s}");
        }
        for s in ["", "utf", "utf16", "utf88", "iso88591"] {
            assert!(!is_utf8(s.as_bytes()), "{s}");
        }
    }

    #[test]
    fn directories() {
        let _t = crate::test_lock();
        let dirs = || {
            let mut out = Vec::new();
            each_dir::<()>(|d| {
                out.push(String::from_utf8(d.to_vec()).unwrap());
                None
            });
            out
        };
        // SAFETY: the test lock keeps this crate's other environment users out.
        unsafe { crate::set_env("LIMPET_LOCPATH", Some("/a::/b/c:")) };
        assert_eq!(dirs(), ["/a", "/b/c", "/usr/lib/limpet/locale"]);
        unsafe { crate::set_env("LIMPET_LOCPATH", None) };
        assert_eq!(dirs(), ["/usr/lib/limpet/locale"]);
        let mut paths = Vec::new();
        unsafe { crate::set_env("LIMPET_LOCPATH", Some("/x")) };
        each_path::<()>(b"fr_FR", |p| {
            paths.push(p.to_str().unwrap().to_owned());
            None
        });
        unsafe { crate::set_env("LIMPET_LOCPATH", None) };
        assert_eq!(paths[..3], ["/x/fr_FR", "/x/fr_FR.UTF-8", "/x/fr_FR.utf8"]);
        assert_eq!(paths[3], "/usr/lib/limpet/locale/fr_FR");
    }
}
