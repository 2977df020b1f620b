//! Which codec a charset has in this build: the core's, the single-byte tables', or the
//! East Asian ones from [`crate::cjk`]. `None` when the charset's feature is off.
use crate::codec::{Charset, Codec};
use crate::{ascii, single_byte, utf16, utf32, utf8};

/// The codec of `cs`, if this build has it.
pub fn codec(cs: Charset) -> Option<&'static Codec> {
    Some(match cs {
        Charset::Utf8 => &utf8::UTF8,
        Charset::Utf16 => &utf16::UTF16,
        Charset::Utf16Be => &utf16::UTF16BE,
        Charset::Utf16Le => &utf16::UTF16LE,
        Charset::Ucs2 => &utf16::UCS2,
        Charset::Ucs2Be => &utf16::UCS2BE,
        Charset::Ucs2Le => &utf16::UCS2LE,
        Charset::Utf32 | Charset::Ucs4 => &utf32::UTF32,
        Charset::Utf32Be | Charset::Ucs4Be => &utf32::UTF32BE,
        Charset::Utf32Le | Charset::Ucs4Le => &utf32::UTF32LE,
        Charset::WcharT => &utf32::WCHAR_T,
        Charset::Ascii => &ascii::ASCII,
        #[cfg(feature = "charset-utf7")]
        Charset::Utf7 => &crate::utf7::UTF7,
        Charset::SingleByte(id) => return single_byte::codec(id),
        _ => return crate::cjk::codec(cs),
    })
}
