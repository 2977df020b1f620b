//! `pthread_self` and `pthread_equal`: a thread's handle is its descriptor's address.
use crate::descriptor::{Pthread, current};

/// `pthread_self()`—The calling thread's handle, which is its descriptor's address.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn pthread_self() -> *mut Pthread {
    current()
}

/// `pthread_equal(a, b)`—Non-zero when `a` and `b` name the same thread.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn pthread_equal(a: *mut Pthread, b: *mut Pthread) -> core::ffi::c_int {
    (a == b) as core::ffi::c_int
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_compares_handles() {
        let mut a = Pthread::zeroed();
        let mut b = Pthread::zeroed();
        assert_eq!(pthread_equal(&mut a, &mut a), 1);
        assert_eq!(pthread_equal(&mut a, &mut b), 0);
    }
}
