//! The integer field of `%d %i %o %u %x %X %p`: `strtoull`'s syntax, read one unit at a time.
use limpet_syscall::errno::{EINVAL, ERANGE};
use limpet_syscall::set_errno;

use super::Input;
use super::reader::Reader;

/// The value of `c` as a digit of `base` (2..=36), if it is one.
fn digit(c: Option<u32>, base: u32) -> Option<u32> {
    let c = c?;
    let d = match c {
        0x30..=0x39 => c - 0x30,
        0x41..=0x5a => c - 0x41 + 10,
        0x61..=0x7a => c - 0x61 + 10,
        _ => return None,
    };
    (d < base).then_some(d)
}

fn is(c: Option<u32>, b: u8) -> bool {
    c == Some(u32::from(b))
}

/// Reads an optionally signed integer in `base` (0: `0x` hexadecimal, `0` octal, else
/// decimal; 16 also takes a `0x`). None is a matching failure, with what was read consumed:
/// a sign or `0x` without a digit after it. Without any digit errno is EINVAL (but not after
/// `0x`, as in musl). A magnitude past 64 bits gives `u64::MAX` whatever the sign, with
/// ERANGE; otherwise a negative value is the magnitude negated modulo 2^64.
pub(crate) fn read_int<I: Input + ?Sized>(r: &mut Reader<'_, I>, mut base: u32) -> Option<u64> {
    let mut c = r.get();
    let mut neg = false;
    if is(c, b'+') || is(c, b'-') {
        neg = is(c, b'-');
        c = r.get();
    }
    if (base == 0 || base == 16) && is(c, b'0') {
        c = r.get();
        if c.is_some_and(|x| x | 0x20 == u32::from(b'x')) {
            c = r.get();
            if digit(c, 16).is_none() {
                r.unget();
                return None;
            }
            base = 16;
        } else if base == 0 {
            base = 8;
        }
    } else {
        if base == 0 {
            base = 10;
        }
        if digit(c, base).is_none() {
            r.unget();
            set_errno(EINVAL);
            return None;
        }
    }
    let mut v: u64 = 0;
    let mut overflow = false;
    while let Some(d) = digit(c, base) {
        if !overflow {
            match v.checked_mul(u64::from(base)).and_then(|x| x.checked_add(u64::from(d))) {
                Some(x) => v = x,
                None => overflow = true,
            }
        }
        c = r.get();
    }
    r.unget();
    if overflow {
        set_errno(ERANGE);
        return Some(u64::MAX);
    }
    Some(if neg { v.wrapping_neg() } else { v })
}
