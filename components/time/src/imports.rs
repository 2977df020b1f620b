//! The C symbols this crate takes from other components, neither of which is a dependency
//! of this one: the allocator, which stays a C import everywhere so that a program's own
//! `malloc` replaces it, and the thread library, which only `SIGEV_THREAD` timers need, so
//! the crate builds without it.
use core::ffi::{c_int, c_void};

use crate::timer_thread::ATTR_WORDS;

// limpet-malloc: the allocator, through its C symbols so that a program's own malloc
// replaces it everywhere. A `SIGEV_THREAD` timer's record comes from it.
unsafe extern "C" {
    pub(crate) fn malloc(n: usize) -> *mut c_void;
    pub(crate) fn free(p: *mut c_void);
}

// limpet-pthread: the detached helper thread of each `SIGEV_THREAD` timer.
unsafe extern "C" {
    pub(crate) fn pthread_attr_init(attr: *mut [u64; ATTR_WORDS]) -> c_int;
    pub(crate) fn pthread_attr_setdetachstate(attr: *mut [u64; ATTR_WORDS], state: c_int) -> c_int;
    pub(crate) fn pthread_create(
        th: *mut usize,
        attr: *const [u64; ATTR_WORDS],
        start: unsafe extern "C" fn(*mut c_void) -> *mut c_void,
        arg: *mut c_void,
    ) -> c_int;
}
