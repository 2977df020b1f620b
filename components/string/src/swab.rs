//! `swab`.
use core::ffi::c_void;

/// `swab(src, dest, n)`—Copies `n` bytes from `src` to `dest`, exchanging each pair of
/// adjacent bytes. With an odd `n` the last byte is not copied; a negative `n` copies
/// nothing.
///
/// # Safety
/// `src` must be valid for `n` bytes of reads and `dest` for `n` bytes of writes; they must
/// not overlap.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn swab(src: *const c_void, dest: *mut c_void, n: isize) {
    let (s, d) = (src.cast::<u8>(), dest.cast::<u8>());
    let pairs = if n > 0 { n as usize / 2 } else { 0 };
    for i in 0..pairs {
        // SAFETY: both bytes of pair `i` lie within the `n`.
        unsafe {
            let (a, b) = (*s.add(2 * i), *s.add(2 * i + 1));
            *d.add(2 * i) = b;
            *d.add(2 * i + 1) = a;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swaps_pairs() {
        let src = *b"abcde";
        for (n, want) in [(5, *b"badc#"), (4, *b"badc#"), (1, *b"#####"), (0, *b"#####"), (-1, *b"#####")] {
            let mut d = *b"#####";
            unsafe { swab(src.as_ptr().cast(), d.as_mut_ptr().cast(), n) };
            assert_eq!(d, want, "n {n}");
        }
    }
}
