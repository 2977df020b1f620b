//! The GB family's shared two-byte table (its codecs are `gb2312`, `gbk` and `gb18030`).
//!
//! GB2312 (EUC-CN) ⊂ GBK ⊂ GB18030 share one table: GB18030's two-byte part, lead
//! 0x81..=0xFE x trail 0x40..=0x7E, 0x80..=0xFE. As in musl, GBK is that whole table (with
//! GB18030's additions such as the euro at A2E3) and GB2312 its 0xA1..=0xFE x 0xA1..=0xFE
//! square (so A1A4 is U+00B7 and A1AA U+2014, GBK's choices, where Python's gb2312 says
//! U+30FB and U+2015).
use super::table::{Grid, Rev, found};
#[cfg(not(feature = "size"))]
use super::tables::GB_REV;
use super::tables::{GB2_COLS, GB2_ROWS};
use crate::codec::Decode;

/// The lead bytes of every GB charset here.
pub const LEAD_LO: u8 = 0x81;
#[cfg(any(feature = "charset-gbk", feature = "charset-gb18030"))]
pub const LEAD_HI: u8 = 0xFE;
/// Two-byte trails: 0x40..=0xFE without 0x7F.
const TRAIL_LO: u8 = 0x40;
#[cfg(any(feature = "charset-gbk", feature = "charset-gb18030"))]
const TRAIL_HI: u8 = 0xFE;
const TRAIL_GAP: u8 = 0x7F;

/// GB18030's two-byte part: lead x trail column to code point.
pub static GB2: Grid = Grid::new(include_bytes!("data/gb2.grid"), LEAD_LO, GB2_ROWS, GB2_COLS);

/// Code point to two-byte code (lead << 8 | trail), for the code points GB18030 writes in
/// two bytes.
#[cfg(not(feature = "size"))]
pub static REV: Rev = Rev::new(include_bytes!("data/gb.rev"), GB_REV);
/// Under `size`, built from the grid on first use (the two-byte codes are one-to-one).
#[cfg(feature = "size")]
pub static REV: Rev = Rev::built_bmp(rev_cells);

/// Every (code point, two-byte code) of the grid.
#[cfg(feature = "size")]
pub(super) fn rev_cells(put: &mut dyn FnMut(u32, u16)) {
    GB2.each(&mut |lead, col, i| {
        // The inverse of `column`: the trails skip TRAIL_GAP.
        let trail = TRAIL_LO + col as u8;
        let trail = trail + (trail >= TRAIL_GAP) as u8;
        put(GB2.value(i), u16::from_be_bytes([lead, trail]))
    });
}

/// Whether `b` is a trail byte of the two-byte form.
#[cfg(any(feature = "charset-gbk", feature = "charset-gb18030"))]
#[inline]
pub fn is_trail(b: u8) -> bool {
    (TRAIL_LO..=TRAIL_HI).contains(&b) && b != TRAIL_GAP
}

/// The grid column of trail byte `b1`.
#[inline]
pub fn column(b1: u8) -> usize {
    (b1 - TRAIL_LO - (b1 > TRAIL_GAP) as u8) as usize
}

/// The two-byte character of lead `b0` and trail `b1` (a lead and a trail byte).
#[inline]
pub fn two_byte(b0: u8, b1: u8) -> Decode {
    found(GB2.get(b0, column(b1)), 2)
}
