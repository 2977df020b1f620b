//! The directory walk under `glob`: a pattern taken a `/`-separated part at a time, as
//! musl takes it.
//!
//! - Literal parts (no `*`, `?` or bracket expression, backslashes removed) are copied into
//!   the path without reading any directory; a pattern that is literal to its end names one
//!   file, which must exist (`lstat`; `stat` too under `GLOB_MARK`, for a link to a
//!   directory).
//! - A part with a wildcard is matched, with [`fnmatch`](crate::fnmatch::matches), against
//!   each name of the directory the path so far names; each name that matches is followed
//!   with the rest of the pattern. When a part follows, names the directory says are not
//!   directories or links are skipped unread. A leading `.` is matched only by a `.`
//!   (`FNM_PERIOD`) unless `GLOB_PERIOD`, and even then `.` and `..` are followed only when
//!   a `.` begins the part.
//! - A directory that cannot be opened or read goes to the error function (with the path,
//!   which is empty for the current directory) and stops the walk when it returns nonzero
//!   or `GLOB_ERR` is set; a literal path that cannot be checked likewise, except that a
//!   missing file is simply no match.
//!
//! Paths are built in one buffer of `PATH_MAX` bytes; a name that would not fit is no
//! match. Recursion is one level per wildcard part of the pattern that matched a
//! directory, so at most `PATH_MAX / 2` levels (each adds a name and a `/`).
use core::ffi::{CStr, c_char, c_int};
use core::mem::MaybeUninit;

use limpet_abi::dirent::{DT_DIR, DT_LNK, DT_REG, DT_UNKNOWN};
use limpet_abi::errno::ENOENT;
use limpet_abi::fcntl::{AT_FDCWD, AT_SYMLINK_NOFOLLOW};
use limpet_abi::glob::{GLOB_ERR, GLOB_MARK, GLOB_NOESCAPE, GLOB_PERIOD};
use limpet_abi::limits::PATH_MAX;
use limpet_abi::stat::{S_IFDIR, S_IFMT, Stat};
use limpet_syscall::unistd::fstatat;
use limpet_syscall::{errno, set_errno};

use crate::fnmatch::{self, FNM_NOESCAPE, FNM_PERIOD};
use crate::imports::{closedir, opendir, readdir};
use crate::list::{List, NoSpace};

/// `glob`'s error function: the path that failed and its errno; nonzero stops the walk.
pub type ErrFn = unsafe extern "C" fn(path: *const c_char, err: c_int) -> c_int;

const SLASH: u8 = b'/';
const ESCAPE: u8 = b'\\';
const OPEN: u8 = b'[';
const CLOSE: u8 = b']';
const WILDCARDS: [u8; 2] = [b'*', b'?'];
/// The current directory, which `opendir` is given for an empty path.
const HERE: &CStr = c".";

/// Why a walk stopped early.
pub(crate) enum Stop {
    /// The error function or `GLOB_ERR` said to.
    Aborted,
    /// Memory ran out.
    NoSpace,
}

impl From<NoSpace> for Stop {
    fn from(_: NoSpace) -> Stop {
        Stop::NoSpace
    }
}

/// One `glob` call's walk: the path so far, the flags, and what was found.
pub(crate) struct Walk {
    /// The path being built, NUL-terminated wherever a call reads it.
    pub(crate) path: [u8; PATH_MAX],
    flags: c_int,
    errfunc: Option<ErrFn>,
    pub(crate) found: List,
}

impl Walk {
    pub(crate) fn new(flags: c_int, errfunc: Option<ErrFn>) -> Walk {
        Walk { path: [0; PATH_MAX], flags, errfunc, found: List::new() }
    }

    /// Adds to `found` every path that `pat` matches, relative to the first `pos` bytes of
    /// `path` (the directory already named), of the type `ty` (a `DT_*`, or `DT_UNKNOWN`).
    pub(crate) fn expand(&mut self, mut pos: usize, mut ty: u8, mut pat: &[u8]) -> Result<(), Stop> {
        let mark = self.flags & GLOB_MARK != 0;
        // Without GLOB_MARK, a name a directory listed needs no further check.
        if ty == DT_UNKNOWN && !mark {
            ty = DT_REG;
        }
        if !pat.is_empty() && ty != DT_DIR {
            ty = DT_UNKNOWN;
        }
        while pos + 1 < PATH_MAX && pat.first() == Some(&SLASH) {
            self.path[pos] = SLASH;
            (pos, pat) = (pos + 1, &pat[1..]);
        }
        match self.literal_prefix(pos, pat) {
            Prefix::NoMatch => Ok(()),
            Prefix::Whole(end) => {
                if end > pos {
                    ty = DT_UNKNOWN;
                }
                self.path[end] = 0;
                self.found_literal(end, ty)
            }
            Prefix::Wildcard { pos: dir_end, part } => {
                self.path[dir_end] = 0;
                self.scan(dir_end, &pat[part..])
            }
        }
    }

    /// Copies the literal parts at the start of `pat` (its escapes removed) into the path
    /// after `pos`, up to the part that holds a wildcard.
    fn literal_prefix(&mut self, mut pos: usize, pat: &[u8]) -> Prefix {
        let noescape = self.flags & GLOB_NOESCAPE != 0;
        // The current part starts at `pat[part]`; `len` of its bytes are copied after `pos`.
        let (mut part, mut len, mut i) = (0, 0, 0);
        let (mut in_bracket, mut overflow) = (false, false);
        loop {
            let Some(&b) = pat.get(i) else {
                return if overflow { Prefix::NoMatch } else { Prefix::Whole(pos + len) };
            };
            if WILDCARDS.contains(&b) || (in_bracket && b == CLOSE) {
                return Prefix::Wildcard { pos, part };
            }
            let mut c = b;
            if b == OPEN {
                in_bracket = true;
            } else if b == ESCAPE && !noescape {
                match pat.get(i + 1) {
                    // A backslash is ordinary inside a bracket expression, so `\]` closes one.
                    Some(&CLOSE) if in_bracket => return Prefix::Wildcard { pos, part },
                    Some(&next) => (c, i) = (next, i + 1),
                    // A final backslash escapes nothing and matches nothing.
                    None => return Prefix::NoMatch,
                }
            }
            if c == SLASH {
                if overflow {
                    return Prefix::NoMatch;
                }
                in_bracket = false;
            }
            // A long bracket expression may still match a short name, so running out of
            // room inside one only counts if the `[` turns out to be a literal.
            if pos + len + 1 < PATH_MAX {
                self.path[pos + len] = c;
                len += 1;
            } else if in_bracket {
                overflow = true;
            } else {
                return Prefix::NoMatch;
            }
            if c == SLASH {
                (pos, len, part) = (pos + len, 0, i + 1);
            }
            i += 1;
        }
    }

    /// The pattern was literal to its end: the path (`end` bytes) is a match if the file
    /// exists; `ty` is what a directory listing said of it.
    fn found_literal(&mut self, end: usize, mut ty: u8) -> Result<(), Stop> {
        let mark = self.flags & GLOB_MARK != 0;
        // A link's own type says nothing of its target's.
        if mark
            && (ty == DT_UNKNOWN || ty == DT_LNK)
            && let Some(st) = self.stat(end, 0)
        {
            ty = if st.st_mode & S_IFMT == S_IFDIR { DT_DIR } else { DT_REG };
        }
        // lstat, so that a dangling link still counts.
        if ty == DT_UNKNOWN && self.stat(end, AT_SYMLINK_NOFOLLOW).is_none() {
            let e = errno();
            if e != ENOENT {
                self.failed(e)?;
            }
            return Ok(());
        }
        let slash = mark && ty == DT_DIR && end > 0 && self.path[end - 1] != SLASH;
        let s = self.found.push(&self.path[..end], usize::from(slash))?;
        if slash {
            // SAFETY: `push` left room for one byte more than the path and its NUL.
            unsafe {
                *s.add(end) = SLASH as c_char;
                *s.add(end + 1) = 0;
            }
        }
        Ok(())
    }

    /// The part `pat[..]` up to its first `/` has a wildcard: matches it against the names
    /// of the directory the path's first `pos` bytes name, and follows each match with the
    /// rest of the pattern.
    fn scan(&mut self, pos: usize, pat: &[u8]) -> Result<(), Stop> {
        let (part, rest) = split_part(pat, self.flags & GLOB_NOESCAPE != 0);
        let dir_path = if pos == 0 { HERE.as_ptr() } else { self.path.as_ptr().cast() };
        // SAFETY: the path is NUL-terminated at `pos`, and HERE is a C string.
        let dir = unsafe { opendir(dir_path) };
        if dir.is_null() {
            return self.failed(errno());
        }
        let saved = errno();
        let r = self.each_name(dir, pos, part, rest);
        let read_error = errno();
        // SAFETY: `dir` is open, and closed only here.
        unsafe { closedir(dir) };
        r?;
        if read_error != 0 {
            self.path[pos] = 0;
            self.failed(read_error)?;
        }
        set_errno(saved);
        Ok(())
    }

    /// [`scan`](Self::scan)'s loop over the open directory `dir`; errno is 0 after it
    /// unless reading failed.
    fn each_name(&mut self, dir: *mut crate::imports::Dir, pos: usize, part: &[u8], rest: Option<&[u8]>) -> Result<(), Stop> {
        let mut fnm = if self.flags & GLOB_NOESCAPE != 0 { FNM_NOESCAPE } else { 0 };
        if self.flags & GLOB_PERIOD == 0 {
            fnm |= FNM_PERIOD;
        }
        loop {
            set_errno(0);
            // SAFETY: `dir` is open.
            let de = unsafe { readdir(dir) };
            if de.is_null() {
                return Ok(());
            }
            // SAFETY: `readdir`'s entry stays valid until the next call on `dir`, and its
            // name is NUL-terminated.
            let (ty, name) = unsafe { ((*de).d_type, CStr::from_ptr((*de).d_name.as_ptr()).to_bytes()) };
            if rest.is_some() && ty != DT_UNKNOWN && ty != DT_DIR && ty != DT_LNK {
                continue;
            }
            if name.len() >= PATH_MAX - pos || !fnmatch::matches(part, name, fnm) {
                continue;
            }
            // GLOB_PERIOD lets wildcards match a leading `.`, but a walk does not go
            // through `.` and `..` unless the part asks for a `.` itself.
            if rest.is_some()
                && self.flags & GLOB_PERIOD != 0
                && (name == b"." || name == b"..")
                && !fnmatch::matches(part, name, fnm | FNM_PERIOD)
            {
                continue;
            }
            self.path[pos..pos + name.len()].copy_from_slice(name);
            self.expand(pos + name.len(), ty, rest.unwrap_or(&[]))?;
        }
    }

    /// `stat` (`flags` 0) or `lstat` of the path's first `end` bytes, NUL-terminated there.
    fn stat(&self, end: usize, flags: c_int) -> Option<Stat> {
        debug_assert_eq!(self.path[end], 0);
        let mut st = MaybeUninit::<Stat>::uninit();
        // SAFETY: the path is NUL-terminated at `end`; `st` is writable.
        let r = unsafe { fstatat(AT_FDCWD, self.path.as_ptr().cast(), st.as_mut_ptr(), flags) };
        // SAFETY: a successful fstatat filled `st`.
        (r == 0).then(|| unsafe { st.assume_init() })
    }

    /// Reports a failure with errno `e` on the path (NUL-terminated where it failed) to the
    /// error function; stops the walk when it says so or `GLOB_ERR` is set.
    fn failed(&mut self, e: c_int) -> Result<(), Stop> {
        let stop = match self.errfunc {
            // SAFETY: the caller's function, given a NUL-terminated path and an errno.
            Some(f) => (unsafe { f(self.path.as_ptr().cast(), e) }) != 0,
            None => false,
        };
        if stop || self.flags & GLOB_ERR != 0 { Err(Stop::Aborted) } else { Ok(()) }
    }
}

/// What the start of a pattern is, for [`Walk::literal_prefix`].
enum Prefix {
    /// Literal to its end, the whole path this long.
    Whole(usize),
    /// Literal up to a part with a wildcard, which starts at `pat[part]`; the directory
    /// before it is the path's first `pos` bytes.
    Wildcard { pos: usize, part: usize },
    /// Nothing can match (an unpaired final backslash, a path too long).
    NoMatch,
}

/// `pat` cut at its first `/`: the part before it, for `fnmatch`, and the rest from the
/// `/` on (from the backslash, when one escapes the `/`), or `None` when this is the last
/// part.
fn split_part(pat: &[u8], noescape: bool) -> (&[u8], Option<&[u8]>) {
    let Some(mut at) = pat.iter().position(|&b| b == SLASH) else { return (pat, None) };
    if !noescape {
        let escapes = pat[..at].iter().rev().take_while(|&&b| b == ESCAPE).count();
        if escapes % 2 == 1 {
            at -= 1;
        }
    }
    (&pat[..at], Some(&pat[at..]))
}
