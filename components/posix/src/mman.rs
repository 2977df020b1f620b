//! The rest of `<sys/mman.h>` (`mmap`, `munmap`, `mprotect` and `mremap` are
//! limpet-syscall's): advice, syncing, locking, residency, `memfd_create`,
//! `remap_file_pages`; and the program break, `brk` and `sbrk` (`<unistd.h>`).
use core::ffi::{c_char, c_int, c_uchar, c_uint, c_void};
use core::sync::atomic::{AtomicUsize, Ordering};

use limpet_abi::mman::POSIX_MADV_DONTNEED;
use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::errno::ENOMEM;
use limpet_syscall::{nr, result, set_errno, syscall0, syscall1, syscall2, syscall3, syscall5};

use crate::ret_int;

/// `madvise(addr, len, advice)`—Tells the kernel how the range will be used (`MADV_*`,
/// Linux's own set, `MADV_DONTNEED` discarding private pages); 0, or -1 with errno.
///
/// # Safety
/// Advice that discards or changes pages (`MADV_DONTNEED`, `MADV_FREE`, `MADV_REMOVE`, ...)
/// must not hit memory the program still relies on.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int {
    // SAFETY: the caller vouches for what the advice does to the range.
    ret_int(unsafe { syscall3(nr::MADVISE, addr as usize, len, advice as usize) })
}

/// `posix_madvise(addr, len, advice)`—POSIX's advice, which never changes the contents: 0,
/// or the error number (errno is not touched). `POSIX_MADV_DONTNEED` is only a hint there,
/// while Linux's `MADV_DONTNEED` discards pages, so it is accepted and not passed on, as
/// musl does.
///
/// # Safety
/// None beyond the range being the caller's to advise on.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int {
    if advice == POSIX_MADV_DONTNEED {
        return 0;
    }
    // SAFETY: the other POSIX advice values (normal, random, sequential, willneed) only
    // hint.
    match result(unsafe { syscall3(nr::MADVISE, addr as usize, len, advice as usize) }) {
        Ok(_) => 0,
        Err(e) => e,
    }
}

/// `msync(addr, len, flags)`—Writes a shared file mapping's changes back (`MS_SYNC` waits,
/// `MS_ASYNC` schedules, `MS_INVALIDATE`); 0, or -1 with errno (EINVAL, ENOMEM for an
/// unmapped range, EBUSY). A cancellation point.
///
/// # Safety
/// None beyond the system call's: the kernel checks the range.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn msync(addr: *mut c_void, len: usize, flags: c_int) -> c_int {
    // SAFETY: the kernel validates the range.
    ret_int(unsafe { syscall_cp(nr::MSYNC, addr as usize, len, flags as usize, 0, 0, 0) })
}

/// `mlock(addr, len)`—Locks the pages of the range in memory; 0, or -1 with errno (ENOMEM,
/// EPERM past `RLIMIT_MEMLOCK`).
///
/// # Safety
/// None beyond the system call's.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mlock(addr: *const c_void, len: usize) -> c_int {
    // SAFETY: the kernel validates the range.
    ret_int(unsafe { syscall2(nr::MLOCK, addr as usize, len) })
}

/// `mlock2(addr, len, flags)`—`mlock`, or with `MLOCK_ONFAULT` locking pages as they are
/// first touched; 0, or -1 with errno.
///
/// # Safety
/// None beyond the system call's.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mlock2(addr: *const c_void, len: usize, flags: c_uint) -> c_int {
    if flags == 0 {
        // SAFETY: forwarded; the plain call works on kernels without mlock2.
        return unsafe { mlock(addr, len) };
    }
    // SAFETY: the kernel validates the range.
    ret_int(unsafe { syscall3(nr::MLOCK2, addr as usize, len, flags as usize) })
}

/// `munlock(addr, len)`—Unlocks the range; 0, or -1 with errno.
///
/// # Safety
/// None beyond the system call's.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn munlock(addr: *const c_void, len: usize) -> c_int {
    // SAFETY: the kernel validates the range.
    ret_int(unsafe { syscall2(nr::MUNLOCK, addr as usize, len) })
}

/// `mlockall(flags)`—Locks every current (`MCL_CURRENT`) and/or future (`MCL_FUTURE`)
/// mapping; 0, or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn mlockall(flags: c_int) -> c_int {
    // SAFETY: mlockall takes no pointer.
    ret_int(unsafe { syscall1(nr::MLOCKALL, flags as usize) })
}

/// `munlockall()`—Unlocks every mapping; 0, or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn munlockall() -> c_int {
    // SAFETY: munlockall takes no arguments.
    ret_int(unsafe { syscall0(nr::MUNLOCKALL) })
}

/// `mincore(addr, len, vec)`—Stores in `vec`, one byte per page of the range, whether the
/// page is resident (bit 0); 0, or -1 with errno (ENOMEM for an unmapped range, EINVAL for
/// an unaligned `addr`, EFAULT).
///
/// # Safety
/// `vec` must be writable for one byte per page of the range.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mincore(addr: *mut c_void, len: usize, vec: *mut c_uchar) -> c_int {
    // SAFETY: the caller vouches for `vec`.
    ret_int(unsafe { syscall3(nr::MINCORE, addr as usize, len, vec as usize) })
}

/// `memfd_create(name, flags)`—An anonymous file in memory (`MFD_CLOEXEC`,
/// `MFD_ALLOW_SEALING`, `MFD_HUGETLB`); `name` only labels it in /proc. The descriptor, or
/// -1 with errno (EINVAL for a name over 249 bytes or bad flags, EMFILE).
///
/// # Safety
/// `name` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn memfd_create(name: *const c_char, flags: c_uint) -> c_int {
    // SAFETY: the kernel reads the caller's string.
    ret_int(unsafe { syscall2(nr::MEMFD_CREATE, name as usize, flags as usize) })
}

/// `remap_file_pages(addr, size, prot, pgoff, flags)`—Rearranges the pages of a shared file
/// mapping (deprecated by Linux, which emulates it); 0, or -1 with errno.
///
/// # Safety
/// The range's contents change to other pages of the file: nothing may rely on the old ones.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn remap_file_pages(addr: *mut c_void, size: usize, prot: c_int, pgoff: usize, flags: c_int) -> c_int {
    // SAFETY: the caller vouches for the remapping.
    ret_int(unsafe { syscall5(nr::REMAP_FILE_PAGES, addr as usize, size, prot as usize, pgoff, flags as usize) })
}

/// The program break as last set or read, 0 before the first call. limpet's allocators map
/// their memory and never move the break, so the program owns it, as on glibc (musl's
/// `brk` always fails, since its allocator uses the break).
static BREAK: AtomicUsize = AtomicUsize::new(0);

/// The kernel's answer to "set the break to `to`" (0 asks): the break now.
fn set_break(to: usize) -> usize {
    // SAFETY: brk takes an address, not a pointer it dereferences.
    let now = unsafe { syscall1(nr::BRK, to) };
    BREAK.store(now, Ordering::Relaxed);
    now
}

/// `brk(end)`—Moves the program break (the end of the data segment) to `end`; 0, or -1
/// with errno ENOMEM when the kernel refuses (the break then stays where it was).
///
/// # Safety
/// Memory below the old break that the new one gives up must no longer be used.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn brk(end: *mut c_void) -> c_int {
    if set_break(end as usize) != end as usize {
        set_errno(ENOMEM);
        return -1;
    }
    0
}

/// `sbrk(inc)`—Moves the program break by `inc` bytes; the old break (so `sbrk(0)` tells
/// where it is), or `(void *)-1` with errno ENOMEM when it cannot move.
///
/// # Safety
/// As for `brk` when `inc` is negative.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sbrk(inc: isize) -> *mut c_void {
    let mut old = BREAK.load(Ordering::Relaxed);
    if old == 0 {
        old = set_break(0);
    }
    if inc == 0 {
        return old as *mut c_void;
    }
    let Some(new) = old.checked_add_signed(inc) else {
        set_errno(ENOMEM);
        return usize::MAX as *mut c_void;
    };
    if set_break(new) != new {
        set_errno(ENOMEM);
        return usize::MAX as *mut c_void;
    }
    old as *mut c_void
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_abi::mman::{MADV_WILLNEED, MAP_ANONYMOUS, MAP_PRIVATE, MAP_SHARED, MFD_CLOEXEC, MS_SYNC, PROT_READ, PROT_WRITE};
    use limpet_syscall::errno;
    use limpet_syscall::errno::{EINVAL, ENOMEM as E_NOMEM};
    use limpet_syscall::unistd::{mmap, munmap};

    const PAGE: usize = 4096;

    #[test]
    fn advice_locking_and_residency() {
        // SAFETY: a fresh anonymous mapping of 4 pages.
        let p = unsafe { mmap(core::ptr::null_mut(), 4 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) };
        assert_ne!(p as usize, usize::MAX);
        unsafe {
            assert_eq!(madvise(p, 4 * PAGE, MADV_WILLNEED), 0);
            assert_eq!(posix_madvise(p, 4 * PAGE, POSIX_MADV_DONTNEED), 0);
            // The kernel refuses unknown advice; qemu-user takes every madvise as a no-op.
            let r = posix_madvise(p, 4 * PAGE, 999);
            assert!(r == EINVAL || cfg!(not(target_arch = "x86_64")) && r == 0, "{r}");
            p.cast::<u8>().write(1);
            let mut vec = [0u8; 4];
            assert_eq!(mincore(p, 4 * PAGE, vec.as_mut_ptr()), 0);
            assert_eq!(vec[0] & 1, 1, "the touched page is resident");
            assert_eq!(mincore(p.cast::<u8>().add(1).cast(), PAGE, vec.as_mut_ptr()), -1);
            assert_eq!(errno(), EINVAL);
            assert_eq!(mlock(p, PAGE), 0);
            assert_eq!(munlock(p, PAGE), 0);
            assert_eq!(mlock2(p, PAGE, 0), 0);
            assert_eq!(munlock(p, PAGE), 0);
            assert_eq!(msync(p, PAGE, MS_SYNC), 0);
            assert_eq!(msync(p, PAGE, 0x7f0), -1);
            assert_eq!(errno(), EINVAL);
            assert_eq!(munmap(p, 4 * PAGE), 0);
            assert_eq!(mincore(p, PAGE, [0u8; 1].as_mut_ptr()), -1);
            assert_eq!(errno(), E_NOMEM);
        }
    }

    #[test]
    fn memfd_is_a_file_in_memory() {
        // SAFETY: a NUL-terminated name.
        let fd = unsafe { memfd_create(c"limpet-test".as_ptr(), MFD_CLOEXEC as c_uint) };
        assert!(fd >= 0, "errno {}", errno());
        assert_eq!(unsafe { limpet_syscall::unistd::write(fd, b"abc".as_ptr().cast(), 3) }, 3);
        let m = unsafe { mmap(core::ptr::null_mut(), PAGE, PROT_READ, MAP_SHARED, fd, 0) };
        assert_ne!(m as usize, usize::MAX);
        assert_eq!(unsafe { core::slice::from_raw_parts(m.cast::<u8>(), 3) }, b"abc");
        unsafe { munmap(m, PAGE) };
        limpet_syscall::unistd::close(fd);
        assert_eq!(unsafe { memfd_create(c"x".as_ptr(), 0x8000_0000) }, -1);
        assert_eq!(errno(), EINVAL);
    }

    #[test]
    fn the_break_moves() {
        // In a child process: the test binary's allocator is the host's, whose main arena
        // moves the break too, maybe from another test's thread.
        const SIGCHLD: usize = 17;
        // SAFETY: a fork (clone with only the exit signal); the child makes system calls and
        // exits without returning.
        let pid = unsafe { limpet_syscall::syscall5(nr::CLONE, SIGCHLD, 0, 0, 0, 0) } as isize;
        assert!(pid >= 0);
        if pid == 0 {
            // SAFETY: the child's break is its own.
            let code = unsafe { break_steps() };
            // SAFETY: ends the child.
            unsafe { limpet_syscall::syscall1_noreturn(nr::EXIT_GROUP, code as usize) };
        }
        let mut status = 0i32;
        // SAFETY: `status` is a local.
        unsafe { limpet_syscall::syscall4(nr::WAIT4, pid as usize, &raw mut status as usize, 0, 0) };
        assert_eq!(status, 0, "the child's step {} failed", (status >> 8) & 0xff);
    }

    /// The break's moves; 0, or the number of the step that went wrong.
    ///
    /// # Safety
    /// Only in a process whose break nothing else moves.
    unsafe fn break_steps() -> i32 {
        unsafe {
            let start = sbrk(0);
            if start as usize == usize::MAX {
                return 1;
            }
            if sbrk(PAGE as isize) != start {
                return 2;
            }
            if sbrk(0) as usize != start as usize + PAGE {
                return 3;
            }
            start.cast::<u8>().write(7);
            if sbrk(-(PAGE as isize)) != start.cast::<u8>().add(PAGE).cast() {
                return 4;
            }
            if brk(start) != 0 || sbrk(0) != start {
                return 5;
            }
            if sbrk(isize::MAX) as usize != usize::MAX || errno() != E_NOMEM {
                return 6;
            }
            0
        }
    }
}
