//! Charset names to [`Charset`], matched as musl 1.2.3 matches them (measured with a probe
//! program over candidate spellings, not read from its source):
//!
//! - letters compare without case;
//! - any byte of the given name that is not a letter or digit is skipped *before* each
//!   character of the table's name, so `utf-8`, `UTF_8`, ` u.t.f 8` all name UTF-8, but
//!   nothing may follow the last one (`UTF-8-` is unknown);
//! - musl counts `:`, `[` and `{` as letters or digits (its range tests are one wide), so
//!   those three are never skipped and a name holding one is unknown;
//! - the empty name (the locale's charset) is accepted only when it really is empty.
//!
//! The names are musl's, plus `utf7` (musl has no UTF-7). The suffixes (`//TRANSLIT`,
//! `//IGNORE`) are split off before this, in [`crate::descriptor`].
use crate::codec::Charset;
use crate::single_byte::id;

/// Whether musl skips the byte `b` of a given name.
#[inline]
fn skipped(b: u8) -> bool {
    // The ranges are musl's observable ones: 'a'..='{' after folding case, '0'..=':'.
    let letter = (b | 0x20).wrapping_sub(b'a') <= 26;
    let digit = b.wrapping_sub(b'0') <= 10;
    !(letter || digit)
}

/// Whether `given` names the table's `name` (lower case, letters and digits only).
pub fn matches(given: &[u8], name: &[u8]) -> bool {
    let mut i = 0;
    for &n in name {
        while i < given.len() && skipped(given[i]) {
            i += 1;
        }
        if i == given.len() || given[i] | 0x20 != n {
            return false;
        }
        i += 1;
    }
    i == given.len()
}

/// Every name and its charset. `""` and `"char"` are the locale's charset: UTF-8, which is
/// what musl 1.2.3's iconv gives for them in every locale, the C locale included.
pub const NAMES: &[(&str, Charset)] = &[
    ("utf8", Charset::Utf8),
    ("char", Charset::Utf8),
    ("", Charset::Utf8),
    ("wchart", Charset::WcharT),
    ("ucs2be", Charset::Ucs2Be),
    ("ucs2le", Charset::Ucs2Le),
    ("utf16be", Charset::Utf16Be),
    ("utf16le", Charset::Utf16Le),
    ("ucs4be", Charset::Ucs4Be),
    ("utf32be", Charset::Utf32Be),
    ("ucs4le", Charset::Ucs4Le),
    ("utf32le", Charset::Utf32Le),
    ("ascii", Charset::Ascii),
    ("usascii", Charset::Ascii),
    ("iso646", Charset::Ascii),
    ("iso646us", Charset::Ascii),
    ("utf16", Charset::Utf16),
    ("ucs4", Charset::Ucs4),
    ("utf32", Charset::Utf32),
    ("ucs2", Charset::Ucs2),
    ("utf7", Charset::Utf7),
    ("eucjp", Charset::EucJp),
    ("shiftjis", Charset::ShiftJis),
    ("sjis", Charset::ShiftJis),
    ("iso2022jp", Charset::Iso2022Jp),
    ("gb18030", Charset::Gb18030),
    ("gbk", Charset::Gbk),
    ("gb2312", Charset::Gb2312),
    ("big5", Charset::Big5),
    ("bigfive", Charset::Big5),
    ("cp950", Charset::Big5),
    ("big5hkscs", Charset::Big5Hkscs),
    ("euckr", Charset::EucKr),
    ("ksc5601", Charset::EucKr),
    ("ksx1001", Charset::EucKr),
    ("cp949", Charset::EucKr),
    ("iso88591", Charset::SingleByte(id::LATIN1)),
    ("latin1", Charset::SingleByte(id::LATIN1)),
    ("iso88592", Charset::SingleByte(id::ISO8859_2)),
    ("iso88593", Charset::SingleByte(id::ISO8859_3)),
    ("iso88594", Charset::SingleByte(id::ISO8859_4)),
    ("iso88595", Charset::SingleByte(id::ISO8859_5)),
    ("iso88596", Charset::SingleByte(id::ISO8859_6)),
    ("iso88597", Charset::SingleByte(id::ISO8859_7)),
    ("iso88598", Charset::SingleByte(id::ISO8859_8)),
    ("iso88599", Charset::SingleByte(id::ISO8859_9)),
    ("iso885910", Charset::SingleByte(id::ISO8859_10)),
    ("iso885911", Charset::SingleByte(id::ISO8859_11)),
    ("tis620", Charset::SingleByte(id::ISO8859_11)),
    ("iso885913", Charset::SingleByte(id::ISO8859_13)),
    ("iso885914", Charset::SingleByte(id::ISO8859_14)),
    ("iso885915", Charset::SingleByte(id::ISO8859_15)),
    ("latin9", Charset::SingleByte(id::ISO8859_15)),
    ("iso885916", Charset::SingleByte(id::ISO8859_16)),
    ("cp1250", Charset::SingleByte(id::CP1250)),
    ("windows1250", Charset::SingleByte(id::CP1250)),
    ("cp1251", Charset::SingleByte(id::CP1251)),
    ("windows1251", Charset::SingleByte(id::CP1251)),
    ("cp1252", Charset::SingleByte(id::CP1252)),
    ("windows1252", Charset::SingleByte(id::CP1252)),
    ("cp1253", Charset::SingleByte(id::CP1253)),
    ("windows1253", Charset::SingleByte(id::CP1253)),
    ("cp1254", Charset::SingleByte(id::CP1254)),
    ("windows1254", Charset::SingleByte(id::CP1254)),
    ("cp1255", Charset::SingleByte(id::CP1255)),
    ("windows1255", Charset::SingleByte(id::CP1255)),
    ("cp1256", Charset::SingleByte(id::CP1256)),
    ("windows1256", Charset::SingleByte(id::CP1256)),
    ("cp1257", Charset::SingleByte(id::CP1257)),
    ("windows1257", Charset::SingleByte(id::CP1257)),
    ("cp1258", Charset::SingleByte(id::CP1258)),
    ("windows1258", Charset::SingleByte(id::CP1258)),
    ("koi8r", Charset::SingleByte(id::KOI8_R)),
    ("koi8u", Charset::SingleByte(id::KOI8_U)),
    ("cp437", Charset::SingleByte(id::CP437)),
    ("cp850", Charset::SingleByte(id::CP850)),
    ("cp866", Charset::SingleByte(id::CP866)),
    ("ibm1047", Charset::SingleByte(id::IBM1047)),
    ("cp1047", Charset::SingleByte(id::IBM1047)),
];

/// The charset `given` names (without suffixes), whether or not this build has it.
pub fn lookup(given: &[u8]) -> Option<Charset> {
    NAMES
        .iter()
        .find(|(name, _)| matches(given, name.as_bytes()))
        .map(|&(_, cs)| cs)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the probe measured on musl 1.2.3 (`iconv_open("UTF-8", name)`), both ways.
    #[test]
    fn as_musl_matches() {
        let accepted = [
            "UTF-8",
            "utf8",
            "u-t-f-8",
            "UTF_8",
            "UTF 8",
            "UTF16LE",
            "WCHAR_T",
            "wchar_t",
            "ISO646-US",
            "ISO_8859-1",
            "ISO8859_1",
            "LATIN-9",
            "TIS-620",
            "WINDOWS1252",
            "KOI8R",
            "CP1047",
            "SHIFT_JIS",
            "BIG-FIVE",
            "KS_C_5601",
            "CHAR",
            "",
            "ut!f8",
            "!utf8",
            "ut\x01f8",
            "ut\u{80}f8",
            "\x7futf8",
            "utf--8",
        ];
        for name in accepted {
            assert!(lookup(name.as_bytes()).is_some(), "{name:?}");
        }
        let refused = [
            "UTF-8x",
            "xUTF-8",
            "UNICODE",
            "ANSI_X3.4-1968",
            "L1",
            "ISO-8859-12",
            "LATIN2",
            "KOI8-RU",
            "IBM437",
            "EBCDIC",
            "MS_KANJI",
            "CP932",
            "CP936",
            "KS_C_5601-1987",
            "C",
            "POSIX",
            "CP874",
            "ut:f8",
            "ut[f8",
            "ut{f8",
            "utf8-",
            "utf8 ",
            ".UTF-8.",
            "-",
        ];
        for name in refused {
            assert_eq!(lookup(name.as_bytes()), None, "{name:?}");
        }
    }

    #[test]
    fn table_is_canonical() {
        for (name, _) in NAMES {
            assert!(
                name.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()),
                "{name}"
            );
            assert_eq!(NAMES.iter().filter(|(n, _)| n == name).count(), 1, "{name}");
        }
    }
}
