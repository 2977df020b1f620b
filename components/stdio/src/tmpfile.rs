//! `tmpfile`: an anonymous read-write file that disappears when closed.
use core::ffi::c_int;
use core::ptr::null_mut;

use limpet_syscall::errno::{EEXIST, EISDIR, EOPNOTSUPP};
use limpet_syscall::{nr, result, set_errno, syscall3, syscall4};

use crate::abi::{AT_FDCWD, O_CREAT, O_EXCL, O_RDWR, O_TMPFILE};
use crate::file::FILE;
use crate::fdio::close_fd;
use crate::fopen::new_stream;

/// Where the files live.
const TMP_DIR: &[u8] = b"/tmp\0";
/// Only the owner may use them.
const TMP_MODE: usize = 0o600;
/// The characters of a random name.
const LETTERS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
/// Random names tried before giving up, where the file system has no `O_TMPFILE`.
pub(crate) const NAME_TRIES: usize = 100;

/// Fills `slot` with random letters, digits, `_` and `-` (from `getrandom`, which never
/// blocks for so few bytes once the system has booted).
pub(crate) fn random_name(slot: &mut [u8]) {
    let mut random = [0u8; 16];
    let random = &mut random[..slot.len().min(16)];
    // SAFETY: the buffer is writable for its length.
    let _ = result(unsafe { syscall3(nr::GETRANDOM, random.as_mut_ptr() as usize, random.len(), 0) });
    for (c, r) in slot.iter_mut().zip(random.iter()) {
        *c = LETTERS[usize::from(*r) % LETTERS.len()];
    }
}

fn openat(path: &[u8], flags: c_int) -> Result<c_int, i32> {
    // SAFETY: `path` is NUL-terminated.
    result(unsafe { syscall4(nr::OPENAT, AT_FDCWD as usize, path.as_ptr() as usize, flags as usize, TMP_MODE) })
        .map(|fd| fd as c_int)
}

/// A descriptor of a new, unnamed file in `/tmp`: `O_TMPFILE` where the file system has
/// it, otherwise a file with a random name, unlinked at once.
fn anonymous_fd() -> Result<c_int, i32> {
    match openat(TMP_DIR, O_TMPFILE | O_RDWR) {
        Err(EISDIR | EOPNOTSUPP) => {}
        r => return r,
    }
    let mut name = *b"/tmp/tmpfile_XXXXXXXXXXXX\0";
    let mut err = EEXIST;
    for _ in 0..NAME_TRIES {
        random_name(&mut name[13..25]);
        match openat(&name, O_RDWR | O_CREAT | O_EXCL) {
            Ok(fd) => {
                // SAFETY: `name` is NUL-terminated.
                let _ = unsafe { syscall3(nr::UNLINKAT, AT_FDCWD as usize, name.as_ptr() as usize, 0) };
                return Ok(fd);
            }
            Err(EEXIST) => {}
            Err(e) => {
                err = e;
                break;
            }
        }
    }
    Err(err)
}

/// `tmpfile()`—A new temporary file opened for reading and writing (`"w+"`), removed
/// automatically: it has no name. Returns null with errno set on failure.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tmpfile() -> *mut FILE {
    let fd = match anonymous_fd() {
        Ok(fd) => fd,
        Err(e) => {
            set_errno(e);
            return null_mut();
        }
    };
    let f = new_stream(fd, b"w+");
    if f.is_null() {
        close_fd(fd);
    }
    f
}

/// `tmpfile64()`—The same as `tmpfile`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tmpfile64() -> *mut FILE {
    tmpfile()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fgetc::fgetc;
    use crate::fputs::fputs;

    #[test]
    fn a_nameless_read_write_file() {
        let f = tmpfile();
        assert!(!f.is_null());
        unsafe {
            assert_eq!(fputs(c"tmp".as_ptr(), f), 0);
            crate::fseek::rewind(f);
            assert_eq!(fgetc(f), i32::from(b't'));
            assert_eq!(crate::fclose::fclose(f), 0);
        }
    }
}
