//! EUC-KR as musl reads it: KS X 1001 in two bytes 0xA1..=0xFE, plus CP949's (Unified
//! Hangul Code's) extension, which codes the 8,822 hangul syllables KS X 1001 lacks in code
//! point order over leads 0x81..=0xC6 and trails 0x41..=0x5A, 0x61..=0x7A, 0x81..=0xFE
//! (below 0xA1 when the lead is 0xA1 or more). musl gives EUC-KR, KSC5601 and CP949 this one
//! decoder; the encoder is its inverse, so it writes CP949 for those syllables.
//!
//! The extension is computed, not tabulated: a bitmap of the syllables KS X 1001 has and a
//! count of the missing ones before each 64-syllable word turn a syllable into its rank
//! among the missing ones and back. The same rank among the present ones gives KS X 1001's
//! own syllables, which it lists in code point order.
use super::table::{ASCII_END, Grid, Rev, found, lead_trail, put};
#[cfg(not(feature = "size"))]
use super::tables::KSC_REV;
use super::tables::{KSC_HANGUL, KSC5601_COLS, KSC5601_ROWS, UHC_BEFORE};
use crate::codec::{Codec, Decode, Encode};

/// KS X 1001's bytes in EUC form.
const GR_LO: u8 = 0xA1;
const GR_HI: u8 = 0xFE;
/// The set's row and column bytes (a byte's value without the high bit).
const HIGH: u8 = 0x80;
const ROW_LO: u8 = 0x21;
/// CP949's leads, and its trail ranges in the order the extension counts them.
const LEAD_LO: u8 = 0x81;
const LEAD_HI: u8 = 0xFE;
const TRAIL_UPPER: (u8, u8) = (0x41, 0x5A);
const TRAIL_LOWER: (u8, u8) = (0x61, 0x7A);
const TRAIL_HIGH: (u8, u8) = (0x81, 0xFE);
const LETTERS: u8 = 26;
/// Trails per lead below 0xA1 (all three ranges) and from 0xA1 on (up to 0xA0).
const TRAILS_LOW_LEAD: u32 = 178;
const TRAILS_HIGH_LEAD: u32 = 84;
/// How many syllables the extension codes, and the first code point of the syllables.
const UHC_COUNT: u32 = 8822;
const HANGUL_FIRST: u32 = 0xAC00;
const HANGUL_COUNT: u32 = 11172;
const WORD_BITS: u32 = 64;
/// KS X 1001's hangul start at lead 0xB0, 94 to a row.
const KS_HANGUL_LEAD: u8 = 0xB0;
const KS_COLS: u32 = 94;

/// KS X 1001: row byte (0x21..) x column to code point.
pub static KSC: Grid = Grid::new(
    include_bytes!("data/ksc5601.grid"),
    ROW_LO,
    KSC5601_ROWS,
    KSC5601_COLS,
);
/// Code point to KS X 1001 row byte << 8 | column byte, but for the hangul syllables.
#[cfg(not(feature = "size"))]
pub static REV: Rev = Rev::new(include_bytes!("data/ksc.rev"), KSC_REV);
/// Under `size`, built from the grid on first use.
#[cfg(feature = "size")]
pub static REV: Rev = Rev::built_bmp(rev_cells);

/// Every (code point, row byte << 8 | column byte) of the grid but the hangul syllables,
/// which `syllable` computes.
#[cfg(feature = "size")]
fn rev_cells(put: &mut dyn FnMut(u32, u16)) {
    KSC.each(&mut |row, col, i| {
        let cp = KSC.value(i);
        if cp.wrapping_sub(HANGUL_FIRST) >= HANGUL_COUNT {
            put(cp, u16::from_be_bytes([row, col as u8 + ROW_LO]))
        }
    });
}

/// EUC-KR with CP949's hangul, both ways.
pub static EUC_KR: Codec = Codec {
    decode,
    encode,
    reset: None,
};

fn decode(_state: &mut u64, input: &[u8]) -> Decode {
    // The trail is checked below, where its range says which set the pair is of.
    let (b0, b1) = match lead_trail(input, |b| (LEAD_LO..=LEAD_HI).contains(&b), |_| true) {
        Ok(pair) => pair,
        Err(d) => return d,
    };
    if b0 >= GR_LO && (GR_LO..=GR_HI).contains(&b1) {
        return found(KSC.get(b0 & !HIGH, (b1 - GR_LO) as usize), 2);
    }
    let t = match b1 {
        _ if (TRAIL_UPPER.0..=TRAIL_UPPER.1).contains(&b1) => b1 - TRAIL_UPPER.0,
        _ if (TRAIL_LOWER.0..=TRAIL_LOWER.1).contains(&b1) => b1 - TRAIL_LOWER.0 + LETTERS,
        _ if (TRAIL_HIGH.0..=TRAIL_HIGH.1).contains(&b1) => b1 - TRAIL_HIGH.0 + 2 * LETTERS,
        _ => return Decode::Invalid { len: 1 },
    } as u32;
    let k = if b0 < GR_LO {
        (b0 - LEAD_LO) as u32 * TRAILS_LOW_LEAD + t
    } else {
        (GR_LO - LEAD_LO) as u32 * TRAILS_LOW_LEAD + (b0 - GR_LO) as u32 * TRAILS_HIGH_LEAD + t
    };
    if k >= UHC_COUNT {
        return Decode::Invalid { len: 2 };
    }
    Decode::Char {
        c: missing_syllable(k),
        len: 2,
    }
}

/// The `k`-th hangul syllable (in code point order) that KS X 1001 lacks.
fn missing_syllable(k: u32) -> u32 {
    let w = UHC_BEFORE.partition_point(|&n| n as u32 <= k) - 1;
    let mut missing = !KSC_HANGUL[w] & valid_bits(w);
    for _ in 0..k - UHC_BEFORE[w] as u32 {
        missing &= missing - 1;
    }
    HANGUL_FIRST + w as u32 * WORD_BITS + missing.trailing_zeros()
}

/// The bits of word `w` that are syllables (the last word is partial).
fn valid_bits(w: usize) -> u64 {
    let n = (HANGUL_COUNT - w as u32 * WORD_BITS).min(WORD_BITS);
    if n == WORD_BITS {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

fn encode(_state: &mut u64, c: u32, out: &mut [u8]) -> Encode {
    if c < ASCII_END {
        return put(out, &[c as u8]);
    }
    let s = c.wrapping_sub(HANGUL_FIRST);
    if s < HANGUL_COUNT {
        return put(out, &syllable(s));
    }
    match REV.get(c) {
        Some(code) => {
            let [r, col] = code.to_be_bytes();
            put(out, &[r | HIGH, col | HIGH])
        }
        None => Encode::Unrepresentable,
    }
}

/// The code of hangul syllable U+AC00 + `s`: KS X 1001 has its 2,350 in code point order
/// from B0A1 on (so the reverse index leaves them out), CP949's extension the rest.
fn syllable(s: u32) -> [u8; 2] {
    let (w, bit) = ((s / WORD_BITS) as usize, s % WORD_BITS);
    let below = (1u64 << bit) - 1;
    let missing_before = UHC_BEFORE[w] as u32;
    if KSC_HANGUL[w] >> bit & 1 != 0 {
        let k = w as u32 * WORD_BITS - missing_before + (KSC_HANGUL[w] & below).count_ones();
        let (row, col) = (k / KS_COLS, k % KS_COLS);
        return [KS_HANGUL_LEAD + row as u8, GR_LO + col as u8];
    }
    let k = missing_before + (!KSC_HANGUL[w] & below).count_ones();
    let (lead, t) = if k < (GR_LO - LEAD_LO) as u32 * TRAILS_LOW_LEAD {
        (LEAD_LO as u32 + k / TRAILS_LOW_LEAD, k % TRAILS_LOW_LEAD)
    } else {
        let k = k - (GR_LO - LEAD_LO) as u32 * TRAILS_LOW_LEAD;
        (GR_LO as u32 + k / TRAILS_HIGH_LEAD, k % TRAILS_HIGH_LEAD)
    };
    let t = t as u8;
    let trail = if t < LETTERS {
        TRAIL_UPPER.0 + t
    } else if t < 2 * LETTERS {
        TRAIL_LOWER.0 + (t - LETTERS)
    } else {
        TRAIL_HIGH.0 + (t - 2 * LETTERS)
    };
    [lead as u8, trail]
}
