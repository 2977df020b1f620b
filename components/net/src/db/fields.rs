//! The shape every /etc database shares: a `#` starts a comment that runs to the end of
//! the line, fields are separated by runs of white space, and a line is empty when it has
//! no field left. A NUL byte ends the line's text (as it would end a C string), so nothing
//! after it is ever looked at.

/// The part of `line` before its comment and before any NUL.
pub fn content(line: &[u8]) -> &[u8] {
    let end = line.iter().position(|&c| c == b'#' || c == 0).unwrap_or(line.len());
    &line[..end]
}

/// C's `isspace` in the C locale: a space, a tab, the carriage return of a file written on
/// another system, and the newline that only a caller's string can hold (a line from
/// [`super::lines`] has none).
pub fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

/// The fields of a line's [`content`], in order.
pub fn fields(line: &[u8]) -> Fields<'_> {
    Fields { rest: content(line) }
}

/// The white-space-separated fields of a text, none of them empty. Cloning it gives a
/// second walk over the same fields (the alias lists are walked twice: once to count).
#[derive(Clone, Debug)]
pub struct Fields<'a> {
    rest: &'a [u8],
}

impl<'a> Fields<'a> {
    /// The fields of `text` as it is (no comment is cut).
    pub fn new(text: &'a [u8]) -> Fields<'a> {
        Fields { rest: text }
    }
}

impl<'a> Iterator for Fields<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        let start = self.rest.iter().position(|&c| !is_space(c))?;
        let rest = &self.rest[start..];
        let len = rest.iter().position(|&c| is_space(c)).unwrap_or(rest.len());
        self.rest = &rest[len..];
        Some(&rest[..len])
    }
}

/// `s` split at its first `sep`, which neither part keeps.
pub fn split_once(s: &[u8], sep: u8) -> Option<(&[u8], &[u8])> {
    let i = s.iter().position(|&c| c == sep)?;
    Some((&s[..i], &s[i + 1..]))
}

/// A decimal number of one or more digits and nothing else, at most `max`; leading zeros
/// are allowed, a sign is not (so a negative port cannot wrap around into range).
pub fn decimal(s: &[u8], max: u32) -> Option<u32> {
    if s.is_empty() {
        return None;
    }
    s.iter().try_fold(0u32, |v, &c| {
        let d = (c as char).to_digit(10)?;
        v.checked_mul(10)?.checked_add(d).filter(|&v| v <= max)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(line: &[u8]) -> Vec<&[u8]> {
        fields(line).collect()
    }

    #[test]
    fn comments_nul_and_white_space() {
        assert_eq!(split(b"  a\tbb  c \r"), [&b"a"[..], b"bb", b"c"]);
        assert_eq!(split(b"a b#c d"), [&b"a"[..], b"b"]);
        assert_eq!(split(b"a b #c d"), [&b"a"[..], b"b"]);
        assert_eq!(split(b"# all comment"), Vec::<&[u8]>::new());
        assert_eq!(split(b""), Vec::<&[u8]>::new());
        assert_eq!(split(b" \t\x0b\x0c "), Vec::<&[u8]>::new());
        assert_eq!(split(b"a\0b c"), [&b"a"[..]]);
        assert_eq!(split(b"\0a b"), Vec::<&[u8]>::new());
        let f = fields(b"x y z");
        assert_eq!(f.clone().count(), 3);
        assert_eq!(f.collect::<Vec<_>>(), [&b"x"[..], b"y", b"z"]);
    }

    #[test]
    fn decimals() {
        assert_eq!(decimal(b"0", 10), Some(0));
        assert_eq!(decimal(b"65535", 65535), Some(65535));
        assert_eq!(decimal(b"00080", 65535), Some(80));
        assert_eq!(decimal(b"65536", 65535), None);
        assert_eq!(decimal(b"99999999999999999999", u32::MAX), None);
        assert_eq!(decimal(b"4294967295", u32::MAX), Some(u32::MAX));
        assert_eq!(decimal(b"4294967296", u32::MAX), None);
        for bad in [&b""[..], b"+1", b"-1", b"1a", b" 1", b"0x10"] {
            assert_eq!(decimal(bad, u32::MAX), None, "{bad:?}");
        }
    }
}
