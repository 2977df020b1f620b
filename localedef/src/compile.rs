//! A parsed source to a compiled locale file: each slot's string and the numbers, checked
//! (counts of names, numbers in range), with the C locale's values for a category the
//! source does not define.
use core::ffi::c_char;

use limpet_locale::compiled::format::{self, MONETARY_NAMES, NUMBER_NAMES, NUMBERS, SLOTS};
use limpet_locale::langinfo::{C_MESSAGES, C_NUMERIC, C_TIME};

use crate::parse::{Category, Definition, Source};
use crate::source::{Error, Operand};

/// `LC_TIME`'s keywords: each one's first item (its index from `ABDAY_1`) and how many
/// strings it holds (`None`: a list of any length, `ERA` and `ALT_DIGITS`).
const TIME_KEYWORDS: [(&str, usize, Option<usize>); 14] = [
    ("abday", 0x00, Some(7)),
    ("day", 0x07, Some(7)),
    ("abmon", 0x0e, Some(12)),
    ("mon", 0x1a, Some(12)),
    ("am_pm", 0x26, Some(2)),
    ("d_t_fmt", 0x28, Some(1)),
    ("d_fmt", 0x29, Some(1)),
    ("t_fmt", 0x2a, Some(1)),
    ("t_fmt_ampm", 0x2b, Some(1)),
    ("era", 0x2c, None),
    ("era_d_fmt", 0x2e, Some(1)),
    ("alt_digits", 0x2f, None),
    ("era_d_t_fmt", 0x30, Some(1)),
    ("era_t_fmt", 0x31, Some(1)),
];
/// The indexes (from `ABDAY_1`) of the lists, `ERA` and `ALT_DIGITS`.
const LIST_ITEMS: [usize; 2] = [0x2c, 0x2f];
/// The indexes (from `ABDAY_1`) of `AM_STR`, `T_FMT` and `T_FMT_AMPM`.
const AM_PM: usize = 0x26;
const T_FMT: usize = 0x2a;
const T_FMT_AMPM: usize = 0x2b;
/// `LC_NUMERIC`'s strings, in slot order (then `grouping`).
const NUMERIC_KEYWORDS: [&str; 2] = ["decimal_point", "thousands_sep"];
/// `LC_MESSAGES`'s keywords, in slot order.
const MESSAGES_KEYWORDS: [&str; 4] = ["yesexpr", "noexpr", "yesstr", "nostr"];
/// `yesstr` and `nostr`'s index in [`MESSAGES_KEYWORDS`]: from there on, optional.
const OPTIONAL_MESSAGES: usize = 2;
/// `-1`, a localedef number's "not available".
const NOT_AVAILABLE: i64 = -1;
/// The index of `int_p_cs_precedes` among the numbers: it and the five after it default to
/// the national forms' eight places before.
const FIRST_INT_FLAG: usize = 8;
/// `p_cs_precedes`'s index among the numbers, which `CRNCYSTR`'s sign comes from.
const P_CS_PRECEDES: usize = 2;

/// The definition's operands as `want` strings (`None`: one or more).
fn texts(def: &Definition, key: &str, want: Option<usize>) -> Result<Vec<Vec<u8>>, Error> {
    let strings: Option<Vec<Vec<u8>>> =
        def.operands.iter().map(|o| if let Operand::Text(t) = o { Some(t.clone()) } else { None }).collect();
    let strings = strings.ok_or_else(|| def.place.error(format!("{key}: every operand must be a string")))?;
    match want {
        Some(n) if strings.len() != n => Err(def.place.error(format!("{key}: {} strings where {n} are due", strings.len()))),
        None if strings.is_empty() => Err(def.place.error(format!("{key}: no strings"))),
        _ if strings.iter().any(|s| s.contains(&0)) => Err(def.place.error(format!("{key}: a string holds a NUL"))),
        _ => Ok(strings),
    }
}

/// The definition's operands as integers.
fn integers(def: &Definition, key: &str) -> Result<Vec<i64>, Error> {
    def.operands
        .iter()
        .map(|o| match o {
            Operand::Word(w) => w.parse().ok(),
            Operand::Text(_) => None,
        })
        .collect::<Option<Vec<i64>>>()
        .filter(|n| !n.is_empty())
        .ok_or_else(|| def.place.error(format!("{key}: operands must be integers")))
}

/// A grouping (`3;3`, `-1`) as `localeconv` gives it: one byte per group, `CHAR_MAX` for
/// a -1 after a group (no more grouping), ending at the first 0 (repeat the last); a -1
/// first means no grouping at all, the empty string (as glibc gives it).
fn grouping(def: &Definition, key: &str) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    for n in integers(def, key)? {
        match n {
            0 => break,
            NOT_AVAILABLE => {
                if !out.is_empty() {
                    out.push(format::UNAVAILABLE);
                }
                break;
            }
            1..=126 => out.push(n as u8),
            _ => return Err(def.place.error(format!("{key}: {n} is no group size"))),
        }
    }
    Ok(out)
}

/// One string: the single operand of `key` in `cat`, or `default` when undefined.
fn one(cat: &Category, key: &str, default: &[u8]) -> Result<Vec<u8>, Error> {
    match cat.get(key) {
        Some(def) => Ok(texts(def, key, Some(1))?.remove(0)),
        None => Ok(default.to_vec()),
    }
}

/// The compiled file for `src`.
pub fn compile(src: &Source) -> Result<Vec<u8>, Error> {
    let mut slots: [Vec<u8>; SLOTS] = core::array::from_fn(|_| Vec::new());
    let mut numbers = [format::UNAVAILABLE as c_char; NUMBERS];
    slots[format::CODESET] = b"UTF-8".to_vec();
    let c = |s: &core::ffi::CStr| s.to_bytes().to_vec();

    match src.categories.get("LC_NUMERIC") {
        Some(cat) => {
            for (i, key) in NUMERIC_KEYWORDS.iter().enumerate() {
                slots[format::NUMERIC + i] = one(cat, key, C_NUMERIC[i].to_bytes())?;
            }
            if slots[format::NUMERIC].is_empty() {
                let def = &cat["decimal_point"];
                return Err(def.place.error("decimal_point: empty"));
            }
            if let Some(def) = cat.get("grouping") {
                slots[format::NUMERIC + format::GROUPING] = grouping(def, "grouping")?;
            }
        }
        None => {
            for (i, s) in C_NUMERIC.iter().enumerate() {
                slots[format::NUMERIC + i] = c(s);
            }
        }
    }

    match src.categories.get("LC_TIME") {
        Some(cat) => {
            for (key, first, count) in TIME_KEYWORDS {
                match cat.get(key) {
                    Some(def) => {
                        let strings = texts(def, key, count)?;
                        if count.is_none() {
                            // A list: each string NUL-terminated, one slot.
                            slots[format::TIME + first] = strings.iter().flat_map(|s| s.iter().copied().chain([0])).collect();
                        } else {
                            for (i, s) in strings.into_iter().enumerate() {
                                slots[format::TIME + first + i] = s;
                            }
                        }
                    }
                    // Undefined lists are empty; other items are the C locale's, except
                    // the era formats, which are empty without eras.
                    None if count.is_none() || key.starts_with("era") => {}
                    None => {
                        for i in 0..count.unwrap_or(0) {
                            slots[format::TIME + first + i] = c(C_TIME[first + i]);
                        }
                    }
                }
            }
            // A locale without AM/PM strings has no 12-hour clock: an undefined t_fmt_ampm
            // is its t_fmt there, as glibc makes it (measured with ug_CN).
            let am_pm = format::TIME + AM_PM;
            if !cat.contains_key("t_fmt_ampm") && slots[am_pm].is_empty() && slots[am_pm + 1].is_empty() {
                slots[format::TIME + T_FMT_AMPM] = slots[format::TIME + T_FMT].clone();
            }
        }
        None => {
            for (i, s) in C_TIME.iter().enumerate() {
                slots[format::TIME + i] = c(s);
            }
        }
    }

    if let Some(cat) = src.categories.get("LC_MONETARY") {
        for (i, key) in MONETARY_NAMES.iter().enumerate() {
            slots[format::MONETARY + i] = match cat.get(*key) {
                Some(def) if key.ends_with("grouping") => grouping(def, key)?,
                _ => one(cat, key, b"")?,
            };
        }
        for (i, key) in NUMBER_NAMES.iter().enumerate() {
            let Some(def) = cat.get(*key) else {
                if i >= FIRST_INT_FLAG {
                    numbers[i] = numbers[i - (FIRST_INT_FLAG - P_CS_PRECEDES)];
                }
                continue;
            };
            let n = match integers(def, key)?.as_slice() {
                &[n] => n,
                _ => return Err(def.place.error(format!("{key}: one integer is due"))),
            };
            numbers[i] = match n {
                NOT_AVAILABLE => format::UNAVAILABLE,
                n if (0..=i64::from(format::NUMBER_MAX)).contains(&n) => n as u8,
                _ => return Err(def.place.error(format!("{key}: {n} is out of range"))),
            } as c_char;
        }
        // POSIX's CRNCYSTR: '+' when the symbol comes after the amount, '-' otherwise
        // (also when p_cs_precedes is not given, or the symbol is empty: glibc's values,
        // measured with its i18n and C sources).
        let sign = if numbers[P_CS_PRECEDES] == 0 { b'+' } else { b'-' };
        slots[format::MONETARY + format::CRNCYSTR] = [sign].into_iter().chain(slots[format::MONETARY + 1].iter().copied()).collect();
    }

    match src.categories.get("LC_MESSAGES") {
        Some(cat) => {
            // yesexpr and noexpr are mandatory (the C locale's when missing); glibc leaves
            // an undefined yesstr or nostr empty.
            for (i, key) in MESSAGES_KEYWORDS.iter().enumerate() {
                let default = if i < OPTIONAL_MESSAGES { C_MESSAGES[i].to_bytes() } else { b"" };
                slots[format::MESSAGES + i] = one(cat, key, default)?;
            }
        }
        None => {
            for (i, s) in C_MESSAGES.iter().enumerate() {
                slots[format::MESSAGES + i] = c(s);
            }
        }
    }
    // A list ends with an empty string: the C locale's single ALT_DIGITS string needs its
    // terminator as much as a source's list does.
    for i in LIST_ITEMS {
        let list = &mut slots[format::TIME + i];
        if !list.is_empty() && list.last() != Some(&0) {
            list.push(0);
        }
    }
    Ok(format::write(&slots, &numbers))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Reader;
    use limpet_locale::compiled::format::File;

    /// Compiles `text` as a source file.
    fn compiled(text: &str) -> Vec<u8> {
        let dir = std::env::temp_dir().join(format!("limpet-localedef-compile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("src");
        std::fs::write(&p, text).unwrap();
        let out = compile(&Reader { dirs: Vec::new() }.read(&p).unwrap()).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        out
    }

    /// The strings of the list in slot `i`.
    fn list(f: &File<'_>, i: usize) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        let mut p = f.slot(i).as_ptr();
        loop {
            // SAFETY: a checked file's lists end inside it.
            let s = unsafe { core::ffi::CStr::from_ptr(p) }.to_bytes();
            if s.is_empty() {
                return out;
            }
            out.push(s.to_vec());
            // SAFETY: the next string starts after this one's NUL.
            p = unsafe { p.add(s.len() + 1) };
        }
    }

    #[test]
    fn lists_end_and_defaults() {
        // No LC_TIME: the C locale's items, ALT_DIGITS a list of its one string.
        let bytes = compiled("LC_MESSAGES\nyesexpr \"^[jJ]\"\nEND LC_MESSAGES\n");
        let f = File::parse(&bytes).unwrap();
        assert_eq!(list(&f, format::TIME + 0x2f), [b"0123456789".to_vec()]);
        assert_eq!(list(&f, format::TIME + 0x2c), Vec::<Vec<u8>>::new());
        assert_eq!(f.slot(format::TIME + 7), c"Sunday");
        assert_eq!((f.slot(format::MESSAGES), f.slot(format::MESSAGES + 1)), (c"^[jJ]", c"^[nN]"));
        assert_eq!((f.slot(format::MESSAGES + 2), f.slot(format::MESSAGES + 3)), (c"", c""));
        // A source's lists; the empty am_pm makes t_fmt_ampm t_fmt.
        let bytes = compiled(
            "LC_TIME\nalt_digits \"a\";\"b\"\nera \"+:1:2000/01/01:+*:E:%EC\"\nam_pm \"\";\"\"\nt_fmt \"%T\"\nEND LC_TIME\n",
        );
        let f = File::parse(&bytes).unwrap();
        assert_eq!(list(&f, format::TIME + 0x2f), [b"a".to_vec(), b"b".to_vec()]);
        assert_eq!(list(&f, format::TIME + 0x2c), [b"+:1:2000/01/01:+*:E:%EC".to_vec()]);
        assert_eq!(f.slot(format::TIME + T_FMT_AMPM), c"%T");
        assert_eq!(f.slot(format::TIME + 7), c"Sunday", "undefined: the C locale's");
        assert_eq!(f.slot(format::TIME + 0x2e), c"", "an undefined era format is empty");
    }
}
