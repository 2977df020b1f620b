//! `mempcpy`.
use core::ffi::c_void;

use crate::arch::copy_forward;

/// `mempcpy(dest, src, n)`—Copies `n` bytes from `src` to `dest`, like `memcpy`, and returns
/// `dest + n`, the byte after the last one written.
///
/// # Safety
/// As for `memcpy`: `src` valid for `n` bytes of reads, `dest` for `n` bytes of writes, no
/// overlap.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mempcpy(dest: *mut c_void, src: *const c_void, n: usize) -> *mut c_void {
    // SAFETY: the caller's contract is copy_forward's; `dest + n` is one past the region.
    unsafe {
        copy_forward(dest.cast(), src.cast(), n);
        dest.byte_add(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_and_returns_the_end() {
        let src: Vec<u8> = (0..200u8).collect();
        for len in 0..src.len() {
            let mut dst = vec![0xeeu8; 210];
            let r = unsafe { mempcpy(dst[3..].as_mut_ptr().cast(), src.as_ptr().cast(), len) };
            assert_eq!(r.addr(), dst[3..].as_ptr().addr() + len);
            assert_eq!(&dst[3..3 + len], &src[..len]);
            assert!(dst[..3].iter().chain(&dst[3 + len..]).all(|&x| x == 0xee));
        }
    }
}
