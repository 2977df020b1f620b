//! Waiting for children: `wait`, `waitpid`, `wait3`, `wait4`, `waitid`.
use core::ffi::{c_int, c_void};

use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::{nr, ret_errno, syscall4};

use crate::abi::Rusage;

/// `wait4(pid, status, options, ru)`—Waits for a child matching `pid` (as in [`waitpid`])
/// to change state, storing its status and, if `ru` is not null, its resource usage.
/// Returns its pid, 0 with `WNOHANG` if none is ready, or -1 with errno set (`ECHILD`,
/// `EINTR`, `EINVAL`).
///
/// # Safety
/// `status` and `ru` must be null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wait4(pid: c_int, status: *mut c_int, options: c_int, ru: *mut Rusage) -> c_int {
    // SAFETY: the kernel writes the caller's status and rusage.
    ret_errno(unsafe { syscall4(nr::WAIT4, pid as usize, status as usize, options as usize, ru as usize) }) as c_int
}

/// `waitpid(pid, status, options)`—Waits for the child `pid` (> 0), any child (-1), any
/// child in the caller's process group (0) or in group `-pid` (< -1). A cancellation point
/// (as `wait` and `waitid` are; `wait3` and `wait4` are not, as in musl).
///
/// # Safety
/// `status` must be null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn waitpid(pid: c_int, status: *mut c_int, options: c_int) -> c_int {
    // SAFETY: the kernel writes the caller's status; no rusage is asked for.
    ret_errno(unsafe { syscall_cp(nr::WAIT4, pid as usize, status as usize, options as usize, 0, 0, 0) }) as c_int
}

/// `wait(status)`—Waits for any child.
///
/// # Safety
/// `status` must be null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wait(status: *mut c_int) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { waitpid(-1, status, 0) }
}

/// `wait3(status, options, ru)`—[`wait4`] for any child.
///
/// # Safety
/// As for [`wait4`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wait3(status: *mut c_int, options: c_int, ru: *mut Rusage) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { wait4(-1, status, options, ru) }
}

/// `waitid(idtype, id, info, options)`—Waits for a child chosen by `idtype` (`P_ALL`,
/// `P_PID`, `P_PGID`, `P_PIDFD`) and `id`, filling the `siginfo_t` at `info`. Returns 0 or
/// -1 with errno set.
///
/// # Safety
/// `info` must be writable (128 bytes).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn waitid(idtype: c_int, id: u32, info: *mut c_void, options: c_int) -> c_int {
    // SAFETY: the kernel writes the caller's siginfo; no rusage is asked for.
    ret_errno(unsafe { syscall_cp(nr::WAITID, idtype as usize, id as usize, info as usize, options as usize, 0, 0) })
        as c_int
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::{P_PID, WNOHANG};
    use crate::fork::fork_only;
    use limpet_syscall::errno::ECHILD;

    const WEXITED: c_int = 4;

    fn child(code: usize) -> c_int {
        let pid = unsafe { fork_only() }.unwrap();
        if pid == 0 {
            unsafe { limpet_syscall::syscall1_noreturn(nr::EXIT_GROUP, code) }
        }
        pid
    }

    #[test]
    fn each_form_reports_the_status() {
        let pid = child(3);
        let mut ru = Rusage::default();
        let mut st = 0;
        assert_eq!(unsafe { wait4(pid, &mut st, 0, &mut ru) }, pid);
        assert_eq!(st, 3 << 8);
        let pid = child(4);
        let mut info = [0u32; 32];
        assert_eq!(unsafe { waitid(P_PID, pid as u32, info.as_mut_ptr().cast(), WEXITED) }, 0);
        assert_eq!(info[0], 17); // si_signo SIGCHLD
        assert_eq!(info[4] as c_int, pid); // si_pid
        assert_eq!(info[6], 4); // si_status
        assert_eq!(unsafe { waitpid(pid, &mut st, WNOHANG) }, -1);
        assert_eq!(limpet_syscall::errno(), ECHILD);
    }
}
