//! `strverscmp`, GNU's comparison of version strings, with the rules musl applies.
//!
//! The strings compare byte by byte up to their first difference. Then the digits just
//! before it (the run of digits the common prefix ends with) decide how it counts:
//! - when that run does not start with `0` on either side, a digit run there is an integer:
//!   the longer run is greater, and runs of the same length compare by their first differing
//!   digit (`"9" < "10"`). As in musl 1.2.3 (measured), this also ranks an integer above a
//!   non-digit at the same place (`"x1" > "xa"`), where glibc compares the bytes;
//! - when the common run is all zeros (a fraction, like the `0` of `1.01`) and a digit
//!   differs, a digit sorts before anything that is not a digit, and digits by value
//!   (`"1.01" < "1.0a"`, `"000" < "00"`);
//! - otherwise the differing bytes compare as unsigned chars.
use core::ffi::{c_char, c_int};

/// A byte's rank in a fraction: digits 0 to 9 first, then every other byte (a byte below `0`
/// wraps past the digits and the letters).
fn fraction_rank(c: u8) -> c_int {
    c.wrapping_sub(b'0') as c_int
}

/// `int strverscmp(const char *l, const char *r)`—Compares the strings `l` and `r` as version
/// numbers (see the module): negative, zero or positive as `l` sorts before, with or after
/// `r`. Reads neither string past its terminator.
///
/// # Safety
/// `l` and `r` must point to NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strverscmp(l: *const c_char, r: *const c_char) -> c_int {
    let (l, r) = (l.cast::<u8>(), r.cast::<u8>());
    // SAFETY: every index read is at most one past a position where both strings hold the
    // same non-terminator byte (the common prefix) or both hold a digit (the integer scan),
    // so it is within both strings.
    unsafe {
        let at = |p: *const u8, i: usize| *p.add(i);
        // The common prefix, the start of the digit run it ends with, and whether that run
        // is all zeros.
        let (mut i, mut run, mut zeros) = (0, 0, true);
        while at(l, i) == at(r, i) {
            let c = at(l, i);
            if c == 0 {
                return 0;
            }
            if !c.is_ascii_digit() {
                (run, zeros) = (i + 1, true);
            } else if c != b'0' {
                zeros = false;
            }
            i += 1;
        }
        let (a, b) = (at(l, i), at(r, i));
        if at(l, run) != b'0' && at(r, run) != b'0' {
            // Integers: the longer digit run wins; at equal lengths the first difference.
            let mut j = i;
            loop {
                match (at(l, j).is_ascii_digit(), at(r, j).is_ascii_digit()) {
                    (true, true) => j += 1,
                    (true, false) => return 1,
                    (false, true) => return -1,
                    (false, false) => break,
                }
            }
        } else if zeros && run < i && (a.is_ascii_digit() || b.is_ascii_digit()) {
            return fraction_rank(a) - fraction_rank(b);
        }
        a as c_int - b as c_int
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CString;

    fn cmp(a: &str, b: &str) -> i32 {
        let (a, b) = (CString::new(a).unwrap(), CString::new(b).unwrap());
        unsafe { strverscmp(a.as_ptr(), b.as_ptr()) }.signum()
    }

    #[test]
    fn orders_as_gnu() {
        // Each list is in increasing order (glibc's manual's examples among them).
        let ordered: &[&[&str]] = &[
            &["000", "00", "01", "010", "09", "0", "1", "9", "10"],
            &["a", "a0", "a1", "a9", "a10", "a11", "b"],
            &["1.01", "1.0a", "1.1", "1.9", "1.10"],
            &["foo.zml-1.gz", "foo.zml-2.gz", "foo.zml-12.gz", "foo.zml-100.gz", "foo.zml-100a.gz"],
            &["item#99", "item#100"],
            &["alpha001", "alpha01", "alpha01x", "alpha1"],
            &["", "0", "a"],
        ];
        for list in ordered {
            for (x, a) in list.iter().enumerate() {
                for (y, b) in list.iter().enumerate() {
                    assert_eq!(cmp(a, b), (x as i32 - y as i32).signum(), "{a:?} {b:?}");
                }
            }
        }
    }

    /// The sign for every pair of 36 short words, as the real musl gives it (`a|b|sign`).
    const MUSL_ORDER: &str = include_str!("testdata/strverscmp_musl.txt");

    #[test]
    fn order_matches_musl() {
        let mut n = 0;
        for line in MUSL_ORDER.lines() {
            let mut it = line.split('|');
            let (a, b) = (it.next().unwrap(), it.next().unwrap());
            let want: i32 = it.next().unwrap().parse().unwrap();
            assert_eq!(cmp(a, b), want, "{a:?} vs {b:?}");
            n += 1;
        }
        assert_eq!(n, 36 * 36);
        // Where musl 1.2.3 and glibc part: an integer against a non-digit.
        assert_eq!(cmp("x1", "xa"), 1);
        assert_eq!(cmp("1", "a"), 1);
    }
}
