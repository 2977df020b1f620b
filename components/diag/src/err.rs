//! `<err.h>`: `warn`, `warnx`, `err`, `errx` and their `va_list` forms.
//!
//! Each writes the program name and ": " to `stderr`, then the message when `fmt` is not
//! null; `warn` and `err` add the description of the errno the call found, after ": " when
//! there was a message; a newline ends the line. `err` and `errx` then `exit` with the status given.
use core::ffi::{c_char, c_int};

use limpet_va::VaList;

use crate::imports::{fputc, fputs, put, stderr, strerror, vfprintf};

/// The line's start and message, without its end.
///
/// # Safety
/// `fmt` is null or a format whose arguments `ap` holds.
unsafe fn head(fmt: *const c_char, ap: VaList) {
    // SAFETY: `__progname` is set at start-up (null before, which is skipped); the caller
    // vouches for `fmt` and `ap`.
    unsafe {
        let f = stderr;
        let name = limpet_start::env::__progname;
        if !name.is_null() {
            fputs(name, f);
        }
        put(b": ");
        if !fmt.is_null() {
            vfprintf(f, fmt, ap);
        }
    }
}

/// `vwarn(fmt, ap)`—The message and ": " (when `fmt` is not null), then the current
/// errno's description.
///
/// # Safety
/// `fmt` is null or a format whose arguments `ap` holds.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vwarn(fmt: *const c_char, ap: VaList) {
    // Printing may change errno: take it first.
    let e = limpet_syscall::errno();
    // SAFETY: forwarded contract; the pieces are NUL-terminated strings.
    unsafe {
        head(fmt, ap);
        if !fmt.is_null() {
            put(b": ");
        }
        fputs(strerror(e), stderr);
        fputc(c_int::from(b'\n'), stderr);
    }
}

/// `vwarnx(fmt, ap)`—The message alone.
///
/// # Safety
/// As for `vwarn`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vwarnx(fmt: *const c_char, ap: VaList) {
    // SAFETY: forwarded contract.
    unsafe {
        head(fmt, ap);
        fputc(c_int::from(b'\n'), stderr);
    }
}

/// `verr(status, fmt, ap)`—`vwarn`, then `exit(status)`.
///
/// # Safety
/// As for `vwarn`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn verr(status: c_int, fmt: *const c_char, ap: VaList) -> ! {
    // SAFETY: forwarded contract.
    unsafe { vwarn(fmt, ap) };
    limpet_start::exit::exit(status)
}

/// `verrx(status, fmt, ap)`—`vwarnx`, then `exit(status)`.
///
/// # Safety
/// As for `vwarn`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn verrx(status: c_int, fmt: *const c_char, ap: VaList) -> ! {
    // SAFETY: forwarded contract.
    unsafe { vwarnx(fmt, ap) };
    limpet_start::exit::exit(status)
}

limpet_va::variadic! {
    /// `warn(fmt, ...)`—`vwarn` over the variadic arguments.
    ///
    /// # Safety
    /// As for `vwarn`; call it as a C variadic function.
    fn warn(fmt: *const c_char) -> () => vwarn
}

limpet_va::variadic! {
    /// `warnx(fmt, ...)`—`vwarnx` over the variadic arguments.
    ///
    /// # Safety
    /// As for `vwarn`; call it as a C variadic function.
    fn warnx(fmt: *const c_char) -> () => vwarnx
}

limpet_va::variadic! {
    /// `err(status, fmt, ...)`—`verr` over the variadic arguments: never returns.
    ///
    /// # Safety
    /// As for `vwarn`; call it as a C variadic function.
    fn err(status: c_int, fmt: *const c_char) -> () => verr
}

limpet_va::variadic! {
    /// `errx(status, fmt, ...)`—`verrx` over the variadic arguments: never returns.
    ///
    /// # Safety
    /// As for `vwarn`; call it as a C variadic function.
    fn errx(status: c_int, fmt: *const c_char) -> () => verrx
}
