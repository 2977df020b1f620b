//! `abort`, the stack protector's `__stack_chk_fail` and `__stack_chk_guard`.
use limpet_abi::signal::{KERNEL_SIGSET_BYTES, KSigAction, SIG_BLOCK, SIG_UNBLOCK, SIGABRT, SigSet};
use limpet_syscall::{nr, syscall0, syscall2, syscall4};

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
    // SAFETY: a permanently undefined instruction raises SIGILL.
    #[cfg(target_arch = "aarch64")]
    unsafe {
        core::arch::asm!("udf #0", options(noreturn, nostack))
    }
    // SAFETY: as on aarch64.
    #[cfg(target_arch = "riscv64")]
    unsafe {
        core::arch::asm!("unimp", options(noreturn, nostack))
    }
}

/// Sends SIGABRT to the calling thread.
fn raise_abrt() {
    // SAFETY: gettid and tkill take no pointers.
    unsafe {
        let tid = syscall0(nr::GETTID);
        syscall2(nr::TKILL, tid, SIGABRT as usize);
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
    let abrt = SigSet::bit(SIGABRT);
    // SIG_DFL (0) as handler, no flags, no restorer, empty mask.
    let dfl = KSigAction::default();
    // SAFETY: the pointers are to live locals of the sizes the kernel expects.
    unsafe {
        syscall4(nr::RT_SIGPROCMASK, SIG_BLOCK as usize, &raw const all as usize, 0, KERNEL_SIGSET_BYTES);
        syscall4(nr::RT_SIGACTION, SIGABRT as usize, &raw const dfl as usize, 0, KERNEL_SIGSET_BYTES);
        raise_abrt();
        syscall4(nr::RT_SIGPROCMASK, SIG_UNBLOCK as usize, &raw const abrt as usize, 0, KERNEL_SIGSET_BYTES);
    }
    crash()
}

/// `__stack_chk_fail()`—Called by stack-protector code on a smashed canary. Like musl, it
/// crashes at once: the stack cannot be trusted to run anything else.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __stack_chk_fail() -> ! {
    crash()
}
