//! Which codec a charset has in this build: the core's, the single-byte tables', or the
//! East Asian ones from [`crate::cjk`]. `None` when the charset's feature is off.
use crate::codec::{Charset, Codec};
use crate::{ascii, single_byte, utf8, utf16, utf32};

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

#[cfg(test)]
mod tests {
    #[cfg(feature = "all-charsets")]
    use crate::codec::Charset;
    use crate::converter::Converter;

    /// A build without a charset's feature does not know its names.
    #[test]
    #[cfg(not(feature = "charset-cp1252"))]
    fn left_out_charsets_are_unknown() {
        assert!(Converter::open(b"CP1252", b"UTF-8").is_none());
        assert!(Converter::open(b"UTF-8", b"WINDOWS-1252").is_none());
        assert!(Converter::open(b"UTF-16", b"ISO-8859-1").is_some());
        assert!(Converter::open(b"UTF-32", b"ASCII").is_some());
    }

    /// Every name of the table opens in a build with every charset but the East Asian
    /// ones (another part of the crate, stubbed until it lands).
    #[test]
    #[cfg(feature = "all-charsets")]
    fn every_name_opens() {
        for (name, cs) in crate::names::NAMES {
            let east_asian = matches!(
                cs,
                Charset::ShiftJis
                    | Charset::EucJp
                    | Charset::Iso2022Jp
                    | Charset::Gb2312
                    | Charset::Gbk
                    | Charset::Gb18030
                    | Charset::Big5
                    | Charset::Big5Hkscs
                    | Charset::EucKr
            );
            if east_asian && crate::cjk::codec(*cs).is_none() {
                continue;
            }
            assert!(
                Converter::open(name.as_bytes(), b"UTF-8").is_some(),
                "{name}"
            );
        }
    }
}
