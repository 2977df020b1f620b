//! `newlocale`, `duplocale`, `freelocale`: locale objects for the `_l` functions and
//! `uselocale`.
use core::ffi::{c_char, c_int};
use core::ptr;

use crate::abi::{CATEGORIES, LC_GLOBAL_LOCALE};
use crate::imports::{free, malloc};
use crate::locale_t;
use crate::map::{self, Guard, NoMemory};
use crate::object::{self, Locale, Maps};

/// `newlocale(mask, locale, base)`—A locale object with the categories in `mask` set to
/// the locale named `locale` (resolved as `setlocale` does), and the others taken from
/// `base`, or, when `base` is null, from the environment (as for the name `""`).
///
/// As in musl, an allocated `base` is changed in place and returned; a result equal to one
/// of the built-in objects (the C locale, C.UTF-8, the environment's default, the C locale
/// with the default's `LC_CTYPE`) is that object; anything else is allocated. Returns null
/// with errno `ENOMEM` when memory runs out, and with `EINVAL` for a null `locale` or a
/// `base` of `LC_GLOBAL_LOCALE` (both undefined in POSIX); `base` is then unchanged.
///
/// # Safety
/// `locale` is null or a NUL-terminated string; `base` is null or a live locale object.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn newlocale(mask: c_int, locale: *const c_char, base: locale_t) -> locale_t {
    if locale.is_null() || base == LC_GLOBAL_LOCALE {
        limpet_syscall::set_errno(limpet_syscall::errno::EINVAL);
        return ptr::null_mut();
    }
    // SAFETY: `locale` is a C string, by the caller's contract.
    let name = unsafe { core::ffi::CStr::from_ptr(locale) }.to_bytes();
    let _g = Guard::take();
    // SAFETY: `base` is null or live, by the caller's contract.
    match unsafe { build(mask, name, base.as_ref()) } {
        Ok(loc) => loc,
        Err(NoMemory) => {
            limpet_syscall::set_errno(limpet_syscall::errno::ENOMEM);
            ptr::null_mut()
        }
    }
}

/// `newlocale`'s work, under [`map::LOCK`].
///
/// # Safety
/// `base`, when allocated, is not in use by another thread's `newlocale`.
unsafe fn build(mask: c_int, name: &[u8], base: Option<&Locale>) -> Result<locale_t, NoMemory> {
    let mut maps: Maps = [None; CATEGORIES];
    for (cat, m) in maps.iter_mut().enumerate() {
        let chosen = mask & (1 << cat) != 0;
        *m = match base {
            Some(b) if !chosen => b.map(cat),
            _ => map::resolve(cat, if chosen { name } else { b"" })?,
        };
    }
    if let Some(b) = base {
        let b = ptr::from_ref(b).cast_mut();
        if object::is_allocated(b) {
            // SAFETY: allocated objects are live by the caller's contract.
            unsafe { (*b).set(&maps) };
            return Ok(b);
        }
    }
    if let Some(builtin) = object::builtin(&maps)? {
        return Ok(builtin);
    }
    allocate(&maps)
}

/// A new heap object holding `maps`.
fn allocate(maps: &Maps) -> Result<locale_t, NoMemory> {
    // SAFETY: plain allocation; a null result is handled.
    let loc = unsafe { malloc(size_of::<Locale>()) }.cast::<Locale>();
    if loc.is_null() {
        return Err(NoMemory);
    }
    // SAFETY: a fresh allocation of a `Locale`'s size (malloc aligns for any type).
    unsafe { loc.write(Locale::new(*maps)) };
    Ok(loc)
}

/// `__newlocale`: musl's internal name for [`newlocale`], which it also exports.
///
/// # Safety
/// As for [`newlocale`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __newlocale(mask: c_int, locale: *const c_char, base: locale_t) -> locale_t {
    // SAFETY: the same contract.
    unsafe { newlocale(mask, locale, base) }
}

/// `duplocale(loc)`—A newly allocated copy of `loc` (of the global locale's current
/// state for `LC_GLOBAL_LOCALE`), to be released with `freelocale`; null with errno
/// `ENOMEM` when memory runs out.
///
/// # Safety
/// `loc` is `LC_GLOBAL_LOCALE` or a live locale object.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn duplocale(loc: locale_t) -> locale_t {
    // SAFETY: by the caller's contract.
    let maps = unsafe { object::resolve(loc) }.maps();
    allocate(&maps).unwrap_or_else(|NoMemory| {
        limpet_syscall::set_errno(limpet_syscall::errno::ENOMEM);
        ptr::null_mut()
    })
}

/// `__duplocale`: musl's internal name for [`duplocale`].
///
/// # Safety
/// As for [`duplocale`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __duplocale(loc: locale_t) -> locale_t {
    // SAFETY: the same contract.
    unsafe { duplocale(loc) }
}

/// `freelocale(loc)`—Releases a locale object `newlocale` or `duplocale` returned. The
/// built-in objects `newlocale` may return are never released, so freeing one does nothing.
///
/// # Safety
/// `loc` came from `newlocale` or `duplocale`, is not freed yet, and is no thread's current
/// locale.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn freelocale(loc: locale_t) {
    if object::is_allocated(loc) {
        // SAFETY: allocated objects come from malloc.
        unsafe { free(loc.cast()) }
    }
}

/// `__freelocale`: musl's internal name for [`freelocale`].
///
/// # Safety
/// As for [`freelocale`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __freelocale(loc: locale_t) {
    // SAFETY: the same contract.
    unsafe { freelocale(loc) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::*;
    use crate::object::{C_LOCALE, GLOBAL, UTF8_LOCALE};

    fn new(mask: c_int, name: &str, base: locale_t) -> locale_t {
        let c = std::ffi::CString::new(name).unwrap();
        // SAFETY: a valid string; `base` is null or live in every call below.
        unsafe { newlocale(mask, c.as_ptr(), base) }
    }

    #[test]
    fn builtins_are_shared() {
        let _t = crate::test_lock();
        let c = ptr::from_ref(&C_LOCALE).cast_mut();
        let u = ptr::from_ref(&UTF8_LOCALE).cast_mut();
        assert_eq!(new(LC_ALL_MASK, "C", ptr::null_mut()), c);
        assert_eq!(new(LC_ALL_MASK, "POSIX", ptr::null_mut()), c);
        assert_eq!(new(LC_ALL_MASK, "C.UTF-8", ptr::null_mut()), u);
        assert_eq!(new(LC_CTYPE_MASK, "C.UTF-8", c), u);
        assert_eq!(new(LC_CTYPE_MASK, "C", u), c);
        // The other categories come from the environment: C.UTF-8 there means C.
        // SAFETY: the test lock keeps this crate's other environment users out.
        unsafe { crate::set_env("LC_ALL", None) };
        unsafe { crate::set_env("LANG", None) };
        assert_eq!(new(LC_NUMERIC_MASK, "C", ptr::null_mut()), u);
        // SAFETY: builtins are ignored by freelocale.
        unsafe { freelocale(c) };
        assert_eq!(new(LC_ALL_MASK, "C", ptr::null_mut()), c);
    }

    #[test]
    fn allocated_objects_change_in_place() {
        let _t = crate::test_lock();
        let a = new(LC_ALL_MASK, "en_US.UTF-8", ptr::null_mut());
        assert!(object::is_allocated(a));
        // SAFETY: `a` is live until freed below.
        unsafe {
            assert!((*a).utf8());
            assert_eq!(map::name_of((*a).map(LC_TIME as usize)), map::name_of((*a).map(0)));
            assert_eq!(new(LC_CTYPE_MASK, "C", a), a);
            assert!(!(*a).utf8());
            let d = duplocale(a);
            assert!(d != a && object::is_allocated(d));
            assert_eq!((*d).maps(), (*a).maps());
            freelocale(d);
            freelocale(a);
        }
    }

    #[test]
    fn dup_of_global_copies_it() {
        let _t = crate::test_lock();
        let before = GLOBAL.maps();
        GLOBAL.set(&UTF8_LOCALE.maps());
        // SAFETY: LC_GLOBAL_LOCALE is accepted.
        let d = unsafe { duplocale(LC_GLOBAL_LOCALE) };
        GLOBAL.set(&before);
        // SAFETY: `d` is live until freed.
        unsafe {
            assert!((*d).utf8());
            freelocale(d);
        }
    }

    #[test]
    fn musl_internal_names() {
        let _t = crate::test_lock();
        // SAFETY: a valid name; the objects are live until freed.
        unsafe {
            let a = __newlocale(LC_ALL_MASK, c"xx".as_ptr(), ptr::null_mut());
            assert!(object::is_allocated(a));
            let b = __duplocale(a);
            assert_eq!((*b).maps(), (*a).maps());
            __freelocale(b);
            __freelocale(a);
        }
    }

    #[test]
    fn invalid_arguments_fail() {
        // SAFETY: null name and LC_GLOBAL_LOCALE base are rejected before any use.
        unsafe {
            assert!(newlocale(LC_ALL_MASK, ptr::null(), ptr::null_mut()).is_null());
            assert!(newlocale(LC_ALL_MASK, c"C".as_ptr(), LC_GLOBAL_LOCALE).is_null());
        }
    }
}
