//! Bracket expressions (`[a-z[:digit:]]`, `[^...]`) and the class escapes (`\w`, `\s`,
//! `\d` and their negations): a set is a list of ranges and `wctype` classes, negated or
//! not.
//!
//! Read as musl reads them: a `]` first (after `^`) is a member; `-` first or last is a
//! member; a backslash is a member; `[:name:]` is a class (an unknown or unterminated name
//! is `REG_ECTYPE`); a range is by character value and may not run backwards, start at a
//! class or follow another range's end (`[a-c-e]`), each `REG_ERANGE`. Where limpet differs:
//! `[.x.]` and `[=x=]` of one character stand for it, as POSIX asks (musl 1.2.3 refuses
//! every collating symbol and equivalence class with `REG_ECOLLATE`); longer ones are
//! `REG_ECOLLATE` here too.
use limpet_ctype::wide::{WctypeT, iswctype, towlower, towupper, wctype};

use super::{Error, NEWLINE};
use crate::list::Buf;

const CLOSE: u32 = b']' as u32;
const OPEN: u32 = b'[' as u32;
const NEGATE: u32 = b'^' as u32;
const DASH: u32 = b'-' as u32;
const CLASS: u32 = b':' as u32;
const COLLATE: u32 = b'.' as u32;
const EQUIV: u32 = b'=' as u32;
/// The longest class name looked up (the others are unknown).
const CLASS_NAME_MAX: usize = 15;

#[derive(Clone, Copy)]
enum Item {
    Range(u32, u32),
    Class(WctypeT),
}

#[derive(Clone, Copy)]
struct Header {
    first: u32,
    len: u32,
    negated: bool,
}

/// Every set of a pattern.
pub(crate) struct Sets {
    headers: Buf<Header>,
    items: Buf<Item>,
}

impl Sets {
    pub(crate) const fn new() -> Sets {
        Sets { headers: Buf::new(), items: Buf::new() }
    }

    /// How many sets there are.
    pub(crate) fn len(&self) -> usize {
        self.headers.len()
    }

    /// Whether set `id` holds `c`: with `icase`, in either case; a negated set never holds
    /// a newline when `newline` (`REG_NEWLINE`).
    pub(crate) fn contains(&self, id: u32, c: u32, icase: bool, newline: bool) -> bool {
        let h = self.headers[id as usize];
        let items = &self.items[h.first as usize..(h.first + h.len) as usize];
        let has = |x: u32| {
            items.iter().any(|it| match *it {
                Item::Range(lo, hi) => lo <= x && x <= hi,
                Item::Class(t) => iswctype(x, t) != 0,
            })
        };
        let hit = has(c) || (icase && (has(towlower(c)) || has(towupper(c))));
        if h.negated { !hit && !(newline && c == NEWLINE) } else { hit }
    }

    /// A set of one class (`\w` is `alnum` and `_`), negated or not.
    pub(crate) fn class_escape(&mut self, name: &[u8], underscore: bool, negated: bool) -> Result<u32, Error> {
        let first = self.items.len() as u32;
        self.items.push(Item::Class(lookup(name).ok_or(Error::Ctype)?))?;
        if underscore {
            self.items.push(Item::Range(b'_' as u32, b'_' as u32))?;
        }
        self.finish(first, negated)
    }

    fn finish(&mut self, first: u32, negated: bool) -> Result<u32, Error> {
        let id = self.headers.len() as u32;
        self.headers.push(Header { first, len: self.items.len() as u32 - first, negated })?;
        Ok(id)
    }

    /// Reads the bracket expression after the `[` at `p[0]`: its set and the length read,
    /// up to its `]`.
    pub(crate) fn parse(&mut self, p: &[u32]) -> Result<(u32, usize), Error> {
        let at = |i: usize| p.get(i).copied();
        let mut i = 1;
        let negated = at(i) == Some(NEGATE);
        if negated {
            i += 1;
        }
        let first = self.items.len() as u32;
        // The single character just read, which a `-` may make a range's start.
        let mut start: Option<u32> = None;
        let mut first_member = true;
        loop {
            let Some(c) = at(i) else { return Err(Error::Brack) };
            if c == CLOSE && !first_member {
                return Ok((self.finish(first, negated)?, i + 1));
            }
            first_member = false;
            if c == DASH && at(i + 1) != Some(CLOSE) && i > 1 + negated as usize {
                // A range: its start is the member just read.
                let lo = start.take().ok_or(Error::Range)?;
                self.items.pop();
                // A range needs an end character: not a class, nor the pattern's end.
                let (hi, len) = match single(p, i + 1) {
                    Ok(Some(x)) => x,
                    Ok(None) | Err(Error::Brack) => return Err(Error::Range),
                    Err(e) => return Err(e),
                };
                if hi < lo {
                    return Err(Error::Range);
                }
                self.items.push(Item::Range(lo, hi))?;
                i += 1 + len;
                // A `-` right after a range's end starts nothing.
                if at(i) == Some(DASH) && at(i + 1) != Some(CLOSE) {
                    return Err(Error::Range);
                }
                continue;
            }
            if c == OPEN && at(i + 1) == Some(CLASS) {
                let (name, len) = delimited(p, i, CLASS).map_err(|_| Error::Ctype)?;
                let mut bytes = [0u8; CLASS_NAME_MAX];
                if name.len() > CLASS_NAME_MAX || name.iter().any(|&x| x >= 0x80) {
                    return Err(Error::Ctype);
                }
                for (b, &x) in bytes.iter_mut().zip(name) {
                    *b = x as u8;
                }
                self.items.push(Item::Class(lookup(&bytes[..name.len()]).ok_or(Error::Ctype)?))?;
                start = None;
                i += len;
                continue;
            }
            let (x, len) = single(p, i)?.unwrap_or((c, 1));
            self.items.push(Item::Range(x, x))?;
            start = Some(x);
            i += len;
        }
    }
}

/// The character a bracket member at `p[i]` stands for: a plain one, or `[.x.]`/`[=x=]`,
/// with the length read; `None` for a class.
fn single(p: &[u32], i: usize) -> Result<Option<(u32, usize)>, Error> {
    let Some(&c) = p.get(i) else { return Err(Error::Brack) };
    match p.get(i + 1) {
        Some(&m) if c == OPEN && (m == COLLATE || m == EQUIV) => {
            let (name, len) = delimited(p, i, m).map_err(|_| Error::Collate)?;
            match name {
                [x] => Ok(Some((*x, len))),
                _ => Err(Error::Collate),
            }
        }
        Some(&CLASS) if c == OPEN => Ok(None),
        _ => Ok(Some((c, 1))),
    }
}

/// The name inside `[m ... m]` starting at `p[i]`, and the length of the whole.
fn delimited(p: &[u32], i: usize, mark: u32) -> Result<(&[u32], usize), Error> {
    let body = &p[i + 2..];
    let end = body.windows(2).position(|w| w[0] == mark && w[1] == CLOSE).ok_or(Error::Brack)?;
    Ok((&body[..end], end + 4))
}

/// The `wctype` of a class name.
fn lookup(name: &[u8]) -> Option<WctypeT> {
    let mut z = [0u8; CLASS_NAME_MAX + 1];
    z[..name.len()].copy_from_slice(name);
    // SAFETY: `z` is NUL-terminated (the name is at most CLASS_NAME_MAX bytes).
    let t = unsafe { wctype(z.as_ptr().cast()) };
    if t == 0 { None } else { Some(t) }
}
