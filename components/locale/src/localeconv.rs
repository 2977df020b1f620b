//! `localeconv`: the C locale's numeric and monetary conventions, which every locale shares.
use core::ffi::c_char;

use crate::abi::Lconv;

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

/// The numeric and monetary conventions of `loc`, as `localeconv` gives them for the
/// current locale: what printf's grouping, strtod's radix and strfmon read.
pub fn of(loc: &crate::object::Locale) -> &'static Lconv {
    let _ = loc;
    &C_CONVENTIONS.0
}

/// The radix character of `loc`'s `LC_NUMERIC` (`.` in the C locale), without its NUL:
/// what printf writes and strtod reads as the decimal point. Never empty.
#[inline]
pub fn radix(loc: &crate::object::Locale) -> &'static [u8] {
    let _ = loc;
    b"."
}

/// `localeconv()`—The conventions of the current locale's `LC_NUMERIC` and `LC_MONETARY`:
/// the C locale's in every locale, as in musl (decimal point ".", every other string
/// empty, every `char` member `CHAR_MAX`). The struct is static; the program must not
/// write it.
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
