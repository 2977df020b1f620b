//! The C constants and types of `<locale.h>`, `<langinfo.h>` and `mbstate_t`, with the
//! values of musl's x86_64 headers.
use core::ffi::{c_char, c_int};

use crate::locale_t;

/// The categories, which index a locale's maps.
pub const LC_CTYPE: c_int = 0;
pub const LC_NUMERIC: c_int = 1;
pub const LC_TIME: c_int = 2;
pub const LC_COLLATE: c_int = 3;
pub const LC_MONETARY: c_int = 4;
pub const LC_MESSAGES: c_int = 5;
/// `setlocale`'s "every category", and how many categories there are.
pub const LC_ALL: c_int = 6;
/// The number of categories, as an index bound.
pub const CATEGORIES: usize = LC_ALL as usize;

/// `newlocale`'s masks: bit `cat` selects category `cat`.
pub const LC_CTYPE_MASK: c_int = 1 << LC_CTYPE;
pub const LC_NUMERIC_MASK: c_int = 1 << LC_NUMERIC;
pub const LC_TIME_MASK: c_int = 1 << LC_TIME;
pub const LC_COLLATE_MASK: c_int = 1 << LC_COLLATE;
pub const LC_MONETARY_MASK: c_int = 1 << LC_MONETARY;
pub const LC_MESSAGES_MASK: c_int = 1 << LC_MESSAGES;
pub const LC_ALL_MASK: c_int = 0x7fff_ffff;

/// `LC_GLOBAL_LOCALE`: `(locale_t)-1`, which `uselocale` takes and returns for the global
/// locale.
pub const LC_GLOBAL_LOCALE: locale_t = usize::MAX as locale_t;

/// musl's `LOCALE_NAME_MAX`: the longest locale name it keeps; longer ones mean "C.UTF-8".
pub const LOCALE_NAME_MAX: usize = 23;

/// `MB_LEN_MAX`, and `MB_CUR_MAX` in a UTF-8 locale.
pub use limpet_abi::limits::MB_LEN_MAX;

/// `nl_item`: the category in bits 16 and up, the item's index below.
#[allow(non_camel_case_types)]
pub type nl_item = c_int;
pub const CODESET: nl_item = 14;
pub const RADIXCHAR: nl_item = 0x10000;
pub const THOUSEP: nl_item = 0x10001;
pub const ABDAY_1: nl_item = 0x20000;
pub const DAY_1: nl_item = 0x20007;
pub const ABMON_1: nl_item = 0x2000E;
pub const MON_1: nl_item = 0x2001A;
pub const AM_STR: nl_item = 0x20026;
pub const D_T_FMT: nl_item = 0x20028;
pub const ALT_DIGITS: nl_item = 0x2002F;
pub const ERA_T_FMT: nl_item = 0x20031;
pub const CRNCYSTR: nl_item = 0x4000F;
pub const YESEXPR: nl_item = 0x50000;
pub const NOSTR: nl_item = 0x50003;
/// `_NL_LOCALE_NAME(cat)`'s item index: the name of the locale's map for `cat`.
pub const NL_LOCALE_NAME_INDEX: c_int = 0xffff;

/// `struct lconv`, the numeric and monetary conventions `localeconv` returns.
#[repr(C)]
pub struct Lconv {
    pub decimal_point: *const c_char,
    pub thousands_sep: *const c_char,
    pub grouping: *const c_char,
    pub int_curr_symbol: *const c_char,
    pub currency_symbol: *const c_char,
    pub mon_decimal_point: *const c_char,
    pub mon_thousands_sep: *const c_char,
    pub mon_grouping: *const c_char,
    pub positive_sign: *const c_char,
    pub negative_sign: *const c_char,
    pub int_frac_digits: c_char,
    pub frac_digits: c_char,
    pub p_cs_precedes: c_char,
    pub p_sep_by_space: c_char,
    pub n_cs_precedes: c_char,
    pub n_sep_by_space: c_char,
    pub p_sign_posn: c_char,
    pub n_sign_posn: c_char,
    pub int_p_cs_precedes: c_char,
    pub int_p_sep_by_space: c_char,
    pub int_n_cs_precedes: c_char,
    pub int_n_sep_by_space: c_char,
    pub int_p_sign_posn: c_char,
    pub int_n_sign_posn: c_char,
}

/// `mbstate_t`: the first word is the whole state (see [`crate::mb`]): 0 initial, bit 31
/// set for a partial multibyte character, another nonzero value for a surrogate `mbrtoc16`
/// or `c16rtomb` holds.
pub use limpet_abi::wchar::MbState;

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::{offset_of, size_of};

    #[test]
    fn layouts_match_musl() {
        assert_eq!(size_of::<Lconv>(), 96);
        assert_eq!(offset_of!(Lconv, negative_sign), 72);
        assert_eq!(offset_of!(Lconv, int_frac_digits), 80);
        assert_eq!(offset_of!(Lconv, int_n_sign_posn), 93);
    }

    #[test]
    fn item_numbering_matches_musl() {
        assert_eq!(ERA_T_FMT - ABDAY_1, 0x31);
        assert_eq!(MON_1 + 11, 0x20025);
        assert_eq!(CRNCYSTR >> 16, LC_MONETARY);
        assert_eq!(YESEXPR >> 16, LC_MESSAGES);
        assert_eq!(LC_ALL_MASK, i32::MAX);
    }
}
