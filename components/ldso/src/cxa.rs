//! `__cxa_thread_atexit_impl`: destructors of C++ `thread_local` objects (and of Rust's
//! thread locals), run when the registering thread ends, most recent first. A module that
//! registered one stays loaded until it has run.
use core::ffi::{c_int, c_void};
use core::ptr;

use limpet_start::hooks::{ExitHook, at_exit_first};

use crate::thread::{Dtor, PerThread};

/// `exit` runs the calling thread's destructors first of all, before the atexit handlers
/// (glibc does the same for the thread that calls `exit`).
static AT_EXIT: ExitHook = ExitHook::new(run_own);

fn run_own() {
    let t = crate::thread::get();
    if !t.is_null() {
        // SAFETY: the calling thread's own state.
        unsafe { run_thread_dtors(t) };
    }
}

/// `__cxa_thread_atexit_impl(dtor, obj, dso_symbol)`—Registers `dtor(obj)` to run when the
/// calling thread ends (or calls `exit`); `dso_symbol` is an address in the registering
/// module, which stays loaded until then. 0 on success, -1 when out of memory.
///
/// # Safety
/// `dtor` must be callable with `obj` until the thread ends.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __cxa_thread_atexit_impl(
    dtor: unsafe extern "C" fn(*mut c_void),
    obj: *mut c_void,
    dso_symbol: *mut c_void,
) -> c_int {
    let t = crate::thread::get();
    if t.is_null() {
        return -1;
    }
    at_exit_first(&AT_EXIT);
    let _g = crate::lock::lock();
    // SAFETY: under the lock: the heap, and the module list to pin the module.
    unsafe {
        let node = crate::heap::alloc(size_of::<Dtor>(), align_of::<Dtor>()) as *mut Dtor;
        if node.is_null() {
            return -1;
        }
        let st = crate::state::get();
        let dso = if st.dynamic { st.module_at(dso_symbol as usize).unwrap_or(ptr::null_mut()) } else { ptr::null_mut() };
        if !dso.is_null() {
            (*dso).life.pins += 1;
        }
        node.write(Dtor { f: dtor, obj, dso, next: (*t).dtors });
        (*t).dtors = node;
    }
    0
}

/// Runs the thread's registered destructors, including ones they register, then releases
/// the modules they pinned.
///
/// # Safety
/// `t` is the calling thread's state.
pub unsafe fn run_thread_dtors(t: *mut PerThread) {
    // SAFETY: each node is taken off the list (under the lock) before its destructor runs
    // without it; the node is freed after.
    unsafe {
        loop {
            let node = {
                let _g = crate::lock::lock();
                let n = (*t).dtors;
                if n.is_null() {
                    return;
                }
                (*t).dtors = (*n).next;
                n
            };
            ((*node).f)((*node).obj);
            let _g = crate::lock::lock();
            let dso = (*node).dso;
            crate::heap::free(node.cast(), size_of::<Dtor>(), align_of::<Dtor>());
            if !dso.is_null() {
                (*dso).life.pins -= 1;
                if (*dso).life.pins == 0 {
                    crate::unload::sweep();
                }
            }
        }
    }
}
