//! Helpers for the unit tests: pipes and terminals from the host C library.
use core::ffi::{c_char, c_int};

unsafe extern "C" {
    fn pipe2(fds: *mut c_int, flags: c_int) -> c_int;
    fn read(fd: c_int, buf: *mut u8, n: usize) -> isize;
    fn close(fd: c_int) -> c_int;
    fn posix_openpt(flags: c_int) -> c_int;
    fn grantpt(fd: c_int) -> c_int;
    fn unlockpt(fd: c_int) -> c_int;
    fn ptsname(fd: c_int) -> *const c_char;
    fn open(path: *const c_char, flags: c_int, ...) -> c_int;
}

use limpet_abi::fcntl::{O_NOCTTY, O_NONBLOCK, O_RDWR};

/// A non-blocking pipe, so a test can see what has been written so far. Tests keep well
/// below the pipe's capacity, so the write end never reports EAGAIN.
pub struct Pipe {
    pub rd: c_int,
    pub wr: c_int,
}

impl Pipe {
    pub fn new() -> Pipe {
        let mut fds = [0; 2];
        assert_eq!(unsafe { pipe2(fds.as_mut_ptr(), O_NONBLOCK) }, 0);
        Pipe { rd: fds[0], wr: fds[1] }
    }

    /// A pipe whose ends block, for writes larger than the pipe holds.
    pub fn blocking() -> Pipe {
        let mut fds = [0; 2];
        assert_eq!(unsafe { pipe2(fds.as_mut_ptr(), 0) }, 0);
        Pipe { rd: fds[0], wr: fds[1] }
    }

    /// Reads up to `n` bytes, blocking on a blocking pipe.
    pub fn read_some(&self, n: usize) -> Vec<u8> {
        let mut buf = vec![0u8; n];
        let r = unsafe { read(self.rd, buf.as_mut_ptr(), n) };
        buf.truncate(r.max(0) as usize);
        buf
    }

    /// Everything written so far.
    pub fn take(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut buf = [0u8; 4096];
        loop {
            let n = unsafe { read(self.rd, buf.as_mut_ptr(), buf.len()) };
            if n <= 0 {
                return out;
            }
            out.extend_from_slice(&buf[..n as usize]);
        }
    }
}

impl Drop for Pipe {
    fn drop(&mut self) {
        unsafe {
            close(self.rd);
            close(self.wr);
        }
    }
}

/// A pseudo-terminal: (master, slave) descriptors, or None where the system has no ptys.
pub fn pty() -> Option<(c_int, c_int)> {
    unsafe {
        let m = posix_openpt(O_RDWR | O_NOCTTY);
        if m < 0 {
            return None;
        }
        assert_eq!(grantpt(m), 0);
        assert_eq!(unlockpt(m), 0);
        let s = open(ptsname(m), O_RDWR | O_NOCTTY);
        assert!(s >= 0);
        Some((m, s))
    }
}

pub fn close_fd(fd: c_int) {
    unsafe { close(fd) };
}

pub fn errno() -> i32 {
    std::io::Error::last_os_error().raw_os_error().unwrap()
}

/// A scratch file that is removed when dropped; its name is unique per test and process.
pub struct TmpFile {
    pub path: std::path::PathBuf,
    pub c: std::ffi::CString,
}

impl TmpFile {
    /// A file named after `tag` holding `contents` (none for `None`).
    pub fn new(tag: &str, contents: Option<&[u8]>) -> TmpFile {
        let path = std::env::temp_dir().join(format!("limpet-stdio-{}-{tag}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        if let Some(data) = contents {
            std::fs::write(&path, data).unwrap();
        }
        let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
        TmpFile { path, c }
    }

    pub fn read(&self) -> Vec<u8> {
        std::fs::read(&self.path).unwrap()
    }

    /// Opens it with `fopen`, which must succeed.
    pub fn open(&self, mode: &std::ffi::CStr) -> *mut crate::FILE {
        let f = unsafe { crate::fopen::fopen(self.c.as_ptr(), mode.as_ptr()) };
        assert!(!f.is_null(), "fopen {:?} {mode:?}: errno {}", self.path, errno());
        f
    }
}

impl Drop for TmpFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Where `fd` is, by `lseek`.
pub fn fd_offset(fd: c_int) -> i64 {
    unsafe extern "C" {
        fn lseek(fd: c_int, off: i64, whence: c_int) -> i64;
    }
    unsafe { lseek(fd, 0, 1) }
}
