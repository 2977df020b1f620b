//! The working directory: `chdir`, `fchdir`, `getcwd`, `get_current_dir_name`.
use core::ffi::{c_char, c_int};

// PATH_MAX is Linux's, the longest name `getcwd` can return.
use limpet_abi::limits::PATH_MAX;

use limpet_syscall::errno::{EINVAL, ENOENT};
use limpet_syscall::{nr, result, set_errno, syscall1, syscall2};

use limpet_start::env::getenv;
use limpet_syscall::unistd::stat;

use crate::abi::Stat;
use crate::imports::strdup;
use crate::ret_int;


/// `chdir(path)`—Makes `path` the working directory; 0 or -1 with errno.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn chdir(path: *const c_char) -> c_int {
    // SAFETY: the kernel validates the path pointer.
    ret_int(unsafe { syscall1(nr::CHDIR, path as usize) })
}

/// `fchdir(fd)`—Makes the directory open on `fd` the working directory; 0 or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn fchdir(fd: c_int) -> c_int {
    // SAFETY: fchdir takes no pointers.
    ret_int(unsafe { syscall1(nr::FCHDIR, fd as usize) })
}

/// `getcwd(buf, size)`—Stores the absolute name of the working directory in `buf` and returns
/// `buf`. With a null `buf` (an extension POSIX leaves open), the name is returned in memory
/// from `malloc` and `size` is ignored, as musl does. Returns null with errno set: EINVAL for a
/// zero `size`, ERANGE when the name does not fit, ENOENT when the directory is unreachable
/// (the kernel then gives a name not starting with '/').
///
/// # Safety
/// A non-null `buf` must be valid for `size` bytes of writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getcwd(buf: *mut c_char, size: usize) -> *mut c_char {
    let mut tmp = [0 as c_char; PATH_MAX];
    let (dst, len) = if buf.is_null() {
        (tmp.as_mut_ptr(), tmp.len())
    } else if size == 0 {
        set_errno(EINVAL);
        return core::ptr::null_mut();
    } else {
        (buf, size)
    };
    // SAFETY: `dst` is valid for `len` bytes: our own buffer or the caller's.
    let r = unsafe { syscall2(nr::GETCWD, dst as usize, len) };
    match result(r) {
        Err(e) => {
            set_errno(e);
            return core::ptr::null_mut();
        }
        // SAFETY: the kernel wrote at least one byte when it returned a positive length.
        Ok(n) if n == 0 || unsafe { *dst } != b'/' as c_char => {
            set_errno(ENOENT);
            return core::ptr::null_mut();
        }
        Ok(_) => {}
    }
    if buf.is_null() {
        // SAFETY: `tmp` holds a NUL-terminated name; strdup sets errno if it fails.
        unsafe { strdup(tmp.as_ptr()) }
    } else {
        buf
    }
}

/// `get_current_dir_name()`—The working directory's name in memory from `malloc`: `$PWD`
/// when that names the working directory (keeping the symbolic links the shell went
/// through), else what `getcwd` finds. Null with errno set on failure.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn get_current_dir_name() -> *mut c_char {
    // SAFETY: a literal name.
    let pwd = unsafe { getenv(c"PWD".as_ptr()) };
    // SAFETY: getenv returns null or a NUL-terminated string.
    if !pwd.is_null() && unsafe { *pwd } != 0 {
        let mut named = Stat::default();
        let mut here = Stat::default();
        // SAFETY: both names are NUL-terminated; both Stats are local.
        let same = unsafe { stat(pwd, &mut named) == 0 && stat(c".".as_ptr(), &mut here) == 0 };
        if same && (named.st_dev, named.st_ino) == (here.st_dev, here.st_ino) {
            // SAFETY: `pwd` is NUL-terminated.
            return unsafe { strdup(pwd) };
        }
    }
    // SAFETY: a null buffer asks getcwd to allocate.
    unsafe { getcwd(core::ptr::null_mut(), 0) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno, process_state, set_env};
    use limpet_syscall::errno::ERANGE;
    use std::ffi::CStr;

    unsafe extern "C" {
        fn free(p: *mut core::ffi::c_void);
    }

    #[test]
    fn chdir_getcwd_roundtrip() {
        let _g = process_state();
        let d = TempDir::new();
        std::fs::create_dir(d.path().join("sub")).unwrap();
        let before = std::env::current_dir().unwrap();
        assert_eq!(unsafe { chdir(d.c("sub").as_ptr()) }, 0);
        let mut buf = [0 as c_char; 512];
        let p = unsafe { getcwd(buf.as_mut_ptr(), buf.len()) };
        assert_eq!(p, buf.as_mut_ptr());
        let got = unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_owned();
        assert_eq!(
            std::path::Path::new(&got),
            std::fs::canonicalize(d.path().join("sub")).unwrap()
        );
        let m = unsafe { getcwd(core::ptr::null_mut(), 0) };
        assert!(!m.is_null());
        assert_eq!(unsafe { CStr::from_ptr(m) }.to_str().unwrap(), got);
        unsafe { free(m.cast()) };
        assert!(unsafe { getcwd(buf.as_mut_ptr(), 2) }.is_null());
        assert_eq!(errno(), ERANGE);
        assert!(unsafe { getcwd(buf.as_mut_ptr(), 0) }.is_null());
        assert_eq!(errno(), EINVAL);
        let top = std::fs::File::open(d.path()).unwrap();
        assert_eq!(fchdir(std::os::fd::AsRawFd::as_raw_fd(&top)), 0);
        assert_eq!(
            std::env::current_dir().unwrap(),
            std::fs::canonicalize(d.path()).unwrap()
        );
        assert_eq!(fchdir(-1), -1);
        assert_eq!(errno(), limpet_syscall::errno::EBADF);
        assert_eq!(unsafe { chdir(d.c("nope").as_ptr()) }, -1);
        assert_eq!(errno(), ENOENT);
        // $PWD is used when it names the working directory, through a link if need be.
        std::os::unix::fs::symlink(d.path().join("sub"), d.path().join("link")).unwrap();
        assert_eq!(unsafe { chdir(d.c("link").as_ptr()) }, 0);
        let saved_pwd = std::env::var_os("PWD");
        // SAFETY: the process-state lock keeps this crate's other environment users out.
        unsafe { set_env("PWD", Some(d.path().join("link").as_os_str())) };
        let m = get_current_dir_name();
        assert_eq!(
            unsafe { CStr::from_ptr(m) }.to_str().unwrap(),
            d.path().join("link").to_str().unwrap()
        );
        unsafe { free(m.cast()) };
        // SAFETY: as above.
        unsafe { set_env("PWD", Some("/".as_ref())) };
        let m = get_current_dir_name();
        assert_eq!(
            std::path::Path::new(unsafe { CStr::from_ptr(m) }.to_str().unwrap()),
            std::fs::canonicalize(d.path().join("sub")).unwrap()
        );
        unsafe { free(m.cast()) };
        // SAFETY: as above.
        unsafe { set_env("PWD", saved_pwd.as_deref()) };
        std::env::set_current_dir(before).unwrap();
    }
}
