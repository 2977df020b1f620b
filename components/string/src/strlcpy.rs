//! `strlcpy`.
use core::ffi::c_char;

use crate::arch::{c_string_length, copy_forward};

/// `strlcpy(dest, src, size)`—Copies as much of the string `src` as fits in `size - 1`
/// bytes to `dest` and terminates it (if `size > 0`). Returns `strlen(src)`, so a result
/// `>= size` means the copy was truncated.
///
/// # Safety
/// `src` must point to a NUL-terminated string, `dest` must be valid for `size` bytes of
/// writes, and the two must not overlap.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strlcpy(dest: *mut c_char, src: *const c_char, size: usize) -> usize {
    // SAFETY: `src` is a string; at most `size - 1` bytes and a NUL go into `dest`.
    unsafe {
        let len = c_string_length(src.cast());
        if size != 0 {
            let k = len.min(size - 1);
            copy_forward(dest.cast(), src.cast(), k);
            *dest.add(k) = 0;
        }
        len
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{Rng, c_string};

    #[test]
    fn truncates_and_reports_the_length() {
        let mut rng = Rng::new(0x1c);
        for len in 0..80 {
            let src = c_string(&mut rng, len);
            for size in 0..len + 3 {
                let mut dst = vec![0x66u8; size + 2];
                let r = unsafe { strlcpy(dst.as_mut_ptr().cast(), src.as_ptr().cast(), size) };
                assert_eq!(r, len);
                if size > 0 {
                    let k = len.min(size - 1);
                    assert_eq!(&dst[..k], &src[..k]);
                    assert_eq!(dst[k], 0);
                    assert!(dst[k + 1..].iter().all(|&x| x == 0x66));
                } else {
                    assert!(dst.iter().all(|&x| x == 0x66));
                }
            }
        }
    }
}
