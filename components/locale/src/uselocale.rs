//! `uselocale`: the calling thread's current locale.
use crate::abi::LC_GLOBAL_LOCALE;
use crate::locale_t;
use crate::thread;

/// `uselocale(loc)`—Makes `loc` the calling thread's current locale (the global locale
/// again for `LC_GLOBAL_LOCALE`; no change for null) and returns the previous one, which
/// is `LC_GLOBAL_LOCALE` while the thread used the global locale. Every thread starts with
/// the global locale.
///
/// # Safety
/// `loc` is null, `LC_GLOBAL_LOCALE`, or a locale object that stays live while it is
/// current.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn uselocale(loc: locale_t) -> locale_t {
    let old = thread::get();
    if !loc.is_null() {
        thread::set(if loc == LC_GLOBAL_LOCALE { core::ptr::null_mut() } else { loc });
    }
    if old.is_null() { LC_GLOBAL_LOCALE } else { old }
}

/// `__uselocale`: musl's internal name for [`uselocale`].
///
/// # Safety
/// As for [`uselocale`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __uselocale(loc: locale_t) -> locale_t {
    // SAFETY: the same contract.
    unsafe { uselocale(loc) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::object::{self, C_LOCALE, UTF8_LOCALE};
    use core::ptr;

    #[test]
    fn per_thread_with_global_default() {
        let u = ptr::from_ref(&UTF8_LOCALE).cast_mut();
        let c = ptr::from_ref(&C_LOCALE).cast_mut();
        // SAFETY: built-in objects live for ever.
        unsafe {
            assert_eq!(uselocale(ptr::null_mut()), LC_GLOBAL_LOCALE);
            assert_eq!(uselocale(u), LC_GLOBAL_LOCALE);
            assert_eq!(uselocale(ptr::null_mut()), u);
            assert!(object::current().utf8());
            let other = std::thread::spawn(|| uselocale(ptr::null_mut()) as usize).join().unwrap();
            assert_eq!(other as locale_t, LC_GLOBAL_LOCALE);
            assert_eq!(uselocale(c), u);
            assert!(!object::current().utf8());
            assert_eq!(uselocale(LC_GLOBAL_LOCALE), c);
            assert_eq!(uselocale(ptr::null_mut()), LC_GLOBAL_LOCALE);
            assert!(ptr::eq(object::current(), &object::GLOBAL));
            assert_eq!(__uselocale(u), LC_GLOBAL_LOCALE);
            assert_eq!(__uselocale(LC_GLOBAL_LOCALE), u);
        }
    }
}
