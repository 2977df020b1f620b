//! The classification functions `isalpha` ... `isxdigit`, `isascii`, and their `_l` and
//! `__*_l` forms. Each answers for `c` in `0..=255` or EOF, as C requires; other values are
//! undefined behaviour in C, and here simply belong to no class.
use core::ffi::c_int;

use crate::LocaleT;

/// The ASCII byte `c` is, or None when `c` is outside `0..=127`.
#[inline]
fn ascii(c: c_int) -> Option<u8> {
    u8::try_from(c).ok().filter(u8::is_ascii)
}

/// The class predicates over one ASCII byte; [`crate::tables`] builds its table from these too.
pub(crate) mod pred {
    pub const fn alpha(b: u8) -> bool {
        b.is_ascii_alphabetic()
    }
    pub const fn digit(b: u8) -> bool {
        b.is_ascii_digit()
    }
    pub const fn alnum(b: u8) -> bool {
        alpha(b) || digit(b)
    }
    pub const fn blank(b: u8) -> bool {
        b == b' ' || b == b'\t'
    }
    pub const fn cntrl(b: u8) -> bool {
        b < 0x20 || b == 0x7f
    }
    pub const fn graph(b: u8) -> bool {
        b >= 0x21 && b < 0x7f
    }
    pub const fn lower(b: u8) -> bool {
        b.is_ascii_lowercase()
    }
    pub const fn print(b: u8) -> bool {
        b >= 0x20 && b < 0x7f
    }
    pub const fn punct(b: u8) -> bool {
        graph(b) && !alnum(b)
    }
    pub const fn space(b: u8) -> bool {
        b == b' ' || (b >= b'\t' && b <= b'\r')
    }
    pub const fn upper(b: u8) -> bool {
        b.is_ascii_uppercase()
    }
    pub const fn xdigit(b: u8) -> bool {
        b.is_ascii_hexdigit()
    }
}

macro_rules! classes {
    ($($pred:ident: $name:ident $name_l:ident $uname_l:ident;)+) => {$(
        #[doc = concat!("`", stringify!($name), "(c)`—Nonzero when `c` (an `unsigned char` value or EOF) is in the class.")]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub extern "C" fn $name(c: c_int) -> c_int {
            ascii(c).is_some_and(pred::$pred) as c_int
        }

        #[doc = concat!("`", stringify!($name_l), "(c, loc)`—[`", stringify!($name), "`] in locale `loc`; every locale classifies bytes alike.")]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub extern "C" fn $name_l(c: c_int, _loc: LocaleT) -> c_int {
            $name(c)
        }

        #[doc = concat!("`", stringify!($uname_l), "(c, loc)`—musl's internal name of [`", stringify!($name_l), "`].")]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub extern "C" fn $uname_l(c: c_int, _loc: LocaleT) -> c_int {
            $name(c)
        }
    )+};
}

classes! {
    alnum: isalnum isalnum_l __isalnum_l;
    alpha: isalpha isalpha_l __isalpha_l;
    blank: isblank isblank_l __isblank_l;
    cntrl: iscntrl iscntrl_l __iscntrl_l;
    digit: isdigit isdigit_l __isdigit_l;
    graph: isgraph isgraph_l __isgraph_l;
    lower: islower islower_l __islower_l;
    print: isprint isprint_l __isprint_l;
    punct: ispunct ispunct_l __ispunct_l;
    space: isspace isspace_l __isspace_l;
    upper: isupper isupper_l __isupper_l;
    xdigit: isxdigit isxdigit_l __isxdigit_l;
}

/// `isascii(c)`—Nonzero when `c` is in `0..=127`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn isascii(c: c_int) -> c_int {
    (c as u32 <= 0x7f) as c_int
}

#[cfg(test)]
mod tests {
    use super::*;

    unsafe extern "C" {
        #[link_name = "isalnum"]
        fn c_isalnum(c: c_int) -> c_int;
        #[link_name = "isalpha"]
        fn c_isalpha(c: c_int) -> c_int;
        #[link_name = "isblank"]
        fn c_isblank(c: c_int) -> c_int;
        #[link_name = "iscntrl"]
        fn c_iscntrl(c: c_int) -> c_int;
        #[link_name = "isdigit"]
        fn c_isdigit(c: c_int) -> c_int;
        #[link_name = "isgraph"]
        fn c_isgraph(c: c_int) -> c_int;
        #[link_name = "islower"]
        fn c_islower(c: c_int) -> c_int;
        #[link_name = "isprint"]
        fn c_isprint(c: c_int) -> c_int;
        #[link_name = "ispunct"]
        fn c_ispunct(c: c_int) -> c_int;
        #[link_name = "isspace"]
        fn c_isspace(c: c_int) -> c_int;
        #[link_name = "isupper"]
        fn c_isupper(c: c_int) -> c_int;
        #[link_name = "isxdigit"]
        fn c_isxdigit(c: c_int) -> c_int;
    }

    #[test]
    fn matches_host_c_locale() {
        // The test process never calls setlocale, so the host glibc is in the C locale.
        let pairs: [(extern "C" fn(c_int) -> c_int, unsafe extern "C" fn(c_int) -> c_int); 12] = [
            (isalnum, c_isalnum),
            (isalpha, c_isalpha),
            (isblank, c_isblank),
            (iscntrl, c_iscntrl),
            (isdigit, c_isdigit),
            (isgraph, c_isgraph),
            (islower, c_islower),
            (isprint, c_isprint),
            (ispunct, c_ispunct),
            (isspace, c_isspace),
            (isupper, c_isupper),
            (isxdigit, c_isxdigit),
        ];
        for (i, (ours, host)) in pairs.iter().enumerate() {
            for c in -1..=255 {
                assert_eq!(ours(c) != 0, unsafe { host(c) } != 0, "function {i} at {c}");
            }
        }
        assert_eq!(isascii(127), 1);
        assert_eq!(isascii(128), 0);
        assert_eq!(isascii(-1), 0);
        assert_eq!(isalpha_l(b'a' as c_int, core::ptr::null_mut()), 1);
    }
}
