//! `strerror_r` (the XSI one, as musl has it) and `__xpg_strerror_r`.
use core::ffi::{c_char, c_int};

use limpet_syscall::errno::ERANGE;

use crate::arch::copy_forward;

/// `strerror_r(errnum, buf, len)`—Copies the message for `errnum` (the text `strerror`
/// returns) into the `len` bytes at `buf`, terminated. Returns 0, or `ERANGE` if the
/// message did not fit: then as much as fits in `len - 1` bytes is stored, terminated (if
/// `len > 0`).
///
/// This is the XSI `strerror_r` returning `int`, the one musl's `<string.h>` declares
/// (glibc's GNU variant returns `char *`). Like musl, it returns the error number instead of
/// setting errno, and unknown values get "No error information" and 0.
///
/// # Safety
/// `buf` must be valid for `len` bytes of writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strerror_r(errnum: c_int, buf: *mut c_char, len: usize) -> c_int {
    // SAFETY: strerror returns a string that lives for ever.
    let msg = unsafe { core::ffi::CStr::from_ptr(crate::strerror::strerror(errnum)) }.to_bytes_with_nul();
    // SAFETY: at most `len` bytes go into `buf`.
    unsafe {
        if msg.len() <= len {
            copy_forward(buf.cast(), msg.as_ptr(), msg.len());
            return 0;
        }
        if len > 0 {
            copy_forward(buf.cast(), msg.as_ptr(), len - 1);
            *buf.add(len - 1) = 0;
        }
    }
    ERANGE
}

/// `__xpg_strerror_r(errnum, buf, len)`—The name glibc-targeted programs use for the XSI
/// [`strerror_r`]; the same function.
///
/// # Safety
/// As for `strerror_r`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __xpg_strerror_r(errnum: c_int, buf: *mut c_char, len: usize) -> c_int {
    // SAFETY: the caller's contract is strerror_r's.
    unsafe { strerror_r(errnum, buf, len) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_syscall::errno::ENOENT;

    /// Results measured with musl's strerror_r.
    #[test]
    fn truncation_and_results_match_musl() {
        let run = |e: c_int, n: usize| {
            let mut buf = [b'#'; 40];
            let r = unsafe { strerror_r(e, buf.as_mut_ptr().cast(), n) };
            (r, buf)
        };
        let (r, buf) = run(ENOENT, 0);
        assert_eq!((r, buf[0]), (ERANGE, b'#'));
        let (r, buf) = run(ENOENT, 1);
        assert_eq!((r, &buf[..2]), (ERANGE, &b"\0#"[..]));
        let (r, buf) = run(ENOENT, 5);
        assert_eq!((r, &buf[..6]), (ERANGE, &b"No s\0#"[..]));
        let (r, buf) = run(ENOENT, 25);
        assert_eq!((r, &buf[..26]), (ERANGE, &b"No such file or director\0#"[..]));
        let (r, buf) = run(ENOENT, 26);
        assert_eq!((r, &buf[..27]), (0, &b"No such file or directory\0#"[..]));
        let (r, buf) = run(0, 40);
        assert_eq!((r, &buf[..21]), (0, &b"No error information\0"[..]));
        let (r, buf) = run(-5, 40);
        assert_eq!((r, &buf[..21]), (0, &b"No error information\0"[..]));
        let mut buf = [0u8; 8];
        assert_eq!(unsafe { __xpg_strerror_r(9999, buf.as_mut_ptr().cast(), 5) }, ERANGE);
        assert_eq!(&buf[..5], b"No e\0");
    }
}
