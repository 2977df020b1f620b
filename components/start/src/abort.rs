//! `abort`, the stack protector's `__stack_chk_fail` and `__stack_chk_guard`.
use limpet_syscall::{nr, syscall0, syscall2, syscall4};

const SIGABRT: usize = 6;
const SIG_BLOCK: usize = 0;
const SIG_UNBLOCK: usize = 1;
/// The kernel's sigset size in bytes (64 signals).
const SIGSET_BYTES: usize = 8;

/// `uintptr_t __stack_chk_guard`—The canary, also kept at `fs:0x28` for gcc's code.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub static mut __stack_chk_guard: usize = 0;

/// Ends the process with a fault, for states where nothing else can be trusted.
#[inline(always)]
pub fn crash() -> ! {
    // SAFETY: `hlt` in user mode raises SIGSEGV, as musl's a_crash does.
    #[cfg(target_arch = "x86_64")]
    unsafe {
        core::arch::asm!("hlt", options(noreturn, nostack))
    }
    #[cfg(not(target_arch = "x86_64"))]
    unsafe {
        core::arch::asm!("udf #0", options(noreturn, nostack))
    }
}

/// Sends SIGABRT to the calling thread.
fn raise_abrt() {
    // SAFETY: gettid and tkill take no pointers.
    unsafe {
        let tid = syscall0(nr::GETTID);
        syscall2(nr::TKILL, tid, SIGABRT);
    }
}

/// `abort()`—Ends the process with SIGABRT. A handler may run first; if it returns, or the
/// signal is blocked or ignored, the default action is restored and the signal sent again.
/// Streams are not flushed.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn abort() -> ! {
    raise_abrt();
    // Still alive: block everything, reset SIGABRT to its default action, then let only
    // SIGABRT through.
    let all: u64 = !0;
    let abrt: u64 = 1 << (SIGABRT - 1);
    // `struct k_sigaction` with SIG_DFL (0) as handler, no flags, no restorer, empty mask.
    let dfl = [0usize; 4];
    // SAFETY: the pointers are to live locals of the sizes the kernel expects.
    unsafe {
        syscall4(nr::RT_SIGPROCMASK, SIG_BLOCK, &raw const all as usize, 0, SIGSET_BYTES);
        syscall4(nr::RT_SIGACTION, SIGABRT, dfl.as_ptr() as usize, 0, SIGSET_BYTES);
        raise_abrt();
        syscall4(nr::RT_SIGPROCMASK, SIG_UNBLOCK, &raw const abrt as usize, 0, SIGSET_BYTES);
    }
    crash()
}

/// `__stack_chk_fail()`—Called by stack-protector code on a smashed canary. Like musl, it
/// crashes at once: the stack cannot be trusted to run anything else.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __stack_chk_fail() -> ! {
    crash()
}
