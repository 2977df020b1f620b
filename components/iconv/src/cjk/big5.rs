//! Big5 with HKSCS, the one decoder musl reads both names with: Python's big5hkscs
//! (HKSCS-2004), with musl's choices for 13 Big5 cells, the control pictures at A3C0, the
//! euro at A3E1, four cells of row C6 and HKSCS-2008's additions at 877A..=87DF.
//!
//! Characters in plane 2 are stored as their low 16 bits with a bit in `big5.plane2`. Four
//! codes decode to two code points (a letter and a combining mark); the decoder returns
//! the letter for the lead byte alone and keeps the mark in its state word, returning it
//! for the trail byte, so every step still gives one character for at least one byte.
//! The encoder writes those letters and marks as the codes Python writes for them alone
//! (a mark alone has none), so a pair is not written back as its one code.
use super::table::{ASCII_END, Grid, Rev, lead_trail, put, put_code};
#[cfg(not(feature = "size"))]
use super::tables::BIG5_REV;
use super::tables::{BIG5_COLS, BIG5_ROWS};
use crate::codec::{Codec, Decode, Encode};

const LEAD_LO: u8 = 0x81;
const LEAD_HI: u8 = 0xFE;
/// Trails: 0x40..=0x7E, then 0xA1..=0xFE (column 63 on).
const TRAIL1_LO: u8 = 0x40;
const TRAIL1_HI: u8 = 0x7E;
const TRAIL2_LO: u8 = 0xA1;
const TRAIL2_HI: u8 = 0xFE;
const TRAIL2_COL: u8 = TRAIL1_HI - TRAIL1_LO + 1;
/// What a plane-2 cell's stored value is offset by.
const PLANE2: u32 = 0x2_0000;

/// The codes that decode to two code points: (code, letter, combining mark).
const PAIRS: [(u16, u32, u32); 4] = [
    (0x8862, 0x00CA, 0x0304),
    (0x8864, 0x00CA, 0x030C),
    (0x88A3, 0x00EA, 0x0304),
    (0x88A5, 0x00EA, 0x030C),
];

/// Lead x trail column to code point (the low 16 bits for plane 2).
pub static BIG5: Grid = Grid::new(
    include_bytes!("data/big5.grid"),
    LEAD_LO,
    BIG5_ROWS,
    BIG5_COLS,
);
/// One bit per stored cell of `BIG5`: set when the character is in plane 2.
static BIG5_PLANE2: &[u8] = include_bytes!("data/big5.plane2");
/// Code point to code (lead << 8 | trail), planes 0 to 2.
#[cfg(not(feature = "size"))]
pub static REV: Rev = Rev::new(include_bytes!("data/big5.rev"), BIG5_REV);
/// Under `size`, built from the grid on first use: the lowest code of a code point that
/// has several, but where the generator kept Python's pick (`BIG5_PICKS`).
#[cfg(feature = "size")]
pub static REV: Rev = Rev::built(super::rev_build::Source {
    pages: PLANE3 >> 8,
    cells: rev_cells,
    picks: &super::tables::BIG5_PICKS,
});
/// The first code point past the planes Big5-HKSCS reaches.
#[cfg(feature = "size")]
const PLANE3: usize = 0x3_0000;

/// Every (code point, code) of the grid.
#[cfg(feature = "size")]
fn rev_cells(put: &mut dyn FnMut(u32, u16)) {
    BIG5.each(&mut |lead, col, i| {
        let col = col as u8;
        let trail = if col < TRAIL2_COL {
            TRAIL1_LO + col
        } else {
            col - TRAIL2_COL + TRAIL2_LO
        };
        let plane2 = BIG5_PLANE2[i >> 3] >> (i & 7) & 1 != 0;
        let cp = BIG5.value(i) + if plane2 { PLANE2 } else { 0 };
        put(cp, u16::from_be_bytes([lead, trail]))
    });
}

/// Big5-HKSCS, which musl also reads for Big5 and CP950.
pub static BIG5_HKSCS: Codec = Codec {
    decode,
    encode,
    reset: None,
};

fn decode(state: &mut u64, input: &[u8]) -> Decode {
    if *state != 0 {
        // The mark of a pair whose letter the lead byte gave; this is its trail byte.
        let c = *state as u32;
        *state = 0;
        return Decode::Char { c, len: 1 };
    }
    // The trail is checked below, where its range gives the column.
    let (b0, b1) = match lead_trail(input, |b| (LEAD_LO..=LEAD_HI).contains(&b), |_| true) {
        Ok(pair) => pair,
        Err(d) => return d,
    };
    let col = match b1 {
        TRAIL1_LO..=TRAIL1_HI => b1 - TRAIL1_LO,
        TRAIL2_LO..=TRAIL2_HI => b1 - TRAIL2_LO + TRAIL2_COL,
        _ => return Decode::Invalid { len: 1 },
    } as usize;
    let Some(cell) = BIG5.cell(b0, col) else {
        return Decode::Invalid { len: 2 };
    };
    match BIG5.value(cell) {
        0 => pair(state, u16::from_be_bytes([b0, b1])),
        c if BIG5_PLANE2[cell >> 3] >> (cell & 7) & 1 != 0 => Decode::Char {
            c: c + PLANE2,
            len: 2,
        },
        c => Decode::Char { c, len: 2 },
    }
}

/// One of the four two-code-point codes, or an unmapped one.
#[cold]
fn pair(state: &mut u64, code: u16) -> Decode {
    match PAIRS.iter().find(|p| p.0 == code) {
        Some(&(_, letter, mark)) => {
            *state = mark as u64;
            Decode::Char { c: letter, len: 1 }
        }
        None => Decode::Invalid { len: 2 },
    }
}

fn encode(_state: &mut u64, c: u32, out: &mut [u8]) -> Encode {
    if c < ASCII_END {
        return put(out, &[c as u8]);
    }
    put_code(out, REV.get(c))
}
