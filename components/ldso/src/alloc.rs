//! The loader's own memory: a bump allocator over a static first block, then anonymous
//! mappings. Nothing it hands out is freed; it holds the module descriptors, which live as
//! long as the process. The first block covers a program with a few libraries, so most
//! start-ups make no `mmap` for it.
use limpet_abi::mman::{MAP_ANONYMOUS, MAP_PRIVATE, PROT_READ, PROT_WRITE};
use limpet_syscall::{nr, syscall6};

const CHUNK: usize = 64 * 1024;

/// The size of the first block, which lives in the loader's state
/// ([`crate::state::Bump`]): zero, like fresh mappings.
pub const FIRST_BYTES: usize = 2048;

/// Returns `size` zeroed bytes aligned to `align` (a power of two), or null when out of memory.
///
/// # Safety
/// Single-threaded use only (start-up, or under the loader's lock).
pub unsafe fn alloc(size: usize, align: usize) -> *mut u8 {
    // SAFETY: single-threaded per the contract; the bump state is only reached here.
    unsafe {
        let b = &mut *crate::state::bump();
        if b.cur == 0 {
            b.cur = b.first.as_mut_ptr().addr();
            b.end = b.cur + FIRST_BYTES;
        }
        let mut p = (b.cur + align - 1) & !(align - 1);
        if p + size > b.end {
            let len = (size + align).max(CHUNK);
            let (prot, flags) = ((PROT_READ | PROT_WRITE) as usize, (MAP_PRIVATE | MAP_ANONYMOUS) as usize);
            let r = syscall6(nr::MMAP, 0, len, prot, flags, usize::MAX, 0);
            let Ok(base) = limpet_syscall::result(r) else { return core::ptr::null_mut() };
            b.cur = base;
            b.end = base + len;
            p = (b.cur + align - 1) & !(align - 1);
        }
        b.cur = p + size;
        p as *mut u8
    }
}

/// Allocates one zeroed `T`.
///
/// # Safety
/// As for [`alloc`]; an all-zero `T` must be valid.
pub unsafe fn alloc_zeroed<T>() -> *mut T {
    // SAFETY: forwarded contract; fresh anonymous memory is zero.
    unsafe { alloc(size_of::<T>(), align_of::<T>()) as *mut T }
}

/// Copies `s` (without NUL) into loader memory, adding a NUL.
///
/// # Safety
/// As for [`alloc`].
pub unsafe fn dup_bytes(s: &[u8]) -> *mut u8 {
    // SAFETY: the new block has room for `s` and the NUL (already zero).
    unsafe {
        let p = alloc(s.len() + 1, 1);
        if !p.is_null() {
            core::ptr::copy_nonoverlapping(s.as_ptr(), p, s.len());
        }
        p
    }
}
