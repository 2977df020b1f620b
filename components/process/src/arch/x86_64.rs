//! x86_64: `vfork`.
use core::arch::naked_asm;
use core::ffi::c_int;

use limpet_syscall::{nr, ret_errno};


/// Turns `vfork`'s raw result into the C convention.
extern "C" fn vfork_result(raw: usize) -> c_int {
    ret_errno(raw) as c_int
}

/// `vfork()`—Creates a child that shares the caller's memory and runs on the caller's stack
/// while the caller is suspended, until the child calls `execve` or `_exit`. Returns the
/// child's pid in the parent, 0 in the child, or -1 with errno set.
///
/// The return address is popped into a register before the system call: the child returns
/// first and may overwrite that stack slot, which the parent still needs.
///
/// # Safety
/// The child may only call `execve`-family functions or `_exit`, and must not return from
/// the function that called `vfork`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[unsafe(naked)]
pub unsafe extern "C" fn vfork() -> c_int {
    naked_asm!(
        "pop rdx",
        "mov eax, {nr}",
        "syscall",
        "push rdx",
        "mov rdi, rax",
        "jmp {fin}",
        nr = const nr::VFORK,
        fin = sym vfork_result,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vfork_child_exits_and_parent_resumes() {
        let pid = unsafe { vfork() };
        if pid == 0 {
            unsafe { limpet_syscall::syscall1_noreturn(nr::EXIT, 5) }
        }
        assert!(pid > 0);
        let mut st = 0;
        assert_eq!(unsafe { crate::wait::waitpid(pid, &mut st, 0) }, pid);
        assert_eq!(st, 5 << 8);
    }
}
