//! CPU affinity: `sched_getaffinity`, `sched_setaffinity` (musl's signatures: a thread id,
//! a size in bytes and a `cpu_set_t *`), their per-thread forms `pthread_getaffinity_np`
//! and `pthread_setaffinity_np`, `__sched_cpucount` (behind `CPU_COUNT`) and `sched_getcpu`.
use core::ffi::{c_int, c_void};

#[cfg(target_arch = "x86_64")]
use limpet_syscall::errno::ESRCH;
use limpet_syscall::{nr, result, set_errno, syscall3};

// Reaching another thread by id needs the thread list, which comes with thread creation
// (x86_64 so far).
#[cfg(target_arch = "x86_64")]
use crate::descriptor::Pthread;
#[cfg(target_arch = "x86_64")]
use crate::tid::with_live_tid;

/// The kernel's answer copied into `set`, the rest of its `size` bytes zeroed; 0 or the
/// errno value.
///
/// # Safety
/// `set` must be writable for `size` bytes.
unsafe fn get(tid: i32, size: usize, set: *mut c_void) -> Result<(), c_int> {
    // SAFETY: the kernel writes at most `size` bytes.
    let n = result(unsafe { syscall3(nr::SCHED_GETAFFINITY, tid as usize, size, set as usize) })?;
    // The kernel fills only as many bytes as it has CPUs for.
    // SAFETY: `n <= size`.
    unsafe { core::ptr::write_bytes((set as *mut u8).add(n), 0, size - n) };
    Ok(())
}

/// # Safety
/// `set` must be readable for `size` bytes.
unsafe fn set(tid: i32, size: usize, set: *const c_void) -> Result<(), c_int> {
    // SAFETY: the kernel reads `size` bytes.
    result(unsafe { syscall3(nr::SCHED_SETAFFINITY, tid as usize, size, set as usize) }).map(|_| ())
}

fn to_c(r: Result<(), c_int>) -> c_int {
    r.map(|_| 0).unwrap_or_else(|e| {
        set_errno(e);
        -1
    })
}

/// `sched_getaffinity(tid, size, set)`—Stores the CPUs thread `tid` (0: the caller) may run
/// on in the `size`-byte mask `set`. Returns 0, or -1 with errno (`EINVAL` when `size` is
/// too small for the system's CPUs or not a multiple of 8, `ESRCH`, `EFAULT`).
///
/// # Safety
/// `set` must be writable for `size` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sched_getaffinity(tid: c_int, size: usize, mask: *mut c_void) -> c_int {
    // SAFETY: per the contract.
    to_c(unsafe { get(tid, size, mask) })
}

/// `sched_setaffinity(tid, size, set)`—Restricts thread `tid` (0: the caller) to the CPUs in
/// the `size`-byte mask `set`. Returns 0, or -1 with errno (`EINVAL`, `EPERM`, `ESRCH`).
///
/// # Safety
/// `set` must be readable for `size` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sched_setaffinity(tid: c_int, size: usize, mask: *const c_void) -> c_int {
    // SAFETY: per the contract.
    to_c(unsafe { set(tid, size, mask) })
}

#[cfg(target_arch = "x86_64")]
/// `pthread_getaffinity_np(t, size, set)`—[`sched_getaffinity`] for thread `t`, returning
/// the error number instead of setting errno (`ESRCH` when `t` has ended).
///
/// # Safety
/// `t` must be a thread of this process not yet joined; `set` writable for `size` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_getaffinity_np(t: *mut Pthread, size: usize, mask: *mut c_void) -> c_int {
    // SAFETY: per the contract.
    with_live_tid(t, |tid| unsafe { get(tid, size, mask) }.err().unwrap_or(0)).unwrap_or(ESRCH)
}

#[cfg(target_arch = "x86_64")]
/// `pthread_setaffinity_np(t, size, set)`—[`sched_setaffinity`] for thread `t`, returning
/// the error number instead of setting errno (`ESRCH` when `t` has ended).
///
/// # Safety
/// `t` must be a thread of this process not yet joined; `set` readable for `size` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_setaffinity_np(t: *mut Pthread, size: usize, mask: *const c_void) -> c_int {
    // SAFETY: per the contract.
    with_live_tid(t, |tid| unsafe { set(tid, size, mask) }.err().unwrap_or(0)).unwrap_or(ESRCH)
}

/// `__sched_cpucount(size, set)`—How many CPUs the `size`-byte mask `set` holds (what
/// `CPU_COUNT` expands to).
///
/// # Safety
/// `set` must be readable for `size` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __sched_cpucount(size: usize, mask: *const c_void) -> c_int {
    // SAFETY: per the contract.
    let bytes = unsafe { core::slice::from_raw_parts(mask as *const u8, size) };
    bytes.iter().map(|b| b.count_ones() as c_int).sum()
}


/// `sched_getcpu()`—The CPU the caller is running on (it may move at any moment), or -1
/// with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sched_getcpu() -> c_int {
    let mut cpu: u32 = 0;
    // SAFETY: getcpu writes the CPU number to the local; the node and cache are not asked for.
    match result(unsafe { syscall3(nr::GETCPU, &raw mut cpu as usize, 0, 0) }) {
        Ok(_) => cpu as c_int,
        Err(e) => {
            set_errno(e);
            -1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    unsafe extern "C" {
        #[link_name = "sched_getaffinity"]
        fn host_getaffinity(pid: c_int, size: usize, set: *mut c_void) -> c_int;
    }

    #[test]
    fn matches_the_host_and_zeroes_the_tail() {
        let mut ours = [0xffu8; 256];
        let mut host = [0u8; 256];
        assert_eq!(unsafe { sched_getaffinity(0, 256, ours.as_mut_ptr().cast()) }, 0);
        assert_eq!(unsafe { host_getaffinity(0, 256, host.as_mut_ptr().cast()) }, 0);
        assert_eq!(ours, host);
        let n = unsafe { __sched_cpucount(256, ours.as_ptr().cast()) };
        assert!(n >= 1);
        assert_eq!(n as usize, std::thread::available_parallelism().map_or(n as usize, |p| p.get()));
        // Setting the same mask again is allowed; a mask not a multiple of 8 bytes is not.
        assert_eq!(unsafe { sched_setaffinity(0, 256, ours.as_ptr().cast()) }, 0);
        assert_eq!(unsafe { sched_getaffinity(0, 7, ours.as_mut_ptr().cast()) }, -1);
        let cpu = sched_getcpu();
        assert!(cpu >= 0 && ours[cpu as usize / 8] & (1 << (cpu % 8)) != 0);
    }

    #[test]
    fn counts_bits() {
        let m = [0b1011u8, 0, 0xff, 0x80];
        assert_eq!(unsafe { __sched_cpucount(4, m.as_ptr().cast()) }, 3 + 8 + 1);
        assert_eq!(unsafe { __sched_cpucount(0, m.as_ptr().cast()) }, 0);
    }
}
