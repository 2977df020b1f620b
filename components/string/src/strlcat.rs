//! `strlcat`.
use core::ffi::c_char;

use crate::arch::{c_string_length, find_byte};
use crate::strlcpy::strlcpy;

/// `strlcat(dest, src, size)`—Appends the string `src` to the string in `dest`, a buffer of
/// `size` bytes, as far as fits with a terminator. Returns the length of the string it tried
/// to create: `strlen(dest) + strlen(src)`, or, if `dest` holds no terminator within its
/// `size` bytes, `size + strlen(src)` (and then `dest` is left alone).
///
/// # Safety
/// `dest` must be valid for `size` bytes of reads and writes (readable up to its terminator
/// within them), `src` must be a NUL-terminated string, and the two must not overlap.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strlcat(dest: *mut c_char, src: *const c_char, size: usize) -> usize {
    // SAFETY: `dest` is read within its `size` bytes; strlcpy writes at most the
    // `size - used` bytes left after its string.
    unsafe {
        let nul = find_byte(dest.cast(), 0, size);
        if nul.is_null() {
            return size + c_string_length(src.cast());
        }
        let used = nul.addr() - dest.addr();
        used + strlcpy(dest.add(used), src, size - used)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{Rng, c_string};

    #[test]
    fn appends_what_fits() {
        let mut rng = Rng::new(0x1ca7);
        for _ in 0..3000 {
            let (dl, sl) = (rng.below(40), rng.below(40));
            let head = c_string(&mut rng, dl);
            let src = c_string(&mut rng, sl);
            let size = rng.below(90);
            let mut dst = head.clone();
            dst.resize(size.max(dl + 1) + 2, 0x44);
            let before = dst.clone();
            let r = unsafe { strlcat(dst.as_mut_ptr().cast(), src.as_ptr().cast(), size) };
            if size <= dl {
                assert_eq!(r, size + sl);
                assert_eq!(dst, before);
            } else {
                assert_eq!(r, dl + sl);
                let k = sl.min(size - dl - 1);
                assert_eq!(&dst[..dl], &head[..dl]);
                assert_eq!(&dst[dl..dl + k], &src[..k]);
                assert_eq!(dst[dl + k], 0);
            }
        }
    }
}
