//! `hasmntopt`: one option looked up in an entry's comma-separated options.
use core::ffi::{CStr, c_char};
use core::ptr::null_mut;

use limpet_abi::mntent::Mntent;

/// What separates options, and what separates an option's name from its value.
const COMMA: u8 = b',';
const EQUALS: u8 = b'=';

/// The offset in `opts` of the first option that is `opt`, or is `opt` followed by `=`.
pub fn find(opts: &[u8], opt: &[u8]) -> Option<usize> {
    if opt.is_empty() {
        return None;
    }
    let mut start = 0;
    for o in opts.split(|&b| b == COMMA) {
        if o == opt || (o.starts_with(opt) && o[opt.len()] == EQUALS) {
            return Some(start);
        }
        start += o.len() + 1;
    }
    None
}

/// `char *hasmntopt(const struct mntent *m, const char *opt)`—The option `opt` in
/// `m->mnt_opts`: a pointer to where it starts there (`uid=5,ro` for `uid`), or null. An
/// option matches by its whole name, alone or before `=`: `ro` does not match
/// `errors=remount-ro` nor `rw,noro`. musl searches for `opt` as a substring, which finds
/// those; glibc matches whole names, as limpet does. Null for an empty `opt` or a null
/// pointer.
///
/// # Safety
/// `m` must be null or an entry whose `mnt_opts` is null or NUL-terminated; `opt` null or
/// NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn hasmntopt(m: *const Mntent, opt: *const c_char) -> *mut c_char {
    // SAFETY: the caller's `m` is null or an entry.
    let Some(m) = (unsafe { m.as_ref() }) else { return null_mut() };
    if m.mnt_opts.is_null() || opt.is_null() {
        return null_mut();
    }
    // SAFETY: both strings are NUL-terminated, as the caller vouches.
    let (opts, want) = unsafe { (CStr::from_ptr(m.mnt_opts).to_bytes(), CStr::from_ptr(opt).to_bytes()) };
    find(opts, want).map_or(null_mut(), |at| m.mnt_opts.wrapping_add(at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_names_only() {
        let opts = b"rw,noauto,uid=5,ro";
        for (opt, at) in [
            (&b"rw"[..], Some(0)),
            (b"ro", Some(16)),
            (b"noauto", Some(3)),
            (b"uid", Some(10)),
            (b"uid=5", Some(10)),
            (b"uid=6", None),
            (b"no", None),
            (b"auto", None),
            (b"rw,", None),
            (b"", None),
            (b",", None),
            (b"u", None),
        ] {
            assert_eq!(find(opts, opt), at, "{:?}", String::from_utf8_lossy(opt));
        }
        assert_eq!(find(b"errors=remount-ro", b"ro"), None);
        assert_eq!(find(b"errors=remount-ro", b"errors"), Some(0));
        assert_eq!(find(b"", b"rw"), None);
        assert_eq!(find(b"a,,b", b"b"), Some(3));
    }
}
