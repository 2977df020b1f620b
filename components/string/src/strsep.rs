//! `strsep`.
use core::ffi::c_char;

use crate::strspn::strcspn;

/// `strsep(sp, sep)`—Takes the next field from the string `*sp`: the bytes up to the first
/// byte from the string `sep`. Writes a NUL over that separator and points `*sp` past it,
/// or sets `*sp` to null when the field ends the string. Returns the field's start (the old
/// `*sp`), or null if `*sp` was already null. Unlike `strtok`, empty fields are returned.
///
/// # Safety
/// `sp` must be valid for reads and writes, and `*sp` null or a writable NUL-terminated
/// string; `sep` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strsep(sp: *mut *mut c_char, sep: *const c_char) -> *mut c_char {
    // SAFETY: `*sp` is a string; the span stays inside it.
    unsafe {
        let s = *sp;
        if s.is_null() {
            return s;
        }
        let end = s.add(strcspn(s, sep));
        if *end == 0 {
            *sp = core::ptr::null_mut();
        } else {
            *end = 0;
            *sp = end.add(1);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;

    #[test]
    fn returns_empty_fields_too() {
        let mut buf = *b"a,,b:c\0";
        let mut s: *mut c_char = buf.as_mut_ptr().cast();
        let mut fields = vec![];
        loop {
            let f = unsafe { strsep(&mut s, c",:".as_ptr()) };
            if f.is_null() {
                break;
            }
            fields.push(unsafe { CStr::from_ptr(f) }.to_str().unwrap().to_string());
        }
        assert_eq!(fields, ["a", "", "b", "c"]);
        assert!(s.is_null());
    }
}
