//! What the user and group databases share: [`Db`] says where a database is and how its
//! lines parse, [`Entry`] how a parsed line becomes its C record; over them, the lookups by
//! name or id (into the caller's buffer, [`lookup_r`], or a static [`Slot`],
//! [`lookup_static`]) and the walk through a stream ([`Reader`], [`Ent`]). `crate::pwd`
//! and `crate::grp` instantiate them.
//!
//! A lookup reads the file from the start, under [`crate::read::NoCancel`], and stops at
//! the first line that parses and matches; when none does, it asks nscd (`crate::nscd`),
//! as musl does. The non-`_r` lookups and walks keep their
//! results in static slots under a lock (each function its own, as in musl, so
//! `getpwuid` does not overwrite what `getpwnam` returned).
use core::ffi::{CStr, c_char, c_int};
use core::ptr::null_mut;

use limpet_start::lock::Mutex;
use limpet_syscall::errno::{EINVAL, ERANGE};
use limpet_syscall::set_errno;

use crate::imports::{File, rewind};
use crate::pack::{Full, Packer, Slot};
use crate::read::{Lines, NoCancel, Stream, scan};

/// What separates a line's fields.
const FIELD_SEP: u8 = b':';
/// Where the id is among a line's fields (both files: `name:passwd:id:...`).
const ID_FIELD: usize = 2;
/// The radix of an id.
const ID_RADIX: u32 = 10;

/// A database: its file, its line format, its C record.
pub(crate) trait Db {
    /// The C record (`struct passwd`, `struct group`).
    type C;
    /// A parsed line, borrowing it.
    type Entry<'a>: Entry<C = Self::C>;
    /// The file the lookups and `get*ent` read.
    const PATH: &'static CStr;
    /// The line's record, or `None` when it is malformed.
    fn parse(line: &[u8]) -> Option<Self::Entry<'_>>;
    /// nscd's record for `key`, handed to `store` (`crate::nscd::lookup`).
    fn nscd<T>(key: Key<'_>, store: impl FnOnce(&dyn Entry<C = Self::C>) -> T) -> Result<Option<T>, c_int>;
}

/// What the walks ([`Reader`], [`Ent`]) need of a database: its file and how a line
/// becomes its C record. Every [`Db`] is one; so is the shadow database, which has no id
/// to look up by.
pub(crate) trait Table {
    /// The C record.
    type C;
    /// The file `get*ent` reads.
    const PATH: &'static CStr;
    /// The record of `line` stored in `slot`, or `None` when the line is malformed.
    fn store(line: &[u8], slot: &mut Slot<Self::C>) -> Option<Result<*mut Self::C, c_int>>;
}

impl<D: Db> Table for D {
    type C = D::C;
    const PATH: &'static CStr = D::PATH;

    fn store(line: &[u8], slot: &mut Slot<D::C>) -> Option<Result<*mut D::C, c_int>> {
        let e = D::parse(line)?;
        Some(slot.fill(e.size(), |p| e.pack(p)))
    }
}

/// A parsed line.
pub(crate) trait Entry {
    /// The C record it becomes.
    type C;
    fn name(&self) -> &[u8];
    /// The user's uid, or the group's gid.
    fn id(&self) -> u32;
    /// The most bytes [`Entry::pack`] takes of a buffer.
    fn size(&self) -> usize;
    /// The C record, its strings (and arrays) packed by `p`.
    fn pack(&self, p: &mut Packer<'_>) -> Result<Self::C, Full>;
}

/// What a lookup looks for.
#[derive(Clone, Copy)]
pub(crate) enum Key<'k> {
    Name(&'k [u8]),
    Id(u32),
}

impl Key<'_> {
    /// The key of a name lookup: `None` for a null name.
    ///
    /// # Safety
    /// `name` must be null or a NUL-terminated string that outlives the key.
    pub(crate) unsafe fn name<'k>(name: *const c_char) -> Option<Key<'k>> {
        // SAFETY: the caller passes null or a NUL-terminated string.
        (!name.is_null()).then(|| Key::Name(unsafe { CStr::from_ptr(name) }.to_bytes()))
    }

    /// Whether a line may hold the record: `false` only when it cannot. The name is the
    /// first field; the id the third of both files, which a match has as digits (a
    /// line cut at a NUL loses fields, never changes the first three).
    fn may_match(&self, line: &[u8]) -> bool {
        match *self {
            Key::Name(n) => line.starts_with(n) && line.get(n.len()) == Some(&FIELD_SEP),
            Key::Id(id) => {
                let mut fields = line.splitn(ID_FIELD + 2, |&c| c == FIELD_SEP);
                let Some(field) = fields.nth(ID_FIELD) else { return false };
                // Only plain digits are judged here; the parser decides everything else
                // (an empty NIS id, a value past 32 bits).
                let digits = field.iter().try_fold(0u64, |v, &c| {
                    let d = char::from(c).to_digit(ID_RADIX)?;
                    Some(v * u64::from(ID_RADIX) + u64::from(d)).filter(|&v| v <= u64::from(u32::MAX))
                });
                digits.is_none_or(|v| v == u64::from(id))
            }
        }
    }

    pub(crate) fn matches(&self, e: &(impl Entry + ?Sized)) -> bool {
        match *self {
            Key::Name(n) => e.name() == n,
            Key::Id(id) => e.id() == id,
        }
    }
}

/// The record `key` names: the first line of `D`'s file that matches, handed to `store`;
/// when the file has none (read to its end: an error ends the lookup), nscd's.
fn find<D: Db, T>(key: Key<'_>, mut store: impl FnMut(&dyn Entry<C = D::C>) -> T) -> Result<Option<T>, c_int> {
    let found = scan(D::PATH, |line| {
        // Most of a lookup's lines are for another name or id, and parsing is most of its
        // time: those are skipped unparsed.
        if !key.may_match(line) {
            return None;
        }
        let e = D::parse(line).filter(|e| key.matches(e))?;
        Some(store(&e))
    })?;
    match found {
        Some(t) => Ok(Some(t)),
        None => D::nscd(key, store),
    }
}

/// The `get*_r` lookups: the first record of `D`'s file that matches `key`, into `*out`
/// with its strings in `buf` (`len` bytes), and `*res = out`. 0 with `*res` null when
/// there is none; ERANGE when `buf` is too small for it; EINVAL for a null key, record or
/// result pointer; an error of opening or reading the file as it is. errno is set to any
/// error returned.
///
/// # Safety
/// `out` must be null or writable; `buf` null or writable for `len` bytes; `res` null or
/// writable.
pub(crate) unsafe fn lookup_r<D: Db>(key: Option<Key<'_>>, out: *mut D::C, buf: *mut c_char, len: usize, res: *mut *mut D::C) -> c_int {
    if res.is_null() {
        set_errno(EINVAL);
        return EINVAL;
    }
    // SAFETY: `res` is writable, per the contract.
    unsafe { *res = null_mut() };
    let Some(key) = key.filter(|_| !out.is_null()) else {
        set_errno(EINVAL);
        return EINVAL;
    };
    let found = find::<D, _>(key, |e| {
        // SAFETY: `buf` is null or the caller's `len` bytes, used by nothing else.
        e.pack(&mut unsafe { Packer::new(buf, len) })
    });
    let err = match found {
        Ok(None) => return 0,
        Ok(Some(Ok(rec))) => {
            // SAFETY: `out` and `res` are writable, per the contract.
            unsafe {
                out.write(rec);
                *res = out;
            }
            return 0;
        }
        Ok(Some(Err(Full))) => ERANGE,
        Err(e) => e,
    };
    set_errno(err);
    err
}

/// The non-`_r` lookups: as [`lookup_r`], into `slot`. Null when there is no such record
/// (errno untouched) and on an error (errno set).
pub(crate) fn lookup_static<D: Db>(key: Option<Key<'_>>, slot: &mut Slot<D::C>) -> *mut D::C {
    let Some(key) = key else {
        set_errno(EINVAL);
        return null_mut();
    };
    let found = find::<D, _>(key, |e| slot.fill(e.size(), |p| e.pack(p)));
    match found {
        Ok(None) => null_mut(),
        Ok(Some(Ok(rec))) => rec,
        Ok(Some(Err(e))) | Err(e) => {
            set_errno(e);
            null_mut()
        }
    }
}

/// Reads a stream's records one by one into a static slot: `fgetpwent`'s state, and
/// `getpwent`'s under [`Ent`].
pub(crate) struct Reader<C> {
    lines: Lines,
    slot: Slot<C>,
}

impl<C> Reader<C> {
    pub(crate) const fn new(empty: C) -> Reader<C> {
        Reader { lines: Lines::new(), slot: Slot::new(empty) }
    }

    /// The next well-formed record of `f` (malformed lines are skipped). Null at the end
    /// of the stream, with errno untouched and the line buffer freed, and on an error, with
    /// errno set.
    ///
    /// # Safety
    /// `f` must be an open stream.
    pub(crate) unsafe fn next<D: Table<C = C>>(&mut self, f: *mut File) -> *mut C {
        let slot = &mut self.slot;
        // SAFETY: the caller's stream is open.
        unsafe { next_entry::<C>(f, &mut self.lines, |line| D::store(line, slot)) }
    }

    /// As [`Reader::next`] on the reader `shared`, for a stream of the caller's: its lock is
    /// not held while the stream is read, since a thread that holds the stream's own lock
    /// (`flockfile`) may be waiting for it. The line buffer is taken out meanwhile (a
    /// second caller reads into one of its own).
    ///
    /// # Safety
    /// `f` must be an open stream.
    pub(crate) unsafe fn next_unlocked<D: Table<C = C>>(shared: &Mutex<Reader<C>>, f: *mut File) -> *mut C {
        let mut lines = core::mem::replace(&mut shared.lock().lines, Lines::new());
        // SAFETY: the caller's stream is open.
        let rec = unsafe { next_entry::<C>(f, &mut lines, |line| D::store(line, &mut shared.lock().slot)) };
        shared.lock().lines = lines;
        rec
    }
}

/// The record `store` makes of the next well-formed line of `f` (it returns `None` for a
/// malformed line, which is skipped). Null at the end of the stream, with errno untouched
/// and `lines` freed, and on an error of reading or of `store`, with errno set.
///
/// # Safety
/// `f` must be an open stream.
unsafe fn next_entry<C>(
    f: *mut File,
    lines: &mut Lines,
    mut store: impl FnMut(&[u8]) -> Option<Result<*mut C, c_int>>,
) -> *mut C {
    let _quiet = NoCancel::new();
    let found = loop {
        // SAFETY: the caller's stream is open.
        match unsafe { lines.next(f) } {
            Ok(Some(line)) => {
                if let Some(rec) = store(line) {
                    break rec;
                }
            }
            Ok(None) => {
                lines.release();
                return null_mut();
            }
            Err(e) => break Err(e),
        }
    };
    found.unwrap_or_else(|e| {
        set_errno(e);
        null_mut()
    })
}

/// The `get*ent` state: the database's stream, open from the first `get*ent` to
/// `end*ent`, and its reader.
pub(crate) struct Ent<C> {
    stream: Option<Stream>,
    reader: Reader<C>,
}

impl<C> Ent<C> {
    pub(crate) const fn new(empty: C) -> Ent<C> {
        Ent { stream: None, reader: Reader::new(empty) }
    }

    /// `get*ent`: the next record, opening the file first if need be (null with errno set
    /// when it cannot be opened).
    pub(crate) fn next<D: Table<C = C>>(&mut self) -> *mut C {
        let _quiet = NoCancel::new();
        let f = match &self.stream {
            Some(s) => s.as_ptr(),
            None => match Stream::open(D::PATH) {
                Ok(s) => self.stream.insert(s).as_ptr(),
                Err(e) => {
                    set_errno(e);
                    return null_mut();
                }
            },
        };
        // SAFETY: `f` is the open stream `self.stream` keeps.
        unsafe { self.reader.next::<D>(f) }
    }

    /// `set*ent`: back to the first line (the next `get*ent` opens the file if it is not
    /// open).
    pub(crate) fn rewind(&mut self) {
        if let Some(s) = &self.stream {
            // SAFETY: the stream is open.
            unsafe { rewind(s.as_ptr()) };
        }
    }

    /// `end*ent`: closes the stream and frees the line buffer.
    pub(crate) fn end(&mut self) {
        let _quiet = NoCancel::new();
        self.stream = None;
        self.reader.lines.release();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grp::Groups;
    use crate::pwd::Users;

    /// `may_match` never turns away a line that parses and matches: random lines of
    /// digits, colons, NULs, signs, `+` and letters against small ids and short names.
    #[test]
    fn the_quick_check_never_misses() {
        const BYTES: &[u8] = b"0123:::::a+-\0 9x";
        let mut x = 0x1234_5678_9abc_def1u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut matched = 0;
        for _ in 0..200_000 {
            let line: Vec<u8> = (0..next() % 24).map(|_| BYTES[(next() % BYTES.len() as u64) as usize]).collect();
            let id = (next() % 40) as u32;
            let name = &line[..line.iter().position(|&c| c == b':').unwrap_or(0)];
            for key in [Key::Id(id), Key::Id(0), Key::Name(name), Key::Name(b"a")] {
                if Users::parse(&line).is_some_and(|e| key.matches(&e)) || Groups::parse(&line).is_some_and(|e| key.matches(&e)) {
                    matched += 1;
                    assert!(key.may_match(&line), "{:?}", String::from_utf8_lossy(&line));
                }
            }
        }
        assert!(matched > 1000, "{matched}");
    }

    #[test]
    fn the_quick_check_turns_away() {
        assert!(!Key::Id(5).may_match(b"a:x:6:1:::"));
        assert!(!Key::Id(5).may_match(b"a:x"));
        assert!(Key::Id(5).may_match(b"a:x:5:1:::"));
        assert!(Key::Id(5).may_match(b"a:x:005:1:::"));
        assert!(Key::Id(0).may_match(b"+:x::1:::"));
        assert!(!Key::Name(b"ab").may_match(b"abc:x:1:1:::"));
        assert!(Key::Name(b"ab").may_match(b"ab:x:1:1:::"));
    }
}
