//! x86_64: `vfork` and `clone`.
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

/// `clone`'s results, raw, into the C convention.
extern "C" fn clone_result(raw: usize) -> c_int {
    ret_errno(raw) as c_int
}

/// `clone(fn, stack, flags, arg, ...)`—Linux's process and thread creation: a child that
/// runs `fn(arg)` on `stack` (the top of the area; it grows down) and exits with its return
/// value, sharing with the caller what `flags` says (`CLONE_VM`, `CLONE_FILES`,
/// `CLONE_NEWNS`, ...; the low byte is the signal sent to the parent when it ends). The
/// optional `pid_t *ptid`, `void *tls` and `pid_t *ctid` follow, for `CLONE_PARENT_SETTID`,
/// `CLONE_SETTLS` and `CLONE_CHILD_SETTID`/`CLEARTID`; they are read from where the ABI puts
/// them (r8, r9, the stack) whether or not the caller passed them, as only those flags use
/// them. Returns the child's id, or -1 with errno (EINVAL for a null `fn` or `stack`, and
/// the kernel's).
///
/// The child runs on the caller's thread descriptor unless `CLONE_SETTLS` gives it another:
/// with `CLONE_VM` it must not use the C library's thread state (errno included), as on musl.
///
/// # Safety
/// `stack` must be the top of a region the child may use, not used by anyone else; `fn`
/// must be safe to run there with `arg`; the optional pointers valid for the flags given.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[unsafe(naked)]
pub unsafe extern "C" fn clone(
    func: Option<unsafe extern "C" fn(*mut core::ffi::c_void) -> c_int>,
    stack: *mut core::ffi::c_void,
    flags: c_int,
    arg: *mut core::ffi::c_void,
) -> c_int {
    naked_asm!(
        "test rdi, rdi",
        "jz 2f",
        "test rsi, rsi",
        "jz 2f",
        // The child's stack: 16-aligned, with fn and arg on top for it to pop.
        "and rsi, -16",
        "sub rsi, 16",
        "mov [rsi], rdi",
        "mov [rsi + 8], rcx",
        // clone(flags, stack, ptid, ctid, tls).
        "movsxd rdi, edx",
        "mov rdx, r8",
        "mov r8, r9",
        "mov r10, [rsp + 8]",
        "mov eax, {clone}",
        "syscall",
        "test rax, rax",
        "jz 3f",
        "mov rdi, rax",
        "jmp {fin}",
        // The child: no frame to return to; fn(arg), then exit with its value.
        "3:",
        "xor ebp, ebp",
        "pop rax",
        "pop rdi",
        "call rax",
        "mov edi, eax",
        "mov eax, {exit}",
        "syscall",
        "hlt",
        "2:",
        "mov rdi, -22",
        "jmp {fin}",
        clone = const nr::CLONE,
        exit = const nr::EXIT,
        fin = sym clone_result,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clone_runs_the_function_on_its_stack() {
        const SIGCHLD: c_int = 17;
        const CLONE_VM: c_int = 0x100;
        static mut SEEN: usize = 0;
        unsafe extern "C" fn child(arg: *mut core::ffi::c_void) -> c_int {
            // SAFETY: the parent waits for this child before reading SEEN (shared memory).
            unsafe { SEEN = arg as usize };
            7
        }
        let mut stack = vec![0u8; 64 * 1024];
        // SAFETY: a private stack for the child, which only stores to SEEN and returns.
        let pid = unsafe {
            clone(Some(child), stack.as_mut_ptr().add(stack.len()).cast(), CLONE_VM | SIGCHLD, 0x1234 as *mut _)
        };
        assert!(pid > 0, "errno {}", limpet_syscall::errno());
        let mut st = 0;
        assert_eq!(unsafe { crate::wait::waitpid(pid, &mut st, 0) }, pid);
        assert_eq!(st, 7 << 8);
        // SAFETY: the child has exited.
        assert_eq!(unsafe { SEEN }, 0x1234);
        assert_eq!(unsafe { clone(None, stack.as_mut_ptr().cast(), SIGCHLD, core::ptr::null_mut()) }, -1);
        assert_eq!(limpet_syscall::errno(), limpet_syscall::errno::EINVAL);
    }

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
