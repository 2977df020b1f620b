//! Large blocks: each has a mapping of its own, with the header at the start of the mapping.
//! Freeing unmaps it; resizing is `mremap`, so a growing buffer is never copied by hand.
use core::ptr::NonNull;

use limpet_abi::limits::PAGESIZE;

use super::block::{Block, HEADER, Header, LARGE, header};
use crate::os;

/// The mapping length for an `n`-byte payload, or `None` if no mapping can be that big.
#[inline]
fn map_len(n: usize) -> Option<usize> {
    let len = n.checked_add(HEADER + PAGESIZE - 1)? & !(PAGESIZE - 1);
    (len <= isize::MAX as usize).then_some(len)
}

/// A block of at least `n` bytes in a new mapping.
pub fn alloc(n: usize) -> Option<Block> {
    let len = map_len(n)?;
    let base = os::map(len)?;
    // SAFETY: the mapping is `len >= HEADER` bytes long and ours.
    unsafe { Some(Block { ptr: init(base, len), zeroed: true }) }
}

/// Writes the header at the start of a mapping and returns the payload.
///
/// # Safety
/// `base` must start a mapping of `len` bytes that we own.
unsafe fn init(base: NonNull<u8>, len: usize) -> NonNull<u8> {
    // SAFETY: the header fits at the start of the mapping.
    unsafe {
        base.cast::<Header>().write(Header { word: len, kind: LARGE });
        base.add(HEADER)
    }
}

/// The mapping of the large block at `p`: its start and length.
///
/// # Safety
/// `p` must be a live large block.
#[inline]
unsafe fn mapping(p: NonNull<u8>) -> (NonNull<u8>, usize) {
    // SAFETY: a large block's header is at the start of its mapping.
    unsafe { (p.sub(HEADER), (*header(p)).word) }
}

/// The usable size of the large block at `p`.
///
/// # Safety
/// `p` must be a live large block.
pub unsafe fn usable_size(p: NonNull<u8>) -> usize {
    // SAFETY: forwarded contract.
    unsafe { mapping(p).1 - HEADER }
}

/// Unmaps the large block at `p`.
///
/// # Safety
/// `p` must be a live large block; it is gone afterwards.
pub unsafe fn free(p: NonNull<u8>) {
    // SAFETY: the block owns its whole mapping.
    unsafe {
        let (base, len) = mapping(p);
        os::unmap(base, len);
    }
}

/// Resizes the large block at `p` to hold `n` bytes, moving it if it must. On `None` the block
/// is untouched.
///
/// # Safety
/// `p` must be a live large block. On success only the returned pointer may be used.
pub unsafe fn resize(p: NonNull<u8>, n: usize) -> Option<NonNull<u8>> {
    let new_len = map_len(n)?;
    // SAFETY: the block owns its whole mapping, which remap hands back resized.
    unsafe {
        let (base, len) = mapping(p);
        if new_len == len {
            return Some(p);
        }
        let base = os::remap(base, len, new_len)?;
        Some(init(base, new_len))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_round_to_pages_and_overflow_fails() {
        assert_eq!(map_len(1), Some(PAGESIZE));
        assert_eq!(map_len(PAGESIZE - HEADER), Some(PAGESIZE));
        assert_eq!(map_len(PAGESIZE - HEADER + 1), Some(2 * PAGESIZE));
        assert_eq!(map_len(usize::MAX), None);
        assert_eq!(map_len(isize::MAX as usize), None);
        assert!(alloc(isize::MAX as usize - 2 * PAGESIZE).is_none());
    }

    #[test]
    fn resize_grows_and_shrinks_keeping_contents() {
        let b = alloc(100_000).unwrap();
        assert!(b.zeroed);
        // SAFETY: every pointer is used only while its block is live.
        unsafe {
            let n = usable_size(b.ptr);
            assert!(n >= 100_000);
            b.ptr.write_bytes(0x77, n);
            let q = resize(b.ptr, 1 << 22).unwrap();
            assert!(usable_size(q) >= 1 << 22);
            assert!(core::slice::from_raw_parts(q.as_ptr(), n).iter().all(|&x| x == 0x77));
            q.add(n).write_bytes(0x11, (1 << 22) - n);
            let r = resize(q, 70_000).unwrap();
            assert!(usable_size(r) >= 70_000 && usable_size(r) < 100_000);
            assert!(core::slice::from_raw_parts(r.as_ptr(), 70_000).iter().all(|&x| x == 0x77));
            assert_eq!(resize(r, 70_001), Some(r));
            assert!(resize(r, usize::MAX - 10).is_none());
            free(r);
        }
    }
}
