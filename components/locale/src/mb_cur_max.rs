//! `__ctype_get_mb_cur_max`, which musl's `MB_CUR_MAX` macro calls.
use crate::abi::MB_LEN_MAX;
use crate::object;

/// `size_t __ctype_get_mb_cur_max(void)`—`MB_CUR_MAX`: the most bytes a character takes in
/// the calling thread's current locale, 4 when its `LC_CTYPE` is UTF-8, 1 in the C locale.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __ctype_get_mb_cur_max() -> usize {
    if object::current().utf8() { MB_LEN_MAX } else { 1 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::object::{C_LOCALE, UTF8_LOCALE};
    use crate::uselocale::uselocale;
    use core::ptr;

    #[test]
    fn follows_the_thread_locale() {
        // SAFETY: built-in objects live for ever.
        unsafe {
            let old = uselocale(ptr::from_ref(&UTF8_LOCALE).cast_mut());
            assert_eq!(__ctype_get_mb_cur_max(), 4);
            uselocale(ptr::from_ref(&C_LOCALE).cast_mut());
            assert_eq!(__ctype_get_mb_cur_max(), 1);
            uselocale(old);
        }
    }
}
