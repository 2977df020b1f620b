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
const GROUP_MASK: u32 = (1 << GROUP) - 1;
/// Bits of a half block.
const HALF: u32 = 32;
/// Bits of the C and D halves of the key schedule.
const CD_HALF: u32 = 28;
/// Bits of a key schedule's round key.
const ROUND_KEY: usize = 48;

/// E, the round keys and the salt are kept as two words of four bytes, each byte one
/// six-bit group: the even groups (1, 3, 5, 7 counting from 1) in the first word, the odd
/// in the second, the lowest-numbered in the top byte. The half block rotated right by one
/// holds E's even groups at the top of its bytes, and rotated four more to the left its
/// odd ones, so E is two rotations and two masks.
const LANES: u32 = 0x3f3f_3f3f;
/// Bits from a byte's top to its group's lowest bit.
const LANE_PAD: u32 = 8 - GROUP;
/// Groups g and g + 4 are two bytes apart in the same word: what the salt swaps.
const SALT_SHIFT: u32 = 16;
/// The salt's groups of six bits.
const SALT_GROUPS: u32 = 4;

/// Where bit `j + 1` (from the top) of a round key goes in the `u64` of its two words (the
/// even groups' word above the odd's).
const ROUND_KEY_PLACE: [u8; ROUND_KEY] = {
    let mut t = [0; ROUND_KEY];
    let mut j = 0;
    while j < ROUND_KEY {
        let g = j / GROUP as usize;
        let q = j % GROUP as usize;
        let in_word = 8 * (3 - g / 2) + (GROUP as usize - 1 - q);
        t[j] = (if g.is_multiple_of(2) { in_word + HALF as usize } else { in_word }) as u8;
        j += 1;
    }
    t
};

/// For each round and each round-key bit, the key bit it is (1 to 64): PC-1, the
/// rotations of C and D so far, PC-2, composed once at compile time.
const KEY_BITS: [[u8; ROUND_KEY]; ROUNDS] = {
    let mut t = [[0; ROUND_KEY]; ROUNDS];
    let mut shift = 0;
    let mut i = 0;
    while i < ROUNDS {
        shift += SHIFTS[i] as usize;
        let mut j = 0;
        while j < ROUND_KEY {
            // Bit PC2[j] of C and D after `shift` rotations left was bit `src` before them.
            let cd = PC2[j] as usize - 1;
            let half = cd / CD_HALF as usize;
            let src = half * CD_HALF as usize + (cd % CD_HALF as usize + shift) % CD_HALF as usize;
            t[i][j] = PC1[src];
            j += 1;
        }
        i += 1;
    }
    t
};

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

/// The sixteen round keys of a key, each as the two words of its groups.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Schedule {
    keys: [(u32, u32); ROUNDS],
}

impl Schedule {
    /// The schedule of the all-zero key (every round key zero): what `encrypt` uses before
    /// any `setkey`.
    pub const ZERO: Schedule = Schedule { keys: [(0, 0); ROUNDS] };

    /// The round keys of the 64-bit `key` (its parity bits, the last of each byte, ignored).
    /// Bit by bit, without a table indexed by the key.
    pub fn new(key: u64) -> Schedule {
        let mut keys = [(0, 0); ROUNDS];
        for (k, bits) in keys.iter_mut().zip(&KEY_BITS) {
            let mut both = 0u64;
            for (&b, &place) in bits.iter().zip(&ROUND_KEY_PLACE) {
                both |= bit(key, 64, b) << place;
            }
            *k = ((both >> HALF) as u32, both as u32);
        }
        Schedule { keys }
    }
}

/// A salt, as the two masks of E bits to swap.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Salt(u32, u32);

impl Salt {
    /// No salt: plain DES.
    pub const NONE: Salt = Salt(0, 0);

    /// The salt `bits` (24 of them): bit `k`, the lowest first, swaps bit `k + 1` of E with
    /// bit `k + 25`, the same bit of the group four on. Each mask holds, in the bytes of the
    /// later groups, the bits of the pairs that lie there.
    pub fn new(bits: u32) -> Salt {
        let mut words = [0u32; 2];
        for g in 0..SALT_GROUPS {
            let six = (bits >> (GROUP * g)) & GROUP_MASK;
            // Salt bit 6g + q swaps the q-th bit of group g from its top: reversed.
            let reversed = six.reverse_bits() >> (HALF - GROUP);
            // Group g + 4 sits in byte 2 (g 0 and 1) or 3 (g 2 and 3) of its word.
            words[(g % 2) as usize] |= reversed << (8 * (1 - g / 2));
        }
        Salt(words[0], words[1])
    }
}

/// Swaps the bits `mask` names between the first two bytes of `w` and the last two.
#[inline(always)]
fn swap(w: u32, mask: u32) -> u32 {
    let t = (w ^ (w >> SALT_SHIFT)) & mask;
    w ^ t ^ (t << SALT_SHIFT)
}

/// The round function f: E (swapped by the salt), the round key, the S-boxes and P.
#[inline(always)]
fn f(r: u32, (ke, ko): (u32, u32), salt: Salt) -> u32 {
    let y = r.rotate_right(1);
    let even = swap((y >> LANE_PAD) & LANES, salt.0) ^ ke;
    let odd = swap((y.rotate_left(4) >> LANE_PAD) & LANES, salt.1) ^ ko;
    // The SP reads are indexed by key-dependent bits (see the module doc).
    let b = |w: u32, lane: u32| (w >> (24 - 8 * lane)) as usize & GROUP_MASK as usize;
    SP[0][b(even, 0)]
        | SP[1][b(odd, 0)]
        | SP[2][b(even, 1)]
        | SP[3][b(odd, 1)]
        | SP[4][b(even, 2)]
        | SP[5][b(odd, 2)]
        | SP[6][b(even, 3)]
        | SP[7][b(odd, 3)]
}

/// The sixteen rounds on the halves `(l, r)` of a block after IP, with `salt`, decrypting
/// when `decrypt`. Returns the halves swapped as the cipher leaves them for FP, which is
/// also how the next encryption of the result after IP starts: repeated encryption need
/// not leave this form.
#[inline]
pub fn rounds(s: &Schedule, (mut l, mut r): (u32, u32), salt: Salt, decrypt: bool) -> (u32, u32) {
    let mut round = |&k: &(u32, u32)| (l, r) = (r, l ^ f(r, k, salt));
    if decrypt {
        s.keys.iter().rev().for_each(&mut round);
    } else {
        s.keys.iter().for_each(&mut round);
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
    last(rounds(s, initial(block), Salt::NONE, decrypt))
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
