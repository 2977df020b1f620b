//! The C symbols this crate takes from other components. The allocator is reached through
//! its C symbols, not a Rust path (limpet-malloc is no dependency of this crate), so that a
//! program that defines its own `malloc` gets the memory of `realpath` and `setenv` from it
//! too, and frees what they allocate with its own `free`.
use core::ffi::c_void;

// limpet-malloc: the allocator, through its C symbols so that a program's own malloc
// replaces it everywhere.
unsafe extern "C" {
    pub(crate) fn malloc(n: usize) -> *mut c_void;
    pub(crate) fn realloc(p: *mut c_void, n: usize) -> *mut c_void;
    pub(crate) fn free(p: *mut c_void);
}
