//! `bzero` and `explicit_bzero`.
use core::ffi::c_void;

use crate::arch::set_bytes;

/// `bzero(s, n)`—Sets the `n` bytes at `s` to zero.
///
/// # Safety
/// `s` must be valid for `n` bytes of writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn bzero(s: *mut c_void, n: usize) {
    // SAFETY: the caller's contract is set_bytes's.
    unsafe { set_bytes(s.cast(), 0, n) };
}

/// `explicit_bzero(s, n)`—Sets the `n` bytes at `s` to zero, even when the compiler can see
/// that they are never read again (for wiping secrets).
///
/// An empty `asm!` that takes the pointer and may read memory follows the stores: the
/// compiler must assume the zeros are observed, so it cannot drop them, even after inlining
/// this function into a caller that frees the buffer next.
///
/// # Safety
/// `s` must be valid for `n` bytes of writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn explicit_bzero(s: *mut c_void, n: usize) {
    // SAFETY: the caller's contract is set_bytes's; the asm does nothing.
    unsafe {
        set_bytes(s.cast(), 0, n);
        core::arch::asm!("/* {0} */", in(reg) s, options(nostack, preserves_flags, readonly));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeroes_exactly_n_bytes() {
        for len in 0..150 {
            for f in [bzero, explicit_bzero] {
                let mut buf = vec![0xa5u8; len + 20];
                unsafe { f(buf[7..].as_mut_ptr().cast(), len) };
                assert!(buf[7..7 + len].iter().all(|&x| x == 0));
                assert!(buf[..7].iter().chain(&buf[7 + len..]).all(|&x| x == 0xa5));
            }
        }
    }
}
