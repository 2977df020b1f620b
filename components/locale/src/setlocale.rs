//! `setlocale`: the global locale, set and queried by name.
use core::cell::UnsafeCell;
use core::ffi::{c_char, c_int};
use core::ptr;

use crate::abi::{CATEGORIES, LC_ALL, LOCALE_NAME_MAX};
use crate::map::{self, Guard, NoMemory};
use crate::object::{GLOBAL, Maps};

/// The longest query string: every category's name and a separator (or the NUL).
const QUERY_LEN: usize = CATEGORIES * (LOCALE_NAME_MAX + 1);

struct QueryBuf(UnsafeCell<[u8; QUERY_LEN]>);
// SAFETY: written only under `map::LOCK`; as in every C library, a string setlocale returned
// is valid until the next call.
unsafe impl Sync for QueryBuf {}

/// The string `setlocale(LC_ALL, ...)` returns for a mixed locale.
static QUERY: QueryBuf = QueryBuf(UnsafeCell::new([0; QUERY_LEN]));

/// `setlocale(category, locale)`—Sets the global locale's `category` (or every category,
/// for `LC_ALL`) to the locale named `locale`, and returns the new name; with a null
/// `locale`, only returns the current one.
///
/// Names resolve as in musl (see [`map::resolve`]): `""` reads `LC_ALL`, the category's
/// variable and `LANG`, defaulting to C.UTF-8; "C" and "POSIX" are the byte locale; any
/// other name is accepted and gives a UTF-8 `LC_CTYPE`. For `LC_ALL` the name may be a list
/// `a;b;c;d;e;f` (one name per category in order, the last repeated when the list is short),
/// which is also what a query returns when the categories differ; when they agree it
/// returns the one name. Categories outside `LC_CTYPE..=LC_ALL` return null, and so does a
/// name for which no map could be allocated (errno `ENOMEM`); either way nothing changes.
///
/// # Safety
/// `locale` is null or a NUL-terminated string. The returned string is valid until the next
/// `setlocale` call, and must not be written.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn setlocale(category: c_int, locale: *const c_char) -> *mut c_char {
    if !(0..=LC_ALL).contains(&category) {
        return ptr::null_mut();
    }
    let _g = Guard::take();
    // SAFETY: a non-null `locale` is a C string, by the caller's contract.
    let name = (!locale.is_null()).then(|| unsafe { core::ffi::CStr::from_ptr(locale) }.to_bytes());
    if category == LC_ALL {
        if let Some(name) = name {
            let Ok(maps) = resolve_all(name) else {
                limpet_syscall::set_errno(limpet_syscall::errno::ENOMEM);
                return ptr::null_mut();
            };
            GLOBAL.set(&maps);
        }
        return query_all(&GLOBAL.maps()).cast_mut();
    }
    let cat = category as usize;
    if let Some(name) = name {
        let Ok(m) = map::resolve(cat, name) else {
            limpet_syscall::set_errno(limpet_syscall::errno::ENOMEM);
            return ptr::null_mut();
        };
        GLOBAL.set_one(cat, m);
    }
    map::name_of(GLOBAL.map(cat)).cast_mut()
}

/// The maps an `LC_ALL` name gives: split at ';', one part per category; a part longer than
/// [`LOCALE_NAME_MAX`] is skipped over without advancing, so it and every later category
/// repeat the previous part (C.UTF-8 at the start), as in musl.
fn resolve_all(name: &[u8]) -> Result<Maps, NoMemory> {
    let mut maps = [None; CATEGORIES];
    let mut part: &[u8] = b"C.UTF-8";
    let mut rest = name;
    for (cat, m) in maps.iter_mut().enumerate() {
        let end = rest.iter().position(|&b| b == b';').unwrap_or(rest.len());
        if end <= LOCALE_NAME_MAX {
            part = &rest[..end];
            if end < rest.len() {
                rest = &rest[end + 1..];
            }
        }
        *m = map::resolve(cat, part)?;
    }
    Ok(maps)
}

/// The name of the locale `maps`: the categories' shared name, or every category's name
/// joined with ';' (in [`QUERY`]). The caller holds [`map::LOCK`].
fn query_all(maps: &Maps) -> *const c_char {
    if maps.iter().all(|&m| m == maps[0]) {
        return map::name_of(maps[0]);
    }
    // SAFETY: the caller holds the lock, so nothing else writes the buffer.
    let buf = unsafe { &mut *QUERY.0.get() };
    let mut at = 0;
    for &m in maps {
        // SAFETY: `name_of` gives a C string that lives for ever.
        let name = unsafe { core::ffi::CStr::from_ptr(map::name_of(m)) }.to_bytes();
        buf[at..at + name.len()].copy_from_slice(name);
        buf[at + name.len()] = b';';
        at += name.len() + 1;
    }
    buf[at - 1] = 0;
    buf.as_ptr().cast()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::abi::{LC_CTYPE, LC_MESSAGES, LC_NUMERIC, LC_TIME};

    /// `setlocale` with Rust strings; `None` for a null result.
    pub(crate) fn set(cat: c_int, name: Option<&str>) -> Option<String> {
        let c = name.map(|n| std::ffi::CString::new(n).unwrap());
        // SAFETY: a valid C string or null.
        let r = unsafe { setlocale(cat, c.as_ref().map_or(ptr::null(), |c| c.as_ptr())) };
        // SAFETY: a non-null result is a C string.
        (!r.is_null()).then(|| unsafe { core::ffi::CStr::from_ptr(r) }.to_str().unwrap().to_owned())
    }

    fn all() -> String {
        set(LC_ALL, None).unwrap()
    }

    #[test]
    fn names_and_queries_match_musl() {
        let _t = crate::test_lock();
        // SAFETY: the test lock keeps this crate's other environment users out.
        unsafe {
            for v in ["LC_ALL", "LANG", "LC_CTYPE", "LC_NUMERIC", "LC_TIME", "LC_COLLATE", "LC_MONETARY", "LC_MESSAGES"] {
                crate::set_env(v, None);
            }
        }
        assert_eq!(set(LC_ALL, Some("C")).as_deref(), Some("C"));
        assert_eq!(set(LC_CTYPE, Some("C.UTF-8")).as_deref(), Some("C.UTF-8"));
        assert_eq!(all(), "C.UTF-8;C;C;C;C;C");
        assert_eq!(set(LC_NUMERIC, Some("C.UTF-8")).as_deref(), Some("C"));
        assert_eq!(set(LC_ALL, Some("C.UTF-8")).as_deref(), Some("C.UTF-8;C;C;C;C;C"));
        assert_eq!(set(LC_ALL, Some("POSIX")).as_deref(), Some("C"));
        assert_eq!(set(LC_ALL, Some("en_US.UTF-8")).as_deref(), Some("en_US.UTF-8"));
        assert_eq!(set(LC_TIME, Some("fr_FR")).as_deref(), Some("fr_FR"));
        assert_eq!(all(), "en_US.UTF-8;en_US.UTF-8;fr_FR;en_US.UTF-8;en_US.UTF-8;en_US.UTF-8");
        assert_eq!(set(LC_ALL, Some("")).as_deref(), Some("C.UTF-8;C;C;C;C;C"));
        assert_eq!(set(LC_ALL, Some("abcdefghijklmnopqrstuvw")).as_deref(), Some("abcdefghijklmnopqrstuvw"));
        assert_eq!(set(LC_ALL, Some("abcdefghijklmnopqrstuvwx")).as_deref(), Some("C.UTF-8;C;C;C;C;C"));
        assert_eq!(set(LC_ALL, Some("x;y")).as_deref(), Some("x;y;y;y;y;y"));
        assert_eq!(set(LC_ALL, Some("A;B;C;D;E;F;G")).as_deref(), Some("A;B;C;D;E;F"));
        assert_eq!(set(LC_ALL, Some("C;C;C;C;C;C")).as_deref(), Some("C"));
        assert_eq!(set(LC_ALL, Some(";;")).as_deref(), Some("C.UTF-8;C;C;C;C;C"));
        assert_eq!(set(LC_ALL, Some("A;abcdefghijklmnopqrstuvwx;B")).as_deref(), Some("A"));
        assert_eq!(set(LC_ALL, Some("abcdefghijklmnopqrstuvwxyz;B")).as_deref(), Some("C.UTF-8;C;C;C;C;C"));
        assert_eq!(set(7, Some("C")), None);
        assert_eq!(set(-1, Some("C")), None);
        assert_eq!(set(LC_MESSAGES, Some("POSIX.UTF-8")).as_deref(), Some("POSIX.UTF-8"));
        assert_eq!(set(LC_MESSAGES, None).as_deref(), Some("POSIX.UTF-8"));
        assert_eq!(all(), "C.UTF-8;C;C;C;C;POSIX.UTF-8");
        // SAFETY: as above.
        unsafe { crate::set_env("LANG", Some("de_DE")) };
        unsafe { crate::set_env("LC_TIME", Some("ja")) };
        assert_eq!(set(LC_ALL, Some("")).as_deref(), Some("de_DE;de_DE;ja;de_DE;de_DE;de_DE"));
        unsafe { crate::set_env("LC_ALL", Some("C")) };
        assert_eq!(set(LC_ALL, Some("")).as_deref(), Some("C"));
        unsafe {
            crate::set_env("LC_ALL", None);
            crate::set_env("LANG", None);
            crate::set_env("LC_TIME", None);
        }
        assert_eq!(set(LC_ALL, Some("C")).as_deref(), Some("C"));
    }
}
