//! `wcsdup`.
use crate::imports::malloc;
use crate::wchar_t;
use crate::wcslen::wcslen;
use crate::wmemcpy::wmemcpy;

/// `wcsdup(s)`—Returns a copy of the wide string `s` in memory from `malloc`; or null, with
/// errno set to `ENOMEM` by `malloc`, if none is available.
///
/// # Safety
/// `s` must point to a null-terminated wide string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcsdup(s: *const wchar_t) -> *mut wchar_t {
    // SAFETY: `s` has `units` units; the block, when malloc provides one, holds them.
    unsafe {
        let units = wcslen(s) + 1;
        let p = malloc(units * size_of::<wchar_t>()).cast::<wchar_t>();
        if !p.is_null() {
            wmemcpy(p, s, units);
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    unsafe extern "C" {
        fn free(p: *mut core::ffi::c_void);
    }

    #[test]
    fn copies_into_a_new_block() {
        for len in 0..50 {
            let s: Vec<wchar_t> = (1..=len as wchar_t).chain([0]).collect();
            let p = unsafe { wcsdup(s.as_ptr()) };
            assert!(!p.is_null() && p.cast_const() != s.as_ptr());
            assert_eq!(unsafe { core::slice::from_raw_parts(p, len + 1) }, &s[..]);
            unsafe { free(p.cast()) };
        }
    }
}
