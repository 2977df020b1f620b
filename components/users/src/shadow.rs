//! `<shadow.h>`'s lookups: `getspnam` and `getspnam_r`. The walk (`getspent`, ...) is in
//! `crate::spent`, the line's rules in `crate::spwd`.
//!
//! As in musl (measured), a user's entry is looked for first in the tcb scheme's file of
//! its own, `/etc/tcb/NAME/shadow`, then, when that does not exist, in /etc/shadow; a name
//! that could lead that path elsewhere is refused. The tcb file is opened without following
//! a symbolic link and without waiting on a FIFO, since its directory may belong to the
//! user.
use core::ffi::{CStr, c_char, c_int};
use core::ptr::null_mut;

use limpet_abi::fcntl::{AT_FDCWD, O_CLOEXEC, O_NOFOLLOW, O_NONBLOCK, O_RDONLY};
use limpet_abi::shadow::Spwd;
use limpet_start::lock::Mutex;
use limpet_syscall::errno::{EINVAL, ENOENT, ENOTDIR, ERANGE};
use limpet_syscall::{nr, set_errno, syscall4};

use crate::pack::{Full, Packer, Slot};
use crate::read::{Lines, NoCancel, Stream, each_line};
use crate::spwd::{NO_SPWD, SHADOW, Shadow};

/// The tcb scheme's directory: a user's entry may be in `TCB_DIR/NAME/TCB_FILE`.
const TCB_DIR: &[u8] = b"/etc/tcb/";
const TCB_FILE: &[u8] = b"/shadow";
/// The longest name looked up; musl refuses longer ones with EINVAL (measured: 258 bytes
/// pass, 259 do not), and so does limpet, so that a program sees the same users on both.
const NAME_MAX_LEN: usize = 258;
/// What makes a name unsafe in the tcb path: a `/` anywhere, a `.` first (`.`, `..`).
const SLASH: u8 = b'/';
const DOT: u8 = b'.';

/// Whether `name` can be looked up: not empty, no `/`, no leading `.`, not too long.
fn valid_name(name: &[u8]) -> bool {
    name.first().is_some_and(|&c| c != DOT) && !name.contains(&SLASH) && name.len() <= NAME_MAX_LEN
}

/// The file that holds `name`'s entry: its tcb file, or /etc/shadow when that does not
/// exist. `Err(ENOENT)` when neither does; other errors as opening says. `name` has passed
/// [`valid_name`], so its path fits the buffer.
fn open_for(name: &[u8]) -> Result<Stream, c_int> {
    let mut path = [0u8; TCB_DIR.len() + NAME_MAX_LEN + TCB_FILE.len() + 1];
    let end = TCB_DIR.len() + name.len() + TCB_FILE.len();
    path[..TCB_DIR.len()].copy_from_slice(TCB_DIR);
    path[TCB_DIR.len()..TCB_DIR.len() + name.len()].copy_from_slice(name);
    path[TCB_DIR.len() + name.len()..end].copy_from_slice(TCB_FILE);
    let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC;
    // SAFETY: `path` is NUL-terminated at `end` (the array was zeroed and `name`, a C
    // string's bytes, has no NUL); the kernel only reads it.
    let ret = unsafe { syscall4(nr::OPENAT, AT_FDCWD as usize, path.as_ptr() as usize, flags as usize, 0) };
    match limpet_syscall::result(ret) {
        // A descriptor fits in a `c_int`.
        Ok(fd) => Stream::from_fd(fd as c_int),
        Err(ENOENT | ENOTDIR) => Stream::open(SHADOW),
        Err(e) => Err(e),
    }
}

/// The first well-formed entry named `name` in its file, handed to `found`. `Err(ENOENT)`
/// when there is no shadow file at all, which the callers read as "not found".
fn find<T>(name: &[u8], found: impl FnOnce(&Shadow<'_>) -> T) -> Result<Option<T>, c_int> {
    let _quiet = NoCancel::new();
    let s = open_for(name)?;
    let mut found = Some(found);
    // SAFETY: `s` is open until it drops, after the reading.
    unsafe {
        each_line(s.as_ptr(), &mut Lines::new(), |line| {
            let e = Shadow::parse(line).filter(|e| e.name == name)?;
            found.take().map(|f| f(&e))
        })
    }
}

/// `getspnam_r(name, sp, buf, size, result)`—The first entry of the user `name` (from
/// `/etc/tcb/NAME/shadow`, or /etc/shadow when that does not exist), into `*sp`, its two
/// strings in `buf` (`size` bytes: the name, the password and their NULs suffice), and
/// `*result = sp`. Returns 0, with `*result` null when there is no such entry, with errno
/// also ENOENT when there is no /etc/shadow (as musl); ERANGE when `buf` is too small;
/// EINVAL for a name that is empty, starts with `.`, has a `/` or is longer than 258 bytes
/// (as musl), or a null `name`, `sp` or `result`; the error of opening or reading the file
/// (EACCES for a user who may not read it). errno is set to any error returned.
///
/// # Safety
/// `name` must be null or a NUL-terminated string; `sp` null or writable; `buf` null or
/// writable for `size` bytes; `result` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getspnam_r(
    name: *const c_char,
    sp: *mut Spwd,
    buf: *mut c_char,
    size: usize,
    result: *mut *mut Spwd,
) -> c_int {
    if result.is_null() {
        set_errno(EINVAL);
        return EINVAL;
    }
    // SAFETY: `result` is writable, per the contract.
    unsafe { *result = null_mut() };
    if name.is_null() || sp.is_null() {
        set_errno(EINVAL);
        return EINVAL;
    }
    // SAFETY: `name` is NUL-terminated, per the contract.
    let name = unsafe { CStr::from_ptr(name) }.to_bytes();
    if !valid_name(name) {
        set_errno(EINVAL);
        return EINVAL;
    }
    // SAFETY: `buf` is null or the caller's `size` bytes, used by nothing else.
    let err = match find(name, |e| e.pack(&mut unsafe { Packer::new(buf, size) })) {
        Ok(None) => return 0,
        Ok(Some(Ok(rec))) => {
            // SAFETY: `sp` and `result` are writable, per the contract.
            unsafe {
                sp.write(rec);
                *result = sp;
            }
            return 0;
        }
        Ok(Some(Err(Full))) => ERANGE,
        Err(ENOENT) => {
            set_errno(ENOENT);
            return 0;
        }
        Err(e) => e,
    };
    set_errno(err);
    err
}

static BY_NAME: Mutex<Slot<Spwd>> = Mutex::new(Slot::new(NO_SPWD));

/// `getspnam(name)`—As `getspnam_r`, into a static record that the next `getspnam`
/// overwrites, whatever the entry's length. Null with errno untouched when there is no
/// such entry or no /etc/shadow; null with errno set on an error (EINVAL for a name
/// `getspnam_r` refuses, ENOMEM when the record cannot be stored).
///
/// # Safety
/// `name` must be null or a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getspnam(name: *const c_char) -> *mut Spwd {
    // SAFETY: `name` is null or NUL-terminated, per the contract.
    let name = (!name.is_null()).then(|| unsafe { CStr::from_ptr(name) }.to_bytes());
    let Some(name) = name.filter(|n| valid_name(n)) else {
        set_errno(EINVAL);
        return null_mut();
    };
    // Opening a missing /etc/shadow sets errno, which "not found" leaves as it was.
    let saved = limpet_syscall::errno();
    let mut slot = BY_NAME.lock();
    match find(name, |e| slot.fill(e.text_len(), |p| e.pack(p))) {
        Ok(Some(Ok(rec))) => rec,
        Ok(None) | Err(ENOENT) => {
            set_errno(saved);
            null_mut()
        }
        Ok(Some(Err(e))) | Err(e) => {
            set_errno(e);
            null_mut()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_musl_refuses() {
        for bad in [&b""[..], b".", b"..", b".a", b"a/b", b"/", b"../root"] {
            assert!(!valid_name(bad), "{bad:?}");
        }
        for good in [&b"a"[..], b"a.", b"-", b"a b", b"a:b", b"root"] {
            assert!(valid_name(good), "{good:?}");
        }
        assert!(valid_name(&[b'y'; NAME_MAX_LEN]));
        assert!(!valid_name(&[b'y'; NAME_MAX_LEN + 1]));
    }

    #[test]
    fn bad_arguments() {
        let mut sp = NO_SPWD;
        let mut res = &raw mut sp;
        let mut buf = [0 as c_char; 64];
        let p = buf.as_mut_ptr();
        for name in [c"", c".", c"..", c"a/b"] {
            res = &raw mut sp;
            assert_eq!(unsafe { getspnam_r(name.as_ptr(), &mut sp, p, 64, &mut res) }, EINVAL);
            assert!(res.is_null());
            assert_eq!(limpet_syscall::errno(), EINVAL);
            set_errno(0);
            assert!(unsafe { getspnam(name.as_ptr()) }.is_null());
            assert_eq!(limpet_syscall::errno(), EINVAL);
        }
        assert_eq!(unsafe { getspnam_r(null_mut(), &mut sp, p, 64, &mut res) }, EINVAL);
        assert_eq!(unsafe { getspnam_r(c"root".as_ptr(), null_mut(), p, 64, &mut res) }, EINVAL);
        assert_eq!(unsafe { getspnam_r(c"root".as_ptr(), &mut sp, p, 64, null_mut()) }, EINVAL);
        set_errno(0);
        assert!(unsafe { getspnam(null_mut()) }.is_null());
        assert_eq!(limpet_syscall::errno(), EINVAL);
    }
}
