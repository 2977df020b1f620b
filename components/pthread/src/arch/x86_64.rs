//! x86_64: the thread pointer is the `fs` base; `fs:0` holds the descriptor's self pointer.
use limpet_syscall::{nr, syscall2};

const ARCH_SET_FS: usize = 0x1002;

/// TLS variant II: blocks sit below the thread pointer, which points at the descriptor.
pub const TLS_ABOVE_TP: bool = false;

/// The current thread pointer, read through the self pointer at `fs:0`.
#[inline(always)]
pub fn get_tp() -> usize {
    let tp: usize;
    // SAFETY: fs:0 holds the self pointer once `set_tp` has run; reading it has no side effects.
    unsafe { core::arch::asm!("mov {}, fs:0", out(reg) tp, options(nostack, readonly, preserves_flags)) };
    tp
}

/// Points `fs` at `tp`.
///
/// # Safety
/// `tp` must point at a descriptor whose first word is `tp` itself, living as long as the thread.
pub unsafe fn set_tp(tp: usize) -> Result<(), i32> {
    // SAFETY: arch_prctl only changes this thread's fs base.
    limpet_syscall::result(unsafe { syscall2(nr::ARCH_PRCTL, ARCH_SET_FS, tp) }).map(|_| ())
}
