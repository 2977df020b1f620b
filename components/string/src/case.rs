//! Case folding for the case-insensitive comparisons.
//!
//! Bytes fold in ASCII only: in musl's C and C.UTF-8 locales `tolower` changes nothing
//! outside 'A'..='Z', and `strcasecmp` folds with it.
//!
//! Wide characters fold as musl's `towlower` does, which is Unicode's simple lowercase
//! mapping as of musl's Unicode version. `core` carries the same mapping for a newer Unicode
//! version; measured against musl 1.2.3 over every code point, the two differ only where
//! Unicode added lowercase mappings later (and for U+0130, whose full mapping in `core` is
//! two characters while its simple mapping is the first of them, 'i'). Those code points,
//! in [`UNMAPPED_BY_MUSL`], keep their value, so [`fold_wide`] matches musl 1.2.3 exactly.

/// ASCII lower case of a byte, as musl's `tolower` in the C locales.
#[inline(always)]
pub fn fold_byte(b: u8) -> u8 {
    b.to_ascii_lowercase()
}

/// Code point ranges (inclusive) whose lowercase mapping in `core` is newer than musl's
/// tables: the Cyrillic Extended-C capital TE WITH MIDDLE HOOK, the circled Latin capitals
/// (which musl's `towlower` leaves alone), and letters added to Glagolitic, Latin
/// Extended-D, Vithkuqi, Garay and Kirat Rai.
const UNMAPPED_BY_MUSL: [(u32, u32); 22] = [
    (0x1c89, 0x1c89),
    (0x24b6, 0x24cf),
    (0x2c2f, 0x2c2f),
    (0xa7c0, 0xa7c0),
    (0xa7c7, 0xa7c7),
    (0xa7c9, 0xa7c9),
    (0xa7cb, 0xa7cc),
    (0xa7ce, 0xa7ce),
    (0xa7d0, 0xa7d0),
    (0xa7d2, 0xa7d2),
    (0xa7d4, 0xa7d4),
    (0xa7d6, 0xa7d6),
    (0xa7d8, 0xa7d8),
    (0xa7da, 0xa7da),
    (0xa7dc, 0xa7dc),
    (0xa7f5, 0xa7f5),
    (0x10570, 0x1057a),
    (0x1057c, 0x1058a),
    (0x1058c, 0x10592),
    (0x10594, 0x10595),
    (0x10d50, 0x10d65),
    (0x16ea0, 0x16eb8),
];

/// The value musl's `towlower` gives `c`: its simple lowercase mapping, or `c` itself for
/// anything without one (including values that are not Unicode scalar values).
pub fn fold_wide(c: u32) -> u32 {
    if c < 0x80 {
        return fold_byte(c as u8) as u32;
    }
    let Some(ch) = char::from_u32(c) else { return c };
    if UNMAPPED_BY_MUSL.iter().any(|&(lo, hi)| (lo..=hi).contains(&c)) {
        return c;
    }
    // The first character of the full mapping is the simple mapping for every code point
    // whose full mapping is longer (only U+0130 among the lowercase ones).
    ch.to_lowercase().next().map_or(c, |l| l as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_fold_in_ascii_only() {
        for b in 0..=255u8 {
            let want = if b.is_ascii_uppercase() { b + 32 } else { b };
            assert_eq!(fold_byte(b), want);
        }
    }

    #[test]
    fn wide_samples_match_musl() {
        // Values measured with musl's towlower.
        let cases = [
            (0x41, 0x61),
            (0xc0, 0xe0),
            (0xd7, 0xd7),
            (0x100, 0x101),
            (0x130, 0x69),
            (0x178, 0xff),
            (0x391, 0x3b1),
            (0x410, 0x430),
            (0x1e9e, 0xdf),
            (0x2126, 0x3c9),
            (0x24b6, 0x24b6),
            (0xa7c0, 0xa7c0),
            (0xff21, 0xff41),
            (0x10400, 0x10428),
            (0x10570, 0x10570),
            (0x1e900, 0x1e922),
            (0xd800, 0xd800),
            (0x110000, 0x110000),
            (u32::MAX, u32::MAX),
        ];
        for (c, want) in cases {
            assert_eq!(fold_wide(c), want, "{c:#x}");
        }
    }
}
