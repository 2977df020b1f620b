//! `//TRANSLIT`: the ASCII text that stands in for a character the target charset lacks.
//! The table (made by `gen/translit.py`, listed in the crate README) covers Latin letters
//! with diacritics (to the base letter), ligatures, compatibility forms (fullwidth,
//! superscripts, circled letters), typographic quotes, dashes and spaces, the ellipsis,
//! currency signs (€ -> EUR) and common symbols.
mod table;

/// The transliteration of `c`, if the table has one.
pub fn lookup(c: u32) -> Option<&'static [u8]> {
    let key = u16::try_from(c).ok()?;
    let i = table::KEYS.binary_search(&key).ok()?;
    Some(&table::TEXT[table::STARTS[i] as usize..table::STARTS[i + 1] as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples() {
        assert_eq!(lookup('é' as u32), Some(&b"e"[..]));
        assert_eq!(lookup('Ő' as u32), Some(&b"O"[..]));
        assert_eq!(lookup('€' as u32), Some(&b"EUR"[..]));
        assert_eq!(lookup('…' as u32), Some(&b"..."[..]));
        assert_eq!(lookup('“' as u32), Some(&b"\""[..]));
        assert_eq!(lookup('—' as u32), Some(&b"--"[..]));
        assert_eq!(lookup('ﬁ' as u32), Some(&b"fi"[..]));
        // Circled forms keep their circle as parentheses, as glibc writes them.
        assert_eq!(lookup('①' as u32), Some(&b"(1)"[..]));
        assert_eq!(lookup('⑳' as u32), Some(&b"(20)"[..]));
        assert_eq!(lookup('Ⓐ' as u32), Some(&b"(A)"[..]));
        assert_eq!(lookup('Æ' as u32), Some(&b"AE"[..]));
        assert_eq!(lookup('ß' as u32), Some(&b"ss"[..]));
        assert_eq!(lookup('\u{a0}' as u32), Some(&b" "[..]));
        assert_eq!(lookup('中' as u32), None);
        assert_eq!(lookup('A' as u32), None);
        assert_eq!(lookup(0x1f600), None);
    }

    #[test]
    fn table_is_sorted_and_ascii() {
        assert!(table::KEYS.windows(2).all(|w| w[0] < w[1]));
        assert!(table::TEXT.is_ascii());
        for i in 0..table::KEYS.len() {
            assert!(table::STARTS[i] < table::STARTS[i + 1]);
        }
    }
}
