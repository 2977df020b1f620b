//! Exact binary-to-decimal conversion for the decimal float conversions (`%f %e %g`).
//!
//! A finite float is `m · 2^e` with an integer `m`. Its decimal expansion is finite, and it is
//! held here as a big number in base 10^9 ("limbs", least significant first) with the decimal
//! point on a limb boundary: `frac` limbs after the point, at least one before it.
//! - `e ≥ 0`: the integer `m · 2^e`, doubled up in steps of at most 2^29.
//! - `e < 0` with `k = -e ≤ 98` (every double from about 2^-45 up): the integer part is
//!   `m >> k` and each fraction limb is the top of `frac · 10^9`, which fits a `u128`.
//! - smaller values have up to 16445 fraction digits (2^-16445), far more than a conversion
//!   usually shows, so only the digits asked for ([`Need`]) are made, still exactly: with `P`
//!   digits after the point, `Q = ⌊m · 5^P · 2^P / 2^k⌋` is computed in binary (a `u64` per
//!   word, in steps of 5^27), the bits shifted out become one more digit `1` after `Q` when
//!   any is set (a "sticky" digit: it makes a 5 before it round up, and nothing else), and `Q`
//!   is then converted to base 10^9. Asking for more digits than the expansion has (`P ≥ k`)
//!   gives the whole expansion.
//!
//! Rounding to a decimal position then looks at the digits after it (above, at or below half a
//! unit, the tie broken to even, as musl does in the default rounding mode) and carries up the
//! limbs. The digits are written straight from the limbs; past the ones held they are 0.
//! The largest long double needs 549 limbs, the smallest one up to 1828 fraction limbs:
//! [`F80_LIMBS`] `u32`s on the stack, for a double [`F64_LIMBS`].
use super::Sink;
use super::format::Out;

/// Ten to the ninth: one limb holds nine decimal digits.
const BASE: u32 = 1_000_000_000;
const LIMB_DIGITS: i64 = 9;
/// `limb · 2^29 + carry` fits a `u64` with room to spare.
const SHIFT_STEP: u32 = 29;
/// Up to this many fraction bits, `frac · 10^9` fits a `u128`.
const FAST_FRAC_BITS: u32 = 98;
/// Limbs for a double: 1074 fraction digits (+1 sticky, +8 to align) are 120 fraction limbs,
/// one integer limb, one for a rounding carry; the integer 2^1024 takes only 35.
pub(crate) const F64_LIMBS: usize = 124;
/// Limbs for an x87 long double: 16445 fraction digits (+1, +8) are 1828 fraction limbs, plus
/// the integer limb and a carry; the integer 2^16384 takes 549.
pub(crate) const F80_LIMBS: usize = 1832;

/// The largest power of 5 that fits a `u64`, for the binary products.
const BIN_POW5_STEP: u64 = 7_450_580_596_923_828_125;
const BIN_POW5_STEP_EXP: u32 = 27;
/// Words of `m · 5^P · 10^9` for P up to 16445: 64 + 38184 + 30 bits.
const BIN_WORDS: usize = 600;
/// 78913 / 2^18 is just below log10(2).
const LOG10_2_NUM: i64 = 78913;
const LOG10_2_SHIFT: u32 = 18;

/// Which digits a conversion shows, so that tiny values need not be expanded in full.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Need {
    /// Down to 10^-p (`%f` with precision p).
    Frac(usize),
    /// The first n significant digits (`%e`, `%g`).
    Sig(usize),
}

const POW10: [u32; 10] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000];

/// The exact decimal value of a finite float, see the module doc.
pub(crate) struct Decimal<'a> {
    limbs: &'a mut [u32],
    /// Limbs in use; always more than `frac`.
    n: usize,
    /// Limbs after the decimal point.
    frac: usize,
}

/// Number of decimal digits of a non-zero limb.
fn limb_digits(v: u32) -> i64 {
    POW10[1..].iter().take_while(|&&p| v >= p).count() as i64 + 1
}

/// `b[..n] *= f`, growing `n` by the carry.
fn mul_bin(b: &mut [u64], n: &mut usize, f: u64) {
    let mut carry = 0u128;
    for w in &mut b[..*n] {
        let v = u128::from(*w) * u128::from(f) + carry;
        *w = v as u64;
        carry = v >> 64;
    }
    if carry > 0 {
        b[*n] = carry as u64;
        *n += 1;
    }
}

/// `b[..n] >>= s`; returns whether any bit shifted out was set.
fn shr_bin(b: &mut [u64], n: &mut usize, s: u32) -> bool {
    let words = (s / 64) as usize;
    let bits = s % 64;
    if words >= *n {
        let sticky = b[..*n].iter().any(|&w| w != 0);
        *n = 0;
        return sticky;
    }
    let sticky = b[..words].iter().any(|&w| w != 0) || (bits > 0 && b[words] & ((1 << bits) - 1) != 0);
    for i in 0..*n - words {
        let lo = b[i + words] >> bits;
        let hi = if bits > 0 && i + words + 1 < *n { b[i + words + 1] << (64 - bits) } else { 0 };
        b[i] = lo | hi;
    }
    *n -= words;
    while *n > 0 && b[*n - 1] == 0 {
        *n -= 1;
    }
    sticky
}

impl<'a> Decimal<'a> {
    /// The value `m · 2^e`, exact at least in the digits `need` names and in whether the rest
    /// is above, at or below half a unit of the last of them; in `buf`, which must hold
    /// [`F64_LIMBS`] limbs for a double's `m` and `e`, [`F80_LIMBS`] for a long double's.
    pub(crate) fn new(buf: &'a mut [u32], mut m: u64, mut e: i32, need: Need) -> Self {
        if m == 0 {
            buf[0] = 0;
            return Decimal { limbs: buf, n: 1, frac: 0 };
        }
        // Fewer factors of two make shorter work, for 2^e with e < 0 most of all.
        let tz = m.trailing_zeros();
        m >>= tz;
        e += tz as i32;
        if e >= 0 {
            let mut d = Decimal { limbs: buf, n: 0, frac: 0 };
            d.push_int(m);
            let mut left = e as u32;
            while left > 0 {
                let s = left.min(SHIFT_STEP);
                d.mul_small(1 << s);
                left -= s;
            }
            return d;
        }
        let k = e.unsigned_abs();
        if k <= FAST_FRAC_BITS {
            let frac = k.div_ceil(LIMB_DIGITS as u32) as usize;
            let mask = (1u128 << k) - 1;
            let mut rest = u128::from(m) & mask;
            for i in (0..frac).rev() {
                rest *= u128::from(BASE);
                buf[i] = (rest >> k) as u32;
                rest &= mask;
            }
            let int = if k < 64 { m >> k } else { 0 };
            let mut d = Decimal { limbs: buf, n: frac, frac };
            d.push_int(int);
            return d;
        }
        Self::scaled(buf, m, k, need)
    }

    /// `m / 2^k` (`k > 98`, `m ≠ 0`) to the digits `need` asks for; see the module doc.
    #[inline(never)]
    fn scaled(buf: &'a mut [u32], m: u64, k: u32, need: Need) -> Self {
        let wanted = match need {
            Need::Frac(p) => p as i64 + 1,
            Need::Sig(n) => {
                // A lower bound of the power of the first digit: the value is at least
                // 2^(bits - 1 - k).
                let low_log2 = i64::from(64 - m.leading_zeros()) - 1 - i64::from(k);
                let first = ((low_log2 * LOG10_2_NUM) >> LOG10_2_SHIFT) - 1;
                n as i64 - first
            }
        };
        let p = wanted.clamp(1, i64::from(k)) as u32;
        let mut bin = [0u64; BIN_WORDS];
        bin[0] = m;
        let mut nb = 1;
        let mut left = p;
        while left > 0 {
            let s = left.min(BIN_POW5_STEP_EXP);
            mul_bin(&mut bin, &mut nb, if s == BIN_POW5_STEP_EXP { BIN_POW5_STEP } else { 5u64.pow(s) });
            left -= s;
        }
        let sticky = shr_bin(&mut bin, &mut nb, k - p);
        let mut digits = p;
        if p < k {
            // The sticky digit (the product is even, so adding 1 does not carry).
            mul_bin(&mut bin, &mut nb, 10);
            bin[0] += u64::from(sticky);
            digits += 1;
        }
        let align = (LIMB_DIGITS as u32 - digits % LIMB_DIGITS as u32) % LIMB_DIGITS as u32;
        mul_bin(&mut bin, &mut nb, u64::from(POW10[align as usize]));
        let mut d = Decimal { limbs: buf, n: 0, frac: ((digits + align) / LIMB_DIGITS as u32) as usize };
        // Base 2^64 to base 10^9, one limb per division of the whole number by 10^9, done on
        // 32-bit halves so that every step divides a u64.
        while nb > 0 {
            let mut rem = 0u64;
            for w in bin[..nb].iter_mut().rev() {
                let hi = (rem << 32) | (*w >> 32);
                let lo = ((hi % u64::from(BASE)) << 32) | (*w & 0xffff_ffff);
                *w = ((hi / u64::from(BASE)) << 32) | (lo / u64::from(BASE));
                rem = lo % u64::from(BASE);
            }
            d.limbs[d.n] = rem as u32;
            d.n += 1;
            while nb > 0 && bin[nb - 1] == 0 {
                nb -= 1;
            }
        }
        if d.n <= d.frac {
            d.limbs[d.n..=d.frac].fill(0);
            d.n = d.frac + 1;
        }
        d
    }

    /// Appends `v` as the most significant limbs (at least one).
    fn push_int(&mut self, mut v: u64) {
        loop {
            self.limbs[self.n] = (v % u64::from(BASE)) as u32;
            self.n += 1;
            v /= u64::from(BASE);
            if v == 0 {
                break;
            }
        }
    }

    /// Multiplies the whole number by `f` (at most 2^29).
    fn mul_small(&mut self, f: u64) {
        let mut carry = 0u64;
        for limb in &mut self.limbs[..self.n] {
            let v = u64::from(*limb) * f + carry;
            *limb = (v % u64::from(BASE)) as u32;
            carry = v / u64::from(BASE);
        }
        while carry > 0 {
            self.limbs[self.n] = (carry % u64::from(BASE)) as u32;
            self.n += 1;
            carry /= u64::from(BASE);
        }
    }

    /// The index of the most significant non-zero limb, if any.
    fn top(&self) -> Option<usize> {
        self.limbs[..self.n].iter().rposition(|&l| l != 0)
    }

    /// The power of ten of the first significant digit (0 for zero).
    pub(crate) fn exp10(&self) -> i64 {
        match self.top() {
            None => 0,
            Some(t) => (t as i64 - self.frac as i64) * LIMB_DIGITS + limb_digits(self.limbs[t]) - 1,
        }
    }

    /// Where the digit of power `q` is: its limb index (possibly outside `0..n`) and its
    /// place in the limb.
    fn locate(&self, q: i64) -> (i64, usize) {
        let i = q.div_euclid(LIMB_DIGITS) + self.frac as i64;
        (i, q.rem_euclid(LIMB_DIGITS) as usize)
    }

    /// Rounds to a multiple of 10^r, to nearest with ties to even. `r` is at most the power of
    /// the first digit, or 0: the digit at power `r` is always in the number's limbs.
    pub(crate) fn round_at(&mut self, r: i64) {
        let (i, off) = self.locate(r);
        if i < 0 || (i == 0 && off == 0) {
            return;
        }
        let i = i as usize;
        let unit = POW10[off];
        let (rest, half, below) = if off > 0 {
            (self.limbs[i] % unit, unit / 2, &self.limbs[..i])
        } else {
            (self.limbs[i - 1], BASE / 2, &self.limbs[..i - 1])
        };
        let sticky = below.iter().any(|&l| l != 0);
        let odd = (self.limbs[i] / unit) % 2 == 1;
        let up = rest > half || (rest == half && (sticky || odd));
        let keep = self.limbs[i] - self.limbs[i] % unit;
        self.limbs[..i].fill(0);
        self.limbs[i] = keep;
        if up {
            self.limbs[i] += unit;
            let mut j = i;
            while self.limbs[j] >= BASE {
                self.limbs[j] -= BASE;
                j += 1;
                if j == self.n {
                    self.limbs[j] = 0;
                    self.n += 1;
                }
                self.limbs[j] += 1;
            }
        }
    }

    /// The power of the last non-zero digit, or None for zero.
    pub(crate) fn last_nonzero(&self) -> Option<i64> {
        let j = self.limbs[..self.n].iter().position(|&l| l != 0)?;
        let mut v = self.limbs[j];
        let mut tz = 0;
        while v.is_multiple_of(10) {
            v /= 10;
            tz += 1;
        }
        Some((j as i64 - self.frac as i64) * LIMB_DIGITS + tz)
    }

    /// Writes the digits of powers `hi` down to `lo` (inclusive, `hi ≥ lo`); digits beyond the
    /// number's limbs are 0.
    pub(crate) fn write<S: Sink + ?Sized>(&self, out: &mut Out<'_, S>, hi: i64, lo: i64) {
        let bottom = -(self.frac as i64) * LIMB_DIGITS;
        let mut q = hi;
        while q >= lo.max(bottom) {
            let (i, off) = self.locate(q);
            let limb = if (i as usize) < self.n { self.limbs[i as usize] } else { 0 };
            let mut text = [0u8; LIMB_DIGITS as usize];
            let mut v = limb;
            for c in text.iter_mut().rev() {
                *c = b'0' + (v % 10) as u8;
                v /= 10;
            }
            // Digits of powers q down to max(lo, the limb's lowest).
            let from = LIMB_DIGITS as usize - 1 - off;
            let count = ((q - lo + 1) as usize).min(off + 1);
            out.put(&text[from..from + count]);
            q -= count as i64;
        }
        if q >= lo {
            out.pad(b'0', (q - lo + 1) as usize);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// More digits than any expansion has.
    const ALL: Need = Need::Frac(20_000);

    /// The exact digits of `m · 2^e` around the point, as "int.frac" with the fraction trimmed.
    fn exact(m: u64, e: i32, cap: usize) -> String {
        let mut buf = vec![0u32; cap];
        let d = Decimal::new(&mut buf, m, e, ALL);
        let hi = d.exp10().max(0);
        let lo = d.last_nonzero().unwrap_or(0).min(0);
        let mut v = Vec::new();
        let mut out = Out::new(&mut v);
        d.write(&mut out, hi, 0);
        if lo < 0 {
            out.put(b".");
            d.write(&mut out, -1, lo);
        }
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn exact_expansions() {
        assert_eq!(exact(0, 0, F64_LIMBS), "0");
        assert_eq!(exact(1, 0, F64_LIMBS), "1");
        assert_eq!(exact(3, -1, F64_LIMBS), "1.5");
        assert_eq!(exact(1, -10, F64_LIMBS), "0.0009765625");
        assert_eq!(exact(u64::MAX, 0, F64_LIMBS), "18446744073709551615");
        assert_eq!(exact(1, 64, F64_LIMBS), "18446744073709551616");
        assert_eq!(exact(1, 100, F64_LIMBS), "1267650600228229401496703205376");
        // 2^-99 and 2^-98: on either side of the u128 fast path.
        assert_eq!(exact(1, -98, F64_LIMBS), "0.00000000000000000000000000000315544362088404722164691426113114491869282574043609201908111572265625");
        assert_eq!(exact(1, -99, F64_LIMBS), "0.000000000000000000000000000001577721810442023610823457130565572459346412870218046009540557861328125");
        assert_eq!(exact(0xffff_ffff_ffff_ffff, -99, F64_LIMBS), exact(0xffff_ffff_ffff_ffff, -99, F80_LIMBS));
    }

    #[test]
    fn expansions_agree_with_u128_arithmetic() {
        // m · 2^e for e ≥ -60 checked against integer arithmetic scaled by 10^k.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = x >> (x % 40);
            let e = (x % 30) as i32 - 20;
            let got = exact(m, e, F64_LIMBS);
            let want = if e >= 0 {
                ((m as u128) << e).to_string()
            } else {
                let k = (-e) as u32;
                let int = m >> k;
                let frac = (u128::from(m & ((1 << k) - 1)) * 10u128.pow(k)) >> k;
                let s = format!("{int}.{frac:0>w$}", w = k as usize);
                s.trim_end_matches('0').trim_end_matches('.').to_string()
            };
            assert_eq!(got, want, "{m} * 2^{e}");
        }
    }

    #[test]
    fn rounding_ties_to_even_and_carries() {
        let mut buf = [0u32; F64_LIMBS];
        let cases: &[(u64, i32, i64, &str)] = &[
            (5, -1, 0, "2"),   // 2.5 -> 2
            (7, -1, 0, "4"),   // 3.5 -> 4
            (5, -3, -1, "0.6"), // 0.625 -> 0.6
            (3, -3, -1, "0.4"), // 0.375 -> 0.4
            (999_999_999_999, 0, 3, "1000000000000"),
            (1_000_000_000 - 1, -1, 0, "500000000"), // 499999999.5 -> 500000000
            (1, -1, 0, "0"),    // 0.5 -> 0
            (3, -2, 0, "1"),    // 0.75 -> 1
        ];
        for &(m, e, r, want) in cases {
            let mut d = Decimal::new(&mut buf, m, e, Need::Frac((-r).max(0) as usize));
            d.round_at(r);
            let mut v = Vec::new();
            let mut out = Out::new(&mut v);
            d.write(&mut out, d.exp10().max(0), r.min(0));
            let mut s = String::from_utf8(v).unwrap();
            if r < 0 {
                s.insert(s.len() - (-r) as usize, '.');
            }
            assert_eq!(s, want, "{m} * 2^{e} at 10^{r}");
        }
    }

    /// The digits of `m · 2^e` rounded at 10^r, from a `Decimal` made for `need`.
    fn rounded(m: u64, e: i32, need: Need, r: i64) -> (i64, String) {
        let mut buf = vec![0u32; F80_LIMBS];
        let mut d = Decimal::new(&mut buf, m, e, need);
        d.round_at(r);
        let x = d.exp10();
        let mut v = Vec::new();
        d.write(&mut Out::new(&mut v), x.max(r), r);
        (x, String::from_utf8(v).unwrap())
    }

    #[test]
    fn only_the_needed_digits_round_like_all_of_them() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for i in 0..1000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Ties and near-ties come from significands with few bits.
            let m = if i % 3 == 0 { x >> (x % 62) } else { x | 1 };
            let e = -99 - (x % 3000) as i32;
            let n = 1 + (x >> 20) as usize % 40;
            let mut buf = vec![0u32; F80_LIMBS];
            let first = Decimal::new(&mut buf, m, e, ALL).exp10();
            assert_eq!(rounded(m, e, Need::Sig(n), first - n as i64 + 1), rounded(m, e, ALL, first - n as i64 + 1), "{m} 2^{e} sig {n}");
            let p = (-first) as usize + n - 3;
            assert_eq!(rounded(m, e, Need::Frac(p), -(p as i64)), rounded(m, e, ALL, -(p as i64)), "{m} 2^{e} frac {p}");
        }
        // Exact ties: an odd m · 2^-k ends in a 5, so cutting off just that digit is a tie.
        for m in (1..200u64).step_by(2) {
            for e in -140..-99 {
                let mut buf = vec![0u32; F80_LIMBS];
                let d = Decimal::new(&mut buf, m, e, ALL);
                let (first, last) = (d.exp10(), d.last_nonzero().unwrap());
                let n = (first - last) as usize;
                assert_eq!(rounded(m, e, Need::Sig(n), last + 1), rounded(m, e, ALL, last + 1), "{m} 2^{e}");
                assert_eq!(rounded(m, e, Need::Frac((-last - 1) as usize), last + 1), rounded(m, e, ALL, last + 1), "{m} 2^{e}");
            }
        }
    }

    #[test]
    fn long_double_extremes() {
        let mut buf = vec![0u32; F80_LIMBS];
        // LDBL_MAX and the smallest subnormal: 4933 integer digits, 16445 fraction digits.
        let d = Decimal::new(&mut buf, u64::MAX, 16384 - 64, Need::Sig(1));
        assert_eq!(d.exp10(), 4932);
        let d = Decimal::new(&mut buf, 1, -16445, ALL);
        assert_eq!((d.exp10(), d.last_nonzero()), (-4951, Some(-16445)));
    }
}
