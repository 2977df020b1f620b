//! `strtok` and `strtok_r`.
use core::ffi::c_char;
use core::ptr::null_mut;
use core::sync::atomic::{AtomicPtr, Ordering::Relaxed};

use crate::strspn::{strcspn, strspn};

/// `strtok_r(s, sep, save)`—Splits a string into tokens separated by runs of bytes from the
/// string `sep`. The first call passes the string as `s`; later calls pass null and continue
/// from `*save`. Each call skips separators, writes a NUL over the separator that ends the
/// token, and returns the token; or returns null when only separators (or nothing) remain.
///
/// # Safety
/// `sep` must be a NUL-terminated string; `s` must be a writable NUL-terminated string, or
/// null with `*save` as left by the previous call on that string (or null); `save` must be
/// valid for reads and writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strtok_r(s: *mut c_char, sep: *const c_char, save: *mut *mut c_char) -> *mut c_char {
    // SAFETY: `s` (or the saved rest) is a string; the spans stay inside it.
    unsafe {
        let mut s = if s.is_null() { *save } else { s };
        if s.is_null() {
            return null_mut();
        }
        s = s.add(strspn(s, sep));
        if *s == 0 {
            *save = null_mut();
            return null_mut();
        }
        let end = s.add(strcspn(s, sep));
        if *end == 0 {
            *save = null_mut();
        } else {
            *end = 0;
            *save = end.add(1);
        }
        s
    }
}

/// Where `strtok` continues. An atomic only to avoid `static mut`: `strtok` is not
/// thread-safe, by its C contract.
static REST: AtomicPtr<c_char> = AtomicPtr::new(null_mut());

/// `strtok(s, sep)`—[`strtok_r`] with its position kept in a static, so only one string can
/// be split at a time, by one thread.
///
/// # Safety
/// As for `strtok_r`, with the saved position being the previous `strtok` call's.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strtok(s: *mut c_char, sep: *const c_char) -> *mut c_char {
    let mut rest = REST.load(Relaxed);
    // SAFETY: the caller's contract is strtok_r's.
    let token = unsafe { strtok_r(s, sep, &mut rest) };
    REST.store(rest, Relaxed);
    token
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;

    fn tokens(text: &str, sep: &CStr) -> Vec<String> {
        let mut buf = text.as_bytes().to_vec();
        buf.push(0);
        let mut save = null_mut();
        let mut out = vec![];
        let mut s = buf.as_mut_ptr().cast();
        loop {
            let t = unsafe { strtok_r(s, sep.as_ptr(), &mut save) };
            if t.is_null() {
                break;
            }
            out.push(unsafe { CStr::from_ptr(t) }.to_str().unwrap().to_string());
            s = null_mut();
        }
        // Once exhausted, it stays exhausted.
        assert!(unsafe { strtok_r(null_mut(), sep.as_ptr(), &mut save) }.is_null());
        out
    }

    #[test]
    fn splits_on_runs_of_separators() {
        assert_eq!(tokens("  a bb,,c ", c" ,"), ["a", "bb", "c"]);
        assert_eq!(tokens("abc", c" "), ["abc"]);
        assert_eq!(tokens("abc", c""), ["abc"]);
        assert!(tokens("", c" ").is_empty());
        assert!(tokens(" ,, ", c" ,").is_empty());
        assert_eq!(tokens("a:b", c":"), ["a", "b"]);
    }

    #[test]
    fn strtok_keeps_its_own_place() {
        let mut buf = *b"one two  three\0";
        unsafe {
            let sep = c" ".as_ptr();
            let t1 = strtok(buf.as_mut_ptr().cast(), sep);
            assert_eq!(CStr::from_ptr(t1), c"one");
            assert_eq!(CStr::from_ptr(strtok(null_mut(), sep)), c"two");
            assert_eq!(CStr::from_ptr(strtok(null_mut(), sep)), c"three");
            assert!(strtok(null_mut(), sep).is_null());
            assert!(strtok(null_mut(), sep).is_null());
        }
    }
}
