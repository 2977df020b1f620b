//! The C symbols this crate takes from other components: limpet-stdio's standard error
//! stream and the functions that write to it, and limpet-string's `strerror`. None of them
//! is a Rust dependency, so a program's own definitions take their place. The constant
//! pieces of a message go through `fwrite` (`put`), which is what LLVM makes of an `fputs`
//! of a constant string anyway, so the objects import exactly what is listed.
use core::ffi::{c_char, c_int, c_void};

use limpet_va::VaList;

unsafe extern "C" {
    pub(crate) static stderr: *mut c_void;
    pub(crate) fn fputs(s: *const c_char, f: *mut c_void) -> c_int;
    pub(crate) fn fputc(c: c_int, f: *mut c_void) -> c_int;
    pub(crate) fn fwrite(p: *const c_void, size: usize, n: usize, f: *mut c_void) -> usize;
    pub(crate) fn vfprintf(f: *mut c_void, fmt: *const c_char, ap: VaList) -> c_int;
    pub(crate) fn vsnprintf(buf: *mut c_char, size: usize, fmt: *const c_char, ap: VaList) -> c_int;
}

unsafe extern "C" {
    pub(crate) fn strerror(e: c_int) -> *mut c_char;
}

/// Writes a constant piece to `stderr`.
pub(crate) fn put(s: &[u8]) {
    // SAFETY: `s` is valid for its length; `stderr` is stdio's stream.
    unsafe { fwrite(s.as_ptr().cast(), 1, s.len(), stderr) };
}
