//! The System V signal interface (`sigset`, `sighold`, `sigrelse`, `sigignore`,
//! `sigpause`) and `siginterrupt`, over `sigaction` and `sigprocmask`.
use core::ffi::c_int;
use core::ptr;

use crate::abi::{SA_RESTART, SIG_BLOCK, SIG_ERR, SIG_IGN, SIG_UNBLOCK, SigAction, SigHandler, SigSet};
use crate::sigaction::{install, sigaction};
use crate::sigprocmask::sigprocmask;
use crate::sigset::{sigaddset, sigdelset, sigismember};
use crate::sigwait::sigsuspend;

/// `SIG_HOLD`: as a `sigset` handler, blocks the signal instead.
pub const SIG_HOLD: SigHandler = 2;

/// A set holding only `sig`, or `None` (errno `EINVAL`) for an invalid or reserved signal.
fn only(sig: c_int) -> Option<SigSet> {
    let mut s = SigSet::EMPTY;
    // SAFETY: `s` is a local.
    (unsafe { sigaddset(&mut s, sig) } == 0).then_some(s)
}

/// Blocks (`how` = `SIG_BLOCK`) or unblocks one signal.
fn mask_one(how: c_int, sig: c_int) -> c_int {
    match only(sig) {
        // SAFETY: `s` is a local.
        Some(s) => unsafe { sigprocmask(how, &s, ptr::null_mut()) },
        None => -1,
    }
}

/// `sighold(sig)`—Blocks `sig`. Returns 0, or -1 with `EINVAL`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sighold(sig: c_int) -> c_int {
    mask_one(SIG_BLOCK, sig)
}

/// `sigrelse(sig)`—Unblocks `sig`. Returns 0, or -1 with `EINVAL`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sigrelse(sig: c_int) -> c_int {
    mask_one(SIG_UNBLOCK, sig)
}

/// `sigignore(sig)`—Sets `sig` to `SIG_IGN`. Returns 0, or -1 with errno set.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sigignore(sig: c_int) -> c_int {
    if install(sig, SIG_IGN, 0).is_ok() { 0 } else { -1 }
}

/// `sigpause(sig)`—Waits for a signal with `sig` removed from the current mask; returns -1
/// with `EINTR` after a handler ran.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sigpause(sig: c_int) -> c_int {
    let mut mask = SigSet::EMPTY;
    // SAFETY: `mask` is a local.
    unsafe {
        sigprocmask(SIG_BLOCK, ptr::null(), &mut mask);
        sigdelset(&mut mask, sig);
        sigsuspend(&mask)
    }
}

/// `siginterrupt(sig, flag)`—Makes `sig`'s handler interrupt system calls (`flag` != 0) or
/// restart them. Returns 0, or -1 with errno set.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn siginterrupt(sig: c_int, flag: c_int) -> c_int {
    let mut sa = SigAction { handler: 0, mask: SigSet::EMPTY, flags: 0, restorer: None };
    // SAFETY: `sa` is a local.
    if unsafe { sigaction(sig, ptr::null(), &mut sa) } < 0 {
        return -1;
    }
    if flag != 0 {
        sa.flags &= !SA_RESTART;
    } else {
        sa.flags |= SA_RESTART;
    }
    // SAFETY: as above.
    unsafe { sigaction(sig, &sa, ptr::null_mut()) }
}

/// `sigset(sig, handler)`—Installs `handler` and unblocks `sig`, or blocks `sig` when
/// `handler` is `SIG_HOLD`. Returns `SIG_HOLD` if `sig` was blocked before, else the old
/// handler; `SIG_ERR` with errno set on error.
///
/// # Safety
/// `handler` must be `SIG_DFL`, `SIG_IGN`, `SIG_HOLD` or a function safe to run as a handler.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigset(sig: c_int, handler: SigHandler) -> SigHandler {
    let Some(set) = only(sig) else { return SIG_ERR };
    let mut old_mask = SigSet::EMPTY;
    let old_handler = if handler == SIG_HOLD {
        let mut sa = SigAction { handler: 0, mask: SigSet::EMPTY, flags: 0, restorer: None };
        // SAFETY: locals only.
        if unsafe { sigaction(sig, ptr::null(), &mut sa) } < 0
            || unsafe { sigprocmask(SIG_BLOCK, &set, &mut old_mask) } < 0
        {
            return SIG_ERR;
        }
        sa.handler
    } else {
        let Ok(h) = install(sig, handler, 0) else { return SIG_ERR };
        // SAFETY: locals only.
        if unsafe { sigprocmask(SIG_UNBLOCK, &set, &mut old_mask) } < 0 {
            return SIG_ERR;
        }
        h
    };
    // SAFETY: a local set.
    if unsafe { sigismember(&old_mask, sig) } == 1 { SIG_HOLD } else { old_handler }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::*;

    extern "C" fn nothing(_: c_int) {}

    fn blocked(sig: c_int) -> bool {
        let mut m = SigSet::EMPTY;
        unsafe { sigprocmask(SIG_BLOCK, ptr::null(), &mut m) };
        unsafe { sigismember(&m, sig) == 1 }
    }

    #[test]
    fn hold_release_and_sigset_report_the_state() {
        std::thread::spawn(|| {
            assert_eq!(sighold(SIGTERM), 0);
            assert!(blocked(SIGTERM));
            assert_eq!(sigrelse(SIGTERM), 0);
            assert!(!blocked(SIGTERM));
            assert_eq!(sighold(33), -1);
            assert_eq!(unsafe { sigset(SIGTERM, SIG_HOLD) }, SIG_DFL);
            assert!(blocked(SIGTERM));
            assert_eq!(unsafe { sigset(SIGTERM, nothing as *const () as usize) }, SIG_HOLD);
            assert!(!blocked(SIGTERM));
            assert_eq!(unsafe { sigset(SIGTERM, SIG_DFL) }, nothing as *const () as usize);
            assert_eq!(siginterrupt(SIGTERM, 1), 0);
            assert_eq!(sigignore(SIGTERM), 0);
            assert_eq!(unsafe { sigset(SIGTERM, SIG_DFL) }, SIG_IGN);
        })
        .join()
        .unwrap();
    }
}
