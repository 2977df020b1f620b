//! The descriptor backend: the [`Ops`] of every stream `fopen`, `fdopen`, `tmpfile`,
//! `popen` and the standard streams use, plus the descriptor helpers around it.
//!
//! It follows musl's system calls, so output interleaves and descriptor offsets move the
//! same way: buffered bytes and the data that did not fit go out in one `writev`; stdout
//! decides between line and full buffering at its first write to the descriptor (full
//! unless fd 1 is a terminal); a read asks for what the caller wants (less one byte) and a
//! bufferful after it in one `readv`.
use core::ffi::c_int;

use limpet_syscall::errno::EINTR;
use limpet_syscall::{cancel, nr, result, set_errno, syscall1, syscall3};

use crate::abi::{Iovec, TCGETS, TERMIOS_BUF};
use crate::file::{F_EOF, F_ERR, F_LBF, F_TTYCHK, F_WRITING, Ops, State};

/// The descriptor backend.
pub(crate) static FD_OPS: Ops = Ops { read: fd_read, write: fd_write, seek: fd_seek, close: fd_close };

/// Reads into `dest` and the buffer in one system call (`readv`, or `read` when the
/// caller's part is empty): the last byte the caller wants comes from the buffer, so a
/// buffered stream always fills its buffer too. EINTR is not retried, as in musl, so a
/// signal can interrupt a blocking read.
///
/// # Safety
/// `dest` must be valid for `n` bytes of writes.
unsafe fn fd_read(s: &mut State, dest: *mut u8, n: usize) -> usize {
    let direct = n - usize::from(s.cap != 0);
    let iov = [Iovec { iov_base: dest.cast(), iov_len: direct }, Iovec { iov_base: s.buf.cast(), iov_len: s.cap }];
    // SAFETY: both iovecs describe writable memory of the stated lengths.
    let r = unsafe {
        if direct != 0 {
            cancel::syscall_cp(nr::READV, s.fd as usize, iov.as_ptr() as usize, 2, 0, 0, 0)
        } else {
            cancel::syscall_cp(nr::READ, s.fd as usize, s.buf as usize, s.cap, 0, 0, 0)
        }
    };
    let got = match result(r) {
        Ok(0) => {
            s.flags |= F_EOF;
            return 0;
        }
        Ok(got) => got,
        Err(e) => {
            s.flags |= F_ERR;
            set_errno(e);
            return 0;
        }
    };
    if got <= direct {
        return got;
    }
    // `exit` gives read-ahead input back to the descriptor.
    crate::fflush::flush_at_exit_once();
    s.rpos = s.buf;
    // SAFETY: the kernel wrote `got - direct <= cap` bytes into the buffer.
    unsafe {
        s.rend = s.buf.add(got - direct);
        *dest.add(n - 1) = *s.rpos;
        s.rpos = s.rpos.add(1);
    }
    n
}

/// Sends the buffered bytes and then `data`, retrying partial writes and EINTR. On
/// failure the buffered bytes are dropped (nobody can tell how much of them is still
/// wanted), output mode ends, and the error flag, `error` and errno are set.
fn fd_write(s: &mut State, data: &[u8]) -> usize {
    if s.flags & F_TTYCHK != 0 {
        s.flags &= !F_TTYCHK;
        if !is_terminal(s.fd) {
            s.flags &= !F_LBF;
        }
    }
    let mut iov = [
        Iovec { iov_base: s.wbase.cast(), iov_len: s.len },
        Iovec { iov_base: data.as_ptr().cast_mut().cast(), iov_len: data.len() },
    ];
    let mut first = 0;
    let mut left = s.len + data.len();
    loop {
        // SAFETY: both iovecs describe live buffers of the stated lengths.
        let r = unsafe { syscall3(nr::WRITEV, s.fd as usize, iov[first..].as_ptr() as usize, iov.len() - first) };
        match result(r) {
            Err(EINTR) => continue,
            Err(e) => {
                s.len = 0;
                s.flags = (s.flags | F_ERR) & !F_WRITING;
                s.error = e;
                set_errno(e);
                return data.len() - iov[1].iov_len;
            }
            Ok(n) if n == left => {
                s.len = 0;
                s.wbase = s.buf;
                s.wcap = s.cap;
                return data.len();
            }
            Ok(mut n) => {
                left -= n;
                if n >= iov[first].iov_len {
                    n -= iov[first].iov_len;
                    iov[first].iov_len = 0;
                    first = 1;
                }
                // SAFETY: `n` is within the remaining part of this iovec.
                iov[first].iov_base = unsafe { iov[first].iov_base.cast::<u8>().add(n).cast() };
                iov[first].iov_len -= n;
            }
        }
    }
}

fn fd_seek(s: &mut State, off: i64, whence: c_int) -> i64 {
    lseek(s.fd, off, whence).unwrap_or(-1)
}

fn fd_close(s: &mut State) -> c_int {
    if close_fd(s.fd) { 0 } else { -1 }
}

/// `lseek` on a descriptor, with errno set on failure.
pub(crate) fn lseek(fd: c_int, off: i64, whence: c_int) -> Result<i64, ()> {
    // SAFETY: lseek takes no pointers.
    let r = unsafe { syscall3(nr::LSEEK, fd as usize, off as usize, whence as usize) };
    match result(r) {
        Ok(pos) => Ok(pos as i64),
        Err(e) => {
            set_errno(e);
            Err(())
        }
    }
}

/// Closes a descriptor, with errno set on failure.
pub(crate) fn close_fd(fd: c_int) -> bool {
    // SAFETY: close takes no pointers.
    match result(unsafe { syscall1(nr::CLOSE, fd as usize) }) {
        Ok(_) => true,
        Err(e) => {
            set_errno(e);
            false
        }
    }
}

/// Whether `fd` is a terminal: only a terminal answers `TCGETS`.
pub(crate) fn is_terminal(fd: c_int) -> bool {
    let mut termios = [0u8; TERMIOS_BUF];
    // SAFETY: the buffer is larger than the kernel's `struct termios`.
    let r = unsafe { syscall3(nr::IOCTL, fd as usize, TCGETS, termios.as_mut_ptr() as usize) };
    result(r).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::{EOF, SEEK_CUR, SEEK_SET};
    use crate::file::{FILE, UNGET};
    use crate::testutil::{TmpFile, errno};
    use core::ptr::null_mut;
    use std::cell::RefCell;

    thread_local! {
        /// What the recording backend was asked to do, in order.
        static CALLS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    }

    fn log(s: String) {
        CALLS.with(|c| c.borrow_mut().push(s));
    }

    fn calls() -> Vec<String> {
        CALLS.with(|c| c.borrow_mut().drain(..).collect())
    }

    /// Reads serve "abcdef..." from the position; writes and seeks only record.
    unsafe fn rec_read(s: &mut State, dest: *mut u8, n: usize) -> usize {
        log(format!("read {n} cap {}", s.cap));
        for i in 0..n {
            unsafe { *dest.add(i) = b'a' + i as u8 };
        }
        s.rpos = s.buf;
        s.rend = s.buf;
        n
    }

    fn rec_write(s: &mut State, data: &[u8]) -> usize {
        let pending = unsafe { core::slice::from_raw_parts(s.wbase, s.len) };
        log(format!("write {:?}+{:?}", String::from_utf8_lossy(pending), String::from_utf8_lossy(data)));
        s.len = 0;
        data.len()
    }

    fn rec_seek(_: &mut State, off: i64, whence: c_int) -> i64 {
        log(format!("seek {off} {whence}"));
        100 + off
    }

    fn rec_close(_: &mut State) -> c_int {
        log("close".into());
        7
    }

    static RECORDING: Ops = Ops { read: rec_read, write: rec_write, seek: rec_seek, close: rec_close };

    /// The generic layer reaches the backend only through the table, at musl's points.
    #[test]
    fn the_generic_layer_calls_the_table() {
        let mut buf = [0u8; UNGET + 8];
        let f = FILE::with_ops(&RECORDING, null_mut(), -1, buf[UNGET..].as_mut_ptr(), 8, 0);
        let fp = &f as *const FILE as *mut FILE;
        unsafe {
            crate::fputs::fputs(c"abc".as_ptr(), fp);
            assert_eq!(calls(), Vec::<String>::new());
            // Data that does not fit goes out with the buffered bytes in one call.
            crate::fputs::fputs(c"0123456789".as_ptr(), fp);
            assert_eq!(calls(), ["write \"abc\"+\"0123456789\""]);
            crate::fputc::fputc(i32::from(b'x'), fp);
            assert_eq!(crate::ftell::ftell(fp), 101);
            assert_eq!(calls(), ["seek 0 1"]);
            assert_eq!(crate::fflush::fflush(fp), 0);
            assert_eq!(calls(), ["write \"x\"+\"\""]);
            // A read asks for what the caller wants; SEEK_CUR counts unread input.
            let mut out = [0u8; 3];
            assert_eq!(crate::fread::fread(out.as_mut_ptr().cast(), 1, 3, fp), 3);
            assert_eq!(&out, b"abc");
            assert_eq!(calls(), ["read 3 cap 8"]);
            assert_eq!(crate::fseek::fseek(fp, 5, SEEK_SET), 0);
            assert_eq!(calls(), ["seek 5 0"]);
            assert_eq!(crate::fgetc::fgetc(fp), i32::from(b'a'));
            assert_eq!(crate::ungetc::ungetc(i32::from(b'q'), fp), i32::from(b'q'));
            assert_eq!(crate::fseek::fseek(fp, 0, SEEK_CUR), 0);
            assert_eq!(calls(), ["read 1 cap 8", "seek -1 1"]);
            // fclose's result is the flush's ORed with the close's.
            let r = f.with_lock(|s| (if s.flush() { 0 } else { EOF }) | (s.ops.close)(s));
            assert_eq!(r, 7);
            assert_eq!(calls(), ["close"]);
        }
    }

    /// A descriptor stream keeps its system calls: the buffered bytes and the data in one
    /// `writev`, a `readv` of the caller's part and a bufferful.
    #[test]
    fn descriptor_streams_use_the_descriptor_table() {
        let t = TmpFile::new("fdio", Some(b"0123456789"));
        let f = t.open(c"r+");
        unsafe {
            assert!(core::ptr::eq((*f).unlocked().ops, &FD_OPS));
            assert_eq!(crate::fgetc::fgetc(f), i32::from(b'0'));
            assert_eq!(crate::testutil::fd_offset((*f).unlocked().fd), 10);
            assert_eq!(crate::ftell::ftell(f), 1);
            assert_eq!(crate::fclose::fclose(f), 0);
        }
        let f = t.open(c"r");
        unsafe {
            // A number no process has open, not the stream's own closed under it: a test in
            // another thread could get that number back before `fclose` closed it again.
            let fd = core::mem::replace(&mut (*f).unlocked().fd, 0x7fff_fff0);
            close_fd(fd);
            assert_eq!(crate::fclose::fclose(f), EOF);
            assert_eq!(errno(), limpet_syscall::errno::EBADF);
        }
    }
}
