//! `psignal` and `psiginfo`: a signal's description on stderr.
use core::ffi::{c_char, c_int, c_void};

use crate::abi::SigInfo;

unsafe extern "C" {
    static stderr: *mut c_void;
    fn fputs(s: *const c_char, f: *mut c_void) -> c_int;
    fn strsignal(sig: c_int) -> *mut c_char;
    fn __errno_location() -> *mut c_int;
}

/// `psignal(sig, msg)`—Writes "`msg`: description\n" to stderr, or just the description
/// and a newline when `msg` is null (an empty `msg` still gets its ": ", as in musl).
/// errno is left as it was.
///
/// # Safety
/// `msg` must be null or a C string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn psignal(sig: c_int, msg: *const c_char) {
    // SAFETY: errno's slot and stderr are always valid; the strings are C strings.
    unsafe {
        let saved = *__errno_location();
        let f = stderr;
        if !msg.is_null() {
            fputs(msg, f);
            fputs(c": ".as_ptr(), f);
        }
        fputs(strsignal(sig), f);
        fputs(c"\n".as_ptr(), f);
        *__errno_location() = saved;
    }
}

/// `psiginfo(info, msg)`—[`psignal`] of `info->si_signo`.
///
/// # Safety
/// `info` must be readable; `msg` null or a C string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn psiginfo(info: *const SigInfo, msg: *const c_char) {
    // SAFETY: forwarded from the caller.
    unsafe { psignal((*info).signo, msg) }
}
