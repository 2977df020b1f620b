//! `svc 0` system calls: number in `x8`, arguments in `x0`, `x1`, `x2`, `x3`, `x4`, `x5`, result in `x0`.
use core::arch::asm;

/// System call with 0 argument(s); returns the raw kernel result (`-errno` on error).
///
/// # Safety
/// The caller upholds the kernel's contract for `nr` and its arguments.
#[inline(always)]
pub unsafe fn syscall0(nr: usize) -> usize {
    let ret: usize;
    // SAFETY: the caller upholds the syscall's contract.
    unsafe {
        asm!("svc 0",
            in("x8") nr,
            lateout("x0") ret,
            options(nostack, preserves_flags));
    }
    ret
}

/// System call with 1 argument(s); returns the raw kernel result (`-errno` on error).
///
/// # Safety
/// The caller upholds the kernel's contract for `nr` and its arguments.
#[inline(always)]
pub unsafe fn syscall1(nr: usize, a0: usize) -> usize {
    let ret: usize;
    // SAFETY: the caller upholds the syscall's contract.
    unsafe {
        asm!("svc 0",
            in("x8") nr,
            inlateout("x0") a0 => ret,
            options(nostack, preserves_flags));
    }
    ret
}

/// System call with 2 argument(s); returns the raw kernel result (`-errno` on error).
///
/// # Safety
/// The caller upholds the kernel's contract for `nr` and its arguments.
#[inline(always)]
pub unsafe fn syscall2(nr: usize, a0: usize, a1: usize) -> usize {
    let ret: usize;
    // SAFETY: the caller upholds the syscall's contract.
    unsafe {
        asm!("svc 0",
            in("x8") nr,
            inlateout("x0") a0 => ret,
            in("x1") a1,
            options(nostack, preserves_flags));
    }
    ret
}

/// System call with 3 argument(s); returns the raw kernel result (`-errno` on error).
///
/// # Safety
/// The caller upholds the kernel's contract for `nr` and its arguments.
#[inline(always)]
pub unsafe fn syscall3(nr: usize, a0: usize, a1: usize, a2: usize) -> usize {
    let ret: usize;
    // SAFETY: the caller upholds the syscall's contract.
    unsafe {
        asm!("svc 0",
            in("x8") nr,
            inlateout("x0") a0 => ret,
            in("x1") a1,
            in("x2") a2,
            options(nostack, preserves_flags));
    }
    ret
}

/// System call with 4 argument(s); returns the raw kernel result (`-errno` on error).
///
/// # Safety
/// The caller upholds the kernel's contract for `nr` and its arguments.
#[inline(always)]
pub unsafe fn syscall4(nr: usize, a0: usize, a1: usize, a2: usize, a3: usize) -> usize {
    let ret: usize;
    // SAFETY: the caller upholds the syscall's contract.
    unsafe {
        asm!("svc 0",
            in("x8") nr,
            inlateout("x0") a0 => ret,
            in("x1") a1,
            in("x2") a2,
            in("x3") a3,
            options(nostack, preserves_flags));
    }
    ret
}

/// System call with 5 argument(s); returns the raw kernel result (`-errno` on error).
///
/// # Safety
/// The caller upholds the kernel's contract for `nr` and its arguments.
#[inline(always)]
pub unsafe fn syscall5(nr: usize, a0: usize, a1: usize, a2: usize, a3: usize, a4: usize) -> usize {
    let ret: usize;
    // SAFETY: the caller upholds the syscall's contract.
    unsafe {
        asm!("svc 0",
            in("x8") nr,
            inlateout("x0") a0 => ret,
            in("x1") a1,
            in("x2") a2,
            in("x3") a3,
            in("x4") a4,
            options(nostack, preserves_flags));
    }
    ret
}

/// System call with 6 argument(s); returns the raw kernel result (`-errno` on error).
///
/// # Safety
/// The caller upholds the kernel's contract for `nr` and its arguments.
#[inline(always)]
pub unsafe fn syscall6(nr: usize, a0: usize, a1: usize, a2: usize, a3: usize, a4: usize, a5: usize) -> usize {
    let ret: usize;
    // SAFETY: the caller upholds the syscall's contract.
    unsafe {
        asm!("svc 0",
            in("x8") nr,
            inlateout("x0") a0 => ret,
            in("x1") a1,
            in("x2") a2,
            in("x3") a3,
            in("x4") a4,
            in("x5") a5,
            options(nostack, preserves_flags));
    }
    ret
}

/// A system call that does not return (`exit`, `exit_group`).
///
/// # Safety
/// `nr` must be a syscall that never returns.
#[inline(always)]
pub unsafe fn syscall1_noreturn(nr: usize, a0: usize) -> ! {
    // SAFETY: the call does not return.
    unsafe { asm!("svc 0", in("x8") nr, in("x0") a0, options(noreturn, nostack)) }
}

// The thread pointer: the register every thread's descriptor and TLS are found from.

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

