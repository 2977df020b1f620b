//! `crypt` and `crypt_r`: the method is chosen by the setting's prefix, and a failure is
//! musl's failure string.

use core::ffi::{c_char, CStr};

use limpet_abi::crypt::{CryptData, CRYPT_DATA_BUF};
use limpet_abi::errno::EINVAL;
use limpet_syscall::set_errno;

use crate::Out;

/// A method: hashes `key` with `setting` (the whole string the caller gave, prefix
/// included) into `out`; false when the setting is invalid for it.
pub type Method = fn(key: &[u8], setting: &[u8], out: &mut Out) -> bool;

/// The methods by their settings' prefixes, tried in order; the last, with the empty
/// prefix, takes every other setting (traditional DES, whose salt is two characters of
/// the base-64 alphabet).
const METHODS: &[(&[u8], Method)] = &[
    (crate::crypt_yescrypt::PREFIX, crate::crypt_yescrypt::yescrypt),
    (crate::crypt_scrypt::PREFIX, crate::crypt_scrypt::scrypt),
];

/// What a failure returns: `*0`, or `*1` when the setting itself starts with `*0`, so that
/// the result never equals the setting and a failed hash never matches it.
const FAIL: &[u8] = b"*0";
const FAIL_OTHER: &[u8] = b"*1";

/// Hashes into `buf` (NUL-terminated): the method's result, or the failure string with
/// errno EINVAL.
fn hash_into(key: &[u8], setting: &[u8], buf: &mut [c_char; CRYPT_DATA_BUF]) {
    let mut out = Out::new();
    let method = METHODS.iter().find(|(p, _)| setting.starts_with(p)).map(|&(_, m)| m);
    let ok = method.is_some_and(|m| m(key, setting, &mut out));
    let result = if ok {
        out.as_bytes()
    } else {
        out.clear();
        set_errno(EINVAL);
        if setting.starts_with(FAIL) { FAIL_OTHER } else { FAIL }
    };
    for (d, &s) in buf.iter_mut().zip(result) {
        *d = s as c_char;
    }
    buf[result.len()] = 0;
}

/// The bytes of a C string, or `None` for a null pointer.
///
/// # Safety
/// `s` is null or a NUL-terminated string.
unsafe fn bytes<'a>(s: *const c_char) -> Option<&'a [u8]> {
    // SAFETY: the caller's promise.
    (!s.is_null()).then(|| unsafe { CStr::from_ptr(s) }.to_bytes())
}

/// `char *crypt_r(const char *key, const char *setting, struct crypt_data *data)`—Hashes
/// `key` by the method `setting` names, into `data`'s buffer, and returns that buffer. An
/// invalid setting (or a null argument) gives `*0` (`*1` when the setting starts with `*0`)
/// and errno EINVAL; a null `data` returns null with EINVAL.
///
/// # Safety
/// `key` and `setting` are null or NUL-terminated; `data` is null or points to a writable
/// `struct crypt_data`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn crypt_r(key: *const c_char, setting: *const c_char, data: *mut CryptData) -> *mut c_char {
    if data.is_null() {
        set_errno(EINVAL);
        return core::ptr::null_mut();
    }
    // SAFETY: the caller's promises.
    let (key, setting) = unsafe { (bytes(key), bytes(setting)) };
    // SAFETY: `data` points to a writable struct crypt_data, ours until we return.
    let buf = unsafe { &mut (*data).buf };
    match (key, setting) {
        (Some(k), Some(s)) => hash_into(k, s, buf),
        _ => hash_into(b"", FAIL, buf),
    }
    buf.as_mut_ptr()
}

/// The buffer `crypt` returns, shared by every call (as in musl and POSIX: `crypt` is not
/// thread-safe; `crypt_r` is).
static mut STATIC: CryptData = CryptData { initialized: 0, buf: [0; CRYPT_DATA_BUF] };

/// `char *crypt(const char *key, const char *setting)`—`crypt_r` into a static buffer,
/// which the next call overwrites.
///
/// # Safety
/// As `crypt_r`; not to be called by two threads at once.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn crypt(key: *const c_char, setting: *const c_char) -> *mut c_char {
    // SAFETY: the caller's promises; the static buffer is this function's alone.
    unsafe { crypt_r(key, setting, &raw mut STATIC) }
}
