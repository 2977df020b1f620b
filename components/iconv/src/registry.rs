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

    /// Every name of the table opens, both ways, in a build with every charset.
    #[test]
    #[cfg(feature = "all-charsets")]
    fn every_name_opens() {
        for (name, _) in crate::names::NAMES {
            assert!(
                Converter::open(name.as_bytes(), b"UTF-8").is_some(),
                "{name}"
            );
            assert!(
                Converter::open(b"UTF-8", name.as_bytes()).is_some(),
                "{name}"
            );
        }
    }

    /// Each East Asian charset reaches its own codec: the names musl 1.2.3 accepts for it
    /// decode a probe as that charset does (A4 A2 is hiragana A in EUC-JP and GB2312, the
    /// jamo SSANGKIYEOK in EUC-KR, U+4E10 in Big5, two halfwidth katakana in Shift_JIS).
    #[test]
    #[cfg(feature = "all-charsets")]
    fn east_asian_names_reach_their_codecs() {
        let cases: [(&[&str], Charset, &str); 9] = [
            (
                &["SHIFT_JIS", "SJIS", "shift-jis"],
                Charset::ShiftJis,
                "\u{FF64}\u{FF62}",
            ),
            (&["EUC-JP", "eucjp"], Charset::EucJp, "\u{3042}"),
            (&["ISO-2022-JP"], Charset::Iso2022Jp, ""),
            (&["GB2312"], Charset::Gb2312, "\u{3042}"),
            (&["GBK"], Charset::Gbk, "\u{3042}"),
            (&["GB18030"], Charset::Gb18030, "\u{3042}"),
            (&["BIG5", "BIG-FIVE", "CP950"], Charset::Big5, "\u{4E10}"),
            (&["BIG5-HKSCS"], Charset::Big5Hkscs, "\u{4E10}"),
            (
                &["EUC-KR", "EUCKR", "KSC_5601", "KS_X_1001", "CP949"],
                Charset::EucKr,
                "\u{3132}",
            ),
        ];
        for (names, cs, text) in cases {
            for name in names {
                assert_eq!(crate::names::lookup(name.as_bytes()), Some(cs), "{name}");
                let mut c = Converter::open(b"UTF-8", name.as_bytes()).unwrap();
                let mut out = [0u8; 16];
                let (p, r) = c.convert(b"\xa4\xa2", &mut out);
                if text.is_empty() {
                    // ISO-2022-JP is 7-bit: a byte above 0x7F is invalid.
                    assert!(r.is_err() && p.read == 0, "{name}");
                } else {
                    assert_eq!(
                        (r.is_ok(), &out[..p.written]),
                        (true, text.as_bytes()),
                        "{name}"
                    );
                }
            }
        }
    }
}
