//! Locale names and the catalog directories tried for them.
//!
//! A name is `language[_territory][.codeset][@modifier]`. For one name, the catalog
//! directories are tried from the most specific to the least, in the order GNU gettext
//! uses (its manual, "Locale Names", and measured with glibc's gettext over LANGUAGE): the
//! modifier kept before it is dropped, then within each the territory kept before it is
//! dropped, then within each the codeset as written, the codeset normalised (when that
//! differs), and no codeset. For `de_DE.UTF-8@euro`:
//!
//! ```text
//! de_DE.UTF-8@euro de_DE.utf8@euro de_DE@euro de.UTF-8@euro de.utf8@euro de@euro
//! de_DE.UTF-8      de_DE.utf8      de_DE      de.UTF-8      de.utf8      de
//! ```
//!
//! musl 1.2.3 tries only `de_DE@euro`, `de_DE` and `de` (it drops the codeset first);
//! those come in the same relative order here.

/// The longest normalised codeset kept; a longer one is not tried normalised.
const CODESET_MAX: usize = 64;

/// A locale name split into its parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts<'a> {
    pub language: &'a [u8],
    pub territory: Option<&'a [u8]>,
    pub codeset: Option<&'a [u8]>,
    pub modifier: Option<&'a [u8]>,
}

/// Splits `name`: the language runs to the first `_`, `.` or `@`; the territory from `_` to
/// `.` or `@`; the codeset from `.` to `@`; the modifier from `@` to the end.
pub fn split(name: &[u8]) -> Parts<'_> {
    let (rest, modifier) = match name.iter().position(|&b| b == b'@') {
        Some(at) => (&name[..at], Some(&name[at + 1..])),
        None => (name, None),
    };
    let (rest, codeset) = match rest.iter().position(|&b| b == b'.') {
        Some(at) => (&rest[..at], Some(&rest[at + 1..])),
        None => (rest, None),
    };
    let (language, territory) = match rest.iter().position(|&b| b == b'_') {
        Some(at) => (&rest[..at], Some(&rest[at + 1..])),
        None => (rest, None),
    };
    Parts { language, territory, codeset, modifier }
}

/// The normalised form of `codeset` in `out`: its letters in lower case and its digits, all
/// else dropped, with "iso" in front when only digits remain (`UTF-8` → `utf8`,
/// `ISO_8859-1` → `iso88591`, `8859-1` → `iso88591`). None when it does not fit.
pub fn normalize_codeset<'o>(codeset: &[u8], out: &'o mut [u8; CODESET_MAX]) -> Option<&'o [u8]> {
    let alnum = codeset.iter().filter(|b| b.is_ascii_alphanumeric());
    let all_digits = alnum.clone().all(u8::is_ascii_digit);
    let mut len = 0;
    let prefix: &[u8] = if all_digits { b"iso" } else { b"" };
    for &b in prefix.iter().chain(alnum) {
        *out.get_mut(len)? = b.to_ascii_lowercase();
        len += 1;
    }
    Some(&out[..len])
}

/// The most pieces a variant has: language, `_`, territory, `.`, codeset, `@`, modifier.
const PIECES: usize = 7;

/// Calls `try_one` with each variant of `name`, in the order of the module docs, until it
/// returns `Some`, and returns that. A variant comes as its pieces, to be joined, so that no
/// variant is copied into a buffer of its own on the way to the path it is part of.
pub fn for_each_variant<T>(name: &[u8], mut try_one: impl FnMut(&[&[u8]]) -> Option<T>) -> Option<T> {
    let p = split(name);
    let mut norm_buf = [0u8; CODESET_MAX];
    let norm = p.codeset.and_then(|c| normalize_codeset(c, &mut norm_buf)).filter(|n| Some(*n) != p.codeset);
    let modifiers = [p.modifier, None];
    let territories = [p.territory, None];
    let codesets = [p.codeset, norm, None];
    for (mi, modifier) in modifiers.iter().enumerate() {
        if mi == 0 && modifier.is_none() {
            continue;
        }
        for (ti, territory) in territories.iter().enumerate() {
            if ti == 0 && territory.is_none() {
                continue;
            }
            for (ci, codeset) in codesets.iter().enumerate() {
                if ci < 2 && codeset.is_none() {
                    continue;
                }
                let mut pieces: [&[u8]; PIECES] = [p.language; PIECES];
                let mut n = 1;
                for (sep, part) in [(b"_", territory), (b".", codeset), (b"@", modifier)] {
                    if let Some(part) = part {
                        pieces[n] = sep;
                        pieces[n + 1] = part;
                        n += 2;
                    }
                }
                if let Some(found) = try_one(&pieces[..n]) {
                    return Some(found);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variants(name: &str) -> Vec<String> {
        let mut all = Vec::new();
        for_each_variant::<()>(name.as_bytes(), |v| {
            all.push(String::from_utf8(v.concat()).unwrap());
            None
        });
        all
    }

    #[test]
    fn gnu_order() {
        assert_eq!(
            variants("de_DE.UTF-8@euro"),
            [
                "de_DE.UTF-8@euro",
                "de_DE.utf8@euro",
                "de_DE@euro",
                "de.UTF-8@euro",
                "de.utf8@euro",
                "de@euro",
                "de_DE.UTF-8",
                "de_DE.utf8",
                "de_DE",
                "de.UTF-8",
                "de.utf8",
                "de"
            ]
        );
        assert_eq!(variants("de_DE.utf8"), ["de_DE.utf8", "de_DE", "de.utf8", "de"]);
        assert_eq!(variants("de_AT"), ["de_AT", "de"]);
        assert_eq!(variants("de"), ["de"]);
        assert_eq!(variants("sr@latin"), ["sr@latin", "sr"]);
        assert_eq!(variants("de_DE.ISO-8859-1"), ["de_DE.ISO-8859-1", "de_DE.iso88591", "de_DE", "de.ISO-8859-1", "de.iso88591", "de"]);
    }

    #[test]
    fn the_first_hit_stops_the_walk() {
        let mut seen = 0;
        let got = for_each_variant(b"pt_BR.UTF-8", |v| {
            seen += 1;
            (v.concat() == b"pt_BR").then_some(7)
        });
        assert_eq!((got, seen), (Some(7), 3));
    }

    #[test]
    fn splitting() {
        let p = split(b"de_DE@x.y");
        assert_eq!((p.language, p.territory, p.codeset, p.modifier), (&b"de"[..], Some(&b"DE"[..]), None, Some(&b"x.y"[..])));
        let p = split(b"_DE");
        assert_eq!((p.language, p.territory), (&b""[..], Some(&b"DE"[..])));
    }

    #[test]
    fn codesets() {
        let mut b = [0; CODESET_MAX];
        assert_eq!(normalize_codeset(b"UTF-8", &mut b), Some(&b"utf8"[..]));
        assert_eq!(normalize_codeset(b"8859-15", &mut b), Some(&b"iso885915"[..]));
        assert_eq!(normalize_codeset(&[b'x'; 100], &mut b), None);
    }

    #[test]
    fn long_names() {
        let long = format!("{}_{}", "x".repeat(1000), "y".repeat(1000));
        assert_eq!(variants(&long), [long.clone(), "x".repeat(1000)]);
    }
}
