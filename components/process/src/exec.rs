//! `execve`, `execv`, `fexecve`, and the variadic `execl`, `execle`, `execlp` (limpet-va
//! trampolines into cores that gather the list into an array).
use core::ffi::{c_char, c_int};

use limpet_syscall::{
    errno,
    errno::{EBADF, ENOENT, ENOSYS},
    nr, result, ret_errno, set_errno, syscall2, syscall3, syscall5, syscall6,
};
use limpet_abi::fcntl::AT_EMPTY_PATH;
use limpet_abi::mman::{MAP_ANONYMOUS, MAP_PRIVATE, PROT_READ, PROT_WRITE};
use limpet_va::{VaArgs, VaList};


/// The current environment: limpet-start's `environ`, which the program may have replaced.
pub(crate) fn environ() -> *const *const c_char {
    // SAFETY: a read of the pointer itself; C programs change `environ` only between calls.
    unsafe { limpet_start::env::environ }.cast_const().cast()
}

/// `execve(path, argv, envp)`—Replaces the process image with the program `path`. Returns
/// only on failure: -1 with errno set.
///
/// # Safety
/// `path` must be a C string; `argv` and `envp` null-terminated arrays of C strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn execve(path: *const c_char, argv: *const *const c_char, envp: *const *const c_char) -> c_int {
    // SAFETY: the kernel reads the caller's strings and arrays.
    ret_errno(unsafe { syscall3(nr::EXECVE, path as usize, argv as usize, envp as usize) }) as c_int
}

/// `execv(path, argv)`—[`execve`] with the current `environ`.
///
/// # Safety
/// As for [`execve`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn execv(path: *const c_char, argv: *const *const c_char) -> c_int {
    // SAFETY: `environ` is the process's environment; the rest is the caller's.
    unsafe { execve(path, argv, environ()) }
}

/// `fexecve(fd, argv, envp)`—Executes the program open on `fd` (`execveat` with
/// `AT_EMPTY_PATH`; where that is missing, `/proc/self/fd/N`, and `EBADF` if that path
/// does not exist). Returns only on failure: -1 with errno set.
///
/// # Safety
/// As for [`execve`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fexecve(fd: c_int, argv: *const *const c_char, envp: *const *const c_char) -> c_int {
    // SAFETY: an empty path with AT_EMPTY_PATH names `fd` itself.
    let r = unsafe {
        syscall5(nr::EXECVEAT, fd as usize, c"".as_ptr() as usize, argv as usize, envp as usize, AT_EMPTY_PATH as usize)
    };
    match result(r) {
        Err(ENOSYS) => {}
        Err(e) => {
            set_errno(e);
            return -1;
        }
        Ok(_) => return 0,
    }
    let mut buf = [0u8; 32];
    let path = proc_fd_path(fd, &mut buf);
    // SAFETY: `path` is a C string in `buf`.
    unsafe { execve(path, argv, envp) };
    if errno() == ENOENT {
        set_errno(EBADF);
    }
    -1
}

/// Writes `/proc/self/fd/<fd>` and a NUL into `buf`.
fn proc_fd_path(fd: c_int, buf: &mut [u8; 32]) -> *const c_char {
    const PREFIX: &[u8] = b"/proc/self/fd/";
    buf[..PREFIX.len()].copy_from_slice(PREFIX);
    let mut digits = [0u8; 10];
    let mut n = fd as u32;
    let mut k = 0;
    loop {
        digits[k] = b'0' + (n % 10) as u8;
        k += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for i in 0..k {
        buf[PREFIX.len() + i] = digits[k - 1 - i];
    }
    buf[PREFIX.len() + k] = 0;
    buf.as_ptr().cast()
}

/// Argument arrays up to this many pointers are built on the stack; longer ones in a
/// mapping of their own, so that the list has no limit but the kernel's and `execl` stays
/// safe to call in a forked child (it allocates nothing from the heap).
const ON_STACK: usize = 64;

/// Which `exec` the `execl` family's gathered list goes to.
#[derive(Clone, Copy)]
enum Target {
    /// `execl`: [`execv`].
    Path,
    /// `execlp`: [`crate::execvp::execvp`], which searches `PATH`.
    Search,
    /// `execle`: [`execve`] with the environment array that follows the list's null.
    Environment,
}

/// Gathers `arg0` and the variadic arguments up to and including their terminating null
/// into an array, and executes `file` with it as `target` says. One function for the three,
/// not a generic one: the gathering is the bulk of it.
///
/// # Safety
/// `file` must be a C string, and `ap` hold C strings ending with a null pointer (then, for
/// [`Target::Environment`], a null-terminated array of C strings).
unsafe fn exec_list(target: Target, file: *const c_char, arg0: *const c_char, ap: VaList) -> c_int {
    // SAFETY: the caller vouches for `ap`.
    let mut va = unsafe { VaArgs::new(ap) };
    // arg0, the rest, and the null.
    let len = if arg0.is_null() {
        1
    } else {
        va.with_copy(|c| core::iter::from_fn(|| (c.next_int() != 0).then_some(())).count()) + 2
    };
    let mut on_stack = [core::ptr::null::<c_char>(); ON_STACK];
    let bytes = len * size_of::<*const c_char>();
    let argv = if len <= ON_STACK {
        on_stack.as_mut_ptr()
    } else {
        let (prot, flags) = (PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS);
        // SAFETY: a fresh private anonymous mapping.
        let map = unsafe { syscall6(nr::MMAP, 0, bytes, prot as usize, flags as usize, usize::MAX, 0) };
        match result(map) {
            Ok(p) => p as *mut *const c_char,
            Err(e) => {
                set_errno(e);
                return -1;
            }
        }
    };
    // SAFETY: `argv` holds `len` pointers (on the stack or in the mapping), which are ours.
    let slots = unsafe { core::slice::from_raw_parts_mut(argv, len) };
    slots[0] = arg0;
    for slot in &mut slots[1..] {
        *slot = va.next_int() as *const c_char;
    }
    // SAFETY: `argv` is a null-terminated array of the caller's C strings.
    let r = unsafe {
        match target {
            Target::Path => execv(file, argv),
            Target::Search => crate::execvp::execvp(file, argv),
            Target::Environment => execve(file, argv, va.next_int() as *const *const c_char),
        }
    };
    // exec returned, so it failed: keep its errno.
    if len > ON_STACK {
        // SAFETY: the mapping is no longer used.
        unsafe { syscall2(nr::MUNMAP, argv as usize, bytes) };
    }
    r
}

/// `execl`'s core: [`execv`] of `arg0` and the arguments after it, up to a null pointer.
///
/// # Safety
/// `path` and each argument must be C strings, and the list must end with a null pointer.
pub unsafe extern "C" fn execl_va(path: *const c_char, arg0: *const c_char, ap: VaList) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { exec_list(Target::Path, path, arg0, ap) }
}

/// `execle`'s core: [`execve`] with the environment array that follows the terminating null.
///
/// # Safety
/// As for [`execl_va`], with an environment array (a null-terminated array of C strings)
/// after the terminating null.
pub unsafe extern "C" fn execle_va(path: *const c_char, arg0: *const c_char, ap: VaList) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { exec_list(Target::Environment, path, arg0, ap) }
}

/// `execlp`'s core: [`crate::execvp::execvp`], which searches `PATH` for `file`.
///
/// # Safety
/// As for [`execl_va`].
pub unsafe extern "C" fn execlp_va(file: *const c_char, arg0: *const c_char, ap: VaList) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { exec_list(Target::Search, file, arg0, ap) }
}

limpet_va::variadic! {
    /// `execl(path, arg0, ..., (char *)0)`—[`execv`] with the arguments listed inline.
    /// Returns only on failure: -1 with errno set.
    ///
    /// # Safety
    /// `path` and each argument must be C strings, and the list must end with a null pointer.
    fn execl(path: *const c_char, arg0: *const c_char) -> c_int => execl_va
}

limpet_va::variadic! {
    /// `execlp(file, arg0, ..., (char *)0)`—[`crate::execvp::execvp`] with the arguments
    /// listed inline. Returns only on failure: -1 with errno set.
    ///
    /// # Safety
    /// As for [`execl`].
    fn execlp(file: *const c_char, arg0: *const c_char) -> c_int => execlp_va
}

limpet_va::variadic! {
    /// `execle(path, arg0, ..., (char *)0, envp)`—[`execve`] with the arguments listed inline
    /// and the environment after them. Returns only on failure: -1 with errno set.
    ///
    /// # Safety
    /// As for [`execl`], and `envp` must be a null-terminated array of C strings.
    fn execle(path: *const c_char, arg0: *const c_char) -> c_int => execle_va
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(errno(), ENOENT);
        let g: Variadic = unsafe { core::mem::transmute(execle as *const ()) };
        let env = [n];
        assert_eq!(unsafe { g(p, a, a, a, a, a, a, a, n, env.as_ptr()) }, -1);
        let h: Variadic = unsafe { core::mem::transmute(execlp as *const ()) };
        assert_eq!(unsafe { h(c"limpet-no-such-xyz".as_ptr(), a, n) }, -1);
        assert_eq!(errno(), ENOENT);
    }


    /// Runs `/bin/sh -c 'exit $#'`-style programs through `call` in a child; its exit status.
    fn status_of(call: impl FnOnce() -> c_int) -> c_int {
        let pid = unsafe { crate::fork::fork() };
        if pid == 0 {
            call();
            unsafe { limpet_syscall::syscall1_noreturn(nr::EXIT, 126) }
        }
        let mut st = 0;
        assert_eq!(unsafe { crate::wait::waitpid(pid, &mut st, 0) }, pid);
        st >> 8
    }

    #[test]
    fn the_lists_reach_the_program_on_the_stack_and_in_a_mapping() {
        let f: Variadic = unsafe { core::mem::transmute(execl as *const ()) };
        let (sh, name, script) = (c"/bin/sh".as_ptr(), c"sh".as_ptr(), c"exit $#".as_ptr());
        let (c_flag, x) = (c"-c".as_ptr(), c"x".as_ptr());
        let n: *const c_char = core::ptr::null();
        assert_eq!(status_of(|| unsafe { f(sh, name, c_flag, script, name, x, x, x, n) }), 3);
        // 102 arguments after the script's name: more than ON_STACK pointers in all.
        let long = |g: Variadic| -> c_int {
            unsafe {
                g(sh, name, c_flag, script, name, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x,
                  x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x,
                  x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x,
                  x, x, x, x, n)
            }
        };
        assert_eq!(status_of(|| long(f)), 102);
        let p: Variadic = unsafe { core::mem::transmute(execlp as *const ()) };
        assert_eq!(status_of(|| long(p)), 102);
        let e: Variadic = unsafe { core::mem::transmute(execle as *const ()) };
        let env = [c"V=42".as_ptr(), n];
        let script = c"exit $V".as_ptr();
        assert_eq!(status_of(|| unsafe { e(sh, name, c_flag, script, n, env.as_ptr()) }), 42);
    }

    #[test]
    fn proc_path_digits() {
        let mut b = [0u8; 32];
        for (fd, want) in [(0, "/proc/self/fd/0"), (7, "/proc/self/fd/7"), (12345, "/proc/self/fd/12345")] {
            let p = proc_fd_path(fd, &mut b);
            assert_eq!(unsafe { core::ffi::CStr::from_ptr(p) }.to_str().unwrap(), want);
        }
    }

    #[test]
    fn exec_failures_set_errno() {
        let argv = [c"x".as_ptr(), core::ptr::null()];
        assert_eq!(unsafe { execve(c"/nonexistent/prog".as_ptr(), argv.as_ptr(), argv[1..].as_ptr()) }, -1);
        assert_eq!(errno(), ENOENT);
        assert_eq!(unsafe { fexecve(-1, argv.as_ptr(), argv[1..].as_ptr()) }, -1);
        assert_eq!(errno(), EBADF);
    }
}
