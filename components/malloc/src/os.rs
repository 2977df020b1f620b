//! The OS layer: anonymous private mappings from the kernel. The allocators in [`crate::heap`]
//! get all their memory here and nowhere else.
//!
//! Errors come back as `None`; this layer never touches errno, so [`crate::LimpetAlloc`] works
//! without a C runtime. The C API in `api/` turns `None` into `ENOMEM`.
//!
//! The allocators round mapping lengths to [`PAGESIZE`]. The kernel rounds further up to its
//! own page size (16 or 64 KiB on some aarch64 kernels), which only leaves slack at the end.
use core::ptr::NonNull;

use limpet_abi::limits::PAGESIZE;
use limpet_abi::mman::{MAP_ANONYMOUS, MAP_PRIVATE, MREMAP_MAYMOVE, PROT_READ, PROT_WRITE};
use limpet_syscall::{nr, result, syscall2, syscall4, syscall6};

/// Maps `len` bytes of fresh, zero-filled, read-write memory, page-aligned.
pub fn map(len: usize) -> Option<NonNull<u8>> {
    let (prot, flags) = ((PROT_READ | PROT_WRITE) as usize, (MAP_PRIVATE | MAP_ANONYMOUS) as usize);
    // SAFETY: without MAP_FIXED the kernel chooses unused address space, so no existing
    // memory is affected.
    let r = unsafe { syscall6(nr::MMAP, 0, len, prot, flags, usize::MAX, 0) };
    NonNull::new(result(r).ok()? as *mut u8)
}

/// Unmaps `len` bytes at `p`.
///
/// # Safety
/// `p` and `len` must describe (part of) a mapping made by [`map`] or [`remap`], and nothing
/// may use that memory afterwards.
pub unsafe fn unmap(p: NonNull<u8>, len: usize) {
    // munmap of a range we mapped cannot fail, and there would be nothing to do if it did.
    // SAFETY: the caller gives up the range.
    unsafe { syscall2(nr::MUNMAP, p.as_ptr() as usize, len) };
}

/// Resizes the mapping of `old` bytes at `p` to `new` bytes, moving it if it must. On `None`
/// the old mapping is untouched.
///
/// # Safety
/// `p` and `old` must describe a whole mapping made by [`map`] or [`remap`]. On success the
/// old address may no longer be used.
pub unsafe fn remap(p: NonNull<u8>, old: usize, new: usize) -> Option<NonNull<u8>> {
    // SAFETY: the caller owns the whole mapping; MREMAP_MAYMOVE without MREMAP_FIXED never
    // touches other mappings.
    let r = unsafe { syscall4(nr::MREMAP, p.as_ptr() as usize, old, new, MREMAP_MAYMOVE as usize) };
    NonNull::new(result(r).ok()? as *mut u8)
}

/// The kernel's page size, from the auxiliary vector; [`PAGESIZE`] when it was not recorded
/// (a Rust program that embeds this crate does not hand its auxiliary vector over).
pub fn page_size() -> usize {
    limpet_syscall::auxv::get(limpet_syscall::auxv::AT_PAGESZ).unwrap_or(PAGESIZE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_is_zeroed_writable_and_unmaps() {
        let len = 3 * PAGESIZE;
        let p = map(len).unwrap();
        assert_eq!(p.as_ptr() as usize % PAGESIZE, 0);
        // SAFETY: the mapping is ours and `len` long.
        let s = unsafe { core::slice::from_raw_parts_mut(p.as_ptr(), len) };
        assert!(s.iter().all(|&b| b == 0));
        s.fill(0xa5);
        // SAFETY: we stop using `s` here.
        unsafe { unmap(p, len) };
    }

    #[test]
    fn remap_keeps_contents() {
        let p = map(PAGESIZE).unwrap();
        // SAFETY: the mapping is ours; after remap only `q` is used.
        unsafe {
            p.as_ptr().write_bytes(0x3c, PAGESIZE);
            let q = remap(p, PAGESIZE, 64 * PAGESIZE).unwrap();
            assert!(core::slice::from_raw_parts(q.as_ptr(), PAGESIZE).iter().all(|&b| b == 0x3c));
            assert!(core::slice::from_raw_parts(q.as_ptr().add(PAGESIZE), 63 * PAGESIZE).iter().all(|&b| b == 0));
            unmap(q, 64 * PAGESIZE);
        }
    }

    #[test]
    fn impossible_sizes_fail() {
        assert!(map(usize::MAX & !(PAGESIZE - 1)).is_none());
        assert!(map(1 << 62).is_none());
        let p = map(PAGESIZE).unwrap();
        // SAFETY: a failed remap leaves the mapping as it was, so unmap is still right.
        unsafe {
            assert!(remap(p, PAGESIZE, 1 << 62).is_none());
            unmap(p, PAGESIZE);
        }
    }

    #[test]
    fn page_size_defaults() {
        assert!(page_size().is_power_of_two() && page_size() >= PAGESIZE);
    }
}
