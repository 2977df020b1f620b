//! The C symbols this crate takes from other components, neither of which is a dependency
//! of this one: the allocator, which stays a C import everywhere so that a program's own
//! `malloc` replaces it, and the thread library, which only `SIGEV_THREAD` timers need, so
//! the crate builds without it.
use core::ffi::{c_int, c_void};

use limpet_abi::pthread::PthreadAttr;

// limpet-malloc: the allocator, through its C symbols so that a program's own malloc
// replaces it everywhere. A `SIGEV_THREAD` timer's record comes from it.
unsafe extern "C" {
    pub(crate) fn malloc(n: usize) -> *mut c_void;
    pub(crate) fn free(p: *mut c_void);
}

// limpet-pthread: the detached helper thread of each `SIGEV_THREAD` timer.
unsafe extern "C" {
    pub(crate) fn pthread_attr_init(attr: *mut PthreadAttr) -> c_int;
    pub(crate) fn pthread_attr_setdetachstate(attr: *mut PthreadAttr, state: c_int) -> c_int;
    pub(crate) fn pthread_create(
        th: *mut usize,
        attr: *const PthreadAttr,
        start: unsafe extern "C" fn(*mut c_void) -> *mut c_void,
        arg: *mut c_void,
    ) -> c_int;
}
