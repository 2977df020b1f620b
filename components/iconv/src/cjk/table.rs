//! Readers for the generated tables in `data/` (written by `gen/cjk.py`): the decode grids
//! (lead byte x trail column to code point) and the reverse indexes (code point to code).
//! The files are little-endian byte arrays read with `from_le_bytes`, so they need no
//! alignment and read the same on every target. Also the little helpers every codec uses.
use crate::codec::Encode;

/// The first code point past ASCII: below it every charset here is ASCII, one byte.
pub const ASCII_END: u32 = 0x80;

/// Writes `bytes` at the front of `out`, or nothing when they do not fit.
#[inline]
pub fn put(out: &mut [u8], bytes: &[u8]) -> Encode {
    match out.get_mut(..bytes.len()) {
        Some(dst) => {
            dst.copy_from_slice(bytes);
            Encode::Wrote { len: bytes.len() }
        }
        None => Encode::NoRoom,
    }
}

/// The row map's mark for a lead byte with no characters.
const NO_ROW: u8 = 0xFF;
/// Code points per page of a reverse index.
const PAGE_BITS: u32 = 8;
/// A page's bitmap: four 64-bit words.
const WORDS_PER_PAGE: usize = 4;
/// Bytes of one block's bitmap and of its counts.
const BLOCK_BITMAP_BYTES: usize = WORDS_PER_PAGE * 8;
const BLOCK_RANK_BYTES: usize = WORDS_PER_PAGE * 2;
/// A page entry for a page without codes.
const NO_BLOCK: u16 = 0xFFFF;

fn u16_at(data: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([data[at], data[at + 1]])
}

fn u64_at(data: &[u8], at: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&data[at..at + 8]);
    u64::from_le_bytes(b)
}

/// A decode table: for each lead byte from `lead_lo`, a row of `cols` cells holding a BMP
/// code point, 0 where the sequence has no character. Rows without characters take no room.
pub struct Grid {
    lead_lo: u8,
    rows: usize,
    cols: usize,
    data: &'static [u8],
}

impl Grid {
    /// A grid over `data` (the row map, then the cells) with `rows` lead bytes from
    /// `lead_lo` and `cols` columns.
    pub const fn new(data: &'static [u8], lead_lo: u8, rows: usize, cols: usize) -> Self {
        Grid {
            lead_lo,
            rows,
            cols,
            data,
        }
    }

    /// The cell's position among all stored cells (what per-cell bitmaps index), or `None`
    /// for a lead byte outside the grid or without characters. `col` must be below `cols`.
    #[inline]
    pub fn cell(&self, lead: u8, col: usize) -> Option<usize> {
        debug_assert!(col < self.cols);
        let r = lead.wrapping_sub(self.lead_lo) as usize;
        if r >= self.rows {
            return None;
        }
        let slot = self.data[r];
        (slot != NO_ROW).then(|| slot as usize * self.cols + col)
    }

    /// The code point of lead byte `lead` and column `col`, 0 when there is none.
    #[cfg(any(
        feature = "charset-shift-jis",
        feature = "charset-euc-jp",
        feature = "charset-iso-2022-jp",
        feature = "charset-gb2312",
        feature = "charset-gbk",
        feature = "charset-gb18030",
        feature = "charset-euc-kr"
    ))]
    #[inline]
    pub fn get(&self, lead: u8, col: usize) -> u32 {
        self.cell(lead, col).map_or(0, |i| self.value(i))
    }

    /// The code point in cell `i` (from [`Grid::cell`]), 0 when there is none.
    #[inline]
    pub fn value(&self, i: usize) -> u32 {
        u16_at(self.data, self.rows + 2 * i) as u32
    }

    /// Whether the file's length matches the shape the generator declared.
    // Only the East Asian tests (which need all nine charsets) check the shapes.
    #[cfg(all(
        test,
        feature = "charset-shift-jis",
        feature = "charset-euc-jp",
        feature = "charset-iso-2022-jp",
        feature = "charset-gb2312",
        feature = "charset-gbk",
        feature = "charset-gb18030",
        feature = "charset-big5",
        feature = "charset-big5-hkscs",
        feature = "charset-euc-kr"
    ))]
    pub fn well_formed(&self) -> bool {
        let slots = self.data[..self.rows]
            .iter()
            .filter(|&&s| s != NO_ROW)
            .count();
        self.data.len() == self.rows + 2 * slots * self.cols
    }
}

/// The counts that locate the sections of a reverse index (written by the generator).
pub struct RevShape {
    pub pages: usize,
    pub blocks: usize,
    pub codes: usize,
}

/// A reverse index: for each 256-code-point page a block number, for each block a bitmap
/// of the code points that have a code with running counts, then the codes in code point
/// order; a lookup is a page load, a word, a popcount and a code load.
pub struct Rev {
    shape: RevShape,
    data: &'static [u8],
}

impl Rev {
    pub const fn new(data: &'static [u8], shape: RevShape) -> Self {
        Rev { shape, data }
    }

    /// The code of `cp`, if the charset has one.
    #[inline]
    pub fn get(&self, cp: u32) -> Option<u16> {
        let page = (cp >> PAGE_BITS) as usize;
        if page >= self.shape.pages {
            return None;
        }
        let block = u16_at(self.data, 2 * page);
        if block == NO_BLOCK {
            return None;
        }
        let bit = cp & ((1 << PAGE_BITS) - 1);
        let w = block as usize * WORDS_PER_PAGE + (bit >> 6) as usize;
        let bitmaps = 2 * self.shape.pages;
        let word = u64_at(self.data, bitmaps + 8 * w);
        let shift = bit & 63;
        if (word >> shift) & 1 == 0 {
            return None;
        }
        let ranks = bitmaps + BLOCK_BITMAP_BYTES * self.shape.blocks;
        let before = u16_at(self.data, ranks + 2 * w) as usize;
        let n = before + (word & ((1u64 << shift) - 1)).count_ones() as usize;
        debug_assert!(n < self.shape.codes);
        let codes = ranks + BLOCK_RANK_BYTES * self.shape.blocks;
        Some(u16_at(self.data, codes + 2 * n))
    }

    // Only the East Asian tests (which need all nine charsets) check the shapes.
    #[cfg(all(
        test,
        feature = "charset-shift-jis",
        feature = "charset-euc-jp",
        feature = "charset-iso-2022-jp",
        feature = "charset-gb2312",
        feature = "charset-gbk",
        feature = "charset-gb18030",
        feature = "charset-big5",
        feature = "charset-big5-hkscs",
        feature = "charset-euc-kr"
    ))]
    pub fn well_formed(&self) -> bool {
        let s = &self.shape;
        self.data.len()
            == 2 * s.pages + (BLOCK_BITMAP_BYTES + BLOCK_RANK_BYTES) * s.blocks + 2 * s.codes
    }
}
