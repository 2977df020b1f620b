//! `sched_yield`.
use core::ffi::c_int;

use limpet_syscall::{nr, ret_errno, syscall0};

/// `sched_yield()`—Lets other runnable threads run before the caller continues. 0, or -1
/// with errno set (Linux never fails it).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sched_yield() -> c_int {
    // SAFETY: sched_yield takes no arguments.
    ret_errno(unsafe { syscall0(nr::SCHED_YIELD) }) as c_int
}

#[cfg(test)]
mod tests {
    #[test]
    fn yields() {
        assert_eq!(super::sched_yield(), 0);
    }
}
