//! `wcwidth` and `wcswidth`: how many terminal columns a wide character takes, by the rules
//! musl and glibc share (0 for combining and format characters, 2 for East Asian wide and
//! fullwidth ones, -1 for controls and noncharacters, 1 for the rest), from the Unicode
//! tables `gen/width_tables.py` writes to `width_tables.rs` (its docstring states the rules).
//!
//! Printable ASCII is answered before any table is read. The rest of planes 0 and 1 costs
//! two dependent loads (block index, then the block's 2-bit entries); planes 2 and 3 (all
//! wide) and the others are ranges checked in code.
use core::ffi::c_int;

use limpet_abi::wchar::wchar_t;

use crate::width_tables::{BLOCK_BITS, BLOCKS, INDEX, LOW_PLANES_END, PLANE14, PLANE14_ZERO, WIDE_PLANES_END};

/// The version of Unicode the widths follow.
pub use crate::width_tables::UNICODE_VERSION;

/// The first code point past Unicode's range.
const CODE_SPACE_END: u32 = 0x110000;
/// Each plane's last two code points are noncharacters.
const NONCHARACTER_MASK: u32 = 0xfffe;

/// The width of code point `c` (any `u32`, as `wchar_t`'s bits).
#[inline]
pub fn width(c: u32) -> i32 {
    // ' ' ..= '~'
    if c.wrapping_sub(0x20) < 0x5f {
        return 1;
    }
    if c < LOW_PLANES_END {
        let block = BLOCKS[INDEX[(c >> BLOCK_BITS) as usize] as usize];
        let entry = c & ((1 << BLOCK_BITS) - 1);
        let bits = block[(entry >> 5) as usize] >> ((entry & 31) * 2);
        return (bits & 3) as i32 - 1;
    }
    high_planes(c)
}

/// [`width`] past plane 1: planes 2 and 3 are wide, plane 14 has its zero-width ranges.
#[cold]
fn high_planes(c: u32) -> i32 {
    if c >= CODE_SPACE_END || c & NONCHARACTER_MASK == NONCHARACTER_MASK {
        return -1;
    }
    if c < WIDE_PLANES_END {
        return 2;
    }
    if c >> 16 == PLANE14 {
        let i = PLANE14_ZERO.partition_point(|r| r.1 < c);
        if PLANE14_ZERO.get(i).is_some_and(|r| r.0 <= c) {
            return 0;
        }
    }
    1
}

/// `wcwidth(wc)`—The number of columns `wc` takes: 0 for the null character and for
/// combining and format characters, 2 for wide ones, 1 for the rest, and -1 when `wc` is no
/// printable character (a control, a noncharacter, or beyond U+10FFFF).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn wcwidth(wc: wchar_t) -> c_int {
    width(wc as u32)
}

/// `wcswidth(ws, n)`—The columns the first `n` wide characters of `ws` take (fewer if a
/// null character comes first), or -1 if one of them is not printable ([`wcwidth`] -1).
///
/// # Safety
/// `ws` must be readable up to its null character or for `n` characters, whichever is less.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcswidth(ws: *const wchar_t, n: usize) -> c_int {
    let mut total: c_int = 0;
    for i in 0..n {
        // SAFETY: no null character came before index `i < n`, so the caller vouches for it.
        let c = unsafe { *ws.add(i) } as u32;
        if c == 0 {
            break;
        }
        let w = width(c);
        if w < 0 {
            return -1;
        }
        total = total.wrapping_add(w);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generator's per-code-point widths, as `(first, last, width)` runs.
    fn reference() -> Vec<(u32, u32, i32)> {
        include_str!("../gen/width_reference.txt")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let f: Vec<&str> = l.split(' ').collect();
                (u32::from_str_radix(f[0], 16).unwrap(), u32::from_str_radix(f[1], 16).unwrap(), f[2].parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn every_code_point_matches_the_reference() {
        let runs = reference();
        assert_eq!(runs.first().unwrap().0, 0);
        assert_eq!(runs.last().unwrap().1, CODE_SPACE_END - 1);
        for w in runs.windows(2) {
            assert_eq!(w[0].1 + 1, w[1].0);
        }
        for &(a, b, w) in &runs {
            for c in a..=b {
                assert_eq!(wcwidth(c as wchar_t), w, "U+{c:04X} (Unicode {UNICODE_VERSION})");
            }
        }
    }

    #[test]
    fn classes() {
        assert_eq!(wcwidth(0), 0);
        assert_eq!(wcwidth('a' as wchar_t), 1);
        for c in [1, 0x1f, 0x7f, 0x80, 0x9f, 0xfffe, 0xffff, 0x1fffe, 0x10ffff] {
            assert_eq!(wcwidth(c), -1, "{c:x}");
        }
        assert_eq!(wcwidth(0xa0), 1);
        assert_eq!(wcwidth(0xad), 1); // soft hyphen
        assert_eq!(wcwidth(0x300), 0); // combining grave (Mn)
        assert_eq!(wcwidth(0x20dd), 0); // combining enclosing circle (Me)
        assert_eq!(wcwidth(0x200b), 0);
        assert_eq!(wcwidth(0x200d), 0); // zero width joiner (Cf)
        assert_eq!(wcwidth(0x1160), 0);
        assert_eq!(wcwidth(0x11ff), 0);
        assert_eq!(wcwidth(0xd7b0), 0);
        assert_eq!(wcwidth(0x1100), 2); // Hangul choseong
        assert_eq!(wcwidth(0xac00), 2);
        assert_eq!(wcwidth(0x4e00), 2);
        assert_eq!(wcwidth(0xff01), 2); // fullwidth
        assert_eq!(wcwidth(0x1f600), 2); // emoji presentation
        assert_eq!(wcwidth(0x20000), 2);
        assert_eq!(wcwidth(0x3fffd), 2);
        assert_eq!(wcwidth(0x3fffe), -1);
        assert_eq!(wcwidth(0xe0001), 0);
        assert_eq!(wcwidth(0xe0100), 0);
        assert_eq!(wcwidth(0xe01ef), 0);
        assert_eq!(wcwidth(0xe01f0), 1);
        assert_eq!(wcwidth(0xf0000), 1); // private use
        assert_eq!(wcwidth(0x110000), -1);
        assert_eq!(wcwidth(-1i32 as wchar_t), -1);
        assert_eq!(wcwidth(0x7fff_ffff as wchar_t), -1);
    }

    #[test]
    fn wcswidth_sums_up_to_n_or_nul() {
        let s: Vec<wchar_t> = "a\u{4e00}\u{301}\u{1f600}b\0z".chars().map(|c| c as wchar_t).collect();
        unsafe {
            assert_eq!(wcswidth(s.as_ptr(), usize::MAX), 6);
            assert_eq!(wcswidth(s.as_ptr(), 2), 3);
            assert_eq!(wcswidth(s.as_ptr(), 0), 0);
            let bad: [wchar_t; 3] = ['a' as wchar_t, 7, 0];
            assert_eq!(wcswidth(bad.as_ptr(), 1), 1);
            assert_eq!(wcswidth(bad.as_ptr(), 3), -1);
            // Reading stops at n: the bad character past it does not count.
            let nul_late: [wchar_t; 2] = [0x4e00, 0x110000];
            assert_eq!(wcswidth(nul_late.as_ptr(), 1), 2);
        }
    }
}
