//! The C symbols this crate takes from other components. The allocator is no dependency of
//! this crate (limpet-malloc builds on limpet-start, as this crate does), and is reached
//! through its C symbols in any case, so that a program's own `malloc` serves this crate too.
use core::ffi::c_void;

// limpet-malloc: the allocator, through its C symbols so that a program's own malloc
// replaces it everywhere. `pthread_atfork` grows its table with it.
unsafe extern "C" {
    pub(crate) fn malloc(n: usize) -> *mut c_void;
    pub(crate) fn free(p: *mut c_void);
}
