//! The JIS tables Shift_JIS, EUC-JP and ISO-2022-JP share: JIS X 0208 (and, for EUC-JP,
//! JIS X 0212) by row and column byte (0x21..=0x7E each), the reverse index from code point
//! to JIS code, and the half-width katakana of JIS X 0201.
use super::table::{Grid, Rev};
#[cfg(not(feature = "size"))]
use super::tables::JIS_REV;
use super::tables::{JIS0208_COLS, JIS0208_ROWS};

/// The first and last row or column byte of a 94 x 94 JIS set.
pub const BYTE_LO: u8 = 0x21;
#[cfg(any(feature = "charset-euc-jp", feature = "charset-iso-2022-jp"))]
pub const BYTE_HI: u8 = 0x7E;

/// JIS X 0208: row byte x column (byte - 0x21) to code point.
pub static JIS0208: Grid = Grid::new(
    include_bytes!("data/jis0208.grid"),
    BYTE_LO,
    JIS0208_ROWS,
    JIS0208_COLS,
);

/// JIS X 0212, which only EUC-JP reaches (through 0x8F).
#[cfg(feature = "charset-euc-jp")]
pub static JIS0212: Grid = Grid::new(
    include_bytes!("data/jis0212.grid"),
    BYTE_LO,
    super::tables::JIS0212_ROWS,
    super::tables::JIS0212_COLS,
);

/// Code point to JIS code: row byte << 8 | column byte, with [`JIS0212_FLAG`] for JIS X 0212.
/// Where both sets have a character, JIS X 0208 is the one kept.
#[cfg(not(feature = "size"))]
pub static REV: Rev = Rev::new(include_bytes!("data/jis.rev"), JIS_REV);
/// Under `size`, built from the grids on first use, JIS X 0208 given first.
#[cfg(feature = "size")]
pub static REV: Rev = Rev::built_bmp(rev_cells);

/// Every (code point, JIS code) of the grids this build has, JIS X 0208 first (where both
/// sets have a character, 0208's code is the one written).
#[cfg(feature = "size")]
fn rev_cells(put: &mut dyn FnMut(u32, u16)) {
    JIS0208.each(&mut |row, col, i| {
        put(
            JIS0208.value(i),
            u16::from_be_bytes([row, col as u8 + BYTE_LO]),
        )
    });
    // Without EUC-JP there is no JIS X 0212 grid, and no encoder that writes its codes.
    #[cfg(feature = "charset-euc-jp")]
    JIS0212.each(&mut |row, col, i| {
        let code = u16::from_be_bytes([row, col as u8 + BYTE_LO]);
        put(JIS0212.value(i), code | JIS0212_FLAG)
    });
}

/// Set in a reverse-index code that is JIS X 0212's rather than 0208's.
pub const JIS0212_FLAG: u16 = 0x8000;

/// Half-width katakana: JIS X 0201's 0xA1..=0xDF are U+FF61..=U+FF9F in order.
#[cfg(any(feature = "charset-shift-jis", feature = "charset-euc-jp"))]
pub const KANA_BYTE_LO: u8 = 0xA1;
#[cfg(any(feature = "charset-shift-jis", feature = "charset-euc-jp"))]
pub const KANA_BYTE_HI: u8 = 0xDF;
pub const KANA_CP_LO: u32 = 0xFF61;
pub const KANA_CP_HI: u32 = 0xFF9F;

/// Whether `b` is a row or column byte of a 94 x 94 set.
#[cfg(any(feature = "charset-euc-jp", feature = "charset-iso-2022-jp"))]
#[inline]
pub fn is_jis_byte(b: u8) -> bool {
    (BYTE_LO..=BYTE_HI).contains(&b)
}

/// The JIS X 0208 character of row byte `r` and column byte `c` (each checked by the
/// caller to be 0x21..=0x7E), 0 when there is none.
#[inline]
pub fn jis0208(r: u8, c: u8) -> u32 {
    JIS0208.get(r, (c - BYTE_LO) as usize)
}

/// The JIS X 0208 code of `cp` (row byte, column byte), if it has one.
#[cfg(any(feature = "charset-shift-jis", feature = "charset-iso-2022-jp"))]
#[inline]
pub fn to_jis0208(cp: u32) -> Option<[u8; 2]> {
    REV.get(cp)
        .filter(|code| code & JIS0212_FLAG == 0)
        .map(|code| code.to_be_bytes())
}
