//! `MUSL_LOCPATH`: musl's own message translation, kept working (last in priority).
//!
//! As in musl, when `MUSL_LOCPATH` is set (and the process is not running with elevated
//! privileges, `AT_SECURE`), making the map of a locale name looks in each of its
//! colon-separated directories for a GNU `.mo` file named exactly the locale name; the first
//! that is a valid catalog is mapped for ever with the map. Then libc's own strings are
//! translated through the catalog of the category that shows them (measured on musl 1.2.3):
//! `nl_langinfo`'s `LC_TIME`, `LC_MONETARY` and `LC_MESSAGES` strings (not `LC_NUMERIC`'s,
//! and not an empty one), and, through the hook in `limpet_syscall::messages` which the
//! first catalog installs, `strerror` (and `strerror_r`, `strerror_l`), `strsignal`,
//! `gai_strerror`, `hstrerror`, `regerror` and `getopt`'s complaints, in `LC_MESSAGES`.
//! A compiled locale's strings (see [`crate::compiled`]) win over a catalog's: `nl_langinfo`
//! translates only the C locale's strings of a category without compiled data.
use core::ffi::{CStr, c_char, c_void};


use crate::abi::LC_MESSAGES;
use crate::compiled::load;
use crate::compiled::path::each_listed_dir;
use crate::mo::Catalog;
use crate::object::{self, Locale};
use crate::pathbuf::{PathBuf, PathStorage};

/// The catalog for the locale `name`: the first `MUSL_LOCPATH` directory holding a file of
/// that name that is a valid `.mo` catalog. Installs the translation hook when it finds one.
pub fn find(name: &[u8]) -> Option<Catalog<'static>> {
    let mut storage = PathStorage::uninit();
    let mut path = PathBuf::new(&mut storage);
    let found = each_listed_dir(c"MUSL_LOCPATH", |dir| {
        path.truncate(0);
        let bytes = load::map_file(path.push(dir).push(b"/").push(name).as_cstr()?)?;
        let cat = Catalog::parse(bytes);
        if cat.is_none() {
            load::unmap(bytes);
        }
        cat
    })?;
    limpet_syscall::messages::install(translator);
    Some(found)
}

/// `msg` translated through the catalog of `loc`'s map for category `cat`, or `msg` itself.
///
/// # Safety
/// `msg` is a NUL-terminated string that lives for ever.
pub unsafe fn translate(msg: *const c_char, cat: usize, loc: &Locale) -> *const c_char {
    let Some(catalog) = loc.map(cat).and_then(|m| m.messages()) else {
        return msg;
    };
    // SAFETY: the caller passes a NUL-terminated string.
    let key = unsafe { CStr::from_ptr(msg) }.to_bytes();
    match catalog.lookup(key) {
        // The catalog's strings are NUL-terminated inside the mapping, which lives for ever.
        Some(t) if !t.is_empty() => t.as_ptr().cast(),
        _ => msg,
    }
}

/// The translator `limpet_syscall::messages` calls: `LC_MESSAGES` of `loc`, or of the
/// calling thread's current locale when `loc` is null.
///
/// # Safety
/// `msg` is a NUL-terminated string that lives for ever; `loc` is null or a live locale
/// object (`LC_GLOBAL_LOCALE` included).
unsafe fn translator(msg: *const c_char, loc: *mut c_void) -> *const c_char {
    let loc = if loc.is_null() {
        object::current()
    } else {
        // SAFETY: by the caller's contract, a live locale object.
        unsafe { object::resolve(loc.cast()) }
    };
    // SAFETY: by the caller's contract.
    unsafe { translate(msg, LC_MESSAGES as usize, loc) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::*;
    use crate::langinfo::nl_langinfo_l;
    use crate::locale_t;
    use crate::newlocale::{freelocale, newlocale};
    use std::ffi::CString;

    const PO: &str = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n\
        msgid \"Sunday\"\nmsgstr \"Sonntag\"\n\
        msgid \".\"\nmsgstr \",\"\n\
        msgid \"^[yY]\"\nmsgstr \"^[jJ]\"\n\
        msgid \"Hangup\"\nmsgstr \"Aufgelegt\"\n";

    fn new(mask: i32, name: &str, base: locale_t) -> locale_t {
        let c = CString::new(name).unwrap();
        // SAFETY: a valid name; `base` is null or ours.
        unsafe { newlocale(mask, c.as_ptr(), base) }
    }

    fn get(item: nl_item, l: locale_t) -> String {
        // SAFETY: `l` is live; the result lives for ever.
        unsafe { CStr::from_ptr(nl_langinfo_l(item, l)) }.to_str().unwrap().to_owned()
    }

    #[test]
    fn musl_locpath_catalogs() {
        let _t = crate::test_lock();
        let dir = std::env::temp_dir().join(format!("limpet-musl-locpath-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let po = dir.join("t.po");
        std::fs::write(&po, PO).unwrap();
        let st = std::process::Command::new("msgfmt").arg("-o").arg(dir.join("xm_XM")).arg(&po).status();
        assert!(st.expect("msgfmt (Debian's gettext) must be installed").success());
        std::fs::copy(dir.join("xm_XM"), dir.join("xn_XN")).unwrap();
        std::fs::write(dir.join("xo_XO"), b"not a catalog").unwrap();
        // A compiled locale under one of the names: its strings win.
        let mut slots: [std::vec::Vec<u8>; crate::compiled::format::SLOTS] = core::array::from_fn(|_| b"compiled".to_vec());
        slots[crate::compiled::format::NUMERIC] = b";".to_vec();
        let numbers = [crate::compiled::format::UNAVAILABLE as core::ffi::c_char; crate::compiled::format::NUMBERS];
        std::fs::write(dir.join("xn_XN.UTF-8"), crate::compiled::format::write(&slots, &numbers)).unwrap();
        let d = dir.to_str().unwrap();
        // SAFETY: the test lock keeps this crate's other environment users out.
        unsafe {
            crate::set_env("MUSL_LOCPATH", Some(&format!("/nonexistent:{d}")));
            crate::set_env("LIMPET_LOCPATH", Some(d));
        }

        let l = new(LC_ALL_MASK, "xm_XM", core::ptr::null_mut());
        assert_eq!(get(DAY_1, l), "Sonntag");
        assert_eq!(get(DAY_1 + 1, l), "Monday", "no translation");
        assert_eq!(get(YESEXPR, l), "^[jJ]");
        assert_eq!(get(RADIXCHAR, l), ".", "LC_NUMERIC is not translated");
        // SAFETY: static strings; `l` is live.
        let hangup = unsafe { CStr::from_ptr(limpet_syscall::messages::translate(c"Hangup".as_ptr(), l.cast())) };
        assert_eq!(hangup, c"Aufgelegt");
        // LC_MESSAGES alone: messages and YESEXPR, not day names.
        let c = new(LC_ALL_MASK, "C", core::ptr::null_mut());
        let m = new(LC_MESSAGES_MASK, "xm_XM", c);
        assert_eq!((get(DAY_1, m), get(YESEXPR, m)), ("Sunday".into(), "^[jJ]".into()));
        // SAFETY: as above.
        let hangup = unsafe { CStr::from_ptr(limpet_syscall::messages::translate(c"Hangup".as_ptr(), m.cast())) };
        assert_eq!(hangup, c"Aufgelegt");
        // Both a catalog and compiled data: the compiled strings; messages still translate.
        let n = new(LC_ALL_MASK, "xn_XN", core::ptr::null_mut());
        assert_eq!((get(DAY_1, n), get(RADIXCHAR, n)), ("compiled".into(), ";".into()));
        // SAFETY: as above.
        let hangup = unsafe { CStr::from_ptr(limpet_syscall::messages::translate(c"Hangup".as_ptr(), n.cast())) };
        assert_eq!(hangup, c"Aufgelegt");
        // Not a catalog: untranslated.
        let o = new(LC_ALL_MASK, "xo_XO", core::ptr::null_mut());
        assert_eq!(get(DAY_1, o), "Sunday");
        // SAFETY: made above and used no more.
        unsafe {
            for x in [l, m, n, o] {
                freelocale(x);
            }
            crate::set_env("MUSL_LOCPATH", None);
            crate::set_env("LIMPET_LOCPATH", None);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
