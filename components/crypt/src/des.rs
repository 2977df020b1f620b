//! The DES block cipher (FIPS 46-3), with the salt of Unix `crypt`: a salt bit swaps two
//! bits of the E expansion, so that a precomputed table of plain DES cannot attack the
//! hashes. `des_crypt` builds the two DES crypt methods on it, `encrypt` the old
//! `setkey`/`encrypt` block interface.
//!
//! Bits are numbered as in FIPS 46-3, from 1 at the most significant end: a block or a key
//! is a `u64` whose bit 1 is bit 63, a half block a `u32` whose bit 1 is bit 31.
//!
//! The round function is table-driven: the eight S-boxes and the P permutation after them
//! are folded into eight tables of 64 words (`SP`), each indexed by six bits of the
//! expanded half block XOR the round key. Those indexes depend on the key, so the table
//! reads depend on secret data; DES's S-boxes force that unless the cipher is bitsliced,
//! which pays only when many blocks are encrypted at once, and crypt encrypts one block
//! after another, each depending on the last.

/// The initial permutation IP: bit `i + 1` of the output is bit `IP[i]` of the input.
const IP: [u8; 64] = [
    58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4, //
    62, 54, 46, 38, 30, 22, 14, 6, 64, 56, 48, 40, 32, 24, 16, 8, //
    57, 49, 41, 33, 25, 17, 9, 1, 59, 51, 43, 35, 27, 19, 11, 3, //
    61, 53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31, 23, 15, 7,
];

/// The final permutation, IP's inverse.
const FP: [u8; 64] = invert(&IP);

/// Permuted choice 1: the 56 key bits that matter (every eighth is a parity bit), as the
/// two 28-bit halves C and D.
const PC1: [u8; 56] = [
    57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18, //
    10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60, 52, 44, 36, //
    63, 55, 47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22, //
    14, 6, 61, 53, 45, 37, 29, 21, 13, 5, 28, 20, 12, 4,
];

/// Permuted choice 2: a round key's 48 bits, out of the 56 of C and D.
const PC2: [u8; 48] = [
    14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10, //
    23, 19, 12, 4, 26, 8, 16, 7, 27, 20, 13, 2, //
    41, 52, 31, 37, 47, 55, 30, 40, 51, 45, 33, 48, //
    44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32,
];

/// How far C and D rotate left before each round.
const SHIFTS: [u32; ROUNDS] = [1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1];

/// The permutation P applied to the S-boxes' 32 output bits.
const P: [u8; 32] = [
    16, 7, 20, 21, 29, 12, 28, 17, 1, 15, 23, 26, 5, 18, 31, 10, //
    2, 8, 24, 14, 32, 27, 3, 9, 19, 13, 30, 6, 22, 11, 4, 25,
];

/// The eight S-boxes, each four rows of 16 (the row is an input's outer bits, the column
/// its inner four).
const S: [[u8; 64]; 8] = [
    [
        14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7, //
        0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8, //
        4, 1, 14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0, //
        15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13,
    ],
    [
        15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10, //
        3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5, //
        0, 14, 7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15, //
        13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9,
    ],
    [
        10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8, //
        13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1, //
        13, 6, 4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7, //
        1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12,
    ],
    [
        7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15, //
        13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9, //
        10, 6, 9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4, //
        3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14,
    ],
    [
        2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9, //
        14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6, //
        4, 2, 1, 11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14, //
        11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3,
    ],
    [
        12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11, //
        10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8, //
        9, 14, 15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6, //
        4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13,
    ],
    [
        4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1, //
        13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6, //
        1, 4, 11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2, //
        6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12,
    ],
    [
        13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7, //
        1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2, //
        7, 11, 4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8, //
        2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11,
    ],
];

/// Rounds of the cipher.
pub const ROUNDS: usize = 16;
/// Bits of one S-box input, a group of the expansion E.
const GROUP: u32 = 6;
const GROUP_MASK: u64 = (1 << GROUP) - 1;
/// The expansion E and a round key are kept as eight groups of six bits, one a byte
/// (group 1 in the top byte), so that a group is a shift and a mask away.
const LANE: u32 = 8;
/// Bits of a half block.
const HALF: u32 = 32;
/// Bits of the C and D halves of the key schedule.
const CD_HALF: u32 = 28;
/// The salt: 24 bits, each swapping bit `k + 1` of E with bit `k + 25`, which is the bit at
/// the same place four groups on.
pub const SALT_BITS: u32 = 24;
const SALT_GROUPS: usize = 4;

/// Bit `n` (1 = most significant) of the `width`-bit value `x`.
const fn bit(x: u64, width: u32, n: u8) -> u64 {
    (x >> (width - n as u32)) & 1
}

/// Applies a permutation table: bit `i + 1` of the result (of `table.len()` bits) is bit
/// `table[i]` of the `width`-bit `x`.
const fn permute(x: u64, width: u32, table: &[u8]) -> u64 {
    let mut out = 0;
    let mut i = 0;
    while i < table.len() {
        out = out << 1 | bit(x, width, table[i]);
        i += 1;
    }
    out
}

/// The inverse of a permutation of 64 bits.
const fn invert(t: &[u8; 64]) -> [u8; 64] {
    let mut inv = [0; 64];
    let mut i = 0;
    while i < 64 {
        inv[t[i] as usize - 1] = i as u8 + 1;
        i += 1;
    }
    inv
}

/// S-box `n` and P together: for each six-bit input, the S-box's four bits put at their
/// place in the 32 and permuted by P.
const fn sp_table(n: usize) -> [u32; 64] {
    let mut t = [0; 64];
    let mut x = 0;
    while x < 64 {
        let row = (x >> 4 & 2) | (x & 1);
        let col = (x >> 1) & 0xf;
        let s = S[n][row * 16 + col] as u64;
        let placed = s << (HALF as usize - 4 * (n + 1));
        t[x] = permute(placed, HALF, &P) as u32;
        x += 1;
    }
    t
}

const SP: [[u32; 64]; 8] =
    [sp_table(0), sp_table(1), sp_table(2), sp_table(3), sp_table(4), sp_table(5), sp_table(6), sp_table(7)];

/// The sixteen round keys of a key, each as eight six-bit groups a byte.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Schedule {
    keys: [u64; ROUNDS],
}

/// Spreads 48 bits into eight bytes of six bits each, the first six bits in the top byte.
const fn to_lanes(x: u64) -> u64 {
    let mut out = 0;
    let mut g = 0;
    while g < 8 {
        out |= ((x >> (GROUP * (7 - g))) & GROUP_MASK) << (LANE * (7 - g));
        g += 1;
    }
    out
}

impl Schedule {
    /// The schedule of the all-zero key (every round key zero): what `encrypt` uses before
    /// any `setkey`.
    pub const ZERO: Schedule = Schedule { keys: [0; ROUNDS] };

    /// The round keys of the 64-bit `key` (its parity bits, the last of each byte, ignored).
    pub fn new(key: u64) -> Schedule {
        let cd = permute(key, 64, &PC1);
        let half_mask = (1u64 << CD_HALF) - 1;
        let (mut c, mut d) = (cd >> CD_HALF, cd & half_mask);
        let mut keys = [0; ROUNDS];
        for (k, &s) in keys.iter_mut().zip(&SHIFTS) {
            c = ((c << s) | (c >> (CD_HALF - s))) & half_mask;
            d = ((d << s) | (d >> (CD_HALF - s))) & half_mask;
            *k = to_lanes(permute(c << CD_HALF | d, 2 * CD_HALF, &PC2));
        }
        Schedule { keys }
    }
}

/// The salt as the mask of E bits to swap: salt bit `k` (the lowest first) swaps bit
/// `k + 1` of E with bit `k + 25`; the mask holds, in groups 5 to 8, the bit of each pair
/// that lies there, so that one shift reaches the other.
pub fn salt_mask(salt: u32) -> u64 {
    let mut mask = 0;
    for g in 0..SALT_GROUPS {
        let six = (salt >> (GROUP * g as u32)) as u64 & GROUP_MASK;
        // Salt bit 6g + q swaps the q-th bit of group g (from its top), so the group's six
        // salt bits go in reversed.
        let reversed = (six.reverse_bits() >> (64 - GROUP)) & GROUP_MASK;
        mask |= reversed << (LANE * (3 - g as u32));
    }
    mask
}

/// The round function f: E (swapped by the salt), the round key, the S-boxes and P.
#[inline(always)]
fn f(r: u32, key: u64, salt: u64) -> u32 {
    // E's group g is half-block bits 4g - 1 to 4g + 4 (bit 0 being bit 32): a rotation
    // brings them to the top.
    let mut e = 0u64;
    for g in 0..8u32 {
        e = e << LANE | u64::from(r.rotate_left((4 * g + HALF - 1) % HALF) >> (HALF - GROUP));
    }
    let t = (e ^ (e >> (LANE * SALT_GROUPS as u32))) & salt;
    e ^= t | (t << (LANE * SALT_GROUPS as u32));
    e ^= key;
    // The SP reads are indexed by key-dependent bits (see the module doc).
    let mut out = 0;
    for (g, table) in SP.iter().enumerate() {
        out |= table[((e >> (LANE * (7 - g as u32))) & GROUP_MASK) as usize];
    }
    out
}

/// The sixteen rounds on the halves `(l, r)` of a block after IP, with the salt mask `salt`
/// (0: plain DES), decrypting when `decrypt`. Returns the halves swapped as the cipher
/// leaves them for FP, which is also how the next encryption of the result after IP starts:
/// repeated encryption need not leave this form.
#[inline]
pub fn rounds(s: &Schedule, (mut l, mut r): (u32, u32), salt: u64, decrypt: bool) -> (u32, u32) {
    for i in 0..ROUNDS {
        let k = s.keys[if decrypt { ROUNDS - 1 - i } else { i }];
        (l, r) = (r, l ^ f(r, k, salt));
    }
    (r, l)
}

/// IP, and the block's halves.
pub fn initial(block: u64) -> (u32, u32) {
    let x = permute(block, 64, &IP);
    ((x >> HALF) as u32, x as u32)
}

/// The block that FP makes of the halves `rounds` returned.
pub fn last((l, r): (u32, u32)) -> u64 {
    permute(u64::from(l) << HALF | u64::from(r), 64, &FP)
}

/// One block through DES, without salt.
pub fn block(s: &Schedule, block: u64, decrypt: bool) -> u64 {
    last(rounds(s, initial(block), 0, decrypt))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn s_box_rows_are_permutations() {
        for b in &S {
            for row in b.chunks(16) {
                let mut seen = [false; 16];
                for &v in row {
                    seen[v as usize] = true;
                }
                assert!(seen.iter().all(|&x| x));
            }
        }
    }

    #[test]
    fn fp_undoes_ip() {
        for i in 0..64 {
            let x = 0x0123_4567_89ab_cdefu64.rotate_left(i) ^ (1 << i);
            assert_eq!(last(initial(x)), permute(permute(x, 64, &IP), 64, &FP));
            assert_eq!(permute(permute(x, 64, &IP), 64, &FP), x);
        }
    }

    /// Known answers: FIPS 81's ECB example, the worked example every DES text uses, and
    /// NBS Special Publication 500-20's variable-plaintext and variable-key tables (key
    /// 0101010101010101, which is zero but for parity, and one key bit set).
    const KNOWN: &[(u64, u64, u64)] = &[
        (0x0123456789abcdef, 0x4e6f772069732074, 0x3fa40e8a984d4815),
        (0x133457799bbcdff1, 0x0123456789abcdef, 0x85e813540f0ab405),
        (0x0101010101010101, 0x8000000000000000, 0x95f8a5e5dd31d900),
        (0x0101010101010101, 0x4000000000000000, 0xdd7f121ca5015619),
        (0x0101010101010101, 0x2000000000000000, 0x2e8653104f3834ea),
        (0x0101010101010101, 0x1000000000000000, 0x4bd388ff6cd81d4f),
        (0x0101010101010101, 0x0000000000000001, 0x166b40b44aba4bd6),
        (0x8001010101010101, 0, 0x95a8d72813daa94d),
        (0x4001010101010101, 0, 0x0eec1487dd8c26d5),
        (0x0000000000000000, 0, 0x8ca64de9c1b123a7),
    ];

    #[test]
    fn known_answers() {
        for &(k, p, c) in KNOWN {
            let s = Schedule::new(k);
            assert_eq!(block(&s, p, false), c, "key {k:016x} plain {p:016x}");
            assert_eq!(block(&s, c, true), p, "key {k:016x} cipher {c:016x}");
        }
    }

    #[test]
    fn parity_bits_are_ignored() {
        let k = 0x133457799bbcdff1u64;
        assert_eq!(Schedule::new(k), Schedule::new(k ^ 0x0101010101010101));
    }

    #[test]
    fn zero_schedule_is_the_zero_key() {
        assert_eq!(Schedule::new(0), Schedule::ZERO);
    }
}
