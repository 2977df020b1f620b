//! `bcmp`.
use core::ffi::{c_int, c_void};

use crate::arch::compare_bytes;

/// `bcmp(a, b, n)`—Zero if the first `n` bytes of `a` and `b` are equal, non-zero otherwise.
///
/// LLVM lowers slice equality in Rust code to calls of this function, so the C library
/// needs it even before `<strings.h>` is complete.
///
/// # Safety
/// `a` and `b` must be valid for `n` bytes of reads.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn bcmp(a: *const c_void, b: *const c_void, n: usize) -> c_int {
    // SAFETY: the caller's contract is compare_bytes's.
    unsafe { compare_bytes(a.cast(), b.cast(), n) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_exactly_when_equal() {
        let a: Vec<u8> = (0..200u8).collect();
        for len in 0..a.len() {
            let mut b = a.clone();
            assert_eq!(unsafe { bcmp(a.as_ptr().cast(), b.as_ptr().cast(), len) }, 0);
            if len > 0 {
                b[len - 1] ^= 0x80;
                assert_ne!(unsafe { bcmp(a.as_ptr().cast(), b.as_ptr().cast(), len) }, 0);
            }
        }
    }
}
