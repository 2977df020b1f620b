//! GNU message catalogs (`.mo` files): the reader and the Plural-Forms evaluator.
//!
//! A `.mo` file (GNU gettext manual, "The Format of GNU MO Files") starts with seven 32-bit
//! words in the byte order of the machine that wrote it, which the magic number tells:
//! magic, revision, the number of strings N, the offsets of the table of original strings
//! and of the table of translations (N pairs of length and offset each, the length without
//! the NUL every string ends with), and the size and offset of an optional hash table. The
//! originals are sorted by their bytes, so a lookup without a hash table is a binary search.
//!
//! [`Catalog::parse`] checks everything a lookup reads once, so [`Catalog::lookup`] never
//! indexes out of the file, whatever the file holds. [`Plural`] reads the `Plural-Forms`
//! line of a catalog's header and evaluates its C expression for a count; the gettext
//! functions (limpet-intl) and the locale's message translations use both.

/// The magic number, read in the file's byte order.
const MAGIC: u32 = 0x9504_12de;
/// The header's size: seven 32-bit words.
const HEADER_LEN: usize = 28;
/// Offsets of the header's words.
const REVISION_AT: usize = 4;
const COUNT_AT: usize = 8;
const ORIGINALS_AT: usize = 12;
const TRANSLATIONS_AT: usize = 16;
const HASH_SIZE_AT: usize = 20;
const HASH_AT: usize = 24;
/// The major revisions a reader may accept: 0, and 1 (which adds system-dependent strings
/// after the header, which this reader does not use; the plain strings stay as in 0).
const MAJOR_REVISION_MAX: u32 = 1;
/// The shift that takes the major revision out of the revision word.
const MAJOR_SHIFT: u32 = 16;
/// Bytes per entry of a string table: a length and an offset.
const ENTRY_LEN: usize = 8;

/// A `.mo` catalog over the bytes of its file.
#[derive(Clone, Copy, Debug)]
pub struct Catalog<'a> {
    bytes: &'a [u8],
    /// The file was written in the other byte order than little-endian.
    big: bool,
    count: usize,
    originals: usize,
    translations: usize,
    /// The hash table's size in entries; 0 when the file has none (or one too small to use).
    hash_size: usize,
    hash: usize,
}

/// Reads the 32-bit word at `at` in the byte order `big`; None past the end.
fn word(bytes: &[u8], at: usize, big: bool) -> Option<u32> {
    let raw: [u8; 4] = bytes.get(at..at.checked_add(4)?)?.try_into().ok()?;
    Some(if big {
        u32::from_be_bytes(raw)
    } else {
        u32::from_le_bytes(raw)
    })
}

impl<'a> Catalog<'a> {
    /// Checks the header (the magic number in either byte order, the revision, the tables'
    /// offsets and lengths inside the file, every string inside the file and followed by a
    /// NUL, every hash table entry naming a string); None if anything is wrong.
    pub fn parse(bytes: &'a [u8]) -> Option<Catalog<'a>> {
        let big = match word(bytes, 0, false)? {
            MAGIC => false,
            m if m.swap_bytes() == MAGIC => true,
            _ => return None,
        };
        if bytes.len() < HEADER_LEN {
            return None;
        }
        let at = |off| word(bytes, off, big).map(|w| w as usize);
        if (at(REVISION_AT)? as u32) >> MAJOR_SHIFT > MAJOR_REVISION_MAX {
            return None;
        }
        let cat = Catalog {
            bytes,
            big,
            count: at(COUNT_AT)?,
            originals: at(ORIGINALS_AT)?,
            translations: at(TRANSLATIONS_AT)?,
            hash_size: at(HASH_SIZE_AT)?,
            hash: at(HASH_AT)?,
        };
        let table_len = cat.count.checked_mul(ENTRY_LEN)?;
        for table in [cat.originals, cat.translations] {
            if table.checked_add(table_len)? > bytes.len() {
                return None;
            }
            for i in 0..cat.count {
                cat.string(table, i)?;
            }
        }
        Some(Catalog {
            hash_size: cat.checked_hash()?,
            ..cat
        })
    }

    /// The hash table's usable size: 0 when the file has none, or one of fewer than three
    /// entries (the probe step is taken modulo size - 2); None when the table lies outside
    /// the file or names a string the file does not have.
    fn checked_hash(&self) -> Option<usize> {
        if self.hash_size < 3 {
            return Some(0);
        }
        let end = self.hash_size.checked_mul(4)?.checked_add(self.hash)?;
        if end > self.bytes.len() {
            return None;
        }
        for slot in 0..self.hash_size {
            if self.hash_slot(slot)? > self.count {
                return None;
            }
        }
        Some(self.hash_size)
    }

    /// Entry `slot` of the hash table: 0 for empty, else a string's index plus one.
    fn hash_slot(&self, slot: usize) -> Option<usize> {
        word(self.bytes, self.hash + slot * 4, self.big).map(|w| w as usize)
    }

    /// String `i` of the table at `table`, without its NUL; None if it does not lie inside
    /// the file or is not followed by a NUL.
    fn string(&self, table: usize, i: usize) -> Option<&'a [u8]> {
        let entry = table + i * ENTRY_LEN;
        let len = word(self.bytes, entry, self.big)? as usize;
        let off = word(self.bytes, entry + 4, self.big)? as usize;
        let end = off.checked_add(len)?;
        if *self.bytes.get(end)? != 0 {
            return None;
        }
        Some(&self.bytes[off..end])
    }

    /// Original `i` as lookups compare it: up to its first NUL, since a plural message's
    /// original is its msgid, a NUL and its msgid_plural.
    fn original(&self, i: usize) -> Option<&'a [u8]> {
        let s = self.string(self.originals, i)?;
        Some(s.split(|&b| b == 0).next().unwrap_or(s))
    }

    /// The number of messages, the header entry included.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether the catalog holds no message at all.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The translation of `msgid` (its bytes without NUL; a msgid with a context is
    /// `ctxt\x04id`): the whole msgstr, plural forms separated by NULs, without its final NUL
    /// (which the file has). Uses the hash table when the file has one, else a binary search.
    pub fn lookup(&self, msgid: &[u8]) -> Option<&'a [u8]> {
        let i = if self.hash_size != 0 {
            self.find_hashed(msgid)?
        } else {
            self.find_sorted(msgid)?
        };
        self.string(self.translations, i)
    }

    /// The index of `msgid` through the hash table: open addressing with a second hash as
    /// the step, as msgfmt builds it. At most `hash_size` probes, so a full table of a
    /// corrupt file cannot loop.
    fn find_hashed(&self, msgid: &[u8]) -> Option<usize> {
        let h = hash_pjw(msgid) as usize;
        let size = self.hash_size;
        let step = 1 + h % (size - 2);
        let mut slot = h % size;
        for _ in 0..size {
            let entry = self.hash_slot(slot)?;
            if entry == 0 {
                return None;
            }
            if self.original(entry - 1)? == msgid {
                return Some(entry - 1);
            }
            slot = if slot >= size - step {
                slot - (size - step)
            } else {
                slot + step
            };
        }
        None
    }

    /// The index of `msgid` by binary search over the sorted originals.
    fn find_sorted(&self, msgid: &[u8]) -> Option<usize> {
        let (mut lo, mut hi) = (0, self.count);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match self.original(mid)?.cmp(msgid) {
                core::cmp::Ordering::Less => lo = mid + 1,
                core::cmp::Ordering::Greater => hi = mid,
                core::cmp::Ordering::Equal => return Some(mid),
            }
        }
        None
    }

    /// The catalog's header entry (the translation of ""), if any.
    pub fn header(&self) -> Option<&'a [u8]> {
        self.lookup(b"")
    }

    /// The value of header field `name` (such as `b"Content-Type"`), the rest of its line.
    pub fn header_field(&self, name: &[u8]) -> Option<&'a [u8]> {
        header_field(self.header()?, name)
    }
}

/// The value of field `name` in the header text `header`: what follows `name:` (and blanks)
/// at the start of a line, up to the line's end.
pub fn header_field<'h>(header: &'h [u8], name: &[u8]) -> Option<&'h [u8]> {
    header.split(|&b| b == b'\n').find_map(|line| {
        let rest = line.strip_prefix(name)?.strip_prefix(b":")?;
        Some(trim_start(rest))
    })
}

/// `s` without its leading blanks.
fn trim_start(s: &[u8]) -> &[u8] {
    let blanks = s.iter().take_while(|b| matches!(b, b' ' | b'\t')).count();
    &s[blanks..]
}

/// The hash msgfmt files its strings under: P. J. Weinberger's hash over the bytes, on a
/// 32-bit word.
fn hash_pjw(s: &[u8]) -> u32 {
    /// The high nibble, which is folded back into the low bits.
    const HIGH: u32 = 0xf << 28;
    /// How far down the high nibble is folded.
    const FOLD: u32 = 24;
    let mut h: u32 = 0;
    for &b in s {
        h = (h << 4).wrapping_add(u32::from(b));
        let g = h & HIGH;
        if g != 0 {
            h ^= g >> FOLD;
            h ^= g;
        }
    }
    h
}

/// The msgstr's plural form `index`: forms are separated by NULs. A form the msgstr does
/// not have gives the first one, as GNU's gettext does.
pub fn plural_form(msgstr: &[u8], index: usize) -> &[u8] {
    msgstr
        .split(|&b| b == 0)
        .nth(index)
        .unwrap_or_else(|| msgstr.split(|&b| b == 0).next().unwrap_or(msgstr))
}

/// A catalog's plural rule, from its `Plural-Forms: nplurals=N; plural=EXPR;` header line.
///
/// The expression is C's over one unsigned long variable `n`: `?:`, `||`, `&&`, `==`, `!=`,
/// `<`, `>`, `<=`, `>=`, `+`, `-`, `*`, `/`, `%`, `!`, parentheses and decimal constants,
/// with C's precedence; arithmetic wraps as unsigned long's does, and a division or
/// remainder by zero gives 0 instead of trapping. It is checked once by [`Plural::parse`]
/// and evaluated from its text by [`Plural::index`], which keeps the rule free of
/// allocation; nesting deeper than [`MAX_DEPTH`] is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plural<'a> {
    nplurals: usize,
    expr: &'a [u8],
}

/// The deepest nesting of parentheses, `!`, and `?:` branches a rule may have. Real rules
/// (Arabic's is the deepest) nest less than ten; the bound keeps a hostile catalog from
/// exhausting the stack.
pub const MAX_DEPTH: u32 = 64;

/// Germanic languages' rule, which GNU gettext applies when a catalog has no Plural-Forms:
/// two forms, the first for exactly one.
const DEFAULT_RULE: Plural<'static> = Plural {
    nplurals: 2,
    expr: b"n != 1",
};

impl<'a> Plural<'a> {
    /// The rule of the header text `header` (a catalog's translation of ""); None when it
    /// has no Plural-Forms line or the line is malformed.
    pub fn parse(header: &'a [u8]) -> Option<Plural<'a>> {
        let line = header_field(header, b"Plural-Forms")?;
        let rest = trim_start(line).strip_prefix(b"nplurals")?;
        let rest = trim_start(rest).strip_prefix(b"=")?;
        let rest = trim_start(rest);
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        let nplurals = parse_decimal(&rest[..digits])?;
        let rest = trim_start(&rest[digits..]).strip_prefix(b";")?;
        let rest = trim_start(rest).strip_prefix(b"plural")?;
        let expr = trim_start(trim_start(rest).strip_prefix(b"=")?);
        let mut p = Parser {
            s: expr,
            at: 0,
            depth: 0,
            n: 0,
        };
        p.ternary()?;
        let len = p.at;
        p.blanks();
        if !matches!(expr.get(p.at), None | Some(b';' | b'\n' | b'\r')) || nplurals == 0 {
            return None;
        }
        Some(Plural {
            nplurals: nplurals as usize,
            expr: &expr[..len],
        })
    }

    /// The rule of a catalog: its header's, or `n != 1` with two forms when it has no
    /// header or no valid Plural-Forms line (GNU gettext's fallback).
    pub fn of(catalog: &Catalog<'a>) -> Plural<'a> {
        catalog
            .header()
            .and_then(Plural::parse)
            .unwrap_or(DEFAULT_RULE)
    }

    /// The default rule, `nplurals=2; plural=n != 1;`.
    pub fn germanic() -> Plural<'static> {
        DEFAULT_RULE
    }

    /// How many forms the rule distinguishes.
    pub fn nplurals(&self) -> usize {
        self.nplurals
    }

    /// The form to use for `n`: the expression's value, or 0 when that is not below
    /// nplurals (as GNU's gettext does).
    pub fn index(&self, n: u64) -> usize {
        let mut p = Parser {
            s: self.expr,
            at: 0,
            depth: 0,
            n,
        };
        match p.ternary() {
            Some(v) if v < self.nplurals as u64 => v as usize,
            _ => 0,
        }
    }
}

/// A decimal number that fits an unsigned long; None for no digits or an overflow.
fn parse_decimal(digits: &[u8]) -> Option<u64> {
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u64, |acc, &d| {
        acc.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    })
}

/// A recursive-descent parser that evaluates as it parses, one function per precedence
/// level of C, for `n`. Both branches of `?:` and both sides of `&&`/`||` are evaluated:
/// nothing has side effects, and division by zero is defined here.
struct Parser<'s> {
    s: &'s [u8],
    at: usize,
    depth: u32,
    n: u64,
}

impl Parser<'_> {
    fn blanks(&mut self) {
        while matches!(self.s.get(self.at), Some(b' ' | b'\t')) {
            self.at += 1;
        }
    }

    /// Consumes `tok` (after blanks) if it comes next.
    fn eat(&mut self, tok: &[u8]) -> bool {
        self.blanks();
        if self.s[self.at..].starts_with(tok) {
            self.at += tok.len();
            true
        } else {
            false
        }
    }

    /// Counts one level of nesting; None past [`MAX_DEPTH`].
    fn enter(&mut self) -> Option<()> {
        self.depth += 1;
        (self.depth <= MAX_DEPTH).then_some(())
    }

    fn ternary(&mut self) -> Option<u64> {
        self.enter()?;
        let cond = self.or()?;
        let v = if self.eat(b"?") {
            let yes = self.ternary()?;
            if !self.eat(b":") {
                return None;
            }
            let no = self.ternary()?;
            if cond != 0 { yes } else { no }
        } else {
            cond
        };
        self.depth -= 1;
        Some(v)
    }

    fn or(&mut self) -> Option<u64> {
        let mut v = self.and()?;
        while self.eat(b"||") {
            let r = self.and()?;
            v = u64::from(v != 0 || r != 0);
        }
        Some(v)
    }

    fn and(&mut self) -> Option<u64> {
        let mut v = self.equality()?;
        while self.eat(b"&&") {
            let r = self.equality()?;
            v = u64::from(v != 0 && r != 0);
        }
        Some(v)
    }

    fn equality(&mut self) -> Option<u64> {
        let mut v = self.relation()?;
        loop {
            if self.eat(b"==") {
                v = u64::from(v == self.relation()?);
            } else if self.eat(b"!=") {
                v = u64::from(v != self.relation()?);
            } else {
                return Some(v);
            }
        }
    }

    fn relation(&mut self) -> Option<u64> {
        let mut v = self.additive()?;
        loop {
            // The two-byte operators first, so `<=` is not read as `<` and `=`.
            if self.eat(b"<=") {
                v = u64::from(v <= self.additive()?);
            } else if self.eat(b">=") {
                v = u64::from(v >= self.additive()?);
            } else if self.eat(b"<") {
                v = u64::from(v < self.additive()?);
            } else if self.eat(b">") {
                v = u64::from(v > self.additive()?);
            } else {
                return Some(v);
            }
        }
    }

    fn additive(&mut self) -> Option<u64> {
        let mut v = self.multiplicative()?;
        loop {
            if self.eat(b"+") {
                v = v.wrapping_add(self.multiplicative()?);
            } else if self.eat(b"-") {
                v = v.wrapping_sub(self.multiplicative()?);
            } else {
                return Some(v);
            }
        }
    }

    fn multiplicative(&mut self) -> Option<u64> {
        let mut v = self.unary()?;
        loop {
            if self.eat(b"*") {
                v = v.wrapping_mul(self.unary()?);
            } else if self.eat(b"/") {
                v = v.checked_div(self.unary()?).unwrap_or(0);
            } else if self.eat(b"%") {
                v = v.checked_rem(self.unary()?).unwrap_or(0);
            } else {
                return Some(v);
            }
        }
    }

    fn unary(&mut self) -> Option<u64> {
        // `!=` is an operator of its own, which `unary` never sees first: a `!` here is
        // always the negation.
        if self.eat(b"!") {
            self.enter()?;
            let v = u64::from(self.unary()? == 0);
            self.depth -= 1;
            return Some(v);
        }
        self.primary()
    }

    fn primary(&mut self) -> Option<u64> {
        if self.eat(b"(") {
            let v = self.ternary()?;
            return self.eat(b")").then_some(v);
        }
        if self.eat(b"n") {
            return Some(self.n);
        }
        let digits = self.s[self.at..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let v = parse_decimal(&self.s[self.at..self.at + digits])?;
        self.at += digits;
        Some(v)
    }
}

#[cfg(test)]
mod tests;
