//! Reading a database file a line at a time, through limpet-stdio: [`Stream`] is a file
//! this crate opened (`fopen` with `"rbe"`: close-on-exec, since a thread may `exec`
//! meanwhile), [`Lines`] is the `getline` buffer, which grows to the longest line, so no
//! line is too long.
//!
//! Reading may block, and stdio's `read` is a cancellation point; the readers hold a lock
//! and own a buffer meanwhile, so a cancellation there would leave the lock taken and the
//! stream open. They read under [`NoCancel`], as musl's do: a request made meanwhile waits
//! for the next cancellation point after them.
use core::ffi::{CStr, c_char, c_int};
use core::ptr::{NonNull, null_mut};
use core::sync::atomic::Ordering::SeqCst;

use limpet_syscall::cancel::{self, DISABLE};
use limpet_syscall::errno::EIO;

use crate::imports::{File, fclose, fdopen, ferror, fopen, free, getline};

/// `fopen`'s mode: reading, close-on-exec.
const READ_CLOEXEC: &CStr = c"rbe";
/// `fdopen`'s mode: reading (the descriptor keeps its own close-on-exec flag).
const READ: &CStr = c"rb";
/// What ends a line.
const NEWLINE: u8 = b'\n';

/// An open stream, closed when dropped.
pub(crate) struct Stream(NonNull<File>);

// SAFETY: a stream is not tied to the thread that opened it; stdio locks it per call.
unsafe impl Send for Stream {}

impl Stream {
    /// Opens `path` for reading; the error is `fopen`'s errno.
    pub(crate) fn open(path: &CStr) -> Result<Stream, c_int> {
        // SAFETY: both strings are NUL-terminated, as `CStr` guarantees.
        let f = unsafe { fopen(path.as_ptr(), READ_CLOEXEC.as_ptr()) };
        NonNull::new(f).map(Stream).ok_or_else(last_error)
    }

    /// A stream over `fd`, which it owns from now on (closed here when `fdopen` fails);
    /// the error is `fdopen`'s errno.
    pub(crate) fn from_fd(fd: c_int) -> Result<Stream, c_int> {
        // SAFETY: the mode is NUL-terminated; the stream takes `fd`, which is open.
        let f = unsafe { fdopen(fd, READ.as_ptr()) };
        NonNull::new(f).map(Stream).ok_or_else(|| {
            let e = last_error();
            limpet_syscall::unistd::close(fd);
            e
        })
    }

    pub(crate) fn as_ptr(&self) -> *mut File {
        self.0.as_ptr()
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        // SAFETY: the stream is ours, open, and forgotten with `self`.
        unsafe { fclose(self.0.as_ptr()) };
    }
}

/// The `getline` buffer: null, or allocated by stdio with `cap` bytes.
pub(crate) struct Lines {
    buf: *mut c_char,
    cap: usize,
}

// SAFETY: the buffer is a heap block that only this value points to.
unsafe impl Send for Lines {}

impl Lines {
    pub(crate) const fn new() -> Lines {
        Lines { buf: null_mut(), cap: 0 }
    }

    /// The next line of `f`, without its newline; `None` at the end of the file; the errno
    /// of a read error.
    ///
    /// # Safety
    /// `f` must be an open stream.
    pub(crate) unsafe fn next(&mut self, f: *mut File) -> Result<Option<&[u8]>, c_int> {
        // SAFETY: `buf` is null or `getline`'s own block of `cap` bytes; `f` is open.
        let n = unsafe { getline(&mut self.buf, &mut self.cap, f) };
        let Ok(len) = usize::try_from(n) else {
            // SAFETY: `f` is open.
            let failed = unsafe { ferror(f) } != 0;
            return if failed { Err(last_error()) } else { Ok(None) };
        };
        // SAFETY: `getline` stored `len` bytes (and a NUL) at `buf`.
        let line = unsafe { core::slice::from_raw_parts(self.buf.cast::<u8>(), len) };
        Ok(Some(line.strip_suffix(&[NEWLINE]).unwrap_or(line)))
    }

    /// Frees the buffer (the next line allocates another).
    pub(crate) fn release(&mut self) {
        // SAFETY: `buf` is null or a block of the allocator, which nothing else points to.
        unsafe { free(self.buf.cast()) };
        self.buf = null_mut();
        self.cap = 0;
    }
}

impl Drop for Lines {
    fn drop(&mut self) {
        self.release();
    }
}

/// The errno a failed stdio call left, or EIO when it left none: an error is never 0,
/// which the `_r` functions would return as "not found".
fn last_error() -> c_int {
    match limpet_syscall::errno() {
        0 => EIO,
        e => e,
    }
}

/// Calls `each` on every line of `f` until it returns something, which is returned; `None`
/// when the file ends first.
///
/// # Safety
/// `f` must be an open stream.
pub(crate) unsafe fn each_line<T>(
    f: *mut File,
    lines: &mut Lines,
    mut each: impl FnMut(&[u8]) -> Option<T>,
) -> Result<Option<T>, c_int> {
    let _quiet = NoCancel::new();
    loop {
        // SAFETY: the caller's stream is open.
        match unsafe { lines.next(f) }? {
            None => return Ok(None),
            Some(line) => {
                if let Some(t) = each(line) {
                    return Ok(Some(t));
                }
            }
        }
    }
}

/// [`each_line`] over the file at `path`, opened for the occasion; the error is also
/// `fopen`'s.
pub(crate) fn scan<T>(path: &CStr, each: impl FnMut(&[u8]) -> Option<T>) -> Result<Option<T>, c_int> {
    let _quiet = NoCancel::new();
    let s = Stream::open(path)?;
    // SAFETY: `s` is open until it drops, after the reading.
    unsafe { each_line(s.as_ptr(), &mut Lines::new(), each) }
}

/// The calling thread's cancellation disabled for the guard's life, then put back as it
/// was. Before the thread library has installed the cancellation points, there is nothing
/// to disable.
pub(crate) struct NoCancel(Option<u32>);

impl NoCancel {
    pub(crate) fn new() -> NoCancel {
        NoCancel(cancel::state().map(|st| st.mode.swap(DISABLE, SeqCst)))
    }
}

impl Drop for NoCancel {
    fn drop(&mut self) {
        if let (Some(mode), Some(st)) = (self.0, cancel::state()) {
            st.mode.store(mode, SeqCst);
        }
    }
}

#[cfg(test)]
pub(crate) mod testfile {
    //! Temporary files for the tests, opened through the host's stdio (what the imports
    //! are bound to in a test build).
    use std::ffi::CString;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A file under the temporary directory, removed when dropped.
    pub struct TempFile {
        pub path: CString,
    }

    impl TempFile {
        pub fn new(contents: &[u8]) -> TempFile {
            static N: AtomicUsize = AtomicUsize::new(0);
            let name = format!("limpet-users-{}-{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed));
            let path = std::env::temp_dir().join(name);
            std::fs::write(&path, contents).unwrap();
            TempFile { path: CString::new(path.to_str().unwrap()).unwrap() }
        }
    }

    impl Drop for TempFile {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(self.path.to_str().unwrap());
        }
    }

    unsafe extern "C" {
        fn fopen(path: *const core::ffi::c_char, mode: *const core::ffi::c_char) -> *mut crate::imports::File;
        fn fclose(f: *mut crate::imports::File) -> i32;
    }

    /// A C string of the records, as a `String`.
    pub fn text(p: *const core::ffi::c_char) -> String {
        // SAFETY: the records' strings are NUL-terminated.
        unsafe { core::ffi::CStr::from_ptr(p) }.to_str().unwrap().to_string()
    }

    /// The tests that read a stream share the static record it is read into (one per
    /// database), so they take turns.
    pub static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

    /// Every record `next` (an `fget*ent`) finds in a file holding `contents`, each as
    /// `show` writes it; errno is checked to be left alone at the end of the stream.
    pub fn stream_records<T>(
        contents: &[u8],
        next: unsafe extern "C" fn(*mut crate::imports::File) -> *mut T,
        show: impl Fn(&T) -> String,
    ) -> Vec<String> {
        let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let file = TempFile::new(contents);
        // SAFETY: a path and a mode the host's stdio reads.
        let f = unsafe { fopen(file.path.as_ptr(), c"r".as_ptr()) };
        assert!(!f.is_null());
        let mut out = Vec::new();
        const UNTOUCHED: i32 = 1234;
        limpet_syscall::set_errno(UNTOUCHED);
        loop {
            // SAFETY: `f` is open.
            let p = unsafe { next(f) };
            if p.is_null() {
                break;
            }
            // SAFETY: a non-null result points at the database's static record.
            out.push(show(unsafe { &*p }));
        }
        assert_eq!(limpet_syscall::errno(), UNTOUCHED);
        // SAFETY: `f` is open and not used again.
        unsafe { fclose(f) };
        out
    }
}

#[cfg(test)]
mod tests {
    use super::testfile::TempFile;
    use super::*;

    fn all(text: &[u8]) -> Vec<Vec<u8>> {
        let f = TempFile::new(text);
        let mut out = Vec::new();
        let r: Result<Option<()>, c_int> = scan(&f.path, |l| {
            out.push(l.to_vec());
            None
        });
        assert_eq!(r, Ok(None));
        out
    }

    #[test]
    fn lines_of_any_length() {
        assert_eq!(all(b"a\nbb\n\nccc\n"), [&b"a"[..], b"bb", b"", b"ccc"]);
        // The last line needs no newline and keeps all its bytes.
        assert_eq!(all(b"a\nbb"), [&b"a"[..], b"bb"]);
        assert_eq!(all(b""), Vec::<Vec<u8>>::new());
        assert_eq!(all(b"x\0y\r\n"), [&b"x\0y\r"[..]]);
        let long = vec![b'q'; 100_000];
        let mut text = long.clone();
        text.extend_from_slice(b"\nshort\n");
        text.extend_from_slice(&long);
        assert_eq!(all(&text), [&long[..], b"short", &long[..]]);
    }

    #[test]
    fn a_missing_file_is_the_open_error() {
        let r: Result<Option<()>, c_int> = scan(c"/nonexistent/limpet-users", |_| None);
        assert_eq!(r, Err(limpet_syscall::errno::ENOENT));
    }

    #[test]
    fn a_read_error_is_reported() {
        // Reading a directory fails with EISDIR once `fopen` has opened it.
        let r: Result<Option<()>, c_int> = scan(c"/", |_| None);
        assert_eq!(r, Err(limpet_syscall::errno::EISDIR));
    }

    #[test]
    fn scanning_stops_at_the_first_answer() {
        let f = TempFile::new(b"a\nb\nc\n");
        assert_eq!(scan(&f.path, |l| (l == b"b").then_some(2)), Ok(Some(2)));
    }
}
