//! The C functions, one family per file. Each adds the C contract (argument checks, errno)
//! on top of the Rust API in [`crate::heap`].
use core::ffi::c_void;
use core::ptr::{self, NonNull};

use limpet_syscall::{errno::ENOMEM, set_errno};

pub mod aligned_alloc;
pub mod calloc;
pub mod malloc;
pub mod malloc_usable_size;
pub mod realloc;

/// The C result of an allocation: the pointer, or NULL with errno `ENOMEM`.
#[inline]
fn or_enomem(p: Option<NonNull<u8>>) -> *mut c_void {
    match p {
        Some(p) => p.as_ptr().cast(),
        None => {
            set_errno(ENOMEM);
            ptr::null_mut()
        }
    }
}

#[cfg(test)]
pub(crate) mod test_util {
    //! errno access and content checks for the API tests. In a test binary errno is the host
    //! libc's, which is where `set_errno` writes too.
    unsafe extern "C" {
        fn __errno_location() -> *mut i32;
    }

    pub fn errno() -> i32 {
        // SAFETY: the host libc returns this thread's errno slot.
        unsafe { *__errno_location() }
    }

    pub fn put_errno(v: i32) {
        // SAFETY: as for errno.
        unsafe { *__errno_location() = v }
    }

    pub fn clear_errno() {
        put_errno(0);
    }

    /// The byte a block with identity `id` holds at offset `i`.
    pub fn pattern(id: usize, i: usize) -> u8 {
        (id.wrapping_mul(0x9e37_79b9) ^ i.wrapping_mul(31)) as u8
    }

    /// Fills `n` bytes at `p` with block `id`'s pattern.
    ///
    /// # Safety
    /// `p` must be valid for `n` bytes of writes.
    pub unsafe fn fill(p: *mut core::ffi::c_void, n: usize, id: usize) {
        // SAFETY: the caller vouches for the range.
        let s = unsafe { core::slice::from_raw_parts_mut(p.cast::<u8>(), n) };
        for (i, b) in s.iter_mut().enumerate() {
            *b = pattern(id, i);
        }
    }

    /// Whether `n` bytes at `p` still hold block `id`'s pattern.
    ///
    /// # Safety
    /// `p` must be valid for `n` bytes of reads.
    pub unsafe fn holds(p: *const core::ffi::c_void, n: usize, id: usize) -> bool {
        // SAFETY: the caller vouches for the range.
        let s = unsafe { core::slice::from_raw_parts(p.cast::<u8>(), n) };
        s.iter().enumerate().all(|(i, &b)| b == pattern(id, i))
    }

    /// A small deterministic generator (xorshift64*), so failures can be replayed.
    pub struct Rng(pub u64);

    impl Rng {
        pub fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }

        pub fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }
}
