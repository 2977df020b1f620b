//! `alloc` and `alloc_zeroed`, which every allocator builds the same way on its own
//! `alloc_block`; `heap` re-exports them.
use core::ptr::NonNull;

use crate::heap::alloc_block;

/// Allocates at least `n` bytes (a unique block even for `n == 0`), aligned to
/// [`crate::heap::MIN_ALIGN`].
#[inline]
pub fn alloc(n: usize) -> Option<NonNull<u8>> {
    alloc_block(n).map(|b| b.ptr)
}

/// Like [`alloc`], with the first `n` bytes set to zero. Blocks never handed out before are
/// still zero from the kernel and are not cleared again.
pub fn alloc_zeroed(n: usize) -> Option<NonNull<u8>> {
    let b = alloc_block(n)?;
    if !b.zeroed {
        // SAFETY: the block has at least `n` bytes.
        unsafe { b.ptr.write_bytes(0, n) };
    }
    Some(b.ptr)
}
