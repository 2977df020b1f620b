//! The C symbols this crate takes from other components. The allocator is no dependency of
//! this crate, and is reached through its C symbols in any case, so that a program's own
//! `malloc` serves the named maps and the locale objects too.
use core::ffi::c_void;

// limpet-malloc: the allocator, through its C symbols so that a program's own malloc
// replaces it everywhere.
unsafe extern "C" {
    pub(crate) fn malloc(n: usize) -> *mut c_void;
    pub(crate) fn free(p: *mut c_void);
}
