//! Cancellation points: system calls that a thread cancellation (`pthread_cancel`) can act on.
//!
//! The thread library keeps each thread's [`State`] in its descriptor and hands this module
//! two functions with [`install`]: where the calling thread's state is, and how to act on a
//! cancellation. Until then (and always in a program that never creates a thread or cancels
//! one) [`syscall_cp`] is a plain system call, so this crate stays usable on its own.
//!
//! A cancellation point must act on a cancellation that was requested before it blocks, and on
//! one that arrives while it blocks, but never after the system call has taken effect (a read
//! that consumed data must return it). Checking a flag and then making the call leaves a gap:
//! a request landing between the check and the `syscall` instruction would be missed while
//! the thread sleeps. So the check and the instruction form one short assembly window
//! (`arch::syscall_cp_asm`). The canceller sets `requested`, then sends the thread a signal
//! whose handler looks at the interrupted program counter:
//! - inside the window (from the check up to and including the `syscall` instruction; the
//!   kernel rewinds the counter onto the instruction when it restarts an interrupted call),
//!   the call has not taken effect, so the handler moves the counter to the window's cancel
//!   exit, which acts;
//! - just after the instruction, the call is over: if it was cut short with `EINTR`,
//!   [`syscall_cp`] acts on seeing the flag; otherwise its result stands and the next
//!   cancellation point acts.
//!
//! `close` is the exception, as in musl: once the kernel has run it the descriptor is gone,
//! so an `EINTR` from it never acts (the caller must learn the descriptor was released).
use core::sync::atomic::{AtomicPtr, AtomicU32, Ordering};

use crate::errno::EINTR;
use crate::{nr, syscall6};

/// `PTHREAD_CANCEL_ENABLE`: cancellation points act.
pub const ENABLE: u32 = 0;
/// `PTHREAD_CANCEL_DISABLE`: requests stay pending.
pub const DISABLE: u32 = 1;
/// `PTHREAD_CANCEL_MASKED` (musl's internal state): a cancellation point that sees a request
/// returns `-ECANCELED` instead of acting, and the state becomes [`DISABLE`]. The thread
/// library uses it where it must tidy up before acting (a condition wait retakes its mutex).
pub const MASKED: u32 = 2;

/// One thread's cancellation state. Every field is valid when zero (no request, enabled,
/// deferred).
#[repr(C)]
pub struct State {
    /// Set to 1 by `pthread_cancel`, never cleared; the window reads it as a 32-bit word.
    pub requested: AtomicU32,
    /// [`ENABLE`], [`DISABLE`] or [`MASKED`].
    pub mode: AtomicU32,
    /// Non-zero for `PTHREAD_CANCEL_ASYNCHRONOUS`.
    pub asynchronous: AtomicU32,
}

impl State {
    pub const fn new() -> Self {
        State { requested: AtomicU32::new(0), mode: AtomicU32::new(ENABLE), asynchronous: AtomicU32::new(0) }
    }

    /// Whether a cancellation point should act now (or, masked, report it).
    pub fn pending(&self) -> bool {
        self.requested.load(Ordering::SeqCst) != 0 && self.mode.load(Ordering::Relaxed) != DISABLE
    }
}

impl Default for State {
    fn default() -> Self {
        State::new()
    }
}

/// Returns the calling thread's state.
pub type CurrentFn = fn() -> *const State;
/// Acts on a cancellation: ends the thread, or in the [`MASKED`] state sets [`DISABLE`] and
/// returns `-ECANCELED` (as a raw system-call result).
pub type ActFn = unsafe extern "C" fn() -> usize;

static CURRENT: AtomicPtr<()> = AtomicPtr::new(core::ptr::null_mut());
static ACT: AtomicPtr<()> = AtomicPtr::new(core::ptr::null_mut());

/// Makes the cancellation points live: from now on they find the thread's state with
/// `current` and act through `act`. Installing again replaces nothing (the first
/// installation stays), so callers may call this on every path that needs it.
///
/// # Safety
/// `current` must return, on every thread, a pointer to that thread's own [`State`], valid
/// for the thread's life; `act` must behave as [`ActFn`] says for the calling thread.
pub unsafe fn install(current: CurrentFn, act: ActFn) {
    // `act` first: a thread that sees `current` may enter the window, whose exit uses `act`.
    let _ = ACT.compare_exchange(core::ptr::null_mut(), act as *mut (), Ordering::Release, Ordering::Relaxed);
    let _ = CURRENT.compare_exchange(core::ptr::null_mut(), current as *mut (), Ordering::Release, Ordering::Relaxed);
}

/// The calling thread's state, once [`install`] has run.
pub fn state() -> Option<&'static State> {
    let f = CURRENT.load(Ordering::Acquire);
    if f.is_null() {
        return None;
    }
    // SAFETY: only a `CurrentFn` is ever stored, and `install`'s contract makes its result a
    // live state of this thread.
    unsafe { Some(&*core::mem::transmute::<*mut (), CurrentFn>(f)()) }
}

/// The window's cancel exit, and [`test`]'s way to act. Entered by a jump from the window,
/// with the stack exactly as the window's caller left it, so it returns to that caller.
pub(crate) extern "C" fn cancelled() -> usize {
    let f = ACT.load(Ordering::Acquire);
    // SAFETY: reached only after `state()` found an installed `current`, which `install`
    // stores after `act`; only an `ActFn` is ever stored.
    unsafe { core::mem::transmute::<*mut (), ActFn>(f)() }
}

/// `pthread_testcancel`'s core: acts if a cancellation is pending and enabled. Does nothing
/// when cancellation is disabled or masked, or before [`install`].
pub fn test() {
    if let Some(st) = state()
        && st.requested.load(Ordering::SeqCst) != 0
        && st.mode.load(Ordering::Relaxed) == ENABLE
    {
        cancelled();
    }
}

/// Masks the calling thread's cancellation if it is enabled, for a cancellation point that
/// must tidy up before acting (a condition wait retakes its mutex): its cancellable calls
/// then return `-ECANCELED` instead of acting ([`MASKED`]). Hand the result to [`unmask`].
pub fn mask() -> Option<&'static State> {
    let st = state()?;
    st.mode.compare_exchange(ENABLE, MASKED, Ordering::Relaxed, Ordering::Relaxed).ok().map(|_| st)
}

/// Undoes [`mask`]: cancellation is enabled again, also when a masked call has reported a
/// cancellation (which disabled it). The caller then acts with [`test()`].
pub fn unmask(masked: Option<&State>) {
    if let Some(st) = masked {
        st.mode.store(ENABLE, Ordering::Relaxed);
    }
}

/// The calling thread's cancellation disabled for the guard's life, then put back as it
/// was: for a function that holds resources across several cancellation points (open
/// directories, a child process, memory) and must not be ended among them. A request made
/// meanwhile waits for the next cancellation point after it. Before [`install`] there is
/// nothing to disable.
pub struct Disabled(Option<u32>);

impl Disabled {
    pub fn new() -> Disabled {
        Disabled(state().map(|st| st.mode.swap(DISABLE, Ordering::SeqCst)))
    }
}

impl Default for Disabled {
    fn default() -> Self {
        Disabled::new()
    }
}

impl Drop for Disabled {
    fn drop(&mut self) {
        if let (Some(mode), Some(st)) = (self.0, state()) {
            st.mode.store(mode, Ordering::SeqCst);
        }
    }
}

/// A system call that is a cancellation point: as [`syscall6`] (unused arguments are
/// ignored by the kernel), but a pending cancellation acts before the call starts, or while
/// it blocks, as the module docs say. In the [`MASKED`] state the result is then
/// `-ECANCELED` instead.
///
/// # Safety
/// As for [`syscall6`]: the caller upholds the kernel's contract for `nr`.
#[inline]
pub unsafe fn syscall_cp(nr: usize, a0: usize, a1: usize, a2: usize, a3: usize, a4: usize, a5: usize) -> usize {
    let Some(st) = state() else {
        // SAFETY: the caller's contract.
        return unsafe { syscall6(nr, a0, a1, a2, a3, a4, a5) };
    };
    let mode = st.mode.load(Ordering::Relaxed);
    if mode == DISABLE || (mode == MASKED && nr == nr::CLOSE) {
        // SAFETY: the caller's contract.
        return unsafe { syscall6(nr, a0, a1, a2, a3, a4, a5) };
    }
    // SAFETY: the flag is this thread's live state; the rest is the caller's contract.
    let r = unsafe { window_call(&st.requested, nr, a0, a1, a2, a3, a4, a5) };
    if r == EINTR.wrapping_neg() as usize && nr != nr::CLOSE && st.pending() {
        return cancelled();
    }
    r
}

cfg_if::cfg_if! {
    if #[cfg(target_arch = "x86_64")] {
        use crate::arch::syscall_cp_asm as window_call;
        use crate::imports::{limpet_syscall_cp_begin, limpet_syscall_cp_cancel, limpet_syscall_cp_end};

        /// The addresses a cancellation signal handler needs: a program counter in
        /// `begin..end` has not yet completed the window's system call, and the handler moves
        /// it to `cancel`.
        #[derive(Clone, Copy, Debug)]
        pub struct Window {
            pub begin: usize,
            pub end: usize,
            pub cancel: usize,
        }

        impl Window {
            /// Whether a thread interrupted at `pc` has not yet completed the window's call.
            pub fn holds(&self, pc: usize) -> bool {
                (self.begin..self.end).contains(&pc)
            }
        }

        /// Where the window is.
        pub fn window() -> Window {
            Window {
                begin: &raw const limpet_syscall_cp_begin as usize,
                end: &raw const limpet_syscall_cp_end as usize,
                cancel: &raw const limpet_syscall_cp_cancel as usize,
            }
        }
    } else {
        /// The other architectures have no threads yet, so nothing can install the hooks
        /// that lead here; the window comes with their thread support.
        #[allow(clippy::too_many_arguments)]
        unsafe fn window_call(
            _flag: &AtomicU32,
            nr: usize,
            a0: usize,
            a1: usize,
            a2: usize,
            a3: usize,
            a4: usize,
            a5: usize,
        ) -> usize {
            // SAFETY: the caller's contract.
            unsafe { syscall6(nr, a0, a1, a2, a3, a4, a5) }
        }
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;
    use crate::errno::ECANCELED;
    use std::sync::atomic::AtomicUsize;
    use std::time::Duration;

    std::thread_local! {
        static STATE: State = const { State::new() };
    }

    fn mine() -> *const State {
        STATE.with(|s| s as *const State)
    }

    static ACTED: AtomicUsize = AtomicUsize::new(0);

    /// Tests cannot end std threads, so acting here behaves as the masked state does.
    unsafe extern "C" fn act_masked() -> usize {
        ACTED.fetch_add(1, Ordering::SeqCst);
        STATE.with(|s| s.mode.store(DISABLE, Ordering::SeqCst));
        ECANCELED.wrapping_neg() as usize
    }

    fn setup() {
        // SAFETY: `mine` returns the calling thread's own state; `act_masked` acts on it.
        unsafe { install(mine, act_masked) };
    }

    fn pipe() -> [i32; 2] {
        let mut fds = [0i32; 2];
        // SAFETY: pipe2 writes two ints to `fds`.
        assert_eq!(unsafe { crate::syscall2(nr::PIPE2, &raw mut fds as usize, 0) }, 0);
        fds
    }

    fn close(fd: i32) {
        // SAFETY: the test's own descriptor.
        unsafe { crate::syscall1(nr::CLOSE, fd as usize) };
    }

    const CANCELED: usize = ECANCELED.wrapping_neg() as usize;

    #[test]
    fn the_window_ends_just_after_the_syscall_instruction() {
        let w = window();
        assert_eq!(w.begin, crate::arch::syscall_cp_asm as *const () as usize);
        assert!(w.begin < w.end && w.end < w.cancel);
        // SAFETY: the window's code is readable; `syscall` is 0f 05.
        let insn = unsafe { core::slice::from_raw_parts((w.end - 2) as *const u8, 2) };
        assert_eq!(insn, [0x0f, 0x05]);
        assert!(w.holds(w.begin) && w.holds(w.end - 2) && !w.holds(w.end));
    }

    #[test]
    fn calls_go_through_and_a_pending_request_stops_them() {
        setup();
        std::thread::spawn(|| {
            let fds = pipe();
            let st = state().unwrap();
            // SAFETY: plain calls on the test's own descriptors.
            unsafe {
                assert_eq!(syscall_cp(nr::WRITE, fds[1] as usize, b"x".as_ptr() as usize, 1, 0, 0, 0), 1);
                let mut b = 0u8;
                assert_eq!(syscall_cp(nr::READ, fds[0] as usize, &raw mut b as usize, 1, 0, 0, 0), 1);
                assert_eq!(b, b'x');
                st.requested.store(1, Ordering::SeqCst);
                // Disabled: the request waits, the call is made.
                st.mode.store(DISABLE, Ordering::SeqCst);
                assert_eq!(syscall_cp(nr::GETPID, 0, 0, 0, 0, 0, 0), std::process::id() as usize);
                test();
                // Enabled: the read on the empty pipe is never made.
                let before = ACTED.load(Ordering::SeqCst);
                st.mode.store(ENABLE, Ordering::SeqCst);
                assert_eq!(syscall_cp(nr::READ, fds[0] as usize, &raw mut b as usize, 1, 0, 0, 0), CANCELED);
                assert_eq!(st.mode.load(Ordering::SeqCst), DISABLE);
                st.mode.store(ENABLE, Ordering::SeqCst);
                test();
                assert_eq!(st.mode.load(Ordering::SeqCst), DISABLE);
                // Masked, close is made and not reported.
                st.mode.store(MASKED, Ordering::SeqCst);
                assert_eq!(syscall_cp(nr::CLOSE, fds[1] as usize, 0, 0, 0, 0, 0), 0);
                assert!(ACTED.load(Ordering::SeqCst) >= before + 2);
            }
            close(fds[0]);
        })
        .join()
        .unwrap();
    }

    #[test]
    fn masking_reports_instead_of_acting_and_unmasking_restores() {
        setup();
        std::thread::spawn(|| {
            let st = state().unwrap();
            let m = mask().unwrap();
            assert_eq!(st.mode.load(Ordering::SeqCst), MASKED);
            st.requested.store(1, Ordering::SeqCst);
            // SAFETY: getpid takes no arguments.
            assert_eq!(unsafe { syscall_cp(nr::GETPID, 0, 0, 0, 0, 0, 0) }, CANCELED);
            assert_eq!(st.mode.load(Ordering::SeqCst), DISABLE);
            assert!(mask().is_none());
            unmask(Some(m));
            assert_eq!(st.mode.load(Ordering::SeqCst), ENABLE);
            st.mode.store(DISABLE, Ordering::SeqCst);
            assert!(mask().is_none());
            unmask(None);
            assert_eq!(st.mode.load(Ordering::SeqCst), DISABLE);
        })
        .join()
        .unwrap();
    }

    /// glibc's `struct sigaction`, for the test's own handler.
    #[repr(C)]
    struct GlibcSigaction {
        handler: usize,
        mask: [u64; 16],
        flags: i32,
        restorer: usize,
    }
    unsafe extern "C" {
        fn sigaction(sig: i32, act: *const GlibcSigaction, old: *mut GlibcSigaction) -> i32;
        fn pthread_kill(t: libc_pthread, sig: i32) -> i32;
        fn pthread_self() -> libc_pthread;
    }
    #[allow(non_camel_case_types)]
    type libc_pthread = usize;
    use limpet_abi::signal::{SA_RESTART, SA_SIGINFO, SIGUSR2};
    /// `uc_mcontext.gregs[REG_RIP]` in the x86_64 `ucontext_t`.
    const UC_RIP: usize = 168;

    /// What the thread library's handler does, minus re-sending: in the window, take the
    /// cancel exit.
    extern "C" fn redirect(_sig: i32, _info: *mut u8, uc: *mut u8) {
        if STATE.with(|s| s.pending()) {
            let w = window();
            // SAFETY: the kernel's ucontext; the program counter sits at UC_RIP.
            unsafe {
                let pc = uc.add(UC_RIP) as *mut usize;
                if w.holds(*pc) {
                    *pc = w.cancel;
                }
            }
        }
    }

    /// A request that arrives while the call blocks: `read` is restarted by the kernel
    /// (SA_RESTART) and the handler finds the counter on the `syscall` instruction;
    /// `nanosleep` comes back with EINTR and the wrapper acts.
    #[test]
    fn a_request_during_the_call_stops_it() {
        setup();
        let act = GlibcSigaction {
            handler: redirect as *const () as usize,
            mask: [0; 16],
            flags: SA_SIGINFO | SA_RESTART,
            restorer: 0,
        };
        // SAFETY: a valid action for a signal only these tests use.
        assert_eq!(unsafe { sigaction(SIGUSR2, &act, core::ptr::null_mut()) }, 0);
        for blocking in [nr::READ, nr::NANOSLEEP] {
            let fds = pipe();
            let (tx, rx) = std::sync::mpsc::channel();
            let t = std::thread::spawn(move || {
                tx.send((unsafe { pthread_self() }, mine() as usize)).unwrap();
                let mut b = 0u8;
                let ten_s = [10i64, 0];
                // SAFETY: a read into a local, or a sleep on a local timespec.
                unsafe {
                    if blocking == nr::READ {
                        syscall_cp(nr::READ, fds[0] as usize, &raw mut b as usize, 1, 0, 0, 0)
                    } else {
                        syscall_cp(nr::NANOSLEEP, ten_s.as_ptr() as usize, 0, 0, 0, 0, 0)
                    }
                }
            });
            let (th, st) = rx.recv().unwrap();
            std::thread::sleep(Duration::from_millis(50));
            // SAFETY: `st` is the thread's state, alive until it ends, which needs this request.
            unsafe { (*(st as *const State)).requested.store(1, Ordering::SeqCst) };
            // SAFETY: the thread is still running (joined below).
            assert_eq!(unsafe { pthread_kill(th, SIGUSR2) }, 0);
            assert_eq!(t.join().unwrap(), CANCELED);
            close(fds[0]);
            close(fds[1]);
        }
    }
}
