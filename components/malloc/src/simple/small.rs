//! Small blocks: carved from 1 MiB chunks, one size class per block, and recycled through a
//! free list per class. Chunks are never returned to the kernel.
use core::ptr::{self, NonNull};

use super::block::{Block, FREED, HEADER, Header, SMALL, corrupt, header};
use super::class::{NUM_CLASSES, class_size};
use crate::os;

/// What one `mmap` gets for small blocks; it holds at least 15 of the largest.
const CHUNK: usize = 1 << 20;

/// The small-block heap. It lives behind the global lock in [`super`].
pub struct Heap {
    /// Per class, the most recently freed block's payload; each free payload starts with the
    /// pointer to the next.
    free: [*mut u8; NUM_CLASSES],
    /// The uncarved rest of the current chunk, `next..end`. It is memory the kernel zeroed
    /// and nobody has used.
    next: usize,
    end: usize,
}

// SAFETY: the pointers refer to memory the heap owns, whichever thread holds it.
unsafe impl Send for Heap {}

impl Heap {
    pub const fn new() -> Self {
        Heap { free: [ptr::null_mut(); NUM_CLASSES], next: 0, end: 0 }
    }

    /// A block of class `c`, or `None` when the kernel has no memory left.
    #[inline]
    pub fn alloc(&mut self, c: usize) -> Option<Block> {
        let head = self.free[c];
        if let Some(p) = NonNull::new(head) {
            // SAFETY: blocks on a free list are ours, with a header and a link in the payload.
            unsafe {
                self.free[c] = p.as_ptr().cast::<*mut u8>().read();
                (*header(p)).kind = SMALL;
            }
            return Some(Block { ptr: p, zeroed: false });
        }
        self.carve(c)
    }

    #[cold]
    #[inline(never)]
    fn carve(&mut self, c: usize) -> Option<Block> {
        let stride = HEADER + class_size(c);
        if self.end - self.next < stride {
            // The old chunk's tail is dropped: it is untouched, so it costs address space only.
            let chunk = os::map(CHUNK)?;
            self.next = chunk.as_ptr() as usize;
            self.end = self.next + CHUNK;
        }
        let h = self.next as *mut Header;
        self.next += stride;
        // SAFETY: `h..h+stride` lies in the current chunk and belongs to no block yet.
        unsafe {
            h.write(Header { word: c, kind: SMALL });
            Some(Block { ptr: NonNull::new_unchecked(h.cast::<u8>().add(HEADER)), zeroed: true })
        }
    }

    /// Puts a small block back on its class's free list.
    ///
    /// # Safety
    /// `p` must be the payload of a block whose header says [`SMALL`] (checked again here,
    /// under the lock, so that racing double frees are caught too).
    pub unsafe fn free(&mut self, p: NonNull<u8>) {
        // SAFETY: the caller saw a small block's header at `p`.
        unsafe {
            let h = header(p);
            let c = (*h).word;
            if (*h).kind != SMALL || c >= NUM_CLASSES {
                corrupt(p);
            }
            (*h).kind = FREED;
            p.as_ptr().cast::<*mut u8>().write(self.free[c]);
            self.free[c] = p.as_ptr();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::class::{MAX_SMALL, class_of};
    use super::*;

    #[test]
    fn recycles_lifo_per_class_and_carves_fresh_zeroed() {
        let mut h = Heap::new();
        let a = h.alloc(3).unwrap();
        let b = h.alloc(3).unwrap();
        assert!(a.zeroed && b.zeroed);
        assert_eq!(b.ptr.as_ptr() as usize - a.ptr.as_ptr() as usize, HEADER + class_size(3));
        // SAFETY: both blocks are live and of class 3.
        unsafe {
            h.free(a.ptr);
            h.free(b.ptr);
        }
        let c = h.alloc(3).unwrap();
        let d = h.alloc(3).unwrap();
        assert_eq!((c.ptr, d.ptr), (b.ptr, a.ptr));
        assert!(!c.zeroed && !d.zeroed);
        // A different class never gets them.
        assert_ne!(h.alloc(4).unwrap().ptr, a.ptr);
    }

    #[test]
    fn moves_to_a_new_chunk_when_full() {
        let mut h = Heap::new();
        let big = class_of(MAX_SMALL);
        let first = h.alloc(big).unwrap().ptr.as_ptr() as usize;
        let per_chunk = CHUNK / (HEADER + MAX_SMALL);
        let mut last = first;
        for _ in 1..per_chunk + 1 {
            last = h.alloc(big).unwrap().ptr.as_ptr() as usize;
        }
        assert!(last < first || last >= first + CHUNK);
        // SAFETY: the block is live, so its whole payload is ours to write.
        unsafe { (last as *mut u8).write_bytes(1, MAX_SMALL) };
    }

    #[test]
    #[should_panic(expected = "double free")]
    fn double_free_is_caught() {
        let mut h = Heap::new();
        let a = h.alloc(0).unwrap();
        // SAFETY: the first free is valid; the second is the error under test.
        unsafe {
            h.free(a.ptr);
            h.free(a.ptr);
        }
    }
}
