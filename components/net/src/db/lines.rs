//! [`Lines`]: a text file, line by line, through a fixed buffer.
//!
//! The file is read with plain `open`/`read`/`close` system calls, not the cancellable ones:
//! the databases read under their lock, and a thread cancelled there would leave the lock
//! held for good (POSIX lets these functions be cancellation points, and does not require
//! it). A line is returned without its newline; the last line needs none. A line longer
//! than the buffer cannot be returned whole, so it is skipped, through its newline, and
//! the next line is read as usual. A read error ends the file (and drops the partial line
//! it interrupted). Bytes are returned as they are: cutting at a NUL or a comment is
//! [`super::fields`]'s job.
//!
//! The same reader can walk a text in memory instead of a file (the built-in protocol
//! table stands in for a missing /etc/protocols).
use core::ffi::{CStr, c_int};

use limpet_abi::fcntl::{O_CLOEXEC, O_RDONLY};
use limpet_abi::stdio::SEEK_SET;
use limpet_syscall::errno::EINTR;
use limpet_syscall::{nr, result, syscall1, syscall3};

/// The buffer's size; the longest line read is one byte shorter (the buffer holds its
/// newline too, or the end of the file follows it).
pub const LINE_MAX: usize = 1024;

/// `AT_FDCWD` for `openat`, which every architecture has (`open` does not).
const AT_FDCWD: usize = limpet_abi::fcntl::AT_FDCWD as usize;

/// A file (or a static text) read line by line.
pub struct Lines {
    /// The open file, or -1.
    fd: c_int,
    /// With no file: the text walked instead (empty when closed).
    text: &'static [u8],
    buf: [u8; LINE_MAX],
    /// The unread bytes are `buf[start..end]` (or `text[start..]`).
    start: usize,
    end: usize,
    /// The file has no more bytes to give (its end, or an error).
    eof: bool,
}

impl Lines {
    /// A reader with nothing open: [`Lines::next_line`] returns `None`.
    pub const fn closed() -> Lines {
        Lines { fd: -1, text: &[], buf: [0; LINE_MAX], start: 0, end: 0, eof: true }
    }

    /// Opens `path` for reading; the error is the errno of `open`.
    pub fn open(path: &CStr) -> Result<Lines, c_int> {
        let mut lines = Lines::closed();
        lines.fd = open_file(path)?;
        lines.eof = false;
        Ok(lines)
    }

    /// Walks `text` as if it were a file's contents.
    pub const fn from_static(text: &'static [u8]) -> Lines {
        let mut lines = Lines::closed();
        lines.text = text;
        lines
    }

    /// Whether a file or a text is being walked.
    pub fn is_open(&self) -> bool {
        self.fd >= 0 || !self.text.is_empty()
    }

    /// Goes back to the first line (for `set*ent` on an open stream). A file that cannot
    /// seek (a pipe) just goes on where it was.
    pub fn rewind(&mut self) {
        if self.fd >= 0 {
            // SAFETY: lseek takes no pointer; the descriptor is ours.
            if result(unsafe { syscall3(nr::LSEEK, self.fd as usize, 0, SEEK_SET as usize) }).is_err() {
                return;
            }
            self.eof = false;
            self.end = 0;
        }
        self.start = 0;
    }

    /// Closes the file (if any) and forgets the text.
    pub fn close(&mut self) {
        if self.fd >= 0 {
            // SAFETY: close takes no pointer; the descriptor is ours and is forgotten here.
            unsafe { syscall1(nr::CLOSE, self.fd as usize) };
        }
        // Field by field: assigning a whole `Lines` would drop (and close) this one again.
        self.fd = -1;
        self.text = &[];
        self.start = 0;
        self.end = 0;
        self.eof = true;
    }

    /// The next line, without its newline, or `None` at the end.
    pub fn next_line(&mut self) -> Option<&[u8]> {
        if self.fd < 0 {
            return self.next_text_line();
        }
        // Set while the rest of an over-long line is being thrown away.
        let mut skipping = false;
        loop {
            if let Some(i) = self.buf[self.start..self.end].iter().position(|&c| c == b'\n') {
                let line = self.start;
                self.start += i + 1;
                if skipping {
                    skipping = false;
                    continue;
                }
                return Some(&self.buf[line..line + i]);
            }
            if self.eof {
                let line = self.start;
                self.start = self.end;
                return if line == self.end || skipping { None } else { Some(&self.buf[line..self.end]) };
            }
            if self.end - self.start == LINE_MAX {
                // A full buffer and no newline: the line cannot fit.
                skipping = true;
                self.start = 0;
                self.end = 0;
            } else if self.start > 0 {
                self.buf.copy_within(self.start..self.end, 0);
                self.end -= self.start;
                self.start = 0;
            }
            self.fill();
        }
    }

    /// Reads more bytes after `end`, or sets `eof`.
    fn fill(&mut self) {
        let room = &mut self.buf[self.end..];
        loop {
            // SAFETY: the kernel writes at most `room.len()` bytes into `room`, ours.
            match result(unsafe { syscall3(nr::READ, self.fd as usize, room.as_mut_ptr() as usize, room.len()) }) {
                Ok(0) => break,
                Ok(n) => {
                    self.end += n;
                    return;
                }
                Err(EINTR) => continue,
                Err(_) => {
                    // Whatever was read of the interrupted line is not a line.
                    self.start = self.end;
                    break;
                }
            }
        }
        self.eof = true;
    }

    fn next_text_line(&mut self) -> Option<&[u8]> {
        let rest = self.text.get(self.start..).filter(|r| !r.is_empty())?;
        let len = rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
        self.start += (len + 1).min(rest.len());
        Some(&rest[..len])
    }
}

impl Drop for Lines {
    fn drop(&mut self) {
        self.close();
    }
}

/// Opens `path` read-only, close-on-exec (a thread may `exec` while a stream is open).
fn open_file(path: &CStr) -> Result<c_int, c_int> {
    let flags = (O_RDONLY | O_CLOEXEC) as usize;
    // SAFETY: `path` is NUL-terminated, as CStr guarantees; openat reads only up to the NUL.
    result(unsafe { limpet_syscall::syscall4(nr::OPENAT, AT_FDCWD, path.as_ptr() as usize, flags, 0) })
        .map(|fd| fd as c_int)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::testfile::TempFile;

    fn all(text: &[u8]) -> Vec<Vec<u8>> {
        let f = TempFile::new(text);
        let mut lines = Lines::open(&f.path).unwrap();
        let mut out = Vec::new();
        while let Some(l) = lines.next_line() {
            out.push(l.to_vec());
        }
        assert!(lines.next_line().is_none());
        out
    }

    fn v(lines: &[&[u8]]) -> Vec<Vec<u8>> {
        lines.iter().map(|l| l.to_vec()).collect()
    }

    #[test]
    fn lines_with_and_without_a_final_newline() {
        assert_eq!(all(b"a\nbb\n\nccc\n"), v(&[b"a", b"bb", b"", b"ccc"]));
        assert_eq!(all(b"a\nbb"), v(&[b"a", b"bb"]));
        assert_eq!(all(b""), Vec::<Vec<u8>>::new());
        assert_eq!(all(b"\n"), v(&[b""]));
        assert_eq!(all(b"x\0y\n"), v(&[b"x\0y"]));
    }

    #[test]
    fn long_lines_are_skipped_whole() {
        let longest = vec![b'a'; LINE_MAX - 1];
        let too_long = vec![b'b'; LINE_MAX];
        let huge = vec![b'c'; 5 * LINE_MAX + 17];
        let mut text = Vec::new();
        for l in [&b"first"[..], &longest, &too_long, b"mid", &huge, b"after", &huge] {
            text.extend_from_slice(l);
            text.push(b'\n');
        }
        text.extend_from_slice(&huge);
        assert_eq!(all(&text), v(&[b"first", &longest, b"mid", b"after"]));
        // An over-long last line without a newline, after a short one.
        let mut text = b"x\n".to_vec();
        text.extend_from_slice(&too_long);
        assert_eq!(all(&text), v(&[b"x"]));
        // The longest line that fits, last and without a newline.
        assert_eq!(all(&longest), v(&[&longest]));
    }

    #[test]
    fn lines_across_buffer_refills() {
        let mut text = Vec::new();
        let mut want = Vec::new();
        for i in 0..3000 {
            let l = format!("line {i} {}", "x".repeat(i % 50));
            text.extend_from_slice(l.as_bytes());
            text.push(b'\n');
            want.push(l.into_bytes());
        }
        assert_eq!(all(&text), want);
    }

    #[test]
    fn rewind_close_and_errors() {
        let f = TempFile::new(b"one\ntwo\n");
        let mut lines = Lines::open(&f.path).unwrap();
        assert!(lines.is_open());
        assert_eq!(lines.next_line(), Some(&b"one"[..]));
        lines.rewind();
        assert_eq!(lines.next_line(), Some(&b"one"[..]));
        assert_eq!(lines.next_line(), Some(&b"two"[..]));
        assert_eq!(lines.next_line(), None);
        lines.rewind();
        assert_eq!(lines.next_line(), Some(&b"one"[..]));
        lines.close();
        assert!(!lines.is_open());
        assert_eq!(lines.next_line(), None);
        assert_eq!(Lines::open(c"/nonexistent/limpet").err(), Some(limpet_syscall::errno::ENOENT));
        // A directory opens but cannot be read: no lines.
        let mut dir = Lines::open(c"/").unwrap();
        assert_eq!(dir.next_line(), None);
    }

    #[test]
    fn static_text() {
        let mut lines = Lines::from_static(b"a b\n\nc");
        assert!(lines.is_open());
        assert_eq!(lines.next_line(), Some(&b"a b"[..]));
        assert_eq!(lines.next_line(), Some(&b""[..]));
        assert_eq!(lines.next_line(), Some(&b"c"[..]));
        assert_eq!(lines.next_line(), None);
        lines.rewind();
        assert_eq!(lines.next_line(), Some(&b"a b"[..]));
        let mut trailing = Lines::from_static(b"a\n");
        assert_eq!(trailing.next_line(), Some(&b"a"[..]));
        assert_eq!(trailing.next_line(), None);
    }
}
