//! `abs`, `labs`, `llabs` and `imaxabs`. The absolute value of the most negative value is
//! undefined in C; here it wraps to itself, as two's complement negation does.
use core::ffi::{c_int, c_long, c_longlong};

/// `abs(j)`—The absolute value of `j`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn abs(j: c_int) -> c_int {
    j.wrapping_abs()
}

/// `labs(j)`—The absolute value of `j`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn labs(j: c_long) -> c_long {
    j.wrapping_abs()
}

/// `llabs(j)`—The absolute value of `j`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn llabs(j: c_longlong) -> c_longlong {
    j.wrapping_abs()
}

/// `imaxabs(j)`—The absolute value of `j` (`intmax_t` is `long`).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn imaxabs(j: i64) -> i64 {
    j.wrapping_abs()
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn absolute_values() {
        assert_eq!(abs(-5), 5);
        assert_eq!(abs(7), 7);
        assert_eq!(labs(-1 << 40), 1 << 40);
        assert_eq!(llabs(-3), 3);
        assert_eq!(imaxabs(i64::MIN + 1), i64::MAX);
    }
}
