//! `sigaction`, over `rt_sigaction` with limpet's own restorer.
use core::ffi::{c_int, c_ulong};
use core::ptr;

use limpet_syscall::{errno::EINVAL, nr, ret_errno, set_errno, syscall4};

use crate::abi::{KERNEL_SIGSET_BYTES, KSigAction, SA_RESTORER, SIG_DFL, SIG_IGN, SigAction, SigSet};
use crate::sigset::{reserved, valid};

/// `sigaction(sig, act, old)`—Installs `act` (if not null) as the action for `sig` and
/// stores the previous one in `old` (if not null). Returns 0, or -1 with `EINVAL` for an
/// invalid or reserved signal (and whatever the kernel reports, e.g. `EINVAL` for
/// `SIGKILL`). As in musl, `old->sa_flags` is what the kernel reports (it carries
/// `SA_RESTORER`) and only the kernel's 64 bits of `old->sa_mask` are written.
///
/// # Safety
/// `act` must be null or readable, `old` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigaction(sig: c_int, act: *const SigAction, old: *mut SigAction) -> c_int {
    if !valid(sig) || reserved(sig) {
        set_errno(EINVAL);
        return -1;
    }
    let mut knew = KSigAction::default();
    if !act.is_null() {
        // SAFETY: the caller passes a readable action.
        let a = unsafe { &*act };
        let restorer = crate::arch::restorer();
        let flags = if restorer.is_some() { a.flags | SA_RESTORER } else { a.flags };
        knew = KSigAction {
            handler: a.handler,
            flags: flags as u32 as c_ulong,
            restorer: restorer.unwrap_or(0),
            mask: a.mask.bits[0],
        };
    }
    let mut kold = KSigAction::default();
    let newp = if act.is_null() { ptr::null() } else { &raw const knew };
    if !act.is_null() && knew.handler != SIG_DFL && knew.handler != SIG_IGN {
        // Before the kernel has it, so no window where the handler is set and not noted.
        limpet_syscall::caught::note(sig);
    }
    // SAFETY: both kernel structs are valid for the call.
    let r = ret_errno(unsafe {
        syscall4(nr::RT_SIGACTION, sig as usize, newp as usize, &raw mut kold as usize, KERNEL_SIGSET_BYTES)
    });
    if r == 0 && !old.is_null() {
        // SAFETY: the caller passes a writable action.
        unsafe {
            (*old).handler = kold.handler;
            (*old).flags = kold.flags as c_int;
            (*old).mask.bits[0] = kold.mask;
        }
    }
    r as c_int
}

/// Installs `handler` for `sig` with `flags` and an empty mask; returns the old handler.
/// The shared core of `signal`, `bsd_signal`, `__sysv_signal` and `sigset`.
pub(crate) fn install(sig: c_int, handler: usize, flags: c_int) -> Result<usize, ()> {
    let act = SigAction { handler, mask: SigSet::EMPTY, flags, restorer: None };
    let mut old = SigAction { handler: 0, mask: SigSet::EMPTY, flags: 0, restorer: None };
    // SAFETY: both actions are valid locals.
    if unsafe { sigaction(sig, &act, &mut old) } < 0 { Err(()) } else { Ok(old.handler) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::*;
    use std::sync::atomic::{AtomicI32, Ordering};

    static SEEN: AtomicI32 = AtomicI32::new(0);

    extern "C" fn note(sig: c_int) {
        SEEN.store(sig, Ordering::SeqCst);
    }

    unsafe extern "C" {
        fn raise(sig: c_int) -> c_int;
    }

    #[test]
    fn installed_handler_runs_and_is_reported_back() {
        let act = SigAction { handler: note as *const () as usize, mask: SigSet::EMPTY, flags: 0, restorer: None };
        let mut old = SigAction { handler: 7, mask: SigSet::EMPTY, flags: 0, restorer: None };
        assert_eq!(unsafe { sigaction(SIGUSR2, &act, &mut old) }, 0);
        assert_eq!(old.handler, SIG_DFL);
        unsafe { raise(SIGUSR2) };
        assert_eq!(SEEN.load(Ordering::SeqCst), SIGUSR2);
        assert_eq!(unsafe { sigaction(SIGUSR2, core::ptr::null(), &mut old) }, 0);
        assert_eq!(old.handler, note as *const () as usize);
        // Where limpet passes its own restorer the kernel reports the flag back.
        assert_eq!(old.flags & SA_RESTORER != 0, crate::arch::restorer().is_some());
        let dfl = SigAction { handler: SIG_DFL, mask: SigSet::EMPTY, flags: 0, restorer: None };
        assert_eq!(unsafe { sigaction(SIGUSR2, &dfl, core::ptr::null_mut()) }, 0);
    }

    #[test]
    fn reserved_and_invalid_signals_are_refused() {
        for sig in [0, 32, 33, 34, 65] {
            assert_eq!(unsafe { sigaction(sig, core::ptr::null(), core::ptr::null_mut()) }, -1);
            assert_eq!(std::io::Error::last_os_error().raw_os_error(), Some(EINVAL));
        }
        let act = SigAction { handler: SIG_IGN, mask: SigSet::EMPTY, flags: 0, restorer: None };
        assert_eq!(unsafe { sigaction(SIGKILL, &act, core::ptr::null_mut()) }, -1);
    }
}
