//! `<libgen.h>`: `basename`, `dirname`, and `__xpg_basename`, the name glibc's header gives
//! the POSIX `basename`.
//!
//! Both may write into the path (they cut trailing slashes with a NUL) and return a pointer
//! into it, or to a constant "." or "/" for the paths that have no such part.
use core::ffi::c_char;

const DOT: &core::ffi::CStr = c".";
const SLASH: &core::ffi::CStr = c"/";

/// `basename(path)`—The last component of `path`, after cutting its trailing slashes: "."
/// for a null or empty path, "/" for one made of slashes.
///
/// # Safety
/// `path` must be null or a writable NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn basename(path: *mut c_char) -> *mut c_char {
    // SAFETY: the caller's string.
    if path.is_null() || unsafe { *path } == 0 {
        return DOT.as_ptr().cast_mut();
    }
    // SAFETY: `path` is NUL-terminated; every index below stays before its NUL.
    unsafe {
        let mut i = crate::strlen(path) - 1;
        while i > 0 && *path.add(i) == b'/' as c_char {
            *path.add(i) = 0;
            i -= 1;
        }
        while i > 0 && *path.add(i - 1) != b'/' as c_char {
            i -= 1;
        }
        path.add(i)
    }
}

/// `__xpg_basename(path)`—[`basename`].
///
/// # Safety
/// As for [`basename`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __xpg_basename(path: *mut c_char) -> *mut c_char {
    // SAFETY: forwarded contract.
    unsafe { basename(path) }
}

/// `dirname(path)`—The directory part of `path`, cut in place before the last component and
/// the slashes around it: "." when there is no slash, "/" when only the root is left.
///
/// # Safety
/// `path` must be null or a writable NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn dirname(path: *mut c_char) -> *mut c_char {
    // SAFETY: the caller's string.
    if path.is_null() || unsafe { *path } == 0 {
        return DOT.as_ptr().cast_mut();
    }
    let slash = b'/' as c_char;
    // SAFETY: `path` is NUL-terminated; every index below stays before its NUL.
    unsafe {
        let mut i = crate::strlen(path) - 1;
        // Trailing slashes, then the last component, then the slashes before it.
        while *path.add(i) == slash {
            if i == 0 {
                return SLASH.as_ptr().cast_mut();
            }
            i -= 1;
        }
        while *path.add(i) != slash {
            if i == 0 {
                return DOT.as_ptr().cast_mut();
            }
            i -= 1;
        }
        while *path.add(i) == slash {
            if i == 0 {
                return SLASH.as_ptr().cast_mut();
            }
            i -= 1;
        }
        *path.add(i + 1) = 0;
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::{CStr, CString};

    fn run(f: unsafe extern "C" fn(*mut c_char) -> *mut c_char, path: &str) -> String {
        let c = CString::new(path).unwrap().into_raw();
        // SAFETY: a writable NUL-terminated copy.
        let r = unsafe { CStr::from_ptr(f(c)) }.to_str().unwrap().to_string();
        drop(unsafe { CString::from_raw(c) });
        r
    }

    #[test]
    fn the_posix_examples() {
        // POSIX's table for basename and dirname, and a few more.
        for (path, base, dir) in [
            ("usr", "usr", "."),
            ("usr/", "usr", "."),
            ("", ".", "."),
            ("/", "/", "/"),
            ("//", "/", "/"),
            ("///", "/", "/"),
            ("/usr/", "usr", "/"),
            ("/usr/lib", "lib", "/usr"),
            ("//usr//lib//", "lib", "//usr"),
            ("/home//dwc//test", "test", "/home//dwc"),
            ("a", "a", "."),
            ("a/b", "b", "a"),
            ("./x", "x", "."),
        ] {
            assert_eq!(run(basename, path), base, "basename({path:?})");
            assert_eq!(run(__xpg_basename, path), base);
            assert_eq!(run(dirname, path), dir, "dirname({path:?})");
        }
        // SAFETY: null is allowed.
        assert_eq!(unsafe { CStr::from_ptr(basename(core::ptr::null_mut())) }, c".");
        assert_eq!(unsafe { CStr::from_ptr(dirname(core::ptr::null_mut())) }, c".");
    }
}
