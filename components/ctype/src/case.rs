//! `tolower`, `toupper`, `toascii` and the `_l` forms: only ASCII letters change case.
use core::ffi::c_int;

use crate::LocaleT;

/// `tolower(c)`—The lower-case letter for the ASCII upper-case `c`; any other value unchanged.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tolower(c: c_int) -> c_int {
    if (b'A' as c_int..=b'Z' as c_int).contains(&c) { c | 0x20 } else { c }
}

/// `toupper(c)`—The upper-case letter for the ASCII lower-case `c`; any other value unchanged.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn toupper(c: c_int) -> c_int {
    if (b'a' as c_int..=b'z' as c_int).contains(&c) { c & !0x20 } else { c }
}

/// `toascii(c)`—`c` with all but its low 7 bits cleared.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn toascii(c: c_int) -> c_int {
    c & 0x7f
}

/// `tolower_l(c, loc)`—[`tolower`]; every locale maps bytes alike.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tolower_l(c: c_int, _loc: LocaleT) -> c_int {
    tolower(c)
}

/// `__tolower_l(c, loc)`—musl's internal name of [`tolower_l`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __tolower_l(c: c_int, _loc: LocaleT) -> c_int {
    tolower(c)
}

/// `toupper_l(c, loc)`—[`toupper`]; every locale maps bytes alike.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn toupper_l(c: c_int, _loc: LocaleT) -> c_int {
    toupper(c)
}

/// `__toupper_l(c, loc)`—musl's internal name of [`toupper_l`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __toupper_l(c: c_int, _loc: LocaleT) -> c_int {
    toupper(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_ascii_letters_change() {
        for c in -1..=255 {
            let b = c as u8;
            let (lo, up) = if (0..128).contains(&c) {
                (b.to_ascii_lowercase() as c_int, b.to_ascii_uppercase() as c_int)
            } else {
                (c, c)
            };
            assert_eq!(tolower(c), lo, "{c}");
            assert_eq!(toupper(c), up, "{c}");
        }
        assert_eq!(toascii(0xc1), 0x41);
        assert_eq!(toupper_l(b'q' as c_int, core::ptr::null_mut()), b'Q' as c_int);
    }
}
