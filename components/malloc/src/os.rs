//! The OS layer: anonymous private mappings from the kernel. The allocators in [`crate::heap`]
//! get all their memory here and nowhere else.
//!
//! Errors come back as `None`; this layer never touches errno, so [`crate::LimpetAlloc`] works
//! without a C runtime. The C API in `api/` turns `None` into `ENOMEM`.
use core::ptr::NonNull;

use limpet_syscall::{nr, result, syscall2, syscall4, syscall6};

/// The granularity the allocators round mapping lengths to. The kernel rounds further up to
/// its own page size (16 or 64 KiB on some aarch64 kernels), which only leaves slack at the end.
pub const PAGE: usize = 4096;

// From <sys/mman.h>; the same values on x86_64, aarch64 and riscv64.
const PROT_READ: usize = 1;
const PROT_WRITE: usize = 2;
const MAP_PRIVATE: usize = 0x02;
const MAP_ANONYMOUS: usize = 0x20;
const MREMAP_MAYMOVE: usize = 1;

/// Maps `len` bytes of fresh, zero-filled, read-write memory, page-aligned.
pub fn map(len: usize) -> Option<NonNull<u8>> {
    // SAFETY: without MAP_FIXED the kernel chooses unused address space, so no existing
    // memory is affected.
    let r = unsafe {
        syscall6(nr::MMAP, 0, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, usize::MAX, 0)
    };
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
    let r = unsafe { syscall4(nr::MREMAP, p.as_ptr() as usize, old, new, MREMAP_MAYMOVE) };
    NonNull::new(result(r).ok()? as *mut u8)
}

/// The kernel's page size, from the auxiliary vector; [`PAGE`] when it was not recorded
/// (a Rust program that embeds this crate does not hand its auxiliary vector over).
pub fn page_size() -> usize {
    limpet_syscall::auxv::get(limpet_syscall::auxv::AT_PAGESZ).unwrap_or(PAGE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_is_zeroed_writable_and_unmaps() {
        let len = 3 * PAGE;
        let p = map(len).unwrap();
        assert_eq!(p.as_ptr() as usize % PAGE, 0);
        // SAFETY: the mapping is ours and `len` long.
        let s = unsafe { core::slice::from_raw_parts_mut(p.as_ptr(), len) };
        assert!(s.iter().all(|&b| b == 0));
        s.fill(0xa5);
        // SAFETY: we stop using `s` here.
        unsafe { unmap(p, len) };
    }

    #[test]
    fn remap_keeps_contents() {
        let p = map(PAGE).unwrap();
        // SAFETY: the mapping is ours; after remap only `q` is used.
        unsafe {
            p.as_ptr().write_bytes(0x3c, PAGE);
            let q = remap(p, PAGE, 64 * PAGE).unwrap();
            assert!(core::slice::from_raw_parts(q.as_ptr(), PAGE).iter().all(|&b| b == 0x3c));
            assert!(core::slice::from_raw_parts(q.as_ptr().add(PAGE), 63 * PAGE).iter().all(|&b| b == 0));
            unmap(q, 64 * PAGE);
        }
    }

    #[test]
    fn impossible_sizes_fail() {
        assert!(map(usize::MAX & !(PAGE - 1)).is_none());
        assert!(map(1 << 62).is_none());
        let p = map(PAGE).unwrap();
        // SAFETY: a failed remap leaves the mapping as it was, so unmap is still right.
        unsafe {
            assert!(remap(p, PAGE, 1 << 62).is_none());
            unmap(p, PAGE);
        }
    }

    #[test]
    fn page_size_defaults() {
        assert!(page_size().is_power_of_two() && page_size() >= PAGE);
    }
}
