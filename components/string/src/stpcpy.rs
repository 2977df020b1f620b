//! `stpcpy`.
use core::ffi::c_char;

use crate::arch::{c_string_length, copy_forward};

/// `stpcpy(dest, src)`—Copies the string `src`, terminator included, to `dest` and returns
/// a pointer to the copy of the terminator.
///
/// # Safety
/// `src` must point to a NUL-terminated string, `dest` must be valid for `strlen(src) + 1`
/// bytes of writes, and the two must not overlap.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn stpcpy(dest: *mut c_char, src: *const c_char) -> *mut c_char {
    // SAFETY: `src` is a string of `len + 1` bytes and `dest` has room for them.
    unsafe {
        let len = c_string_length(src.cast());
        copy_forward(dest.cast(), src.cast(), len + 1);
        dest.add(len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{Rng, c_string};

    #[test]
    fn copies_and_points_at_the_terminator() {
        let mut rng = Rng::new(0x57);
        for len in 0..300 {
            let src = c_string(&mut rng, len);
            let mut dst = vec![0x77u8; len + 4];
            let r = unsafe { stpcpy(dst[1..].as_mut_ptr().cast(), src.as_ptr().cast()) };
            assert_eq!(r.addr(), dst.as_ptr().addr() + 1 + len);
            assert_eq!(&dst[1..=len + 1], &src[..]);
            assert_eq!((dst[0], dst[len + 2]), (0x77, 0x77));
        }
    }
}
