//! `syscall` system calls: number in `rax`, arguments in `rdi`, `rsi`, `rdx`, `r10`, `r8`, `r9`, result in `rax`.
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
        asm!("syscall",
            inlateout("rax") nr => ret,
            lateout("rcx") _, lateout("r11") _,
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
        asm!("syscall",
            inlateout("rax") nr => ret,
            in("rdi") a0,
            lateout("rcx") _, lateout("r11") _,
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
        asm!("syscall",
            inlateout("rax") nr => ret,
            in("rdi") a0,
            in("rsi") a1,
            lateout("rcx") _, lateout("r11") _,
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
        asm!("syscall",
            inlateout("rax") nr => ret,
            in("rdi") a0,
            in("rsi") a1,
            in("rdx") a2,
            lateout("rcx") _, lateout("r11") _,
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
        asm!("syscall",
            inlateout("rax") nr => ret,
            in("rdi") a0,
            in("rsi") a1,
            in("rdx") a2,
            in("r10") a3,
            lateout("rcx") _, lateout("r11") _,
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
        asm!("syscall",
            inlateout("rax") nr => ret,
            in("rdi") a0,
            in("rsi") a1,
            in("rdx") a2,
            in("r10") a3,
            in("r8") a4,
            lateout("rcx") _, lateout("r11") _,
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
        asm!("syscall",
            inlateout("rax") nr => ret,
            in("rdi") a0,
            in("rsi") a1,
            in("rdx") a2,
            in("r10") a3,
            in("r8") a4,
            in("r9") a5,
            lateout("rcx") _, lateout("r11") _,
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
    unsafe { asm!("syscall", in("rax") nr, in("rdi") a0, options(noreturn, nostack)) }
}
