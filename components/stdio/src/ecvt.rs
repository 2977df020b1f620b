//! `ecvt`, `fcvt` and `gcvt` (declared in `<stdlib.h>`), the legacy conversions of a double
//! to decimal digits, built on the printf core as musl's are on `snprintf` and `sprintf`, and
//! behaving exactly as musl's are observed to:
//! - `ecvt(x, n)` gives `n` significant digits, with `n` outside 1..=16 taken as 15;
//! - `fcvt(x, n)` gives digits down to the `n`th decimal place (`n` above 1400 taken as 1400,
//!   which includes negative values); when `x` has no nonzero digit there, `n + 1` zeros
//!   (at most 15) with the point after the first;
//! - `gcvt(x, n, buf)` is `sprintf(buf, "%.*g", n, x)`.
use core::ffi::{c_char, c_double, c_int};

use crate::abi::INT_MAX;
use crate::printf::numeric::Numeric;
use crate::printf::{FloatStyle, float_as};
use crate::vsnprintf::BufSink;

/// The C prototype of `snprintf`.
type Snprintf = unsafe extern "C" fn(*mut c_char, usize, *const c_char, ...) -> c_int;

/// This crate's own `snprintf`, called as C calls it (for `gcvt`, which is `sprintf`'s
/// `%.*g`, in the locale's conventions as in glibc).
fn snprintf() -> Snprintf {
    // SAFETY: the trampoline is a C-variadic function with this prototype.
    unsafe { core::mem::transmute::<*const (), Snprintf>(crate::variadic::snprintf as *const ()) }
}

/// `%.*e` or `%.*f` (by `style`) of `x` with precision `prec` into `buf`, NUL-terminated and
/// cut to fit as snprintf's: always with the C locale's `.`, which `ecvt` and `fcvt` take
/// out (their digits never hold a radix character, whatever the locale).
fn digits_into(buf: &mut [u8], style: FloatStyle, prec: c_int, x: c_double) {
    let room = buf.len() - 1;
    let mut sink = BufSink { next: buf.as_mut_ptr(), room };
    // Only a count past INT_MAX fails, which these buffers are far below.
    let n = float_as(&mut sink, x, 0, prec.max(0) as usize, style, &Numeric::C).unwrap_or(0);
    buf[n.min(room)] = 0;
}

/// The most digits `ecvt` returns.
const ECVT_MAX: usize = 16;
/// The digits `ecvt` gives for a count outside 1..=16.
const ECVT_DEFAULT: c_int = 15;
/// `fcvt`'s largest number of decimal places.
const FCVT_MAX_PLACES: c_int = 1400;
/// `fcvt`'s longest string of zeros, less one.
const FCVT_MAX_ZEROS: c_int = 14;

/// The digits `ecvt` and `fcvt` return (one static buffer, as in C).
static mut DIGITS: [u8; ECVT_MAX + 1] = [0; ECVT_MAX + 1];
static ZEROS: [u8; 16] = *b"000000000000000\0";

/// `ecvt(x, n, decpt, sign)`—The first `n` significant decimal digits of `x` (rounded; `n`
/// outside 1..=16 means 15) in a static buffer; `*decpt` gets the position of the decimal
/// point relative to them and `*sign` whether `x` is negative.
///
/// # Safety
/// `decpt` and `sign` must be writable. Not thread-safe: the buffer is shared.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ecvt(x: c_double, n: c_int, decpt: *mut c_int, sign: *mut c_int) -> *mut c_char {
    let n = if (n as u32).wrapping_sub(1) >= ECVT_MAX as u32 { ECVT_DEFAULT } else { n };
    let mut buf = [0u8; 32];
    // At most 32 bytes: "-d.ddddddddddddddde+ddd" is shorter.
    digits_into(&mut buf, FloatStyle::Exp, n - 1, x);
    // SAFETY: the static buffer is only used here and returned to the caller, as C intends.
    let out = unsafe { &mut *(&raw mut DIGITS) };
    let mut k = 0;
    let mut i = 0;
    while i < buf.len() && buf[i] != 0 && buf[i] != b'e' {
        if buf[i] != b'.' && buf[i] != b'-' && k < ECVT_MAX {
            out[k] = buf[i];
            k += 1;
        }
        i += 1;
    }
    out[k] = 0;
    let exp = if i < buf.len() && buf[i] == b'e' {
        // SAFETY: the exponent digits follow and end at the NUL snprintf wrote.
        unsafe { limpet_stdlib::strtol::atoi(buf.as_ptr().add(i + 1).cast()) }
    } else {
        -1
    };
    // SAFETY: the caller passes writable pointers.
    unsafe {
        *decpt = exp + 1;
        *sign = (buf[0] == b'-') as c_int;
    }
    out.as_mut_ptr().cast()
}

/// `fcvt(x, n, decpt, sign)`—The decimal digits of `x` rounded to `n` places after the
/// point, without leading zeros, in a static buffer (at most 16 significant digits); `*decpt`
/// and `*sign` as for [`ecvt`]. A value with no nonzero digit in those places gives `n + 1`
/// zeros (at most 15) and `*decpt` 1.
///
/// # Safety
/// As for [`ecvt`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fcvt(x: c_double, n: c_int, decpt: *mut c_int, sign: *mut c_int) -> *mut c_char {
    let n = if n as u32 > FCVT_MAX_PLACES as u32 { FCVT_MAX_PLACES } else { n };
    // 309 integer digits, the point, 1400 places, a sign and the NUL fit.
    let mut buf = [0u8; 1800];
    digits_into(&mut buf, FloatStyle::Fixed, n, x);
    let neg = buf[0] == b'-';
    let body = &buf[neg as usize..];
    // Leading zeros after "0." count positively; integer digits count negatively.
    let lead = if body[0] == b'0' {
        body.get(2..).map_or(0, |f| f.iter().take_while(|c| **c == b'0').count()) as c_int
    } else {
        -(body.iter().take_while(|c| **c != b'.' && **c != 0).count() as c_int)
    };
    if n <= lead {
        // SAFETY: the caller passes writable pointers.
        unsafe {
            *sign = neg as c_int;
            *decpt = 1;
        }
        let zeros = n.min(FCVT_MAX_ZEROS) as usize + 1;
        return ZEROS[15 - zeros..].as_ptr() as *mut c_char;
    }
    // SAFETY: the caller's contract.
    unsafe { ecvt(x, n - lead, decpt, sign) }
}

/// `gcvt(x, n, buf)`—Formats `x` with `n` significant digits as `%.*g` does, into `buf`;
/// returns `buf`.
///
/// # Safety
/// `buf` must be large enough for the result (`n` + 8 bytes suffices).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn gcvt(x: c_double, n: c_int, buf: *mut c_char) -> *mut c_char {
    // SAFETY: the caller vouches for the buffer's size, as with sprintf.
    unsafe { snprintf()(buf, INT_MAX, c"%.*g".as_ptr(), n, x) };
    buf
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;

    fn e(x: f64, n: c_int) -> (String, c_int, c_int) {
        let (mut dp, mut s) = (0, 0);
        let p = unsafe { ecvt(x, n, &mut dp, &mut s) };
        (unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_owned(), dp, s)
    }
    fn f(x: f64, n: c_int) -> (String, c_int, c_int) {
        let (mut dp, mut s) = (0, 0);
        let p = unsafe { fcvt(x, n, &mut dp, &mut s) };
        (unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_owned(), dp, s)
    }

    #[test]
    fn as_musl() {
        // Measured on musl 1.2.x.
        let s = |a: &str, b, c| (a.to_owned(), b, c);
        assert_eq!(e(0.0, 0), s("000000000000000", 1, 0));
        assert_eq!(e(-0.0, 3), s("000", 1, 1));
        assert_eq!(e(123.456, 1), s("1", 3, 0));
        assert_eq!(e(123.456, 6), s("123456", 3, 0));
        assert_eq!(e(123.456, 20), s("123456000000000", 3, 0));
        assert_eq!(e(9.9999, 3), s("100", 2, 0));
        assert_eq!(e(0.000123456, 3), s("123", -3, 0));
        assert_eq!(e(0.5, 1), s("5", 0, 0));
        assert_eq!(f(0.0, 0), s("0", 1, 0));
        assert_eq!(f(-0.0, 3), s("0000", 1, 1));
        assert_eq!(f(1.0, -1), s("100000000000000", 1, 0));
        assert_eq!(f(123.456, 1), s("1235", 3, 0));
        assert_eq!(f(99.5, 0), s("995", 2, 0));
        assert_eq!(f(9.9999, 0), s("10", 2, 0));
        assert_eq!(f(0.000123456, 3), s("0000", 1, 0));
        assert_eq!(f(0.000123456, 6), s("123", -3, 0));
        assert_eq!(f(0.000123456, 17), s("12345600000000", -3, 0));
        assert_eq!(f(0.0, 20), s("000000000000000", 1, 0));
        let mut buf = [0 as c_char; 64];
        let g = |x, n, b: &mut [c_char; 64]| unsafe { CStr::from_ptr(gcvt(x, n, b.as_mut_ptr())) }.to_str().unwrap().to_owned();
        assert_eq!(g(123.456, 1, &mut buf), "1e+02");
        assert_eq!(g(0.000123456, 3, &mut buf), "0.000123");
        assert_eq!(g(-0.0, 6, &mut buf), "-0");
    }

    #[test]
    fn digits_whatever_the_radix() {
        use crate::printf::numeric::tests::CONVENTIONS;
        let c_locale = [e(123.456, 6), e(0.5, 1), f(123.456, 1), f(0.000123456, 6), f(1234567.25, 2)];
        CONVENTIONS.set(Some((b",", b".", b"\x03")));
        let comma = [e(123.456, 6), e(0.5, 1), f(123.456, 1), f(0.000123456, 6), f(1234567.25, 2)];
        let mut buf = [0 as c_char; 64];
        // SAFETY: a 64-byte buffer.
        let g = unsafe { CStr::from_ptr(gcvt(1.5, 3, buf.as_mut_ptr())) }.to_str().unwrap().to_owned();
        CONVENTIONS.set(None);
        assert_eq!(comma, c_locale);
        // gcvt is sprintf's %.*g, in the locale's conventions (as glibc's).
        assert_eq!(g, "1,5");
    }
}
