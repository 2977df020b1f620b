//! `freopen`: a stream put on another file, or its descriptor given another mode.
use core::ffi::{CStr, c_char};
use core::ptr::null_mut;

use limpet_syscall::{nr, result, set_errno, syscall3};

use crate::abi::{F_SETFD, F_SETFL, FD_CLOEXEC, O_CLOEXEC, O_CREAT, O_EXCL};
use crate::fclose::fclose;
use crate::file::{F_APP, F_LBF, F_NORD, F_NOWR, F_PERM, FILE};
use crate::fopen::{fcntl, fopen, open_flags};

/// `freopen(path, mode, f)`—Flushes `f` and reopens it: on the file `path` opened by
/// `mode` (the new descriptor takes the number of `f`'s), or, with a null `path`, on its
/// own descriptor with the file status flags of `mode` (in effect, append or not); the
/// stream keeps its buffer and buffering mode, as in musl. Returns `f`, or null with errno
/// set after closing `f`.
///
/// # Safety
/// `mode` must be NUL-terminated, `path` null or NUL-terminated, and `f` a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn freopen(path: *const c_char, mode: *const c_char, f: *mut FILE) -> *mut FILE {
    // SAFETY: the caller vouches for `mode`.
    let fl = open_flags(unsafe { CStr::from_ptr(mode) }.to_bytes());
    // SAFETY: the caller vouches for `f`.
    let file = unsafe { &*f };
    file.lock.lock();
    // SAFETY: we hold the stream.
    let s = unsafe { file.unlocked() };
    let _ = s.flush();
    let ok = if path.is_null() {
        if fl & O_CLOEXEC != 0 {
            let _ = fcntl(s.fd, F_SETFD, FD_CLOEXEC as usize);
        }
        match fcntl(s.fd, F_SETFL, (fl & !(O_CREAT | O_EXCL | O_CLOEXEC)) as usize) {
            Ok(_) => true,
            Err(e) => {
                set_errno(e);
                false
            }
        }
    } else {
        // SAFETY: forwarded contract.
        let f2 = unsafe { fopen(path, mode) };
        if f2.is_null() {
            false
        } else {
            // SAFETY: `f2` is ours alone.
            let s2 = unsafe { (*f2).unlocked() };
            let mut ok = true;
            if s2.fd == s.fd {
                // The new file got the number `f` had lost; keep it open.
                s2.fd = -1;
            } else {
                // SAFETY: dup3 takes no pointers.
                let r = unsafe { syscall3(nr::DUP3, s2.fd as usize, s.fd as usize, (fl & O_CLOEXEC) as usize) };
                if let Err(e) = result(r) {
                    set_errno(e);
                    ok = false;
                }
            }
            if ok {
                // stdout's terminal check belongs to its first descriptor: musl's new
                // file keeps the buffering stdout had when it was reopened.
                s.flags = (s.flags & (F_PERM | F_LBF)) | (s2.flags & (F_NORD | F_NOWR | F_APP));
            }
            // SAFETY: `f2` came from fopen and is not used again; its errors do not matter.
            unsafe { fclose(f2) };
            ok
        }
    };
    // SAFETY: taken above.
    unsafe { file.lock.unlock() };
    if ok {
        return f;
    }
    // SAFETY: the caller gave `f` to us; on failure C says it is closed.
    unsafe { fclose(f) };
    null_mut()
}

/// `freopen64(path, mode, f)`—The same as `freopen`.
///
/// # Safety
/// As for `freopen`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn freopen64(path: *const c_char, mode: *const c_char, f: *mut FILE) -> *mut FILE {
    // SAFETY: forwarded contract.
    unsafe { freopen(path, mode, f) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fgetc::fgetc;
    use crate::fputs::fputs;
    use crate::testutil::TmpFile;

    #[test]
    fn reopens_on_another_file_keeping_the_descriptor_number() {
        let a = TmpFile::new("freopen-a", Some(b"A"));
        let b = TmpFile::new("freopen-b", Some(b"B"));
        let f = a.open(c"r");
        unsafe {
            let fd = (*f).unlocked().fd;
            assert_eq!(freopen(b.c.as_ptr(), c"r+".as_ptr(), f), f);
            assert_eq!((*f).unlocked().fd, fd);
            assert_eq!(fgetc(f), i32::from(b'B'));
            crate::fseek::rewind(f);
            fputs(c"C".as_ptr(), f);
            crate::fclose::fclose(f);
        }
        assert_eq!(b.read(), b"C");
    }

    #[test]
    fn a_null_path_changes_the_mode_to_append() {
        let t = TmpFile::new("freopen-null", Some(b"12"));
        let f = t.open(c"r+");
        unsafe {
            assert_eq!(freopen(core::ptr::null(), c"a".as_ptr(), f), f);
            fputs(c"3".as_ptr(), f);
            crate::fclose::fclose(f);
        }
        assert_eq!(t.read(), b"123");
    }

    #[test]
    fn a_missing_file_fails_and_closes() {
        let a = TmpFile::new("freopen-fail", Some(b""));
        let missing = TmpFile::new("freopen-missing", None);
        let f = a.open(c"r");
        unsafe {
            assert!(freopen(missing.c.as_ptr(), c"r".as_ptr(), f).is_null());
        }
    }
}
