//! Whole files mapped read-only: compiled locales, `MUSL_LOCPATH` catalogs, and
//! limpet-intl's message catalogs. The file is opened, measured and mapped with raw system
//! calls, so looking for a file that is not there leaves errno as it was (setlocale and the
//! gettext functions never change errno; catopen sets its own).
use core::ffi::CStr;

use limpet_abi::fcntl::{AT_FDCWD, O_CLOEXEC, O_RDONLY};
use limpet_abi::mman::{MAP_PRIVATE, PROT_READ};
use limpet_abi::stat::Stat;
use limpet_syscall::{nr, result, syscall1, syscall2, syscall4, syscall6};

/// Maps the file at `path` and returns its bytes, which stay mapped until [`unmap`]. Fails
/// with the system call's errno, or `EINVAL` for an empty file (which no catalog is and
/// which cannot be mapped).
pub fn map(path: &CStr) -> Result<&'static [u8], i32> {
    // SAFETY: `path` is NUL-terminated.
    let fd = result(unsafe {
        syscall4(nr::OPENAT, AT_FDCWD as isize as usize, path.as_ptr() as usize, (O_RDONLY | O_CLOEXEC) as usize, 0)
    })?;
    let mapped = map_fd(fd);
    // SAFETY: `fd` is the descriptor opened above, closed once here; the mapping outlives it.
    unsafe { syscall1(nr::CLOSE, fd) };
    mapped
}

/// Measures and maps the open file `fd`.
fn map_fd(fd: usize) -> Result<&'static [u8], i32> {
    let mut st = Stat::default();
    // SAFETY: `st` is a `struct stat` the kernel fills.
    result(unsafe { syscall2(nr::FSTAT, fd, &mut st as *mut Stat as usize) })?;
    let len = usize::try_from(st.st_size).map_err(|_| limpet_abi::errno::EINVAL)?;
    if len == 0 {
        return Err(limpet_abi::errno::EINVAL);
    }
    // SAFETY: a fresh private read-only mapping of `len` bytes of `fd`, placed by the kernel:
    // it aliases no Rust memory. A directory fails here (ENODEV).
    let addr = result(unsafe { syscall6(nr::MMAP, 0, len, PROT_READ as usize, MAP_PRIVATE as usize, fd, 0) })?;
    // SAFETY: the kernel mapped `len` readable bytes at `addr`, which stay until `unmap`. A
    // file truncated by someone else after the mapping would fault on its lost pages; every
    // C library that maps its catalogs shares that limit.
    Ok(unsafe { core::slice::from_raw_parts(addr as *const u8, len) })
}

/// Unmaps what [`map`] mapped.
///
/// # Safety
/// `bytes` came from [`map`], and nothing refers to it any more.
pub unsafe fn unmap(bytes: &'static [u8]) {
    // SAFETY: by the caller's contract the range is a whole mapping no one uses.
    unsafe { limpet_syscall::syscall2(nr::MUNMAP, bytes.as_ptr() as usize, bytes.len()) };
}
