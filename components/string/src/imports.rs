//! The C symbols this crate takes from other components. The allocator is reached through
//! its C symbols, not a Rust path, so that a program that defines its own `malloc` gets the
//! memory of `strdup` and its kin from it too (in the std tests, the host's).
use core::ffi::c_void;

// limpet-malloc: the allocator, through its C symbols so that a program's own malloc
// replaces it everywhere.
unsafe extern "C" {
    pub(crate) fn malloc(n: usize) -> *mut c_void;
}
