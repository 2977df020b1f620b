//! Scheduling priority and resource usage: `getpriority`, `setpriority`, `nice`, `getrusage`.
use core::ffi::c_int;

use limpet_syscall::{
    errno,
    errno::{EACCES, EPERM},
    nr, ret_errno, set_errno, syscall2, syscall3,
};

use crate::abi::{NZERO, PRIO_PROCESS, Rusage};

/// `getpriority(which, who)`—The nice value (-20..=19) of the process, process group or
/// user named; -1 with errno set on error (a real nice value can also be -1: clear errno
/// first to tell them apart).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getpriority(which: c_int, who: u32) -> c_int {
    // SAFETY: the call takes only integers.
    let r = ret_errno(unsafe { syscall2(nr::GETPRIORITY, which as usize, who as usize) });
    // The kernel answers 20 - nice, so that success is never negative.
    if r < 0 { -1 } else { NZERO - r as c_int }
}

/// `setpriority(which, who, prio)`—Sets the nice value. 0 or -1 with errno set.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setpriority(which: c_int, who: u32, prio: c_int) -> c_int {
    // SAFETY: the call takes only integers.
    ret_errno(unsafe { syscall3(nr::SETPRIORITY, which as usize, who as usize, prio as usize) }) as c_int
}

/// `nice(inc)`—Adds `inc` to the caller's nice value, clamped to -20..=19, and returns the
/// new value; -1 with `EPERM` if lowering it is not allowed.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn nice(inc: c_int) -> c_int {
    // An increment this large reaches the bound whatever the current value; not reading it
    // also keeps the sum from overflowing.
    let mut prio = inc;
    if inc > -2 * NZERO && inc < 2 * NZERO {
        prio += getpriority(PRIO_PROCESS, 0);
    }
    prio = prio.clamp(-NZERO, NZERO - 1);
    if setpriority(PRIO_PROCESS, 0, prio) != 0 {
        if errno() == EACCES {
            set_errno(EPERM);
        }
        return -1;
    }
    prio
}

/// `getrusage(who, ru)`—Stores the resource usage of the caller (`RUSAGE_SELF`), its waited-for
/// children (`RUSAGE_CHILDREN`) or the calling thread (`RUSAGE_THREAD`). 0 or -1 with errno set.
///
/// # Safety
/// `ru` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getrusage(who: c_int, ru: *mut Rusage) -> c_int {
    // SAFETY: the kernel writes the caller's struct (the part it knows).
    ret_errno(unsafe { syscall2(nr::GETRUSAGE, who as usize, ru as usize) }) as c_int
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_syscall::errno::EINVAL;

    #[test]
    fn nice_moves_the_priority_in_a_child() {
        // A child, so the test process keeps its priority.
        let pid = unsafe { crate::fork::fork_only() }.unwrap();
        if pid == 0 {
            let before = getpriority(PRIO_PROCESS, 0);
            let after = nice(1);
            let ok = after == (before + 1).min(19) && getpriority(PRIO_PROCESS, 0) == after && nice(1000) == 19;
            unsafe { limpet_syscall::syscall1_noreturn(nr::EXIT_GROUP, if ok { 0 } else { 1 }) }
        }
        let mut st = -1;
        unsafe { crate::wait::waitpid(pid, &mut st, 0) };
        assert_eq!(st, 0);
        assert_eq!(getpriority(99, 0), -1);
        assert_eq!(errno(), EINVAL);
        let mut ru = Rusage::default();
        assert_eq!(unsafe { getrusage(0, &mut ru) }, 0);
        assert!(ru.counters[0] > 0); // maxrss
        assert_eq!(unsafe { getrusage(7, &mut ru) }, -1);
    }
}
