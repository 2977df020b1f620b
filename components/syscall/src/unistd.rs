//! The first C system-call wrappers: file I/O, memory mapping, `getpid`, `clock_gettime`.
//!
//! Each keeps the C contract: the result, or -1 (`MAP_FAILED` for `mmap`) with errno set.
//! The integer variadic functions `open`, `openat` and `syscall` take their optional
//! arguments as ordinary parameters: on x86_64, aarch64 and riscv64 a variadic integer
//! travels in exactly the register or stack slot that a named one would, and reading an
//! unused slot reads only the caller's own registers or frame.
use core::ffi::{c_char, c_int, c_long, c_uint, c_void};
use core::sync::atomic::{AtomicUsize, Ordering};

use limpet_abi::fcntl::{AT_FDCWD, O_CREAT, O_TMPFILE};
use limpet_abi::limits::PAGESIZE;
use limpet_abi::mman::{MAP_FAILED, MREMAP_FIXED};
use limpet_abi::stat::Stat;
use limpet_abi::time::Timespec;

use crate::errno::*;
use crate::cancel::syscall_cp;
use crate::{nr, ret_errno, syscall2, syscall3, syscall4, syscall6};

/// The bits of an address or offset below its page.
const PAGE_MASK: usize = PAGESIZE - 1;

/// `read(fd, buf, count)`—Reads up to `count` bytes from `fd`. A cancellation point.
///
/// # Safety
/// `buf` must be valid for `count` bytes of writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn read(fd: c_int, buf: *mut c_void, count: usize) -> isize {
    // SAFETY: the kernel checks the buffer; the caller vouches for it.
    ret_errno(unsafe { syscall_cp(nr::READ, fd as usize, buf as usize, count, 0, 0, 0) })
}

/// `write(fd, buf, count)`—Writes up to `count` bytes to `fd`. A cancellation point.
///
/// # Safety
/// `buf` must be valid for `count` bytes of reads.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn write(fd: c_int, buf: *const c_void, count: usize) -> isize {
    // SAFETY: as for read.
    ret_errno(unsafe { syscall_cp(nr::WRITE, fd as usize, buf as usize, count, 0, 0, 0) })
}

/// `openat(dirfd, path, flags, ...)`—Opens `path` relative to `dirfd`; `mode` is read
/// only with `O_CREAT` or `O_TMPFILE`, as the C contract says. A cancellation point.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn openat(dirfd: c_int, path: *const c_char, flags: c_int, mode: c_uint) -> c_int {
    let mode = if flags & O_CREAT != 0 || flags & O_TMPFILE == O_TMPFILE { mode } else { 0 };
    // SAFETY: the kernel validates the path pointer.
    ret_errno(unsafe { syscall_cp(nr::OPENAT, dirfd as usize, path as usize, flags as usize, mode as usize, 0, 0) })
        as c_int
}

/// `open(path, flags, ...)`—Opens `path`; `mode` is read only with `O_CREAT` or `O_TMPFILE`.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn open(path: *const c_char, flags: c_int, mode: c_uint) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { openat(AT_FDCWD, path, flags, mode) }
}

/// `close(fd)`—Closes a file descriptor. Like musl, EINTR is reported as success: Linux
/// has released the descriptor either way, and a retry could close someone else's. A
/// cancellation point that acts only before the descriptor is released, never after
/// ([`crate::cancel`]).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn close(fd: c_int) -> c_int {
    // SAFETY: close takes no pointers.
    let r = unsafe { syscall_cp(nr::CLOSE, fd as usize, 0, 0, 0, 0, 0) };
    if crate::result(r) == Err(EINTR) { 0 } else { ret_errno(r) as c_int }
}

/// `lseek(fd, offset, whence)`—Moves the file offset.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn lseek(fd: c_int, offset: i64, whence: c_int) -> i64 {
    // SAFETY: lseek takes no pointers.
    ret_errno(unsafe { syscall3(nr::LSEEK, fd as usize, offset as usize, whence as usize) }) as i64
}

/// `fstat(fd, st)`—Describes an open file.
///
/// # Safety
/// `st` must be valid for writes of a `struct stat`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fstat(fd: c_int, st: *mut Stat) -> c_int {
    // SAFETY: the kernel fills `st`, which the caller vouches for.
    ret_errno(unsafe { syscall2(nr::FSTAT, fd as usize, st as usize) }) as c_int
}

/// `fstatat(dirfd, path, st, flags)`—Describes a file named relative to `dirfd`.
///
/// # Safety
/// `path` must be NUL-terminated and `st` valid for writes of a `struct stat`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fstatat(dirfd: c_int, path: *const c_char, st: *mut Stat, flags: c_int) -> c_int {
    // SAFETY: forwarded contract.
    ret_errno(unsafe {
        syscall4(nr::NEWFSTATAT, dirfd as usize, path as usize, st as usize, flags as usize)
    }) as c_int
}

/// `stat(path, st)`—Describes the file at `path`, following symbolic links.
///
/// # Safety
/// As for `fstatat`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn stat(path: *const c_char, st: *mut Stat) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { fstatat(AT_FDCWD, path, st, 0) }
}

/// `getpid()`—The calling process's ID; it cannot fail.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getpid() -> c_int {
    // SAFETY: getpid takes no arguments.
    unsafe { crate::syscall0(nr::GETPID) as c_int }
}

/// `mmap(addr, len, prot, flags, fd, off)`—Maps memory. As in musl, an offset that is not
/// page-aligned gives EINVAL, and a length over `PTRDIFF_MAX` gives ENOMEM.
///
/// # Safety
/// With `MAP_FIXED`, the caller owns whatever was mapped at `addr`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mmap(addr: *mut c_void, len: usize, prot: c_int, flags: c_int, fd: c_int, off: i64) -> *mut c_void {
    if off as usize & PAGE_MASK != 0 {
        crate::set_errno(EINVAL);
        return MAP_FAILED as *mut c_void;
    }
    if len >= isize::MAX as usize {
        crate::set_errno(ENOMEM);
        return MAP_FAILED as *mut c_void;
    }
    // SAFETY: the caller vouches for MAP_FIXED; otherwise the kernel picks free space.
    let r = unsafe {
        syscall6(nr::MMAP, addr as usize, len, prot as usize, flags as usize, fd as usize, off as usize)
    };
    ret_errno(r) as *mut c_void
}

/// `munmap(addr, len)`—Removes a mapping.
///
/// # Safety
/// Nothing may use the unmapped range afterwards.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn munmap(addr: *mut c_void, len: usize) -> c_int {
    // SAFETY: forwarded contract.
    ret_errno(unsafe { syscall2(nr::MUNMAP, addr as usize, len) }) as c_int
}

/// `mprotect(addr, len, prot)`—Changes the protection of every page that `[addr, addr+len)`
/// touches. Like musl, an unaligned `addr` is rounded down to its page rather than refused.
///
/// # Safety
/// Removing access from memory still in use is the caller's responsibility.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mprotect(addr: *mut c_void, len: usize, prot: c_int) -> c_int {
    let start = addr as usize & !PAGE_MASK;
    let end = (addr as usize).wrapping_add(len).wrapping_add(PAGE_MASK) & !PAGE_MASK;
    // SAFETY: forwarded contract.
    ret_errno(unsafe { syscall3(nr::MPROTECT, start, end.wrapping_sub(start), prot as usize) }) as c_int
}

/// `mremap(old, old_len, new_len, flags, ...)`—Grows, shrinks or moves a mapping. The
/// optional fifth argument, the new address, is read only with `MREMAP_FIXED`. Like musl, a
/// new length over `PTRDIFF_MAX` gives ENOMEM.
///
/// # Safety
/// With `MREMAP_MAYMOVE` the old address may become invalid; the caller must not use it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mremap(old: *mut c_void, old_len: usize, new_len: usize, flags: c_int, new_addr: *mut c_void) -> *mut c_void {
    if new_len >= isize::MAX as usize {
        crate::set_errno(ENOMEM);
        return MAP_FAILED as *mut c_void;
    }
    let new_addr = if flags & MREMAP_FIXED != 0 { new_addr as usize } else { 0 };
    // SAFETY: forwarded contract.
    let r = unsafe { crate::syscall5(nr::MREMAP, old as usize, old_len, new_len, flags as usize, new_addr) };
    ret_errno(r) as *mut c_void
}

/// `syscall(number, ...)`—Makes system call `number` with up to six integer arguments,
/// returning -1 with errno set on failure.
///
/// # Safety
/// The caller upholds the kernel's contract for the call.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn syscall(n: c_long, a: c_long, b: c_long, c: c_long, d: c_long, e: c_long, f: c_long) -> c_long {
    // SAFETY: forwarded contract.
    ret_errno(unsafe {
        syscall6(n as usize, a as usize, b as usize, c as usize, d as usize, e as usize, f as usize)
    }) as c_long
}

type ClockGettime = unsafe extern "C" fn(c_int, *mut Timespec) -> c_int;
/// The vDSO's `clock_gettime`: `UNRESOLVED` until first use, then its address or 0.
static VDSO_CLOCK_GETTIME: AtomicUsize = AtomicUsize::new(UNRESOLVED);
const UNRESOLVED: usize = 1;

#[cold]
#[inline(never)]
fn resolve_vdso_clock_gettime() -> usize {
    #[cfg(target_arch = "x86_64")]
    const NAME: &[u8] = b"__vdso_clock_gettime";
    #[cfg(not(target_arch = "x86_64"))]
    const NAME: &[u8] = b"__kernel_clock_gettime";
    let f = crate::vdso::lookup(NAME).unwrap_or(0);
    VDSO_CLOCK_GETTIME.store(f, Ordering::Relaxed);
    f
}

/// `clock_gettime(clk, ts)`—Reads clock `clk`, through the vDSO when the kernel offers it.
///
/// # Safety
/// `ts` must be valid for writes of a `struct timespec`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn clock_gettime(clk: c_int, ts: *mut Timespec) -> c_int {
    let mut f = VDSO_CLOCK_GETTIME.load(Ordering::Relaxed);
    if f == UNRESOLVED {
        f = resolve_vdso_clock_gettime();
    }
    if f != 0 {
        // SAFETY: `f` is the vDSO's clock_gettime, which has this signature.
        let vf: ClockGettime = unsafe { core::mem::transmute(f) };
        // SAFETY: forwarded contract.
        let r = unsafe { vf(clk, ts) };
        if r == 0 {
            return 0;
        }
        // The vDSO returns -errno, like the syscall; fall through to the kernel so the
        // error (or a clock the vDSO does not serve) is handled in one place.
    }
    // SAFETY: forwarded contract.
    ret_errno(unsafe { syscall2(nr::CLOCK_GETTIME, clk as usize, ts as usize) }) as c_int
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_read_close_roundtrip() {
        let fd = unsafe { open(c"/proc/self/stat".as_ptr(), 0, 0) };
        assert!(fd >= 0);
        let mut buf = [0u8; 64];
        let n = unsafe { read(fd, buf.as_mut_ptr().cast(), buf.len()) };
        assert!(n > 0);
        let pid = getpid();
        let text = core::str::from_utf8(&buf[..n as usize]).unwrap();
        assert!(text.starts_with(&format!("{pid} ")));
        assert_eq!(close(fd), 0);
        assert_eq!(close(fd), -1);
    }

    #[test]
    fn errors_come_back_as_errno() {
        let fd = unsafe { open(c"/nonexistent/limpet".as_ptr(), 0, 0) };
        assert_eq!(fd, -1);
        assert_eq!(std::io::Error::last_os_error().raw_os_error(), Some(ENOENT));
        let p = unsafe { mmap(core::ptr::null_mut(), 4096, 3, 0x22, -1, 1) };
        assert_eq!(p as usize, usize::MAX);
        assert_eq!(std::io::Error::last_os_error().raw_os_error(), Some(EINVAL));
    }

    #[test]
    fn stat_and_fstat_agree() {
        // A file of its own: under qemu-user `/proc/self/exe` opens the guest program but
        // stats the emulator.
        let path = std::env::temp_dir().join(format!("limpet-stat-{}", std::process::id()));
        std::fs::write(&path, [7u8; 1234]).unwrap();
        let cpath = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
        let mut a = Stat::default();
        let mut b = Stat::default();
        assert_eq!(unsafe { stat(cpath.as_ptr(), &mut a) }, 0);
        assert_eq!(a.st_size, 1234);
        let fd = unsafe { open(cpath.as_ptr(), 0, 0) };
        assert_eq!(unsafe { fstat(fd, &mut b) }, 0);
        assert_eq!((a.st_ino, a.st_size), (b.st_ino, b.st_size));
        assert_eq!(lseek(fd, 0, 2), a.st_size);
        close(fd);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn clock_gettime_is_monotonic_and_matches_std() {
        let mut a = Timespec::default();
        let mut b = Timespec::default();
        assert_eq!(unsafe { clock_gettime(1, &mut a) }, 0);
        assert_eq!(unsafe { clock_gettime(1, &mut b) }, 0);
        assert!((b.tv_sec, b.tv_nsec) >= (a.tv_sec, a.tv_nsec));
        let mut r = Timespec::default();
        assert_eq!(unsafe { clock_gettime(0, &mut r) }, 0);
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap();
        assert!((now.as_secs() as i64 - r.tv_sec).abs() < 5);
        assert_eq!(unsafe { clock_gettime(12345, &mut r) }, -1);
        assert_eq!(std::io::Error::last_os_error().raw_os_error(), Some(EINVAL));
    }

    #[test]
    fn mremap_grows_and_moves_keeping_contents() {
        use limpet_abi::mman::MREMAP_MAYMOVE;
        let p = unsafe { mmap(core::ptr::null_mut(), 4096, 3, 0x22, -1, 0) } as *mut u8;
        assert_ne!(p as usize, usize::MAX);
        unsafe { p.write(42) };
        let q = unsafe { mremap(p.cast(), 4096, 1 << 20, MREMAP_MAYMOVE, core::ptr::null_mut()) } as *mut u8;
        assert_ne!(q as usize, usize::MAX);
        assert_eq!(unsafe { q.read() }, 42);
        unsafe { q.add((1 << 20) - 1).write(7) };
        let r = unsafe { mremap(q.cast(), 1 << 20, usize::MAX / 2 + 1, MREMAP_MAYMOVE, core::ptr::null_mut()) };
        assert_eq!(r as usize, usize::MAX);
        assert_eq!(std::io::Error::last_os_error().raw_os_error(), Some(ENOMEM));
        assert_eq!(unsafe { munmap(q.cast(), 1 << 20) }, 0);
    }

    #[test]
    fn syscall_passes_arguments_through() {
        let pid = unsafe { syscall(nr::GETPID as c_long, 0, 0, 0, 0, 0, 0) };
        assert_eq!(pid as c_int, getpid());
        assert_eq!(unsafe { syscall(-1, 0, 0, 0, 0, 0, 0) }, -1);
        assert_eq!(std::io::Error::last_os_error().raw_os_error(), Some(ENOSYS));
    }
}
