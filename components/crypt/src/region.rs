//! The memory scrypt and yescrypt work in: fresh anonymous pages from `mmap` (16 MiB at
//! Debian's default cost is too much for a stack, and the crate has no allocator), zeroed
//! before they go back with `munmap`, so no trace of the password's blocks stays behind.

use limpet_abi::mman::{MADV_HUGEPAGE, MAP_ANONYMOUS, MAP_POPULATE, MAP_PRIVATE, PROT_READ, PROT_WRITE};
use limpet_syscall::{nr, result, syscall2, syscall3, syscall6};

use crate::salsa::{self, Block};

/// The size of a transparent huge page (x86_64, and aarch64 and riscv64 with 4 KiB pages).
const HUGE_PAGE: usize = 2 << 20;

/// A private anonymous mapping of whole blocks, unmapped when dropped.
pub struct Region {
    /// The mapping as the kernel gave it.
    map: usize,
    map_len: usize,
    /// The blocks, inside it.
    ptr: *mut Block,
    blocks: usize,
}

impl Region {
    /// A zero-filled mapping of `blocks` blocks, or `None` when the kernel refuses
    /// (errno is then the caller's to set).
    ///
    /// SMix reads V at random, a page per step, so small pages would cost a TLB miss each
    /// time and a fault when first written: from 2 MiB up the blocks start on a huge-page
    /// boundary (the mapping is made that much longer) and are marked for transparent huge
    /// pages. A smaller region is populated in the `mmap` call itself, rather than by a
    /// fault per page. (Measured at `$y$j9T$`: huge pages about 15% faster than populated
    /// small pages, which were 15% faster than faulted ones.)
    pub fn new(blocks: usize) -> Option<Region> {
        let len = blocks.checked_mul(salsa::BYTES)?;
        let huge = len >= HUGE_PAGE;
        let (map_len, flags) = if huge {
            (len.checked_add(HUGE_PAGE)?, MAP_PRIVATE | MAP_ANONYMOUS)
        } else {
            (len, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE)
        };
        // SAFETY: an anonymous private mapping at an address the kernel chooses touches no
        // existing memory.
        let ret = unsafe { syscall6(nr::MMAP, 0, map_len, (PROT_READ | PROT_WRITE) as usize, flags as usize, usize::MAX, 0) };
        let map = result(ret).ok()?;
        let start = if huge { map.next_multiple_of(HUGE_PAGE) } else { map };
        if huge {
            // Only advice: where the kernel has no huge page to give, small ones serve.
            // SAFETY: the range lies inside the mapping just made.
            unsafe { syscall3(nr::MADVISE, start, len, MADV_HUGEPAGE as usize) };
        }
        Some(Region { map, map_len, ptr: start as *mut Block, blocks })
    }

    /// The whole region.
    pub fn blocks(&mut self) -> &mut [Block] {
        // SAFETY: the `blocks` blocks from `ptr` lie inside the mapping, page-aligned (so
        // aligned for a Block), readable and writable, zero-filled at first (a valid
        // Block), and ours alone until `drop`; the borrow of self keeps them from being
        // handed out twice.
        unsafe { core::slice::from_raw_parts_mut(self.ptr, self.blocks) }
    }
}

impl Drop for Region {
    fn drop(&mut self) {
        let all = salsa::bytes_mut(self.blocks());
        all.fill(0);
        // The zeros must really be written, though nothing reads them before the unmap.
        core::hint::black_box(&*all);
        // SAFETY: the mapping is ours and nothing borrows it any more.
        unsafe { syscall2(nr::MUNMAP, self.map, self.map_len) };
    }
}
