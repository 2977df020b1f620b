//! [`LimpetAlloc`]: the heap as a Rust global allocator.
use core::alloc::{GlobalAlloc, Layout};
use core::ptr::{self, NonNull};

use crate::heap;

/// The limpet heap as a Rust [`GlobalAlloc`], for Rust programs that want it without the C
/// library around it:
///
/// ```
/// #[global_allocator]
/// static GLOBAL: limpet_malloc::LimpetAlloc = limpet_malloc::LimpetAlloc;
/// ```
///
/// It goes through the Rust API in [`crate::heap`], so it never touches errno and needs no
/// C runtime.
pub struct LimpetAlloc;

fn alloc_layout(layout: Layout) -> Option<NonNull<u8>> {
    if layout.align() <= heap::MIN_ALIGN {
        heap::alloc(layout.size())
    } else {
        heap::alloc_aligned(layout.align(), layout.size())
    }
}

// SAFETY: the heap returns blocks of at least the size asked for, at the alignment asked for,
// that stay valid until freed, and it is thread-safe.
unsafe impl GlobalAlloc for LimpetAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        alloc_layout(layout).map_or(ptr::null_mut(), NonNull::as_ptr)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= heap::MIN_ALIGN {
            return heap::alloc_zeroed(layout.size()).map_or(ptr::null_mut(), NonNull::as_ptr);
        }
        match heap::alloc_aligned(layout.align(), layout.size()) {
            Some(p) => {
                // SAFETY: the block holds `layout.size()` bytes.
                unsafe { p.write_bytes(0, layout.size()) };
                p.as_ptr()
            }
            None => ptr::null_mut(),
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: GlobalAlloc's contract: `ptr` is a live block from this allocator.
        unsafe { heap::free(NonNull::new_unchecked(ptr)) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: GlobalAlloc's contract: `ptr` is a live block allocated with `layout`.
        unsafe {
            let p = NonNull::new_unchecked(ptr);
            if layout.align() <= heap::MIN_ALIGN {
                return heap::realloc(p, new_size).map_or(ptr::null_mut(), NonNull::as_ptr);
            }
            // heap::realloc keeps only MIN_ALIGN, so an over-aligned block moves by hand.
            let new = Layout::from_size_align_unchecked(new_size, layout.align());
            match alloc_layout(new) {
                Some(q) => {
                    ptr::copy_nonoverlapping(ptr, q.as_ptr(), layout.size().min(new_size));
                    heap::free(p);
                    q.as_ptr()
                }
                None => ptr::null_mut(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_are_honoured() {
        let a = LimpetAlloc;
        for shift in 0..=16 {
            let align = 1usize << shift;
            for size in [1, 7, 100, 5000, 80_000] {
                let l = Layout::from_size_align(size, align).unwrap();
                // SAFETY: every block is used within its layout and freed with it.
                unsafe {
                    let p = a.alloc_zeroed(l);
                    assert!(!p.is_null());
                    assert_eq!(p as usize % align, 0);
                    assert!(core::slice::from_raw_parts(p, size).iter().all(|&b| b == 0));
                    p.write_bytes(0x5a, size);
                    let q = a.realloc(p, l, size * 3);
                    assert_eq!(q as usize % align, 0);
                    assert!(core::slice::from_raw_parts(q, size).iter().all(|&b| b == 0x5a));
                    a.dealloc(q, Layout::from_size_align(size * 3, align).unwrap());
                }
            }
        }
    }

    #[test]
    fn failure_is_null() {
        let a = LimpetAlloc;
        // SAFETY: the layouts are valid and nonzero; nothing is allocated.
        unsafe {
            assert!(a.alloc(Layout::from_size_align(isize::MAX as usize - 4096, 16).unwrap()).is_null());
            assert!(a.alloc_zeroed(Layout::from_size_align(1 << 62, 4096).unwrap()).is_null());
        }
    }
}
