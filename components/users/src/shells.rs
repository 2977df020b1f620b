//! `getusershell`, `setusershell`, `endusershell`: the lines of /etc/shells, one by one.
//!
//! As in musl (measured): every line is a shell, as it is, less its newline (comments,
//! blank lines and spaces are not special; glibc drops comments and blank lines and cuts
//! a line at its first space); when /etc/shells cannot be opened the shells are
//! `/bin/sh` and `/bin/csh`. Unlike musl, whose `setusershell` only opens the file when it
//! is closed, `setusershell` goes back to the first shell, as the BSDs and glibc do and
//! their manual pages say.
use core::ffi::{CStr, c_char};
use core::ptr::null_mut;

use limpet_start::lock::Mutex;
use limpet_syscall::set_errno;

use crate::pack::Slot;
use crate::read::{Lines, NoCancel, Stream};
use crate::imports::rewind;

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

/// Opens /etc/shells, or falls back on the default list when it cannot be opened.
fn open() -> Source {
    match Stream::open(SHELLS) {
        Ok(s) => Source::File(s, Lines::new()),
        Err(_) => Source::Defaults(0),
    }
}

/// `getusershell()`—The next shell: the next line of /etc/shells without its newline
/// (opened on the first call and after `endusershell`), or of `/bin/sh` and `/bin/csh`
/// when it cannot be opened; in a static buffer the next call overwrites. Null at the end
/// (errno untouched), and null with errno set on a read error or when the line cannot be
/// stored (ENOMEM).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getusershell() -> *mut c_char {
    let _quiet = NoCancel::new();
    let st = &mut *SHELLS_STATE.lock();
    if let Source::Closed = st.source {
        st.source = open();
    }
    let line = match &mut st.source {
        Source::Closed => None,
        // SAFETY: the stream stays open while the source holds it.
        Source::File(s, lines) => match unsafe { lines.next(s.as_ptr()) } {
            Ok(line) => line,
            Err(e) => {
                set_errno(e);
                return null_mut();
            }
        },
        Source::Defaults(i) => {
            let shell = DEFAULT_SHELLS.get(*i).copied();
            *i += usize::from(shell.is_some());
            shell
        }
    };
    let Some(line) = line else { return null_mut() };
    match st.slot.fill(line.len() + 1, |p| p.str(line)) {
        // SAFETY: `fill` returned the slot's record, which it just wrote.
        Ok(rec) => unsafe { *rec },
        Err(e) => {
            set_errno(e);
            null_mut()
        }
    }
}

/// `setusershell()`—Makes the next `getusershell` start from the first shell again.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setusershell() {
    match &mut SHELLS_STATE.lock().source {
        Source::Closed => {}
        // SAFETY: the stream is open.
        Source::File(s, _) => unsafe { rewind(s.as_ptr()) },
        Source::Defaults(i) => *i = 0,
    }
}

/// `endusershell()`—Closes /etc/shells and frees what `getusershell` kept; the next
/// `getusershell` opens the file again.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn endusershell() {
    let _quiet = NoCancel::new();
    SHELLS_STATE.lock().source = Source::Closed;
}

#[cfg(test)]
mod tests {
    use super::*;

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
