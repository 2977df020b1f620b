//! `strtod`, `strtof` and their `_l` forms, correctly rounded (to nearest, ties to even),
//! and `atof`.
//!
//! The C syntax is recognised here: white space, a sign, then `inf`/`infinity`, `nan` with an
//! optional `(chars)`, a hexadecimal significand with an optional binary exponent `p`, or a
//! decimal one with an optional `e` exponent. Decimal digits go to core's `str::parse`, which
//! is exact for any length; hexadecimal ones are rounded by [`round_binary`].
//!
//! errno follows musl's observable rules: EINVAL when nothing converts; for decimal input,
//! ERANGE when the result overflows to infinity or underflows: is zero or subnormal and
//! inexact, unless rounding carried it up to a power of two (`underflow`). For
//! hexadecimal input musl is narrower (see [`hex_range_error`]): most inputs that round to
//! infinity or zero leave errno alone.
//! `strtold` (in `strtold.rs`) shares this front end, and so do the wide forms (`wcstod.rs`):
//! it is written over the character [`Unit`].
use core::ffi::{c_char, c_void};

use limpet_syscall::{errno, set_errno};

use crate::strtol::set_end;
use crate::unit::{MAX_EXPONENT, Unit};

/// A binary floating-point format.
pub(crate) struct Format {
    /// Significand bits, counting the implicit one.
    pub(crate) mant: u32,
    /// The exponent of the smallest normal number (the largest is `1 - emin`).
    pub(crate) emin: i64,
    /// A hexadecimal input whose value is `0.d1d2... * 16^rp * 2^p` sets ERANGE when
    /// `p + 4*rp - 32` exceeds this: musl checks the range before normalising, against the
    /// exponent of the smallest subnormal.
    pub(crate) hex_limit: i64,
}

const F64: Format = Format { mant: 53, emin: -1022, hex_limit: 1074 };
const F32: Format = Format { mant: 24, emin: -126, hex_limit: 149 };

/// What the C syntax at the start of a string denotes.
enum Number<'a, C> {
    Nan,
    Inf,
    /// Decimal digits with an optional radix character (at `point`: its first unit and its
    /// length; None as well for the C locale's `.`, which needs no rewriting) and exponent,
    /// for `str::parse`; `nonzero` when some digit is not 0 (so a zero result is an
    /// underflow).
    Decimal { text: &'a [C], point: Option<(usize, usize)>, nonzero: bool },
    /// `m * 2^e`, inexact below `m` when `sticky`; `musl_e2` is the exponent musl checks.
    Hex { m: u128, sticky: bool, e: i64, musl_e2: i64 },
}

/// The caller's string, read a unit at a time and never past its terminator, so that a
/// conversion costs what it reads (as musl's does) and not the length of the whole string: a
/// program that converts number after number along one large buffer stays linear.
///
/// Every scanner here reads index `i` only after index `i - 1` turned out to be a unit other
/// than the terminator, which is what makes [`Text::at`] sound.
#[derive(Clone, Copy)]
struct Text<'a, C> {
    s: *const C,
    _life: core::marker::PhantomData<&'a [C]>,
}

impl<'a, C: Unit> Text<'a, C> {
    /// # Safety
    /// `s` must point to a string terminated by a zero unit, which outlives `'a`.
    unsafe fn new(s: *const C) -> Self {
        Text { s, _life: core::marker::PhantomData }
    }

    /// The text from index `n` on; the first `n` units must be known not to be the
    /// terminator.
    fn skip(self, n: usize) -> Self {
        Text { s: self.s.wrapping_add(n), _life: self._life }
    }

    /// The first `n` units as a slice; they must be known not to be the terminator.
    fn prefix(self, n: usize) -> &'a [C] {
        // SAFETY: the first `n` units were read and are all before the terminator.
        unsafe { core::slice::from_raw_parts(self.s, n) }
    }
}

/// The ASCII byte of `s[i]`, or None at the terminator (see [`Text`] for when `i` may be
/// asked).
#[inline(always)]
fn at<C: Unit>(s: Text<'_, C>, i: usize) -> Option<u8> {
    // SAFETY: units before `i` are not the terminator (the scanners' order), so `i` is
    // within the string.
    let c = unsafe { *s.s.add(i) }.ascii();
    (c != 0).then_some(c)
}

/// How many units at `s[i]` spell the radix character `radix` (0: none); `s[i]` must be
/// known to be within the string (see [`Text`]).
#[inline(always)]
fn radix_at<C: Unit>(s: Text<'_, C>, i: usize, radix: &[u8]) -> usize {
    // SAFETY: `s[i]` is within the string, and `radix_at` reads on only past units that
    // matched the radix, which are not the terminator.
    unsafe { C::radix_at(s.s.add(i), radix) }
}

/// The case-insensitive length of the prefix of `s` that matches `word`.
fn match_len<C: Unit>(s: Text<'_, C>, word: &[u8]) -> usize {
    (0..word.len()).take_while(|&i| at(s, i).map(|c| c.to_ascii_lowercase()) == Some(word[i])).count()
}

/// Reads `[sign]digits` after an exponent letter at `s[0]`, saturating far beyond any
/// exponent that matters; None when no digit follows.
fn exponent<C: Unit>(s: Text<'_, C>) -> Option<(i64, usize)> {
    let mut i = 1;
    let neg = at(s, i) == Some(b'-');
    if neg || at(s, i) == Some(b'+') {
        i += 1;
    }
    if !at(s, i).is_some_and(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut v: i64 = 0;
    while let Some(d) = at(s, i).filter(u8::is_ascii_digit) {
        v = (v * 10 + (d - b'0') as i64).min(MAX_EXPONENT);
        i += 1;
    }
    Some((if neg { -v } else { v }, i))
}

/// Parses the number at the start of `s` (already past white space and sign), whose radix
/// character is `radix`: the number and the units it used, or None when there is none.
fn parse<'a, C: Unit>(s: Text<'a, C>, radix: &[u8]) -> Option<(Number<'a, C>, usize)> {
    let inf = match_len(s, b"infinity");
    if inf >= 3 {
        return Some((Number::Inf, if inf == 8 { 8 } else { 3 }));
    }
    if match_len(s, b"nan") == 3 {
        // `nan(` [A-Za-z0-9_]* `)` is used whole; otherwise just the `nan`.
        let mut used = 3;
        if at(s, 3) == Some(b'(') {
            let n = (4..).take_while(|&k| at(s, k).is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_')).count();
            if at(s, 4 + n) == Some(b')') {
                used = 5 + n;
            }
        }
        return Some((Number::Nan, used));
    }
    if at(s, 0) == Some(b'0') && at(s, 1).is_some_and(|c| c | 0x20 == b'x') {
        return Some(parse_hex(s.skip(2), radix).map_or((Number::Hex { m: 0, sticky: false, e: 0, musl_e2: 0 }, 1), |(n, used)| (n, used + 2)));
    }
    // The C locale's radix gets a loop of its own, as fast as one that knows only `.`; its
    // text goes to `str::parse` as it is, so the point's place is not kept.
    let (digits, nonzero, point, mut i) = if radix == b"." {
        let (digits, nonzero, _, i) = digits_and_point(s, |_, c| usize::from(c == b'.'));
        (digits, nonzero, None, i)
    } else {
        digits_and_point(s, |i, _| radix_at(s, i, radix))
    };
    if digits == 0 {
        return None;
    }
    if at(s, i).is_some_and(|c| c | 0x20 == b'e') {
        if let Some((_, n)) = exponent(s.skip(i)) {
            i += n;
        }
    }
    Some((Number::Decimal { text: s.prefix(i), point, nonzero }, i))
}

/// Reads decimal digits with at most one radix character among them from the start of `s`,
/// `radix(i, c)` telling how many units at `s[i]` (whose ASCII byte is `c`) spell it: the
/// count of digits, whether one is not 0, the radix character's place, and the units read.
#[inline(always)]
fn digits_and_point<C: Unit>(s: Text<'_, C>, radix: impl Fn(usize, u8) -> usize) -> (usize, bool, Option<(usize, usize)>, usize) {
    let mut i = 0;
    let (mut digits, mut nonzero) = (0, false);
    let mut point = None;
    while let Some(c) = at(s, i) {
        if c.is_ascii_digit() {
            digits += 1;
            nonzero |= c != b'0';
            i += 1;
            continue;
        }
        let n = if point.is_none() { radix(i, c) } else { 0 };
        if n == 0 {
            break;
        }
        point = Some((i, n));
        i += n;
    }
    (digits, nonzero, point, i)
}

/// Parses hexadecimal digits with an optional radix character `radix` and `p` exponent
/// (after `0x`); None when there is no digit.
fn parse_hex<'a, C: Unit>(s: Text<'a, C>, radix: &[u8]) -> Option<(Number<'a, C>, usize)> {
    let (mut m, mut k, mut sticky) = (0u128, 0i64, false);
    let (mut rp, mut started, mut dot, mut any) = (0i64, false, false, false);
    let mut i = 0;
    while let Some(c) = at(s, i) {
        let n = if dot { 0 } else { radix_at(s, i, radix) };
        if n != 0 {
            dot = true;
            i += n;
            continue;
        }
        let Some(d) = (c as char).to_digit(16) else { break };
        any = true;
        started |= d != 0;
        if started {
            if !dot {
                rp += 1;
            }
            if k < 32 {
                m = m << 4 | d as u128;
                k += 1;
            } else {
                sticky |= d != 0;
            }
        } else if dot {
            rp -= 1;
        }
        i += 1;
    }
    if !any {
        return None;
    }
    let mut p = 0;
    if at(s, i).is_some_and(|c| c | 0x20 == b'p') {
        if let Some((v, n)) = exponent(s.skip(i)) {
            p = v;
            i += n;
        }
    }
    Some((Number::Hex { m, sticky, e: p + 4 * (rp - k), musl_e2: p + 4 * rp - 32 }, i))
}

/// Rounds `m * 2^e` (plus a nonzero amount below `m` when `sticky`) to `f`, to nearest with
/// ties to even: the format's bits without the sign, which are the infinity's on overflow.
pub(crate) fn round_binary(m: u128, sticky: bool, e: i64, f: &Format) -> u128 {
    let frac_bits = f.mant - 1;
    let inf = ((3 - 2 * f.emin) as u128) << frac_bits;
    if m == 0 {
        return 0;
    }
    let lz = m.leading_zeros();
    let m = m << lz;
    // The exponent of the leading bit; keep `mant` bits below it, fewer for a subnormal.
    let lead = e.saturating_sub(lz as i64).saturating_add(127);
    if lead > 1 - f.emin {
        return inf;
    }
    let keep = if lead >= f.emin { f.mant as i64 } else { f.mant as i64 - (f.emin - lead) };
    let shift = 128 - keep;
    if shift > 128 {
        return 0;
    }
    // The dropped bits, compared with half a unit of the last kept place.
    let (q, up) = if shift == 128 {
        (0, m > 1 << 127 || (m == 1 << 127 && sticky))
    } else {
        let q = m >> shift;
        let rem = m & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        (q, rem > half || (rem == half && (sticky || q & 1 == 1)))
    };
    let field = if lead >= f.emin { (lead - f.emin) as u128 } else { 0 };
    // For a normal number `q` carries the implicit one, which adds one to `field`; a carry out
    // of the significand moves into the exponent the same way, up to the infinity.
    ((field << frac_bits) + q + up as u128).min(inf)
}

/// Whether musl reports ERANGE for the nonzero hexadecimal `m * 2^e` (`sticky` as in
/// [`round_binary`]). Measured on musl: far too large or far too small an input (judged by
/// `musl_e2`, before normalising); or an exact power of two at or below half the smallest
/// subnormal, which rounds to zero. Other inputs that round to zero or infinity do not set it.
fn hex_range_error(m: u128, sticky: bool, e: i64, musl_e2: i64, f: &Format) -> bool {
    musl_e2 > f.hex_limit || musl_e2 < -f.hex_limit - MUSL_TINY_MARGIN || hex_unsigned_zero(m, sticky, e, musl_e2, f)
}

/// Whether musl returns +0 whatever the sign for the nonzero hexadecimal `m * 2^e`: the exact
/// powers of two at or below half the smallest subnormal that escape its "far too small" test
/// (its rounding adds and subtracts a signed bias, and the exact tie leaves +0).
fn hex_unsigned_zero(m: u128, sticky: bool, e: i64, musl_e2: i64, f: &Format) -> bool {
    let lead = e + 127 - m.leading_zeros() as i64;
    m.is_power_of_two() && !sticky && lead < -f.hex_limit && musl_e2 >= -f.hex_limit - MUSL_TINY_MARGIN
}

/// How far below the smallest subnormal (in `musl_e2` terms) a hexadecimal input counts as
/// "far too small": twice the x87 significand's 64 bits.
const MUSL_TINY_MARGIN: i64 = 128;

/// Converts the number at `s`, whose radix character is `radix` (the locale's, never
/// empty), to the bits of format `f` without the sign, and the sign; stores the end in
/// `*endptr` if non-null. `to_bits` rounds a decimal text (with `.` as its point) to `f`.
///
/// # Safety
/// `s` must be terminated by a zero unit; `endptr` null or writable.
pub(crate) unsafe fn convert<C: Unit>(
    s: *const C,
    endptr: *mut *mut C,
    radix: &[u8],
    f: &Format,
    to_bits: &dyn Fn(&str) -> u128,
) -> (u128, bool) {
    // SAFETY: the caller's string is terminated and outlives this call.
    let units = unsafe { Text::new(s) };
    let mut i = 0;
    // SAFETY: as in `at`: the units before `i` were white space, not the terminator.
    while unsafe { *s.add(i) }.is_space() {
        i += 1;
    }
    let neg = at(units, i) == Some(b'-');
    if neg || at(units, i) == Some(b'+') {
        i += 1;
    }
    let frac_bits = f.mant - 1;
    let inf = ((3 - 2 * f.emin) as u128) << frac_bits;
    let mut unsigned_zero = false;
    let (bits, used) = match parse(units.skip(i), radix) {
        None => {
            set_errno(errno::EINVAL);
            i = 0;
            (0, 0)
        }
        Some((Number::Nan, n)) => (inf | 1 << (frac_bits - 1), n),
        Some((Number::Inf, n)) => (inf, n),
        Some((Number::Decimal { text, point, nonzero }, n)) => {
            let bits = C::with_decimal(text, point, |text| {
                let bits = to_bits(text);
                let subnormal = bits < 1 << frac_bits;
                if bits == inf || (nonzero && subnormal && crate::underflow::underflow_reported(text, bits, f)) {
                    set_errno(errno::ERANGE);
                }
                bits
            });
            (bits, n)
        }
        Some((Number::Hex { m, sticky, e, musl_e2 }, n)) => {
            let bits = round_binary(m, sticky, e, f);
            if m != 0 && hex_range_error(m, sticky, e, musl_e2, f) {
                set_errno(errno::ERANGE);
            }
            unsigned_zero = m != 0 && hex_unsigned_zero(m, sticky, e, musl_e2, f);
            (bits, n)
        }
    };
    // SAFETY: `i + used` is within the string, and `endptr` is null or writable.
    unsafe { set_end(endptr, s.add(i + used)) };
    // musl's NaN is positive whatever the sign, and so are some zeros.
    (bits, neg && bits <= inf && used != 0 && !unsigned_zero)
}

/// `strtod(s, endptr)`—The `double` nearest the number at the start of `s` (after white
/// space): decimal or `0x` hexadecimal, `inf`, `infinity`, `nan`, `nan(chars)`, any case.
/// Stores the end in `*endptr` if non-null (`s` itself when nothing converts, with EINVAL);
/// ERANGE on overflow and underflow.
///
/// # Safety
/// `s` must be NUL-terminated; `endptr` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strtod(s: *const c_char, endptr: *mut *mut c_char) -> f64 {
    // SAFETY: the caller's string is NUL-terminated and `endptr` null or writable.
    unsafe { to_f64(s.cast::<u8>(), endptr.cast(), current_radix()) }
}

/// `strtof(s, endptr)`—[`strtod`] for `float`, rounded once, straight from the digits.
///
/// # Safety
/// `s` must be NUL-terminated; `endptr` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strtof(s: *const c_char, endptr: *mut *mut c_char) -> f32 {
    // SAFETY: the caller's string is NUL-terminated and `endptr` null or writable.
    unsafe { to_f32(s.cast::<u8>(), endptr.cast(), current_radix()) }
}

/// [`strtod`] with the radix character `radix` rather than the locale's, for a caller that
/// has made the text itself (scanf's normalised fields use `.`).
///
/// # Safety
/// As for [`strtod`].
pub unsafe fn strtod_radix(s: *const c_char, endptr: *mut *mut c_char, radix: &[u8]) -> f64 {
    // SAFETY: the caller's string is NUL-terminated and `endptr` null or writable.
    unsafe { to_f64(s.cast::<u8>(), endptr.cast(), radix) }
}

/// [`strtof`] with the radix character `radix`, as [`strtod_radix`].
///
/// # Safety
/// As for [`strtod`].
pub unsafe fn strtof_radix(s: *const c_char, endptr: *mut *mut c_char, radix: &[u8]) -> f32 {
    // SAFETY: the caller's string is NUL-terminated and `endptr` null or writable.
    unsafe { to_f32(s.cast::<u8>(), endptr.cast(), radix) }
}

/// The radix character of the calling thread's locale (`LC_NUMERIC`).
#[inline]
pub(crate) fn current_radix() -> &'static [u8] {
    limpet_locale::localeconv::current_radix()
}

/// The radix character of the locale object `loc` (`LC_GLOBAL_LOCALE`: the global locale).
///
/// # Safety
/// `loc` is `LC_GLOBAL_LOCALE` or a live locale object.
pub(crate) unsafe fn radix_of(loc: *mut c_void) -> &'static [u8] {
    // SAFETY: by the caller's contract.
    limpet_locale::localeconv::radix(unsafe { limpet_locale::object::resolve(loc.cast()) })
}

/// `double atof(const char *s)`—`strtod(s, NULL)`: the `double` at the start of `s`, with
/// errno set as [`strtod`] sets it.
///
/// # Safety
/// `s` must be NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn atof(s: *const c_char) -> f64 {
    // SAFETY: the caller's string is NUL-terminated; a null endptr is allowed.
    unsafe { strtod(s, core::ptr::null_mut()) }
}

/// The `double` conversion of `strtod` and `wcstod`, with the radix character `radix`.
///
/// # Safety
/// `s` must be terminated by a zero unit; `endptr` null or writable.
pub(crate) unsafe fn to_f64<C: Unit>(s: *const C, endptr: *mut *mut C, radix: &[u8]) -> f64 {
    let to_bits = |t: &str| t.parse::<f64>().map_or(0, |v| v.to_bits() as u128);
    // SAFETY: the caller's contract is convert's.
    let (bits, neg) = unsafe { convert(s, endptr, radix, &F64, &to_bits) };
    f64::from_bits(bits as u64 | (neg as u64) << 63)
}

/// The `float` conversion of `strtof` and `wcstof`, rounded once, straight from the digits,
/// with the radix character `radix`.
///
/// # Safety
/// `s` must be terminated by a zero unit; `endptr` null or writable.
pub(crate) unsafe fn to_f32<C: Unit>(s: *const C, endptr: *mut *mut C, radix: &[u8]) -> f32 {
    let to_bits = |t: &str| t.parse::<f32>().map_or(0, |v| v.to_bits() as u128);
    // SAFETY: the caller's contract is convert's.
    let (bits, neg) = unsafe { convert(s, endptr, radix, &F32, &to_bits) };
    f32::from_bits(bits as u32 | (neg as u32) << 31)
}

macro_rules! locale_forms {
    ($($name:ident $base:ident $conv:ident -> $ty:ty;)+) => {$(
        #[doc = concat!("`", stringify!($name), "(s, endptr, loc)`—[`", stringify!($base), "`] with the radix character of `loc`'s `LC_NUMERIC`.")]
        ///
        /// # Safety
        #[doc = concat!("As for [`", stringify!($base), "`]; `loc` is a live locale object or `LC_GLOBAL_LOCALE`.")]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub unsafe extern "C" fn $name(s: *const c_char, endptr: *mut *mut c_char, loc: *mut c_void) -> $ty {
            // SAFETY: the caller keeps the contract.
            unsafe { $conv(s.cast::<u8>(), endptr.cast(), radix_of(loc)) }
        }
    )+};
}

locale_forms! {
    strtod_l strtod to_f64 -> f64;
    __strtod_l strtod to_f64 -> f64;
    strtof_l strtof to_f32 -> f32;
    __strtof_l strtof to_f32 -> f32;
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::testutil::Rng;
    use std::ffi::CString;

    unsafe extern "C" {
        #[link_name = "strtod"]
        fn host_strtod(s: *const c_char, e: *mut *mut c_char) -> f64;
        #[link_name = "strtof"]
        fn host_strtof(s: *const c_char, e: *mut *mut c_char) -> f32;
    }


    /// A conversion reads only as far as its number goes (plus the one unit that ends it),
    /// never to the end of the string: each text here sits at the very end of a readable
    /// page with no terminator, before an inaccessible page, so reading past the unit that
    /// stops the number would fault.
    #[test]
    fn reads_only_the_number() {
        unsafe extern "C" {
            fn mmap(a: *mut c_void, len: usize, prot: i32, flags: i32, fd: i32, off: i64) -> *mut c_void;
            fn mprotect(a: *mut c_void, len: usize, prot: i32) -> i32;
            fn munmap(a: *mut c_void, len: usize) -> i32;
        }
        const PAGE: usize = 4096;
        let texts = ["1.5x", "0x1p3q", "0x.8P-2z", "nan(abc)z", "nan(a-", "infinityz", "INFx", "1e5z", "1e+z", "-.5e+3z", "  12z", "0xz", "1..", "+-"];
        unsafe {
            let map = mmap(core::ptr::null_mut(), 2 * PAGE, 3, 0x22, -1, 0).cast::<u8>();
            assert!(!map.is_null() && map as isize != -1);
            assert_eq!(mprotect(map.add(PAGE).cast(), PAGE, 0), 0);
            for t in texts {
                let at = map.add(PAGE - t.len());
                core::ptr::copy_nonoverlapping(t.as_ptr(), at, t.len());
                let c = CString::new(t).unwrap();
                let (mut e1, mut e2) = (core::ptr::null_mut(), core::ptr::null_mut());
                let (v1, v2) = (strtod(at.cast(), &mut e1), strtod(c.as_ptr(), &mut e2));
                assert!(v1.to_bits() == v2.to_bits() || (v1.is_nan() && v2.is_nan()), "{t:?}");
                assert_eq!(e1.cast::<u8>().offset_from(at), e2.cast::<u8>().offset_from(c.as_ptr().cast()), "{t:?}");
            }
            munmap(map.cast(), 2 * PAGE);
        }
    }

    fn check(s: &str) {
        let c = CString::new(s).unwrap();
        let hex = s.contains(['x', 'X']);
        // The oracle for values is glibc's. musl's (the host C library of the musl targets,
        // under qemu) rounds some hexadecimal subnormals twice: "-0x4508a97d2p-1078" is
        // 0x4508a97d.2 units of 2^-1074, which rounds to 0x4508a97d, but musl gives
        // 0x4508a97e. There only the end pointer of a hexadecimal form is compared.
        let values = !hex || cfg!(target_env = "gnu");
        let (mut e1, mut e2) = (core::ptr::null_mut(), core::ptr::null_mut());
        unsafe {
            let (ours, host) = (strtod(c.as_ptr(), &mut e1), host_strtod(c.as_ptr(), &mut e2));
            let (ours, host) = if values { (ours, host) } else { (0.0, 0.0) };
            // Some hexadecimal underflows give +0 for negative input in musl, -0 in glibc.
            let zeros = hex && ours == 0.0 && host == 0.0;
            assert!(ours.to_bits() == host.to_bits() || (ours.is_nan() && host.is_nan()) || zeros, "{s:?}: {ours:e} {host:e}");
            assert_eq!(e1, e2, "end of {s:?}");
            let (ours, host) = (strtof(c.as_ptr(), &mut e1), host_strtof(c.as_ptr(), &mut e2));
            let (ours, host) = if values { (ours, host) } else { (0.0, 0.0) };
            let zeros = hex && ours == 0.0 && host == 0.0;
            assert!(ours.to_bits() == host.to_bits() || (ours.is_nan() && host.is_nan()) || zeros, "f {s:?}: {ours:e} {host:e}");
            assert_eq!(e1, e2, "f end of {s:?}");
        }
    }

    fn digits(r: &mut Rng, radix: u64, n: u64) -> String {
        (0..n).map(|_| std::char::from_digit(r.below(radix) as u32, radix as u32).unwrap()).collect()
    }

    /// A random decimal or hexadecimal input: white space and sign, digits with or without
    /// a point and an exponent, and a tail that may or may not continue the number.
    pub(crate) fn generated(r: &mut Rng) -> String {
        let radix = if r.below(2) == 0 { 10 } else { 16 };
        let n = r.below(30);
        let int = digits(r, radix, n);
        let n = r.below(30);
        let frac = digits(r, radix, n);
        let mut s = String::new();
        s.push_str(["", " ", "-", "+", "\t-"][r.below(5) as usize]);
        if radix == 16 {
            s.push_str(if r.below(2) == 0 { "0x" } else { "0X" });
        }
        s.push_str(&int);
        if r.below(3) != 0 {
            s.push('.');
            s.push_str(&frac);
        }
        if r.below(3) != 0 {
            s.push(if radix == 16 { 'p' } else { 'e' });
            s.push_str(["", "-", "+"][r.below(3) as usize]);
            let e = if radix == 16 { r.below(1200) } else { r.below(360) };
            s.push_str(&e.to_string());
        }
        s.push_str(["", "x", "e", "p", ".5"][r.below(5) as usize]);
        s
    }

    /// The first seed of [`generated`]'s corpus.
    pub(crate) const SEED: u64 = 0x9e3779b97f4a7c15;

    #[test]
    fn generated_decimal_and_hex_agree_with_glibc() {
        let mut r = Rng(SEED);
        for _ in 0..40_000 {
            check(&generated(&mut r));
        }
        // Values printed exactly from random bit patterns round-trip.
        for _ in 0..20_000 {
            let v = f64::from_bits(r.next());
            if v.is_finite() {
                check(&format!("{v:e}"));
                check(&format!("{v:.17e}"));
            }
        }
    }

    /// The forms at the edges of the syntax and of the ranges, narrow here and wide in
    /// `wcstod.rs`.
    pub(crate) const SPECIAL: &[&str] = &[
        "inf", "-INF", "infinity", "infin", "InFiNiTy!", "nan", "-nan", "nan()", "nan(abc_9)", "nan(abc", "nan(a-b)",
        "0x", "0x.", "0x.p1", "0xg", "0x1p", "0x1.p", "0x.8", ".", ".e1", "e1", "1e", "1e+", "  +.5e-1x", "-0", "0x1p-1074",
        "0x1.8p-1074", "0x1p-1075", "0x1.0000000000001p-1075", "0x1.fffffffffffff8p1023", "0x1.fffffffffffff7ffffp1023",
        "1e400", "1e-400", "4e-324", "2.4703282292062328e-324", "2.4703282292062327e-324", "1e99999999999999999999999",
        "0x1.000000000000080000000000000000001p0", "0x1.00000100000000000001p0", "0x123456789abcdef0123p-10",
    ];

    #[test]
    fn special_forms() {
        for &s in SPECIAL {
            check(s);
        }
    }

    fn errno_of(f: impl FnOnce()) -> i32 {
        limpet_syscall::set_errno(0);
        f();
        unsafe extern "C" {
            fn __errno_location() -> *mut i32;
        }
        unsafe { *__errno_location() }
    }

    #[test]
    fn atof_is_strtod() {
        unsafe {
            assert_eq!(atof(c"  -0x1.8p1xyz".as_ptr()), -3.0);
            assert_eq!(atof(c"1e-400".as_ptr()).to_bits(), 0);
            assert_eq!(errno_of(|| { atof(c"1e400".as_ptr()); }), errno::ERANGE);
            assert_eq!(errno_of(|| { atof(c"x".as_ptr()); }), errno::EINVAL);
        }
    }

    #[test]
    fn signed_zeros_as_musl() {
        let sign = |s: &core::ffi::CStr| unsafe {
            (strtod(s.as_ptr(), core::ptr::null_mut()).is_sign_negative(), strtof(s.as_ptr(), core::ptr::null_mut()).is_sign_negative())
        };
        assert_eq!(sign(c"-0x4.p-212"), (true, false));
        assert_eq!(sign(c"-0x1p-1075"), (false, true));
        assert_eq!(sign(c"-0x3p-1100"), (true, true));
        assert_eq!(sign(c"-1e-400"), (true, true));
    }

    /// Inputs whose errno musl decides by rules of its own, with the errno of `strtod` and of
    /// `strtof`.
    pub(crate) const ERRNO_CASES: &[(&core::ffi::CStr, i32, i32)] = &[
        (c"0x1p1024", 0, errno::ERANGE),
        (c"0x1p1103", errno::ERANGE, errno::ERANGE),
        (c"0xfp1102", 0, errno::ERANGE),
        (c"0x1p150", 0, 0),
        (c"0x1p-1080", errno::ERANGE, errno::ERANGE),
        (c"0x3p-1100", 0, errno::ERANGE),
        (c"0x244996500fp-281", 0, 0),
        (c"0x24499650p-281", 0, errno::ERANGE),
        (c"1e400", errno::ERANGE, errno::ERANGE),
        (c"1e-310", errno::ERANGE, errno::ERANGE),
        (c".e1", errno::EINVAL, errno::EINVAL),
        (c"0x", 0, 0),
        (c"0x0p99999", 0, 0),
    ];

    #[test]
    fn errno_as_musl() {
        for &(s, d, f) in ERRNO_CASES {
            assert_eq!(errno_of(|| unsafe { strtod(s.as_ptr(), core::ptr::null_mut()); }), d, "{s:?}");
            assert_eq!(errno_of(|| unsafe { strtof(s.as_ptr(), core::ptr::null_mut()); }), f, "f {s:?}");
        }
    }
}
