//! Thread cancellation: `pthread_cancel`, `pthread_setcancelstate`, `pthread_setcanceltype`
//! and `pthread_testcancel`, and the signal that carries a cancellation to its thread.
//!
//! Each descriptor holds a [`State`] (request flag, enabled or not, deferred or
//! asynchronous). The cancellation points of every component are system calls made through
//! [`limpet_syscall::cancel::syscall_cp`], whose assembly window checks the flag right
//! before the `syscall` instruction; [`install`] points that module at the descriptor and at
//! `act`, once per process (at the first `pthread_create` or `pthread_cancel`, before any
//! thread can be cancelled by another).
//!
//! `pthread_cancel` sets the target's flag, then sends it [`SIGCANCEL`] (33, one of the
//! signals musl reserves, which `sigaction` refuses to programs). The handler does nothing
//! while cancellation is disabled. Otherwise:
//! - asynchronous type: the thread ends at once, from the handler;
//! - deferred, interrupted inside the window (the call not yet made, or about to be
//!   restarted): the handler moves the program counter to the window's cancel exit, so
//!   that when the handler returns the thread acts instead of blocking;
//! - deferred, anywhere else: the next cancellation point acts. The handler leaves
//!   `SIGCANCEL` blocked in the interrupted context and sends it again, so it stays
//!   pending: if the interrupted code was itself a signal handler that had broken into a
//!   window, the signal is delivered again when that handler returns to the window (whose
//!   check has already passed), and acts there.
//!   A thread created meanwhile would inherit the blocked signal, so it unblocks it first
//!   ([`signal_held_back`]).
//!
//! Acting is `pthread_exit(PTHREAD_CANCELED)`: it disables cancellation, runs the cleanup
//! handlers ([`crate::cleanup`]), then the thread-specific-data destructors. A condition
//! wait must retake its mutex before that, so it waits with cancellation *masked* (musl's
//! internal `PTHREAD_CANCEL_MASKED`): the cancellation point then reports `ECANCELED`
//! instead of acting, and the wait acts once it holds the mutex again.
use core::ffi::{c_int, c_ulong, c_void};
use core::sync::atomic::AtomicBool;
use core::sync::atomic::Ordering::{Relaxed, SeqCst};

use limpet_abi::signal::{
    KERNEL_SIGSET_BYTES, KSigAction, SA_ONSTACK, SA_RESTART, SA_RESTORER, SA_SIGINFO, SIG_SETMASK, SIG_UNBLOCK,
};
use limpet_syscall::cancel::{self as cp, DISABLE, ENABLE, State};
use limpet_syscall::errno::{ECANCELED, EINVAL};
use limpet_syscall::{nr, syscall0, syscall3, syscall4};

use crate::descriptor::Pthread;
use crate::exit::pthread_exit;
use crate::tid::with_live_tid;

/// `PTHREAD_CANCELED`: what a cancelled thread's joiner receives.
pub const PTHREAD_CANCELED: *mut c_void = usize::MAX as *mut c_void;
/// `PTHREAD_CANCEL_DEFERRED` and `PTHREAD_CANCEL_ASYNCHRONOUS`.
pub const PTHREAD_CANCEL_DEFERRED: c_int = 0;
pub const PTHREAD_CANCEL_ASYNCHRONOUS: c_int = 1;
/// The signal that carries a cancellation (musl's `SIGCANCEL`).
pub const SIGCANCEL: c_int = 33;

const CANCEL_BIT: u64 = 1 << (SIGCANCEL - 1);

// Offsets in the x86_64 `ucontext_t` the kernel hands a handler: `uc_mcontext.gregs[REG_RIP]`
// and `uc_sigmask` (the mask restored when the handler returns).
const UC_RIP: usize = 168;
const UC_SIGMASK: usize = 296;

static HANDLER_INSTALLED: AtomicBool = AtomicBool::new(false);

fn state(td: *mut Pthread) -> &'static State {
    // SAFETY: callers pass a live descriptor (their own, or a thread not yet joined).
    unsafe { &(*td).cancel }
}

fn current_state() -> *const State {
    state(crate::current())
}

/// Acts on a cancellation, for [`limpet_syscall::cancel`]: ends the thread, unless its
/// cancellation is masked, in which case it disables it and returns `-ECANCELED`.
unsafe extern "C" fn act() -> usize {
    let st = state(crate::current());
    if st.mode.load(Relaxed) == ENABLE || st.asynchronous.load(Relaxed) != 0 {
        pthread_exit(PTHREAD_CANCELED);
    }
    st.mode.store(DISABLE, Relaxed);
    ECANCELED.wrapping_neg() as usize
}

/// Makes the cancellation points of every component live; cheap and idempotent. Must run
/// before a second thread exists, so that no thread can be blocked in a system call made
/// before the points were live when another cancels it: `pthread_create` calls it.
pub fn install() {
    // SAFETY: `current_state` gives each thread its own descriptor's state, which lives as
    // long as the thread; `act` keeps `ActFn`'s contract.
    unsafe { cp::install(current_state, act) };
}

/// Whether the calling thread may have `SIGCANCEL` blocked: the handler blocks it only in
/// a thread with a pending request. A thread it creates inherits its mask, so
/// `pthread_create` asks this, and the new thread then calls [`unblock_signal`] first (as
/// musl clears the signal from a new thread's mask).
pub fn signal_held_back() -> bool {
    state(crate::current()).requested.load(Relaxed) != 0
}

/// Unblocks `SIGCANCEL` for the calling thread.
pub fn unblock_signal() {
    let set = CANCEL_BIT;
    // SAFETY: the kernel reads the local set.
    unsafe { syscall4(nr::RT_SIGPROCMASK, SIG_UNBLOCK as usize, &raw const set as usize, 0, KERNEL_SIGSET_BYTES) };
}

/// The `SIGCANCEL` handler (see the module docs).
unsafe extern "C" fn on_cancel_signal(_sig: c_int, _info: *mut c_void, uc: *mut c_void) {
    let st = state(crate::current());
    if !st.pending() {
        return;
    }
    // SAFETY: `uc` is the kernel's ucontext for this delivery.
    unsafe {
        let mask = uc.cast::<u8>().add(UC_SIGMASK).cast::<u64>();
        *mask |= CANCEL_BIT;
        if st.asynchronous.load(Relaxed) != 0 {
            // The exit runs on from here, under the interrupted code's mask with SIGCANCEL
            // kept blocked.
            syscall4(nr::RT_SIGPROCMASK, SIG_SETMASK as usize, mask as usize, 0, KERNEL_SIGSET_BYTES);
            pthread_exit(PTHREAD_CANCELED);
        }
        let pc = uc.cast::<u8>().add(UC_RIP).cast::<usize>();
        let w = cp::window();
        if w.holds(*pc) {
            *pc = w.cancel;
            return;
        }
        syscall3(nr::TGKILL, syscall0(nr::GETPID), syscall0(nr::GETTID), SIGCANCEL as usize);
    }
}

/// Where the kernel returns after the handler: `rt_sigreturn`.
#[unsafe(naked)]
unsafe extern "C" fn restore_rt() {
    core::arch::naked_asm!("mov eax, {n}", "syscall", "ud2", n = const nr::RT_SIGRETURN)
}

fn install_handler() {
    if HANDLER_INSTALLED.load(Relaxed) {
        return;
    }
    // Every signal is blocked while the handler runs; SA_RESTART makes an interrupted call
    // restart onto its `syscall` instruction, which the handler recognises.
    let act = KSigAction {
        handler: on_cancel_signal as *const () as usize,
        flags: (SA_SIGINFO | SA_ONSTACK | SA_RESTART | SA_RESTORER) as c_ulong,
        restorer: restore_rt as *const () as usize,
        mask: !0,
    };
    // SAFETY: a valid action for a signal no program may install an action for.
    unsafe { syscall4(nr::RT_SIGACTION, SIGCANCEL as usize, &raw const act as usize, 0, KERNEL_SIGSET_BYTES) };
    HANDLER_INSTALLED.store(true, Relaxed);
}

/// `pthread_cancel(t)`—Requests cancellation of thread `t`. It acts at once if `t` has it
/// enabled and asynchronous, else when `t` next reaches a cancellation point with it
/// enabled; `t` then ends as by `pthread_exit(PTHREAD_CANCELED)`. Returns 0, also when `t`
/// has already ended but not been joined.
///
/// # Safety
/// `t` must be a thread that has not been joined or ended detached.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_cancel(t: *mut Pthread) -> c_int {
    install();
    install_handler();
    let st = state(t);
    st.requested.store(1, SeqCst);
    if t == crate::current() {
        if st.mode.load(Relaxed) == ENABLE && st.asynchronous.load(Relaxed) != 0 {
            pthread_exit(PTHREAD_CANCELED);
        }
        return 0;
    }
    // Signalled only while it is still in the thread list ([`crate::tid`]): a thread that
    // has ended gets nothing, and its id cannot have been reused. A thread not yet started
    // will see the flag at its first cancellation point.
    // SAFETY: tgkill takes no pointers.
    with_live_tid(t, |tid| unsafe { syscall3(nr::TGKILL, syscall0(nr::GETPID), tid as usize, SIGCANCEL as usize) });
    0
}

/// `pthread_setcancelstate(state, old)`—Enables (`PTHREAD_CANCEL_ENABLE`) or disables
/// (`PTHREAD_CANCEL_DISABLE`) cancellation of the calling thread, storing the previous state
/// in `*old` unless `old` is null. A request made while disabled waits. `EINVAL` for any
/// other state.
///
/// # Safety
/// `old` must be null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_setcancelstate(new: c_int, old: *mut c_int) -> c_int {
    if new != ENABLE as c_int && new != DISABLE as c_int {
        return EINVAL;
    }
    let prev = state(crate::current()).mode.swap(new as u32, SeqCst);
    if !old.is_null() {
        // SAFETY: per the contract.
        unsafe { *old = prev as c_int };
    }
    0
}

/// `pthread_setcanceltype(type, old)`—Makes cancellation of the calling thread deferred
/// (`PTHREAD_CANCEL_DEFERRED`) or asynchronous (`PTHREAD_CANCEL_ASYNCHRONOUS`), storing the
/// previous type in `*old` unless `old` is null. Switching to asynchronous acts on a
/// pending request at once. `EINVAL` for any other type.
///
/// # Safety
/// `old` must be null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_setcanceltype(new: c_int, old: *mut c_int) -> c_int {
    if new != PTHREAD_CANCEL_DEFERRED && new != PTHREAD_CANCEL_ASYNCHRONOUS {
        return EINVAL;
    }
    let prev = state(crate::current()).asynchronous.swap(new as u32, SeqCst);
    if !old.is_null() {
        // SAFETY: per the contract.
        unsafe { *old = prev as c_int };
    }
    if new == PTHREAD_CANCEL_ASYNCHRONOUS {
        pthread_testcancel();
    }
    0
}

/// `pthread_testcancel()`—A cancellation point that does nothing else: the calling thread
/// ends here if a cancellation is pending and enabled.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn pthread_testcancel() {
    let st = state(crate::current());
    if st.requested.load(SeqCst) != 0 && st.mode.load(Relaxed) == ENABLE {
        pthread_exit(PTHREAD_CANCELED);
    }
}

/// The start of `pthread_exit`: no cancellation acts any more, and the cleanup handlers
/// still pushed run, innermost first.
///
/// # Safety
/// `td` must be the calling thread's descriptor.
pub(crate) unsafe fn unwind(td: *mut Pthread) {
    let st = state(td);
    st.mode.store(DISABLE, SeqCst);
    st.asynchronous.store(0, SeqCst);
    // SAFETY: per the contract.
    unsafe { crate::cleanup::run_all(td) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_match_musl() {
        assert_eq!(PTHREAD_CANCELED as isize, -1);
        assert_eq!(CANCEL_BIT, 1 << 32);
        assert_eq!(core::mem::size_of::<KSigAction>(), 32);
    }

    /// The x86_64 ucontext offsets, checked against the kernel's layout: `uc_flags`,
    /// `uc_link`, `stack_t` (24 bytes), then `struct sigcontext` (r8..r15, rdi, rsi, rbp,
    /// rbx, rdx, rax, rcx, rsp, rip, ...; 256 bytes), then the mask.
    #[test]
    fn ucontext_offsets() {
        let mcontext = 8 + 8 + 24;
        assert_eq!(UC_RIP, mcontext + 16 * 8);
        assert_eq!(UC_SIGMASK, mcontext + 256);
    }
}
