//! x^n for an integer n, in 256-bit arithmetic: `pow`'s and `powl`'s integral powers that
//! land within a hair of a rounding boundary.
//!
//! Such powers are not rare: for x = 2^p - a (p the format's precision, a small),
//! x^±n = 2^±pn·(1 ∓ n·a·2^-p + C·a²·2^-2p ...), whose first-order term is a whole number
//! of half-ulps, so the value sits about C·2^-2p from a midpoint or a representable
//! number, closer than the double-double paths resolve (2^-100 or so; 2^-128 for `powl`).
//! Here x^|n| is taken by binary powering with 256-bit significands, truncating each
//! product (each at most 2^-255 relative), and 1/x^|n| by a 256-bit long division, so the
//! value is known within 2^-249 for |n| < 2^16. The rounding is decided when the value is
//! farther than that from every boundary of the format's grid (the representable numbers
//! and the midpoints), or exact; the caller falls back otherwise (then the value is a
//! one-in-2^180 coincidence away from a boundary).

/// A positive number m·2^e, m a 256-bit integer with its top bit set (hi, lo), and whether
/// it is exactly the value it stands for.
#[derive(Clone, Copy)]
struct Big {
    hi: u128,
    lo: u128,
    e: i64,
    exact: bool,
}

/// The 256-bit product of two 128-bit integers, as (high, low).
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    let (a1, a0) = (a >> 64, a & u128::from(u64::MAX));
    let (b1, b0) = (b >> 64, b & u128::from(u64::MAX));
    let ll = a0 * b0;
    let lh = a0 * b1;
    let hl = a1 * b0;
    let hh = a1 * b1;
    // The middle column: at most 3·(2^64 - 1), no overflow.
    let mid = (ll >> 64) + (lh & u128::from(u64::MAX)) + (hl & u128::from(u64::MAX));
    let lo = (ll & u128::from(u64::MAX)) | (mid << 64);
    let hi = hh + (lh >> 64) + (hl >> 64) + (mid >> 64);
    (hi, lo)
}

/// a·b, the product's top 256 bits (the rest dropped, which clears `exact` if nonzero).
fn mul(a: Big, b: Big) -> Big {
    let (ll_h, ll_l) = mul_wide(a.lo, b.lo);
    let (lh_h, lh_l) = mul_wide(a.lo, b.hi);
    let (hl_h, hl_l) = mul_wide(a.hi, b.lo);
    let (hh_h, hh_l) = mul_wide(a.hi, b.hi);
    // Columns of 128 bits: p0 = ll_l; p1 = ll_h + lh_l + hl_l; p2 = lh_h + hl_h + hh_l +
    // carries; p3 = hh_h + carries (the whole product is below 2^512).
    let p0 = ll_l;
    let (s, c1) = ll_h.overflowing_add(lh_l);
    let (p1, c2) = s.overflowing_add(hl_l);
    let carry1 = u128::from(c1) + u128::from(c2);
    let (s, c3) = lh_h.overflowing_add(hl_h);
    let (s, c4) = s.overflowing_add(hh_l);
    let (p2, c5) = s.overflowing_add(carry1);
    let p3 = hh_h + u128::from(c3) + u128::from(c4) + u128::from(c5);
    // Both factors are at least 2^255: the product's top bit is bit 511 or 510.
    let exact = a.exact && b.exact;
    if p3 >> 127 == 1 {
        Big { hi: p3, lo: p2, e: a.e + b.e + 256, exact: exact && p1 == 0 && p0 == 0 }
    } else {
        Big {
            hi: p3 << 1 | p2 >> 127,
            lo: p2 << 1 | p1 >> 127,
            e: a.e + b.e + 255,
            exact: exact && p1 << 1 == 0 && p0 == 0,
        }
    }
}

/// 1/a: floor(2^511/m)·2^(-511-e) by restoring division, 256 quotient bits.
fn recip(a: Big) -> Big {
    if a.hi == 1 << 127 && a.lo == 0 {
        // A power of 2.
        return Big { hi: 1 << 127, lo: 0, e: -510 - a.e, exact: a.exact };
    }
    // m > 2^255: the quotient is in (2^255, 2^256). r < m throughout; 2r can pass 2^256, in
    // which case it is above m and the wrapped difference is right.
    let (mut rh, mut rl) = (1u128 << 127, 0u128);
    let (mut qh, mut ql) = (0u128, 0u128);
    for _ in 0..256 {
        let carry = rh >> 127 == 1;
        rh = rh << 1 | rl >> 127;
        rl <<= 1;
        qh = qh << 1 | ql >> 127;
        ql <<= 1;
        if carry || (rh, rl) >= (a.hi, a.lo) {
            let (l, b) = rl.overflowing_sub(a.lo);
            rh = rh.wrapping_sub(a.hi).wrapping_sub(u128::from(b));
            rl = l;
            ql |= 1;
        }
    }
    Big { hi: qh, lo: ql, e: -511 - a.e, exact: a.exact && rh == 0 && rl == 0 }
}

/// (m·2^e)^n for 0 < m < 2^64 and 0 < |n| < 2^16, rounded to `p` bits (53 or 64), as the
/// value's top p + 2 bits with a sticky last bit and the exponent of that last bit: the
/// caller rounds v·2^ev once, in its mode. `None` where the 256-bit value does not decide.
pub(crate) fn pow_int(m: u64, e: i64, n: i64, p: u32) -> Option<(u128, i64)> {
    debug_assert!(m != 0 && n != 0 && n.unsigned_abs() < 1 << 16 && (p == 53 || p == 64));
    let lz = m.leading_zeros();
    let base = Big { hi: u128::from(m << lz) << 64, lo: 0, e: e - i64::from(lz) - 192, exact: true };
    let k = n.unsigned_abs();
    let mut r = base;
    for i in (0..63 - k.leading_zeros()).rev() {
        r = mul(r, r);
        if k >> i & 1 == 1 {
            r = mul(r, base);
        }
    }
    if n < 0 {
        r = recip(r);
    }
    // The grid of p + 1 bits (the representable numbers and the midpoints) in units of
    // the 256-bit significand: multiples of 2^(255 - p). `rest` is the significand's
    // part below it, its top bits in `rest_hi` (the part of `hi` below bit 127 - p).
    let shift = 127 - p; // the grid's step within `hi`
    let top = r.hi >> shift; // p + 1 bits
    let rest_hi = r.hi & ((1u128 << shift) - 1);
    let sticky = rest_hi != 0 || r.lo != 0;
    if !r.exact {
        // The error is below 2^-249 of the value, under 2^7 units of the significand's
        // last bit: within 2^8 units of a grid point (the part below the grid step is
        // that close to 0 or to the step) is undecided.
        let near_zero = rest_hi == 0 && r.lo < 1 << 8;
        let near_step = rest_hi == (1u128 << shift) - 1 && r.lo > u128::MAX - (1 << 8);
        if near_zero || near_step {
            return None;
        }
    }
    Some((top << 1 | u128::from(sticky), r.e + 128 + i64::from(shift) - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Round-to-nearest of v (p + 2 bits with a sticky bit) to p bits: the test's own.
    fn nearest(v: u128) -> u128 {
        let (keep, g, s) = (v >> 2, v >> 1 & 1, v & 1);
        if g == 1 && (s == 1 || keep & 1 == 1) { keep + 1 } else { keep }
    }

    /// What `pow_int` should give for an exact integer value `x`·2^e of `bits` bits (from
    /// its top p + 1 bits and whether any below are set).
    fn expected(top: u128, below: bool, bits: i64, e: i64, p: u32) -> (u128, i64) {
        (top << 1 | u128::from(below), e + bits - i64::from(p) - 2)
    }

    /// Hard cases worked by hand: x = 2^p - a to a negative power, a hair off a midpoint.
    #[test]
    fn near_midpoints_round_the_right_way() {
        // 1/(2^53 - 1) = 2^-53·(1 + 2^-53 + 2^-106 + ...): past the midpoint, so up.
        let (v, ev) = pow_int((1 << 53) - 1, 0, -1, 53).unwrap();
        assert_eq!((nearest(v), ev + 2), ((1 << 52) + 1, -53 - 52));
        // (2^53 - 3)^-3 = 2^-159·(1 + 9·2^-53 + 54·2^-106 ...): 4.5 ulps and a hair.
        let (v, ev) = pow_int((1 << 53) - 3, 0, -3, 53).unwrap();
        assert_eq!((nearest(v), ev + 2), ((1 << 52) + 5, -159 - 52));
        // (2^64 - 1)^-1 to 64 bits: 2^-64·(1 + 2^-64 + ...), past the midpoint.
        let (v, ev) = pow_int(u64::MAX, 0, -1, 64).unwrap();
        assert_eq!((nearest(v), ev + 2), ((1 << 63) + 1, -64 - 63));
        // (2^64 - 47)^-3 to 64 bits: 70.5 ulps and a hair (the differential test's case).
        let (v, ev) = pow_int(u64::MAX - 46, 0, -3, 64).unwrap();
        assert_eq!((nearest(v), ev + 2), ((1 << 63) + 71, -192 - 63));
    }

    /// Positive powers against exact multiplication in 64-bit limbs, and 1/m against the
    /// host's 128-bit division, for random m (and m near 2^64), in both precisions.
    #[test]
    fn agree_with_exact_integer_arithmetic() {
        let mut rng = crate::support::XorShift(0x9e37_79b9_7f4a_7c15);
        for i in 0..crate::support::scaled(4000) {
            let m = match i % 3 {
                0 => rng.next() | 1,
                1 => u64::MAX - (rng.next() & 0xff),
                _ => (rng.next() >> 11) | 1,
            };
            let e = (rng.next() % 200) as i64 - 100;
            for p in [53u32, 64] {
                let n = (i % 9 + 1) as u32;
                let mut limbs = [0u64; 10];
                limbs[0] = 1;
                for _ in 0..n {
                    let mut carry = 0u128;
                    for w in limbs.iter_mut() {
                        let t = u128::from(*w) * u128::from(m) + carry;
                        *w = t as u64;
                        carry = t >> 64;
                    }
                }
                let top_limb = limbs.iter().rposition(|&w| w != 0).unwrap();
                let bits = 64 * top_limb as i64 + 64 - i64::from(limbs[top_limb].leading_zeros());
                let lo = bits - i64::from(p) - 1;
                if lo < 1 {
                    continue;
                }
                let b64 = |at: i64| u128::from(crate::trig::bits64(&limbs, at as i32));
                let top = (b64(lo + 64) << 64 | b64(lo)) & ((1 << (p + 1)) - 1);
                let below = (0..lo).any(|b| limbs[(b / 64) as usize] >> (b % 64) & 1 == 1);
                let want = expected(top, below, bits, e * i64::from(n), p);
                if let Some(got) = pow_int(m, e, i64::from(n), p) {
                    assert_eq!(got, want, "{m}^{n}, p = {p}");
                }
                // 1/m: 2^127/m, where it has p + 2 bits or more: its top p + 1 and the rest.
                let (q, r) = ((1u128 << 127) / u128::from(m), (1u128 << 127) % u128::from(m));
                let qbits = 128 - i64::from(q.leading_zeros());
                let sh = qbits - i64::from(p) - 1;
                if sh < 1 {
                    continue;
                }
                let below = q & ((1 << sh) - 1) != 0 || r != 0;
                let want = ((q >> sh) << 1 | u128::from(below), -e - 127 + sh - 1);
                if let Some(got) = pow_int(m, e, -1, p) {
                    assert_eq!(got, want, "1/{m}, p = {p}");
                }
            }
        }
    }
}
