//! `strtold` and its `_l` forms for x86_64, whose `long double` is the x87 80-bit format
//! (64-bit significand with an explicit integer bit, 15-bit exponent).
//!
//! The C syntax, hexadecimal input and errno follow `strtod` (shared front end in
//! `strtod.rs`). Decimal input is converted exactly with big integers: the value
//! `D * 10^k` is divided (or multiplied) out to a 66-bit quotient plus a sticky remainder,
//! which [`round_binary`] rounds once. Digits beyond the 12,000th significant one only matter
//! as that sticky bit: every halfway point between two x87 numbers has fewer significant
//! decimal digits than that, so none can hide in the dropped tail.
//!
//! A `long double` comes back in the x87 register `st(0)`, which Rust cannot name as a return
//! type, so the C entry points are naked trampolines around [`strtold_bytes`].
use core::cmp::Ordering;
use core::ffi::{c_char, c_void};

use crate::MAX_DIGITS;
use crate::strtod::{Format, convert, current_radix, radix_of, round_binary};
use crate::unit::Unit;

const F80: Format = Format { mant: 64, emin: -16382, hex_limit: 16445 };

/// Decimal exponents beyond which the result is certainly infinite or zero (the largest
/// x87 number is about 1.19e4932, half the smallest subnormal about 1.8e-4951).
const MAX_DEC_EXP: i64 = 4933;
const MIN_DEC_EXP: i64 = -4951;
/// 32-bit limbs: enough for 10^(MAX_DIGITS - MIN_DEC_EXP) shifted by 67 bits.
const LIMBS: usize = 1824;

/// A non-negative big integer, little-endian 32-bit limbs.
struct Big {
    l: [u32; LIMBS],
    n: usize,
}

impl Big {
    fn new(v: u32) -> Big {
        let mut b = Big { l: [0; LIMBS], n: 0 };
        if v != 0 {
            b.l[0] = v;
            b.n = 1;
        }
        b
    }
    /// `self = self * m + a`.
    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = a as u64;
        for x in &mut self.l[..self.n] {
            let v = *x as u64 * m as u64 + carry;
            *x = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.l[self.n] = carry as u32;
            self.n += 1;
        }
    }
    /// `self *= 10^k`.
    fn mul_pow10(&mut self, mut k: u32) {
        while k >= 9 {
            self.mul_add(1_000_000_000, 0);
            k -= 9;
        }
        if k > 0 {
            self.mul_add(10u32.pow(k), 0);
        }
    }
    fn bits(&self) -> usize {
        if self.n == 0 { 0 } else { 32 * self.n - self.l[self.n - 1].leading_zeros() as usize }
    }
    fn shl(&mut self, k: usize) {
        let (w, b) = (k / 32, k % 32);
        if self.n == 0 {
            return;
        }
        let old = self.n;
        self.n = old + w + 1;
        for i in (0..self.n).rev() {
            let hi = if i >= w && i - w < old { self.l[i - w] } else { 0 };
            let lo = if b != 0 && i > w && i - w - 1 < old { self.l[i - w - 1] } else { 0 };
            self.l[i] = if b == 0 { hi } else { hi << b | lo >> (32 - b) };
        }
        self.trim();
    }
    fn shr1(&mut self) {
        for i in 0..self.n {
            let next = if i + 1 < self.n { self.l[i + 1] } else { 0 };
            self.l[i] = self.l[i] >> 1 | next << 31;
        }
        self.trim();
    }
    fn trim(&mut self) {
        while self.n > 0 && self.l[self.n - 1] == 0 {
            self.n -= 1;
        }
    }
    fn cmp(&self, o: &Big) -> Ordering {
        self.n.cmp(&o.n).then_with(|| self.l[..self.n].iter().rev().cmp(o.l[..o.n].iter().rev()))
    }
    /// `self -= o`, where `o <= self`.
    fn sub(&mut self, o: &Big) {
        let mut borrow = 0i64;
        for i in 0..self.n {
            let v = self.l[i] as i64 - if i < o.n { o.l[i] as i64 } else { 0 } - borrow;
            self.l[i] = v as u32;
            borrow = (v < 0) as i64;
        }
        self.trim();
    }
}

/// The x87 bits (in `round_binary`'s layout) of the decimal `text` (digits, optional point,
/// optional exponent), correctly rounded.
fn decimal_bits(text: &str) -> u128 {
    let b = text.as_bytes();
    let inf = ((3 - 2 * F80.emin) as u128) << (F80.mant - 1);
    let mut num = Big::new(0);
    let (mut kept, mut sticky, mut point) = (0usize, false, 0i64);
    let mut seen_point = false;
    let mut i = 0;
    while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
        let c = b[i];
        i += 1;
        if c == b'.' {
            seen_point = true;
            continue;
        }
        if kept == 0 && c == b'0' {
            if seen_point {
                point -= 1;
            }
            continue;
        }
        if !seen_point {
            point += 1;
        }
        if kept < MAX_DIGITS {
            num.mul_add(10, (c - b'0') as u32);
            kept += 1;
        } else {
            sticky |= c != b'0';
        }
    }
    if kept == 0 {
        return 0;
    }
    let mut exp: i64 = 0;
    if i < b.len() {
        // `e`, an optional sign, digits (the front end checked the form).
        let neg = b[i + 1] == b'-';
        for &c in &b[i + 1..] {
            if c.is_ascii_digit() {
                exp = (exp * 10 + (c - b'0') as i64).min(crate::unit::MAX_EXPONENT);
            }
        }
        if neg {
            exp = -exp;
        }
    }
    // The value is 0.d1d2... * 10^(point + exp), so its decimal exponent is one less.
    let dec = point + exp;
    if dec > MAX_DEC_EXP {
        return inf;
    }
    if dec < MIN_DEC_EXP {
        return 0;
    }
    // value = num * 10^k
    let k = dec - kept as i64;
    let mut den = Big::new(1);
    if k >= 0 {
        num.mul_pow10(k as u32);
    } else {
        den.mul_pow10((-k) as u32);
    }
    // Scale so that the quotient has 66 or 67 bits: value = (num / den) * 2^t.
    let t = num.bits() as i64 - den.bits() as i64 - 66;
    if t < 0 {
        num.shl((-t) as usize);
    } else {
        den.shl(t as usize);
    }
    const QBITS: usize = 68;
    den.shl(QBITS - 1);
    let mut q: u128 = 0;
    for bit in (0..QBITS).rev() {
        if num.cmp(&den) != Ordering::Less {
            num.sub(&den);
            q |= 1 << bit;
        }
        den.shr1();
    }
    round_binary(q, sticky || num.n != 0, t, &F80)
}

/// Converts like `strtold`, returning the 80-bit result as 10 little-endian bytes (in a
/// 16-byte buffer), as the x87 `fld tbyte` instruction reads them.
///
/// # Safety
/// `s` must be NUL-terminated; `endptr` null or writable; `out` writable for 16 bytes.
pub unsafe extern "C" fn strtold_bytes(s: *const c_char, endptr: *mut *mut c_char, out: *mut [u8; 16]) {
    // SAFETY: the caller's contract is to_x87's.
    unsafe { to_x87(s.cast::<u8>(), endptr.cast(), current_radix(), out) }
}

/// Converts like `strtold` with the radix character `radix` rather than the locale's, for a
/// caller that has made the text itself, returning the result as [`strtold_bytes`] does.
///
/// # Safety
/// As for [`strtold_bytes`].
pub unsafe fn strtold_bytes_radix(s: *const c_char, endptr: *mut *mut c_char, radix: &[u8], out: *mut [u8; 16]) {
    // SAFETY: the caller's contract is to_x87's.
    unsafe { to_x87(s.cast::<u8>(), endptr.cast(), radix, out) }
}

/// Converts like `strtold_l` with the locale `loc`, returning the result as [`strtold_bytes`]
/// does.
///
/// # Safety
/// As for [`strtold_bytes`]; `loc` is a live locale object or `LC_GLOBAL_LOCALE`.
pub unsafe extern "C" fn strtold_l_bytes(s: *const c_char, endptr: *mut *mut c_char, out: *mut [u8; 16], loc: *mut c_void) {
    // SAFETY: the caller's contract is to_x87's and radix_of's.
    unsafe { to_x87(s.cast::<u8>(), endptr.cast(), radix_of(loc), out) }
}

/// Converts like `wcstold`, returning the result as [`strtold_bytes`] does.
///
/// # Safety
/// `s` must be terminated by a null wide character; `endptr` null or writable; `out`
/// writable for 16 bytes.
pub unsafe extern "C" fn wcstold_bytes(s: *const limpet_abi::wchar::wchar_t, endptr: *mut *mut limpet_abi::wchar::wchar_t, out: *mut [u8; 16]) {
    // SAFETY: the caller's contract is to_x87's; a wchar_t is a u32's size and alignment.
    unsafe { to_x87(s.cast::<u32>(), endptr.cast(), current_radix(), out) }
}

/// The conversion of both, over either character unit, with the radix character `radix`.
///
/// # Safety
/// `s` must be terminated by a zero unit; `endptr` null or writable; `out` writable for 16
/// bytes.
unsafe fn to_x87<C: Unit>(s: *const C, endptr: *mut *mut C, radix: &[u8], out: *mut [u8; 16]) {
    // SAFETY: the caller's string is terminated and `endptr` null or writable.
    let (bits, neg) = unsafe { convert(s, endptr, radix, &F80, &decimal_bits) };
    // round_binary's layout folds the integer bit into the exponent; x87 stores it.
    let exp = bits >> 63;
    let frac = bits & ((1 << 63) - 1);
    let x87 = (neg as u128) << 79 | exp << 64 | ((exp != 0) as u128) << 63 | frac;
    // SAFETY: the caller's buffer.
    unsafe { *out = x87.to_le_bytes() };
}

/// Defines a `long double`-returning entry point: reserve a 16-byte buffer (keeping the
/// stack 16-byte aligned for the call), let the `bytes` function ([`strtold_bytes`],
/// [`strtold_l_bytes`] or [`wcstold_bytes`]) fill it, load it into `st(0)`. The third
/// argument (the `_l` forms' locale) moves to the fourth register, after the buffer; the
/// functions with three parameters ignore it.
macro_rules! x87_entry {
    ($($(#[$doc:meta])* $name:ident($char:ty) = $bytes:ident;)+) => {$(
        $(#[$doc])*
        #[unsafe(naked)]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub unsafe extern "C" fn $name(s: *const $char, endptr: *mut *mut $char, loc: *mut c_void) {
            core::arch::naked_asm!(
                "mov rcx, rdx",
                "sub rsp, 24",
                "mov rdx, rsp",
                "call {bytes}",
                "fld tbyte ptr [rsp]",
                "add rsp, 24",
                "ret",
                bytes = sym $bytes,
            )
        }
    )+};
}

x87_entry! {
    /// `long double strtold(const char *s, char **endptr)`—[`strtod`](crate::strtod::strtod)
    /// for the x87 `long double`, correctly rounded. (The Rust signature is nominal: the
    /// result is returned in `st(0)`; the third parameter is unused.)
    ///
    /// # Safety
    /// `s` must be NUL-terminated; `endptr` null or writable. Callable from C only.
    strtold(c_char) = strtold_bytes;
    /// `long double strtold_l(const char *s, char **endptr, locale_t loc)`—`strtold` with
    /// the radix character of `loc`'s `LC_NUMERIC`.
    ///
    /// # Safety
    /// As for `strtold`; `loc` is a live locale object or `LC_GLOBAL_LOCALE`.
    strtold_l(c_char) = strtold_l_bytes;
    /// `long double __strtold_l(const char *s, char **endptr, locale_t loc)`—musl's internal
    /// name of `strtold_l`.
    ///
    /// # Safety
    /// As for `strtold_l`.
    __strtold_l(c_char) = strtold_l_bytes;
    /// `long double wcstold(const wchar_t *s, wchar_t **endptr)`—`strtold` for a wide
    /// string (`wcstod.rs` says how the wide forms read); `*endptr` counts wide characters.
    /// (The Rust signature is nominal, as for `strtold`.)
    ///
    /// # Safety
    /// `s` must be terminated by a null wide character; `endptr` null or writable. Callable
    /// from C only.
    wcstold(limpet_abi::wchar::wchar_t) = wcstold_bytes;
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::testutil::Rng;
    use std::ffi::CString;

    unsafe extern "C" {
        #[link_name = "strtold"]
        fn host_strtold();
    }

    /// Calls the host's strtold and stores its `st(0)` result.
    #[unsafe(naked)]
    unsafe extern "C" fn host_bytes(s: *const c_char, endptr: *mut *mut c_char, out: *mut [u8; 16]) {
        core::arch::naked_asm!(
            "push rdx",
            "call {f}",
            "pop rdx",
            "fstp tbyte ptr [rdx]",
            "ret",
            f = sym host_strtold,
        )
    }

    /// Calls our C entry point the way C does, and stores its `st(0)` result.
    #[unsafe(naked)]
    unsafe extern "C" fn ours_via_entry(s: *const c_char, endptr: *mut *mut c_char, out: *mut [u8; 16]) {
        core::arch::naked_asm!(
            "push rdx",
            "call {f}",
            "pop rdx",
            "fstp tbyte ptr [rdx]",
            "ret",
            f = sym strtold,
        )
    }

    fn check(s: &str) {
        let c = CString::new(s).unwrap();
        let (mut a, mut b, mut v) = ([0u8; 16], [0u8; 16], [0u8; 16]);
        let (mut e1, mut e2) = (core::ptr::null_mut(), core::ptr::null_mut());
        unsafe {
            strtold_bytes(c.as_ptr(), &mut e1, &mut a);
            host_bytes(c.as_ptr(), &mut e2, &mut b);
            ours_via_entry(c.as_ptr(), core::ptr::null_mut(), &mut v);
        }
        let is_nan = |x: &[u8; 16]| x[8] | 0x80 == 0xff && x[9] & 0x7f == 0x7f && x[..8] != [0, 0, 0, 0, 0, 0, 0, 0x80];
        if is_nan(&a) && is_nan(&b) {
            return;
        }
        assert_eq!(a[..10], b[..10], "{s:?}");
        assert_eq!(a[..10], v[..10], "entry {s:?}");
        assert_eq!(e1, e2, "end of {s:?}");
    }

    /// The inputs `strtold` is checked on besides generated ones, narrow here and wide in
    /// `wcstod.rs`.
    pub(crate) const CORPUS: &[&str] = &[
        "0", "1", "-1", "0.5", "3", "1e4932", "1.18973149535723176502e4932", "1.18973149535723176508e4932",
        "1.18973149535723176509e4932", "3.64519953188247460253e-4951", "1.8e-4951", "1.82259976594123730126e-4951",
        "1.82259976594123730127e-4951", "3.3621031431120935063e-4932", "1e-4940", "1e-5000", "1e5000", "0x1p-16445",
        "0x1p-16446", "0x1.8p-16446", "0x1.ffffffffffffffffp16383", "0x1.fffffffffffffffep16383", "inf", "nan", "-0",
        "0.1", "123456789012345678901234567890", "0x123456789abcdef0123p-10", "2.5e-1", "1e", ".5e+2x",
    ];

    /// A random decimal input over the whole exponent range, sometimes with many digits.
    pub(crate) fn generated(r: &mut Rng) -> String {
        let long = r.below(10) == 0;
        let digits = 1 + r.below(if long { 120 } else { 25 });
        let mut s: String = (0..digits).map(|_| char::from(b'0' + r.below(10) as u8)).collect();
        if r.below(2) == 0 {
            let at = r.below(digits + 1) as usize;
            s.insert(at, '.');
        }
        let e = r.below(10000) as i64 - 5000;
        s.push_str(&format!("e{e}"));
        s
    }

    /// The exact decimal value of a random x87 midpoint, and one a little above it.
    pub(crate) fn halfway(r: &mut Rng) -> [String; 2] {
        let m = r.next() | 1 << 63;
        let e2 = r.below(200) as i64 - 100;
        // (2m+1) * 2^(e2-1) written exactly in decimal through the big integers.
        let mut n = Big::new(0);
        let odd = 2 * m as u128 + 1;
        for limb in [(odd >> 64) as u32, (odd >> 32) as u32, odd as u32] {
            n.shl(32);
            if n.n == 0 {
                n = Big::new(limb);
            } else {
                n.l[0] |= limb;
            }
        }
        let (digits, exp10) = if e2 - 1 >= 0 {
            n.shl((e2 - 1) as usize);
            (to_decimal(&n), 0)
        } else {
            let k = (1 - e2) as u32;
            // odd / 2^k = odd * 5^k / 10^k
            for _ in 0..k {
                n.mul_add(5, 0);
            }
            (to_decimal(&n), -(k as i64))
        };
        [format!("{digits}e{exp10}"), format!("{digits}1e{}", exp10 - 1)]
    }

    #[test]
    fn agrees_with_glibc() {
        for &s in CORPUS {
            check(s);
        }
        let mut r = Rng(12345);
        for _ in 0..3000 {
            check(&generated(&mut r));
        }
        for _ in 0..300 {
            for s in halfway(&mut r) {
                check(&s);
            }
        }
    }

    fn to_decimal(n: &Big) -> String {
        let mut n = Big { l: n.l, n: n.n };
        let mut out = Vec::new();
        while n.n > 0 {
            let mut rem = 0u64;
            for i in (0..n.n).rev() {
                let v = rem << 32 | n.l[i] as u64;
                n.l[i] = (v / 10) as u32;
                rem = v % 10;
            }
            n.trim();
            out.push(b'0' + rem as u8);
        }
        out.reverse();
        String::from_utf8(out).unwrap()
    }
}
