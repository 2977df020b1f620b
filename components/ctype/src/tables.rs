//! The tables behind `__ctype_b_loc`, `__ctype_tolower_loc` and `__ctype_toupper_loc`.
//! (`__ctype_get_mb_cur_max`, what `MB_CUR_MAX` expands to, is limpet-locale's: it follows
//! the thread's locale.)
//!
//! They exist for binaries built against glibc's headers, whose `isalpha` macro indexes
//! `(*__ctype_b_loc())[c]` for `c` in `-128..=255`. So each table has 384 entries and the
//! returned pointer points at entry 128. The class bits are glibc's (`_ISupper` ...) as laid out
//! on a little-endian machine: bit n of the glibc numbering lands at `1 << (n ^ 8)` because
//! glibc byte-swaps its 16-bit flags there.
use core::ffi::c_int;

use crate::class::pred;

/// One glibc class bit: `_ISbit(n)` on a little-endian machine.
const fn bit(n: u32) -> u16 {
    1 << (n ^ 8)
}
const UPPER: u16 = bit(0);
const LOWER: u16 = bit(1);
const ALPHA: u16 = bit(2);
const DIGIT: u16 = bit(3);
const XDIGIT: u16 = bit(4);
const SPACE: u16 = bit(5);
const PRINT: u16 = bit(6);
const GRAPH: u16 = bit(7);
const BLANK: u16 = bit(8);
const CNTRL: u16 = bit(9);
const PUNCT: u16 = bit(10);
const ALNUM: u16 = bit(11);

/// Entries below index 0 (for `signed char` values), as glibc's tables have.
const NEG: usize = 128;
const LEN: usize = NEG + 256;

/// The class bits of byte `c`.
const fn classes(c: u8) -> u16 {
    let all = [
        (pred::upper(c), UPPER),
        (pred::lower(c), LOWER),
        (pred::alpha(c), ALPHA),
        (pred::digit(c), DIGIT),
        (pred::xdigit(c), XDIGIT),
        (pred::space(c), SPACE),
        (pred::print(c), PRINT),
        (pred::graph(c), GRAPH),
        (pred::blank(c), BLANK),
        (pred::cntrl(c), CNTRL),
        (pred::punct(c), PUNCT),
        (pred::alnum(c), ALNUM),
    ];
    let mut bits = 0;
    let mut i = 0;
    while i < all.len() {
        if all[i].0 {
            bits |= all[i].1;
        }
        i += 1;
    }
    bits
}

/// The value at index `i` of a table, `i` counting from entry -128.
const fn value(i: usize) -> c_int {
    i as c_int - NEG as c_int
}

static CLASS: [u16; LEN] = {
    let mut t = [0; LEN];
    let mut i = NEG;
    while i < NEG + 128 {
        t[i] = classes(value(i) as u8);
        i += 1;
    }
    t
};

/// A case table: identity over ASCII, except the letters of one case, which move by
/// `shift`. Like musl's, the entries outside ASCII are 0, not the identity.
const fn case_table(from: u8, shift: c_int) -> [i32; LEN] {
    let mut t = [0; LEN];
    let mut i = NEG;
    while i < NEG + 128 {
        let c = value(i);
        t[i] = if c >= from as c_int && c < from as c_int + 26 { c + shift } else { c };
        i += 1;
    }
    t
}

static TOLOWER: [i32; LEN] = case_table(b'A', 32);
static TOUPPER: [i32; LEN] = case_table(b'a', -32);

/// A pointer to a table's entry 0, published through a static as glibc's ABI wants a
/// `const T **` (per thread in glibc; per process here, since locales do not change bytes).
struct TablePtr<T>(*const T);
// SAFETY: the pointers lead to immutable statics.
unsafe impl<T> Sync for TablePtr<T> {}

static CLASS_PTR: TablePtr<u16> = TablePtr(CLASS.as_ptr().wrapping_add(NEG));
static TOLOWER_PTR: TablePtr<i32> = TablePtr(TOLOWER.as_ptr().wrapping_add(NEG));
static TOUPPER_PTR: TablePtr<i32> = TablePtr(TOUPPER.as_ptr().wrapping_add(NEG));

/// `const unsigned short **__ctype_b_loc(void)`—The glibc class table: `(*p)[c]` holds the
/// `_IS*` bits of `c` for `c` in `-128..=255`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __ctype_b_loc() -> *const *const u16 {
    &CLASS_PTR.0
}

/// `const int32_t **__ctype_tolower_loc(void)`—The glibc lower-case table: `(*p)[c]` is
/// `tolower(c)` for `c` in `0..=127`, and 0 for the rest of `-128..=255` (as in musl).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __ctype_tolower_loc() -> *const *const i32 {
    &TOLOWER_PTR.0
}

/// `const int32_t **__ctype_toupper_loc(void)`—The glibc upper-case table: `(*p)[c]` is
/// `toupper(c)` for `c` in `0..=127`, and 0 for the rest of `-128..=255` (as in musl).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __ctype_toupper_loc() -> *const *const i32 {
    &TOUPPER_PTR.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_functions() {
        // SAFETY: each pointer leads to entry 0 of a 384-entry table starting at -128.
        unsafe {
            let (b, lo, up) = (*__ctype_b_loc(), *__ctype_tolower_loc(), *__ctype_toupper_loc());
            for c in -128..=255 {
                let bits = *b.offset(c as isize);
                assert_eq!(bits & ALPHA != 0, crate::class::isalpha(c) != 0, "{c}");
                assert_eq!(bits & PUNCT != 0, crate::class::ispunct(c) != 0, "{c}");
                assert_eq!(bits & BLANK != 0, crate::class::isblank(c) != 0, "{c}");
                let ascii = (0..128).contains(&c);
                assert_eq!(*lo.offset(c as isize), if ascii { crate::case::tolower(c) } else { 0 }, "{c}");
                assert_eq!(*up.offset(c as isize), if ascii { crate::case::toupper(c) } else { 0 }, "{c}");
            }
        }
        // glibc's documented little-endian values.
        assert_eq!((UPPER, ALNUM, BLANK), (0x100, 0x8, 0x1));
    }
}
