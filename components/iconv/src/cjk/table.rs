//! Readers for the generated tables in `data/` (written by `gen/cjk.py`): the decode grids
//! (lead byte x trail column to code point) and the reverse indexes (code point to code).
//! The files are little-endian byte arrays read with `from_le_bytes`, so they need no
//! alignment and read the same on every target. Also the little helpers every codec uses.
use crate::codec::{Decode, Encode};

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

/// The first steps every multibyte decoder here shares, in order: an ASCII byte is itself;
/// a byte `is_lead` refuses is invalid alone; a lead at the end of the input is incomplete;
/// a second byte `is_trail` refuses leaves the lead invalid alone. `Ok` holds the two bytes.
#[cfg(any(
    feature = "charset-euc-jp",
    feature = "charset-gb2312",
    feature = "charset-gbk",
    feature = "charset-gb18030",
    feature = "charset-big5",
    feature = "charset-big5-hkscs",
    feature = "charset-euc-kr"
))]
#[inline(always)]
pub fn lead_trail(
    input: &[u8],
    is_lead: impl Fn(u8) -> bool,
    is_trail: impl Fn(u8) -> bool,
) -> Result<(u8, u8), Decode> {
    let b0 = input[0];
    if (b0 as u32) < ASCII_END {
        return Err(Decode::Char {
            c: b0 as u32,
            len: 1,
        });
    }
    if !is_lead(b0) {
        return Err(Decode::Invalid { len: 1 });
    }
    let Some(&b1) = input.get(1) else {
        return Err(Decode::Incomplete);
    };
    if !is_trail(b1) {
        return Err(Decode::Invalid { len: 1 });
    }
    Ok((b0, b1))
}

/// What `len` bytes that a table maps to `c` decode to: the tables mark a code without a
/// character with 0, and then all `len` bytes are invalid.
#[cfg(feature = "cjk-bmp")]
#[inline(always)]
pub fn found(c: u32, len: usize) -> Decode {
    match c {
        0 => Decode::Invalid { len },
        c => Decode::Char { c, len },
    }
}

/// Writes `code` (a reverse index's answer) as two bytes, lead first, or reports it missing.
#[cfg(any(
    feature = "charset-gbk",
    feature = "charset-big5",
    feature = "charset-big5-hkscs"
))]
#[inline]
pub fn put_code(out: &mut [u8], code: Option<u16>) -> Encode {
    match code {
        Some(code) => put(out, &code.to_be_bytes()),
        None => Encode::Unrepresentable,
    }
}

/// The row map's mark for a lead byte with no characters.
const NO_ROW: u8 = 0xFF;
/// Code points per page of a reverse index.
pub const PAGE_BITS: u32 = 8;
/// A page's bitmap: four 64-bit words.
pub const WORDS_PER_PAGE: usize = 4;
/// Bytes of one block's bitmap and of its counts.
const BLOCK_BITMAP_BYTES: usize = WORDS_PER_PAGE * 8;
const BLOCK_RANK_BYTES: usize = WORDS_PER_PAGE * 2;
/// A page entry for a page without codes.
pub const NO_BLOCK: u16 = 0xFFFF;

pub fn u16_at(data: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([data[at], data[at + 1]])
}

pub fn u64_at(data: &[u8], at: usize) -> u64 {
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
    #[cfg(feature = "cjk-bmp")]
    #[inline]
    pub fn get(&self, lead: u8, col: usize) -> u32 {
        self.cell(lead, col).map_or(0, |i| self.value(i))
    }

    /// The code point in cell `i` (from [`Grid::cell`]), 0 when there is none.
    #[inline]
    pub fn value(&self, i: usize) -> u32 {
        u16_at(self.data, self.rows + 2 * i) as u32
    }

    /// Calls `f(lead, col, cell)` for every cell with a character, lead by lead and column
    /// by column (so in code order): what the size profile's reverse indexes are built from.
    #[cfg(feature = "size")]
    pub fn each(&self, f: &mut dyn FnMut(u8, usize, usize)) {
        for (r, &slot) in self.data[..self.rows].iter().enumerate() {
            if slot == NO_ROW {
                continue;
            }
            for col in 0..self.cols {
                let i = slot as usize * self.cols + col;
                if self.value(i) != 0 {
                    f(self.lead_lo + r as u8, col, i);
                }
            }
        }
    }

    /// Whether the file's length matches the shape the generator declared.
    // Only the East Asian tests (which need all nine charsets) check the shapes.
    #[cfg(all(test, feature = "charsets-cjk"))]
    pub fn well_formed(&self) -> bool {
        let slots = self.data[..self.rows]
            .iter()
            .filter(|&&s| s != NO_ROW)
            .count();
        self.data.len() == self.rows + 2 * slots * self.cols
    }
}

/// The counts that locate the sections of a reverse index (written by the generator).
#[cfg(not(feature = "size"))]
pub struct RevShape {
    pub pages: usize,
    pub blocks: usize,
    pub codes: usize,
}

/// A reverse index: for each 256-code-point page a block number, for each block a bitmap
/// of the code points that have a code with running counts, then the codes in code point
/// order; a lookup is a page load, a word, a popcount and a code load. In the speed profile
/// it is the generated `.rev` file; under `size` the same bytes are built from the decode
/// grid on first use ([`super::rev_build`]), so the binary does not carry them.
pub struct Rev {
    #[cfg(not(feature = "size"))]
    shape: RevShape,
    #[cfg(not(feature = "size"))]
    data: &'static [u8],
    #[cfg(feature = "size")]
    built: super::rev_build::Built,
}

/// Where a reverse index's sections start, from its page and block counts.
#[derive(Clone, Copy)]
pub struct RevLayout {
    pub pages: usize,
    pub blocks: usize,
}

impl RevLayout {
    pub const fn bitmaps(&self) -> usize {
        2 * self.pages
    }
    pub const fn ranks(&self) -> usize {
        self.bitmaps() + BLOCK_BITMAP_BYTES * self.blocks
    }
    pub const fn codes(&self) -> usize {
        self.ranks() + BLOCK_RANK_BYTES * self.blocks
    }
}

/// The position among the codes of `cp`'s code in the index `data` laid out as `layout`,
/// if `cp` has one.
#[inline]
pub fn rev_slot(data: &[u8], layout: RevLayout, cp: u32) -> Option<usize> {
    let page = (cp >> PAGE_BITS) as usize;
    if page >= layout.pages {
        return None;
    }
    let block = u16_at(data, 2 * page);
    if block == NO_BLOCK {
        return None;
    }
    let bit = cp & ((1 << PAGE_BITS) - 1);
    let w = block as usize * WORDS_PER_PAGE + (bit >> 6) as usize;
    let word = u64_at(data, layout.bitmaps() + 8 * w);
    let shift = bit & 63;
    if (word >> shift) & 1 == 0 {
        return None;
    }
    let before = u16_at(data, layout.ranks() + 2 * w) as usize;
    Some(before + (word & ((1u64 << shift) - 1)).count_ones() as usize)
}

impl Rev {
    #[cfg(not(feature = "size"))]
    pub const fn new(data: &'static [u8], shape: RevShape) -> Self {
        Rev { shape, data }
    }

    /// An index of the Basic Multilingual Plane built from `cells` (as in
    /// [`super::rev_build::Source`]) on its first lookup, with no picks.
    #[cfg(all(feature = "size", feature = "cjk-bmp"))]
    pub const fn built_bmp(cells: fn(&mut dyn FnMut(u32, u16))) -> Self {
        Rev::built(super::rev_build::Source {
            pages: super::rev_build::BMP_PAGES,
            cells,
            picks: &[],
        })
    }

    /// An index built from `source` on its first lookup.
    #[cfg(feature = "size")]
    pub const fn built(source: super::rev_build::Source) -> Self {
        Rev {
            built: super::rev_build::Built::new(source),
        }
    }

    /// The index's bytes and layout; under `size`, built now if this is the first use,
    /// `None` if memory ran out.
    #[inline]
    fn image(&self) -> Option<(&[u8], RevLayout)> {
        #[cfg(not(feature = "size"))]
        return Some((
            self.data,
            RevLayout {
                pages: self.shape.pages,
                blocks: self.shape.blocks,
            },
        ));
        #[cfg(feature = "size")]
        return self.built.image();
    }

    /// Under `size`, builds the index if it is not built yet: `false` when memory ran out
    /// (what `iconv_open` reports as ENOMEM).
    #[cfg(feature = "size")]
    pub fn ready(&self) -> bool {
        self.built.image().is_some()
    }

    /// The code of `cp`, if the charset has one. Under `size`, also `None` when the index
    /// could not be built for lack of memory (the descriptor's `iconv_open` builds it first
    /// and fails then, so only the Rust API's encoders can see that).
    #[inline]
    pub fn get(&self, cp: u32) -> Option<u16> {
        let (data, layout) = self.image()?;
        let n = rev_slot(data, layout, cp)?;
        #[cfg(not(feature = "size"))]
        debug_assert!(n < self.shape.codes);
        Some(u16_at(data, layout.codes() + 2 * n))
    }

    /// The index's bytes (under `size`, building them): what the tests compare with the
    /// generated file.
    #[cfg(all(test, feature = "size"))]
    pub fn bytes(&self) -> Option<&[u8]> {
        self.image().map(|(data, _)| data)
    }

    // Only the East Asian tests (which need all nine charsets) check the shapes.
    #[cfg(all(test, not(feature = "size"), feature = "charsets-cjk"))]
    pub fn well_formed(&self) -> bool {
        let s = &self.shape;
        self.data.len()
            == 2 * s.pages + (BLOCK_BITMAP_BYTES + BLOCK_RANK_BYTES) * s.blocks + 2 * s.codes
    }
}
