//! The loader's heap: memory that `dlclose` gives back. It holds what belongs to modules
//! `dlopen` loads (descriptors, paths, dependency lists), the blocks of thread-local storage
//! created on first use, grown dtvs, and each thread's `dlerror` state.
//!
//! Not `malloc`: the program may replace `malloc` with code that itself lives in a library
//! being loaded, or that uses thread-local storage. Requests are rounded up to a power of two
//! from [`MIN`] to [`MAX_SMALL`], carved from 64-KiB mappings and kept on one free list per
//! size; each block is aligned to its size, which is what TLS blocks need. Larger requests
//! are mappings of their own. Callers give the size back on [`free`], so blocks carry no
//! header. Small blocks are reused, never unmapped: after a load/unload cycle the next cycle
//! finds the same blocks, so repeating it does not grow the process.
//!
//! Every call is made under the dynamic linker's lock ([`crate::lock`]).
use core::ptr;

use limpet_abi::limits::PAGESIZE;
use limpet_abi::mman::{MAP_ANONYMOUS, MAP_PRIVATE, PROT_READ, PROT_WRITE};
use limpet_syscall::{nr, syscall2, syscall6};

/// The smallest block.
const MIN: usize = 16;
/// The largest block kept on a free list.
const MAX_SMALL: usize = 2048;
/// Size classes: 16, 32, ..., 2048.
const CLASSES: usize = (MAX_SMALL / MIN).trailing_zeros() as usize + 1;
/// The mapping small blocks are carved from.
const CHUNK: usize = 64 * 1024;

struct Heap {
    free: [*mut FreeBlock; CLASSES],
    /// The unused rest of the current chunk.
    cur: usize,
    end: usize,
}

struct FreeBlock {
    next: *mut FreeBlock,
}

static mut HEAP: Heap = Heap { free: [ptr::null_mut(); CLASSES], cur: 0, end: 0 };

/// The class of a request: `(index, block size)`.
fn class_of(size: usize) -> (usize, usize) {
    let block = size.max(MIN).next_power_of_two();
    ((block / MIN).trailing_zeros() as usize, block)
}

fn map(len: usize) -> *mut u8 {
    let (prot, flags) = ((PROT_READ | PROT_WRITE) as usize, (MAP_PRIVATE | MAP_ANONYMOUS) as usize);
    // SAFETY: a fresh private anonymous mapping touches nothing that exists.
    let r = unsafe { syscall6(nr::MMAP, 0, len, prot, flags, usize::MAX, 0) };
    limpet_syscall::result(r).map_or(ptr::null_mut(), |p| p as *mut u8)
}

const fn page_up(x: usize) -> usize {
    (x + PAGESIZE - 1) & !(PAGESIZE - 1)
}

/// Returns `size` zeroed bytes aligned to `align` (a power of two), or null when out of
/// memory. Give them back with [`free`] and the same `size` and `align`.
///
/// # Safety
/// Under the dynamic linker's lock.
pub unsafe fn alloc(size: usize, align: usize) -> *mut u8 {
    let want = size.max(align);
    if want > MAX_SMALL {
        if align > PAGESIZE {
            // Mappings are page-aligned; a TLS block that asks for more is refused (see
            // `crate::tls`).
            return ptr::null_mut();
        }
        return map(page_up(size));
    }
    let (c, block) = class_of(want);
    // SAFETY: the caller holds the lock, which serialises every access to HEAP.
    unsafe {
        let h = &mut *(&raw mut HEAP);
        let head = h.free[c];
        if !head.is_null() {
            h.free[c] = (*head).next;
            ptr::write_bytes(head as *mut u8, 0, block);
            return head as *mut u8;
        }
        // Blocks are carved at multiples of their size; chunks are page-aligned, which
        // every size divides.
        let mut p = (h.cur + block - 1) & !(block - 1);
        if h.cur == 0 || p + block > h.end {
            // The old chunk's tail is left unused: less than a block of the largest class.
            let fresh = map(CHUNK);
            if fresh.is_null() {
                return ptr::null_mut();
            }
            p = fresh as usize;
            h.end = p + CHUNK;
        }
        h.cur = p + block;
        p as *mut u8
    }
}

/// Gives back a block from [`alloc`].
///
/// # Safety
/// Under the dynamic linker's lock; `p` came from `alloc(size, align)` and is not used
/// again.
pub unsafe fn free(p: *mut u8, size: usize, align: usize) {
    if p.is_null() {
        return;
    }
    let want = size.max(align);
    if want > MAX_SMALL {
        // SAFETY: `p` is a mapping of its own, of this length, per the contract.
        unsafe { syscall2(nr::MUNMAP, p as usize, page_up(size)) };
        return;
    }
    let (c, _) = class_of(want);
    // SAFETY: the caller holds the lock; the block is ours again.
    unsafe {
        let h = &mut *(&raw mut HEAP);
        let b = p as *mut FreeBlock;
        (*b).next = h.free[c];
        h.free[c] = b;
    }
}

/// Copies `s` into the heap with a NUL; free it with `free(p, s.len() + 1, 1)`.
///
/// # Safety
/// As for [`alloc`].
pub unsafe fn dup(s: &[u8]) -> *mut u8 {
    // SAFETY: the block has room for `s` and the NUL (zeroed).
    unsafe {
        let p = alloc(s.len() + 1, 1);
        if !p.is_null() {
            ptr::copy_nonoverlapping(s.as_ptr(), p, s.len());
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testimage::SERIAL;

    #[test]
    fn blocks_are_aligned_zeroed_and_reused() {
        let _g = SERIAL.lock().unwrap();
        unsafe {
            let mut seen = Vec::new();
            for size in [1, 15, 16, 17, 100, 1000, 2048] {
                for align in [1, 8, 64] {
                    let p = alloc(size, align);
                    assert!(!p.is_null());
                    let (_, block) = class_of(size.max(align));
                    assert_eq!(p as usize % block, 0, "size {size} align {align}");
                    assert!(core::slice::from_raw_parts(p, size).iter().all(|&b| b == 0));
                    ptr::write_bytes(p, 0xa5, size);
                    seen.push((p, size, align));
                }
            }
            for &(p, size, align) in &seen {
                free(p, size, align);
            }
            // The same requests again come from the free lists: no new memory.
            let before = (*(&raw const HEAP)).cur;
            for &(_, size, align) in &seen {
                let p = alloc(size, align);
                assert!(core::slice::from_raw_parts(p, size).iter().all(|&b| b == 0));
            }
            assert_eq!((*(&raw const HEAP)).cur, before);
        }
    }

    #[test]
    fn large_blocks_are_mappings() {
        let _g = SERIAL.lock().unwrap();
        unsafe {
            let p = alloc(10_000, 64);
            assert_eq!(p as usize % PAGESIZE, 0);
            ptr::write_bytes(p, 1, 10_000);
            free(p, 10_000, 64);
            let d = dup(b"libx.so");
            assert_eq!(core::slice::from_raw_parts(d, 8), b"libx.so\0");
            free(d, 8, 1);
        }
    }
}
