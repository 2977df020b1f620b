//! The C symbols this crate takes from other components, none of them a dependency of this
//! one: the allocator (a program's own `malloc` replaces it everywhere) and the thread
//! library, whose threads carry the requests and whose cancellation stops one.
use core::ffi::{c_int, c_void};

use limpet_abi::pthread::{Ptcb, PthreadAttr};


// limpet-malloc: the requests' records and `lio_listio`'s waiter's list.
unsafe extern "C" {
    pub(crate) fn malloc(n: usize) -> *mut c_void;
    pub(crate) fn free(p: *mut c_void);
}

// limpet-pthread: one detached thread per request; `aio_cancel` cancels it.
unsafe extern "C" {
    pub(crate) fn pthread_attr_init(attr: *mut PthreadAttr) -> c_int;
    pub(crate) fn pthread_attr_setdetachstate(attr: *mut PthreadAttr, state: c_int) -> c_int;
    pub(crate) fn pthread_attr_setstacksize(attr: *mut PthreadAttr, size: usize) -> c_int;
    pub(crate) fn pthread_create(
        th: *mut usize,
        attr: *const PthreadAttr,
        start: unsafe extern "C" fn(*mut c_void) -> *mut c_void,
        arg: *mut c_void,
    ) -> c_int;
    pub(crate) fn pthread_cancel(th: usize) -> c_int;
    pub(crate) fn pthread_setcancelstate(state: c_int, old: *mut c_int) -> c_int;
    pub(crate) fn _pthread_cleanup_push(cb: *mut Ptcb, f: Option<unsafe extern "C" fn(*mut c_void)>, x: *mut c_void);
    pub(crate) fn _pthread_cleanup_pop(cb: *mut Ptcb, run: c_int);
}
