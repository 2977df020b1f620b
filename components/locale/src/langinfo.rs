//! `nl_langinfo`, `nl_langinfo_l`: a compiled locale's strings (pointers into its mapped
//! file) for the categories that have one, else the C locale's; plus the codeset and the
//! category names.
use core::ffi::{c_char, c_int};

use crate::abi::{CATEGORIES, CODESET, CRNCYSTR, LC_MESSAGES, LC_MONETARY, LC_NUMERIC, LC_TIME, NL_LOCALE_NAME_INDEX, nl_item};
use crate::compiled::format;
use crate::locale_t;
use crate::map;
use crate::messages;
use crate::object;

/// The C locale's `LC_TIME` items in order from `ABDAY_1` (0x20000) to `ERA_T_FMT`
/// (0x20031); index 0x2d (between `ERA` and `ERA_D_FMT`) has no name in the headers and is
/// empty. (Public for limpet-localedef, which gives them to a locale that does not define
/// the category.)
pub static C_TIME: [&core::ffi::CStr; 0x32] = [
    c"Sun", c"Mon", c"Tue", c"Wed", c"Thu", c"Fri", c"Sat",
    c"Sunday", c"Monday", c"Tuesday", c"Wednesday", c"Thursday", c"Friday", c"Saturday",
    c"Jan", c"Feb", c"Mar", c"Apr", c"May", c"Jun", c"Jul", c"Aug", c"Sep", c"Oct", c"Nov", c"Dec",
    c"January", c"February", c"March", c"April", c"May", c"June",
    c"July", c"August", c"September", c"October", c"November", c"December",
    c"AM", c"PM",
    c"%a %b %e %T %Y", c"%m/%d/%y", c"%H:%M:%S", c"%I:%M:%S %p",
    c"", c"", c"%m/%d/%y", c"0123456789", c"%a %b %e %T %Y", c"%H:%M:%S",
];
/// The C locale's `RADIXCHAR`, `THOUSEP`.
pub static C_NUMERIC: [&core::ffi::CStr; 2] = [c".", c""];
/// The C locale's `YESEXPR`, `NOEXPR`, `YESSTR`, `NOSTR`.
pub static C_MESSAGES: [&core::ffi::CStr; 4] = [c"^[yY]", c"^[nN]", c"yes", c"no"];

/// The string for `item` in the locale `loc`, as `nl_langinfo_l` gives it: what other
/// components format with (strftime's names and formats, the radix character).
pub fn item(item: nl_item, loc: &object::Locale) -> &'static core::ffi::CStr {
    // SAFETY: `lookup` returns static C strings (or strings of maps that live for ever).
    unsafe { core::ffi::CStr::from_ptr(lookup(item, loc)) }
}

/// The string for `item` in the locale `loc`.
fn lookup(item: nl_item, loc: &object::Locale) -> *const c_char {
    if item == CODESET {
        return if loc.utf8() { c"UTF-8" } else { c"ASCII" }.as_ptr();
    }
    let (cat, idx) = (item >> 16, (item & 0xffff) as usize);
    if idx == NL_LOCALE_NAME_INDEX as usize && (0..CATEGORIES as c_int).contains(&cat) {
        return map::name_of(loc.map(cat as usize));
    }
    // Each category's items: the C locale's table, and where they are in a compiled file.
    let (table, slots): (&[&core::ffi::CStr], _) = match cat {
        LC_NUMERIC => (&C_NUMERIC, format::NUMERIC..format::NUMERIC + C_NUMERIC.len()),
        LC_TIME => (&C_TIME, format::TIME..format::TIME + format::TIME_ITEMS),
        LC_MESSAGES => (&C_MESSAGES, format::MESSAGES..format::MESSAGES + format::MESSAGES_ITEMS),
        // `CRNCYSTR` is LC_MONETARY's one item in musl's headers; empty in the C locale.
        LC_MONETARY if idx == (CRNCYSTR & 0xffff) as usize => {
            let at = format::MONETARY + format::CRNCYSTR;
            (&[], at - idx..at + 1)
        }
        _ => return c"".as_ptr(),
    };
    let slot = slots.start + idx;
    match map::compiled(loc.map(cat as usize)) {
        Some(c) if slots.contains(&slot) => c.file.slot(slot).as_ptr(),
        Some(_) => c"".as_ptr(),
        // The C locale's string, which a `MUSL_LOCPATH` catalog may translate (not
        // LC_NUMERIC's, and not an empty one, as in musl).
        None => match table.get(idx) {
            // SAFETY: the C locale's strings are static.
            Some(s) if cat != LC_NUMERIC && !s.is_empty() => unsafe { messages::translate(s.as_ptr(), cat as usize, loc) },
            Some(s) => s.as_ptr(),
            None => c"".as_ptr(),
        },
    }
}

/// `nl_langinfo_l(item, loc)`—The string for the `<langinfo.h>` item `item` in the locale
/// `loc`: `CODESET` is "UTF-8" when `loc`'s `LC_CTYPE` is UTF-8 and "ASCII" otherwise;
/// `_NL_LOCALE_NAME(cat)` is the name of `loc`'s locale for `cat`; the other items are those
/// of the compiled locale `loc` names for the item's category, or the C locale's when it
/// names none (as in musl); `ERA` and `ALT_DIGITS` are lists (strings one after another, an
/// empty one last); unknown items give "". The string lives for ever and must not be
/// written.
///
/// # Safety
/// `loc` is a live locale object (or `LC_GLOBAL_LOCALE`, taken as the global locale).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn nl_langinfo_l(item: nl_item, loc: locale_t) -> *mut c_char {
    // SAFETY: by the caller's contract.
    lookup(item, unsafe { object::resolve(loc) }).cast_mut()
}

/// `__nl_langinfo_l`: musl's internal name for [`nl_langinfo_l`].
///
/// # Safety
/// As for [`nl_langinfo_l`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __nl_langinfo_l(item: nl_item, loc: locale_t) -> *mut c_char {
    // SAFETY: the same contract.
    unsafe { nl_langinfo_l(item, loc) }
}

/// `nl_langinfo(item)`—[`nl_langinfo_l`] in the calling thread's current locale.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn nl_langinfo(item: nl_item) -> *mut c_char {
    lookup(item, object::current()).cast_mut()
}

/// `__nl_langinfo`: musl's internal name for [`nl_langinfo`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __nl_langinfo(item: nl_item) -> *mut c_char {
    nl_langinfo(item)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::*;
    use crate::object::{C_LOCALE, UTF8_LOCALE};
    use core::ptr;

    fn get(item: nl_item, loc: &object::Locale) -> String {
        // SAFETY: built-in objects live for ever; results are static C strings.
        unsafe { core::ffi::CStr::from_ptr(nl_langinfo_l(item, ptr::from_ref(loc).cast_mut())) }
            .to_str()
            .unwrap()
            .to_owned()
    }

    #[test]
    fn items_match_musl() {
        let c = &C_LOCALE;
        assert_eq!(get(CODESET, c), "ASCII");
        assert_eq!(get(CODESET, &UTF8_LOCALE), "UTF-8");
        assert_eq!(get(RADIXCHAR, c), ".");
        assert_eq!(get(THOUSEP, c), "");
        assert_eq!(get(ABDAY_1, c), "Sun");
        assert_eq!(get(DAY_1 + 3, c), "Wednesday");
        assert_eq!(get(ABMON_1 + 11, c), "Dec");
        assert_eq!(get(MON_1 + 8, c), "September");
        assert_eq!(get(AM_STR + 1, c), "PM");
        assert_eq!(get(D_T_FMT, c), "%a %b %e %T %Y");
        assert_eq!(get(D_T_FMT + 3, c), "%I:%M:%S %p");
        assert_eq!(get(ALT_DIGITS, c), "0123456789");
        assert_eq!(get(ERA_T_FMT, c), "%H:%M:%S");
        assert_eq!(get(ERA_T_FMT + 1, c), "");
        assert_eq!(get(0x2002C, c), "");
        assert_eq!(get(YESEXPR, c), "^[yY]");
        assert_eq!(get(NOSTR, c), "no");
        assert_eq!(get(NOSTR + 1, c), "");
        assert_eq!(get(CRNCYSTR, c), "");
        assert_eq!(get(0, c), "");
        assert_eq!(get(-1, c), "");
        assert_eq!(get(0x70000, c), "");
        assert_eq!(get((LC_TIME << 16) | 0xffff, c), "C");
        assert_eq!(get(0xffff, &UTF8_LOCALE), "C.UTF-8");
        assert_eq!(get((LC_ALL << 16) | 0xffff, c), "");
    }

    #[test]
    fn current_locale_forms() {
        let text = |p: *mut c_char| unsafe { core::ffi::CStr::from_ptr(p) }.to_str().unwrap().to_owned();
        crate::mb::in_locale(true, || {
            assert_eq!(text(nl_langinfo(CODESET)), "UTF-8");
            assert_eq!(text(__nl_langinfo(MON_1)), "January");
            // SAFETY: a built-in object.
            assert_eq!(text(unsafe { __nl_langinfo_l(CODESET, ptr::from_ref(&C_LOCALE).cast_mut()) }), "ASCII");
        });
        crate::mb::in_locale(false, || assert_eq!(text(nl_langinfo(CODESET)), "ASCII"));
    }
}
