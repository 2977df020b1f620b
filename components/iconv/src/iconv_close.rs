//! `iconv_close`.
use crate::descriptor::{self, iconv_t};
use crate::imports::free;
use core::ffi::c_int;
use limpet_abi::errno::EBADF;
use limpet_syscall::set_errno;

/// `int iconv_close(iconv_t cd);`
///
/// Frees the descriptor. Returns 0, or -1 with EBADF for `(iconv_t)-1`, a null pointer or
/// a descriptor already closed (as long as its memory was not reused).
///
/// # Safety
/// `cd` came from `iconv_open` and is not in use by another thread.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn iconv_close(cd: iconv_t) -> c_int {
    // SAFETY: cd is what iconv_open returned (the contract).
    let Some(d) = (unsafe { descriptor::get(cd) }) else {
        set_errno(EBADF);
        return -1;
    };
    // The tag goes first, so a second close of memory not yet reused is caught.
    d.tag = 0;
    // SAFETY: cd was allocated by iconv_open's malloc and nothing uses it any more.
    unsafe { free(cd) };
    0
}
