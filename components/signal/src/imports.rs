//! The C symbols this crate takes from other components. Neither provider is a dependency
//! of this crate, and both stay replaceable by the program: `psignal` writes through the
//! program's `stderr` stream with whatever stdio functions the program links.
use core::ffi::{c_char, c_int, c_void};

// limpet-stdio: the standard error stream and what `psignal` writes its pieces with. The
// constant pieces go through `fwrite` and `fputc`, which is what LLVM would make of an
// `fputs` of a constant string anyway, so the object imports exactly what is listed.
unsafe extern "C" {
    pub(crate) static stderr: *mut c_void;
    pub(crate) fn fputs(s: *const c_char, f: *mut c_void) -> c_int;
    pub(crate) fn fputc(c: c_int, f: *mut c_void) -> c_int;
    pub(crate) fn fwrite(p: *const c_void, size: usize, n: usize, f: *mut c_void) -> usize;
}

// limpet-string: the signal descriptions.
unsafe extern "C" {
    pub(crate) fn strsignal(sig: c_int) -> *mut c_char;
}
