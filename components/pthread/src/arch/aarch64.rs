//! aarch64: the thread pointer is `tpidr_el0`.

/// TLS variant I: blocks sit above the thread pointer.
pub const TLS_ABOVE_TP: bool = true;

/// The current thread pointer.
#[inline(always)]
pub fn get_tp() -> usize {
    let tp: usize;
    // SAFETY: reading tpidr_el0 has no side effects.
    unsafe { core::arch::asm!("mrs {}, tpidr_el0", out(reg) tp, options(nostack, nomem, preserves_flags)) };
    tp
}

/// Sets the thread pointer.
///
/// # Safety
/// `tp` must point at this thread's TLS area, living as long as the thread.
pub unsafe fn set_tp(tp: usize) -> Result<(), i32> {
    // SAFETY: only this thread's register changes.
    unsafe { core::arch::asm!("msr tpidr_el0, {}", in(reg) tp, options(nostack, preserves_flags)) };
    Ok(())
}
