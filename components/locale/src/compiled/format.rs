//! The compiled locale file: what `limpet-localedef` writes and [`super::load`] maps.
//!
//! One file per locale, little-endian whatever the machine (the numbers are read a byte at a
//! time, so a file is valid on every architecture):
//!
//! | offset | size | what |
//! |---|---|---|
//! | 0 | 8 | [`MAGIC`] |
//! | 8 | 4 | [`VERSION`] |
//! | 12 | 4 | the number of slots, [`SLOTS`] |
//! | 16 | 4 | the file's size in bytes |
//! | 20 | 14 | [`NUMBERS`]: `localeconv`'s `char` members, `int_frac_digits` .. `int_n_sign_posn`, as `lconv` orders them (`CHAR_MAX`, 127, for "not available") |
//! | 34 | 2 | zero |
//! | 36 | 4 × [`SLOTS`] | each slot's string: its offset from the start of the file |
//! | after | | the strings, each NUL-terminated; the file ends with one more NUL |
//!
//! The slots are grouped by category, each group indexed like the category's `nl_item`s
//! (`LC_TIME`'s group is `ABDAY_1` .. `ERA_T_FMT` in order), so `nl_langinfo` returns a
//! pointer into the mapped file. `ERA` and `ALT_DIGITS` are lists: their strings follow one
//! another, each NUL-terminated, and an empty string ends the list (as glibc returns them).
//! [`File::parse`] refuses a file whose header, size, offsets or numbers are wrong, or that
//! does not end with two NULs: then every string any offset starts ends inside the file, and
//! so does every list.
use core::ffi::{CStr, c_char};

/// The file's first bytes.
pub const MAGIC: [u8; 8] = *b"limpetLC";
/// The format's version; a file of another version is refused.
pub const VERSION: u32 = 1;

/// Where the header's fields are.
const AT_VERSION: usize = 8;
const AT_SLOTS: usize = 12;
const AT_SIZE: usize = 16;
const AT_NUMBERS: usize = 20;
/// Where the slot table starts: after the header, 4-aligned.
pub const TABLE: usize = 36;

/// `localeconv`'s `char` members, `int_frac_digits` .. `int_n_sign_posn`.
pub const NUMBERS: usize = 14;
/// `CHAR_MAX`: a number the locale does not give.
pub const UNAVAILABLE: u8 = 127;
/// The largest number a file may hold other than [`UNAVAILABLE`] (a count of fraction
/// digits; the flags are 0 to 4).
pub const NUMBER_MAX: u8 = 9;

/// `CODESET` (LC_CTYPE's charmap name; always "UTF-8" in files the tool writes).
pub const CODESET: usize = 0;
/// `LC_NUMERIC`: `RADIXCHAR`, `THOUSEP`, then `localeconv`'s `grouping`.
pub const NUMERIC: usize = 1;
pub const NUMERIC_ITEMS: usize = 3;
/// `grouping`'s slot within the numeric group.
pub const GROUPING: usize = 2;
/// `LC_TIME`: `ABDAY_1` .. `ERA_T_FMT`, the `nl_item` index less 0x20000.
pub const TIME: usize = NUMERIC + NUMERIC_ITEMS;
pub const TIME_ITEMS: usize = 0x32;
/// `LC_MONETARY`: `localeconv`'s seven strings ([`MONETARY_NAMES`]), then `CRNCYSTR`.
pub const MONETARY: usize = TIME + TIME_ITEMS;
pub const MONETARY_ITEMS: usize = 8;
/// `CRNCYSTR`'s slot within the monetary group.
pub const CRNCYSTR: usize = 7;
/// `LC_MESSAGES`: `YESEXPR`, `NOEXPR`, `YESSTR`, `NOSTR`.
pub const MESSAGES: usize = MONETARY + MONETARY_ITEMS;
pub const MESSAGES_ITEMS: usize = 4;
/// How many slots a file has.
pub const SLOTS: usize = MESSAGES + MESSAGES_ITEMS;

/// The monetary group's strings, in slot order: the localedef keywords, which are also the
/// `lconv` members' names.
pub const MONETARY_NAMES: [&str; MONETARY_ITEMS - 1] = [
    "int_curr_symbol",
    "currency_symbol",
    "mon_decimal_point",
    "mon_thousands_sep",
    "mon_grouping",
    "positive_sign",
    "negative_sign",
];
/// The numbers, in file order: the localedef keywords and `lconv` members.
pub const NUMBER_NAMES: [&str; NUMBERS] = [
    "int_frac_digits",
    "frac_digits",
    "p_cs_precedes",
    "p_sep_by_space",
    "n_cs_precedes",
    "n_sep_by_space",
    "p_sign_posn",
    "n_sign_posn",
    "int_p_cs_precedes",
    "int_p_sep_by_space",
    "int_n_cs_precedes",
    "int_n_sep_by_space",
    "int_p_sign_posn",
    "int_n_sign_posn",
];

/// A file that [`File::parse`] accepted.
#[derive(Clone, Copy, Debug)]
pub struct File<'a> {
    bytes: &'a [u8],
}

/// The little-endian `u32` at `at`.
fn word(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

impl<'a> File<'a> {
    /// Checks `bytes` as a whole file: `None` if it is not one this version reads.
    pub fn parse(bytes: &'a [u8]) -> Option<File<'a>> {
        let strings = TABLE + 4 * SLOTS;
        let ok = bytes.len() >= strings + 2
            && bytes[..MAGIC.len()] == MAGIC
            && word(bytes, AT_VERSION)? == VERSION
            && word(bytes, AT_SLOTS)? as usize == SLOTS
            && word(bytes, AT_SIZE)? as usize == bytes.len()
            && bytes[AT_NUMBERS..AT_NUMBERS + NUMBERS].iter().all(|&n| n <= NUMBER_MAX || n == UNAVAILABLE)
            && bytes[AT_NUMBERS + NUMBERS..TABLE].iter().all(|&b| b == 0)
            && bytes[bytes.len() - 2..] == [0, 0]
            && (0..SLOTS).all(|i| word(bytes, TABLE + 4 * i).is_some_and(|o| (strings..bytes.len()).contains(&(o as usize))));
        ok.then_some(File { bytes })
    }

    /// Slot `i`'s string ([`SLOTS`] or above: the empty string). It ends inside the file.
    pub fn slot(&self, i: usize) -> &'a CStr {
        let Some(at) = (i < SLOTS).then(|| word(self.bytes, TABLE + 4 * i)).flatten() else {
            return c"";
        };
        // `parse` checked the offset, and the file ends with a NUL.
        CStr::from_bytes_until_nul(&self.bytes[at as usize..]).unwrap_or(c"")
    }

    /// The numbers, as `lconv`'s `char` members: [`UNAVAILABLE`] becomes this target's
    /// `CHAR_MAX` (255 where `char` is unsigned: aarch64, riscv64).
    pub fn numbers(&self) -> [c_char; NUMBERS] {
        core::array::from_fn(|i| match self.bytes[AT_NUMBERS + i] {
            UNAVAILABLE => c_char::MAX,
            n => n as c_char,
        })
    }
}

/// Writes a file (with the `writer` feature, and in this crate's tests): `slots[i]` is slot `i`'s string without its NUL (a list: its strings each
/// followed by a NUL; the list's ending empty string is added here). Equal strings are
/// stored once.
#[cfg(any(test, feature = "writer"))]
pub fn write(slots: &[alloc::vec::Vec<u8>; SLOTS], numbers: &[c_char; NUMBERS]) -> alloc::vec::Vec<u8> {
    use alloc::vec::Vec;
    let mut out = Vec::new();
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(SLOTS as u32).to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend(numbers.iter().map(|&n| n as u8));
    out.resize(TABLE + 4 * SLOTS, 0);
    let mut placed: Vec<(usize, usize)> = Vec::new();
    for (i, s) in slots.iter().enumerate() {
        let at = match placed.iter().find(|&&(_, j)| slots[j] == *s) {
            Some(&(at, _)) => at,
            None => {
                let at = out.len();
                out.extend_from_slice(s);
                out.push(0);
                placed.push((at, i));
                at
            }
        };
        out[TABLE + 4 * i..TABLE + 4 * i + 4].copy_from_slice(&(at as u32).to_le_bytes());
    }
    out.push(0);
    let size = out.len() as u32;
    out[AT_SIZE..AT_SIZE + 4].copy_from_slice(&size.to_le_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> ([Vec<u8>; SLOTS], [c_char; NUMBERS]) {
        let mut slots: [Vec<u8>; SLOTS] = core::array::from_fn(|i| format!("slot {i}").into_bytes());
        slots[CODESET] = b"UTF-8".to_vec();
        slots[TIME + 0x2f] = "〇\0一\0二\0".as_bytes().to_vec();
        slots[MESSAGES] = b"slot 5".to_vec();
        slots[MESSAGES + 1] = Vec::new();
        let mut numbers = [UNAVAILABLE as c_char; NUMBERS];
        numbers[0] = 2;
        numbers[13] = 4;
        (slots, numbers)
    }

    #[test]
    fn round_trip() {
        let (slots, numbers) = sample();
        let bytes = write(&slots, &numbers);
        let f = File::parse(&bytes).expect("a written file parses");
        for (i, s) in slots.iter().enumerate() {
            let first = s.split(|&b| b == 0).next().unwrap();
            assert_eq!(f.slot(i).to_bytes(), first, "slot {i}");
        }
        assert_eq!(f.slot(SLOTS), c"");
        assert_eq!(f.numbers(), numbers.map(|n| if n == UNAVAILABLE as c_char { c_char::MAX } else { n }));
        // The list's strings follow one another and an empty one ends it.
        let alt = f.slot(TIME + 0x2f);
        let start = alt.as_ptr() as usize - bytes.as_ptr() as usize;
        assert_eq!(&bytes[start..start + "〇\0一\0二\0\0".len()], "〇\0一\0二\0\0".as_bytes());
        // Equal strings are stored once.
        assert_eq!(f.slot(5).as_ptr(), f.slot(MESSAGES).as_ptr());
    }

    #[test]
    fn every_truncation_and_corruption_is_refused() {
        let (slots, numbers) = sample();
        let bytes = write(&slots, &numbers);
        for n in 0..bytes.len() {
            assert!(File::parse(&bytes[..n]).is_none(), "truncated to {n}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(File::parse(&longer).is_none(), "a size that disagrees");
        for at in 0..TABLE + 4 * SLOTS {
            for flip in [0x01u8, 0x80, 0xff] {
                let mut bad = bytes.clone();
                bad[at] ^= flip;
                if let Some(f) = File::parse(&bad) {
                    // Only a change to a number within range, or to an offset that still
                    // points into the strings, survives; every slot still reads safely.
                    assert!(at >= AT_NUMBERS && !(AT_NUMBERS + NUMBERS..TABLE).contains(&at), "header byte {at} changed and was accepted");
                    for i in 0..SLOTS {
                        let _ = f.slot(i);
                    }
                }
            }
        }
        let mut unterminated = bytes.clone();
        let last = unterminated.len() - 1;
        unterminated[last] = b'x';
        assert!(File::parse(&unterminated).is_none());
        let mut number = bytes.clone();
        number[AT_NUMBERS + 3] = NUMBER_MAX + 1;
        assert!(File::parse(&number).is_none());
    }
}
