//! The two binary message catalog formats `catopen` reads, checked once when opened so
//! that a lookup never reads outside the file and every message it returns ends in a NUL
//! inside it.
//!
//! - **NetBSD's**, which musl reads (and so programs built for musl ship): big-endian
//!   32-bit words. A 20-byte header (magic 0xff88ff89, the number of sets, the size of the
//!   rest, the offsets of the message headers and of the text, both counted from the end
//!   of the header); the set headers right after it, sorted by number (number, count of
//!   messages, index of the first message header); the message headers, sorted by number
//!   within each set (number, length with the NUL, offset into the text).
//! - **glibc's**, which Debian's `gencat` writes: a 12-byte header in the writer's byte
//!   order (magic 0x960408de, then the table's width and depth), the table of
//!   width × depth entries of (set + 1, message, text offset) in that order, a second copy
//!   of the table in big-endian order, then the text. The entry for (set, message) sits at
//!   column ((set + 1) × message) mod width, in the first row that holds it (measured on
//!   the files gencat writes; an empty entry has set 0).

/// NetBSD's magic number (big-endian).
const NETBSD_MAGIC: u32 = 0xff88_ff89;
/// NetBSD's header size and the size of a set or message header.
const NETBSD_HEADER: usize = 20;
const NETBSD_RECORD: usize = 12;
/// glibc's magic number, in the file's byte order.
const GLIBC_MAGIC: u32 = 0x9604_08de;
/// glibc's header size and the size of one table entry.
const GLIBC_HEADER: usize = 12;
const GLIBC_ENTRY: usize = 12;

/// A checked catalog over its file's bytes.
#[derive(Clone, Copy, Debug)]
pub enum CatFile<'a> {
    NetBsd(NetBsd<'a>),
    Glibc(Glibc<'a>),
}

#[derive(Clone, Copy, Debug)]
pub struct NetBsd<'a> {
    bytes: &'a [u8],
    nsets: usize,
    /// Where the message headers and the text start, from the start of the file.
    msgs: usize,
    text: usize,
    /// How many message headers there are (those between `msgs` and `text`).
    nmsgs: usize,
}

#[derive(Clone, Copy, Debug)]
pub struct Glibc<'a> {
    bytes: &'a [u8],
    big: bool,
    width: usize,
    depth: usize,
    text: usize,
}

fn be(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(bytes.get(at..at.checked_add(4)?)?.try_into().ok()?))
}

fn word(bytes: &[u8], at: usize, big: bool) -> Option<u32> {
    let w = be(bytes, at)?;
    Some(if big { w } else { w.swap_bytes() })
}

/// The NUL-terminated string at `at`, without its NUL; None if it runs off the end.
fn string_at(bytes: &[u8], at: usize) -> Option<&[u8]> {
    let tail = bytes.get(at..)?;
    let len = tail.iter().position(|&b| b == 0)?;
    Some(&tail[..len])
}

impl<'a> CatFile<'a> {
    /// Checks `bytes` as either format; None if it is neither or is corrupt.
    pub fn parse(bytes: &'a [u8]) -> Option<CatFile<'a>> {
        if be(bytes, 0)? == NETBSD_MAGIC {
            NetBsd::parse(bytes).map(CatFile::NetBsd)
        } else {
            Glibc::parse(bytes).map(CatFile::Glibc)
        }
    }

    /// Message `msg` of set `set`, without its NUL (which follows it in the file).
    pub fn get(&self, set: i32, msg: i32) -> Option<&'a [u8]> {
        match self {
            CatFile::NetBsd(c) => c.get(set, msg),
            CatFile::Glibc(c) => c.get(set, msg),
        }
    }

    /// The file's bytes.
    pub fn bytes(&self) -> &'a [u8] {
        match self {
            CatFile::NetBsd(c) => c.bytes,
            CatFile::Glibc(c) => c.bytes,
        }
    }
}

impl<'a> NetBsd<'a> {
    fn parse(bytes: &'a [u8]) -> Option<NetBsd<'a>> {
        let nsets = be(bytes, 4)? as usize;
        let msgs = NETBSD_HEADER.checked_add(be(bytes, 12)? as usize)?;
        let text = NETBSD_HEADER.checked_add(be(bytes, 16)? as usize)?;
        let sets_end = nsets.checked_mul(NETBSD_RECORD)?.checked_add(NETBSD_HEADER)?;
        if sets_end > msgs || msgs > text || text > bytes.len() {
            return None;
        }
        let cat = NetBsd { bytes, nsets, msgs, text, nmsgs: (text - msgs) / NETBSD_RECORD };
        for s in 0..nsets {
            let (first, count) = cat.set_range(s)?;
            for m in first..first + count {
                let off = be(bytes, cat.msgs + m * NETBSD_RECORD + 8)? as usize;
                string_at(bytes, cat.text.checked_add(off)?)?;
            }
        }
        Some(cat)
    }

    /// Set header `s`'s message headers: the index of the first and the count; None if
    /// they are not all in the message header table.
    fn set_range(&self, s: usize) -> Option<(usize, usize)> {
        let at = NETBSD_HEADER + s * NETBSD_RECORD;
        let count = be(self.bytes, at + 4)? as usize;
        let first = be(self.bytes, at + 8)? as usize;
        (first.checked_add(count)? <= self.nmsgs).then_some((first, count))
    }

    fn get(&self, set: i32, msg: i32) -> Option<&'a [u8]> {
        let s = search(self.nsets, set, |i| be(self.bytes, NETBSD_HEADER + i * NETBSD_RECORD))?;
        let (first, count) = self.set_range(s)?;
        let m = search(count, msg, |i| be(self.bytes, self.msgs + (first + i) * NETBSD_RECORD))?;
        let off = be(self.bytes, self.msgs + (first + m) * NETBSD_RECORD + 8)? as usize;
        string_at(self.bytes, self.text + off)
    }
}

/// Binary search for `key` among `n` numbers sorted ascending, the `i`th read by `at(i)`
/// (a signed 32-bit number); None when absent (or when the table is not sorted, in a
/// corrupt file).
fn search(n: usize, key: i32, at: impl Fn(usize) -> Option<u32>) -> Option<usize> {
    let (mut lo, mut hi) = (0, n);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match (at(mid)? as i32).cmp(&key) {
            core::cmp::Ordering::Less => lo = mid + 1,
            core::cmp::Ordering::Greater => hi = mid,
            core::cmp::Ordering::Equal => return Some(mid),
        }
    }
    None
}

impl<'a> Glibc<'a> {
    fn parse(bytes: &'a [u8]) -> Option<Glibc<'a>> {
        let big = match be(bytes, 0)? {
            GLIBC_MAGIC => true,
            m if m.swap_bytes() == GLIBC_MAGIC => false,
            _ => return None,
        };
        let width = word(bytes, 4, big)? as usize;
        let depth = word(bytes, 8, big)? as usize;
        let table = width.checked_mul(depth)?.checked_mul(GLIBC_ENTRY)?;
        // The table, then its big-endian copy, then the text.
        let text = table.checked_mul(2)?.checked_add(GLIBC_HEADER)?;
        if text > bytes.len() {
            return None;
        }
        let cat = Glibc { bytes, big, width, depth, text };
        for e in 0..width * depth {
            let (set, _, off) = cat.entry(e)?;
            if set != 0 {
                string_at(bytes, text.checked_add(off as usize)?)?;
            }
        }
        Some(cat)
    }

    /// Table entry `e`: (set + 1, message, text offset).
    fn entry(&self, e: usize) -> Option<(u32, u32, u32)> {
        let at = GLIBC_HEADER + e * GLIBC_ENTRY;
        Some((word(self.bytes, at, self.big)?, word(self.bytes, at + 4, self.big)?, word(self.bytes, at + 8, self.big)?))
    }

    fn get(&self, set: i32, msg: i32) -> Option<&'a [u8]> {
        // gencat takes numbers from 1 up; the table stores set + 1, so 0 marks no entry.
        if set < 1 || msg < 1 || self.width == 0 {
            return None;
        }
        let stored = set as u64 + 1;
        let col = (stored * msg as u64 % self.width as u64) as usize;
        for row in 0..self.depth {
            let (s, m, off) = self.entry(row * self.width + col)?;
            if u64::from(s) == stored && m == msg as u32 {
                return string_at(self.bytes, self.text + off as usize);
            }
        }
        None
    }
}

