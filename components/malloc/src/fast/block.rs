//! The header in front of every block outside the segments (large blocks, and aligned
//! pointers into them), and the kinds of block it can describe.
use core::ptr::NonNull;

/// The 16 bytes just below every pointer the allocator hands out. Keeping it a full granule
/// keeps the payload 16-byte aligned.
#[repr(C, align(16))]
pub struct Header {
    /// Large: the length of the mapping. Aligned: the distance back to the pointer of the
    /// block that holds this one.
    pub word: usize,
    /// [`LARGE`] or [`ALIGNED`]; anything else means the pointer did not come from us or
    /// the heap was overwritten.
    pub kind: usize,
}

pub const HEADER: usize = core::mem::size_of::<Header>();

/// A block with a mapping of its own.
pub const LARGE: usize = 0x5e11_0002;
/// An over-aligned pointer inside another block (see `alloc_aligned`).
pub const ALIGNED: usize = 0x5e11_0003;

/// A freshly allocated block, and whether its payload is known to be all zero (memory
/// straight from the kernel is), which lets `calloc` skip clearing it.
pub struct Block {
    pub ptr: NonNull<u8>,
    pub zeroed: bool,
}

/// The header of the block whose payload starts at `p`.
///
/// # Safety
/// `p` must have been returned by the allocator and not be freed.
#[inline(always)]
pub unsafe fn header(p: NonNull<u8>) -> *mut Header {
    // SAFETY: every payload is preceded by its header.
    unsafe { p.as_ptr().sub(HEADER).cast() }
}

/// Stops the program on a pointer the heap cannot have handed out, or a block freed twice:
/// going on would corrupt the heap and make the damage exploitable.
#[cold]
#[inline(never)]
pub fn corrupt(p: NonNull<u8>) -> ! {
    crate::fault::fault(crate::fault::Op::Free, crate::fault::Fault::Invalid, p.as_ptr() as usize)
}
