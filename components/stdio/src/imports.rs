//! The C symbols this crate takes from other components, neither of which is a dependency
//! of this one. The environment (`environ`) and errno are Rust paths instead (limpet-start,
//! limpet-syscall).
//! - The allocator stays a C import so that a program's own `malloc` replaces it: the
//!   memory `getline`, `open_memstream` and `asprintf` hand out is the program's to `free`.
//! - The string functions are limpet-string's, reached through their C symbols so that the
//!   crate builds without that component; with it, `memchr` is its vector scan.
use core::ffi::{c_char, c_int, c_void};

// limpet-malloc: the allocator, through its C symbols so that a program's own malloc
// replaces it everywhere.
unsafe extern "C" {
    pub(crate) fn malloc(n: usize) -> *mut c_void;
    pub(crate) fn realloc(p: *mut c_void, n: usize) -> *mut c_void;
    pub(crate) fn free(p: *mut c_void);
}

// limpet-string: the byte search under `getline` and `fgets`, and errno's messages for
// `perror` and `%m`.
unsafe extern "C" {
    pub(crate) fn memchr(s: *const c_void, c: c_int, n: usize) -> *mut c_void;
    pub(crate) fn strerror(e: c_int) -> *mut c_char;
}
