//! `localeconv`: the numeric and monetary conventions of a locale: the compiled locale's
//! where its `LC_NUMERIC` and `LC_MONETARY` name one, the C locale's elsewhere.
//!
//! A compiled locale carries its own `lconv` (built once, when its map was made); a locale
//! whose two categories name different compiled locales gets a mixed struct, made on first
//! use and kept for ever in [`MIXED`].
use core::ffi::c_char;
use core::ptr;
use core::sync::atomic::{AtomicPtr, Ordering};

use crate::abi::{LC_MONETARY, LC_NUMERIC, Lconv};
use crate::compiled::{Compiled, load};
use crate::imports::malloc;
use crate::map::{self, Guard};

/// `CHAR_MAX`: "not available in this locale" for the `char` members.
const UNAVAILABLE: c_char = c_char::MAX;

struct Conventions(Lconv);
// SAFETY: the pointers lead to static strings and nothing writes the struct.
unsafe impl Sync for Conventions {}

static C_CONVENTIONS: Conventions = Conventions(Lconv {
    decimal_point: c".".as_ptr(),
    thousands_sep: c"".as_ptr(),
    grouping: c"".as_ptr(),
    int_curr_symbol: c"".as_ptr(),
    currency_symbol: c"".as_ptr(),
    mon_decimal_point: c"".as_ptr(),
    mon_thousands_sep: c"".as_ptr(),
    mon_grouping: c"".as_ptr(),
    positive_sign: c"".as_ptr(),
    negative_sign: c"".as_ptr(),
    int_frac_digits: UNAVAILABLE,
    frac_digits: UNAVAILABLE,
    p_cs_precedes: UNAVAILABLE,
    p_sep_by_space: UNAVAILABLE,
    n_cs_precedes: UNAVAILABLE,
    n_sep_by_space: UNAVAILABLE,
    p_sign_posn: UNAVAILABLE,
    n_sign_posn: UNAVAILABLE,
    int_p_cs_precedes: UNAVAILABLE,
    int_p_sep_by_space: UNAVAILABLE,
    int_n_cs_precedes: UNAVAILABLE,
    int_n_sep_by_space: UNAVAILABLE,
    int_p_sign_posn: UNAVAILABLE,
    int_n_sign_posn: UNAVAILABLE,
});

/// A struct for one pair of `LC_NUMERIC` and `LC_MONETARY` compiled locales (null: the C
/// locale), and the next one.
struct Mixed {
    numeric: *const Compiled,
    monetary: *const Compiled,
    lconv: Lconv,
    next: *mut Mixed,
}

/// The mixed structs made so far, newest first; pushed under [`map::LOCK`], never removed.
static MIXED: AtomicPtr<Mixed> = AtomicPtr::new(ptr::null_mut());

/// The pointer a compiled locale is keyed by (null for the C locale).
fn key(c: Option<&'static Compiled>) -> *const Compiled {
    c.map_or(ptr::null(), ptr::from_ref)
}

/// The mixed struct for `numeric` and `monetary`, made on first use; the C locale's when
/// there is no memory for it (a struct must be returned, and this is rare).
#[cold]
fn mixed(numeric: Option<&'static Compiled>, monetary: Option<&'static Compiled>) -> &'static Lconv {
    let find = || {
        let mut m = MIXED.load(Ordering::Acquire);
        // SAFETY: mixed structs are never freed or changed once pushed.
        while let Some(x) = unsafe { m.as_ref() } {
            if x.numeric == key(numeric) && x.monetary == key(monetary) {
                return Some(&x.lconv);
            }
            m = x.next;
        }
        None
    };
    if let Some(l) = find() {
        return l;
    }
    let _g = Guard::take();
    if let Some(l) = find() {
        return l;
    }
    // SAFETY: plain allocation; a null result is handled.
    let new = unsafe { malloc(size_of::<Mixed>()) }.cast::<Mixed>();
    if new.is_null() {
        return &C_CONVENTIONS.0;
    }
    let lconv = load::lconv(numeric.map(|c| &c.file), monetary.map(|c| &c.file));
    // SAFETY: a fresh allocation of a `Mixed`'s size, published below and never freed.
    unsafe { new.write(Mixed { numeric: key(numeric), monetary: key(monetary), lconv, next: MIXED.load(Ordering::Relaxed) }) };
    MIXED.store(new, Ordering::Release);
    // SAFETY: initialised above, and never freed.
    unsafe { &(*new).lconv }
}

/// The numeric and monetary conventions of `loc`, as `localeconv` gives them for the
/// current locale: what printf's grouping, strtod's radix and strfmon read.
pub fn of(loc: &crate::object::Locale) -> &'static Lconv {
    let numeric = map::compiled(loc.map(LC_NUMERIC as usize));
    let monetary = map::compiled(loc.map(LC_MONETARY as usize));
    match (numeric, monetary) {
        (None, None) => &C_CONVENTIONS.0,
        (Some(n), Some(m)) if ptr::eq(n, m) => &n.lconv,
        _ => mixed(numeric, monetary),
    }
}

/// The radix character of `loc`'s `LC_NUMERIC` (`.` in the C locale), without its NUL:
/// what printf writes and strtod reads as the decimal point. Never empty: a compiled locale
/// with an empty one gives `.`.
#[inline]
pub fn radix(loc: &crate::object::Locale) -> &'static [u8] {
    match map::compiled(loc.map(LC_NUMERIC as usize)) {
        Some(c) => Some(c.file.slot(crate::compiled::format::NUMERIC).to_bytes()).filter(|r| !r.is_empty()).unwrap_or(b"."),
        None => b".",
    }
}

/// [`radix`] of the calling thread's locale; `.` at the cost of one load while no compiled
/// locale was ever loaded.
#[inline]
pub fn current_radix() -> &'static [u8] {
    if !map::any_compiled() {
        return b".";
    }
    radix(crate::object::current())
}

/// `localeconv()`—The conventions of the current locale's `LC_NUMERIC` and `LC_MONETARY`:
/// those of the compiled locales they name, and the C locale's where they name none, as
/// in musl (decimal point ".", every other string empty, every `char` member `CHAR_MAX`).
/// The struct lives for ever and is shared; the program must not write it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn localeconv() -> *mut Lconv {
    core::ptr::from_ref(of(crate::object::current())).cast_mut()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_locale_conventions() {
        // SAFETY: the result points at the static struct, whose strings are static.
        unsafe {
            let l = &*localeconv();
            assert_eq!(core::ffi::CStr::from_ptr(l.decimal_point), c".");
            for s in [l.thousands_sep, l.grouping, l.int_curr_symbol, l.currency_symbol, l.mon_decimal_point, l.mon_thousands_sep, l.mon_grouping, l.positive_sign, l.negative_sign] {
                assert_eq!(core::ffi::CStr::from_ptr(s), c"");
            }
            assert_eq!(l.int_frac_digits, c_char::MAX);
            assert_eq!(l.int_n_sign_posn, c_char::MAX);
        }
    }
}
