//! `<fmtmsg.h>`: `fmtmsg`, a message in the format of the System V tools, written to
//! standard error (`MM_PRINT`) and the system console (`MM_CONSOLE`):
//! ```text
//! LABEL: SEVERITY: TEXT
//! TO FIX: ACTION TAG
//! ```
//! as musl writes it: a null component and its separator are left out (the second line
//! with a null action keeps only the tag), an unknown nonzero severity prints as `(null)`
//! (musl hands printf a null string), and the line ends in a newline. `MSGVERB`, a
//! colon-separated list of `label`, `severity`, `text`, `action` and `tag`, chooses which
//! components standard error gets; a list with any other word, or an empty one, means all.
//! The console always gets all.
//!
//! Each message is one `writev` of its pieces, made with the raw system call: no
//! cancellation point, as musl turns cancellation off around its own writes.
use core::ffi::{c_char, c_int, c_long};

use limpet_abi::fcntl::{AT_FDCWD, O_CLOEXEC, O_NOCTTY, O_WRONLY};
use limpet_abi::fmtmsg::{MM_CONSOLE, MM_ERROR, MM_HALT, MM_INFO, MM_NOCON, MM_NOMSG, MM_NOSEV, MM_NOTOK, MM_OK, MM_PRINT, MM_WARNING};
use limpet_abi::uio::Iovec;
use limpet_syscall::{nr, result, syscall1, syscall3, syscall4};

/// The components of a message, in order, by their `MSGVERB` names; bit `i` of a
/// [`Verbs`] set stands for `COMPONENTS[i]`.
const COMPONENTS: [&[u8]; 5] = [b"label", b"severity", b"text", b"action", b"tag"];
type Verbs = u8;
const LABEL: Verbs = 1 << 0;
const SEVERITY: Verbs = 1 << 1;
const TEXT: Verbs = 1 << 2;
const ACTION: Verbs = 1 << 3;
const TAG: Verbs = 1 << 4;
const ALL: Verbs = LABEL | SEVERITY | TEXT | ACTION | TAG;

/// The most pieces a message has: label and `": "`, severity, text, `"\nTO FIX: "`, action
/// and `" "`, tag, newline.
const MAX_PIECES: usize = 9;

/// The components `MSGVERB` (the value `v`, if set) asks for: every word up to the end or
/// a colon names one, and a trailing colon ends the list; an unknown word (an empty one
/// included) makes the list count for nothing.
fn verbs(v: Option<&[u8]>) -> Verbs {
    let mut rest = v.unwrap_or_default();
    let mut set = 0;
    while !rest.is_empty() {
        let colon = rest.iter().position(|&c| c == b':');
        let word = &rest[..colon.unwrap_or(rest.len())];
        let Some(i) = COMPONENTS.iter().position(|&c| c == word) else { return ALL };
        set |= 1 << i;
        rest = colon.map_or(&[][..], |c| &rest[c + 1..]);
    }
    if set == 0 { ALL } else { set }
}

/// The severity's text, including its separator; `None` for [`MM_NOSEV`].
fn severity_text(severity: c_int) -> Option<&'static [u8]> {
    Some(match severity {
        MM_NOSEV => return None,
        MM_HALT => b"HALT: ",
        MM_ERROR => b"ERROR: ",
        MM_WARNING => b"WARNING: ",
        MM_INFO => b"INFO: ",
        _ => b"(null)",
    })
}

/// A message's pieces, ready for `writev`.
struct Message {
    pieces: [Iovec; MAX_PIECES],
    n: usize,
}

impl Message {
    fn push(&mut self, s: &[u8]) {
        self.pieces[self.n] = Iovec { iov_base: s.as_ptr().cast_mut().cast(), iov_len: s.len() };
        self.n += 1;
    }

    /// Writes the whole message to `fd`, going on after a short write; whether it all went.
    fn write(&mut self, fd: c_int) -> bool {
        let mut first = 0;
        while first < self.n {
            let iov = &self.pieces[first..self.n];
            // SAFETY: every piece points to bytes that live as long as the message's
            // borrows (the caller's strings and constants), valid for their lengths.
            let Ok(mut done) = result(unsafe { syscall3(nr::WRITEV, fd as usize, iov.as_ptr() as usize, iov.len()) }) else {
                return false;
            };
            while first < self.n && done >= self.pieces[first].iov_len {
                done -= self.pieces[first].iov_len;
                first += 1;
            }
            if first < self.n {
                let p = &mut self.pieces[first];
                // SAFETY: `done` is below this piece's length, so the rest stays within it.
                p.iov_base = unsafe { p.iov_base.cast::<u8>().add(done) }.cast();
                p.iov_len -= done;
            }
        }
        true
    }
}

/// The C string at `p` as bytes, or None for a null pointer.
///
/// # Safety
/// `p` must be null or NUL-terminated, and outlive `'a`.
unsafe fn bytes<'a>(p: *const c_char) -> Option<&'a [u8]> {
    // SAFETY: the caller's string, when there is one, is NUL-terminated.
    (!p.is_null()).then(|| unsafe { core::ffi::CStr::from_ptr(p) }.to_bytes())
}

/// The parts of one call's message.
struct Parts<'a> {
    label: Option<&'a [u8]>,
    severity: Option<&'static [u8]>,
    text: Option<&'a [u8]>,
    action: Option<&'a [u8]>,
    tag: Option<&'a [u8]>,
}

impl<'a> Parts<'a> {
    /// The message with the components in `verbs`.
    fn message(&self, verbs: Verbs) -> Message {
        let mut m = Message { pieces: [const { Iovec { iov_base: core::ptr::null_mut(), iov_len: 0 } }; MAX_PIECES], n: 0 };
        let on = |bit: Verbs| verbs & bit != 0;
        if let Some(label) = self.label.filter(|_| on(LABEL)) {
            m.push(label);
            m.push(b": ");
        }
        if let Some(s) = self.severity.filter(|_| on(SEVERITY)) {
            m.push(s);
        }
        if let Some(t) = self.text.filter(|_| on(TEXT)) {
            m.push(t);
        }
        if let Some(a) = self.action.filter(|_| on(ACTION)) {
            m.push(b"\nTO FIX: ");
            m.push(a);
            m.push(b" ");
        }
        if let Some(t) = self.tag.filter(|_| on(TAG)) {
            m.push(t);
        }
        m.push(b"\n");
        m
    }
}

/// Writes `m` to the console; whether it went.
fn to_console(m: &mut Message) -> bool {
    let flags = (O_WRONLY | O_NOCTTY | O_CLOEXEC) as usize;
    // SAFETY: a NUL-terminated literal.
    let Ok(fd) = result(unsafe { syscall4(nr::OPENAT, AT_FDCWD as usize, c"/dev/console".as_ptr() as usize, flags, 0) }) else {
        return false;
    };
    let ok = m.write(fd as c_int);
    // SAFETY: the descriptor is ours, opened just above.
    unsafe { syscall1(nr::CLOSE, fd) };
    ok
}

/// `int fmtmsg(long classification, const char *label, int severity, const char *text,
/// const char *action, const char *tag)`—Writes a message (see the module) to standard error
/// when `classification` has `MM_PRINT`, to the console when it has `MM_CONSOLE`. Returns
/// `MM_OK`; `MM_NOMSG` or `MM_NOCON` when that one failed; `MM_NOTOK` when both did.
///
/// # Safety
/// Each string must be null or NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fmtmsg(
    classification: c_long,
    label: *const c_char,
    severity: c_int,
    text: *const c_char,
    action: *const c_char,
    tag: *const c_char,
) -> c_int {
    // SAFETY: the caller's strings are null or NUL-terminated, and outlive the call.
    let parts = unsafe {
        Parts { label: bytes(label), severity: severity_text(severity), text: bytes(text), action: bytes(action), tag: bytes(tag) }
    };
    let mut ret = MM_OK;
    if classification & MM_CONSOLE != 0 && !to_console(&mut parts.message(ALL)) {
        ret = MM_NOCON;
    }
    if classification & MM_PRINT != 0 {
        // SAFETY: the environment's strings are NUL-terminated and stay while we read them.
        let v = unsafe { bytes(limpet_start::env::getenv(c"MSGVERB".as_ptr())) };
        if !parts.message(verbs(v)).write(2) {
            ret |= MM_NOMSG;
        }
    }
    if ret == MM_NOCON | MM_NOMSG { MM_NOTOK } else { ret }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn msgverb_lists() {
        assert_eq!(verbs(None), ALL);
        assert_eq!(verbs(Some(b"")), ALL);
        assert_eq!(verbs(Some(b"label")), LABEL);
        assert_eq!(verbs(Some(b"text:action")), TEXT | ACTION);
        assert_eq!(verbs(Some(b"text:")), TEXT);
        assert_eq!(verbs(Some(b"tag:label:tag")), TAG | LABEL);
        for all in [&b"bogus"[..], b"label:bogus:text", b"label::text", b":text", b"labelx", b"lab", b"text::"] {
            assert_eq!(verbs(Some(all)), ALL, "{:?}", core::str::from_utf8(all));
        }
    }

    fn flat(m: &Message) -> Vec<u8> {
        m.pieces[..m.n].iter().flat_map(|p| unsafe { core::slice::from_raw_parts(p.iov_base as *const u8, p.iov_len) }.to_vec()).collect()
    }

    #[test]
    fn message_layout() {
        let p = Parts { label: Some(b"UX:cat"), severity: severity_text(MM_ERROR), text: Some(b"illegal option"), action: Some(b"refer to cat(1)"), tag: Some(b"UX:cat:001") };
        assert_eq!(flat(&p.message(ALL)), b"UX:cat: ERROR: illegal option\nTO FIX: refer to cat(1) UX:cat:001\n");
        assert_eq!(flat(&p.message(LABEL)), b"UX:cat: \n");
        assert_eq!(flat(&p.message(TEXT | ACTION)), b"illegal option\nTO FIX: refer to cat(1) \n");
        let p = Parts { label: Some(b"L"), severity: severity_text(5), text: Some(b"T"), action: None, tag: None };
        assert_eq!(flat(&p.message(ALL)), b"L: (null)T\n");
        let p = Parts { label: None, severity: None, text: None, action: None, tag: None };
        assert_eq!(flat(&p.message(ALL)), b"\n");
    }
}
