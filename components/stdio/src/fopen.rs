//! `fopen`, `fdopen` and their shared pieces: the mode string and the heap stream.
use core::ffi::{CStr, c_char, c_int, c_void};
use core::ptr::null_mut;

use limpet_syscall::errno::{EINVAL, ENOMEM};
use limpet_syscall::{nr, result, set_errno, syscall3, syscall4};

use crate::abi::{
    AT_FDCWD, F_GETFL, F_SETFD, F_SETFL, FD_CLOEXEC, O_APPEND, O_CLOEXEC, O_CREAT, O_EXCL, O_RDONLY, O_RDWR,
    O_TRUNC, O_WRONLY,
};
use crate::fdio::{close_fd, is_terminal};
use crate::file::{F_APP, F_LBF, F_NORD, F_NOWR, FILE, UNGET};
use crate::imports::{free, malloc};

/// Permission bits for a file `fopen` creates (before the umask).
const CREATE_MODE: usize = 0o666;

/// The `open` flags a mode string asks for, as musl reads it: `+` anywhere makes it
/// read-write, `x` exclusive, `e` close-on-exec; the first letter decides the rest.
pub(crate) fn open_flags(mode: &[u8]) -> c_int {
    let first = mode.first().copied().unwrap_or(0);
    let mut flags = if mode.contains(&b'+') {
        O_RDWR
    } else if first == b'r' {
        O_RDONLY
    } else {
        O_WRONLY
    };
    if mode.contains(&b'x') {
        flags |= O_EXCL;
    }
    if mode.contains(&b'e') {
        flags |= O_CLOEXEC;
    }
    if first != b'r' {
        flags |= O_CREAT;
    }
    if first == b'w' {
        flags |= O_TRUNC;
    }
    if first == b'a' {
        flags |= O_APPEND;
    }
    flags
}

/// Whether a mode starts as C requires. An empty mode passes, as in musl (whose check
/// finds the terminator in "rwa"), and then means write-only without truncation.
pub(crate) fn mode_ok(mode: &[u8]) -> bool {
    matches!(mode.first(), None | Some(b'r' | b'w' | b'a'))
}

/// `fcntl(fd, cmd, arg)` without errno.
pub(crate) fn fcntl(fd: c_int, cmd: c_int, arg: usize) -> Result<usize, i32> {
    // SAFETY: these commands take no pointers.
    result(unsafe { syscall3(nr::FCNTL, fd as usize, cmd as usize, arg) })
}

/// The buffer of a stream `fopen`, `fdopen` or `tmpfile` makes: 4 KiB, a page (glibc's
/// choice: the `st_blksize` of files and pipes), where musl gives every stream `BUFSIZ`
/// (1 KiB). The size is the implementation's to choose and C programs cannot rely on it;
/// what it decides is how many system calls buffered I/O makes, which is most of its cost:
/// a quarter of musl's. The standard streams keep `BUFSIZ`, so that their output reaches
/// a shared pipe in the same pieces as under musl.
pub(crate) const STREAM_BUFSIZ: usize = 4096;

/// Builds a heap stream on `fd` for a checked `mode`, with its buffer (and the `UNGET`
/// bytes before it) in the same allocation, and lists it. Null with errno set on failure.
pub(crate) fn new_stream(fd: c_int, mode: &[u8]) -> *mut FILE {
    let first = mode.first().copied().unwrap_or(0);
    let f = alloc_c(core::mem::size_of::<FILE>() + UNGET + STREAM_BUFSIZ).cast::<FILE>();
    if f.is_null() {
        return null_mut();
    }
    let mut flags = 0;
    if !mode.contains(&b'+') {
        flags = if first == b'r' { F_NOWR } else { F_NORD };
    }
    if mode.contains(&b'e') {
        let _ = fcntl(fd, F_SETFD, FD_CLOEXEC as usize);
    }
    if first == b'a' {
        // As in musl, a descriptor whose flags cannot be read is taken as it is.
        let fl = fcntl(fd, F_GETFL, 0).map_or(-1, |v| v as c_int);
        if fl & O_APPEND == 0 {
            let _ = fcntl(fd, F_SETFL, (fl | O_APPEND) as usize);
        }
        flags |= F_APP;
    }
    if flags & F_NOWR == 0 && is_terminal(fd) {
        flags |= F_LBF;
    }
    // SAFETY: the allocation holds the FILE, then UNGET bytes, then STREAM_BUFSIZ bytes.
    unsafe {
        let buf = f.cast::<u8>().add(core::mem::size_of::<FILE>() + UNGET);
        f.write(FILE::new(fd, buf, STREAM_BUFSIZ, flags));
        crate::ofl::add(f);
    }
    f
}

/// `malloc` from the C library; null with errno ENOMEM on failure.
pub(crate) fn alloc_c(n: usize) -> *mut u8 {
    // SAFETY: malloc has no preconditions.
    let p = unsafe { malloc(n) }.cast::<u8>();
    if p.is_null() {
        set_errno(ENOMEM);
    }
    p
}

/// `free` from the C library.
///
/// # Safety
/// `p` is null or came from `malloc`/`realloc` and is not used again.
pub(crate) unsafe fn free_c(p: *mut c_void) {
    // SAFETY: forwarded contract.
    unsafe { free(p) };
}

/// Frees a heap stream (from [`new_stream`], or a memory or cookie stream whose
/// allocation starts with its `FILE`), after it left the list.
///
/// # Safety
/// `f` is such a stream, was removed from the list, and is not used again.
pub(crate) unsafe fn free_stream(f: *mut FILE) {
    // SAFETY: forwarded contract; FILE has no destructor to run.
    unsafe { free(f.cast()) };
}

/// `fopen(path, mode)`—Opens the file `path` as a stream. `mode` starts with `r` (read),
/// `w` (write, created or truncated) or `a` (append, created); `+` adds the other
/// direction, `x` fails if the file exists (O_EXCL), `e` sets close-on-exec, `b` is
/// ignored. Returns the stream, or null with errno set (EINVAL for a bad mode, or the
/// error of `open`).
///
/// # Safety
/// `path` and `mode` must be NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fopen(path: *const c_char, mode: *const c_char) -> *mut FILE {
    // SAFETY: the caller vouches for `mode`.
    let m = unsafe { CStr::from_ptr(mode) }.to_bytes();
    if !mode_ok(m) {
        set_errno(EINVAL);
        return null_mut();
    }
    let flags = open_flags(m);
    // SAFETY: the caller vouches for `path`.
    let r = unsafe { syscall4(nr::OPENAT, AT_FDCWD as usize, path as usize, flags as usize, CREATE_MODE) };
    let fd = match result(r) {
        Ok(fd) => fd as c_int,
        Err(e) => {
            set_errno(e);
            return null_mut();
        }
    };
    let f = new_stream(fd, m);
    if f.is_null() {
        close_fd(fd);
    }
    f
}

/// `fopen64(path, mode)`—The same as `fopen` (`off_t` is 64 bits already).
///
/// # Safety
/// As for `fopen`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fopen64(path: *const c_char, mode: *const c_char) -> *mut FILE {
    // SAFETY: forwarded contract.
    unsafe { fopen(path, mode) }
}

/// `fdopen(fd, mode)`—A stream on the open descriptor `fd`, with `mode` as for `fopen`
/// (`w` does not truncate; `a` sets O_APPEND on the descriptor). As in musl, the
/// descriptor itself is not checked against the mode. Returns null with errno set:
/// EINVAL for a bad mode, ENOMEM.
///
/// # Safety
/// `mode` must be NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fdopen(fd: c_int, mode: *const c_char) -> *mut FILE {
    // SAFETY: the caller vouches for `mode`.
    let m = unsafe { CStr::from_ptr(mode) }.to_bytes();
    if !mode_ok(m) {
        set_errno(EINVAL);
        return null_mut();
    }
    new_stream(fd, m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mode_strings() {
        assert_eq!(open_flags(b"r"), O_RDONLY);
        assert_eq!(open_flags(b"rb"), O_RDONLY);
        assert_eq!(open_flags(b"r+"), O_RDWR);
        assert_eq!(open_flags(b"w"), O_WRONLY | O_CREAT | O_TRUNC);
        assert_eq!(open_flags(b"wb+x"), O_RDWR | O_CREAT | O_TRUNC | O_EXCL);
        assert_eq!(open_flags(b"a"), O_WRONLY | O_CREAT | O_APPEND);
        assert_eq!(open_flags(b"a+e"), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC);
        assert_eq!(open_flags(b""), O_WRONLY | O_CREAT);
        assert!(mode_ok(b"r") && mode_ok(b"w+") && mode_ok(b"ab") && mode_ok(b""));
        assert!(!mode_ok(b"x") && !mode_ok(b"+r") && !mode_ok(b"br"));
    }
}

#[cfg(test)]
mod stream_tests {
    use super::*;
    use crate::fclose::fclose;
    use crate::fgetc::fgetc;
    use crate::fputs::fputs;
    use crate::testutil::{TmpFile, errno};
    use limpet_syscall::errno::{EEXIST, ENOENT};

    fn read_all(f: *mut FILE) -> Vec<u8> {
        let mut v = Vec::new();
        loop {
            let c = unsafe { fgetc(f) };
            if c < 0 {
                return v;
            }
            v.push(c as u8);
        }
    }

    #[test]
    fn every_mode_does_what_its_letter_says() {
        let t = TmpFile::new("modes", Some(b"old"));
        unsafe {
            let f = t.open(c"r");
            assert_eq!(read_all(f), b"old");
            assert_eq!(fputs(c"x".as_ptr(), f), crate::abi::EOF);
            assert_eq!(fclose(f), 0);

            let f = t.open(c"a");
            assert_eq!(fputs(c"+new".as_ptr(), f), 0);
            assert_eq!(fgetc(f), crate::abi::EOF);
            assert_eq!(fclose(f), 0);
            assert_eq!(t.read(), b"old+new");

            let f = t.open(c"r+b");
            assert_eq!(fputs(c"OL".as_ptr(), f), 0);
            assert_eq!(fclose(f), 0);
            assert_eq!(t.read(), b"OLd+new");

            let f = t.open(c"a+");
            assert_eq!(read_all(f), b"OLd+new");
            assert_eq!(fputs(c"!".as_ptr(), f), 0);
            assert_eq!(fclose(f), 0);
            assert_eq!(t.read(), b"OLd+new!");

            let f = t.open(c"w");
            assert_eq!(fclose(f), 0);
            assert_eq!(t.read(), b"");

            let f = t.open(c"w+");
            assert_eq!(fputs(c"abc".as_ptr(), f), 0);
            crate::fseek::rewind(f);
            assert_eq!(read_all(f), b"abc");
            assert_eq!(fclose(f), 0);

            // 'x' refuses an existing file; 'e' sets close-on-exec.
            assert!(fopen(t.c.as_ptr(), c"wx".as_ptr()).is_null());
            assert_eq!(errno(), EEXIST);
            let f = t.open(c"re");
            let fd = (*f).unlocked().fd;
            assert_eq!(fcntl(fd, 1, 0), Ok(FD_CLOEXEC as usize));
            assert_eq!(fclose(f), 0);
        }
    }

    #[test]
    fn bad_modes_and_missing_files_fail_with_errno() {
        let t = TmpFile::new("badmode", Some(b""));
        unsafe {
            assert!(fopen(t.c.as_ptr(), c"z".as_ptr()).is_null());
            assert_eq!(errno(), EINVAL);
            assert!(fdopen(0, c"+".as_ptr()).is_null());
            assert_eq!(errno(), EINVAL);
            let missing = TmpFile::new("missing", None);
            assert!(fopen(missing.c.as_ptr(), c"r".as_ptr()).is_null());
            assert_eq!(errno(), ENOENT);
        }
    }

    #[test]
    fn fdopen_in_append_mode_sets_o_append() {
        let t = TmpFile::new("fdopen", Some(b"12345"));
        unsafe {
            let fd = syscall4(nr::OPENAT, AT_FDCWD as usize, t.c.as_ptr() as usize, O_WRONLY as usize, 0) as c_int;
            assert!(fd >= 0);
            let f = fdopen(fd, c"a".as_ptr());
            assert!(!f.is_null());
            assert_eq!(fcntl(fd, F_GETFL, 0).unwrap() as c_int & O_APPEND, O_APPEND);
            assert_eq!(fputs(c"6".as_ptr(), f), 0);
            assert_eq!(fclose(f), 0);
            assert_eq!(t.read(), b"123456");
        }
    }
}
