//! `execvp` and `execvpe`: the `PATH` search.
use core::ffi::{c_char, c_int};

use limpet_start::env::getenv;
use limpet_syscall::{
    errno,
    errno::{EACCES, ENAMETOOLONG, ENOENT, ENOTDIR},
    set_errno,
};

use crate::abi::{NAME_MAX, PATH_MAX};
use crate::exec::{environ, execve};

/// Used when `PATH` is unset, as musl.
const DEFAULT_PATH: &[u8] = b"/usr/local/bin:/bin:/usr/bin\0";

/// The length of the C string `s`, stopping at `max`.
///
/// # Safety
/// `s` must be readable up to its NUL or `max` bytes.
unsafe fn strnlen(s: *const u8, max: usize) -> usize {
    let mut n = 0;
    // SAFETY: reads stop at the NUL or at `max`.
    while n < max && unsafe { *s.add(n) } != 0 {
        n += 1;
    }
    n
}

/// `execvp(file, argv)`—[`execvpe`] with the current `environ`.
///
/// # Safety
/// As for [`execvpe`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn execvp(file: *const c_char, argv: *const *const c_char) -> c_int {
    // SAFETY: `environ` is the process's environment; the rest is the caller's.
    unsafe { execvpe(file, argv, environ()) }
}

/// `execvpe(file, argv, envp)`—Executes `file`: as a path if it contains a slash, else by
/// trying each directory of `PATH` (from this process's environment; default
/// `/usr/local/bin:/bin:/usr/bin`; an empty entry means the current directory). A directory
/// where the attempt fails with `ENOENT`, `ENOTDIR` or `EACCES` is skipped; any other error
/// ends the search. Returns only on failure: -1 with errno set (`EACCES` if some candidate
/// was refused so; `ENOENT` for an empty `file`; `ENAMETOOLONG` for a name longer than
/// `NAME_MAX`). Like musl, a file the kernel cannot execute (`ENOEXEC`) is not retried
/// with `/bin/sh`.
///
/// # Safety
/// `file` must be a C string; `argv` and `envp` null-terminated arrays of C strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn execvpe(file: *const c_char, argv: *const *const c_char, envp: *const *const c_char) -> c_int {
    let f = file.cast::<u8>();
    // SAFETY: `file` is a C string.
    let k = unsafe { strnlen(f, usize::MAX) };
    if k == 0 {
        set_errno(ENOENT);
        return -1;
    }
    // SAFETY: the `k` bytes of `file` are readable.
    if unsafe { core::slice::from_raw_parts(f, k) }.contains(&b'/') {
        // SAFETY: forwarded from the caller.
        return unsafe { execve(file, argv, envp) };
    }
    if k > NAME_MAX {
        set_errno(ENAMETOOLONG);
        return -1;
    }
    // SAFETY: getenv's result is null or a C string.
    let mut p = unsafe { getenv(c"PATH".as_ptr()) }.cast::<u8>().cast_const();
    if p.is_null() {
        p = DEFAULT_PATH.as_ptr();
    }
    let mut buf = [0u8; PATH_MAX + NAME_MAX + 2];
    let mut seen_eacces = false;
    loop {
        // SAFETY: `p` points into the NUL-terminated PATH string.
        let len = unsafe { strnlen_until_colon(p) };
        // A directory too long for a path is skipped, as no file can be found there.
        if len < PATH_MAX {
            // SAFETY: `len` bytes of `p` and `k + 1` of `file` are readable; `buf` has room.
            unsafe {
                core::ptr::copy_nonoverlapping(p, buf.as_mut_ptr(), len);
                let mut at = len;
                if len > 0 {
                    buf[at] = b'/';
                    at += 1;
                }
                core::ptr::copy_nonoverlapping(f, buf.as_mut_ptr().add(at), k + 1);
                execve(buf.as_ptr().cast(), argv, envp);
            }
            match errno() {
                EACCES => seen_eacces = true,
                ENOENT | ENOTDIR => {}
                _ => return -1,
            }
        }
        // SAFETY: the entry ends at a colon or at the NUL.
        match unsafe { *p.add(len) } {
            0 => break,
            // SAFETY: a colon is followed by at least the NUL.
            _ => p = unsafe { p.add(len + 1) },
        }
    }
    if seen_eacces {
        set_errno(EACCES);
    }
    -1
}

/// The length of the `PATH` entry at `p`: up to the next colon or NUL.
///
/// # Safety
/// `p` must point into a C string.
unsafe fn strnlen_until_colon(p: *const u8) -> usize {
    let mut n = 0;
    // SAFETY: the string is NUL-terminated.
    while !matches!(unsafe { *p.add(n) }, 0 | b':') {
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_cannot_be_found() {
        let argv = [c"x".as_ptr(), core::ptr::null()];
        let env = [core::ptr::null()];
        assert_eq!(unsafe { execvpe(c"".as_ptr(), argv.as_ptr(), env.as_ptr()) }, -1);
        assert_eq!(errno(), ENOENT);
        assert_eq!(unsafe { execvpe(c"limpet-no-such-program-xyz".as_ptr(), argv.as_ptr(), env.as_ptr()) }, -1);
        assert_eq!(errno(), ENOENT);
        let long = std::ffi::CString::new("a".repeat(300)).unwrap();
        assert_eq!(unsafe { execvpe(long.as_ptr(), argv.as_ptr(), env.as_ptr()) }, -1);
        assert_eq!(errno(), ENAMETOOLONG);
    }
}
