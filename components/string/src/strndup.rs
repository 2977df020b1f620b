//! `strndup`.
use core::ffi::c_char;

use crate::arch::copy_forward;
use crate::imports::malloc;
use crate::strnlen::strnlen;

/// `strndup(s, n)`—Returns a copy of at most `n` bytes of the string `s`, always
/// terminated, in memory from `malloc`; or null, with errno set to `ENOMEM` by `malloc`, if
/// none is available. `s` is read no further than its terminator or its `n`th byte.
///
/// # Safety
/// `s` must be readable up to its terminator or for `n` bytes, whichever comes first.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strndup(s: *const c_char, n: usize) -> *mut c_char {
    // SAFETY: `len` bytes of `s` are readable and the block holds `len + 1`.
    unsafe {
        let len = strnlen(s, n);
        let p = malloc(len + 1).cast::<u8>();
        if !p.is_null() {
            copy_forward(p, s.cast(), len);
            *p.add(len) = 0;
        }
        p.cast()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{Fenced, Rng, c_string};

    unsafe extern "C" {
        fn free(p: *mut core::ffi::c_void);
    }

    #[test]
    fn copies_at_most_n() {
        let mut rng = Rng::new(0xd0);
        let mut fenced = Fenced::new();
        for len in 0..100 {
            let text = c_string(&mut rng, len);
            for n in [0, len / 2, len, len + 5] {
                let s = if n < len { fenced.at_end(&text[..n]) } else { fenced.at_end(&text) };
                let p = unsafe { strndup(s.cast(), n) };
                let k = len.min(n);
                let copy = unsafe { core::slice::from_raw_parts(p.cast::<u8>(), k + 1) };
                assert_eq!(&copy[..k], &text[..k]);
                assert_eq!(copy[k], 0);
                unsafe { free(p.cast()) };
            }
        }
    }
}
