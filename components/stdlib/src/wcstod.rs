//! The wide floating-point conversions `wcstof` and `wcstod` (`wcstold` is with `strtold`
//! in `strtold.rs`, for its x87 return). They are `strtod.rs`'s front end over `wchar_t`
//! units, so they round, set errno and choose signs exactly as `strtof`/`strtod` do: a wide
//! string reads as the narrow string of its ASCII characters, any other character ending
//! the number, after leading `iswspace` white space.
use limpet_abi::wchar::wchar_t;

use crate::strtod::{current_radix, to_f32, to_f64};

/// `double wcstod(const wchar_t *s, wchar_t **endptr)`—[`strtod`](crate::strtod::strtod) for
/// a wide string: the nearest `double` to the decimal or hexadecimal number, `inf` or `nan`
/// after white space; `*endptr` (if non-null) counts wide characters, and is `s` itself when
/// nothing converts (EINVAL); ERANGE on overflow and underflow.
///
/// # Safety
/// `s` must be terminated by a null wide character; `endptr` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcstod(s: *const wchar_t, endptr: *mut *mut wchar_t) -> f64 {
    // SAFETY: the caller's string is terminated and `endptr` null or writable; a wchar_t is
    // a u32's size and alignment.
    unsafe { to_f64(s.cast::<u32>(), endptr.cast(), current_radix()) }
}

/// `float wcstof(const wchar_t *s, wchar_t **endptr)`—[`wcstod`] for `float`, rounded once,
/// straight from the digits.
///
/// # Safety
/// `s` must be terminated by a null wide character; `endptr` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcstof(s: *const wchar_t, endptr: *mut *mut wchar_t) -> f32 {
    // SAFETY: the caller's string is terminated and `endptr` null or writable; a wchar_t is
    // a u32's size and alignment.
    unsafe { to_f32(s.cast::<u32>(), endptr.cast(), current_radix()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strtod::tests::{ERRNO_CASES, SEED, SPECIAL, generated};
    use crate::strtod::{strtod, strtof};
    use crate::testutil::{Rng, wide};
    use core::ffi::c_char;
    use core::ptr;
    use limpet_syscall::{errno, set_errno};
    use std::ffi::CString;

    /// What a conversion gave: the value's bits, errno, and the end in characters.
    type Outcome = (u128, i32, usize);

    /// Runs the narrow conversion `f` over `s`.
    fn narrow(s: &str, f: impl Fn(*const c_char, *mut *mut c_char) -> u128) -> Outcome {
        let c = CString::new(s).unwrap();
        let mut end = ptr::null_mut();
        set_errno(0);
        let v = f(c.as_ptr(), &mut end);
        (v, errno(), end as usize - c.as_ptr() as usize)
    }

    /// Runs the wide conversion `f` over `w` (terminated).
    fn wide_run(w: &[u32], f: impl Fn(*const wchar_t, *mut *mut wchar_t) -> u128) -> Outcome {
        let mut end = ptr::null_mut();
        set_errno(0);
        let v = f(w.as_ptr().cast(), &mut end);
        (v, errno(), (end as usize - w.as_ptr() as usize) / size_of::<wchar_t>())
    }

    /// Checks `wcstod`, `wcstof` and (on x86_64) `wcstold` against their narrow forms on the
    /// ASCII string `s`: the same bits (NaNs included), errno and end.
    fn same(s: &str) {
        let w = wide(s);
        // A long input is named by its start and length.
        let name = if s.len() > 80 { format!("{}... ({} characters)", &s[..80], s.len()) } else { s.to_owned() };
        // SAFETY (all the closures): the strings are terminated and the end pointers writable.
        let n = narrow(s, |p, e| unsafe { strtod(p, e) }.to_bits() as u128);
        assert_eq!(n, wide_run(&w, |p, e| unsafe { wcstod(p, e) }.to_bits() as u128), "wcstod {name:?}");
        let n = narrow(s, |p, e| unsafe { strtof(p, e) }.to_bits() as u128);
        assert_eq!(n, wide_run(&w, |p, e| unsafe { wcstof(p, e) }.to_bits() as u128), "wcstof {name:?}");
        #[cfg(target_arch = "x86_64")]
        {
            use crate::strtold::{strtold_bytes, wcstold_bytes};
            let ld = |b: [u8; 16]| u128::from_le_bytes(b) & X87_BITS;
            let n = narrow(s, |p, e| {
                let mut out = [0; 16];
                unsafe { strtold_bytes(p, e, &mut out) };
                ld(out)
            });
            let wo = wide_run(&w, |p, e| {
                let mut out = [0; 16];
                unsafe { wcstold_bytes(p, e, &mut out) };
                ld(out)
            });
            assert_eq!(n, wo, "wcstold {name:?}");
        }
    }

    /// The 80 bits of an x87 value in `strtold_bytes`'s 16-byte buffer.
    #[cfg(target_arch = "x86_64")]
    const X87_BITS: u128 = (1 << 80) - 1;

    #[test]
    fn corpora_as_narrow() {
        for &s in SPECIAL {
            same(s);
        }
        for &(s, _, _) in ERRNO_CASES {
            same(s.to_str().unwrap());
        }
        #[cfg(target_arch = "x86_64")]
        for &s in crate::strtold::tests::CORPUS {
            same(s);
        }
        let mut r = Rng(SEED);
        for _ in 0..20_000 {
            same(&generated(&mut r));
        }
        #[cfg(target_arch = "x86_64")]
        {
            let mut r = Rng(12345);
            for _ in 0..1000 {
                same(&crate::strtold::tests::generated(&mut r));
            }
            for _ in 0..100 {
                for s in crate::strtold::tests::halfway(&mut r) {
                    same(&s);
                }
            }
        }
    }

    /// Random inputs of every kind: decimal and hexadecimal digits with points and
    /// exponents that overflow and underflow, `inf`/`infinity`/`nan(...)` spellings, signs,
    /// white space and tails that end the number or not.
    #[test]
    fn random_as_narrow() {
        let mut r = Rng(0xfeed_f00d_0bad_cafe);
        for _ in 0..30_000 {
            let mut s = String::new();
            s.push_str(r.pick(&["", " ", "\t\n", "\x0b\x0c\r "]));
            s.push_str(r.pick(&["", "", "+", "-", "+-"]));
            match r.below(6) {
                0 => {
                    s.push_str(r.pick(&["inf", "INF", "Infinity", "infinit", "in", "nan", "NaN", "na", "nan(", "nan()", "nan(0x1_Z)", "nan(a b)", "nan(é)"]));
                }
                1 | 2 => {
                    s.push_str(r.pick(&["0x", "0X", "0x.", "0x0", "0x00000000000000000000"]));
                    let top = if r.below(8) == 0 { 60 } else { 20 };
                    let n = r.below(top);
                    s.extend((0..n).map(|_| char::from_digit(r.below(16) as u32, 16).unwrap()));
                    if r.below(2) == 0 {
                        s.push('.');
                        let n = r.below(20);
                        s.extend((0..n).map(|_| char::from_digit(r.below(16) as u32, 16).unwrap()));
                    }
                    if r.below(3) != 0 {
                        s.push_str(r.pick(&["p", "P", "p+", "p-"]));
                        let top = r.pick(&[10, 200, 1200, 17000, 100_000]);
                        s.push_str(&r.below(top).to_string());
                    }
                }
                _ => {
                    let top = if r.below(8) == 0 { 400 } else { 25 };
                    let n = r.below(top);
                    let zeros = r.pick(&["", "", "0000", "0.000000"]);
                    s.push_str(zeros);
                    s.extend((0..n).map(|_| char::from(b'0' + r.below(10) as u8)));
                    if r.below(2) == 0 && !zeros.contains('.') {
                        s.push('.');
                        let n = r.below(30);
                        s.extend((0..n).map(|_| char::from(b'0' + r.below(10) as u8)));
                    }
                    if r.below(3) != 0 {
                        s.push_str(r.pick(&["e", "E", "e+", "e-", "E-"]));
                        let top = r.pick(&[10, 40, 330, 5000, 100_000, 10_000_000_000_000_000_000]);
                        s.push_str(&r.below(top).to_string());
                    }
                }
            }
            s.push_str(r.pick(&["", "", "x", "e", "e+", "p", ".", ".5", "\u{663}", "é", " 1"]));
            same(&s);
        }
    }

    /// The decimal expansion of 2^-k (k > 0): 5^k, shifted k places.
    fn pow2_neg(k: usize) -> String {
        let mut d = vec![1u8];
        for _ in 0..k {
            let mut carry = 0;
            for x in d.iter_mut() {
                let v = *x * 5 + carry;
                *x = v % 10;
                carry = v / 10;
            }
            if carry != 0 {
                d.push(carry);
            }
        }
        let digits: String = d.iter().rev().map(|&x| char::from(b'0' + x)).collect();
        format!("0.{}{digits}", "0".repeat(k - d.len()))
    }

    /// Texts longer than a wide conversion narrows as they are: halfway points and the
    /// underflow boundary followed by thousands of zeros, with and without a last nonzero
    /// digit; many leading zeros; long digit strings with exponents.
    #[test]
    fn long_texts_as_narrow() {
        let zeros = "0".repeat(crate::MAX_DIGITS + 100);
        // 1 + 2^-53, halfway between 1 and the next double; 1 + 2^-24 for float; 2^-1075 and
        // 2^-150, halfway between 0 and the smallest subnormals; 2^-16446 for x87.
        let one_half_ulp = format!("1{}", &pow2_neg(53)[1..]);
        let one_half_ulp_f = format!("1{}", &pow2_neg(24)[1..]);
        for base in [one_half_ulp, one_half_ulp_f, pow2_neg(1075), pow2_neg(150), pow2_neg(16446)] {
            for tail in ["", "1", "0001", "e0", "1e-0"] {
                same(&format!("{base}{zeros}{tail}"));
                same(&format!("-{base}{zeros}{tail}x"));
            }
        }
        for s in [
            format!("{zeros}1.5"),
            format!("0.{zeros}15e12150"),
            format!("0.{zeros}15e-300"),
            format!("{zeros}."),
            format!("{zeros}e99999"),
            format!("{}e-13000", "9".repeat(13_000)),
            format!("{}.{}e-1", "3".repeat(7000), "7".repeat(7000)),
            format!("{}e4900", "1".repeat(20_000)),
            "1".repeat(20_000),
        ] {
            same(&s);
        }
    }

    #[test]
    fn wide_white_space_and_characters() {
        let run = |w: &[u32]| wide_run(w, |p, e| unsafe { wcstod(p, e) }.to_bits() as u128);
        let w = wide("\u{3000}\u{2003}\u{85} -1.5e1\u{ff10}");
        assert_eq!(run(&w), ((-15.0f64).to_bits() as u128, 0, 10));
        for s in ["\u{a0}1", "\u{ff11}", "\u{663}", "\u{131}", "\u{2007}inf"] {
            assert_eq!(run(&wide(s)), (0, limpet_syscall::errno::EINVAL, 0), "{s:?}");
        }
        // Units whose low byte is ASCII end the number.
        let w = [b'2' as u32, 0x100 + b'5' as u32, 0];
        assert_eq!(run(&w), (2.0f64.to_bits() as u128, 0, 1));
        let w = [b'n' as u32, b'a' as u32, b'n' as u32, b'(' as u32, 0x161, b')' as u32, 0];
        assert_eq!(run(&w).2, 3);
    }

    /// Calls the C entry point `wcstold` the way C does and stores its `st(0)` result.
    #[cfg(target_arch = "x86_64")]
    #[unsafe(naked)]
    unsafe extern "C" fn wcstold_via_entry(s: *const wchar_t, endptr: *mut *mut wchar_t, out: *mut [u8; 16]) {
        core::arch::naked_asm!(
            "push rdx",
            "call {f}",
            "pop rdx",
            "fstp tbyte ptr [rdx]",
            "ret",
            f = sym crate::strtold::wcstold,
        )
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn wcstold_entry_returns_in_st0() {
        for s in ["0x1.fffffffffffffffep16383", "-3.25", "1e-4950", " \u{3000}inf", "12\u{ff13}"] {
            let w = wide(s);
            let (mut a, mut b) = ([0u8; 16], [0u8; 16]);
            let (mut e1, mut e2) = (ptr::null_mut(), ptr::null_mut());
            unsafe {
                crate::strtold::wcstold_bytes(w.as_ptr().cast(), &mut e1, &mut a);
                wcstold_via_entry(w.as_ptr().cast(), &mut e2, &mut b);
            }
            assert_eq!((a[..10].to_vec(), e1), (b[..10].to_vec(), e2), "{s:?}");
        }
    }
}
