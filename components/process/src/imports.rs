//! The C symbols this crate takes from other components. The environment and errno are Rust
//! paths (limpet-start's `environ` and `getenv`, limpet-syscall's errno); only the allocator
//! stays a C import, so that a program's own `malloc` holds the file actions `posix_spawn`
//! records too.
use core::ffi::c_void;

// limpet-malloc: the allocator, through its C symbols so that a program's own malloc
// replaces it everywhere.
unsafe extern "C" {
    pub(crate) fn malloc(n: usize) -> *mut c_void;
    pub(crate) fn free(p: *mut c_void);
}
