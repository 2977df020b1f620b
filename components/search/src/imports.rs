//! The C symbols this crate takes from other components, none of them a dependency of this
//! one: the allocator (a program's own `malloc` replaces it everywhere), which holds the
//! hash tables and the tree nodes; limpet-string's `strlen` and `strcmp`, with which the
//! hash table measures a key (to hash it a word at a time) and compares two.
use core::ffi::{c_char, c_int, c_void};

// limpet-malloc.
unsafe extern "C" {
    pub(crate) fn malloc(n: usize) -> *mut c_void;
    pub(crate) fn free(p: *mut c_void);
}

// limpet-string.
unsafe extern "C" {
    pub(crate) fn strlen(s: *const c_char) -> usize;
    pub(crate) fn strcmp(a: *const c_char, b: *const c_char) -> c_int;
}
