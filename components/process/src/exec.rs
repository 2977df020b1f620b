//! `execve`, `execv`, `fexecve`, and the cores of the variadic `execl`, `execle`, `execlp`
//! (whose trampolines are in `arch/`).
use core::ffi::{c_char, c_int};

use limpet_syscall::{
    errno::{EBADF, ENOENT, ENOSYS},
    nr, result, ret_errno, set_errno, syscall3, syscall5,
};

use crate::c;

const AT_EMPTY_PATH: usize = 0x1000;

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
    unsafe { execve(path, argv, c::environ) }
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
        syscall5(nr::EXECVEAT, fd as usize, c"".as_ptr() as usize, argv as usize, envp as usize, AT_EMPTY_PATH)
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
    if c::errno() == ENOENT {
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

/// `execl`'s core: `args` is the argument list, null-terminated, as the trampoline laid it out.
///
/// # Safety
/// `path` must be a C string and `args` a null-terminated array of C strings.
pub unsafe extern "C" fn execl_args(path: *const c_char, args: *const *const c_char) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { execv(path, args) }
}

/// `execle`'s core: the environment pointer follows the null that ends `args`.
///
/// # Safety
/// As for [`execl_args`], with an environment array after the terminating null.
pub unsafe extern "C" fn execle_args(path: *const c_char, args: *const *const c_char) -> c_int {
    let mut i = 0;
    // SAFETY: the list is null-terminated and the environment follows it.
    unsafe {
        while !(*args.add(i)).is_null() {
            i += 1;
        }
        let envp = *args.add(i + 1) as *const *const c_char;
        execve(path, args, envp)
    }
}

/// `execlp`'s core: the file is searched for in `PATH`.
///
/// # Safety
/// As for [`execl_args`].
pub unsafe extern "C" fn execlp_args(file: *const c_char, args: *const *const c_char) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { crate::execvp::execvp(file, args) }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(c::errno(), ENOENT);
        assert_eq!(unsafe { fexecve(-1, argv.as_ptr(), argv[1..].as_ptr()) }, -1);
        assert_eq!(c::errno(), EBADF);
    }
}
