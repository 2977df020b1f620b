//! `strdup`.
use core::ffi::c_char;

use crate::arch::{c_string_length, copy_forward};
use crate::imports::malloc;

/// `strdup(s)`—Returns a copy of the string `s` in memory from `malloc`, to be released
/// with `free`; or null, with errno set to `ENOMEM` by `malloc`, if none is available.
///
/// # Safety
/// `s` must point to a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strdup(s: *const c_char) -> *mut c_char {
    // SAFETY: `s` is a string of `size` bytes counting its terminator; the block, when
    // malloc provides one, holds `size` bytes.
    unsafe {
        let size = c_string_length(s.cast()) + 1;
        let p = malloc(size).cast::<u8>();
        if !p.is_null() {
            copy_forward(p, s.cast(), size);
        }
        p.cast()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{ALIGNS, Buf, Fenced, MAX_LEN, Rng, c_string};

    unsafe extern "C" {
        fn free(p: *mut core::ffi::c_void);
    }

    /// Duplicates `s` and checks the copy is a separate block holding exactly `want`.
    fn check(s: *const u8, want: &[u8]) {
        let p = unsafe { strdup(s.cast()) };
        assert!(!p.is_null());
        assert_ne!(p.cast_const().cast(), s);
        let copy = unsafe { core::slice::from_raw_parts(p.cast::<u8>(), want.len()) };
        assert_eq!(copy, want);
        unsafe { free(p.cast()) };
    }

    #[test]
    fn every_length_and_alignment() {
        let mut rng = Rng::new(0x3ecc);
        let buf0 = Buf::nonzero(&mut rng);
        for len in 0..=MAX_LEN {
            for sa in 0..ALIGNS {
                let mut buf = buf0.clone();
                let s = Buf::start(sa);
                buf.bytes_mut()[s + len] = 0;
                check(buf.ptr(sa), &buf.bytes()[s..=s + len]);
                assert!(buf.bytes()[..s] == buf0.bytes()[..s]);
            }
        }
    }

    #[test]
    fn terminator_before_an_inaccessible_page() {
        let mut rng = Rng::new(43);
        let mut fenced = Fenced::new();
        for len in 0..=100 {
            let text = c_string(&mut rng, len);
            check(fenced.at_end(&text), &text);
        }
    }
}
