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

/// `_IO_putc(c, f)`—glibc's name for `putc`, which musl exports too.
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[allow(non_snake_case)]
pub unsafe extern "C" fn _IO_putc(c: c_int, f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for `f`.
    unsafe { &*f }.with_lock(|s| put(s, c))
}

/// `fputc_unlocked(c, f)`—`fputc` on a stream the caller holds.
///
/// # Safety
/// `f` must point to a live `FILE` that the caller holds (`flockfile`) or alone uses.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fputc_unlocked(c: c_int, f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for `f` and holds it.
    put(unsafe { (*f).unlocked() }, c)
}

/// `putc_unlocked(c, f)`—`putc` on a stream the caller holds.
///
/// # Safety
/// As for `fputc_unlocked`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn putc_unlocked(c: c_int, f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for `f` and holds it.
    put(unsafe { (*f).unlocked() }, c)
}

/// `_IO_putc_unlocked(c, f)`—glibc's name for `putc_unlocked`, which musl exports too.
///
/// # Safety
/// As for `fputc_unlocked`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[allow(non_snake_case)]
pub unsafe extern "C" fn _IO_putc_unlocked(c: c_int, f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for `f` and holds it.
    put(unsafe { (*f).unlocked() }, c)
}

/// `putchar_unlocked(c)`—`putc_unlocked(c, stdout)`.
///
/// # Safety
/// The caller holds stdout (`flockfile`) or is the only thread using it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn putchar_unlocked(c: c_int) -> c_int {
    // SAFETY: the caller holds stdout.
    put(unsafe { STDOUT_FILE.unlocked() }, c)
}
