//! `signal` and its historical spellings.
use core::ffi::c_int;

use crate::abi::{SA_NODEFER, SA_RESETHAND, SA_RESTART, SIG_ERR, SigHandler};
use crate::sigaction::install;

/// `signal(sig, func)`—Sets the handler of `sig` with BSD semantics, as musl does:
/// interrupted system calls restart (`SA_RESTART`) and the handler stays installed with `sig`
/// blocked while it runs. Returns the previous handler, or `SIG_ERR` with errno set.
///
/// # Safety
/// `func` must be `SIG_DFL`, `SIG_IGN` or a function safe to run as a signal handler.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn signal(sig: c_int, func: SigHandler) -> SigHandler {
    install(sig, func, SA_RESTART).unwrap_or(SIG_ERR)
}

/// `bsd_signal(sig, func)`—The same as [`signal`].
///
/// # Safety
/// As for [`signal`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn bsd_signal(sig: c_int, func: SigHandler) -> SigHandler {
    install(sig, func, SA_RESTART).unwrap_or(SIG_ERR)
}

/// `__sysv_signal(sig, func)`—System V `signal`: the handler is reset to `SIG_DFL` when it
/// runs, `sig` is not blocked meanwhile, and system calls are not restarted.
///
/// # Safety
/// As for [`signal`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __sysv_signal(sig: c_int, func: SigHandler) -> SigHandler {
    install(sig, func, SA_RESETHAND | SA_NODEFER).unwrap_or(SIG_ERR)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::*;
    use crate::sigaction::sigaction;

    extern "C" fn nothing(_: c_int) {}

    #[test]
    fn signal_uses_restart_and_returns_the_old_handler() {
        // SIGHUP's disposition is inherited (ignored under nohup): start from the default.
        unsafe { signal(SIGHUP, SIG_DFL) };
        assert_eq!(unsafe { signal(SIGHUP, nothing as *const () as usize) }, SIG_DFL);
        let mut old = SigAction { handler: 0, mask: SigSet::EMPTY, flags: 0, restorer: None };
        unsafe { sigaction(SIGHUP, core::ptr::null(), &mut old) };
        assert_ne!(old.flags & SA_RESTART, 0);
        assert_eq!(unsafe { __sysv_signal(SIGHUP, SIG_DFL) }, nothing as *const () as usize);
        assert_eq!(unsafe { signal(0, SIG_IGN) }, SIG_ERR);
        assert_eq!(unsafe { bsd_signal(SIGHUP, SIG_DFL) }, SIG_DFL);
    }
}
