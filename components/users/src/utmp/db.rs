//! The open database behind `getutxent` and its family: which file, the descriptor, where
//! the next read starts, and the static record the readers return.
//!
//! The file is opened at the first call that needs it, for reading and writing when the
//! caller may (an ordinary user may only read /var/run/utmp), else for reading. Every read
//! or search holds a shared lock while it reads, `pututxline` an exclusive one from its
//! search to its write, so that two writers cannot both miss an entry and both append it.
//!
//! The positions follow glibc's, which `generated_calls_agree_with_glibc` (in `utmpx`)
//! holds limpet to. A read or search starts at the position and leaves it after the last
//! record it read, which it also keeps (`last`: glibc's cached entry, which no later call
//! clears, `endutxent` and `utmpxname` included). `pututxline` overwrites the record just
//! before the position when `last` matches the new record the way `getutxid` matches (the
//! `getutxid` then `pututxline` idiom) and the file still holds a match there (read again,
//! it becomes `last`), else the next match after the position, else appends at the end;
//! it leaves the position after what it wrote, and `last` as its reads left it.
use core::ffi::{CStr, c_char, c_int};
use core::ptr::null_mut;

use limpet_abi::fcntl::{O_RDONLY, O_RDWR};
use limpet_abi::utmp::Utmpx;
use limpet_syscall::errno::{ENOENT, ENOMEM};

use super::path;
use super::record::{self, RECORD_SIZE};
use super::sys::Fd;
use crate::imports::{free, malloc};

/// A record's size as a file offset.
const STEP: u64 = RECORD_SIZE as u64;

pub(crate) struct Db {
    /// The file `utmpxname` chose: a heap copy of its name, or null for the default.
    name: *mut c_char,
    /// The open file.
    file: Option<Fd>,
    /// Why the file could not be opened for writing (0: it was): `pututxline`'s error.
    rw_error: c_int,
    /// The offset of the next record a read takes.
    pos: u64,
    /// The record last read, whichever call read it.
    last: Option<Utmpx>,
    /// The static record the readers return.
    pub(crate) rec: Utmpx,
}

// SAFETY: `name` is a heap block only this value points to.
unsafe impl Send for Db {}

impl Db {
    pub(crate) const fn new() -> Db {
        Db { name: null_mut(), file: None, rw_error: 0, pos: 0, last: None, rec: Utmpx::ZERO }
    }

    /// The file's name: `utmpxname`'s, or /var/run/utmp.
    fn path(&self) -> &CStr {
        if self.name.is_null() {
            path::UTMP
        } else {
            // SAFETY: a non-null `name` is the NUL-terminated copy `set_name` made.
            unsafe { CStr::from_ptr(self.name) }
        }
    }

    /// The open file, opened now if it is not.
    fn file(&mut self) -> Result<&Fd, c_int> {
        if self.file.is_none() {
            let path = path::resolve(self.path());
            let (fd, rw_error) = match Fd::open(path, O_RDWR) {
                Ok(fd) => (fd, 0),
                // Missing is missing: a read-only attempt would say the same.
                Err(ENOENT) => return Err(ENOENT),
                Err(e) => (Fd::open(path, O_RDONLY)?, e),
            };
            self.rw_error = rw_error;
            self.file = Some(fd);
        }
        Ok(self.file.as_ref().expect("opened above"))
    }

    /// `setutxent`: back to the first record, opening the file if needed.
    pub(crate) fn rewind(&mut self) -> Result<(), c_int> {
        self.pos = 0;
        self.file().map(drop)
    }

    /// `endutxent`: closes the file; the next call opens it again, from its start.
    pub(crate) fn end(&mut self) {
        self.file = None;
        self.pos = 0;
    }

    /// `utmpxname`: another file; closes the current one.
    pub(crate) fn set_name(&mut self, name: &CStr) -> Result<(), c_int> {
        let bytes = name.to_bytes_with_nul();
        // SAFETY: a plain allocation; the old name stays until the copy exists.
        let copy = unsafe { malloc(bytes.len()) }.cast::<c_char>();
        if copy.is_null() {
            return Err(ENOMEM);
        }
        // SAFETY: `copy` is a fresh block with room for the name and its NUL.
        unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr().cast::<c_char>(), copy, bytes.len()) };
        // SAFETY: the old name is null or our heap block, which nothing else points to.
        unsafe { free(self.name.cast()) };
        self.name = copy;
        self.end();
        Ok(())
    }

    /// The record at `at`, or `None` at the end of the file (a partial record there, left by
    /// a writer that died, counts as none).
    fn read_at(&self, at: u64) -> Result<Option<Utmpx>, c_int> {
        let mut b = [0u8; RECORD_SIZE];
        let fd = self.file.as_ref().expect("opened by the caller");
        Ok(fd.read_at(&mut b, at)?.then(|| record::from_disk(&record::from_bytes(&b))))
    }

    /// Reads on from `pos`, under the caller's lock, until `want` accepts a record, which is
    /// returned with its offset (the position is left after it); `None` when the file ends
    /// first.
    fn scan(&mut self, want: &dyn Fn(&Utmpx) -> bool) -> Result<Option<(u64, Utmpx)>, c_int> {
        while let Some(r) = self.read_at(self.pos)? {
            let at = self.pos;
            self.last = Some(r);
            self.pos = at + STEP;
            if want(&r) {
                return Ok(Some((at, r)));
            }
        }
        Ok(None)
    }

    /// `getutxent`, `getutxid`, `getutxline`: the next record `want` accepts, in `rec`;
    /// `Ok(false)` when the file ends first.
    pub(crate) fn find(&mut self, want: &dyn Fn(&Utmpx) -> bool) -> Result<bool, c_int> {
        let _lock = self.file()?.lock(false)?;
        let found = self.scan(want)?;
        if let Some((_, r)) = found {
            self.rec = r;
        }
        Ok(found.is_some())
    }

    /// `pututxline`: stores `u` where the rules of the module say.
    pub(crate) fn put(&mut self, u: &Utmpx) -> Result<(), c_int> {
        let key = record::id_key(u);
        let same = |have: &Utmpx| key.is_some_and(|k| record::id_matches(k, u, have));
        self.file()?;
        if self.rw_error != 0 {
            return Err(self.rw_error);
        }
        let _lock = self.file()?.lock(true)?;
        // The record before the position, when the last one read matches and the file still
        // holds a match there (read again under this lock, and kept as the last read).
        let mut at = None;
        if let (Some(before), Some(last)) = (self.pos.checked_sub(STEP), self.last)
            && same(&last)
            && let Some(r) = self.read_at(before)?
        {
            self.last = Some(r);
            at = same(&r).then_some(before);
        }
        if at.is_none() {
            at = self.scan(&same)?.map(|(at, _)| at);
        }
        let fd = self.file.as_ref().expect("opened above");
        let disk = record::to_disk(u);
        let at = match at {
            Some(at) => {
                fd.write_at(record::bytes(&disk), at)?;
                at
            }
            None => {
                // After the last whole record: a partial one a dead writer left is replaced.
                let end = fd.size()? / STEP * STEP;
                if let Err(e) = fd.write_at(record::bytes(&disk), end) {
                    // Leave no partial record behind.
                    let _ = fd.truncate(end);
                    return Err(e);
                }
                end
            }
        };
        self.pos = at + STEP;
        Ok(())
    }
}
