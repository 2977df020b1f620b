//! `getsubopt`: splitting a `-o key=value,key2` style option argument.
use core::ffi::{c_char, c_int};

/// `getsubopt(optionp, keys, valuep)`—Takes the next comma-separated item of `*optionp`
/// (ending it with a NUL and advancing `*optionp` past it) and returns the index of the first
/// of `keys` (a null-terminated list) that it equals, or equals before an `=`; `*valuep` gets
/// the text after the `=`, or NULL. Returns -1 (with `*valuep` NULL, as in musl) when no key
/// matches.
///
/// # Safety
/// `*optionp` must be a writable NUL-terminated string; `keys` a null-terminated array of
/// strings; `valuep` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getsubopt(optionp: *mut *mut c_char, keys: *const *const c_char, valuep: *mut *mut c_char) -> c_int {
    // SAFETY: reads stop at NULs; the comma written over is inside the caller's string.
    unsafe {
        let item = *optionp;
        *valuep = core::ptr::null_mut();
        let mut end = item;
        while *end != 0 && *end != b',' as c_char {
            end = end.add(1);
        }
        if *end == b',' as c_char {
            *end = 0;
            *optionp = end.add(1);
        } else {
            *optionp = end;
        }
        let mut i = 0;
        while !(*keys.add(i)).is_null() {
            let key = *keys.add(i);
            let mut n = 0;
            while *key.add(n) != 0 && *key.add(n) == *item.add(n) {
                n += 1;
            }
            if *key.add(n) == 0 {
                if *item.add(n) == b'=' as c_char {
                    *valuep = item.add(n + 1);
                    return i as c_int;
                }
                if *item.add(n) == 0 {
                    return i as c_int;
                }
            }
            i += 1;
        }
        -1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;

    #[test]
    fn splits_and_matches() {
        let keys = [c"ro".as_ptr(), c"rw".as_ptr(), c"size".as_ptr(), core::ptr::null()];
        let mut buf = *b"rw,size=10,bogus=1,ro,,sizes\0";
        let mut p = buf.as_mut_ptr() as *mut c_char;
        let mut v = core::ptr::null_mut();
        let mut got = Vec::new();
        unsafe {
            while *p != 0 {
                let i = getsubopt(&mut p, keys.as_ptr(), &mut v);
                got.push((i, (!v.is_null()).then(|| CStr::from_ptr(v).to_str().unwrap().to_owned())));
            }
        }
        assert_eq!(
            got,
            [(1, None), (2, Some("10".into())), (-1, None), (0, None), (-1, None), (-1, None)]
        );
    }
}
