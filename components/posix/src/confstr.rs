//! `confstr`: the configuration strings, with musl's answers. The search path `_CS_PATH` is
//! `/bin:/usr/bin`; the width-restricted environment lists and every programming
//! environment's flags (`_CS_POSIX_V6_ILP32_OFF32_CFLAGS` through `_CS_V7_ENV`) are empty;
//! other names, glibc's version strings among them, are unknown (EINVAL).
use core::ffi::{c_char, c_int};

use limpet_abi::unistd::{
    _CS_PATH, _CS_POSIX_V6_ILP32_OFF32_CFLAGS, _CS_POSIX_V6_WIDTH_RESTRICTED_ENVS, _CS_POSIX_V7_WIDTH_RESTRICTED_ENVS,
    _CS_V7_ENV,
};
use limpet_syscall::errno::EINVAL;
use limpet_syscall::set_errno;

/// The value of `name`, or None for a name musl does not know.
fn value(name: c_int) -> Option<&'static [u8]> {
    match name {
        _CS_PATH => Some(b"/bin:/usr/bin"),
        _CS_POSIX_V6_WIDTH_RESTRICTED_ENVS | _CS_POSIX_V7_WIDTH_RESTRICTED_ENVS => Some(b""),
        _CS_POSIX_V6_ILP32_OFF32_CFLAGS..=_CS_V7_ENV => Some(b""),
        _ => None,
    }
}

/// `size_t confstr(int name, char *buf, size_t len)`—Copies the configuration string `name`
/// (`_CS_*`) into `buf`, truncated to `len - 1` bytes and always terminated when `len` is
/// nonzero (`buf` may be null when `len` is 0). Returns the size the whole string needs,
/// its NUL included; 0 with EINVAL for an unknown name.
///
/// # Safety
/// `buf` must be writable for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn confstr(name: c_int, buf: *mut c_char, len: usize) -> usize {
    let Some(s) = value(name) else {
        set_errno(EINVAL);
        return 0;
    };
    if len > 0 {
        let n = s.len().min(len - 1);
        // SAFETY: `n + 1 <= len` bytes of the caller's buffer are written, and `s` has `n`.
        unsafe {
            core::ptr::copy_nonoverlapping(s.as_ptr(), buf.cast::<u8>(), n);
            *buf.add(n) = 0;
        }
    }
    s.len() + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_abi::unistd::{_CS_GNU_LIBC_VERSION, _CS_GNU_LIBPTHREAD_VERSION};
    use limpet_syscall::errno;

    fn get(name: c_int, len: usize) -> (usize, i32, Vec<u8>) {
        let mut buf = vec![b'x'; 32];
        limpet_syscall::set_errno(0);
        let n = unsafe { confstr(name, buf.as_mut_ptr().cast(), len) };
        buf.truncate(len);
        (n, errno(), buf)
    }

    #[test]
    fn values_as_musl() {
        assert_eq!(get(_CS_PATH, 32).0, 14);
        assert_eq!(&get(_CS_PATH, 32).2[..14], b"/bin:/usr/bin\0");
        assert_eq!(get(_CS_PATH, 5), (14, 0, b"/bin\0".to_vec()));
        assert_eq!(get(_CS_PATH, 1), (14, 0, b"\0".to_vec()));
        assert_eq!(unsafe { confstr(_CS_PATH, core::ptr::null_mut(), 0) }, 14);
        for name in [_CS_POSIX_V6_WIDTH_RESTRICTED_ENVS, _CS_POSIX_V7_WIDTH_RESTRICTED_ENVS, _CS_POSIX_V6_ILP32_OFF32_CFLAGS, _CS_V7_ENV] {
            assert_eq!(get(name, 4), (1, 0, b"\0xxx".to_vec()), "{name}");
        }
        for name in [-1, _CS_GNU_LIBC_VERSION, _CS_GNU_LIBPTHREAD_VERSION, 4, 6, _CS_POSIX_V6_ILP32_OFF32_CFLAGS - 1, _CS_V7_ENV + 1] {
            assert_eq!(get(name, 4), (0, errno::EINVAL, b"xxxx".to_vec()), "{name}");
        }
    }
}
