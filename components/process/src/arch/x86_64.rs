//! x86_64: `vfork` and the `execl` family's variadic trampolines.
use core::arch::naked_asm;
use core::ffi::{c_char, c_int};

use limpet_syscall::{nr, ret_errno};

use crate::exec::{execl_args, execle_args, execlp_args};

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

// Gathers a variadic pointer list into one array and calls `$core(first, array)`.
// After the return address is popped, pushing the five remaining argument registers in
// reverse puts them right below the caller's stack arguments: one contiguous array of
// every argument after the first, ending with the caller's null (and, for execle, envp).
// The return address is pushed back under it, which also leaves rsp 16-byte aligned for
// the call; on return (only on failure) the frame is dropped and control goes back.
macro_rules! gather {
    ($core:path) => {
        naked_asm!(
            "pop rax",
            "push r9",
            "push r8",
            "push rcx",
            "push rdx",
            "push rsi",
            "push rax",
            "lea rsi, [rsp + 8]",
            "call {core}",
            "pop rcx",
            "add rsp, 40",
            "jmp rcx",
            core = sym $core,
        )
    };
}

/// `execl(path, arg0, ..., (char *)0)`—[`crate::exec::execv`] with the arguments listed
/// inline. Returns only on failure: -1 with errno set.
///
/// # Safety
/// `path` and each argument must be C strings, and the list must end with a null pointer.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[unsafe(naked)]
pub unsafe extern "C" fn execl(path: *const c_char, arg0: *const c_char) -> c_int {
    gather!(execl_args)
}

/// `execlp(file, arg0, ..., (char *)0)`—[`crate::execvp::execvp`] with the arguments listed
/// inline. Returns only on failure: -1 with errno set.
///
/// # Safety
/// As for [`execl`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[unsafe(naked)]
pub unsafe extern "C" fn execlp(file: *const c_char, arg0: *const c_char) -> c_int {
    gather!(execlp_args)
}

/// `execle(path, arg0, ..., (char *)0, envp)`—[`crate::exec::execve`] with the arguments
/// listed inline and the environment after them. Returns only on failure: -1 with errno set.
///
/// # Safety
/// As for [`execl`], and `envp` must be a null-terminated array of C strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[unsafe(naked)]
pub unsafe extern "C" fn execle(path: *const c_char, arg0: *const c_char) -> c_int {
    gather!(execle_args)
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_syscall::errno::ENOENT;

    // Rust cannot call a C variadic function it defines, so the tests go through a
    // function-pointer type with the variadic signature, which is how a C caller sees it.
    type Variadic = unsafe extern "C" fn(*const c_char, *const c_char, ...) -> c_int;

    #[test]
    fn long_lists_reach_the_core_and_failures_return() {
        let f: Variadic = unsafe { core::mem::transmute(execl as *const ()) };
        let p = c"/nonexistent/limpet".as_ptr();
        let a = c"a".as_ptr();
        let n: *const c_char = core::ptr::null();
        // Ten arguments: several on the stack, so the gathering is exercised.
        let r = unsafe { f(p, a, a, a, a, a, a, a, a, a, n) };
        assert_eq!(r, -1);
        assert_eq!(crate::c::errno(), ENOENT);
        let g: Variadic = unsafe { core::mem::transmute(execle as *const ()) };
        let env = [n];
        assert_eq!(unsafe { g(p, a, a, a, a, a, a, a, n, env.as_ptr()) }, -1);
        let h: Variadic = unsafe { core::mem::transmute(execlp as *const ()) };
        assert_eq!(unsafe { h(c"limpet-no-such-xyz".as_ptr(), a, n) }, -1);
        assert_eq!(crate::c::errno(), ENOENT);
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
