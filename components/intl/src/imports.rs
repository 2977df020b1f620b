//! The C symbols this crate takes from other components, none of them a dependency of this
//! one: the allocator (a program's own `malloc` replaces it everywhere), which holds the
//! copies of domain names and directories, the loaded-catalog records and the `nl_catd`
//! handles.
use core::ffi::c_void;

// limpet-malloc.
unsafe extern "C" {
    pub(crate) fn malloc(n: usize) -> *mut c_void;
    pub(crate) fn free(p: *mut c_void);
}
