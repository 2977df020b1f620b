//! x86_64: starting a thread with `clone`, and ending one whose stack goes with it.
use limpet_syscall::nr;

/// Starts a thread with `clone(flags, stack, ptid, ctid, tls)`. In the new thread, which
/// begins on `stack` (16-byte aligned) with a copy of this thread's registers, it calls
/// `entry(tls)` and never returns; nothing of the caller's stack is touched there. In the
/// caller it returns the new thread's id, or `-errno`.
///
/// # Safety
/// `flags` must describe a thread sharing this address space; `stack` must be the top of
/// memory the new thread may own; `ptid`, `ctid` and `tls` must be valid for the kernel per
/// `flags`, and `tls` must be a set-up descriptor that `entry` can run on.
#[unsafe(naked)]
pub unsafe extern "C" fn clone_thread(
    flags: usize,
    stack: usize,
    ptid: *mut i32,
    ctid: *mut i32,
    tls: usize,
    entry: unsafe extern "C" fn(usize) -> !,
) -> isize {
    // The syscall keeps every register but rax, rcx and r11, in both threads: the child
    // finds `tls` in r8 and `entry` in r9. The kernel wants the fourth argument in r10.
    core::arch::naked_asm!(
        "mov r10, rcx",
        "mov eax, {clone}",
        "syscall",
        "test rax, rax",
        "jnz 2f",
        // The child: an outermost frame (rbp 0 ends backtraces), then entry(tls).
        "xor ebp, ebp",
        "mov rdi, r8",
        "call r9",
        "ud2",
        "2:",
        "ret",
        clone = const nr::CLONE,
    )
}

/// Unmaps `[base, base + len)`, which holds the calling thread's own stack, then ends the
/// thread: once the stack is gone nothing may touch it, so this uses registers only.
///
/// # Safety
/// The caller must be a thread that nothing will wait for through its cleared tid (its
/// `set_tid_address` pointer is null), with every signal blocked, and must need nothing in
/// the range any more.
#[unsafe(naked)]
pub unsafe extern "C" fn unmap_and_exit(base: usize, len: usize) -> ! {
    core::arch::naked_asm!(
        "mov eax, {munmap}",
        "syscall",
        "xor edi, edi",
        "mov eax, {exit}",
        "syscall",
        "ud2",
        munmap = const nr::MUNMAP,
        exit = const nr::EXIT,
    )
}
