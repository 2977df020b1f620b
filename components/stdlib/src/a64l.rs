//! `a64l` and `l64a`: 32-bit values in POSIX's radix-64 notation, whose digits are
//! `./0-9A-Za-z` for 0 to 63, least significant first, at most six of them.
//!
//! As in musl, only the low 32 bits of `l64a`'s argument are written (the digits of a
//! negative `long` are those of its 32-bit two's complement), and `a64l` returns its 32 bits
//! sign-extended, so the two are inverses over the whole `int32_t` range.
use core::ffi::{c_char, c_long};

/// The radix-64 digits, by value.
const DIGITS: &[u8; 64] = b"./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/// Bits a digit carries.
const DIGIT_BITS: u32 = 6;
/// The most digits a value has (32 bits, 6 at a time).
const MAX_DIGITS: usize = 6;

/// The value of the radix-64 digit `c`, if it is one.
fn digit_value(c: u8) -> Option<u32> {
    let v = match c {
        b'.' | b'/' => c - b'.',
        b'0'..=b'9' => c - b'0' + 2,
        b'A'..=b'Z' => c - b'A' + 12,
        b'a'..=b'z' => c - b'a' + 38,
        _ => return None,
    };
    Some(v as u32)
}

/// `long a64l(const char *s)`—The value of the radix-64 digits at the start of `s` (up to
/// six, least significant first; the first non-digit or the sixth digit ends them), as a
/// 32-bit signed value. Digits past bit 31 are dropped.
///
/// # Safety
/// `s` must be NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn a64l(s: *const c_char) -> c_long {
    let mut x: u32 = 0;
    for i in 0..MAX_DIGITS {
        // SAFETY: every earlier byte was a digit, so not the terminator: `s + i` is within
        // the string.
        let Some(d) = digit_value(unsafe { *s.add(i) } as u8) else { break };
        x |= d << (DIGIT_BITS * i as u32);
    }
    x as i32 as c_long
}

/// The string `l64a` returns, overwritten by each call.
static mut L64A_BUF: [u8; MAX_DIGITS + 1] = [0; MAX_DIGITS + 1];

/// `char *l64a(long v)`—The radix-64 digits of the low 32 bits of `v`, least significant
/// first, without trailing zero digits (so the empty string for 0), in a static buffer that
/// the next call overwrites. Not thread-safe, as POSIX allows.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn l64a(v: c_long) -> *mut c_char {
    let mut x = v as u32;
    let mut digits = [0u8; MAX_DIGITS + 1];
    let mut n = 0;
    while x != 0 {
        digits[n] = DIGITS[(x % DIGITS.len() as u32) as usize];
        x >>= DIGIT_BITS;
        n += 1;
    }
    let buf = &raw mut L64A_BUF;
    // SAFETY: the buffer is only written here; l64a is not thread-safe, as C allows, and a
    // caller reads the previous result only until its next call.
    unsafe {
        *buf = digits;
        (*buf).as_mut_ptr().cast()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;

    fn text(v: c_long) -> String {
        unsafe { CStr::from_ptr(l64a(v)) }.to_str().unwrap().to_owned()
    }

    #[test]
    fn digits_in_order() {
        for (i, &d) in DIGITS.iter().enumerate() {
            assert_eq!(digit_value(d), Some(i as u32));
        }
        assert_eq!(digit_value(b'-'), None);
        assert_eq!(digit_value(0), None);
    }

    #[test]
    fn known_values() {
        assert_eq!(text(0), "");
        assert_eq!(text(1), "/");
        assert_eq!(text(64), "./");
        assert_eq!(text(0x7fff_ffff), "zzzzz/");
        assert_eq!(text(-1), "zzzzz1");
        assert_eq!(text(1 << 32 | 5), "3");
        unsafe {
            assert_eq!(a64l(c"".as_ptr()), 0);
            assert_eq!(a64l(c"./".as_ptr()), 64);
            assert_eq!(a64l(c"zzzzz1".as_ptr()), -1);
            assert_eq!(a64l(c"zzzzzz".as_ptr()), -1);
            assert_eq!(a64l(c"zzzzzzzzz".as_ptr()), -1);
            assert_eq!(a64l(c"0-1".as_ptr()), 2);
        }
        // Inverses over the int32_t range (in this test: l64a's buffer is shared).
        let mut v: i64 = i32::MIN as i64;
        while v <= i32::MAX as i64 {
            let s = std::ffi::CString::new(text(v)).unwrap();
            assert_eq!(unsafe { a64l(s.as_ptr()) }, v);
            v += 65_537;
        }
    }
}
