//! `FILE`, its buffer, its operations table, and the three standard streams.
//!
//! The layout of `FILE` is private, as in musl, whose headers keep the type opaque; C code
//! only ever holds pointers to it. Every stream carries a [`RecursiveLock`]; the unlocked
//! state lives in [`State`], which the public functions reach through [`FILE::with_lock`].
//!
//! One buffer serves both directions, as in musl, and a stream is at any moment reading
//! (`rpos`/`rend` describe the unread part of the buffer), writing (`len` bytes wait), or
//! neither. [`UNGET`] bytes before the buffer are also the stream's, so that `ungetc` can
//! always push back a few bytes, even on an unbuffered stream.
//!
//! What lies behind the buffer is the stream's `Ops` table: read, write, seek and close,
//! called where musl calls `f->read`, `f->write`, `f->seek` and `f->close`. Descriptor
//! streams use `crate::fdio`'s table; `fmemopen`, `open_memstream` and `fopencookie` bring
//! their own, with their backing object in `State::cookie`. Everything above the table
//! (buffering, switching direction, locking, the open-file list) is the same for all kinds.
use core::cell::UnsafeCell;
use core::ffi::{c_int, c_void};
use core::ptr::null_mut;
use core::sync::atomic::{AtomicI32, AtomicPtr};

use crate::abi::{BUFSIZ, EOF, SEEK_CUR};
use crate::fdio::FD_OPS;
use crate::lock::RecursiveLock;

/// The stream had an error (`ferror`).
pub(crate) const F_ERR: u32 = 1 << 0;
/// The stream may not be written.
pub(crate) const F_NOWR: u32 = 1 << 1;
/// Line-buffered: a newline sends the buffer out.
pub(crate) const F_LBF: u32 = 1 << 2;
/// Decide between line and full buffering at the first write to the descriptor (stdout).
pub(crate) const F_TTYCHK: u32 = 1 << 3;
/// The stream may not be read.
pub(crate) const F_NORD: u32 = 1 << 4;
/// A read met the end of the file (`feof`); reads fail at once until it is cleared.
pub(crate) const F_EOF: u32 = 1 << 5;
/// Opened for appending: `ftell` with pending output asks for the end of the file.
pub(crate) const F_APP: u32 = 1 << 6;
/// A standard stream: `fclose` closes its descriptor but never frees it.
pub(crate) const F_PERM: u32 = 1 << 7;
/// In output mode (musl's `wend != 0`): set by the first write, cleared by a flush,
/// a seek, a read or a failed write.
pub(crate) const F_WRITING: u32 = 1 << 8;

/// Bytes before the buffer kept for `ungetc`.
pub const UNGET: usize = 8;

/// A C stream. Its fields are private; C sees only `FILE *`.
pub struct FILE {
    /// Also taken around `fork` (`crate::lock`'s fork hooks).
    pub(crate) lock: RecursiveLock,
    state: UnsafeCell<State>,
    /// The open-file list (`crate::ofl`), guarded by its lock.
    pub(crate) prev: AtomicPtr<FILE>,
    pub(crate) next: AtomicPtr<FILE>,
    /// A `popen` stream's child and descriptor (0 and -1 for every other stream): set
    /// before the stream is handed out and read by other `popen` calls under the
    /// open-file list's lock, without the stream's own (which a reader may hold for long).
    pub(crate) pipe_pid: AtomicI32,
    pub(crate) pipe_fd: AtomicI32,
}

// SAFETY: `state` is only reached with `lock` held (or through `&mut FILE`, which is unique).
unsafe impl Sync for FILE {}

/// A stream's backend: what its buffer is filled from and emptied into.
pub(crate) struct Ops {
    /// Fills `dest[..n]` (`n > 0`) and refills the buffer (setting `rpos..rend`); returns
    /// how many bytes went to `dest`, setting `F_EOF` or `F_ERR` (and errno) when that is
    /// short. Called in input mode with the buffer empty.
    pub(crate) read: unsafe fn(&mut State, *mut u8, usize) -> usize,
    /// Sends the `len` buffered bytes, then `data`; returns how many bytes of `data` were
    /// taken. A failure that ends output mode clears `F_WRITING` and empties the buffer.
    pub(crate) write: fn(&mut State, &[u8]) -> usize,
    /// Moves the position as `lseek` does: the new one, or a negative value (errno set).
    pub(crate) seek: fn(&mut State, i64, c_int) -> i64,
    /// Releases what backs the stream when it is closed: 0, or what `fclose` ORs into its
    /// result (-1 with errno set for a descriptor).
    pub(crate) close: fn(&mut State) -> c_int,
}

/// The mutable part of a stream; whoever holds `&mut State` holds the stream.
pub(crate) struct State {
    pub(crate) ops: &'static Ops,
    /// The backend's own object (memory stream, cookie); null for a descriptor stream.
    pub(crate) cookie: *mut c_void,
    /// The descriptor, -1 for a stream that has none (`fileno` then fails).
    pub(crate) fd: c_int,
    pub(crate) flags: u32,
    /// Start of the buffer; `cap == 0` makes the stream unbuffered.
    pub(crate) buf: *mut u8,
    pub(crate) cap: usize,
    /// The output window: `len` bytes wait at `wbase`, which has room for `wcap`. It is
    /// the buffer as it was when output mode began or last went out, as in musl, so a
    /// late `setvbuf` takes effect at the next flush and never strands buffered bytes.
    pub(crate) wbase: *mut u8,
    pub(crate) wcap: usize,
    pub(crate) len: usize,
    /// The unread input: `rpos..rend`, inside the buffer or the `UNGET` bytes before it.
    /// Both are null while the stream is not reading.
    pub(crate) rpos: *mut u8,
    pub(crate) rend: *mut u8,
    /// The errno of the last failed write, for callers that report it as a value.
    pub(crate) error: i32,
    /// `fgetln`'s line when it does not lie whole in the buffer (`malloc`'d; freed by `fclose`).
    pub(crate) getln_buf: *mut core::ffi::c_char,
    /// The orientation (`fwide`): 0 until the first read or write (byte I/O makes it -1)
    /// or the first wide function or `fwide` call (1, or -1 for `fwide(f, -1)`); never
    /// changed after that, not even by `freopen`, as in musl.
    pub(crate) orient: i8,
    /// The multibyte encoding of the stream's wide characters, fixed by the locale current
    /// at the first wide function or nonzero `fwide` call.
    pub(crate) encoding: crate::wide::Encoding,
}

impl FILE {
    /// A descriptor stream.
    pub(crate) const fn new(fd: c_int, buf: *mut u8, cap: usize, flags: u32) -> FILE {
        FILE::with_ops(&FD_OPS, null_mut(), fd, buf, cap, flags)
    }

    /// A stream over any backend.
    pub(crate) const fn with_ops(
        ops: &'static Ops,
        cookie: *mut c_void,
        fd: c_int,
        buf: *mut u8,
        cap: usize,
        flags: u32,
    ) -> FILE {
        FILE {
            lock: RecursiveLock::new(),
            state: UnsafeCell::new(State {
                ops,
                cookie,
                fd,
                flags,
                buf,
                cap,
                wbase: null_mut(),
                wcap: 0,
                len: 0,
                rpos: null_mut(),
                rend: null_mut(),
                error: 0,
                getln_buf: null_mut(),
                orient: 0,
                encoding: crate::wide::Encoding::Unset,
            }),
            prev: AtomicPtr::new(null_mut()),
            next: AtomicPtr::new(null_mut()),
            pipe_pid: AtomicI32::new(0),
            pipe_fd: AtomicI32::new(-1),
        }
    }

    /// Runs `f` on the stream's state with the stream locked. `f` must not lock this stream
    /// again through a `FILE` reference (nothing in this crate does), since two `&mut State`
    /// would then exist.
    ///
    /// While the process has one thread the lock is not touched, as musl does for streams
    /// opened then: nobody else can hold it, except this thread through `flockfile`, which
    /// makes no difference. A thread created later finds the lock as `flockfile` left it.
    #[inline]
    pub(crate) fn with_lock<R>(&self, f: impl FnOnce(&mut State) -> R) -> R {
        if limpet_start::single_threaded() {
            // SAFETY: one thread, and `f` does not reach this stream's state another way.
            return f(unsafe { &mut *self.state.get() });
        }
        self.lock.lock();
        // SAFETY: holding the lock makes this the only live reference to the state.
        let r = f(unsafe { &mut *self.state.get() });
        // SAFETY: taken above.
        unsafe { self.lock.unlock() };
        r
    }

    /// The state, for the `*_unlocked` functions.
    ///
    /// # Safety
    /// The caller must hold the stream (through `flockfile`, or by being the only thread
    /// using it) and must not let the reference outlive that.
    #[allow(clippy::mut_from_ref)]
    pub(crate) unsafe fn unlocked(&self) -> &mut State {
        // SAFETY: forwarded contract.
        unsafe { &mut *self.state.get() }
    }

    /// The state of a stream nobody else can see (a private one built for `dprintf`).
    pub(crate) fn state_mut(&mut self) -> &mut State {
        self.state.get_mut()
    }
}

impl State {
    /// Whether the stream may be written; if not, marks the error as musl does (errno is
    /// left alone). Enters output mode, dropping unread input without moving the
    /// descriptor, which is what musl does when a program writes after reading without
    /// the flush or seek C asks for.
    #[inline]
    pub(crate) fn writable(&mut self) -> bool {
        if self.flags & (F_NOWR | F_WRITING) != F_WRITING {
            return self.enter_write();
        }
        true
    }

    #[cold]
    fn enter_write(&mut self) -> bool {
        self.orient_bytes();
        if self.flags & F_NOWR != 0 {
            self.flags |= F_ERR;
            return false;
        }
        self.rpos = null_mut();
        self.rend = null_mut();
        self.flags |= F_WRITING;
        self.wbase = self.buf;
        self.wcap = self.cap;
        self.len = 0;
        true
    }

    /// Entering input or output mode orients a stream nobody oriented yet to bytes, as
    /// musl's `__toread`/`__towrite` do; a wide stream stays wide.
    #[inline]
    fn orient_bytes(&mut self) {
        if self.orient == 0 {
            self.orient = -1;
        }
    }

    /// Sends the buffered bytes and then `data` through the stream's backend (musl's
    /// `f->write`); returns how many bytes of `data` it took. A failure that ends output
    /// mode (a descriptor's write error) clears `F_WRITING` and drops the buffered bytes:
    /// that, not a short count, is what makes `fflush` and `fseek` fail, as in musl.
    #[inline]
    pub(crate) fn write_out(&mut self, data: &[u8]) -> usize {
        (self.ops.write)(self, data)
    }

    /// Sends the buffered bytes; false if that ended output mode with an error.
    #[inline]
    pub(crate) fn write_pending(&mut self) -> bool {
        self.write_out(&[]);
        self.flags & F_WRITING != 0
    }

    /// Moves the backend's position (musl's `f->seek`): the new position, or a negative
    /// value with errno set.
    #[inline]
    pub(crate) fn seek(&mut self, off: i64, whence: c_int) -> i64 {
        (self.ops.seek)(self, off, whence)
    }

    /// Writes `data` through the buffer; returns how many of its bytes were accepted
    /// (all of them unless a write failed). The caller has checked [`State::writable`].
    pub(crate) fn write_bytes(&mut self, data: &[u8]) -> usize {
        if data.len() > self.wcap - self.len {
            return self.write_out(data);
        }
        let mut rest = data;
        if self.flags & F_LBF != 0
            && let Some(nl) = data.iter().rposition(|&b| b == b'\n')
        {
            let (lines, tail) = data.split_at(nl + 1);
            let n = self.write_out(lines);
            if n < lines.len() {
                return n;
            }
            rest = tail;
        }
        if self.len == 0 && !rest.is_empty() {
            crate::fflush::flush_at_exit_once();
        }
        // SAFETY: `rest.len() <= wcap - len`, so the copy stays inside the window.
        unsafe { core::ptr::copy_nonoverlapping(rest.as_ptr(), self.wbase.add(self.len), rest.len()) };
        self.len += rest.len();
        data.len()
    }

    /// Writes one byte through the buffer. The caller has checked [`State::writable`].
    #[inline]
    pub(crate) fn put_byte(&mut self, c: u8) -> bool {
        if self.len < self.wcap && !(c == b'\n' && self.flags & F_LBF != 0) {
            if self.len == 0 {
                crate::fflush::flush_at_exit_once();
            }
            // SAFETY: `len < wcap`.
            unsafe { *self.wbase.add(self.len) = c };
            self.len += 1;
            return true;
        }
        self.write_out(&[c]) == 1
    }

    /// `fflush` of one stream: sends out whatever is buffered, then gives back unread
    /// input by moving the backend back over it (silently failing on a pipe, with errno
    /// set, as in musl), and leaves both modes.
    pub(crate) fn flush(&mut self) -> bool {
        if self.len != 0 && !self.write_pending() {
            return false;
        }
        if self.rpos != self.rend {
            let _ = self.seek(self.rpos as i64 - self.rend as i64, SEEK_CUR);
        }
        // A backend may leave bytes it refused (a cookie without a write function):
        // leaving output mode forgets them, as musl's does.
        self.len = 0;
        self.flags &= !F_WRITING;
        self.rpos = null_mut();
        self.rend = null_mut();
        true
    }

    /// Enters input mode (musl's `__toread`): pending output goes out first, so a program
    /// that reads right after writing reads after what it wrote. False on a write-only
    /// stream (which gets its error flag) or at end of file.
    pub(crate) fn enter_read(&mut self) -> bool {
        self.orient_bytes();
        if self.len != 0 {
            self.write_out(&[]);
        }
        self.len = 0;
        self.flags &= !F_WRITING;
        if self.flags & F_NORD != 0 {
            self.flags |= F_ERR;
            return false;
        }
        // One past the end of the buffer (null for a stream without one).
        self.rpos = self.buf.wrapping_add(self.cap);
        self.rend = self.rpos;
        self.flags & F_EOF == 0
    }

    /// Reads `n > 0` bytes for the caller into `dest`, and refills the buffer, through the
    /// stream's backend (musl's `f->read`); returns how many went to `dest` (0 at end of
    /// file or on error, which set the stream's flags and errno). The caller is in input
    /// mode with the buffer empty.
    ///
    /// # Safety
    /// `dest` must be valid for `n` bytes of writes.
    #[inline]
    pub(crate) unsafe fn read_in(&mut self, dest: *mut u8, n: usize) -> usize {
        // SAFETY: forwarded contract.
        unsafe { (self.ops.read)(self, dest, n) }
    }

    /// The next input byte, or `EOF`.
    #[inline]
    pub(crate) fn get_byte(&mut self) -> c_int {
        if self.rpos != self.rend {
            // SAFETY: `rpos < rend`, inside the buffer.
            unsafe {
                let c = *self.rpos;
                self.rpos = self.rpos.add(1);
                return c_int::from(c);
            }
        }
        self.underflow()
    }

    /// Refills the buffer and returns its first byte (musl's `__uflow`).
    #[cold]
    #[inline(never)]
    pub(crate) fn underflow(&mut self) -> c_int {
        let mut c = 0u8;
        // SAFETY: one byte of writable memory.
        if self.enter_read() && unsafe { self.read_in(&mut c, 1) } == 1 { c_int::from(c) } else { EOF }
    }

    /// The unread input in the buffer.
    #[inline]
    pub(crate) fn unread(&self) -> &[u8] {
        if self.rpos == self.rend {
            return &[];
        }
        // SAFETY: `rpos..rend` is initialised input inside the buffer.
        unsafe { core::slice::from_raw_parts(self.rpos, self.rend as usize - self.rpos as usize) }
    }

    /// Marks `k` bytes of [`State::unread`] as consumed.
    #[inline]
    pub(crate) fn consume(&mut self, k: usize) {
        // SAFETY: the caller took `k` bytes from `unread()`.
        self.rpos = unsafe { self.rpos.add(k) };
    }
}

/// The first `b` in `hay`: the C library's `memchr`, which scans a word or a vector at a
/// time (a byte loop here makes `getline` and `fgets` slower than musl's).
#[inline]
pub(crate) fn find_byte(hay: &[u8], b: u8) -> Option<usize> {
    if hay.is_empty() {
        return None;
    }
    // SAFETY: `hay` is readable for its length.
    let p = unsafe { crate::imports::memchr(hay.as_ptr().cast(), c_int::from(b), hay.len()) };
    (!p.is_null()).then(|| p as usize - hay.as_ptr() as usize)
}

/// A `FILE *` that may sit in a `static`, laid out exactly as the pointer C reads.
#[repr(transparent)]
pub struct FilePtr(pub *mut FILE);

// SAFETY: the pointer itself is never written; the FILE it points to is `Sync`.
unsafe impl Sync for FilePtr {}

static mut STDIN_BUF: [u8; UNGET + BUFSIZ] = [0; UNGET + BUFSIZ];
static mut STDOUT_BUF: [u8; UNGET + BUFSIZ] = [0; UNGET + BUFSIZ];
static mut STDERR_BUF: [u8; UNGET] = [0; UNGET];

/// The buffer of a standard stream: past the `UNGET` bytes of its static array.
const fn after_unget(p: *mut u8) -> *mut u8 {
    p.wrapping_add(UNGET)
}

pub(crate) static STDIN_FILE: FILE = FILE::new(0, after_unget(&raw mut STDIN_BUF as *mut u8), BUFSIZ, F_PERM | F_NOWR);
pub(crate) static STDOUT_FILE: FILE =
    FILE::new(1, after_unget(&raw mut STDOUT_BUF as *mut u8), BUFSIZ, F_PERM | F_NORD | F_LBF | F_TTYCHK);
pub(crate) static STDERR_FILE: FILE = FILE::new(2, after_unget(&raw mut STDERR_BUF as *mut u8), 0, F_PERM | F_NORD);

/// `FILE *const stdin`—The standard input stream, fully buffered (`BUFSIZ` bytes).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[allow(non_upper_case_globals)]
pub static stdin: FilePtr = FilePtr(&raw const STDIN_FILE as *mut FILE);

/// `FILE *const stdout`—The standard output stream: line-buffered on a terminal, fully
/// buffered (`BUFSIZ` bytes) otherwise.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[allow(non_upper_case_globals)]
pub static stdout: FilePtr = FilePtr(&raw const STDOUT_FILE as *mut FILE);

/// `FILE *const stderr`—The standard error stream, unbuffered.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[allow(non_upper_case_globals)]
pub static stderr: FilePtr = FilePtr(&raw const STDERR_FILE as *mut FILE);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::EOF;
    use crate::fflush::fflush;
    use crate::fputc::fputc;
    use crate::fputs::fputs;
    use crate::fwrite::fwrite;
    use crate::testutil::{Pipe, close_fd, errno, pty};
    use limpet_syscall::errno::EBADF;

    fn ptr(f: &FILE) -> *mut FILE {
        f as *const FILE as *mut FILE
    }

    fn flags(f: &FILE) -> u32 {
        f.with_lock(|s| s.flags)
    }

    #[test]
    fn full_buffering_sends_buffer_and_data_together() {
        let p = Pipe::new();
        let mut buf = [0u8; 8];
        let f = FILE::new(p.wr, buf.as_mut_ptr(), buf.len(), 0);
        unsafe {
            assert_eq!(fputs(c"abc".as_ptr(), ptr(&f)), 0);
            assert_eq!(fwrite(b"de\nfg".as_ptr().cast(), 1, 5, ptr(&f)), 5);
            // Exactly full: still buffered.
            assert_eq!(p.take(), b"");
            assert_eq!(fputc(i32::from(b'h'), ptr(&f)), i32::from(b'h'));
            assert_eq!(p.take(), b"abcde\nfgh");
            assert_eq!(fputc(0x100 + i32::from(b'i'), ptr(&f)), i32::from(b'i'));
            assert_eq!(p.take(), b"");
            assert_eq!(fflush(ptr(&f)), 0);
            assert_eq!(p.take(), b"i");
            // Larger than the buffer: goes straight out with what was buffered.
            fputs(c"j".as_ptr(), ptr(&f));
            fputs(c"0123456789".as_ptr(), ptr(&f));
            assert_eq!(p.take(), b"j0123456789");
        }
    }

    #[test]
    fn line_buffering_writes_through_the_last_newline() {
        let p = Pipe::new();
        let mut buf = [0u8; 16];
        let f = FILE::new(p.wr, buf.as_mut_ptr(), buf.len(), F_LBF);
        unsafe {
            fputs(c"ab\ncd\nef".as_ptr(), ptr(&f));
            assert_eq!(p.take(), b"ab\ncd\n");
            fputc(i32::from(b'x'), ptr(&f));
            assert_eq!(p.take(), b"");
            fputc(i32::from(b'\n'), ptr(&f));
            assert_eq!(p.take(), b"efx\n");
            fputs(c"no newline".as_ptr(), ptr(&f));
            assert_eq!(p.take(), b"");
            fflush(ptr(&f));
            assert_eq!(p.take(), b"no newline");
        }
    }

    #[test]
    fn unbuffered_writes_at_once() {
        let p = Pipe::new();
        let f = FILE::new(p.wr, null_mut(), 0, 0);
        unsafe {
            fputc(i32::from(b'a'), ptr(&f));
            assert_eq!(p.take(), b"a");
            fputs(c"bc".as_ptr(), ptr(&f));
            assert_eq!(p.take(), b"bc");
        }
    }

    #[test]
    fn stdout_like_stream_on_a_pipe_turns_fully_buffered_after_its_first_write() {
        let p = Pipe::new();
        let mut buf = [0u8; 64];
        let f = FILE::new(p.wr, buf.as_mut_ptr(), buf.len(), F_LBF | F_TTYCHK);
        unsafe {
            // The first write still happens line-buffered, as in musl.
            fputs(c"a\n".as_ptr(), ptr(&f));
            assert_eq!(p.take(), b"a\n");
            fputs(c"b\n".as_ptr(), ptr(&f));
            assert_eq!(p.take(), b"");
            assert_eq!(flags(&f) & (F_LBF | F_TTYCHK), 0);
            fflush(ptr(&f));
            assert_eq!(p.take(), b"b\n");
        }
    }

    #[test]
    fn stdout_like_stream_on_a_terminal_stays_line_buffered() {
        let Some((master, slave)) = pty() else {
            eprintln!("no pseudo-terminals here; skipping");
            return;
        };
        let mut buf = [0u8; 64];
        let f = FILE::new(slave, buf.as_mut_ptr(), buf.len(), F_LBF | F_TTYCHK);
        unsafe {
            fputs(c"a\n".as_ptr(), ptr(&f));
            fputs(c"b".as_ptr(), ptr(&f));
        }
        assert_eq!(flags(&f) & (F_LBF | F_TTYCHK), F_LBF);
        assert_eq!(f.with_lock(|s| s.len), 1);
        close_fd(slave);
        close_fd(master);
    }

    #[test]
    fn write_errors_set_the_flag_and_errno_and_drop_the_buffer() {
        let mut buf = [0u8; 8];
        let f = FILE::new(-1, buf.as_mut_ptr(), buf.len(), 0);
        unsafe {
            assert_eq!(fputs(c"abc".as_ptr(), ptr(&f)), 0);
            assert_eq!(flags(&f) & F_ERR, 0);
            assert_eq!(fflush(ptr(&f)), EOF);
            assert_eq!(errno(), EBADF);
            assert_eq!(flags(&f) & F_ERR, F_ERR);
            assert_eq!(f.with_lock(|s| s.len), 0);
            // Nothing left to send, so the next flush succeeds; the flag stays.
            assert_eq!(fflush(ptr(&f)), 0);
            assert_eq!(fputs(c"0123456789".as_ptr(), ptr(&f)), EOF);
            assert_eq!(fwrite(b"0123456789".as_ptr().cast(), 2, 5, ptr(&f)), 0);
            let u = FILE::new(-1, null_mut(), 0, 0);
            assert_eq!(fputc(i32::from(b'x'), ptr(&u)), EOF);
        }
    }

    #[test]
    fn fwrite_counts_whole_objects() {
        let p = Pipe::new();
        let f = FILE::new(p.wr, null_mut(), 0, 0);
        unsafe {
            assert_eq!(fwrite(b"abcdef".as_ptr().cast(), 3, 2, ptr(&f)), 2);
            assert_eq!(fwrite(b"abc".as_ptr().cast(), 0, 5, ptr(&f)), 0);
            assert_eq!(fwrite(b"abc".as_ptr().cast(), 1, 0, ptr(&f)), 0);
            assert_eq!(fwrite(core::ptr::null(), 0, 0, ptr(&f)), 0);
        }
        assert_eq!(p.take(), b"abcdef");
    }

    #[test]
    fn a_read_only_stream_refuses_writes() {
        let f = FILE::new(0, null_mut(), 0, F_NOWR);
        unsafe {
            // musl leaves errno alone here.
            limpet_syscall::set_errno(0);
            assert_eq!(fputs(c"x".as_ptr(), ptr(&f)), EOF);
            assert_eq!(errno(), 0);
            assert_eq!(fputc(i32::from(b'x'), ptr(&f)), EOF);
            assert_eq!(fwrite(b"x".as_ptr().cast(), 1, 1, ptr(&f)), 0);
            assert_eq!(fflush(ptr(&f)), 0);
        }
        assert_eq!(flags(&f) & F_ERR, F_ERR);
    }

    #[test]
    fn the_standard_streams() {
        assert_eq!(core::mem::size_of::<FilePtr>(), core::mem::size_of::<*mut FILE>());
        assert_eq!(stdin.0 as *const FILE, &raw const STDIN_FILE);
        assert_eq!(stdout.0 as *const FILE, &raw const STDOUT_FILE);
        assert_eq!(stderr.0 as *const FILE, &raw const STDERR_FILE);
        let desc = |f: &FILE| f.with_lock(|s| (s.fd, s.cap, s.flags & !F_ERR));
        assert_eq!(desc(&STDIN_FILE), (0, BUFSIZ, F_PERM | F_NOWR));
        assert_eq!(desc(&STDERR_FILE), (2, 0, F_PERM | F_NORD));
        // Other tests never write our stdout, so its lazy check is still pending.
        assert_eq!(desc(&STDOUT_FILE), (1, BUFSIZ, F_PERM | F_NORD | F_LBF | F_TTYCHK));
    }

    /// Signals make the kernel cut blocking pipe writes short, or fail them with EINTR
    /// when nothing went out yet; the stream must carry on either way.
    #[test]
    fn partial_writes_and_eintr_are_retried() {
        use std::os::unix::thread::JoinHandleExt;
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        unsafe extern "C" {
            fn signal(sig: c_int, handler: extern "C" fn(c_int)) -> usize;
            fn siginterrupt(sig: c_int, flag: c_int) -> c_int;
            fn pthread_kill(t: usize, sig: c_int) -> c_int;
        }
        const SIGUSR1: c_int = 10;
        static HITS: AtomicUsize = AtomicUsize::new(0);
        extern "C" fn on_signal(_: c_int) {
            HITS.fetch_add(1, Ordering::Relaxed);
        }
        unsafe {
            signal(SIGUSR1, on_signal);
            siginterrupt(SIGUSR1, 1);
        }
        const TOTAL: usize = 4 << 20;
        let data: Vec<u8> = (0..TOTAL).map(|i| (i % 251) as u8).collect();
        let p = std::sync::Arc::new(Pipe::blocking());
        let done = std::sync::Arc::new(AtomicBool::new(false));
        let (p2, done2, data2) = (p.clone(), done.clone(), data.clone());
        let writer = std::thread::spawn(move || {
            let mut buf = [0u8; 1024];
            let f = FILE::new(p2.wr, buf.as_mut_ptr(), buf.len(), 0);
            let mut ok = true;
            for chunk in data2.chunks(300_000) {
                ok &= unsafe { fwrite(chunk.as_ptr().cast(), 1, chunk.len(), ptr(&f)) } == chunk.len();
            }
            ok &= unsafe { fflush(ptr(&f)) } == 0;
            done2.store(true, Ordering::Relaxed);
            ok
        });
        let tid = writer.as_pthread_t() as usize;
        let mut got = Vec::with_capacity(TOTAL);
        while got.len() < TOTAL {
            if !done.load(Ordering::Relaxed) {
                unsafe { pthread_kill(tid, SIGUSR1) };
            }
            got.extend(p.read_some(4096));
        }
        assert!(writer.join().unwrap(), "a write failed");
        assert!(got == data, "data was lost or reordered");
        assert!(HITS.load(Ordering::Relaxed) > 0);
    }
}
