//! The C symbols this crate takes from other components, neither a dependency of this one:
//! the allocator (a program's own `malloc` replaces it everywhere) and the thread library,
//! which only `mq_notify`'s `SIGEV_THREAD` needs, so the crate builds without it.
use limpet_abi::pthread::PthreadAttr;
use core::ffi::{c_int, c_void};


// limpet-malloc: the helper thread's record.
unsafe extern "C" {
    pub(crate) fn malloc(n: usize) -> *mut c_void;
    pub(crate) fn free(p: *mut c_void);
}

// limpet-pthread: the detached helper thread of a `SIGEV_THREAD` notification.
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
