//! `psignal` and `psiginfo`: a signal's description on stderr.
use core::ffi::{c_char, c_int};

use limpet_syscall::{errno, set_errno};

use crate::abi::SigInfo;
use crate::imports::{fputc, fputs, fwrite, stderr, strsignal};

/// `psignal(sig, msg)`—Writes "`msg`: description\n" to stderr, or just the description
/// and a newline when `msg` is null (an empty `msg` still gets its ": ", as in musl).
/// errno is left as it was.
///
/// # Safety
/// `msg` must be null or a C string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn psignal(sig: c_int, msg: *const c_char) {
    let saved = errno();
    // SAFETY: stderr is always a valid stream; `msg` is a C string (the caller's contract),
    // and so is every description strsignal returns; fwrite reads the literal's two bytes.
    unsafe {
        let f = stderr;
        if !msg.is_null() {
            fputs(msg, f);
            fwrite(b": ".as_ptr().cast(), 1, 2, f);
        }
        fputs(strsignal(sig), f);
        fputc(c_int::from(b'\n'), f);
    }
    set_errno(saved);
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
