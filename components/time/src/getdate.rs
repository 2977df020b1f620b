//! `getdate` and `getdate_err`: a date parsed by the first matching `strptime` format of the
//! template file that the `DATEMSK` environment variable names.
//!
//! As in musl, the file is read the way `fgets` into a 100-byte buffer reads it: each line
//! is a format with its newline (which, as white space, matches any white space left in the
//! input), and a line of more than 99 bytes is tried as several formats. The first format
//! that `strptime` matches through the end of the input wins. The result is one static
//! `struct tm` that no call clears: the fields a format does not set (and the ones an
//! earlier, failed format did set) keep their values, and nothing is filled in from the
//! current date or normalised. Failures return null with `getdate_err` set to musl's
//! numbers: 1 no `DATEMSK`, 2 the file cannot be opened, 5 it cannot be read, 6 out of memory
//! while opening it, 7 no format matched.
use core::ffi::{c_char, c_int};

use limpet_abi::errno::ENOMEM;
use limpet_abi::fcntl::{AT_FDCWD, O_CLOEXEC, O_RDONLY};
use limpet_syscall::{nr, result, set_errno, syscall1, syscall3, syscall4};

use crate::abi::Tm;
use crate::strptime::strptime;

/// `getdate_err` when `DATEMSK` is not set.
const NO_DATEMSK: c_int = 1;
/// `getdate_err` when the template file cannot be opened.
const CANNOT_OPEN: c_int = 2;
/// `getdate_err` when reading the template file failed.
const READ_ERROR: c_int = 5;
/// `getdate_err` when there was no memory to open the template file.
const NO_MEMORY: c_int = 6;
/// `getdate_err` when no format of the template file matches the input.
const NO_MATCH: c_int = 7;

/// The size of musl's format buffer: a line longer than one less is split.
const FORMAT_BUF: usize = 100;
/// How much of the file one `read` fetches.
const READ_CHUNK: usize = 1024;

/// `extern int getdate_err`—Why the last `getdate` failed (see the module).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub static mut getdate_err: c_int = 0;

/// The `struct tm` `getdate` returns, which each call overwrites.
static mut RESULT: Tm = Tm::ZERO;

/// The template file, read in pieces as `fgets` would return them.
struct Template {
    fd: usize,
    buf: [u8; READ_CHUNK],
    pos: usize,
    len: usize,
}

impl Template {
    /// The next piece: up to and including a newline, at most `FORMAT_BUF - 1` bytes, NUL
    /// terminated in `out`. `Ok(false)` at the end of the file, `Err(errno)` when a read fails.
    fn next(&mut self, out: &mut [u8; FORMAT_BUF]) -> Result<bool, c_int> {
        let mut n = 0;
        while n < FORMAT_BUF - 1 {
            if self.pos == self.len {
                // SAFETY: the destination is `buf`, valid for its whole length.
                let r = unsafe { syscall3(nr::READ, self.fd, self.buf.as_mut_ptr() as usize, READ_CHUNK) };
                match result(r) {
                    Ok(0) => break,
                    Ok(k) => (self.pos, self.len) = (0, k),
                    Err(e) => return Err(e),
                }
            }
            let c = self.buf[self.pos];
            self.pos += 1;
            out[n] = c;
            n += 1;
            if c == b'\n' {
                break;
            }
        }
        out[n] = 0;
        Ok(n > 0)
    }
}

/// Tries every format of the open template `t` on `s`.
///
/// # Safety
/// `s` must be NUL-terminated.
unsafe fn search(t: &mut Template, s: *const c_char) -> Result<*mut Tm, c_int> {
    let mut format = [0u8; FORMAT_BUF];
    let tm = &raw mut RESULT;
    loop {
        match t.next(&mut format) {
            Ok(true) => {}
            Ok(false) => return Err(NO_MATCH),
            Err(e) => {
                set_errno(e);
                return Err(READ_ERROR);
            }
        }
        // SAFETY: `s` and the format are NUL-terminated; `tm` is getdate's own static, which
        // the caller does not hold across calls (getdate is not thread-safe).
        let end = unsafe { strptime(s, format.as_ptr().cast(), tm) };
        // SAFETY: a non-null end points into `s`, at or before its terminator.
        if !end.is_null() && unsafe { *end } == 0 {
            return Ok(tm);
        }
    }
}

/// `struct tm *getdate(const char *s)`—The date and time in `s` as the first format of the
/// `DATEMSK` file that matches all of it reads them (see the module), in a static `struct tm`
/// each call overwrites; null with `getdate_err` set when there is none. Not thread-safe.
///
/// # Safety
/// `s` must be NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getdate(s: *const c_char) -> *mut Tm {
    // SAFETY: the name is a NUL-terminated literal.
    let path = unsafe { limpet_start::env::getenv(c"DATEMSK".as_ptr()) };
    let found = if path.is_null() {
        Err(NO_DATEMSK)
    } else {
        // SAFETY: `path` is the environment's NUL-terminated string.
        let fd = unsafe { syscall4(nr::OPENAT, AT_FDCWD as isize as usize, path as usize, (O_RDONLY | O_CLOEXEC) as usize, 0) };
        match result(fd) {
            Err(e) => {
                set_errno(e);
                Err(if e == ENOMEM { NO_MEMORY } else { CANNOT_OPEN })
            }
            Ok(fd) => {
                let mut t = Template { fd, buf: [0; READ_CHUNK], pos: 0, len: 0 };
                // SAFETY: the caller's string is NUL-terminated.
                let found = unsafe { search(&mut t, s) };
                // SAFETY: the descriptor is ours, opened above.
                unsafe { syscall1(nr::CLOSE, fd) };
                found
            }
        }
    };
    match found {
        Ok(tm) => tm,
        Err(e) => {
            // SAFETY: getdate_err is written as C writes it; getdate is not thread-safe.
            unsafe { getdate_err = e };
            core::ptr::null_mut()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CString;
    use std::io::Write;

    /// Sets or removes `DATEMSK` in the host's environment and points limpet-start's
    /// `environ` at it, so `getdate` sees it. Only this test uses the variable.
    fn set_datemsk(value: Option<&str>) {
        unsafe extern "C" {
            #[link_name = "environ"]
            static host_environ: *mut *mut c_char;
        }
        // SAFETY: no other test reads or changes the environment; glibc's `environ` is a
        // valid environment array while no one changes it.
        unsafe {
            match value {
                Some(v) => std::env::set_var("DATEMSK", v),
                None => std::env::remove_var("DATEMSK"),
            }
            limpet_start::env::environ = host_environ;
        }
    }

    fn err() -> c_int {
        unsafe { getdate_err }
    }

    fn parse(s: &str) -> Option<Tm> {
        let c = CString::new(s).unwrap();
        let tm = unsafe { getdate(c.as_ptr()) };
        (!tm.is_null()).then(|| unsafe { *tm })
    }

    #[test]
    fn templates_and_errors() {
        let dir = std::env::temp_dir().join(format!("limpet-getdate-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("datemsk");
        let long = format!("%Y-%m-%d{}%H\n", " ".repeat(120));
        let mut f = std::fs::File::create(&path).unwrap();
        write!(f, "%H:%M\n%Y-%m-%d %H:%M:%S\n{long}%d %b %Y").unwrap();
        drop(f);
        {
            set_datemsk(None);
            assert!(parse("12:30").is_none());
            assert_eq!(err(), NO_DATEMSK);
            set_datemsk(Some("/nonexistent/limpet"));
            assert!(parse("12:30").is_none());
            assert_eq!(err(), CANNOT_OPEN);
            set_datemsk(Some(dir.to_str().unwrap()));
            assert!(parse("12:30").is_none());
            assert_eq!(err(), READ_ERROR);
            set_datemsk(Some(path.to_str().unwrap()));
            let tm = parse("12:30").unwrap();
            assert_eq!((tm.tm_hour, tm.tm_min), (12, 30));
            let tm = parse("2024-02-29 23:59:58").unwrap();
            assert_eq!((tm.tm_year, tm.tm_mon, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec), (124, 1, 29, 23, 59, 58));
            // The last line has no newline. The fields it does not set keep what earlier
            // calls and the formats tried before it left: "%H:%M" read the hour 5 before
            // failing at the space.
            let tm = parse("5 Mar 2001").unwrap();
            assert_eq!((tm.tm_year, tm.tm_mon, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec), (101, 2, 5, 5, 59, 58));
            // The long line is two formats: "%Y-%m-%d" and 91 spaces, then the rest.
            let tm = parse("1999-12-31").unwrap();
            assert_eq!((tm.tm_year, tm.tm_mon, tm.tm_mday), (99, 11, 31));
            assert!(parse("1999-12-31 07").is_none());
            assert_eq!(err(), NO_MATCH);
            assert!(parse("12:30 trailing").is_none());
            assert_eq!(err(), NO_MATCH);
            set_datemsk(None);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
