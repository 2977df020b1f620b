//! `catgets` and `catclose` over the handles `catopen` makes.
use core::ffi::{c_char, c_int};

use limpet_abi::errno::{EBADF, ENOMSG};
use limpet_syscall::set_errno;

use crate::abi::{CATD_ERROR, nl_catd};
use crate::catopen::Handle;

/// `char *catgets(nl_catd catd, int set_id, int msg_id, const char *s)`—Message `msg_id`
/// of set `set_id` in the catalog, or `s` when the catalog has none (errno ENOMSG, as musl
/// and glibc set it) or `catd` is `(nl_catd)-1` or null (EBADF). The message is never
/// written by the caller (it lies in a read-only mapping).
///
/// # Safety
/// `catd` is `(nl_catd)-1`, null, or a handle `catopen` returned that is not closed.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn catgets(catd: nl_catd, set_id: c_int, msg_id: c_int, s: *const c_char) -> *mut c_char {
    if catd.is_null() || catd == CATD_ERROR {
        set_errno(EBADF);
        return s.cast_mut();
    }
    // SAFETY: by the caller's contract `catd` is a live handle.
    let h = unsafe { &*(catd as *const Handle) };
    match h.file.get(set_id, msg_id) {
        Some(msg) => msg.as_ptr().cast::<c_char>().cast_mut(),
        None => {
            set_errno(ENOMSG);
            s.cast_mut()
        }
    }
}

/// `int catclose(nl_catd catd)`—Closes a catalog: its messages are unmapped and the handle
/// freed. Returns 0, or -1 with EBADF for `(nl_catd)-1` or null.
///
/// # Safety
/// `catd` is `(nl_catd)-1`, null, or a handle `catopen` returned that is not closed; no
/// message of it is used after.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn catclose(catd: nl_catd) -> c_int {
    if catd.is_null() || catd == CATD_ERROR {
        set_errno(EBADF);
        return -1;
    }
    let h = catd as *mut Handle;
    // SAFETY: a live handle, which this call ends: its mapping is unmapped once and the
    // allocation freed once.
    unsafe {
        limpet_locale::file::unmap((*h).file.bytes());
        crate::imports::free(h.cast());
    }
    0
}
