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

/// The cancellable system call: `syscall_cp_asm(flag, nr, a0, ..., a5)` makes system call
/// `nr` unless `*flag` is non-zero, in which case it tail-calls `cancelled` instead and
/// returns what that returns. See [`crate::cancel`] for why the code between the hidden
/// labels `limpet_syscall_cp_begin` (the entry) and `limpet_syscall_cp_end` (just after the
/// `syscall` instruction) is special: a cancellation signal that interrupts the thread there
/// moves it to `limpet_syscall_cp_cancel`, which is the same tail call. Nothing is pushed
/// before the `syscall`, so at every address of the window the stack is as it was at entry
/// and the tail call is a well-formed call from this function's caller.
///
/// # Safety
/// `flag` must be readable; the caller upholds the system call's contract.
#[unsafe(naked)]
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C" fn syscall_cp_asm(
    flag: *const core::sync::atomic::AtomicU32,
    nr: usize,
    a0: usize,
    a1: usize,
    a2: usize,
    a3: usize,
    a4: usize,
    a5: usize,
) -> usize {
    // The seventh and eighth arguments arrive on the stack, above the return address.
    core::arch::naked_asm!(
        ".globl limpet_syscall_cp_begin",
        ".hidden limpet_syscall_cp_begin",
        ".globl limpet_syscall_cp_end",
        ".hidden limpet_syscall_cp_end",
        ".globl limpet_syscall_cp_cancel",
        ".hidden limpet_syscall_cp_cancel",
        "limpet_syscall_cp_begin:",
        "mov eax, dword ptr [rdi]",
        "test eax, eax",
        "jnz limpet_syscall_cp_cancel",
        "mov rax, rsi",
        "mov rdi, rdx",
        "mov rsi, rcx",
        "mov rdx, r8",
        "mov r10, r9",
        "mov r8, qword ptr [rsp + 8]",
        "mov r9, qword ptr [rsp + 16]",
        "syscall",
        "limpet_syscall_cp_end:",
        "ret",
        "limpet_syscall_cp_cancel:",
        "jmp {cancelled}",
        cancelled = sym crate::cancel::cancelled,
    )
}

// The thread pointer: the register every thread's descriptor and TLS are found from.

/// `arch_prctl`'s code for setting the `fs` base.
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
    crate::result(unsafe { syscall2(crate::nr::ARCH_PRCTL, ARCH_SET_FS, tp) }).map(|_| ())
}

