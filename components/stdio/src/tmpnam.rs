//! `tmpnam` and `tempnam`: names for temporary files that did not exist when asked.
use core::ffi::{CStr, c_char};
use core::ptr::null_mut;

use limpet_syscall::errno::{ENAMETOOLONG, ENOENT, ENOMEM};
use limpet_syscall::{nr, result, set_errno, syscall4};

use crate::abi::{AT_FDCWD, AT_SYMLINK_NOFOLLOW, L_TMPNAM, PATH_MAX};
use crate::imports::malloc;
use crate::tmpfile::{NAME_TRIES, random_name};

/// Letters of randomness at the end of every name, as musl's.
const RANDOM_LEN: usize = 6;

/// Whether nothing at all (not even a dangling symbolic link) has the NUL-terminated name.
fn is_free(name: &[u8]) -> bool {
    // Room for the kernel's `struct stat`, which we do not read.
    let mut st = [0u64; 32];
    // SAFETY: `name` is NUL-terminated and `st` is large enough.
    let r = unsafe {
        syscall4(
            nr::NEWFSTATAT,
            AT_FDCWD as usize,
            name.as_ptr() as usize,
            st.as_mut_ptr() as usize,
            AT_SYMLINK_NOFOLLOW as usize,
        )
    };
    result(r) == Err(ENOENT)
}

/// Puts random letters in `name[at..at + RANDOM_LEN]` until the name is free.
fn find_free(name: &mut [u8], at: usize) -> bool {
    (0..NAME_TRIES).any(|_| {
        random_name(&mut name[at..at + RANDOM_LEN]);
        is_free(name)
    })
}

/// `tmpnam(s)`—A name in /tmp (`/tmp/tmpnam_` and 6 random characters) that nothing had
/// when asked, copied to `s` (at least `L_tmpnam` bytes) or, for a null `s`, to a static
/// buffer that the next call overwrites. Null if 100 tries found no free name. Another
/// process may take the name before the caller does: prefer `tmpfile` or `mkstemp`.
///
/// # Safety
/// `s` must be null or valid for `L_tmpnam` bytes of writes; with a null `s`, not
/// thread-safe.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn tmpnam(s: *mut c_char) -> *mut c_char {
    static mut INTERNAL: [u8; L_TMPNAM] = [0; L_TMPNAM];
    let mut name = *b"/tmp/tmpnam_XXXXXX\0";
    if !find_free(&mut name, 12) {
        return null_mut();
    }
    let out = if s.is_null() { (&raw mut INTERNAL).cast::<c_char>() } else { s };
    // SAFETY: `out` has room for `L_tmpnam >= name.len()` bytes.
    unsafe { core::ptr::copy_nonoverlapping(name.as_ptr().cast(), out, name.len()) };
    out
}

/// `tempnam(dir, pfx)`—A free name `dir/pfx_XXXXXX` (`dir` defaults to /tmp, `pfx` to
/// `temp`), in a `malloc`'d string the caller frees. Null with errno ENAMETOOLONG when
/// the name would not fit in `PATH_MAX`, ENOMEM, or when 100 tries found no free name.
///
/// # Safety
/// `dir` and `pfx` must be null or NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn tempnam(dir: *const c_char, pfx: *const c_char) -> *mut c_char {
    // SAFETY: the caller vouches for both strings.
    let dir = if dir.is_null() { &b"/tmp"[..] } else { unsafe { CStr::from_ptr(dir) }.to_bytes() };
    // SAFETY: as above.
    let pfx = if pfx.is_null() { &b"temp"[..] } else { unsafe { CStr::from_ptr(pfx) }.to_bytes() };
    let len = dir.len() + 1 + pfx.len() + 1 + RANDOM_LEN;
    if len >= PATH_MAX {
        set_errno(ENAMETOOLONG);
        return null_mut();
    }
    let mut name = [0u8; PATH_MAX];
    name[..dir.len()].copy_from_slice(dir);
    name[dir.len()] = b'/';
    name[dir.len() + 1..dir.len() + 1 + pfx.len()].copy_from_slice(pfx);
    name[len - RANDOM_LEN - 1] = b'_';
    if !find_free(&mut name[..=len], len - RANDOM_LEN) {
        return null_mut();
    }
    // SAFETY: malloc has no preconditions.
    let out = unsafe { malloc(len + 1) }.cast::<c_char>();
    if out.is_null() {
        set_errno(ENOMEM);
        return null_mut();
    }
    // SAFETY: `out` has room for the name and its NUL.
    unsafe { core::ptr::copy_nonoverlapping(name.as_ptr().cast(), out, len + 1) };
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::errno;

    unsafe extern "C" {
        fn free(p: *mut core::ffi::c_void);
    }

    #[test]
    fn names_have_musls_shape_and_are_free() {
        let mut buf = [0 as c_char; L_TMPNAM];
        unsafe {
            let p = tmpnam(buf.as_mut_ptr());
            assert_eq!(p, buf.as_mut_ptr());
            let name = CStr::from_ptr(p).to_str().unwrap();
            assert!(name.starts_with("/tmp/tmpnam_") && name.len() == 18, "{name}");
            assert!(!std::path::Path::new(name).exists());
            let q = tmpnam(null_mut());
            assert!(CStr::from_ptr(q).to_bytes().starts_with(b"/tmp/tmpnam_"));

            let t = tempnam(c"/var/tmp".as_ptr(), c"abc".as_ptr());
            let name = CStr::from_ptr(t).to_str().unwrap().to_owned();
            assert!(name.starts_with("/var/tmp/abc_") && name.len() == 19, "{name}");
            free(t.cast());
            let t = tempnam(core::ptr::null(), core::ptr::null());
            assert!(CStr::from_ptr(t).to_bytes().starts_with(b"/tmp/temp_"));
            free(t.cast());
            let long = std::ffi::CString::new("d".repeat(PATH_MAX)).unwrap();
            assert!(tempnam(long.as_ptr(), core::ptr::null()).is_null());
            assert_eq!(errno(), ENAMETOOLONG);
        }
    }
}
