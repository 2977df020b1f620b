//! The multibyte East Asian charsets: Shift_JIS, EUC-JP, ISO-2022-JP, GB2312, GBK,
//! GB18030, Big5, Big5-HKSCS and EUC-KR.
use crate::codec::{Charset, Codec};

/// The codec of `cs`, if it is one of this module's and its feature is on.
pub fn codec(cs: Charset) -> Option<&'static Codec> {
    let _ = cs;
    None
}
