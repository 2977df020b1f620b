//! `wcstok`.
use core::ptr::null_mut;

use crate::wchar_t;
use crate::wcsspn::{wcscspn, wcsspn};

/// `wcstok(s, sep, save)`—Splits a wide string into tokens separated by runs of wide
/// characters from `sep`, like `strtok_r`: the first call passes the string as `s`, later
/// ones null; `*save` keeps the place. Returns the next token, terminated in place, or null
/// when none remains.
///
/// # Safety
/// `sep` must be a null-terminated wide string; `s` a writable one, or null with `*save` as
/// left by the previous call (or null); `save` valid for reads and writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcstok(s: *mut wchar_t, sep: *const wchar_t, save: *mut *mut wchar_t) -> *mut wchar_t {
    // SAFETY: `s` (or the saved rest) is a wide string; the spans stay inside it.
    unsafe {
        let mut s = if s.is_null() { *save } else { s };
        if s.is_null() {
            return null_mut();
        }
        s = s.add(wcsspn(s, sep));
        if *s == 0 {
            *save = null_mut();
            return null_mut();
        }
        let end = s.add(wcscspn(s, sep));
        if *end == 0 {
            *save = null_mut();
        } else {
            *end = 0;
            *save = end.add(1);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_on_runs() {
        let w = |s: &str| s.chars().map(|c| c as wchar_t).chain([0]).collect::<Vec<_>>();
        let mut buf = w("  ab,,\u{100}c ");
        let sep = w(" ,");
        let mut save = null_mut();
        let mut out = vec![];
        let mut s = buf.as_mut_ptr();
        loop {
            let t = unsafe { wcstok(s, sep.as_ptr(), &mut save) };
            if t.is_null() {
                break;
            }
            let len = unsafe { crate::wcslen::wcslen(t) };
            out.push(unsafe { core::slice::from_raw_parts(t, len) }.to_vec());
            s = null_mut();
        }
        assert_eq!(out, vec![w("ab")[..2].to_vec(), w("\u{100}c")[..2].to_vec()]);
    }
}
