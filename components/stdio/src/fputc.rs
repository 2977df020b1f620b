//! `fputc`, `putc`, `putchar`: one byte onto a stream.
use core::ffi::c_int;

use crate::abi::EOF;
use crate::file::{FILE, STDOUT_FILE, State};

/// Writes `c` converted to `unsigned char`; returns it, or `EOF` after a write error.
fn put(s: &mut State, c: c_int) -> c_int {
    let b = c as u8;
    if s.writable() && s.put_byte(b) { c_int::from(b) } else { EOF }
}

/// `fputc(c, f)`—Writes `c`, converted to `unsigned char`, to `f`. Returns that byte, or
/// `EOF` with the stream's error flag and errno set.
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fputc(c: c_int, f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for `f`.
    unsafe { &*f }.with_lock(|s| put(s, c))
}

/// `putc(c, f)`—The same as `fputc`; a function in musl, not a macro.
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn putc(c: c_int, f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for `f`.
    unsafe { &*f }.with_lock(|s| put(s, c))
}

/// `putchar(c)`—`fputc(c, stdout)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn putchar(c: c_int) -> c_int {
    STDOUT_FILE.with_lock(|s| put(s, c))
}
