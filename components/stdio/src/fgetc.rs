//! `fgetc`, `getc`, `getchar` and their unlocked forms: one byte from a stream.
use core::ffi::c_int;

use crate::file::{FILE, STDIN_FILE};

/// `fgetc(f)`—Reads the next byte of `f`. Returns it as an `unsigned char` converted to
/// `int`, or `EOF` at end of file (`feof` set) or after a read error (`ferror` and errno set).
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fgetc(f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for `f`.
    unsafe { &*f }.with_lock(|s| s.get_byte())
}

/// `getc(f)`—The same as `fgetc`; a function in musl, not a macro.
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getc(f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for `f`.
    unsafe { &*f }.with_lock(|s| s.get_byte())
}

/// `_IO_getc(f)`—glibc's name for `getc`, which musl exports too.
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[allow(non_snake_case)]
pub unsafe extern "C" fn _IO_getc(f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for `f`.
    unsafe { &*f }.with_lock(|s| s.get_byte())
}

/// `getchar()`—`fgetc(stdin)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getchar() -> c_int {
    STDIN_FILE.with_lock(|s| s.get_byte())
}

/// `fgetc_unlocked(f)`—`fgetc` on a stream the caller holds.
///
/// # Safety
/// `f` must point to a live `FILE` that the caller holds (`flockfile`) or alone uses.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fgetc_unlocked(f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for `f` and holds it.
    unsafe { (*f).unlocked() }.get_byte()
}

/// `getc_unlocked(f)`—`getc` on a stream the caller holds.
///
/// # Safety
/// As for `fgetc_unlocked`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getc_unlocked(f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for `f` and holds it.
    unsafe { (*f).unlocked() }.get_byte()
}

/// `_IO_getc_unlocked(f)`—glibc's name for `getc_unlocked`, which musl exports too.
///
/// # Safety
/// As for `fgetc_unlocked`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[allow(non_snake_case)]
pub unsafe extern "C" fn _IO_getc_unlocked(f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for `f` and holds it.
    unsafe { (*f).unlocked() }.get_byte()
}

/// `getchar_unlocked()`—`getc_unlocked(stdin)`.
///
/// # Safety
/// The caller holds stdin (`flockfile`) or is the only thread using it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getchar_unlocked() -> c_int {
    // SAFETY: the caller holds stdin.
    unsafe { STDIN_FILE.unlocked() }.get_byte()
}
