//! `pthread_kill`.
use core::ffi::c_int;

use limpet_abi::signal::NSIG;
use limpet_syscall::errno::EINVAL;
use limpet_syscall::{nr, result, syscall2};

use crate::descriptor::Pthread;
use crate::tid::with_live_tid;

/// `pthread_kill(t, sig)`—Sends signal `sig` to thread `t` of this process; `sig` 0 sends
/// nothing and only checks. Returns 0 or the error: `EINVAL` for a bad signal number, what
/// the kernel says otherwise. As in musl, a thread that has ended but not been joined gets
/// nothing and the call returns 0.
///
/// # Safety
/// `t` must be a thread of this process that has not been joined or freed (detached and
/// ended).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_kill(t: *mut Pthread, sig: c_int) -> c_int {
    if !(0..NSIG).contains(&sig) {
        return EINVAL;
    }
    // SAFETY: tkill with a live thread's id and a checked signal number.
    with_live_tid(t, |tid| result(unsafe { syscall2(nr::TKILL, tid as usize, sig as usize) }).err().unwrap_or(0))
        .unwrap_or(0)
}
