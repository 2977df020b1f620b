//! `dlerror` and how the dl functions set its message (per thread, as POSIX asks).
use core::ffi::c_char;
use core::ptr;

use crate::diag::{MSG_MAX, Msg};

/// Makes `m` the calling thread's pending `dlerror` message.
pub fn set(m: &Msg) {
    let t = crate::thread::get();
    if t.is_null() {
        return;
    }
    let b = m.as_bytes();
    let n = b.len().min(MSG_MAX);
    // SAFETY: the calling thread's own state; `err` has room for MSG_MAX bytes and a NUL.
    unsafe {
        (&mut (*t).err)[..n].copy_from_slice(&b[..n]);
        (*t).err[n] = 0;
        (*t).err_pending = true;
    }
}

/// Sets a message made of `parts`.
pub fn set_parts(parts: &[&[u8]]) {
    let mut m = Msg::new();
    for p in parts {
        m.bytes(p);
    }
    set(&m);
}

/// `dlerror()`—The message of the calling thread's last dl failure since the last call, or
/// null when there was none. The text stays valid until the thread's next `dlerror` call.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn dlerror() -> *mut c_char {
    let t = crate::thread::get();
    if t.is_null() {
        return ptr::null_mut();
    }
    // SAFETY: the calling thread's own state.
    unsafe {
        if !(*t).err_pending {
            return ptr::null_mut();
        }
        (*t).err_pending = false;
        (*t).err.as_mut_ptr().cast()
    }
}
