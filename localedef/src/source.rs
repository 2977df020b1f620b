//! Reading localedef source text: logical lines (continuations joined, comments dropped,
//! `comment_char` and `escape_char` obeyed) and their operands (strings with `<Uxxxx>` names
//! and escapes, numbers, bare symbolic names), as POSIX.1-2024 XBD 7.3 writes them.
use std::fmt;

/// An error, with the file and line it was found at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

/// One logical line: its first physical line's number and its text, continuations joined
/// and any comment removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub number: usize,
    pub text: Vec<u8>,
    /// The escape character in force on this line, which its operands are read with.
    pub escape: u8,
}

impl Line {
    /// The keyword (the first blank-separated word) and the rest, trimmed.
    pub fn split(&self) -> (&[u8], &[u8]) {
        let t = self.text.trim_ascii();
        let end = t.iter().position(|b| b.is_ascii_whitespace()).unwrap_or(t.len());
        (&t[..end], t[end..].trim_ascii())
    }
}

/// One operand of a keyword's value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Operand {
    /// A quoted string, or a run of symbolic names outside quotes: its UTF-8 bytes.
    Text(Vec<u8>),
    /// Anything else: a number or a word, as written.
    Word(String),
}

/// The characters that shape the text: `comment_char` and `escape_char`.
#[derive(Debug, Clone, Copy)]
pub struct Syntax {
    pub comment: u8,
    pub escape: u8,
}

impl Default for Syntax {
    /// POSIX's defaults.
    fn default() -> Syntax {
        Syntax { comment: b'#', escape: b'\\' }
    }
}

/// Splits `text` into logical lines. A `comment_char` or `escape_char` line changes the
/// syntax for the lines after it (and is returned too, for the caller to skip).
pub fn lines(text: &[u8]) -> Vec<Line> {
    let mut syntax = Syntax::default();
    let mut out = Vec::new();
    let mut at = 0;
    let mut number = 1;
    while at < text.len() {
        let start = number;
        let mut line = Vec::new();
        let mut in_string = false;
        let mut comment = false;
        while at < text.len() {
            let b = text[at];
            if b == b'\n' {
                at += 1;
                number += 1;
                // A comment after some text may end with a continuation (Debian's uk_UA
                // comments each name of a list so); a line that is all comment may not.
                let before = line.trim_ascii_end();
                if comment && !before.is_empty() && ends_with_escape(&text[..at - 1], syntax.escape) {
                    comment = false;
                    continue;
                }
                break;
            }
            if b == syntax.escape && !comment {
                match text.get(at + 1) {
                    // A continuation: the line goes on after the newline.
                    Some(b'\n') => {
                        at += 2;
                        number += 1;
                        continue;
                    }
                    Some(b'\r') if text.get(at + 2) == Some(&b'\n') => {
                        at += 3;
                        number += 1;
                        continue;
                    }
                    // An escaped character is kept with its escape, for the operand reader.
                    Some(&next) => {
                        line.extend_from_slice(&[b, next]);
                        at += 2;
                        continue;
                    }
                    None => {}
                }
            }
            if b == b'"' && !comment {
                in_string = !in_string;
            }
            if b == syntax.comment && !in_string {
                comment = true;
            }
            if !comment {
                line.push(b);
            }
            at += 1;
        }
        let l = Line { number: start, text: line, escape: syntax.escape };
        let (key, rest) = l.split();
        let value = rest.first().copied();
        match (key, value) {
            (b"comment_char", Some(c)) => syntax.comment = c,
            (b"escape_char", Some(c)) => syntax.escape = c,
            _ => {}
        }
        if !l.text.trim_ascii().is_empty() {
            out.push(l);
        }
    }
    out
}

/// Whether `text` (a line so far) ends with an escape character, blanks aside.
fn ends_with_escape(text: &[u8], escape: u8) -> bool {
    text.trim_ascii_end().last() == Some(&escape)
}

/// Appends the UTF-8 form of the code point `cp`.
fn push_char(out: &mut Vec<u8>, cp: u32) -> Result<(), String> {
    let c = char::from_u32(cp).ok_or_else(|| format!("<U{cp:04X}> is not a Unicode scalar value"))?;
    let mut buf = [0u8; 4];
    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
    Ok(())
}

/// Reads a symbolic name `<...>` starting at `text[at]` (the `<`), appending its character;
/// returns the index after the `>`. Only the UCS names `<Uxxxx>` (and `<Uxxxxxxxx>`) are
/// known: the UTF-8 charmap names every character that way.
fn symbol(text: &[u8], at: usize, escape: u8, out: &mut Vec<u8>) -> Result<usize, String> {
    let mut end = at + 1;
    let mut name = Vec::new();
    while end < text.len() && text[end] != b'>' {
        if text[end] == escape && end + 1 < text.len() {
            end += 1;
        }
        name.push(text[end]);
        end += 1;
    }
    if end >= text.len() {
        return Err("a symbolic name without its closing '>'".into());
    }
    let name = String::from_utf8_lossy(&name).into_owned();
    let hex = name.strip_prefix('U').filter(|h| (4..=8).contains(&h.len()) && h.bytes().all(|b| b.is_ascii_hexdigit()));
    match hex {
        Some(h) => push_char(out, u32::from_str_radix(h, 16).map_err(|e| e.to_string())?)?,
        None => return Err(format!("the symbolic name <{name}> is not a <Uxxxx> name (only the UTF-8 charmap's UCS names are read)")),
    }
    Ok(end + 1)
}

/// Reads the escape sequence after an escape character at `text[at]`: a numeric one (`d`
/// decimal, `x` hexadecimal, octal digits) is a byte; any other character is itself.
/// Returns the index after it.
fn escaped(text: &[u8], at: usize, out: &mut Vec<u8>) -> Result<usize, String> {
    let Some(&c) = text.get(at + 1) else {
        return Err("an escape character at the end of a line".into());
    };
    let (radix, start, max) = match c {
        b'd' => (10, at + 2, 3),
        b'x' => (16, at + 2, 2),
        b'0'..=b'7' => (8, at + 1, 3),
        _ => {
            out.push(c);
            return Ok(at + 2);
        }
    };
    let digits = text[start..].iter().take(max).take_while(|&&b| (b as char).is_digit(radix)).count();
    let s = std::str::from_utf8(&text[start..start + digits]).unwrap_or("");
    let v = u32::from_str_radix(s, radix).map_err(|_| "a numeric escape without digits".to_string())?;
    out.push(u8::try_from(v).map_err(|_| format!("the escape {s} is not a byte"))?);
    Ok(start + digits)
}

/// Splits a keyword's value into operands, separated by `;`.
pub fn operands(text: &[u8], escape: u8) -> Result<Vec<Operand>, String> {
    let mut out = Vec::new();
    let mut at = 0;
    loop {
        while at < text.len() && text[at].is_ascii_whitespace() {
            at += 1;
        }
        if at >= text.len() {
            return Ok(out);
        }
        match text[at] {
            b'"' => {
                let mut s = Vec::new();
                at += 1;
                loop {
                    match text.get(at) {
                        None => return Err("a string without its closing '\"'".into()),
                        Some(b'"') => break,
                        Some(b'<') => at = symbol(text, at, escape, &mut s)?,
                        Some(&b) if b == escape => at = escaped(text, at, &mut s)?,
                        Some(&b) => {
                            s.push(b);
                            at += 1;
                        }
                    }
                }
                at += 1;
                out.push(Operand::Text(s));
            }
            b'<' => {
                let mut s = Vec::new();
                while text.get(at) == Some(&b'<') {
                    at = symbol(text, at, escape, &mut s)?;
                }
                out.push(Operand::Text(s));
            }
            _ => {
                let end = text[at..].iter().position(|&b| b == b';' || b.is_ascii_whitespace()).map_or(text.len(), |e| at + e);
                if end == at {
                    return Err("an empty operand".into());
                }
                out.push(Operand::Word(String::from_utf8_lossy(&text[at..end]).into_owned()));
                at = end;
            }
        }
        while at < text.len() && text[at].is_ascii_whitespace() {
            at += 1;
        }
        match text.get(at) {
            None => return Ok(out),
            Some(b';') => at += 1,
            Some(_) => return Err("operands must be separated by ';'".into()),
        }
        // A ';' may end the list (Debian's dz_BT has `mon_grouping 3;2;`).
        if text[at..].trim_ascii().is_empty() {
            return Ok(out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> Vec<(usize, String)> {
        lines(src.as_bytes()).into_iter().map(|l| (l.number, String::from_utf8(l.text).unwrap())).collect()
    }

    #[test]
    fn logical_lines() {
        let src = "comment_char %\nescape_char /\n% a comment /\nabday \"a\";/\n  \"b\"; % b /\n \"c\" % trailing\nd_fmt \"%d//%m\"\n\nx\\\ny\n";
        assert_eq!(
            texts(src),
            [
                (1, "comment_char %".to_string()),
                (2, "escape_char /".to_string()),
                (4, "abday \"a\";  \"b\";  \"c\" ".to_string()),
                (7, "d_fmt \"%d//%m\"".to_string()),
                (9, "x\\".to_string()),
                (10, "y".to_string()),
            ]
        );
    }

    #[test]
    fn operand_forms() {
        let ops = operands(br#""<U0053>o/"x";"%d//%m"; 3 ;-1;<U00E4><U00F6>;"/x41/d066/103""#, b'/').unwrap();
        assert_eq!(
            ops,
            [
                Operand::Text(b"So\"x".to_vec()),
                Operand::Text(b"%d/%m".to_vec()),
                Operand::Word("3".into()),
                Operand::Word("-1".into()),
                Operand::Text("äö".as_bytes().to_vec()),
                Operand::Text(b"ABC".to_vec()),
            ]
        );
        assert_eq!(operands(b"", b'/').unwrap(), []);
        assert_eq!(operands(b"\"\"", b'/').unwrap(), [Operand::Text(Vec::new())]);
        assert_eq!(operands("\"€\"".as_bytes(), b'/').unwrap(), [Operand::Text("€".as_bytes().to_vec())]);
        assert_eq!(operands(b"3;2;", b'/').unwrap(), [Operand::Word("3".into()), Operand::Word("2".into())]);
        for bad in [&b"\"abc"[..], b"\"a\" \"b\"", b"\"a\";;", b"<U00E4", b"\"<NEN>\"", b"\"<UD800>\"", b"\"/d999\""] {
            assert!(operands(bad, b'/').is_err(), "{}", String::from_utf8_lossy(bad));
        }
    }
}
