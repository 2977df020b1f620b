//! The memory scrypt and yescrypt work in: fresh anonymous pages from `mmap` (16 MiB at
//! Debian's default cost is too much for a stack, and the crate has no allocator), zeroed
//! before they go back with `munmap`, so no trace of the password's blocks stays behind.

use limpet_abi::mman::{MAP_ANONYMOUS, MAP_POPULATE, MAP_PRIVATE, PROT_READ, PROT_WRITE};
use limpet_syscall::{nr, result, syscall2, syscall6};

use crate::salsa::{self, Block};

/// A private anonymous mapping of whole blocks, unmapped when dropped.
pub struct Region {
    ptr: *mut Block,
    blocks: usize,
}

impl Region {
    /// A zero-filled mapping of `blocks` blocks, or `None` when the kernel refuses
    /// (errno is then the caller's to set). Every page is touched at once, so the mapping
    /// is populated in one call rather than by a fault per page (measured: about 15% of a
    /// `$y$j9T$` hash).
    pub fn new(blocks: usize) -> Option<Region> {
        let len = blocks.checked_mul(salsa::BYTES)?;
        // SAFETY: an anonymous private mapping at an address the kernel chooses touches no
        // existing memory.
        let ret = unsafe {
            syscall6(nr::MMAP, 0, len, (PROT_READ | PROT_WRITE) as usize, (MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE) as usize, usize::MAX, 0)
        };
        let addr = result(ret).ok()?;
        Some(Region { ptr: addr as *mut Block, blocks })
    }

    /// The whole mapping.
    pub fn blocks(&mut self) -> &mut [Block] {
        // SAFETY: the mapping is `blocks` blocks long, page-aligned (so aligned for a
        // Block), readable and writable, zero-filled at first (a valid Block), and ours
        // alone until `drop`; the borrow of self keeps it from being handed out twice.
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
        unsafe { syscall2(nr::MUNMAP, self.ptr as usize, self.blocks * salsa::BYTES) };
    }
}
