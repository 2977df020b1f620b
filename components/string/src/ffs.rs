//! `ffs`, `ffsl` and `ffsll`.
use core::ffi::{c_int, c_long, c_longlong};

/// `ffs(i)`—Returns the position, counting from 1, of the least significant bit set in `i`,
/// or 0 if `i` is 0.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn ffs(i: c_int) -> c_int {
    if i == 0 { 0 } else { i.trailing_zeros() as c_int + 1 }
}

/// `ffsl(i)`—[`ffs`] for a `long`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn ffsl(i: c_long) -> c_int {
    if i == 0 { 0 } else { i.trailing_zeros() as c_int + 1 }
}

/// `ffsll(i)`—[`ffs`] for a `long long`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn ffsll(i: c_longlong) -> c_int {
    if i == 0 { 0 } else { i.trailing_zeros() as c_int + 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowest_set_bit() {
        assert_eq!((ffs(0), ffs(1), ffs(6), ffs(c_int::MIN)), (0, 1, 2, 32));
        assert_eq!((ffsl(0), ffsl(1 << 40), ffsl(c_long::MIN)), (0, 41, 64));
        assert_eq!((ffsll(0), ffsll(-1), ffsll(1 << 62)), (0, 1, 63));
    }
}
