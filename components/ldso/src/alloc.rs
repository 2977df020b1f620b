//! The loader's own memory: a bump allocator over a static first block, then anonymous
//! mappings. Nothing it hands out is freed; it holds the module descriptors, which live as
//! long as the process. The first block covers a program with a few libraries, so most
//! start-ups make no `mmap` for it.
use limpet_abi::mman::{MAP_ANONYMOUS, MAP_PRIVATE, PROT_READ, PROT_WRITE};
use limpet_syscall::{nr, syscall6};

const CHUNK: usize = 64 * 1024;

/// The first block: zero, like fresh mappings.
#[repr(C, align(64))]
struct First([u8; 2048]);
static mut FIRST: First = First([0; 2048]);

static mut CUR: usize = 0;
static mut END: usize = 0;

/// Returns `size` zeroed bytes aligned to `align` (a power of two), or null when out of memory.
///
/// # Safety
/// Single-threaded use only (start-up, or under the loader's lock).
pub unsafe fn alloc(size: usize, align: usize) -> *mut u8 {
    // SAFETY: single-threaded per the contract.
    unsafe {
        if CUR == 0 {
            CUR = (&raw mut FIRST).addr();
            END = CUR + size_of::<First>();
        }
        let mut p = (CUR + align - 1) & !(align - 1);
        if p + size > END {
            let len = (size + align).max(CHUNK);
            let (prot, flags) = ((PROT_READ | PROT_WRITE) as usize, (MAP_PRIVATE | MAP_ANONYMOUS) as usize);
            let r = syscall6(nr::MMAP, 0, len, prot, flags, usize::MAX, 0);
            let Ok(base) = limpet_syscall::result(r) else { return core::ptr::null_mut() };
            CUR = base;
            END = base + len;
            p = (CUR + align - 1) & !(align - 1);
        }
        CUR = p + size;
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
