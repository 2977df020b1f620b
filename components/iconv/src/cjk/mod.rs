//! The multibyte East Asian charsets: Shift_JIS, EUC-JP, ISO-2022-JP, GB2312, GBK,
//! GB18030, Big5, Big5-HKSCS and EUC-KR (with CP949's extension, as musl reads it).
//!
//! Each charset is a [`Codec`] in a file of its own; the tables live with the family that
//! shares them (`jis`, `gb`) or with the charset (`big5`, `euc_kr`). They come from `data/`,
//! written by `gen/cjk.py` from Python's codecs with musl's choices where musl decodes
//! differently (see the crate README); `table` reads them. The data files are generated
//! byte for byte, so `tables.rs` is kept out of rustfmt's reach.
use crate::codec::{Charset, Codec};

#[cfg(feature = "cjk")]
mod table;
#[cfg(feature = "cjk")]
#[rustfmt::skip]
#[path = "data/tables.rs"]
mod tables;
#[cfg(all(feature = "size", feature = "cjk"))]
mod rev_build;

#[cfg(any(feature = "charset-big5", feature = "charset-big5-hkscs"))]
mod big5;
#[cfg(feature = "charset-euc-jp")]
mod euc_jp;
#[cfg(feature = "charset-euc-kr")]
mod euc_kr;
#[cfg(any(
    feature = "charset-gb2312",
    feature = "charset-gbk",
    feature = "charset-gb18030"
))]
pub(crate) mod gb;
#[cfg(feature = "charset-gb18030")]
mod gb18030;
#[cfg(feature = "charset-gb2312")]
mod gb2312;
#[cfg(feature = "charset-gbk")]
mod gbk;
#[cfg(feature = "charset-iso-2022-jp")]
mod iso2022_jp;
#[cfg(any(
    feature = "charset-shift-jis",
    feature = "charset-euc-jp",
    feature = "charset-iso-2022-jp"
))]
mod jis;
#[cfg(feature = "charset-shift-jis")]
mod shift_jis;

// The tests compare every charset, so they need them all (feature `charsets-cjk`).
#[cfg(all(test, feature = "charsets-cjk"))]
mod tests;

/// The codec of `cs`, if it is one of this module's and its feature is on.
pub fn codec(cs: Charset) -> Option<&'static Codec> {
    match cs {
        #[cfg(feature = "charset-shift-jis")]
        Charset::ShiftJis => Some(&shift_jis::SHIFT_JIS),
        #[cfg(feature = "charset-euc-jp")]
        Charset::EucJp => Some(&euc_jp::EUC_JP),
        #[cfg(feature = "charset-iso-2022-jp")]
        Charset::Iso2022Jp => Some(&iso2022_jp::ISO_2022_JP),
        #[cfg(feature = "charset-gb2312")]
        Charset::Gb2312 => Some(&gb2312::GB2312),
        #[cfg(feature = "charset-gbk")]
        Charset::Gbk => Some(&gbk::GBK),
        #[cfg(feature = "charset-gb18030")]
        Charset::Gb18030 => Some(&gb18030::GB18030),
        // musl reads both names with one decoder (Big5 with HKSCS and its CP950-style
        // cells), so both are the same codec here.
        #[cfg(feature = "charset-big5")]
        Charset::Big5 => Some(&big5::BIG5_HKSCS),
        #[cfg(feature = "charset-big5-hkscs")]
        Charset::Big5Hkscs => Some(&big5::BIG5_HKSCS),
        #[cfg(feature = "charset-euc-kr")]
        Charset::EucKr => Some(&euc_kr::EUC_KR),
        _ => None,
    }
}

/// Under `size`, builds the reverse index that encoding into `cs` reads, if it is one of
/// this module's and not built yet: `false` when memory ran out. `iconv_open` calls it so
/// that a lack of memory is its ENOMEM rather than characters lost later.
#[cfg(feature = "size")]
pub fn prepare(cs: Charset) -> bool {
    match cs {
        #[cfg(any(
            feature = "charset-shift-jis",
            feature = "charset-euc-jp",
            feature = "charset-iso-2022-jp"
        ))]
        Charset::ShiftJis | Charset::EucJp | Charset::Iso2022Jp => jis::REV.ready(),
        #[cfg(any(
            feature = "charset-gb2312",
            feature = "charset-gbk",
            feature = "charset-gb18030"
        ))]
        Charset::Gb2312 | Charset::Gbk | Charset::Gb18030 => gb::REV.ready(),
        #[cfg(any(feature = "charset-big5", feature = "charset-big5-hkscs"))]
        Charset::Big5 | Charset::Big5Hkscs => big5::REV.ready(),
        #[cfg(feature = "charset-euc-kr")]
        Charset::EucKr => euc_kr::REV.ready(),
        _ => true,
    }
}
