//! x86_64 entry of libc.so as a program interpreter: `_dlstart` and the first stage.
use core::arch::naked_asm;

use limpet_syscall::elf::Dyn;

// In a static program linked from libc.a there is no dynamic section; the weak reference
// keeps such links working (this code is never run there).
core::arch::global_asm!(".weak _DYNAMIC");

/// `_dlstart`—The ELF entry point of libc.so. The kernel jumps here with the initial stack
/// (argc, argv, envp, auxv), either because a program names libc.so as its interpreter or
/// because libc.so was run as a command.
///
/// # Safety
/// Only the kernel may enter here.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[unsafe(naked)]
pub unsafe extern "C" fn _dlstart() -> ! {
    naked_asm!(
        "xor ebp, ebp",
        "mov rdi, rsp",
        "lea rsi, [rip + _DYNAMIC]",
        // A shared object is linked at address 0, so its ELF header's address is its base.
        "lea rdx, [rip + __ehdr_start]",
        "and rsp, -16",
        "call {c}",
        "hlt",
        c = sym dlstart_c,
    )
}

/// Stage one: libc.so's relative relocations. Nothing before this point may read a pointer
/// from libc.so's data.
///
/// # Safety
/// Called only by `_dlstart`.
unsafe extern "C" fn dlstart_c(sp: *mut usize, dynv: *const Dyn, base: usize) -> ! {
    // SAFETY: `base` and `dynv` are libc.so's own, computed PC-relatively by `_dlstart`.
    unsafe {
        crate::relocate_self::relocate_relative(base, dynv.cast());
        crate::stage::stage2(sp, base, dynv)
    }
}

/// Leaves the loader: restores the program's initial stack and jumps to its entry point,
/// with `rdx` zero (no loader destructor for `atexit`, as the ABI allows).
///
/// # Safety
/// `sp` must be a valid initial stack for the program whose entry is `entry`.
pub unsafe fn enter(sp: *mut usize, entry: usize) -> ! {
    // SAFETY: per the contract; the program never returns here.
    unsafe {
        core::arch::asm!(
            "mov rsp, rdi",
            "xor edx, edx",
            "jmp rsi",
            in("rdi") sp,
            in("rsi") entry,
            options(noreturn)
        )
    }
}
