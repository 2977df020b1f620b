//! When musl reports ERANGE for a decimal input whose correctly rounded result is subnormal
//! or zero: only when the result is inexact, and not when rounding carried the value up to a
//! power of two (the smallest value of the next binade, which musl's scaling treats as a
//! normalised result). An exact subnormal, such as the 751-digit expansion of 2^-1074, sets
//! nothing. This needs the exact value, so it compares the input's decimal digits with the
//! result in big integers: `D * 10^E` against `k * 2^q`.
use core::cmp::Ordering;

use crate::MAX_DIGITS;
use crate::strtod::Format;

/// 32-bit limbs: enough for a long double's smallest values with every significant digit
/// an exact one can have (5^16,445 has 11,495 digits), about 40,000 bits.
const LIMBS: usize = 1280;

/// An unsigned integer of up to [`LIMBS`] limbs, least significant first.
struct Big {
    len: usize,
    limb: [u32; LIMBS],
}

impl Big {
    fn from_u128(v: u128) -> Big {
        let mut b = Big { len: 0, limb: [0; LIMBS] };
        let mut v = v;
        while v != 0 {
            b.limb[b.len] = v as u32;
            b.len += 1;
            v >>= 32;
        }
        b
    }

    fn mul_add(&mut self, m: u32, add: u32) {
        let mut carry = u64::from(add);
        for l in &mut self.limb[..self.len] {
            let t = u64::from(*l) * u64::from(m) + carry;
            *l = t as u32;
            carry = t >> 32;
        }
        if carry != 0 {
            self.limb[self.len] = carry as u32;
            self.len += 1;
        }
    }

    fn mul_pow5(&mut self, mut n: u64) {
        // 5^13 is the largest power of five that fits a limb.
        while n >= 13 {
            self.mul_add(1_220_703_125, 0);
            n -= 13;
        }
        self.mul_add(5u32.pow(n as u32), 0);
    }

    fn shl(&mut self, bits: u64) {
        if self.len == 0 {
            return;
        }
        let (words, bits) = ((bits / 32) as usize, (bits % 32) as u32);
        if bits != 0 {
            let mut carry = 0;
            for l in &mut self.limb[..self.len] {
                let v = *l;
                *l = v << bits | carry;
                carry = v >> (32 - bits);
            }
            if carry != 0 {
                self.limb[self.len] = carry;
                self.len += 1;
            }
        }
        if words != 0 {
            self.limb.copy_within(..self.len, words);
            self.limb[..words].fill(0);
            self.len += words;
        }
    }

    fn cmp(&self, o: &Big) -> Ordering {
        self.len.cmp(&o.len).then_with(|| self.limb[..self.len].iter().rev().cmp(o.limb[..o.len].iter().rev()))
    }
}

/// The significant digits of decimal `text` (digits, an optional point, an optional
/// exponent) as an integer `D`, with `E` such that the value is `D * 10^E`, and whether
/// nonzero digits were dropped past [`MAX_DIGITS`]. None for a zero value.
fn decompose(text: &[u8]) -> Option<(Big, i64, bool)> {
    let mant_end = text.iter().position(|c| c | 0x20 == b'e').unwrap_or(text.len());
    let (mant, exp) = text.split_at(mant_end);
    let mut e: i64 = exp
        .get(1..)
        .map(|s| {
            let (neg, digits) = match s.first() {
                Some(b'-') => (true, &s[1..]),
                Some(b'+') => (false, &s[1..]),
                _ => (false, s),
            };
            let v = digits.iter().fold(0i64, |v, d| (v * 10 + i64::from(d - b'0')).min(crate::unit::MAX_EXPONENT));
            if neg { -v } else { v }
        })
        .unwrap_or(0);
    let point = mant.iter().position(|&c| c == b'.');
    let digits = || mant.iter().copied().filter(u8::is_ascii_digit);
    e -= point.map_or(0, |p| mant[p + 1..].len() as i64);
    let first = digits().position(|d| d != b'0')?;
    let last = digits().enumerate().filter(|&(_, d)| d != b'0').map(|(i, _)| i).last()?;
    e += (digits().count() - 1 - last) as i64;
    let significant = last + 1 - first;
    let kept = significant.min(MAX_DIGITS);
    let sticky = digits().skip(first + kept).take(significant - kept).any(|d| d != b'0');
    e += (significant - kept) as i64;
    let mut d = Big::from_u128(0);
    let mut chunk = (0u32, 1u32);
    for c in digits().skip(first).take(kept) {
        chunk = (chunk.0 * 10 + u32::from(c - b'0'), chunk.1 * 10);
        if chunk.1 == 1_000_000_000 {
            d.mul_add(chunk.1, chunk.0);
            chunk = (0, 1);
        }
    }
    if chunk.1 != 1 {
        d.mul_add(chunk.1, chunk.0);
    }
    Some((d, e, sticky))
}

/// Whether musl sets ERANGE for the nonzero decimal `text` whose correctly rounded result in
/// format `f` has the subnormal (or zero) encoding `bits`.
pub(crate) fn underflow_reported(text: &str, bits: u128, f: &Format) -> bool {
    if bits == 0 {
        // Nonzero, rounded to zero: inexact.
        return true;
    }
    let Some((mut d, e, sticky)) = decompose(text.as_bytes()) else { return false };
    // The result is bits * 2^-q2 with q2 = mant - 1 - emin; the value d * 10^e, e < 0 for
    // anything this small.
    let q2 = (i64::from(f.mant) - 1 - f.emin) as u64;
    if e >= 0 {
        return false;
    }
    let s = e.unsigned_abs();
    // Compare d * 2^q2 with bits * 5^s * 2^s.
    let mut r = Big::from_u128(bits);
    r.mul_pow5(s);
    if q2 >= s {
        d.shl(q2 - s);
    } else {
        r.shl(s - q2);
    }
    let order = match d.cmp(&r) {
        Ordering::Equal if sticky => Ordering::Greater,
        o => o,
    };
    match order {
        Ordering::Equal => false,
        // Rounded up: a carry to a power of two counts as normalised.
        Ordering::Less => !bits.is_power_of_two(),
        Ordering::Greater => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_arithmetic() {
        let mut a = Big::from_u128(3);
        a.mul_pow5(30);
        a.shl(70);
        let mut b = Big::from_u128(5u128.pow(30) * 3);
        b.shl(70);
        assert_eq!(a.cmp(&b), Ordering::Equal);
        b.mul_add(1, 1);
        assert_eq!(a.cmp(&b), Ordering::Less);
    }

    #[test]
    fn decimal_parts() {
        let (d, e, sticky) = decompose(b"0012.3400e-5").unwrap();
        assert_eq!((d.limb[0], d.len, e, sticky), (1234, 1, -7, false));
        let (d, e, _) = decompose(b"5000").unwrap();
        assert_eq!((d.limb[0], e), (5, 3));
        assert!(decompose(b"0.000e7").is_none());
    }
}
