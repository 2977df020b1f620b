//! The C symbols this crate takes from other components, none of them a dependency of this
//! one: the allocator (a program's own `malloc` replaces it everywhere), which holds the
//! conversion descriptors, and limpet-string's `strlen`, which measures the names.
use core::ffi::{c_char, c_void};

// limpet-malloc.
unsafe extern "C" {
    pub(crate) fn malloc(n: usize) -> *mut c_void;
    pub(crate) fn free(p: *mut c_void);
}

// limpet-string.
unsafe extern "C" {
    pub(crate) fn strlen(s: *const c_char) -> usize;
}
