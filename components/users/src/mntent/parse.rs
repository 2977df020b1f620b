//! One line of an fstab-like file cut into a `struct mntent`'s fields, in place.
//!
//! The rules (musl's, with the escapes that later musl and glibc decode):
//! - fields are separated by runs of spaces and tabs, which may also lead and trail;
//! - a blank line, and one whose first non-blank byte is `#`, is not an entry;
//! - the first four fields are the file system, the mount point, the type and the options;
//!   a line with fewer is not an entry;
//! - then the dump frequency and the pass number, each a decimal integer with an optional
//!   sign, 0 when missing; what follows them is ignored; a line where one is present but
//!   not a number is not an entry (musl's `sscanf` fails there too);
//! - in the four text fields, `\040` is a space, `\011` a tab, `\012` a newline and `\134`
//!   a backslash (what `addmntent` and the kernel's /proc/mounts write); any other
//!   backslash is kept.
use core::ops::Range;

/// What separates fields.
fn blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// The octal digits of an escape, after its backslash.
const ESCAPE_DIGITS: usize = 3;

/// The escapes decoded in the text fields: the octal digits after the backslash, and the
/// byte they stand for.
const ESCAPES: [(&[u8; ESCAPE_DIGITS], u8); 4] = [(b"040", b' '), (b"011", b'\t'), (b"012", b'\n'), (b"134", b'\\')];

/// The number of text fields.
pub const TEXT_FIELDS: usize = 4;

/// An entry's fields: where each NUL-terminated text field starts in the buffer, and the
/// two numbers.
#[derive(Debug, PartialEq, Eq)]
pub struct Entry {
    pub text: [usize; TEXT_FIELDS],
    pub freq: i32,
    pub passno: i32,
}

/// Parses the line in `buf[..len]`, decoding escapes and ending each text field with a NUL
/// in place; `buf` must have at least `len + 1` bytes (the last field's NUL). `None` when
/// the line is not an entry.
pub fn parse(buf: &mut [u8], len: usize) -> Option<Entry> {
    debug_assert!(buf.len() > len);
    let mut at = skip_blanks(buf, 0, len);
    if at == len || buf[at] == b'#' {
        return None;
    }
    let mut text = [0; TEXT_FIELDS];
    for start in text.iter_mut() {
        at = skip_blanks(buf, at, len);
        if at == len {
            return None;
        }
        let end = (at..len).find(|&i| blank(buf[i])).unwrap_or(len);
        *start = at;
        let kept = unescape(buf, at..end);
        buf[at + kept] = 0;
        at = end + usize::from(end < len);
    }
    let mut numbers = [0; 2];
    for n in numbers.iter_mut() {
        at = skip_blanks(buf, at, len);
        if at == len {
            break;
        }
        let (value, next) = number(&buf[..len], at)?;
        *n = value;
        at = next;
    }
    Some(Entry { text, freq: numbers[0], passno: numbers[1] })
}

fn skip_blanks(buf: &[u8], mut at: usize, len: usize) -> usize {
    while at < len && blank(buf[at]) {
        at += 1;
    }
    at
}

/// Decodes the escapes of `buf[field]` toward its start; returns the decoded length.
fn unescape(buf: &mut [u8], field: Range<usize>) -> usize {
    let (start, end) = (field.start, field.end);
    let (mut from, mut to) = (start, start);
    while from < end {
        let mut b = buf[from];
        let mut width = 1;
        if b == b'\\' && end - from > ESCAPE_DIGITS {
            let digits = &buf[from + 1..from + 1 + ESCAPE_DIGITS];
            if let Some(&(_, byte)) = ESCAPES.iter().find(|(code, _)| &code[..] == digits) {
                b = byte;
                width += digits.len();
            }
        }
        buf[to] = b;
        to += 1;
        from += width;
    }
    to - start
}

/// A decimal integer at `at`, as `%d` reads one (an optional sign, at least one digit;
/// wrapping modulo 2³² where it overflows, as musl's `sscanf` does); the index after it.
fn number(line: &[u8], at: usize) -> Option<(i32, usize)> {
    let (negative, at) = match line[at] {
        b'-' => (true, at + 1),
        b'+' => (false, at + 1),
        _ => (false, at),
    };
    let digits = line[at..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let mut value = 0i32;
    for &d in &line[at..at + digits] {
        value = value.wrapping_mul(10).wrapping_add(i32::from(d - b'0'));
    }
    Some((if negative { value.wrapping_neg() } else { value }, at + digits))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The entry of `line` as strings and numbers.
    fn entry(line: &str) -> Option<(Vec<String>, i32, i32)> {
        let mut buf = line.as_bytes().to_vec();
        buf.push(b'!');
        let e = parse(&mut buf, line.len())?;
        let text = e
            .text
            .iter()
            .map(|&s| {
                let end = s + buf[s..].iter().position(|&b| b == 0).unwrap();
                String::from_utf8(buf[s..end].to_vec()).unwrap()
            })
            .collect();
        Some((text, e.freq, e.passno))
    }

    fn ok(line: &str, fields: [&str; 4], freq: i32, passno: i32) {
        assert_eq!(entry(line), Some((fields.map(String::from).to_vec(), freq, passno)), "{line:?}");
    }

    #[test]
    fn fields_and_numbers() {
        ok("/dev/sda1 / ext4 rw,noatime 0 1", ["/dev/sda1", "/", "ext4", "rw,noatime"], 0, 1);
        ok("  a\t b  c\td  3 4  ", ["a", "b", "c", "d"], 3, 4);
        ok("a b c d", ["a", "b", "c", "d"], 0, 0);
        ok("a b c d 7", ["a", "b", "c", "d"], 7, 0);
        ok("a b c d -1 +7", ["a", "b", "c", "d"], -1, 7);
        ok("a b c d 1 2 junk", ["a", "b", "c", "d"], 1, 2);
        ok("a b c d 99999999999 2", ["a", "b", "c", "d"], 1215752191, 2);
        ok("a\r b c d", ["a\r", "b", "c", "d"], 0, 0);
    }

    #[test]
    fn lines_that_are_not_entries() {
        for line in ["", "   ", "\t", "#x y z w 1 2", "   # x y z w", "a", "a b c", "a b c d x y", "a b c d 1x 2", "a b c d - 2"] {
            assert_eq!(entry(line), None, "{line:?}");
        }
    }

    #[test]
    fn escapes() {
        ok("/dev/sdb\\040x /mnt/a\\011b vfat defaults", ["/dev/sdb x", "/mnt/a\tb", "vfat", "defaults"], 0, 0);
        ok("bad\\x \\134q\\012 t\\04 o\\", ["bad\\x", "\\q\n", "t\\04", "o\\"], 0, 0);
        ok("\\040\\040 \\1345 c d", ["  ", "\\5", "c", "d"], 0, 0);
        // A backslash decoded is not the start of another escape.
        ok("\\134040 b c d", ["\\040", "b", "c", "d"], 0, 0);
    }

    #[test]
    fn generated_lines_match_a_split_on_blanks() {
        // A simple model: split on blanks, decode each escape; over generated lines of
        // blanks, letters, backslashes and digits.
        let alphabet = b" \t\\04123ab#";
        let mut x: u64 = 7;
        for _ in 0..20_000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let len = (x >> 60) as usize + 4;
            let mut line = Vec::new();
            for _ in 0..len {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                line.push(alphabet[(x >> 33) as usize % alphabet.len()]);
            }
            let text = String::from_utf8(line.clone()).unwrap();
            let words: Vec<&str> = text.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
            let got = entry(&text);
            let want = if words.len() < 4 || words[0].starts_with('#') {
                None
            } else {
                let dec = |w: &str| w.replace("\\134", "\u{1}").replace("\\040", " ").replace("\\011", "\t").replace("\\012", "\n").replace('\u{1}', "\\");
                // The leading digits of a word, wrapped as `%d` wraps them; `None` when
                // it starts with no digit. (The alphabet has no signs.)
                let lead = |w: &str| -> Option<(i32, bool)> {
                    let digits: Vec<u8> = w.bytes().take_while(u8::is_ascii_digit).collect();
                    let value = digits.iter().fold(0i32, |v, d| v.wrapping_mul(10).wrapping_add(i32::from(d - b'0')));
                    (!digits.is_empty()).then_some((value, digits.len() == w.len()))
                };
                // After a number, anything but blanks and another number rejects the line;
                // after the second, anything goes.
                let freq = match words.get(4) {
                    None => Some(0),
                    Some(w) => lead(w).filter(|&(_, whole)| whole).map(|(v, _)| v),
                };
                let passno = match words.get(5) {
                    None => Some(0),
                    Some(w) => lead(w).map(|(v, _)| v),
                };
                match (freq, passno) {
                    (Some(f), Some(p)) => Some((words[..4].iter().map(|w| dec(w)).collect(), f, p)),
                    _ => None,
                }
            };
            assert_eq!(got, want, "{text:?}");
        }
    }
}
