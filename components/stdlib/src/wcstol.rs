//! The wide integer conversions: `wcstol`, `wcstoll`, `wcstoul`, `wcstoull`, `wcstoimax`,
//! `wcstoumax`. They are `strtol.rs`'s scanner over `wchar_t` units: only ASCII digits,
//! signs and `0x` count, leading white space is `iswspace`'s, and errno is the narrow
//! functions' (ERANGE on overflow, EINVAL for a bad base or no digits).
use core::ffi::{c_int, c_long, c_longlong, c_ulong, c_ulonglong};

use limpet_abi::wchar::wchar_t;

use crate::strtol::{to_signed, to_unsigned};

macro_rules! wide_conversions {
    ($($(#[$doc:meta])* fn $name:ident: $core:ident -> $ty:ty;)+) => {$(
        $(#[$doc])*
        ///
        /// # Safety
        /// `s` must be terminated by a null wide character; `endptr` null or writable.
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub unsafe extern "C" fn $name(s: *const wchar_t, endptr: *mut *mut wchar_t, base: c_int) -> $ty {
            // SAFETY: the caller's string is terminated and `endptr` null or writable, which
            // is all the scanner needs; a wchar_t and a u32 have the same size and alignment.
            unsafe { $core(s.cast::<u32>(), endptr.cast(), base) as $ty }
        }
    )+};
}

wide_conversions! {
    /// `long wcstol(const wchar_t *s, wchar_t **endptr, int base)`—[`strtol`](crate::strtol::strtol)
    /// for a wide string; `*endptr` counts wide characters.
    fn wcstol: to_signed -> c_long;
    /// `long long wcstoll(const wchar_t *s, wchar_t **endptr, int base)`—[`wcstol`] for `long long`.
    fn wcstoll: to_signed -> c_longlong;
    /// `intmax_t wcstoimax(const wchar_t *s, wchar_t **endptr, int base)`—[`wcstol`] for `intmax_t`.
    fn wcstoimax: to_signed -> i64;
    /// `unsigned long wcstoul(const wchar_t *s, wchar_t **endptr, int base)`—[`strtoul`](crate::strtol::strtoul)
    /// for a wide string: a minus sign negates modulo 2^64; `*endptr` counts wide characters.
    fn wcstoul: to_unsigned -> c_ulong;
    /// `unsigned long long wcstoull(const wchar_t *s, wchar_t **endptr, int base)`—[`wcstoul`] for `unsigned long long`.
    fn wcstoull: to_unsigned -> c_ulonglong;
    /// `uintmax_t wcstoumax(const wchar_t *s, wchar_t **endptr, int base)`—[`wcstoul`] for `uintmax_t`.
    fn wcstoumax: to_unsigned -> u64;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strtol::tests::{BASES, CORPUS};
    use crate::strtol::{strtoimax, strtol, strtoll, strtoul, strtoull, strtoumax};
    use crate::testutil::{Rng, wide};
    use core::ptr;
    use limpet_syscall::{errno, set_errno};
    use std::ffi::CString;

    /// Converts `s` in `base` with every narrow function and its wide form, and checks that
    /// both give the same value, errno and end (in characters), returning `wcstol`'s.
    fn same(s: &str, base: c_int) -> (i64, i32, usize) {
        let c = CString::new(s).unwrap();
        let w = wide(s);
        let mut first = None;
        macro_rules! compare {
            ($($narrow:ident $wide:ident),+) => {$(
                let (mut ne, mut we) = (ptr::null_mut(), ptr::null_mut());
                set_errno(0);
                let nv = unsafe { $narrow(c.as_ptr(), &mut ne, base) } as i64;
                let n = (nv, errno(), ne as usize - c.as_ptr() as usize);
                set_errno(0);
                let wv = unsafe { $wide(w.as_ptr().cast(), &mut we, base) } as i64;
                let wo = (wv, errno(), (we as usize - w.as_ptr() as usize) / size_of::<wchar_t>());
                assert_eq!(n, wo, "{} {s:?} base {base}", stringify!($wide));
                first.get_or_insert(wo);
            )+};
        }
        compare!(strtol wcstol, strtoll wcstoll, strtoimax wcstoimax, strtoul wcstoul, strtoull wcstoull, strtoumax wcstoumax);
        first.unwrap()
    }

    #[test]
    fn corpus_as_narrow() {
        for &s in CORPUS {
            for &base in BASES.iter().chain(&[-1, 1, 3, 7, 35, 37]) {
                same(s, base);
            }
        }
    }

    /// Random digit strings in every base (and some bad ones), with white space, signs,
    /// prefixes, overflowing lengths and tails: the wide forms agree with the narrow ones.
    #[test]
    fn random_as_narrow() {
        const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        let mut r = Rng(0x5eed_1234_abcd_ef01);
        for _ in 0..60_000 {
            let mut s = String::new();
            s.push_str(r.pick(&["", " ", "\t", "\n\x0b\x0c\r ", "  "]));
            s.push_str(r.pick(&["", "", "+", "-", "--", "+-"]));
            s.push_str(r.pick(&["", "", "0", "0x", "0X", "00x", "0b"]));
            match r.below(4) {
                // Near the limits, in some base.
                0 => {
                    let v = [u64::MAX, i64::MAX as u64, i64::MIN as u64, 0][r.below(4) as usize].wrapping_add(r.below(5)).wrapping_sub(2);
                    let radix = [2, 8, 10, 16, 36][r.below(5) as usize];
                    let mut digits = Vec::new();
                    let mut v = v;
                    loop {
                        digits.push(DIGITS[(v % radix) as usize]);
                        v /= radix;
                        if v == 0 {
                            break;
                        }
                    }
                    digits.reverse();
                    s.push_str(std::str::from_utf8(&digits).unwrap());
                }
                kind => {
                    let top = [10, 16, 36, 62][r.below(4) as usize];
                    let len = r.below(if kind == 1 { 80 } else { 24 });
                    s.extend((0..len).map(|_| DIGITS[r.below(top) as usize] as char));
                }
            }
            s.push_str(r.pick(&["", "", " 1", "_2", ".5", "x", "\u{663}", "\u{ff11}", "é"]));
            let base = match r.below(20) {
                0 => r.pick(&[-1, 1, 37, 100, c_int::MIN]),
                1..=6 => 0,
                _ => 2 + r.below(35) as c_int,
            };
            same(&s, base);
        }
    }

    #[test]
    fn wide_white_space_and_characters() {
        // iswspace's white space: NEL, the typographic spaces, IDEOGRAPHIC SPACE ...
        for space in ["\u{85}", "\u{2000}", "\u{2003}", "\u{200a}", "\u{2028}", "\u{2029}", "\u{205f}", "\u{3000}"] {
            let w = wide(&format!("{space} \u{3000}-0x1f!"));
            let mut end = ptr::null_mut();
            set_errno(0);
            let v = unsafe { wcstol(w.as_ptr().cast(), &mut end, 0) };
            let used = (end as usize - w.as_ptr() as usize) / size_of::<wchar_t>();
            assert_eq!((v, used, errno()), (-31, 8, 0), "{space:?}");
        }
        // No-break spaces are not white space; other digits are not digits; nor is a unit
        // whose low byte is an ASCII digit.
        for s in ["\u{a0}1", "\u{2007}1", "\u{202f}1", "\u{ff11}", "\u{663}", "\u{131}", "\u{10031}"] {
            assert_eq!(same_wide(&wide(s)), (0, limpet_syscall::errno::EINVAL, 0), "{s:?}");
        }
        assert_eq!(same_wide(&[b'1' as u32, b'2' as u32, 0xffff_ff31, b'3' as u32, 0]), (12, 0, 2));
        assert_eq!(same_wide(&[b'7' as u32, 0x100 + b'7' as u32, 0]), (7, 0, 1));
    }

    /// `wcstol(w, &end, 10)`: the value, errno and the characters used.
    fn same_wide(w: &[u32]) -> (c_long, i32, usize) {
        let mut end = ptr::null_mut();
        set_errno(0);
        let v = unsafe { wcstol(w.as_ptr().cast(), &mut end, 10) };
        (v, errno(), (end as usize - w.as_ptr() as usize) / size_of::<wchar_t>())
    }
}
