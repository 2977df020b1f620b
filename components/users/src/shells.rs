//! `getusershell`, `setusershell`, `endusershell`: the lines of /etc/shells, one by one.
//!
//! As in musl (measured): every line is a shell, as it is, less its newline (comments,
//! blank lines and spaces are not special; glibc drops comments and blank lines and cuts
//! a line at its first space); when /etc/shells cannot be opened the shells are
//! `/bin/sh` and `/bin/csh`. Unlike musl, whose `setusershell` only opens the file when it
//! is closed, `setusershell` goes back to the first shell, as the BSDs and glibc do and
//! their manual pages say.
use core::ffi::{CStr, c_char, c_int};
use core::ptr::null_mut;

use limpet_start::lock::Mutex;
use limpet_syscall::set_errno;

use crate::imports::rewind;
use crate::pack::Slot;
use crate::read::{Lines, NoCancel, Stream};

/// The list of shells.
const SHELLS: &CStr = c"/etc/shells";
/// The shells when /etc/shells cannot be opened.
const DEFAULT_SHELLS: [&[u8]; 2] = [b"/bin/sh", b"/bin/csh"];

/// Where the shells come from, between `setusershell`/the first `getusershell` and
/// `endusershell`.
enum Source {
    Closed,
    File(Stream, Lines),
    /// The next of [`DEFAULT_SHELLS`].
    Defaults(usize),
}

struct Shells {
    source: Source,
    /// The string the last `getusershell` returned.
    slot: Slot<*mut c_char>,
}

static SHELLS_STATE: Mutex<Shells> = Mutex::new(Shells { source: Source::Closed, slot: Slot::new(null_mut()) });

impl Shells {
    /// The next shell of the file at `path` (opened when the source is closed, or the
    /// default list when it cannot be opened), stored in the slot; `Ok(None)` at the end,
    /// `Err` with the errno of a read error or ENOMEM.
    fn next(&mut self, path: &CStr) -> Result<Option<*mut c_char>, c_int> {
        let _quiet = NoCancel::new();
        if let Source::Closed = self.source {
            self.source = match Stream::open(path) {
                Ok(s) => Source::File(s, Lines::new()),
                Err(_) => Source::Defaults(0),
            };
        }
        let line = match &mut self.source {
            Source::Closed => None,
            // SAFETY: the stream stays open while the source holds it.
            Source::File(s, lines) => unsafe { lines.next(s.as_ptr()) }?,
            Source::Defaults(i) => {
                let shell = DEFAULT_SHELLS.get(*i).copied();
                *i += usize::from(shell.is_some());
                shell
            }
        };
        let Some(line) = line else { return Ok(None) };
        let rec = self.slot.fill(line.len() + 1, |p| p.str(line))?;
        // SAFETY: `fill` returned the slot's record, which it just wrote.
        Ok(Some(unsafe { *rec }))
    }

    /// Back to the first shell.
    fn rewind(&mut self) {
        match &mut self.source {
            Source::Closed => {}
            // SAFETY: the stream is open.
            Source::File(s, _) => unsafe { rewind(s.as_ptr()) },
            Source::Defaults(i) => *i = 0,
        }
    }

    /// Closes the file (the line buffer goes with it).
    fn end(&mut self) {
        let _quiet = NoCancel::new();
        self.source = Source::Closed;
    }
}

/// `getusershell()`—The next shell: the next line of /etc/shells without its newline
/// (opened on the first call and after `endusershell`), or of `/bin/sh` and `/bin/csh`
/// when it cannot be opened; in a static buffer the next call overwrites. Null at the end
/// (errno untouched), and null with errno set on a read error or when the line cannot be
/// stored (ENOMEM).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getusershell() -> *mut c_char {
    match SHELLS_STATE.lock().next(SHELLS) {
        Ok(shell) => shell.unwrap_or(null_mut()),
        Err(e) => {
            set_errno(e);
            null_mut()
        }
    }
}

/// `setusershell()`—Makes the next `getusershell` start from the first shell again.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setusershell() {
    SHELLS_STATE.lock().rewind();
}

/// `endusershell()`—Closes /etc/shells; the next `getusershell` opens it again.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn endusershell() {
    SHELLS_STATE.lock().end();
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::read::testfile::TempFile;

    fn new() -> Shells {
        Shells { source: Source::Closed, slot: Slot::new(null_mut()) }
    }

    /// Every shell left, as strings.
    fn rest(st: &mut Shells, path: &CStr) -> Vec<String> {
        let mut out = Vec::new();
        while let Some(p) = st.next(path).unwrap() {
            out.push(unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_owned());
        }
        out
    }

    #[test]
    fn every_line_as_it_is() {
        let f = TempFile::new(b"/bin/sh\n\n# comment\n  /bin/lead\n/bin/a b\t\n/bin/cr\r\nrelative\n/last");
        let mut st = new();
        let want = ["/bin/sh", "", "# comment", "  /bin/lead", "/bin/a b\t", "/bin/cr\r", "relative", "/last"];
        assert_eq!(rest(&mut st, &f.path), want);
        assert_eq!(st.next(&f.path), Ok(None));
        st.rewind();
        assert_eq!(rest(&mut st, &f.path), want);
        st.end();
        assert_eq!(rest(&mut st, &f.path), want);
        let long = "/".to_owned() + &"x".repeat(100_000);
        let f = TempFile::new(format!("{long}\n/b\n").as_bytes());
        st.end();
        assert_eq!(rest(&mut st, &f.path), [long.as_str(), "/b"]);
    }

    #[test]
    fn no_file_gives_the_defaults() {
        let mut st = new();
        let missing = c"/nonexistent/limpet-shells";
        assert_eq!(rest(&mut st, missing), ["/bin/sh", "/bin/csh"]);
        assert_eq!(st.next(missing), Ok(None));
        st.rewind();
        assert_eq!(rest(&mut st, missing), ["/bin/sh", "/bin/csh"]);
        // The source stays the defaults until `end`, even when a file appears.
        let f = TempFile::new(b"/bin/x\n");
        st.rewind();
        assert_eq!(rest(&mut st, &f.path), ["/bin/sh", "/bin/csh"]);
        st.end();
        assert_eq!(rest(&mut st, &f.path), ["/bin/x"]);
    }

    #[test]
    fn a_read_error_is_reported() {
        let mut st = new();
        assert_eq!(st.next(c"/"), Err(limpet_syscall::errno::EISDIR));
    }

    fn next() -> Option<String> {
        let p = getusershell();
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_owned())
    }

    /// The real /etc/shells (or the defaults where there is none), walked twice.
    #[test]
    fn the_walk_starts_again() {
        endusershell();
        let mut first = Vec::new();
        while let Some(s) = next() {
            first.push(s);
        }
        assert!(!first.is_empty());
        assert_eq!(next(), None);
        setusershell();
        assert_eq!(next().as_ref(), first.first());
        endusershell();
        let mut again = Vec::new();
        while let Some(s) = next() {
            again.push(s);
        }
        assert_eq!(first, again);
        endusershell();
    }
}
