//! `getlogin` and `getlogin_r`: the login name, which is the environment's `LOGNAME`, as in
//! musl (glibc asks the utmp file for the controlling terminal's entry instead).
use core::ffi::{CStr, c_char, c_int};

use limpet_syscall::errno::{EINVAL, ENXIO, ERANGE};
use limpet_syscall::set_errno;

use crate::imports::getenv;

/// The variable that holds the login name.
const LOGNAME: &CStr = c"LOGNAME";

/// `getlogin()`—The value of `LOGNAME` in the environment (the environment's own string,
/// not a copy, as in musl), or null with errno ENXIO when it is not set (musl leaves
/// errno alone; POSIX wants it set).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getlogin() -> *mut c_char {
    // SAFETY: the name is NUL-terminated.
    let name = unsafe { getenv(LOGNAME.as_ptr()) };
    if name.is_null() {
        set_errno(ENXIO);
    }
    name
}

/// `getlogin_r(buf, size)`—Copies `LOGNAME`, with its NUL, into `buf`. Returns 0; ENXIO
/// when it is not set; ERANGE when it does not fit in `size` bytes (as musl); EINVAL when
/// `buf` is null and it would fit. errno is set to any error returned (musl leaves it
/// alone).
///
/// # Safety
/// `buf` must be null or writable for `size` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getlogin_r(buf: *mut c_char, size: usize) -> c_int {
    let name = getlogin();
    let err = if name.is_null() {
        ENXIO
    } else {
        // SAFETY: `getenv` returned a NUL-terminated string of the environment.
        let name = unsafe { CStr::from_ptr(name) }.to_bytes_with_nul();
        if name.len() > size {
            ERANGE
        } else if buf.is_null() {
            EINVAL
        } else {
            // SAFETY: `buf` holds `size >= name.len()` bytes, which the environment's
            // string does not overlap (it is the caller's buffer).
            unsafe { buf.cast::<u8>().copy_from_nonoverlapping(name.as_ptr(), name.len()) };
            return 0;
        }
    };
    set_errno(err);
    err
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ptr::null_mut;

    /// One test, since it changes the process's environment.
    #[test]
    fn logname_is_the_login() {
        // SAFETY (test): no other test of this crate reads or writes LOGNAME.
        unsafe { std::env::remove_var("LOGNAME") };
        set_errno(0);
        assert!(getlogin().is_null());
        assert_eq!(limpet_syscall::errno(), ENXIO);
        let mut buf = [b'#' as c_char; 16];
        assert_eq!(unsafe { getlogin_r(buf.as_mut_ptr(), 16) }, ENXIO);

        unsafe { std::env::set_var("LOGNAME", "abc") };
        assert_eq!(unsafe { CStr::from_ptr(getlogin()) }.to_bytes(), b"abc");
        for size in 0..4 {
            assert_eq!(unsafe { getlogin_r(buf.as_mut_ptr(), size) }, ERANGE, "{size}");
            assert_eq!(buf[0], b'#' as c_char);
        }
        assert_eq!(unsafe { getlogin_r(buf.as_mut_ptr(), 4) }, 0);
        assert_eq!(unsafe { CStr::from_ptr(buf.as_ptr()) }.to_bytes(), b"abc");
        assert_eq!(buf[4], b'#' as c_char);
        assert_eq!(unsafe { getlogin_r(null_mut(), 0) }, ERANGE);
        assert_eq!(unsafe { getlogin_r(null_mut(), 4) }, EINVAL);

        unsafe { std::env::set_var("LOGNAME", "") };
        assert_eq!(unsafe { getlogin_r(buf.as_mut_ptr(), 0) }, ERANGE);
        assert_eq!(unsafe { getlogin_r(buf.as_mut_ptr(), 1) }, 0);
        assert_eq!(buf[0], 0);
        unsafe { std::env::remove_var("LOGNAME") };
    }
}
