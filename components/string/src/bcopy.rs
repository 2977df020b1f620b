//! `bcopy`.
use core::ffi::c_void;

use crate::memmove::memmove;

/// `bcopy(src, dest, n)`—Copies `n` bytes from `src` to `dest`, which may overlap: `memmove`
/// with the first two arguments swapped.
///
/// # Safety
/// `src` must be valid for `n` bytes of reads and `dest` for `n` bytes of writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn bcopy(src: *const c_void, dest: *mut c_void, n: usize) {
    // SAFETY: the caller's contract is memmove's.
    unsafe { memmove(dest, src, n) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_overlapping_bytes() {
        let mut buf: Vec<u8> = (0..100u8).collect();
        unsafe { bcopy(buf.as_ptr().cast(), buf[10..].as_mut_ptr().cast(), 50) };
        assert_eq!(&buf[10..60], &(0..50u8).collect::<Vec<_>>()[..]);
        unsafe { bcopy(buf[20..].as_ptr().cast(), buf.as_mut_ptr().cast(), 40) };
        assert_eq!(&buf[..40], &(10..50u8).collect::<Vec<_>>()[..]);
    }
}
