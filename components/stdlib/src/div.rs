//! `div`, `ldiv`, `lldiv` and `imaxdiv`: quotient truncated toward zero, and the remainder
//! with the sign of the dividend, returned together in a struct (in registers on x86_64).
use core::ffi::{c_int, c_long, c_longlong};

/// `div_t`.
#[repr(C)]
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub struct div_t {
    pub quot: c_int,
    pub rem: c_int,
}

/// `ldiv_t`.
#[repr(C)]
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub struct ldiv_t {
    pub quot: c_long,
    pub rem: c_long,
}

/// `lldiv_t`.
#[repr(C)]
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub struct lldiv_t {
    pub quot: c_longlong,
    pub rem: c_longlong,
}

/// `imaxdiv_t`.
#[repr(C)]
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub struct imaxdiv_t {
    pub quot: i64,
    pub rem: i64,
}

/// `div(num, den)`—`num / den` and `num % den`. `den` must not be 0, and the quotient
/// must be representable (C leaves both undefined).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn div(num: c_int, den: c_int) -> div_t {
    div_t { quot: num / den, rem: num % den }
}

/// `ldiv(num, den)`—[`div`] for `long`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn ldiv(num: c_long, den: c_long) -> ldiv_t {
    ldiv_t { quot: num / den, rem: num % den }
}

/// `lldiv(num, den)`—[`div`] for `long long`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn lldiv(num: c_longlong, den: c_longlong) -> lldiv_t {
    lldiv_t { quot: num / den, rem: num % den }
}

/// `imaxdiv(num, den)`—[`div`] for `intmax_t`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn imaxdiv(num: i64, den: i64) -> imaxdiv_t {
    imaxdiv_t { quot: num / den, rem: num % den }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn truncates_toward_zero() {
        assert_eq!(div(-7, 2), div_t { quot: -3, rem: -1 });
        assert_eq!(div(7, -2), div_t { quot: -3, rem: 1 });
        assert_eq!(ldiv(1 << 40, 3).rem, (1 << 40) % 3);
        assert_eq!(lldiv(-9, 4), lldiv_t { quot: -2, rem: -1 });
        assert_eq!(imaxdiv(9, 4), imaxdiv_t { quot: 2, rem: 1 });
    }
}
